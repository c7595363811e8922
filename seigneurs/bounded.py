"""Reading a file with a size limit: the one way the table reads what it keeps or is given
(the configuration, the journal, the history, touch recordings, card pictures and sounds).

A file swapped for a link to /dev/zero, a FIFO or a 10 GB log would otherwise be read to the
end, filling the memory before anything could say what was wrong. Here it is refused at once,
with one line that names the file, what it should have been and the limit, as an OSError, so
every caller's existing "this file cannot be read" path takes it.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

KIB = 1024
MIB = 1024 * KIB
GIB = 1024 * MIB
ASSET_LIMIT = 16 * MIB
"""The largest card picture or sound read (the 2160p faces are about 60 KB each)."""


class Refused(OSError):
    """A file not read: not a regular file, or larger than its limit."""


def _size(count: int) -> str:
    for unit, scale in (("GiB", GIB), ("MiB", MIB), ("KiB", KIB)):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{count} bytes"


def check_file(path: Path, limit: int, what: str) -> int:
    """The size of the regular file at `path` (links followed), or Refused: not a regular file
    (a device, a FIFO, a folder) or more than `limit` bytes. Other OSErrors pass as they are."""
    info = path.stat()
    if stat.S_ISDIR(info.st_mode):
        raise Refused(errno.EISDIR, f"{what} is a folder, not a file", str(path))
    if not stat.S_ISREG(info.st_mode):
        raise Refused(errno.EINVAL, f"{what} is not a regular file (a device or a pipe?)",
                      str(path))
    if info.st_size > limit:
        raise Refused(errno.EFBIG, f"{what} is {_size(info.st_size)}, more than the "
                      f"{_size(limit)} it may be", str(path))
    return info.st_size


def read_bytes(path: Path, limit: int, what: str) -> bytes:
    """The whole file, at most `limit` bytes; Refused (an OSError) otherwise. Opened without
    blocking (a FIFO put in a file's place never stalls the table) and read no further than
    the limit, so a file that grows while read is refused too."""
    check_file(path, limit, what)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped between the look and the open
            raise Refused(errno.EINVAL, f"{what} is not a regular file", str(path))
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(MIB, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    finally:
        os.close(fd)
    if got > limit:
        raise Refused(errno.EFBIG, f"{what} grew past the {_size(limit)} it may be", str(path))
    return b"".join(chunks)


def read_text(path: Path, limit: int, what: str, encoding: str = "utf-8") -> str:
    """`read_bytes`, decoded (UnicodeDecodeError as Python's own)."""
    return read_bytes(path, limit, what).decode(encoding)


def shown(value: object, limit: int = 60) -> str:
    """A value echoed back to an adult (`config check`, the log): its repr, cut to `limit`
    characters with how long it really was, so a 50 MB value is one short line."""
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"
