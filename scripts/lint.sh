#!/usr/bin/env bash
# Lint and format check with the settings in pyproject.toml (games/ruff.toml adds the ban on
# django/channels/celery/random imports inside games/).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install.sh

.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/python scripts/check_env_example.py
# import-linter contracts in pyproject.toml: the apps point one way; the platform reads only games.core
.venv/bin/lint-imports --no-cache
