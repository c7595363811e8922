#!/usr/bin/env bash
# The README on a stock Debian, as a new user meets it (issue 24): a minimal Debian root made
# with debootstrap (minbase, plus python3, git and ca-certificates only), a clone of this
# repository's committed HEAD in it, and the README's commands run there exactly as written:
#
#   1. as a user, `./kiosk.sh`: it must stop before making anything, naming every missing
#      Debian package and the one command that installs them;
#   2. as root, that command (`./kiosk.sh setup`);
#   3. as the user, `./kiosk.sh` (installs .venv, then stops: no display here) and
#      `./kiosk.sh test` (ruff, mypy, the whole suite);
#   4. the kiosk section: `sudo ./kiosk.sh setup kiosk`, the clone in /opt, `sudo ./kiosk.sh
#      install --user table` (once first with a Python only root may run, as pyenv's under
#      /root: the install must use the system's instead), the doctor as the table's user, and
#      the session under headless cage as that user with its own XDG_RUNTIME_DIR.
#
# A suite with an architecture, such as `bookworm-arm64` (a Raspberry Pi's Debian), is made
# for that processor and run through qemu-user (Debian's qemu-user-static, by binfmt_misc):
# steps 1-3 but the test suite (hours under emulation), then that the table's Python is that
# processor's and that it draws its first frame headless (issue 27).
#
# Each command must appear in README.md or docs/kiosk.md as run here (the check fails when they part).
# Usage (root, with debootstrap: apt-get install debootstrap; for arm64 also qemu-user-static):
#   sudo tools/stock-debian.sh [bookworm] [trixie] [bookworm-arm64]   (default: the first two)
# STOCK_DIR (default /var/tmp/seigneurs-stock) holds the roots and debootstrap's downloads;
# STOCK_KEEP=1 keeps the roots afterwards. This machine's way to the package registries is
# carried in as a site's own would be: /etc/hosts, /etc/resolv.conf, its extra certificate
# authorities, /etc/pip.conf, /etc/xdg/pip and the PIP_* settings of the environment.
# Exit: 0 all passed; 1 a check failed; 77 skipped (not root, no debootstrap, no mirror, no
# emulation of a foreign processor).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${STOCK_DIR:-/var/tmp/seigneurs-stock}"
suites=("$@")
(( ${#suites[@]} )) || suites=(bookworm trixie)
results="$work/results.txt"

say() { printf '%s stock-debian: %s\n' "$(date '+%T')" "$*" >&2; }
skip() { say "skipped: $*"; exit 77; }

[[ $EUID -eq 0 ]] || skip "needs root (debootstrap, chroot, mounts)"
command -v debootstrap >/dev/null 2>&1 || skip "no debootstrap (apt-get install debootstrap)"
mirror="$(grep -h -v '^[[:space:]]*#' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources \
    /etc/apt/sources.list.d/*.list 2>/dev/null | grep -o -E 'https?://[^ ]+/debian/?( |$)' \
    | head -1 | tr -d ' ' || true)"
mirror="${STOCK_MIRROR:-${mirror:-http://deb.debian.org/debian}}"
head_commit="$(git -C "$repo" rev-parse HEAD)"
mkdir -p "$work/cache"
: >"$results"

# The environment every command in the root gets: a clean one, plus the site's pip settings;
# pytest lists each skipped test with its reason (in SYSTEM-test.log), so a test that only
# skips on a stock system is seen, and then each failed one, last, so the tail CI prints names it.
site_env=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8
          TERM=dumb PYTEST_ADDOPTS=-rsfE)
while IFS='=' read -r name value; do
    site_env+=("$name=$value")
done < <(env | grep -E '^(PIP_[A-Z_]+|https?_proxy|HTTPS?_PROXY|no_proxy|NO_PROXY)=' || true)

mounted=()
root=""
cleanup() {
    local i
    for (( i=${#mounted[@]}-1; i>=0; i-- )); do
        umount -R "${mounted[$i]}" 2>/dev/null || umount -l "${mounted[$i]}" 2>/dev/null || true
    done
    mounted=()
    if [[ -n "$root" && -z "${STOCK_KEEP:-}" ]]; then rm -rf "$root"; fi
}
trap cleanup EXIT

bind() {  # bind SOURCE TARGET-in-root [ro]
    mkdir -p "$root$2"
    mount --rbind "$1" "$root$2"
    mounted+=("$root$2")
    if [[ "${3:-}" == ro ]]; then mount -o remount,bind,ro "$root$2"; fi
}

# The site's ways out, carried in as a site's own mirror would be.
carry_site() {
    local file name value
    cp /etc/hosts "$root/etc/hosts"
    cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
    if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
        mkdir -p "$root/usr/local/share/ca-certificates"
        cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
        in_root root update-ca-certificates 2>&1 >/dev/null | grep -v '^rehash: warning' >&2 || true
    fi
    [[ -f /etc/pip.conf ]] && cp /etc/pip.conf "$root/etc/pip.conf"
    if [[ -d /etc/xdg/pip ]]; then mkdir -p "$root/etc/xdg" && cp -r /etc/xdg/pip "$root/etc/xdg/"; fi
    for file in /etc/apt/apt.conf.d/*; do  # an apt proxy, if the site has one
        if grep -q -i 'proxy' "$file" 2>/dev/null; then cp "$file" "$root/etc/apt/apt.conf.d/"; fi
    done
    for value in "${site_env[@]}"; do  # a local folder a PIP_* setting names (find-links)
        name="${value#*=}"
        for file in ${name//[ ,]/ }; do
            if [[ "$file" == /* && -d "$file" && ! -e "$root$file" ]]; then bind "$file" "$file" ro; fi
        done
    done
}

# emulate ARCH: run ARCH's programs (arm64 only) through qemu-user, registered with binfmt_misc
# as Debian's qemu-user-static ships it (its F flag: the emulator works inside a chroot too).
emulate() {
    local cpu conf
    case "$1" in
        arm64) cpu=aarch64 ;;
        *) skip "no emulation of $1 here (arm64 only)" ;;
    esac
    conf="/usr/lib/binfmt.d/qemu-$cpu.conf"
    [[ -f "$conf" ]] || skip "no qemu-user for $1 (apt-get install qemu-user-static)"
    [[ -e /proc/sys/fs/binfmt_misc/register ]] \
        || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null \
        || skip "binfmt_misc cannot be mounted here: no emulation of $1"
    [[ -e "/proc/sys/fs/binfmt_misc/qemu-$cpu" ]] \
        || grep -v '^#' "$conf" >/proc/sys/fs/binfmt_misc/register 2>/dev/null \
        || skip "qemu's $cpu handler cannot be registered with binfmt_misc"
    echo "$cpu"
}

# in_root USER COMMAND...: run in the root as USER (root, or a user made there).
in_root() {
    local user="$1" home
    shift
    home="$(chroot "$root" getent passwd "$user" | cut -d: -f6)"
    chroot "$root" env -i "${site_env[@]}" HOME="$home" USER="$user" \
        runuser -u "$user" -- "$@"
}

# step NAME EXPECTED-EXIT USER DIR 'COMMAND' [README]: run COMMAND (bash) in DIR as USER,
# time it, keep its output in $work/SUITE-NAME.log, and record it. README: the command must
# be written so in README.md or docs/kiosk.md (the librarian's guide).
step() {
    local name="$1" want="$2" user="$3" dir="$4" command="$5" started code seconds
    if [[ "${6:-}" == README ]] &&
        ! grep -q -F -- "${command#nice -n 10 }" "$repo/README.md" "$repo/docs/kiosk.md"; then
        say "$suite: README.md and docs/kiosk.md do not say '$command' (the check and the" \
            "docs have parted)"
        echo "$suite $name FAILED (not in README: $command)" >>"$results"
        failed=1
        return 0
    fi
    say "$suite: $name: ($user, $dir) $command"
    started=$SECONDS
    set +e
    in_root "$user" bash -c "cd $dir && $command" >"$work/$suite-$name.log" 2>&1 </dev/null
    code=$?
    set -e
    seconds=$(( SECONDS - started ))
    if [[ "$code" != "$want" ]]; then
        say "$suite: $name exited $code, not $want; its output ends:"
        tail -n 25 "$work/$suite-$name.log" >&2
        echo "$suite $name FAILED (exit $code) ${seconds}s" >>"$results"
        failed=1
    else
        echo "$suite $name ok ${seconds}s" >>"$results"
    fi
    last_log="$work/$suite-$name.log"
}

expect_in_log() {  # expect_in_log TEXT WHY
    if ! grep -q -F -- "$1" "$last_log"; then
        say "$suite: $2: '$1' not in $last_log"
        echo "$suite check FAILED: $2" >>"$results"
        failed=1
    fi
}

expect_not_in_log() {
    if grep -q -E -- "$1" "$last_log"; then
        say "$suite: $2: /$1/ in $last_log:"
        grep -E -- "$1" "$last_log" | head -5 >&2
        echo "$suite check FAILED: $2" >>"$results"
        failed=1
    fi
}

failed=0
for suite in "${suites[@]}"; do
    codename="${suite%%-*}" arch="" cpu=""
    [[ "$suite" != *-* ]] || arch="${suite#*-}"
    if [[ -n "$arch" && "$arch" != "$(dpkg --print-architecture)" ]]; then
        cpu="$(emulate "$arch")"
    fi
    root="$work/$suite"
    rm -rf "$root"
    say "$suite: debootstrap --variant=minbase --include=python3,git,ca-certificates${arch:+ --arch=$arch} from $mirror"
    started=$SECONDS
    if ! debootstrap --variant=minbase --include=python3,git,ca-certificates ${arch:+--arch="$arch"} \
            --cache-dir="$work/cache" "$codename" "$root" "$mirror" >"$work/$suite-debootstrap.log" 2>&1
    then
        tail -n 5 "$work/$suite-debootstrap.log" >&2
        skip "debootstrap of $suite from $mirror failed (no mirror reached?)"
    fi
    echo "$suite debootstrap ok $(( SECONDS - started ))s" >>"$results"
    mount -t proc proc "$root/proc" && mounted+=("$root/proc")
    mount -t sysfs sys "$root/sys" && mounted+=("$root/sys")
    bind /dev /dev
    carry_site
    chroot "$root" useradd --create-home --shell /bin/bash librarian
    git clone --quiet --no-local "$repo" "$root/home/librarian/seigneurs"
    git -C "$root/home/librarian/seigneurs" checkout --quiet --detach "$head_commit"
    chroot "$root" chown -R librarian: /home/librarian/seigneurs
    here=/home/librarian/seigneurs

    # 1-3: the two commands, as a new user types them.
    step first-run 69 librarian "$here" "./kiosk.sh" README
    expect_in_log "Install them with:" "the first run names the packages and the command"
    expect_in_log "Nothing was changed." "the first run changes nothing"
    compiler="|gcc"  # but on another processor than x86 it names one rightly (pymunk builds)
    [[ -z "$cpu" ]] || compiler=""
    expect_not_in_log "Traceback|error: command$compiler" "no traceback or compiler on the first run"
    if [[ -n "$cpu" ]]; then  # the README's Pi section quotes that line naming both
        expect_in_log "gcc python3-dev. Install them with:" \
            "off x86 the first run names the compiler and the headers pymunk builds with"
    fi
    [[ ! -e "$root$here/.venv" ]] || { echo "$suite check FAILED: .venv made" >>"$results"; failed=1; }
    step setup 0 root "$here" "./kiosk.sh setup"
    step play 69 librarian "$here" "./kiosk.sh" README
    expect_in_log "no display" "./kiosk.sh installs, then says in one line there is no display"
    expect_not_in_log "Traceback|error: command|gcc|ALSA lib|Warning:" \
        "no traceback, compiler, ALSA noise or build warning"
    if [[ -n "$cpu" ]]; then  # emulated: that processor's Python draws the first frame
        step machine 0 librarian "$here" \
            ".venv/bin/python -c 'import platform, pymunk; print(platform.machine(), pymunk.version)'"
        expect_in_log "$cpu" "the table's Python runs as $cpu"
        step first-frame 0 librarian "$here" \
            "ARCADE_HEADLESS=1 .venv/bin/seigneurs play --window 1920x1080 --first-frame"
        expect_in_log "first frame drawn" "the table draws its first frame on $arch"
        expect_not_in_log "Traceback" "no traceback on $arch"
        cleanup
        continue
    fi
    step test 0 librarian "$here" "nice -n 10 ./kiosk.sh test" README
    grep -E '[0-9]+ passed' "$last_log" | tail -1 | sed "s/^/$suite test: /" >>"$results" || true

    # 4: the kiosk section, as written (an administrator with sudo, as Debian's installer
    # makes one when root's password is left empty).
    in_root root apt-get install -y -q sudo >/dev/null
    step kiosk-setup 0 root "$here" "sudo ./kiosk.sh setup kiosk" README
    git clone --quiet --no-local "$repo" "$root/opt/seigneurs"
    git -C "$root/opt/seigneurs" checkout --quiet --detach "$head_commit"
    mkdir -p "$root/root/py/bin" && chmod 700 "$root/root"
    cp "$root/usr/bin/python3" "$root/root/py/bin/python3"  # root's alone, as pyenv's would be
    step install-root-python 0 root /opt/seigneurs \
        "PYTHON=/root/py/bin/python3 ./kiosk.sh install --user table"
    expect_in_log "which table cannot run" "a python under /root is refused for the table"
    expect_in_log "the table's python: /usr/bin/python3" "the system's python is used instead"
    step install 0 root /opt/seigneurs "sudo ./kiosk.sh install --user table" README
    expect_in_log "The admin PIN of this table is" "the install shows the PIN"
    step doctor 1 table /opt/seigneurs "./kiosk.sh doctor" README
    expect_in_log "✓ table user: table" "the doctor runs as the table's user"
    step session 0 table /opt/seigneurs \
        "XDG_RUNTIME_DIR=\$(mktemp -d) WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 ./kiosk.sh session --first-frame" README
    expect_in_log "first frame drawn" "the game draws its first frame under cage"
    expect_in_log "no sound device" "a table with no sound device says so"
    expect_not_in_log "Traceback|ALSA lib" "no traceback or ALSA noise in the session"
    cleanup
done
say "results (also in $results):"
cat "$results" >&2
exit "$failed"
