#!/usr/bin/env bash
# The one entry point of the table: sets up .venv on first run, then plays or tests.
#   ./kiosk.sh [ARGS...]   start the game full screen (arguments go to `seigneurs play`)
#   ./kiosk.sh test [...]  install the test extra, run ruff, mypy and pytest (arguments go to pytest)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$here/.venv"
python="${PYTHON:-python3}"

# Install (again) only when pyproject.toml changed since the last install of this extra.
ensure_venv() {
    local extra="$1" stamp want
    if [[ ! -x "$venv/bin/python" ]]; then
        echo "kiosk.sh: creating $venv" >&2
        "$python" -m venv "$venv"
    fi
    stamp="$venv/.installed-${extra:-base}"
    want="$(sha256sum "$here/pyproject.toml" | cut -d' ' -f1)"
    if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
        echo "kiosk.sh: installing seigneurs${extra:+[$extra]} into $venv" >&2
        "$venv/bin/python" -m pip install --quiet --upgrade pip
        "$venv/bin/python" -m pip install --quiet -e "$here${extra:+[$extra]}"
        echo "$want" >"$stamp"
    fi
}

case "${1:-}" in
    test)
        shift
        ensure_venv test
        cd "$here"
        export ARCADE_HEADLESS="${ARCADE_HEADLESS:-1}"
        "$venv/bin/ruff" check seigneurs tests
        "$venv/bin/mypy"
        exec "$venv/bin/python" -m pytest "$@"
        ;;
    *)
        ensure_venv ""
        exec "$venv/bin/seigneurs" play "$@"
        ;;
esac
