"""The docs are tested (issue 51 item 3): every relative link and anchor of README.md and docs/
resolves, by GitHub's anchor rules; every `seigneurs ...` and `./kiosk.sh ...` command that
README.md and docs/kiosk.md show in a shell block is run here as written (headless, in a
scratch HOME), unless it is marked as needing the table (a `# on the table` comment: a screen,
a touch panel, root or systemd); and every flag a command shows there, in a block or inline, is
one its `--help` accepts. Each check is shown once to fail on a broken sample."""

from __future__ import annotations

import io
import os
import re
import shlex
import signal
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from contextlib import redirect_stdout
from functools import cache
from pathlib import Path

import pytest

from seigneurs.cli import main

REPO = Path(__file__).resolve().parent.parent
PAGES = [REPO / "README.md", REPO / "CHANGELOG.md", *sorted((REPO / "docs").glob("*.md"))]
COMMAND_PAGES = [REPO / "README.md", REPO / "docs" / "kiosk.md"]
MARKER = "on the table"
"""A command whose comment begins so needs the table's own hardware or root: not run here."""

FENCE = re.compile(r"^[ \t]*(```|~~~)(.*?)\n(.*?)^[ \t]*\1[ \t]*$", re.M | re.S)
INLINE = re.compile(r"(`+)(.+?)\1", re.S)
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$", re.M)


def prose(text: str) -> str:
    """The text without its code: fenced blocks and inline spans hold no links or headings."""
    return INLINE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its rendered text lower-cased, every character but
    letters, digits, '_', '-' and spaces dropped, each space a hyphen."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    text = text.replace("`", "").replace("*", "").strip().lower()
    kept = "".join(c for c in text if c in "-_ " or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading's anchor, the second of a name suffixed -1, the third -2, as GitHub does."""
    seen: dict[str, int] = {}
    found = set()
    for match in HEADING.finditer(FENCE.sub("", text)):
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def dead_links(page: Path, text: str) -> list[str]:
    """Every relative link of `text` (as if it were `page`) whose file or anchor is missing."""
    dead = []
    for target in LINK.findall(prose(text)):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...: not ours to check
            continue
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        if path and not where.exists():
            dead.append(f"{page.name}: {target}: no {where}")
            continue
        headed = text if not path else where.read_text(encoding="utf-8") if where.suffix == \
            ".md" else ""
        if anchor and anchor not in anchors(headed):
            dead.append(f"{page.name}: {target}: no heading #{anchor} in {where.name}")
    return dead


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_and_anchor_resolves(page: Path) -> None:
    assert dead_links(page, page.read_text(encoding="utf-8")) == []


def test_a_dead_link_and_a_dead_anchor_are_caught() -> None:
    sample = ("# Top\n\n## The adults' corner, admin PIN\n\nSee [the corner](#the-adults-corner-"
              "admin-pin), [gone](docs/nowhere.md), [no such part](docs/kiosk.md#nowhere) and "
              "[kiosk](docs/kiosk.md#exit-codes); `[in code](nowhere.md)` is no link.\n"
              "```\n[in a block](nowhere.md)\n```\n")
    dead = dead_links(REPO / "README.md", sample)
    assert len(dead) == 2, dead
    assert "docs/nowhere.md" in dead[0] and "no heading #nowhere in kiosk.md" in dead[1]


def test_github_anchors_are_made_as_github_makes_them() -> None:
    text = ("# TUIO 1.1 and 2.0 trackers\n## When a tracker dies, restarts\n## `seigneurs` "
            "à l'école\n## Notes\n## Notes\n```\n# not a heading\n```\n")
    assert anchors(text) == {"tuio-11-and-20-trackers", "when-a-tracker-dies-restarts",
                             "seigneurs-à-lécole", "notes", "notes-1"}


# The commands.

def shell_lines(text: str) -> Iterator[tuple[str, str]]:
    """Each command line of the page's shell blocks (continuations joined), with its comment."""
    for match in FENCE.finditer(text):
        if match.group(2).strip() not in ("sh", "bash", "console", "shell"):
            continue
        for line in match.group(3).replace("\\\n", " ").splitlines():
            command, _, comment = line.partition(" #")
            if command.strip():
                yield command.strip(), comment.strip()


def words(command: str) -> list[str]:
    """The command's words from the program on: no sudo, no VAR=value, no redirection."""
    found: list[str] = []
    plain = re.sub(r"\$\([^)]*\)", "X", command)  # $(mktemp -d): one word
    for word in shlex.split(plain.split(">")[0].split("|")[0]):
        if not found and (word == "sudo" or re.match(r"^[A-Z_]+=", word)):
            continue
        found.append(word)
    return found


def ours(command: str) -> bool:
    """Whether the line runs `seigneurs` or `kiosk.sh` (other lines are the system's)."""
    first = words(command)[:1]
    return bool(first) and (first[0].endswith(("seigneurs", "kiosk.sh")))


@cache
def helps(*argv: str) -> str:
    """What `seigneurs ARGV --help` prints."""
    out = io.StringIO()
    with redirect_stdout(out), pytest.raises(SystemExit) as stop:
        main([*argv, "--help"])
    assert stop.value.code == 0, argv
    return out.getvalue()


KIOSK_OWN = ("test", "setup", "install", "uninstall", "doctor", "session")
"""kiosk.sh's own commands; the other words go to `seigneurs play`."""


