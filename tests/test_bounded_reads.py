"""Every file the table reads is read with a size limit and refused in one clear line (issue 28
item 2): a link to /dev/zero, a FIFO, a folder or a huge file in the place of the journal, the
history, the configuration, a touch recording or a card picture. Real files, no mocks; the
huge ones are sparse, so they cost no disk."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from seigneurs.bounded import GIB, MIB, Refused, read_bytes, read_text, shown
from seigneurs.input.evemu import read_evemu
from seigneurs.kiosk.history import HISTORY_FILE, listing, open_history
from seigneurs.kiosk.journal import CURRENT
from seigneurs.kiosk.keeper import GameRecords
from seigneurs.kiosk.trouble import Kind, Part

NOW = datetime(2026, 11, 24, 9, 0, tzinfo=UTC)


def sparse(path: Path, size: int) -> Path:
    """A file of `size` bytes that takes no room on the disk."""
    with path.open("wb") as out:
        out.truncate(size)
    return path


def zero_link(path: Path) -> Path:
    path.symlink_to("/dev/zero")
    return path


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_the_helper_refuses_a_device_a_fifo_a_folder_and_a_giant(tmp_path: Path) -> None:
    before = peak_rss_mib()
    with pytest.raises(Refused, match="not a regular file"):
        read_bytes(zero_link(tmp_path / "zero"), MIB, "the thing")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(Refused, match="not a regular file"):
        read_bytes(fifo, MIB, "the thing")  # never blocks waiting for a writer
    with pytest.raises(Refused, match="is a folder"):
        read_bytes(tmp_path, MIB, "the thing")
    with pytest.raises(Refused, match=r"the thing is 3\.0 GiB, more than the 1\.0 MiB"):
        read_bytes(sparse(tmp_path / "big", 3 * GIB), MIB, "the thing")
    assert peak_rss_mib() - before < 50  # nothing of it was read
    (tmp_path / "small").write_bytes(b"x" * MIB)
    assert read_bytes(tmp_path / "small", MIB, "the thing") == b"x" * MIB  # the limit is in
    assert read_text(tmp_path / "small", MIB, "the thing") == "x" * MIB
    with pytest.raises(OSError) as caught:  # every caller's "cannot be read" path takes it
        read_bytes(tmp_path / "big", MIB, "the thing")
    assert str(tmp_path / "big") in str(caught.value)


def test_a_value_echoed_back_is_one_short_line() -> None:
    assert shown("482913") == "'482913'"
    long = shown("9" * 50_000_000)
    assert len(long) < 120 and long.endswith("(50000002 characters)")


def test_a_journal_linked_to_dev_zero_is_set_aside_at_once(tmp_path: Path) -> None:
    before = peak_rss_mib()
    zero_link(tmp_path / CURRENT)
    records = GameRecords(tmp_path, clock=lambda: NOW)
    try:
        (trouble,) = records.troubles
        assert (trouble.part, trouble.kind) == (Part.JOURNAL, Kind.BROKEN)
        assert "not a regular file" in trouble.line() and "\n" not in trouble.line()
        assert trouble.moved_to is not None and trouble.moved_to.is_symlink()  # kept, renamed
        assert not (tmp_path / CURRENT).exists() and not records.resumable()
    finally:
        records.close()
    assert peak_rss_mib() - before < 50


def test_a_huge_journal_is_refused_not_read(tmp_path: Path) -> None:
    sparse(tmp_path / CURRENT, 20 * GIB)
    records = GameRecords(tmp_path, clock=lambda: NOW)
    try:
        (trouble,) = records.troubles
        assert trouble.kind is Kind.BROKEN and "20.0 GiB, more than the 16.0 MiB" in trouble.line()
    finally:
        records.close()


@pytest.mark.parametrize("scene", ["dev-zero", "folder"])
def test_a_history_that_is_not_a_file_is_set_aside_and_a_new_one_begun(
        tmp_path: Path, scene: str) -> None:
    path = tmp_path / HISTORY_FILE
    if scene == "dev-zero":
        zero_link(path)
    else:
        path.mkdir()
    records, notes = listing(path)
    assert records is None and len(notes) == 1 and "keeps it aside" in notes[0]
    history, trouble = open_history(path, NOW)
    assert history is not None and trouble is not None and trouble.kind is Kind.BROKEN
    assert trouble.moved_to is not None and (trouble.moved_to.is_symlink()
                                             or trouble.moved_to.is_dir())
    assert history.games() == [] and path.is_file()
    history.close()


def run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CONFIG_HOME": str(home / "config"),
           "XDG_DATA_HOME": str(home / "data")}
    return subprocess.run([sys.executable, "-m", "seigneurs", *args], capture_output=True,
                          text=True, check=False, env=env, timeout=120)


def test_config_check_of_dev_zero_and_of_a_50_mb_file_is_one_line(tmp_path: Path) -> None:
    done = run("config", "check", "/dev/zero", home=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "not a regular file" in done.stdout and len(done.stdout.splitlines()) == 2
    big = tmp_path / "config.toml"
    big.write_text('[kiosk]\nadmin_pin = "' + "1" * (50 * 1000 * 1000) + '"\n')
    done = run("config", "check", str(big), home=tmp_path)
    assert done.returncode == 1 and "more than the 1.0 MiB it may be" in done.stdout
    assert len(done.stdout) < 600


def test_config_check_cuts_a_long_value_and_a_long_key(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[kiosk]\nadmin_pin = "' + "1" * 500_000 + '"\n' + "k" * 300_000 + " = 1\n")
    done = run("config", "check", str(path), home=tmp_path)
    assert done.returncode == 1 and "(500002 characters)" in done.stdout
    assert "(300002 characters)" in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) < 400


def test_history_command_on_a_history_linked_to_dev_zero_says_so(tmp_path: Path) -> None:
    (tmp_path / "data" / "seigneurs").mkdir(parents=True)
    zero_link(tmp_path / "data" / "seigneurs" / HISTORY_FILE)
    done = run("history", home=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "not a regular file" in done.stderr and len(done.stderr.splitlines()) == 1


def test_a_giant_touch_recording_and_card_picture_are_refused(tmp_path: Path) -> None:
    with pytest.raises(Refused, match=r"a touch recording is 1\.0 GiB"):
        read_evemu(sparse(tmp_path / "giant.events", GIB))
    from seigneurs.art.sounds import read_wav

    with pytest.raises(Refused, match="a sound is not a regular file"):
        read_wav(zero_link(tmp_path / "win.wav"))


def test_the_table_starts_with_its_journal_linked_to_dev_zero(tmp_path: Path) -> None:
    """The real table, headless, under a 3 GiB address-space limit: it used to read /dev/zero
    until the memory ran out; now its first frame comes and the log says why in one line."""
    data = tmp_path / "data" / "seigneurs"
    data.mkdir(parents=True)
    zero_link(data / CURRENT)
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)); "
            "from seigneurs.cli import main; "
            "sys.exit(main(['play', '--window', '640x360', '--first-frame', '--input', "
            "'mouse']))")
    env = {**os.environ, "ARCADE_HEADLESS": "1", "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, env=env, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "MemoryError" not in done.stderr and "Traceback" not in done.stderr
    said = [line for line in done.stderr.splitlines() if "current-game.jsonl" in line]
    assert len(said) == 1 and "not a regular file" in said[0]
    assert not (data / CURRENT).exists()
