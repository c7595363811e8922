#!/usr/bin/env bash
# The one entry point of the table. Sets up .venv on first run (and when pyproject.toml
# changes), then:
#   ./kiosk.sh [ARGS...]     play; restart after a crash with back-off (ARGS go to `seigneurs play`;
#                            the restart policy is above run_loop; each restart is noted in
#                            the data folder's restarts.log, above note_restart)
#   ./kiosk.sh test [...]    install the test extra; run ruff, mypy and pytest (ARGS go to pytest)
#   ./kiosk.sh setup [kiosk] (root) apt-get install the Debian packages the two commands need
#                            (with kiosk: also cage and xwayland); the others say which, and stop
#   ./kiosk.sh install [PIN] [--user NAME]
#                            (root) boot into the game as NAME (default: the sudo user; never
#                            root; made if missing): checks the Debian packages, the groups
#                            (input, audio, video, render), a systemd unit, enabled; a new admin
#                            PIN (random unless given), shown once, in the config
#   ./kiosk.sh uninstall     (root) remove that unit
#   ./kiosk.sh doctor        one line per thing the table needs, with the fix
#   ./kiosk.sh session       what the unit runs: a kiosk display (cage, else bare X), then play
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$here/.venv"
python="${PYTHON:-python3}"
unit_dir="${SEIGNEURS_UNIT_DIR:-/etc/systemd/system}"

log() { printf '%s kiosk.sh: %s\n' "$(date '+%F %T')" "$*" >&2; }

# What each command needs of the system, by Debian name (Ubuntu and Raspberry Pi OS share
# them): the tests, OpenGL and EGL (pyglet draws through them, headless too) with Mesa's
# drivers, FreeType and Fontconfig (pyglet's text); the game, OpenAL for the sounds too; the
# kiosk, its compositor and X under it. The doctor needs only .venv. python3-venv is asked
# for only where the python is Debian's own (Debian keeps venv's pip, ensurepip, in it).
GRAPHICS=(libgl1 libegl1 libgl1-mesa-dri libfreetype6 libfontconfig1)
SOUND=(libopenal1)
KIOSK=(cage xwayland)
# pymunk 6.9, which Arcade 3.3 pins, has Linux wheels for x86 only: on any other processor (a
# Raspberry Pi's aarch64 or armv7l) pip compiles it, which needs a C compiler and Python's
# headers. Asked for only there, and only until .venv has pymunk.
BUILD=(gcc python3-dev)
GROUPS_NEEDED=(input audio video render)

# The Debian packages among "$@" not installed (none where there is no dpkg).
uninstalled() {
    local package
    command -v dpkg-query >/dev/null 2>&1 || return 0
    for package in "$@"; do
        if [[ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" != "install ok installed" ]]
        then
            printf '%s ' "$package"
        fi
    done
}

# What "$python" lacks to make .venv: "" when nothing; else the package (python3-venv), or a
# sentence when it cannot serve at all (missing, too old).
python_lacks() {
    if ! command -v "$python" >/dev/null 2>&1; then
        printf 'python3 '
        return 0
    fi
    "$python" - <<'EOF' 2>/dev/null || printf 'python3 '
import importlib.util, os, sys
if sys.version_info < (3, 11):
    print(f"too-old:{sys.version_info[0]}.{sys.version_info[1]}", end=" ")
elif importlib.util.find_spec("ensurepip") is None:
    default = os.path.realpath("/usr/bin/python3") == os.path.realpath(sys.executable)
    print("python3-venv" if default else f"python3.{sys.version_info[1]}-venv", end=" ")
EOF
}

# Whether installing .venv must compile pymunk here: no wheel for this processor, and .venv
# does not have it yet.
must_build() {
    case "$(uname -m)" in x86_64 | i?86) return 1 ;; esac
    ! "$venv/bin/python" -c 'import pymunk' >/dev/null 2>&1
}

# Every Debian package that `need` (venv, test, play or kiosk) lacks.
missing_packages() {
    local wanted=()
    case "$1" in
        test) wanted=("${GRAPHICS[@]}") ;;
        play) wanted=("${GRAPHICS[@]}" "${SOUND[@]}") ;;
        kiosk) wanted=("${KIOSK[@]}" "${GRAPHICS[@]}" "${SOUND[@]}") ;;
    esac
    if must_build; then wanted+=("${BUILD[@]}"); fi
    local found
    found="$(python_lacks)$(uninstalled "${wanted[@]}")"
    printf '%s' "${found% }"
}

