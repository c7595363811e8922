"""Every bad argument is one line, never a traceback or a riddle (issue 17 item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from seigneurs.cli import main


def one_line(capsys: pytest.CaptureFixture[str], argv: list[str], code: int = 2) -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    captured = capsys.readouterr()
    assert stop.value.code == code, captured.err
    lines = captured.err.splitlines()
    assert len(lines) == 1 and captured.out == "", captured.err
    return lines[0]


@pytest.mark.parametrize("argv, says", [
    (["screenshot", "lobby", "--out", "noext"], "needs a file name ending in .png"),
    (["screenshot", "lobby", "--out", "/nonexistent/dir/x.png"],
     "the folder '/nonexistent/dir' does not exist"),
    (["screenshot", "lobby", "--out", "x.png", "--diagonal", "9"],
     "9 inches: from 10 to 200, as diagonal_inches"),
    (["record-game", "--out", "game.png"], "needs a file name ending in .gif"),
    (["play", "--tuio", "nothost"], "expected an address HOST:PORT"),
    (["touch-test", "--tuio", "127.0.0.1:99999"], "expected an address HOST:PORT"),
    (["play", "--players", "99", "--bots", "50"], "--players and --bots go with --variant"),
    (["play", "--variant", "duo", "--players", "3"], "duo is for exactly 2 players, not 3"),
    (["play", "--variant", "kids", "--players", "0"], "kids is for 2 to 6 players, not 0"),
    (["simulate", "--players", "1"], "lords is for 2 to 6 players, not 1"),
    (["crowd", "--variant", "kings", "--players", "7"], "kings is for 2 to 6 players"),
    (["play", "--window", "big"], "expected WIDTHxHEIGHT such as 1280x720"),
    (["play", "--input", "tuio,joystick"], "--input takes auto or a list of"),
    (["history", "--since", "yesterday"], "--since takes a date"),
    (["touch-replay", "no-such-recording"], "no recording 'no-such-recording'"),
    (["nope"], "invalid choice: 'nope'"),
])
def test_a_bad_argument_is_one_line_naming_what_was_expected(
        capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    line = one_line(capsys, argv)
    assert says in line and line.startswith("seigneurs"), line
    assert "--help" in line  # where to read more


def test_nothing_is_made_for_a_refused_output(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    one_line(capsys, ["screenshot", "lobby", "--out", str(tmp_path / "new" / "x.png")])
    assert not (tmp_path / "new").exists()  # it used to make the folder silently


def test_a_file_that_cannot_be_written_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line(capsys, ["screenshot", "lobby", "--out", "/proc/x.png", "--size",
                             "320x240"], code=1)
    assert line.startswith("seigneurs screenshot: error: cannot write /proc/x.png")
    line = one_line(capsys, ["write-unit", "--repo", ".", "--user", "table", "--out",
                             "/proc/seigneurs.service"], code=1)
    assert line.startswith("seigneurs write-unit: error: cannot write /proc/seigneurs.service")


def test_version_and_a_top_level_help_for_a_person_installing_a_table(
        capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out == f"seigneurs {version('seigneurs')}\n"
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    assert "parser" not in text and "runner" not in text
    for words in ("seigneurs doctor", "seigneurs touch-test", "seigneurs config check",
                  "kiosk"):
        assert words in text
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "how well the bots play" in capsys.readouterr().out  # --level, explained


def test_config_check_without_a_file_says_defaults_and_succeeds(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh machine: no file is a valid state, not "1 problem(s)"."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert main(["config", "check"]) == 0
    out = capsys.readouterr().out
    assert out == (f"no file at {tmp_path / 'seigneurs' / 'config.toml'}: the table runs on "
                   "the defaults (seigneurs config example prints them)\n")
    assert main(["config", "check", str(tmp_path / "named.toml")]) == 1  # named, so missing
    assert "no such file" in capsys.readouterr().out
