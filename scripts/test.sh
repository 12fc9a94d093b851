#!/usr/bin/env bash
# The test command: install if needed, then run the whole suite against the real services,
# PostgreSQL at postgres://postgres@127.0.0.1:5432/tabletop and Redis at redis://127.0.0.1:6379/0
# unless DATABASE_URL / REDIS_URL say otherwise (defaults in tests/services_env.py; pytest-django
# creates and drops the test_<name> database itself). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install.sh

exec .venv/bin/python -m pytest "$@"
