"""kiosk.sh restarts only what a restart can fix (issue 17 item 2), and the kiosk session
really runs under cage on a headless wlroots, as a user that is not root (item 3)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from kiosk_scenes import REPO, _session_env, fake_dpkg, fake_game


def kiosk(tmp_path: Path, body: str, *args: str, **env: str) -> tuple[
        subprocess.CompletedProcess[str], int]:
    counter, fake = fake_game(tmp_path, body)
    full = {k: v for k, v in os.environ.items() if k != "SEIGNEURS_SESSION"}
    full.update(SEIGNEURS_COMMAND=str(fake), SEIGNEURS_RESTART_DELAY="0", SEIGNEURS_REST="0",
                XDG_DATA_HOME=str(tmp_path / "data"), **env)  # the restart notes go there
    result = subprocess.run([str(REPO / "kiosk.sh"), *args], env=full, capture_output=True,
                            text=True, timeout=120)
    return result, int(counter.read_text())


@pytest.mark.parametrize("code", [2, 64, 78])
def test_a_usage_or_configuration_error_stops_with_the_games_message(
        tmp_path: Path, code: int) -> None:
    """`./kiosk.sh --variant nope` printed its usage error, then restarted it for ever."""
    result, runs = kiosk(tmp_path, f'echo "seigneurs play: error: no such variant" >&2; '
                                   f"exit {code}", "--variant", "nope")
    assert result.returncode == code and runs == 1
    lines = result.stderr.splitlines()
    assert lines[0] == "seigneurs play: error: no such variant"
    assert f"refused its arguments or configuration (code {code}" in lines[1]
    assert "restarting in" not in result.stderr


def test_no_opengl_is_told_as_a_driver_to_install_not_a_refused_configuration(
        tmp_path: Path) -> None:
    """Issue 27: `play`'s exit 71 (neither OpenGL, or a Pi without ES 3.1) was logged as "the
    game refused its arguments or configuration", sending the adult to the wrong file."""
    result, runs = kiosk(tmp_path, 'echo "seigneurs play: error: no OpenGL" >&2; exit 71')
    assert result.returncode == 71 and runs == 1
    assert "found no OpenGL to draw with (a graphics driver to install) (code 71" in \
        result.stderr
    assert "refused its arguments" not in result.stderr
    session, runs = kiosk(tmp_path, "(( n < 3 )) && exit 71; exit 0", SEIGNEURS_SESSION="1")
    assert session.returncode == 0
    assert "found no OpenGL to draw with" in session.stderr and "rests 0 s" in session.stderr


def test_the_boot_session_rests_after_a_usage_error_instead_of_stopping(
        tmp_path: Path) -> None:
    """In the boot session stopping would only make systemd start it again at once."""
    result, runs = kiosk(tmp_path, "(( n < 2 )) && exit 78; exit 0", SEIGNEURS_SESSION="1")
    assert result.returncode == 0 and runs == 2
    assert "the boot session rests 0 s, then tries again" in result.stderr


def test_a_crash_loop_rests_then_tries_again(tmp_path: Path) -> None:
    """Five crashes within two minutes: logged as a crash loop, a rest (injected: 0 s), the
    back-off starts over; a crash is still restarted (and a signal is a crash)."""
    result, runs = kiosk(tmp_path, "(( n == 3 )) && kill -9 $$; (( n < 7 )) && exit 1; exit 0")
    assert result.returncode == 0 and runs == 7
    log = result.stderr
    assert log.count("a crash loop; resting 0 s before trying again") == 1
    assert log.index("crash loop") > log.index("stopped with code 137; restarting")
    assert log.count("restarting in") == 5  # crashes 1-4, then 6 after the rest
    assert "the game ended normally" in log


def install(tmp_path: Path, *args: str, path: str | None = None,
            sudo_user: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SEIGNEURS_UNIT_DIR": str(tmp_path), "SEIGNEURS_NO_SYSTEM": "1",
           "SEIGNEURS_CONFIG": str(tmp_path / "config.toml"), "SUDO_USER": sudo_user,
           "PATH": path or fake_dpkg(tmp_path, None)}
    return subprocess.run([str(REPO / "kiosk.sh"), "install", *args], env=env,
                          capture_output=True, text=True, timeout=600)


