"""One server per database: ``veillee serve`` holds a lock on its database for as long as it runs.

Two servers on one database would both load every table, both run its bots and timers, and refuse each
other's actions as version conflicts, while their players see stale tables. A second single-process server
refuses to start, with a message saying why; processes started with ``--redis-url`` share the lock (each
table has one owner among them: ``veillee.server.lease``), and exclude a single-process server:

- SQLite: a file lock (``filelock``) beside the database file, released by the system if the server dies;
- PostgreSQL: a session advisory lock, released by the database when the server's connection ends.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

__all__ = ["DatabaseInUse", "own_database"]


class DatabaseInUse(RuntimeError):
    """Another server already serves this database."""


@contextmanager
def own_database(url: str, shared: bool = False) -> Iterator[None]:
    """Hold the database at ``url`` for this process; ``DatabaseInUse`` if another server holds it.

    ``shared``: this process is one of a cluster (``--redis-url``): it shares the lock with the others, and
    a single-process server and a cluster still exclude each other."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if not database or database == ":memory:":
            yield
            return
        path = Path(database).resolve()
        lock = FileLock(str(path) + ".lock", timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise DatabaseInUse(
                f"another veillee server is already using {path.parent} (lock {path.name}.lock): stop it first,"
                " or give this one its own --data-dir"
            ) from None
        try:
            yield
        finally:
            lock.release()
    elif parsed.get_backend_name() == "postgresql":
        key = int.from_bytes(hashlib.sha256(b"veillee serve").digest()[:8], "big", signed=True)
        engine = create_engine(url, pool_size=1, max_overflow=0)
        connection = engine.connect()
        try:
            how = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
            held = connection.execute(text(f"SELECT {how}(:key)"), {"key": key}).scalar()
            connection.commit()
            if not held:
                raise DatabaseInUse(
                    f"another veillee server is already using the database {parsed.database!r} on"
                    f" {parsed.host or 'localhost'}"
                    + (
                        " without --redis-url: stop it first"
                        if shared
                        else ": stop it first, give this one its own database, or run every process with --redis-url"
                    )
                )
            yield
        finally:
            connection.close()
            engine.dispose()
    else:
        yield
