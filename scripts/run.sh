#!/usr/bin/env bash
# The run command: install if needed, migrate, create the demo accounts, serve the site on
# http://127.0.0.1:8000. With no DATABASE_URL / REDIS_URL set, settings fall back to SQLite
# (var/db.sqlite3), the in-memory channel layer, eager Celery and e-mail files in var/mail.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install.sh

export DEBUG="${DEBUG:-1}"
export BOT_MOVE_DELAY_MS="${BOT_MOVE_DELAY_MS:-400}"
# No worker and no beat here: bots play in a thread of the server, and a thread does beat's
# periodic work (move clocks, matchmaking). See play/background.py.
export BOTS_IN_BACKGROUND="${BOTS_IN_BACKGROUND:-1}"
export BACKGROUND_TICKS="${BACKGROUND_TICKS:-1}"
host="${HOST:-127.0.0.1}"
port="${PORT:-8000}"
# The links in e-mails (turns, invitations, unsubscribe) name the address served here, unless
# SITE_URL says otherwise; a server listening on every interface is reached on this machine.
case "$host" in
  0.0.0.0 | "::" | "[::]") link_host=127.0.0.1 ;;
  *:*) link_host="[$host]" ;;
  *) link_host="$host" ;;
esac
export SITE_URL="${SITE_URL:-http://$link_host:$port}"

# Web Push needs a VAPID key pair: one is made once and kept in VAR_DIR (docs/notifications.md).
if [ -z "${VAPID_PRIVATE_KEY:-}" ]; then
  vapid_file="${VAR_DIR:-var}/vapid.txt"
  if [ ! -s "$vapid_file" ]; then
    mkdir -p "$(dirname "$vapid_file")"
    (umask 077 && .venv/bin/python manage.py vapid_keys 2>/dev/null > "$vapid_file")
  fi
  VAPID_PRIVATE_KEY="$(cat "$vapid_file")"
  export VAPID_PRIVATE_KEY
fi
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py demo_accounts
if [ -z "${EMAIL_HOST:-}" ]; then
  echo "E-mails (sign-up verification, turn e-mails) are written to ${VAR_DIR:-var}/mail/"
fi
echo "Serving http://$host:$port/ (Ctrl-C stops); links in e-mails: $SITE_URL"
exec .venv/bin/uvicorn config.asgi:application --app-dir platform --host "$host" --port "$port" \
  --lifespan off
