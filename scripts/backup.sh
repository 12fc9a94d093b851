#!/usr/bin/env bash
# One backup of the site's PostgreSQL database: pg_dump in its custom format (-Fc: compressed,
# restored table by table with pg_restore), written under a temporary name and renamed once
# complete and readable, then the backups older than BACKUP_KEEP_DAYS days are deleted.
# docs/operations.md, "Backups". Prints the path of the new backup.
#
#   DATABASE_URL=postgres://user:pw@host:5432/tabletop BACKUP_DIR=/backups scripts/backup.sh
set -euo pipefail

: "${DATABASE_URL:?set DATABASE_URL (postgres://user:password@host:port/database)}"
dir="${BACKUP_DIR:-var/backups}"
keep_days="${BACKUP_KEEP_DAYS:-14}"
[[ "$keep_days" =~ ^[0-9]+$ ]] || { echo "BACKUP_KEEP_DAYS must be a whole number" >&2; exit 2; }

mkdir -p "$dir"
name="tabletop-$(date -u +%Y%m%dT%H%M%SZ).dump"
partial="$dir/.$name.partial"
trap 'rm -f "$partial"' EXIT

pg_dump --format=custom --no-owner --no-privileges --file="$partial" --dbname="$DATABASE_URL"
# A dump that pg_restore cannot list is no backup: fail now, not on the day it is needed.
pg_restore --list "$partial" >/dev/null
mv "$partial" "$dir/$name"

# Keep BACKUP_KEEP_DAYS days (0: keep only the newest); never the one just written.
find "$dir" -maxdepth 1 -name 'tabletop-*.dump' ! -name "$name" \
  -mmin "+$((keep_days * 24 * 60))" -print -delete >&2
echo "$dir/$name"