def test_install_refuses_to_run_the_table_as_root(tmp_path: Path) -> None:
    """It wrote User=root, which cage refuses ("Unable to drop root")."""
    for args, sudo_user in [((), ""), ((), "root"), (("--user", "root"), "")]:
        result = install(tmp_path, *args, sudo_user=sudo_user)
        assert result.returncode == 64 and result.stdout == ""
        assert "must not run as root" in result.stderr
        assert "sudo ./kiosk.sh install --user table" in result.stderr
    assert not (tmp_path / "seigneurs.service").exists()
    made = install(tmp_path, "--user", "nobody")
    assert made.returncode == 0, made.stderr
    assert "User=nobody" in (tmp_path / "seigneurs.service").read_text()


def test_install_names_every_missing_debian_package(tmp_path: Path) -> None:
    result = install(tmp_path, "--user", "nobody",
                     path=fake_dpkg(tmp_path, {"libegl1", "libfreetype6", "libfontconfig1"}))
    assert result.returncode == 69 and not (tmp_path / "seigneurs.service").exists()
    (line,) = result.stderr.splitlines()
    wanted = "cage xwayland libgl1 libgl1-mesa-dri libopenal1"
    assert f"lacks Debian packages the game needs: {wanted}. Install them with: " in line
    assert (f"./kiosk.sh setup kiosk   (that is: apt-get install {wanted})" in line
            if os.geteuid() == 0 else f"apt install {wanted}" in line)
    assert line.endswith("Nothing was changed.")


def bare_checkout(tmp_path: Path) -> Path:
    """kiosk.sh and pyproject.toml alone in a folder: what a command makes there is seen."""
    folder = tmp_path / "checkout"
    folder.mkdir()
    for name in ("kiosk.sh", "pyproject.toml"):
        shutil.copy2(REPO / name, folder / name)
    return folder


@pytest.mark.parametrize(("command", "wanted"), [
    ((), "libgl1 libegl1 libgl1-mesa-dri libfreetype6 libfontconfig1 libopenal1"),
    (("test",), "libgl1 libegl1 libgl1-mesa-dri libfreetype6 libfontconfig1")])
def test_the_two_commands_stop_before_making_anything_naming_every_missing_package(
        tmp_path: Path, command: tuple[str, ...], wanted: str) -> None:
    """Issue 24: on a stock Debian the first command stopped half-way with pip's or a
    compiler's error; now it names the packages (the tests need no sound) and makes nothing."""
    line = refused_before_making_anything(bare_checkout(tmp_path), command,
                                          fake_dpkg(tmp_path, set()))
    assert f"lacks Debian packages the game needs: {wanted}. Install them with: " in line


