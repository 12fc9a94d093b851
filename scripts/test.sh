#!/usr/bin/env bash
# The test command: install if needed, then run the whole suite against the real services,
# PostgreSQL at 127.0.0.1:5432 (user postgres) and Redis at redis://127.0.0.1:6379/0 unless
# DATABASE_URL / REDIS_URL say otherwise (defaults in tests/services_env.py; pytest-django creates
# and drops the test database itself). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install.sh

# Say which service is missing up front rather than through a wall of test errors.
.venv/bin/python - <<'PY'
import os, socket, sys
from urllib.parse import urlsplit

wanted = {
    "PostgreSQL": (os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tabletop"), 5432),
    "Redis": (os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"), 6379),
}
for name, (url, default_port) in wanted.items():
    parts = urlsplit(url)
    address = (parts.hostname or "127.0.0.1", parts.port or default_port)
    try:
        socket.create_connection(address, timeout=3).close()
    except OSError as exc:
        sys.exit(f"{name} does not answer at {address[0]}:{address[1]} ({exc}); start it, or "
                 f"point {'DATABASE_URL' if name == 'PostgreSQL' else 'REDIS_URL'} at one.")
PY

# On every core (pytest-xdist): each worker has its own test database (test_..._gw0) and channel
# prefix (tests/services_env.py); a file's tests stay on one worker (its module fixtures, such
# as a real worker process, start once). `-n 0` runs in this process (a debugger, `-x` on one test).
exec .venv/bin/python -m pytest -n auto --dist loadfile "$@"
