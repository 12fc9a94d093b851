#!/usr/bin/env bash
# Type checks (STYLE.md): mypy --strict for games/ (pyproject overrides), mypy with django-stubs
# for platform/. The django-stubs plugin loads the settings, hence DEBUG=1 (no SECRET_KEY needed).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install.sh

export DEBUG=1
.venv/bin/mypy games
.venv/bin/mypy platform
