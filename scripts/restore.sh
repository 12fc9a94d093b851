#!/usr/bin/env bash
# Restore a backup made by scripts/backup.sh into a NEW database on the server of DATABASE_URL
# (never over the live one): creates NEW_DATABASE, restores into it, and prints its URL.
# Point the site at it (DATABASE_URL) once it is checked. docs/operations.md, "Backups".
#
#   DATABASE_URL=postgres://user:pw@host:5432/tabletop scripts/restore.sh BACKUP NEW_DATABASE
set -euo pipefail

backup="${1:?usage: scripts/restore.sh BACKUP NEW_DATABASE}"
new_db="${2:?usage: scripts/restore.sh BACKUP NEW_DATABASE}"
: "${DATABASE_URL:?set DATABASE_URL (the server to restore on: postgres://user:pw@host:port/db)}"
[[ "$new_db" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo "NEW_DATABASE: letters, digits, _" >&2; exit 2; }
[[ -r "$backup" ]] || { echo "no backup at $backup" >&2; exit 2; }

# The same server and credentials, another database (a query string, if any, is kept).
base="${DATABASE_URL%%\?*}"
query="${DATABASE_URL#"$base"}"
target="${base%/*}/$new_db$query"

# createdb fails if it exists: a restore never writes into a database that holds anything.
createdb --maintenance-db="$DATABASE_URL" "$new_db"
pg_restore --exit-on-error --no-owner --no-privileges --jobs="${RESTORE_JOBS:-2}" \
  --dbname="$target" "$backup"
# ANALYZE: the planner's statistics are not in a dump; without them the first queries are slow.
psql --quiet --no-psqlrc --dbname="$target" --command="ANALYZE" >/dev/null
echo "$target"