def refused_before_making_anything(folder: Path, command: tuple[str, ...], path: str) -> str:
    """Run kiosk.sh `command` in `folder` with `path`; it must stop (69) having made nothing
    and said one line on stderr, which is returned."""
    env = {**os.environ, "PATH": path}
    env.pop("SEIGNEURS_COMMAND", None)
    result = subprocess.run([str(folder / "kiosk.sh"), *command], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 69 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert sorted(p.name for p in folder.iterdir()) == ["kiosk.sh", "pyproject.toml"]
    return line


def fake_machine(path: str, machine: str) -> str:
    """`path` with a `uname` in front of it that names `machine` as the processor."""
    folder = Path(path.split(":", 1)[0])
    (folder / "uname").write_text(f"""#!/usr/bin/env bash
if [[ "$1" == -m ]]; then echo {machine}; else exec /usr/bin/uname "$@"; fi
""")
    (folder / "uname").chmod(0o755)
    return path


@pytest.mark.parametrize(("machine", "command", "wanted"), [
    ("aarch64", (), "libgl1 libopenal1 gcc python3-dev"),
    ("armv7l", ("test",), "libgl1 gcc python3-dev"),
    ("aarch64", ("doctor",), "gcc python3-dev"),
    ("x86_64", (), "libgl1 libopenal1")])
def test_where_pymunk_has_no_wheel_the_one_line_names_the_compiler_too(
        tmp_path: Path, machine: str, command: tuple[str, ...], wanted: str) -> None:
    """Issue 27 item 2: pymunk 6.9 (Arcade's pin) has no wheel for a Raspberry Pi's processor,
    so pip compiles it there; kiosk.sh named only the graphics and sound, and the install
    failed with a compiler's error, then said to run the same command again."""
    installed = {"libegl1", "libgl1-mesa-dri", "libfreetype6", "libfontconfig1"}
    line = refused_before_making_anything(bare_checkout(tmp_path), command,
                                          fake_machine(fake_dpkg(tmp_path, installed), machine))
    assert f"lacks Debian packages the game needs: {wanted}. Install them with: " in line


def fake_venv(folder: Path, has_pymunk: bool) -> None:
    """A .venv in `folder` whose python has pip (every other command of it succeeds, a pip
    install too) and pymunk or not, and whose seigneurs says what it was asked to run."""
    bin_ = folder / ".venv" / "bin"
    bin_.mkdir(parents=True)
    (bin_ / "python").write_text(
        f'#!/usr/bin/env bash\n[[ "$2" == "import pymunk" ]] && exit {0 if has_pymunk else 1}\n'
        "exit 0\n")
    (bin_ / "seigneurs").write_text("#!/usr/bin/env bash\necho \"the doctor ran: $*\"\n")
    for made in bin_.iterdir():
        made.chmod(0o755)
    (folder / ".venv" / "pyvenv.cfg").touch()


@pytest.mark.parametrize("has_pymunk", [True, False])
def test_the_compiler_is_asked_for_only_until_the_venv_has_pymunk(
        tmp_path: Path, has_pymunk: bool) -> None:
    """A Pi whose .venv is made needs no compiler any more (one removed after the install
    must not stop the table)."""
    import hashlib

    folder = bare_checkout(tmp_path)
    fake_venv(folder, has_pymunk)
    (folder / ".venv" / ".installed-base").write_text(
        hashlib.sha256((folder / "pyproject.toml").read_bytes()).hexdigest() + "\n")
    env = {**os.environ, "PATH": fake_machine(fake_dpkg(tmp_path, set()), "aarch64")}
    env.pop("SEIGNEURS_COMMAND", None)
    result = subprocess.run([str(folder / "kiosk.sh"), "doctor"], env=env, capture_output=True,
                            text=True, timeout=60)
    if has_pymunk:
        assert result.returncode == 0 and result.stdout == "the doctor ran: doctor\n", result.stderr
    else:
        assert result.returncode == 69 and "needs: gcc python3-dev." in result.stderr


@pytest.mark.parametrize(("machine", "told"), [("aarch64", True), ("x86_64", False)])
def test_a_compile_says_beforehand_that_it_takes_minutes(
        tmp_path: Path, machine: str, told: bool) -> None:
    """pip is quiet while it compiles pymunk (163 s emulated, minutes on a Pi): a librarian
    who saw "installing" and then nothing would take the Pi for hung."""
    folder = bare_checkout(tmp_path)
    fake_venv(folder, has_pymunk=False)  # not marked installed: pip runs
    env = {**os.environ, "PATH": fake_machine(fake_dpkg(tmp_path, None), machine)}
    env.pop("SEIGNEURS_COMMAND", None)
    result = subprocess.run([str(folder / "kiosk.sh"), "doctor"], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0 and result.stdout == "the doctor ran: doctor\n", result.stderr
    notice = f"compiling pymunk from its source (no wheel for {machine}): some minutes"
    assert (notice in result.stderr) == told, result.stderr
    if told:
        assert result.stderr.index("installing seigneurs") < result.stderr.index(notice)


def test_a_half_made_venv_is_removed_and_a_failed_one_leaves_nothing(tmp_path: Path) -> None:
    """Issue 24: a .venv left without pip ("No module named pip" for ever after) is made
    again; a venv that cannot be made is removed, with the reason, not left half-made."""
    import venv

    folder = bare_checkout(tmp_path)
    venv.create(folder / ".venv", with_pip=False)  # what a missing ensurepip leaves behind
    python = tmp_path / "python3"  # a Python whose venv fails part-way, as a full disk would
    python.write_text(f"""#!/usr/bin/env bash
if [[ "$1 $2" == "-m venv" ]]; then mkdir -p "$3/bin"; touch "$3/pyvenv.cfg"; exit 1; fi
exec {sys.executable} "$@"
""")
    python.chmod(0o755)
    env = {**os.environ, "PATH": fake_dpkg(tmp_path, None), "PYTHON": str(python)}
    result = subprocess.run([str(folder / "kiosk.sh"), "doctor"], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 70
    assert "removing " in result.stderr and "left it half-made (no pip in it)" in result.stderr
    assert "could not make" in result.stderr and "removed what was made" in result.stderr
    assert not (folder / ".venv").exists()


def test_setup_takes_nothing_or_kiosk(tmp_path: Path) -> None:
    result = subprocess.run([str(REPO / "kiosk.sh"), "setup", "everything"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 64 and "not 'everything'" in result.stderr


def test_kiosk_sh_doctor_runs_the_doctor(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    result = subprocess.run([str(REPO / "kiosk.sh"), "doctor"], env=env, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode in (0, 1) and "✗ admin PIN: still the default" in result.stdout


@pytest.mark.skipif(not (shutil.which("cage") and shutil.which("Xwayland")),
                    reason="cage and Xwayland are not installed (apt install cage xwayland)")
def test_the_kiosk_session_draws_the_game_under_cage_as_a_user() -> None:
    """`kiosk.sh session` as the unit runs it: cage on a headless wlroots, Xwayland, the real
    game drawing its first frame, as a user that is not root; then everything ends."""
    import site
    import tempfile

    if os.geteuid() == 0 and subprocess.run(
            ["runuser", "-u", "nobody", "--", "test", "-r", str(REPO / "kiosk.sh")]).returncode:
        pytest.skip(f"{REPO} is not readable by the user 'nobody' (a private folder above it); "
                    "the table's user must read the repository, as docs/kiosk.md says")
    tmp_path = Path(tempfile.mkdtemp(prefix="cage-"))  # pytest's own is root's alone
    tmp_path.chmod(0o755)
    packages = [p for p in site.getsitepackages() if p.endswith("site-packages")]
    python = "/usr/bin/python3" if os.geteuid() == 0 else sys.executable  # root's may be private
    game = tmp_path / "game.sh"
    game.write_text(f"#!/bin/sh\nPYTHONPATH={REPO}:{':'.join(packages)} exec {python} -m "
                    'seigneurs "$@"\n')
    game.chmod(0o755)
    prefix, env = _session_env(tmp_path, game)
    result = subprocess.run([*prefix, "env", "-i", *(f"{k}={v}" for k, v in env.items()),
                             str(REPO / "kiosk.sh"), "session", "--first-frame"],
                            capture_output=True, text=True, timeout=300)
    shutil.rmtree(tmp_path, ignore_errors=True)
    assert "first frame drawn" in result.stdout, result.stderr
    assert "the game ended normally" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.fixture
def second_user() -> Iterator[tuple[str, Path]]:
    """A real user who is not root, made for the test (useradd), with a folder of their own
    that they and root both reach; removed afterwards."""
    import pwd
    import tempfile

    if os.geteuid() != 0 or not shutil.which("useradd"):
        pytest.skip("needs root and useradd to make a second, real user")
    name = f"seig{os.getpid() % 100000}"
    subprocess.run(["useradd", "--no-create-home", "--shell", "/bin/sh", name], check=True)
    place = Path(tempfile.mkdtemp(prefix="second-user-"))  # pytest's own is root's alone
    place.chmod(0o755)
    try:
        shutil.chown(place, name)
        if subprocess.run(["runuser", "-u", name, "--", "test", "-w", str(place)]).returncode:
            pytest.skip(f"{name} cannot reach {place} (a private folder above it)")
        assert pwd.getpwnam(name).pw_uid != 0
        yield name, place
    finally:
        shutil.rmtree(place, ignore_errors=True)
        subprocess.run(["userdel", name], check=False)


def as_user(name: str, place: Path, folder: Path, *command: str) -> subprocess.CompletedProcess[
        str]:
    """kiosk.sh `command` in `folder`, typed by `name` in a login of their own."""
    path = f"{fake_dpkg(place, None).split(':', 1)[0]}:/usr/bin:/bin"
    return subprocess.run(["runuser", "-u", name, "--", "env", "-i", f"PATH={path}",
                           f"HOME={place}", str(folder / "kiosk.sh"), *command],
                          capture_output=True, text=True, timeout=60)


def removal(folder: Path) -> str:
    """The one command kiosk.sh gives to remove root's .venv: with sudo where it is."""
    venv = folder / ".venv"
    return f"sudo rm -rf {venv}" if shutil.which("sudo", path="/usr/bin:/bin") else \
        f"su -c 'rm -rf {venv}'"


@pytest.mark.parametrize("command", [(), ("doctor",)])
def test_a_venv_root_made_is_named_as_roots_with_its_one_fix_and_never_removed(
        second_user: tuple[str, Path], command: tuple[str, ...]) -> None:
    """Issue 51 item 6: after `sudo ./kiosk.sh ...` made .venv, the librarian's own
    `./kiosk.sh` and `./kiosk.sh doctor` called it half-made and tried to delete it, printing
    hundreds of "rm: cannot remove ...: Permission denied". A venv without pip is what root's
    private python (pyenv's under /root) gives any other user."""
    import venv

    name, place = second_user
    folder = bare_checkout(place)
    shutil.chown(folder, name)
    venv.create(folder / ".venv", with_pip=False)  # made by root: no pip for anyone else
    before = sorted(str(p) for p in (folder / ".venv").rglob("*"))
    result = as_user(name, place, folder, *command)
    assert result.returncode == 77 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert f"{folder}/.venv is root's" in line
    assert f"Fix it with: {removal(folder)}   — then run this again as {name}" in line
    assert "Permission denied" not in line and "half-made" not in line
    assert sorted(str(p) for p in (folder / ".venv").rglob("*")) == before


def test_a_working_venv_root_made_is_used_and_never_installed_into_by_another(
        second_user: tuple[str, Path]) -> None:
    """A venv root made that runs for the librarian is theirs to use while it is installed
    (the kiosk's own: `sudo ./kiosk.sh install` makes it as root); one that needs installing
    into again is named as root's, with the fix, instead of pip failing file by file."""
    import hashlib

    name, place = second_user
    folder = bare_checkout(place)
    shutil.chown(folder, name)
    fake_venv(folder, has_pymunk=True)
    result = as_user(name, place, folder, "doctor")
    assert result.returncode == 77, result.stderr
    assert "needs seigneurs installed into it again" in result.stderr
    assert removal(folder) in result.stderr
    (folder / ".venv" / ".installed-base").write_text(
        hashlib.sha256((folder / "pyproject.toml").read_bytes()).hexdigest() + "\n")
    used = as_user(name, place, folder, "doctor")
    assert used.returncode == 0 and used.stdout == "the doctor ran: doctor\n", used.stderr


def test_a_venv_whose_checkout_is_not_the_users_either_says_to_clone_their_own(
        second_user: tuple[str, Path]) -> None:
    """Where the checkout is root's too, `rm -rf .venv` would mend nothing: a clone of one's
    own, or running as its owner, does."""
    import venv

    name, place = second_user
    folder = bare_checkout(place)
    venv.create(folder / ".venv", with_pip=False)
    result = as_user(name, place, folder, "doctor")
    assert result.returncode == 77
    (line,) = result.stderr.splitlines()
    assert f"is not {name}'s to write either: run kiosk.sh from a clone of your own" in line
    assert (folder / ".venv" / "pyvenv.cfg").exists()