# Stop before anything is made when the system lacks something for `need`, in one line: every
# missing package by its Debian name and the one command that installs them.
require_system() {
    local need="$1" missing how
    missing="$(missing_packages "$need")"
    if [[ "$missing" == too-old:* ]]; then
        missing="${missing%% *}"
        log "$python is Python ${missing#too-old:}; the game needs 3.11 or newer (Debian 12," \
            "Ubuntu 24.04, Raspberry Pi OS 12 have it): PYTHON=/path/to/python3.11 ./kiosk.sh"
        exit 69
    fi
    [[ -z "$missing" ]] && return 0
    if [[ $EUID -eq 0 ]]; then
        how="./kiosk.sh setup   (that is: apt-get install $missing)"
        if [[ $need == kiosk ]]; then how="./kiosk.sh setup kiosk${how#./kiosk.sh setup}"; fi
    elif command -v sudo >/dev/null 2>&1; then
        how="sudo apt install $missing"
    else
        how="su -c 'apt install $missing'"
    fi
    if ! command -v dpkg-query >/dev/null 2>&1; then
        log "this system lacks $missing (a Python ≥ 3.11 with its venv module); install it," \
            "then run this again. Nothing was changed."
        exit 69
    fi
    log "this system lacks Debian packages the game needs: $missing. Install them with:" \
        "$how   — then run this again. Nothing was changed."
    exit 69
}

