"""Table ownership across server processes: one PostgreSQL session advisory lock per table.

Why advisory locks (and not a Redis lease): PostgreSQL already holds the truth (the record), and a session
lock lives exactly as long as the process's connection. A process killed with ``kill -9`` loses its socket,
the database ends its session at once and every lock it held is free: there is no lease time to wait out,
no clock to trust, and no second system whose failure could let two processes believe they own a table.
The fencing token is the table's version: an action is stored only by ``UPDATE ... WHERE version = n - 1``
(``Store.append_action``), so even an owner that lost its lock without noticing yet (a network partition)
cannot store a second action number *n*; it gets ``StoreConflict`` and gives the table up.

All lock calls run on one worker thread over one dedicated connection (session locks belong to the session
that took them; a pooled connection would scatter them).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from sqlalchemy import create_engine, text
from sqlalchemy.engine import Connection

from veillee.server.batches import Batched

__all__ = ["CLUSTER_KEY", "Lease", "lock_key"]

log = logging.getLogger("veillee.server")

T = TypeVar("T")

CLUSTER_KEY = int.from_bytes(hashlib.sha256(b"veillee serve").digest()[:8], "big", signed=True)
"""The whole database: a single-process server holds it exclusively, cluster processes share it."""


def lock_key(table_id: str) -> int:
    """The advisory lock key of a table (64 bits of a hash: two tables never share a lock in practice)."""
    return int.from_bytes(hashlib.sha256(b"veillee table " + table_id.encode()).digest()[:8], "big", signed=True)


def _signed(classid: int, objid: int) -> int:
    """The bigint key of a single-key advisory lock from its ``pg_locks`` columns."""
    key = (classid << 32) | objid
    return key - (1 << 64) if key >= 1 << 63 else key


class Lease:
    """This process's locks: on tables it owns, and a shared one on the database (cluster mode)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._engine = create_engine(url, pool_size=1, max_overflow=0, pool_pre_ping=False)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="veillee-lease")
        self._connection: Connection | None = None
        self.lost: Callable[[], None] | None = None
        """Called (on the loop) when the session ended: every lock is gone, the process owns nothing."""
        self._takes = Batched(self._take_many, lambda fn: asyncio.ensure_future(self._run(lambda _: fn())))

    async def _run(self, fn: Callable[[Connection], T]) -> T:
        def work() -> T:
            if self._connection is None:
                self._connection = self._engine.connect()
            try:
                result = fn(self._connection)
                self._connection.commit()
                return result
            except Exception:
                connection, self._connection = self._connection, None
                with contextlib.suppress(Exception):  # the session is gone already
                    connection.close()
                raise

        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, work)
        except Exception:
            if self._connection is None and self.lost is not None:  # the session ended with its locks
                log.error("the lease connection to the database ended: this process owns no table now")
                self.lost()
            raise

    async def share_database(self) -> bool:
        """The shared lock on the whole database: refused while a single-process server holds it."""
        return bool(await self._scalar("SELECT pg_try_advisory_lock_shared(:k)", CLUSTER_KEY))

    async def _scalar(self, query: str, key: int) -> object:
        return await self._run(lambda c: c.execute(text(query), {"k": key}).scalar())

    async def try_take(self, table_id: str) -> bool:
        """Take the table's lock if no other process holds it (re-entrant: callers take it once). The locks
        asked for while the worker is busy are taken by one statement (``veillee.server.batches``)."""
        return await self._takes(table_id)

    def _take_many(self, table_ids: list[str]) -> dict[str, bool]:
        assert self._connection is not None  # run by ``_run``, which connects
        keys = {lock_key(table_id): table_id for table_id in table_ids}
        query = text("SELECT k, pg_try_advisory_lock(k) FROM unnest(CAST(:keys AS bigint[])) AS k")
        rows = self._connection.execute(query, {"keys": list(keys)}).all()
        return {keys[int(str(key))]: bool(taken) for key, taken in rows}

    async def give_up(self, table_id: str) -> None:
        try:
            await self._scalar("SELECT pg_advisory_unlock(:k)", lock_key(table_id))
        except Exception:  # the session is gone: so is the lock
            log.warning("could not release the lock of table %s (the session ended)", table_id)

    async def held_keys(self) -> set[int]:
        """Every table lock any process holds on this database now."""

        def work(connection: Connection) -> set[int]:
            rows = connection.execute(
                text(
                    "SELECT classid::bigint, objid::bigint FROM pg_locks WHERE locktype = 'advisory'"
                    " AND objsubid = 1 AND granted"
                    " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
                )
            ).all()
            return {_signed(int(str(a)), int(str(b))) for a, b in rows}

        return await self._run(work)

    async def is_held(self, table_id: str) -> bool:
        """Does any process hold the table's lock now (without trying to take it)?"""
        key = lock_key(table_id) & ((1 << 64) - 1)

        def work(connection: Connection) -> bool:
            query = text(
                "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1 AND granted"
                " AND classid::bigint = :c AND objid::bigint = :o"
                " AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))"
            )
            return bool(connection.execute(query, {"c": key >> 32, "o": key & 0xFFFFFFFF}).scalar())

        return await self._run(work)

    async def alive(self) -> bool:
        """Is the session (and so every lock of this process) still there? ``False`` calls ``lost``."""
        try:
            await self._run(lambda c: c.execute(text("SELECT 1")).scalar())
            return True
        except Exception:
            return False

    def close(self) -> None:
        def work() -> None:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

        self._executor.submit(work).result(10)
        self._executor.shutdown(wait=True)
        self._engine.dispose()
