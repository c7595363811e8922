"""A strict, fast reader of OSC 1.0 packets (messages and nested bundles).

TUIO trackers send a bundle of a dozen messages per frame, many frames a second; python-osc's
general parser costs ~190 us a bundle here, this one a small fraction of that, because a
message whose arguments are all ints and floats (every TUIO 2 `ptr`), or one string and then
only those (every TUIO 1.1 `set`, `alive`, `fseq`), is unpacked by one precompiled struct per
type-tag string. Anything malformed raises `OscError`.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from typing import Any

Message = tuple[str, str, tuple[Any, ...]]
"""(address, type tags without the comma, arguments): the tags say the arguments' types."""
_BUNDLE = b"#bundle\x00"
_INT = struct.Struct(">i")
_FIXED = {"i": "i", "f": "f", "h": "q", "d": "d", "t": "Q", "c": "i", "r": "I", "m": "I"}
_NO_DATA = {"T": True, "F": False, "N": None, "I": float("inf")}


class OscError(ValueError):
    """The bytes are not a well-formed OSC packet."""


@lru_cache(maxsize=256)
def _struct_for(tags: str) -> struct.Struct | None:
    """One struct for a type-tag string made only of fixed-size types, else None."""
    if all(tag in _FIXED for tag in tags):
        return struct.Struct(">" + "".join(_FIXED[tag] for tag in tags))
    return None


def _string(data: bytes, pos: int, stop: int) -> tuple[str, int]:
    end = data.find(b"\x00", pos, stop)
    if end < 0:
        raise OscError("unterminated OSC string")
    try:
        text = data[pos:end].decode("utf-8")
    except UnicodeDecodeError:
        raise OscError("OSC string is not UTF-8") from None
    return text, pos + ((end - pos) // 4 + 1) * 4


_HEADERS: dict[bytes, tuple[str, str, struct.Struct | None, bool]] = {}
"""Raw address+tags bytes -> (address, tags, struct of the fixed-size arguments or None, whether
a string comes first): TUIO repeats a handful of headers endlessly, so each is decoded once."""


def _message(data: bytes, start: int, stop: int) -> Message:
    """The message in data[start:stop] (read in place, no copy)."""
    if (stop - start) % 4 or data[start:start + 1] != b"/":
        raise OscError("not an OSC message (no '/' address, or not 4-byte aligned)")
    end = data.find(b"\x00", start, stop)
    if end < 0:
        raise OscError("unterminated OSC address")
    tags_at = start + ((end - start) // 4 + 1) * 4
    end = data.find(b"\x00", tags_at, stop) if tags_at < stop else tags_at
    if end < 0:
        raise OscError("unterminated OSC type tags")
    args_at = end + 4 - (end - tags_at) % 4 if tags_at < stop else tags_at
    header = data[start:args_at]
    known = _HEADERS.get(header)
    if known is None:
        address, _ = _string(data, start, stop)
        tags = ""
        if tags_at < stop:
            tags, _ = _string(data, tags_at, stop)
            if not tags.startswith(","):
                raise OscError("OSC type tags must start with ','")
            tags = tags[1:]
        lead = tags[:1] == "s" and _struct_for(tags[1:]) is not None
        known = (address, tags, _struct_for(tags[1:] if lead else tags), lead)
        if len(_HEADERS) < 1024:
            _HEADERS[header] = known
    address, tags, fixed, lead = known
    if fixed is None:
        return address, tags, _general(data, args_at, stop, tags)
    if lead:
        text, args_at = _string(data, args_at, stop)
        if args_at + fixed.size > stop:
            raise OscError("OSC message shorter than its type tags")
        return address, tags, (text, *fixed.unpack_from(data, args_at))
    if args_at + fixed.size > stop:
        raise OscError("OSC message shorter than its type tags")
    return address, tags, fixed.unpack_from(data, args_at)


def _general(data: bytes, pos: int, stop: int, tags: str) -> tuple[Any, ...]:
    """Arguments of any OSC 1.0 types, one by one."""
    args: list[Any] = []
    for tag in tags:
        if tag in _NO_DATA:
            args.append(_NO_DATA[tag])
        elif tag == "s" or tag == "S":
            text, pos = _string(data, pos, stop)
            args.append(text)
        elif tag == "b":
            if pos + 4 > stop:
                raise OscError("OSC blob without a size")
            (size,) = _INT.unpack_from(data, pos)
            if size < 0 or pos + 4 + size > stop:
                raise OscError("OSC blob overruns the packet")
            args.append(data[pos + 4:pos + 4 + size])
            pos += 4 + (size + 3) // 4 * 4
        elif tag in _FIXED:
            one = _struct_for(tag)
            assert one is not None
            if pos + one.size > stop:
                raise OscError("OSC message shorter than its type tags")
            args.append(one.unpack_from(data, pos)[0])
            pos += one.size
        else:
            raise OscError(f"unknown OSC type tag {tag!r}")
    return tuple(args)


def parse_packet(data: bytes) -> list[Message]:
    """Every message in a packet, bundles flattened in order."""
    messages: list[Message] = []
    _element(data, 0, len(data), 0, messages)
    return messages


def _element(data: bytes, start: int, stop: int, depth: int, out: list[Message]) -> None:
    if data.startswith(_BUNDLE, start):
        if depth > 8:
            raise OscError("OSC bundles nested too deep")
        if stop - start < 16:
            raise OscError("OSC bundle without a time tag")
        pos = start + 16
        while pos < stop:
            if pos + 4 > stop:
                raise OscError("OSC bundle element without a size")
            (size,) = _INT.unpack_from(data, pos)
            if size <= 0 or size % 4 or pos + 4 + size > stop:
                raise OscError("OSC bundle element size is wrong")
            if data[pos + 4:pos + 5] == b"/":
                out.append(_message(data, pos + 4, pos + 4 + size))
            else:
                _element(data, pos + 4, pos + 4 + size, depth + 1, out)
            pos += 4 + size
        return
    out.append(_message(data, start, stop))
