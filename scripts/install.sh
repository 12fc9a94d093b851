#!/usr/bin/env bash
# Create .venv if missing and install the project into it (editable, with the dev tools).
# Skipped when the installed copy matches the current pyproject.toml (hash in a stamp file).
# Sourced or run by scripts/run.sh and scripts/test.sh; PYTHON picks the interpreter.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=".venv"
if [ ! -x "$venv/bin/python" ]; then
  python="${PYTHON:-}"
  if [ -z "$python" ]; then
    for candidate in python3.11 python3 python; do
      if command -v "$candidate" >/dev/null 2>&1; then python="$candidate"; break; fi
    done
  fi
  if [ -z "$python" ] || ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11)." >&2
    exit 1
  fi
  echo "Creating $venv with $("$python" --version)"
  "$python" -m venv "$venv"
fi

stamp="$venv/.tabletop-installed"
wanted="$("$venv/bin/python" -c 'import hashlib; print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())')"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
  echo "Installing the project and its dependencies into $venv (quiet; takes a minute)"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e '.[dev]'
  echo "$wanted" > "$stamp"
fi