def unknown_flags(command: str) -> list[str]:
    """The flags `command` shows that its `--help` (or kiosk.sh's own parser) does not know."""
    argv = words(command)
    if not argv:
        return []
    program, rest = argv[0], argv[1:]
    if program.endswith("kiosk.sh"):
        own = rest[0] if rest and rest[0] in KIOSK_OWN else ""
        if own in ("doctor",):
            help_text = helps("doctor")
        elif own in ("", "session"):
            help_text = helps("play")
        else:
            help_text = (REPO / "kiosk.sh").read_text()  # install --user: its own parser
        flags = [w for w in rest if w.startswith("--")]
    else:
        sub = [w for w in rest if not w.startswith("-")][:1]
        if not sub or "|" in sub[0]:
            sub = [w.split("|")[0] for w in rest[:1]]
        help_text = helps(*sub) if sub else helps()
        flags = [w for w in rest if w.startswith("--")]
    return [flag for flag in flags
            if not re.search(rf"(?<![\w-]){re.escape(flag.split('=')[0])}(?![\w-])", help_text)]


def shown_commands(page: Path) -> list[str]:
    """Every command of ours the page shows: in its shell blocks, and inline in its prose."""
    text = page.read_text(encoding="utf-8")
    block = [command for command, _ in shell_lines(text) if ours(command)]
    inline = [span.strip() for _, span in INLINE.findall(FENCE.sub("", text))
              if re.match(r"^(sudo )?(\./kiosk\.sh|seigneurs)( |$)", span.strip())]
    return block + inline


@pytest.mark.parametrize("page", COMMAND_PAGES, ids=lambda page: page.name)
def test_every_flag_a_command_shows_is_one_its_help_accepts(page: Path) -> None:
    commands = shown_commands(page)
    assert len(commands) >= 10, commands  # the pages show commands: the parsing found them
    assert [(c, unknown_flags(c)) for c in commands if unknown_flags(c)] == []


def test_an_unknown_flag_is_caught() -> None:
    assert unknown_flags("seigneurs play --window 1280x720 --no-such-flag") == ["--no-such-flag"]
    assert unknown_flags("./kiosk.sh --variant kids --colour red") == ["--colour"]
    assert unknown_flags("./kiosk.sh doctor --user table") == []
    assert unknown_flags("sudo ./kiosk.sh install --user table --force") == ["--force"]
    assert unknown_flags("seigneurs config check --pin 1234 --strict") == ["--strict"]


def to_run(page: Path) -> list[str]:
    """The page's commands of ours that are not marked as needing the table."""
    return [command for command, comment in shell_lines(page.read_text(encoding="utf-8"))
            if ours(command) and not comment.startswith(MARKER) and command not in RUN_BY_CI]


def test_the_marker_is_what_keeps_a_command_from_running() -> None:
    sample = ("```sh\nseigneurs history            # in the scratch home\n"
              "seigneurs touch-test          # on the table: a panel\n"
              "sudo apt install git          # the system's\n```\n")
    assert [c for c, k in shell_lines(sample) if ours(c) and not k.startswith(MARKER)] == \
        ["seigneurs history"]
    assert to_run(REPO / "README.md") and to_run(REPO / "docs" / "kiosk.md")


RUN_BY_CI = {"./kiosk.sh test": ".ci/run"}
"""Commands the suite cannot run inside itself, and the file that runs each as written."""


def test_the_test_command_is_what_ci_runs() -> None:
    for command, runner in RUN_BY_CI.items():
        assert command in (REPO / "README.md").read_text()
        assert command in (REPO / runner).read_text().splitlines()


def run_in_own_group(line: str, work: Path,
                     env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run a page's command in a process group of its own, so a command that never ends (a
    game started by mistake) is ended whole at the time-out instead of left running."""
    with subprocess.Popen(["bash", "-c", line], cwd=work, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, start_new_session=True) as child:
        try:
            out, err = child.communicate(timeout=300)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
            raise
    return subprocess.CompletedProcess(child.args, child.returncode, out, err)


MAY_FAIL = {"doctor": (0, 1)}
"""The doctor exits 1 in a scratch home (the admin PIN is the default, no panel, no service)."""


@pytest.mark.parametrize("page", COMMAND_PAGES, ids=lambda page: page.name)
def test_every_command_not_marked_runs_as_written(page: Path, tmp_path: Path) -> None:
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    seigneurs = Path(sys.executable).with_name("seigneurs")
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "XDG_DATA_HOME": str(home / ".local" / "share"), "ARCADE_HEADLESS": "1",
           "PATH": f"{seigneurs.parent}:{os.environ['PATH']}",
           "SEIGNEURS_COMMAND": str(seigneurs)}  # kiosk.sh runs the game it is given
    for command in to_run(page):
        line = re.sub(r"(^|\s)\./kiosk\.sh", rf"\1{REPO}/kiosk.sh", command)
        line = re.sub(r"(^|\s)\.venv/bin/seigneurs", rf"\1{seigneurs}", line)
        ran = run_in_own_group(line, work, env)
        allowed = next((codes for word, codes in MAY_FAIL.items() if word in words(command)),
                       (0,))
        assert ran.returncode in allowed, (command, ran.stdout[-2000:], ran.stderr[-2000:])
        assert "Traceback" not in ran.stderr, (command, ran.stderr[-2000:])