# `./kiosk.sh setup [kiosk]` as root: install what require_system names (the game's and the
# tests', or the kiosk's).
setup_system() {
    local need="${1:-play}" missing
    if [[ "$need" != play && "$need" != kiosk ]]; then
        log "setup takes nothing, or 'kiosk' (cage and xwayland too), not '$need'"
        exit 64
    fi
    missing="$(missing_packages "$need")"
    if [[ -z "$missing" ]]; then
        log "nothing to install: every package that 'setup${1:+ $1}' installs is here"
        return 0
    fi
    if [[ $EUID -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
        log "setup installs with apt-get as root: sudo ./kiosk.sh setup${1:+ $1}" \
            "(or: sudo apt install $missing)"
        exit 64
    fi
    log "installing the Debian packages: $missing"
    apt-get update -q
    # shellcheck disable=SC2086  # one word per package
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing
    log "installed: $missing"
}

# The owner of a file in .venv that is not this user's ("" when all of it is, or we are
# root): a venv another user made (`sudo ./kiosk.sh ...`) is theirs to mend, and removing it
# from here only printed "rm: cannot remove ...: Permission denied" for each of its files.
venv_owner() {
    local theirs
    (( EUID == 0 )) && return 0
    theirs="$(find "$venv" ! -user "$EUID" -print -quit 2>/dev/null)"
    if [[ -n "$theirs" ]]; then stat -c %U "$theirs"; fi
}

# A .venv this user can neither use as it is nor change: one line saying whose it is and the
# one command that mends it; nothing is removed.
not_our_venv() {
    local owner="$1" why="$2" me fix="sudo rm -rf $venv"
    me="$(id -un)"
    command -v sudo >/dev/null 2>&1 || fix="su -c 'rm -rf $venv'"
    if [[ ! -w "$here" ]]; then
        log "$venv is $owner's and $why, and $here is not $me's to write either: run" \
            "kiosk.sh from a clone of your own, or as $owner. Nothing was changed."
    else
        log "$venv is $owner's (made as $owner, by 'sudo ./kiosk.sh ...' or the like) and $why," \
            "which $me cannot mend. Fix it with: $fix   — then run this again" \
            "as $me (it is made again as $me's). Nothing was changed."
    fi
    exit 77
}

# A venv made by an earlier run that stopped half-way (no pip in it: ensurepip was missing,
# or the copy was cut), or whose python has gone: removed, so it is made again whole. One
# another user made is left alone (not_our_venv): its python may be theirs alone.
drop_broken_venv() {
    local owner
    if [[ -d "$venv" ]] && ! "$venv/bin/python" -c 'import pip' >/dev/null 2>&1; then
        owner="$(venv_owner)"
        if [[ -n "$owner" ]]; then
            not_our_venv "$owner" "its python does not run with pip for $(id -un)"
        fi
        if [[ -f "$venv/pyvenv.cfg" ]]; then
            log "removing $venv: an earlier run left it half-made (no pip in it)"
            rm -rf "$venv"
        else
            log "$venv is not a Python venv: move it away, then run this again"
            exit 73
        fi
    fi
}

# Install (again) only when pyproject.toml changed since the last install of this extra;
# first, the system must have what `need` needs (require_system).
ensure_venv() {
    local extra="$1" need="$2" stamp want owner
    if [[ -z "$extra" && -n "${SEIGNEURS_COMMAND:-}" ]]; then
        return 0  # the game is given (a pipx install, the tests): no .venv of its own
    fi
    require_system "$need"
    drop_broken_venv
    if [[ ! -x "$venv/bin/python" ]]; then
        if [[ ! -w "$here" ]]; then
            log "cannot make $venv: $here is not this user's to write. Run kiosk.sh from a" \
                "clone of your own, or as its owner (the kiosk: sudo ./kiosk.sh install)"
            exit 77
        fi
        log "creating $venv with $(command -v "$python") ($("$python" -V 2>&1))"
        if ! "$python" -m venv "$venv"; then
            rm -rf "$venv"
            log "could not make $venv (the reason is above); removed what was made"
            exit 70
        fi
    fi
    stamp="$venv/.installed-${extra:-base}"
    want="$(sha256sum "$here/pyproject.toml" | cut -d' ' -f1)"
    if [[ -z "$extra" && -f "$venv/.installed-test" && "$(cat "$venv/.installed-test")" == "$want" ]]
    then
        return 0  # the test extra includes everything the game needs
    fi
    if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
        owner="$(venv_owner)"
        if [[ -n "$owner" ]]; then
            not_our_venv "$owner" "needs seigneurs${extra:+[$extra]} installed into it again"
        fi
        log "installing seigneurs${extra:+[$extra]} into $venv"
        if must_build; then  # pip says nothing while it compiles
            log "compiling pymunk from its source (no wheel for $(uname -m)): some minutes on a" \
                "Raspberry Pi, with nothing shown until it is done"
        fi
        # setuptools' "Editable installation" notice (ten lines of asterisks about folders
        # named like the package) is for developers: a librarian would take it for an error.
        if ! { "$venv/bin/python" -m pip install --quiet --upgrade pip &&
               PYTHONWARNINGS="${PYTHONWARNINGS:+$PYTHONWARNINGS,}ignore:Editable installation" \
                   "$venv/bin/python" -m pip install --quiet -e "$here${extra:+[$extra]}"; }; then
            log "installing into $venv failed (the reason is above); it is not marked as" \
                "done: run the same command again to finish (pip keeps what it fetched)"
            exit 70
        fi
        echo "$want" >"$stamp"
    fi
}

# Keep the screen awake and the pointer out of sight, where the display allows it.
quiet_display() {
    if [[ -n "${DISPLAY:-}" ]] && command -v xset >/dev/null 2>&1; then
        xset s off -dpms s noblank || log "xset could not turn off blanking"
    fi
    if [[ -t 1 ]] && command -v setterm >/dev/null 2>&1; then
        setterm --blank 0 --powerdown 0 || true
    fi
    if [[ -n "${DISPLAY:-}" ]] && command -v unclutter >/dev/null 2>&1; then
        unclutter -idle 0.5 -root &
    fi
}

# The restart notes: one JSON line per restart in the data folder (where the game keeps its
# history; seigneurs/kiosk/restarts.py reads them for the metrics, the fleet's database and the
# doctor). Each line: n (restarts noted so far), loops (crash loops so far), at (Unix time),
# code (the game's exit status), kind (crash, asked, refused, no-display), crash_loop, ran
# (seconds the run lasted). Appended, never rewritten but to keep the last $notes_keep lines
# once the file passes $notes_cap bytes; a note that cannot be written (or a file that is no
# regular file: a link to a device, a folder) is one log line, never a stop.
notes_file="${XDG_DATA_HOME:-$HOME/.local/share}/seigneurs/restarts.log"
notes_cap=40000
notes_keep=200
note_restart() {
    local code="$1" kind="$2" crash_loop="$3" ran="$4" n=0 loops=0 line at size
    at="${EPOCHREALTIME:-$(date +%s.%N)}"
    at="${at/,/.}"  # a locale's decimal comma
    if [[ -L "$notes_file" ]] || { [[ -e "$notes_file" ]] && [[ ! -f "$notes_file" ]]; }; then
        log "$notes_file is not a regular file: this restart is not noted (move it aside)"
        return 0
    fi
    if [[ -f "$notes_file" ]]; then
        # The last line that reads whole gives the running counts (a torn one is skipped).
        while IFS= read -r line; do
            if [[ "$line" =~ ^\{\"n\":([0-9]+),\"loops\":([0-9]+),.*\}$ ]]; then
                n="${BASH_REMATCH[1]}"
                loops="${BASH_REMATCH[2]}"
                break
            fi
        done < <(tail -n "$notes_keep" "$notes_file" 2>/dev/null | tac)
    fi
    n=$(( 10#$n + 1 ))
    loops=$(( 10#$loops + (crash_loop == 1 ? 1 : 0) ))
    if [[ $crash_loop == 1 ]]; then crash_loop=true; else crash_loop=false; fi
    printf -v line '{"n":%d,"loops":%d,"at":%s,"code":%d,"kind":"%s","crash_loop":%s,"ran":%d}' \
        "$n" "$loops" "$at" "$code" "$kind" "$crash_loop" "$ran"
    if ! { mkdir -p "${notes_file%/*}" && printf '%s\n' "$line" >>"$notes_file"; } 2>/dev/null
    then
        log "could not note this restart in $notes_file (the table goes on without the note)"
        return 0
    fi
    size="$(stat -c %s "$notes_file" 2>/dev/null)" || size=0
    if (( size > notes_cap )); then
        { tail -n "$notes_keep" "$notes_file" >"$notes_file.new" &&
          mv -f "$notes_file.new" "$notes_file"; } 2>/dev/null ||
            log "could not shorten $notes_file (it keeps growing until it can)"
    fi
    return 0
}

# Run the game, restarting only what a restart can fix:
#   0            a clean exit: stop.
#   75           restart asked from the admin menu: at once.
#   69           no display: stop when run by hand (the game said why in one line); the boot
#                session (SEIGNEURS_SESSION) waits for one with the back-off.
#   2, 64-78     a usage or configuration error: stop with the game's message (a restart
#                would only repeat it).
#   anything else, a crash (a signal too): logged, restarted after 1, 2, 4 ... 60 s (back to
#                1 s once a run has lasted two minutes). Five crashes within two minutes is a
#                crash loop: logged, then a rest (SEIGNEURS_REST seconds, 10 minutes) with
#                nothing running, then a new try. It never spins.
# (The boot session cannot stop for good: systemd would start it again at once, and cage
# does not pass the exit code on. There a usage or configuration error rests too.)
# Under a compositor (the session), the loop ends when the compositor does: nothing is left
# looping without a display. A signal (TERM, INT, HUP) is one line in the log; the game gets
# TERM, says so in its own line and leaves its game resumable, and kiosk.sh ends at once.
run_loop() {
    local command=("${SEIGNEURS_COMMAND:-$venv/bin/seigneurs}")
    local first_delay="${SEIGNEURS_RESTART_DELAY:-1}" rest="${SEIGNEURS_REST:-600}"
    local delay code started child="" crashes=()
    delay="$first_delay"
    # The game asked to stop (TERM: it logs a line, its game stays resumable); one stuck in a
    # call that never returns (a display gone) is killed after 10 s.
    stop_game() {
        local waited=0
        kill -TERM "$child" 2>/dev/null || return 0
        while kill -0 "$child" 2>/dev/null && (( waited < 100 )); do
            sleep 0.1
            waited=$(( waited + 1 ))
        done
        kill -KILL "$child" 2>/dev/null || true
        wait "$child" 2>/dev/null || true
    }
    stopped_by() {
        log "stopped by SIG$1${child:+: stopping the game (pid $child)}"
        if [[ -n "$child" ]]; then
            stop_game
        fi
        exit 0
    }
    trap 'stopped_by TERM' TERM
    trap 'stopped_by INT' INT
    trap 'stopped_by HUP' HUP
    # Whether the compositor this loop runs under (the session's cage or X) has ended: then we
    # are no longer its child.
    compositor_gone() {
        local stat parent
        [[ -n "${SEIGNEURS_COMPOSITOR_PID:-}" ]] || return 1
        stat="$(cat "/proc/$$/stat" 2>/dev/null)" || return 1
        read -r _ parent _ <<<"${stat##*) }"
        [[ "$parent" != "$SEIGNEURS_COMPOSITOR_PID" ]]
    }
    leave_if_compositor_gone() {
        if compositor_gone; then
            log "the compositor (pid $SEIGNEURS_COMPOSITOR_PID) has ended: the session ends" \
                "with it"
            exit 0
        fi
    }
    # While the game runs under a compositor: once a second, is the compositor still there?
    # When it is gone the game has no display left (it may not notice): stopped, and we end.
    watch_compositor() {
        [[ -n "${SEIGNEURS_COMPOSITOR_PID:-}" ]] || return 0
        while kill -0 "$child" 2>/dev/null; do
            if compositor_gone; then
                log "the compositor (pid $SEIGNEURS_COMPOSITOR_PID) has ended: stopping the" \
                    "game (pid $child); the session ends with it"
                stop_game
                exit 0
            fi
            sleep 1 &
            wait $! || true
        done
    }
    # A rest that a stop, or the compositor's end, ends at once (sleep in the background, a
    # second at a time, so the trap runs).
    rest_a_while() {
        local left="$1"
        while (( left > 0 )); do
            leave_if_compositor_gone
            sleep 1 &
            wait $! || true  # a trapped signal ends the wait at once
            left=$(( left - 1 ))
        done
    }
    while true; do
        leave_if_compositor_gone
        started=$SECONDS
        set +e
        "${command[@]}" play "$@" &
        child=$!
        watch_compositor
        wait "$child"
        code=$?
        set -e
        child=""
        leave_if_compositor_gone
        if [[ $code -eq 0 ]]; then
            log "the game ended normally"
            return 0
        fi
        if [[ $code -eq 75 ]]; then
            log "restart asked from the admin menu"
            note_restart "$code" asked 0 "$(( SECONDS - started ))"
            continue
        fi
        if (( SECONDS - started > 120 )); then
            delay="$first_delay"
        fi
        if [[ $code -eq 69 ]]; then
            if [[ -z "${SEIGNEURS_SESSION:-}" ]]; then
                exit "$code"
            fi
            log "no display yet; the boot session waits for one: trying again in ${delay} s"
            note_restart "$code" no-display 0 "$(( SECONDS - started ))"
        elif [[ $code -eq 2 ]] || (( code >= 64 && code <= 78 )); then
            local why="the game refused its arguments or configuration"
            if [[ $code -eq 71 ]]; then  # NO_OPENGL (EX_OSERR)
                why="the game found no OpenGL to draw with (a graphics driver to install)"
            fi
            if [[ -z "${SEIGNEURS_SESSION:-}" ]]; then
                log "$why (code $code, message above): not restarting, a restart cannot fix" \
                    "that"
                exit "$code"
            fi
            log "$why (code $code, message above): the boot session rests ${rest} s, then" \
                "tries again (after a fix, or systemctl restart seigneurs)"
            note_restart "$code" refused 0 "$(( SECONDS - started ))"
            rest_a_while "$rest"
            continue
        else
            crashes+=("$SECONDS")
            while (( ${#crashes[@]} > 0 && SECONDS - crashes[0] > 120 )); do
                crashes=("${crashes[@]:1}")
            done
            if (( ${#crashes[@]} >= 5 )); then
                log "the game crashed ${#crashes[@]} times within two minutes (code $code):" \
                    "a crash loop; resting ${rest} s before trying again"
                note_restart "$code" crash 1 "$(( SECONDS - started ))"
                crashes=()
                delay="$first_delay"
                rest_a_while "$rest"
                continue
            fi
            log "the game stopped with code $code; restarting in ${delay} s"
            note_restart "$code" crash 0 "$(( SECONDS - started ))"
        fi
        rest_a_while "$delay"
        delay=$(( delay * 2 > 60 ? 60 : delay * 2 ))
    done
}

# Can `user` (or, before it exists, an unprivileged user like it) run `program` and read
# `file`? A python under /root (pyenv) or a repository there is root's alone.
as_table_user() {
    local user="$1"
    shift
    getent passwd "$user" >/dev/null 2>&1 || user=nobody
    runuser -u "$user" -- "$@" >/dev/null 2>&1
}

# The python .venv is made with: one the table's user can run. PYTHON (python3 on PATH) if
# so, else the system's /usr/bin/python3 (≥ 3.11), saying which; else stop, saying what to do.
choose_table_python() {
    local user="$1" real
    real="$("$python" -c 'import os, sys; print(os.path.realpath(sys.executable))' 2>/dev/null)" \
        || real=""
    if [[ -n "$real" ]] && as_table_user "$user" "$real" -c ''; then
        python="$real"
    elif as_table_user "$user" /usr/bin/python3 -c 'import sys; assert sys.version_info >= (3, 11)'
    then
        log "python3 here is ${real:-missing}, which $user cannot run (a Python of root's" \
            "own, such as pyenv's under /root): .venv is made with the system's" \
            "/usr/bin/python3 ($(/usr/bin/python3 -V 2>&1)) instead"
        python=/usr/bin/python3
    else
        log "$user cannot run ${real:-python3} (root's own, such as pyenv's under /root) and" \
            "this system has no Python ≥ 3.11 of its own: sudo apt install python3 (Debian 12" \
            "and newer), or PYTHON=/a/python/all/may/run sudo -E ./kiosk.sh install. Nothing" \
            "was changed."
        exit 77
    fi
    log "the table's python: $python ($("$python" -V 2>&1))"
    if [[ -x "$venv/bin/python" ]] && ! as_table_user "$user" "$venv/bin/python" -c ''; then
        log "removing $venv: it was made with a python $user cannot run; it is made again" \
            "with $python"
        rm -rf "$venv"
    fi
}

# An install that stops after the user was made says so, and how to finish.
install_stopped() {
    local code=$?
    if (( code )); then
        log "the install stopped before its end (the reason is above); the user" \
            "$installing_for is kept: run sudo ./kiosk.sh install --user $installing_for" \
            "again to finish"
    fi
}

# Wayland needs a private runtime folder: logind makes /run/user/UID for the boot session and
# a login; a session started otherwise (sudo -u, su, a bare ssh command) gets one of its own.
runtime_dir() {
    local own uid
    uid="$(id -u)"
    if [[ -n "${XDG_RUNTIME_DIR:-}" && -d "$XDG_RUNTIME_DIR" && -w "$XDG_RUNTIME_DIR" ]]; then
        return 0
    fi
    if [[ -d "/run/user/$uid" && -w "/run/user/$uid" && -O "/run/user/$uid" ]]; then
        own="/run/user/$uid"
    else
        own="${TMPDIR:-/tmp}/seigneurs-runtime-$uid"
        if [[ ! -d "$own" || ! -O "$own" || -L "$own" ]]; then
            own="$(mktemp -d "${TMPDIR:-/tmp}/seigneurs-runtime-$uid.XXXXXX")"
        fi
        chmod 700 "$own"
    fi
    log "XDG_RUNTIME_DIR was not set: using $own"
    export XDG_RUNTIME_DIR="$own"
}

install_unit() {
    local user="${SUDO_USER:-}" given="" unit="$unit_dir/seigneurs.service"
    local home config pin missing group as_user=() groups=()
    while (( $# )); do
        case "$1" in
            --user) user="${2:-}"; shift 2 ;;
            *) given="$1"; shift ;;
        esac
    done
    if [[ -z "$user" || "$user" == root ]]; then
        log "the table must not run as root (cage refuses it, and a child's game needs no" \
            "power over the machine): sudo ./kiosk.sh install --user table (made if missing)"
        exit 64
    fi
    require_system kiosk
    command -v dpkg-query >/dev/null 2>&1 || log "not Debian: check by hand that cage," \
        "Xwayland, OpenAL and Mesa are installed (seigneurs doctor tells)"
    if [[ -z "${SEIGNEURS_NO_SYSTEM:-}" ]]; then
        # Everything that can refuse is asked before anything is made.
        if ! as_table_user "$user" test -x "$here/kiosk.sh"; then
            log "$user cannot reach $here: put the repository where it can (its home, or" \
                "/opt/seigneurs, readable by all), then install again. Nothing was changed."
            exit 77
        fi
        choose_table_python "$user"
        if ! getent group input >/dev/null 2>&1; then  # udev gives the panels to this group
            groupadd --system input
            log "made the 'input' group (udev lets it read the touch panels)"
        fi
        for group in "${GROUPS_NEEDED[@]}"; do
            if getent group "$group" >/dev/null 2>&1; then groups+=("$group"); fi
        done
        if ! getent passwd "$user" >/dev/null 2>&1; then
            useradd --create-home --shell /bin/bash "$user"
            log "made the table's user $user"
        fi
        usermod -aG "$(IFS=,; echo "${groups[*]}")" "$user"
        log "$user may use the touch panels, sound and display (groups ${groups[*]})"
        as_user=(runuser -u "$user" --)  # the file (and its folder) belong to the table's user
        installing_for="$user"
        trap install_stopped EXIT  # from here on, a stop says how to finish
    fi
    ensure_venv "" play
    home="$(getent passwd "$user" | cut -d: -f6)" || home="$HOME"
    config="${SEIGNEURS_CONFIG:-${home:-$HOME}/.config/seigneurs/config.toml}"
    pin="$("${as_user[@]}" "$venv/bin/seigneurs" config set-pin "$config" ${given:+--pin "$given"})"
    "$venv/bin/seigneurs" write-unit --repo "$here" --user "$user" --out "$unit" >/dev/null
    log "wrote $unit (runs as $user on tty1)"
    log "stored the table's own admin PIN in $config (no table keeps the default 2580)"
    printf 'The admin PIN of this table is %s: note it now, it is not shown again.\n' "$pin"
    if [[ -n "${SEIGNEURS_NO_SYSTEM:-}" ]]; then
        return 0  # tests: write the unit, change nothing else on this machine
    fi
    if command -v systemctl >/dev/null 2>&1 && [[ -d /run/systemd/system ]]; then
        systemctl daemon-reload
        systemctl enable seigneurs.service
        log "enabled: the table starts the game at the next boot (or: systemctl start seigneurs)"
    else
        log "systemd is not running here: enable $unit by hand on the table"
    fi
    log "what the table user $user finds here (seigneurs doctor):"
    "${as_user[@]}" "$venv/bin/seigneurs" doctor || true
    trap - EXIT
}

uninstall_unit() {
    local unit="$unit_dir/seigneurs.service"
    if [[ -z "${SEIGNEURS_NO_SYSTEM:-}" ]] && command -v systemctl >/dev/null 2>&1 && [[ -d /run/systemd/system ]]; then
        systemctl disable --now seigneurs.service 2>/dev/null || true
    fi
    rm -f "$unit"
    if [[ -z "${SEIGNEURS_NO_SYSTEM:-}" ]] && command -v systemctl >/dev/null 2>&1 && [[ -d /run/systemd/system ]]; then
        systemctl daemon-reload
    fi
    log "removed $unit"
}

case "${1:-}" in
    test)
        shift
        ensure_venv test test
        cd "$here"
        export ARCADE_HEADLESS="${ARCADE_HEADLESS:-1}"
        "$venv/bin/ruff" check seigneurs tests
        "$venv/bin/mypy"
        exec "$venv/bin/python" -m pytest "$@"
        ;;
    install)
        shift
        install_unit "$@"
        ;;
    uninstall)
        uninstall_unit
        ;;
    setup)
        shift
        setup_system "${1:-}"
        ;;
    doctor)
        shift
        ensure_venv "" venv
        exec "${SEIGNEURS_COMMAND:-$venv/bin/seigneurs}" doctor "$@"
        ;;
    session)
        shift
        ensure_venv "" play
        export SEIGNEURS_SESSION=1  # run_loop: a missing display may still come; wait for it
        runtime_dir
        if command -v cage >/dev/null 2>&1 || command -v xinit >/dev/null 2>&1; then
            export SEIGNEURS_COMPOSITOR_PID=$$  # exec keeps it: the loop ends when it does
        fi
        if command -v cage >/dev/null 2>&1; then
            # No -s: cage then refuses Ctrl+Alt+Fn, so a keyboard cannot reach a text console.
            exec cage -- "$here/kiosk.sh" --locked "$@"
        elif command -v xinit >/dev/null 2>&1; then
            exec xinit "$here/kiosk.sh" --locked "$@" -- :0 -nocursor -s 0 -dpms vt1
        fi
        log "neither cage nor xinit found: starting on the current display"
        exec "$here/kiosk.sh" --locked "$@"
        ;;
    *)
        ensure_venv "" play
        quiet_display
        run_loop "$@"
        ;;
esac
