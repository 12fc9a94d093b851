"""What the PostgreSQL benchmarks share: the machine's load, and a database of their own."""

from __future__ import annotations

import os
from pathlib import Path


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().strip()


def bench_database_url(name: str) -> str:
    """BENCH_DATABASE_URL, else the database `name` on DATABASE_URL's server (or the local one)."""
    url = os.environ.get("BENCH_DATABASE_URL")
    if url:
        return url
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tabletop")
    return base.rsplit("/", 1)[0] + "/" + name


def database_create(url: str) -> None:
    """Create the database of `url` if it does not exist yet."""
    import psycopg

    server, name = url.rsplit("/", 1)
    with psycopg.connect(server + "/postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')
