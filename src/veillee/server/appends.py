"""Accepted actions written in groups: every action accepted while the store's worker is busy goes into the
next transaction with the others ("group commit", what PostgreSQL's ``commit_delay`` does for WAL flushes).

Why: each action paid for a hop to the store's thread, its own BEGIN, UPDATE, INSERT and COMMIT, and a WAL
flush. Under load, when latency matters, many actions wait for the worker at once, and one transaction for
all of them costs little more than one for each. A lone action is written as soon as the worker is free,
as before. A batch is one job in the worker's queue, opened by its first action: a write queued after an
action is written after it, and ``Store.flush`` still waits for it.

Each action stays guarded by its own version: one that conflicts (another process stored that version) is
left out of the transaction and its caller gets ``StoreConflict``; the others are stored. If the
transaction fails, no action of the batch is stored and every caller gets the error ("try again").

On PostgreSQL a batch is **one statement** (``_ONE_STATEMENT``: the version bumps a data-modifying CTE, the
inserts joined to the bumps that succeeded), run in autocommit, so one round trip to the server instead of
BEGIN, an UPDATE per action, the INSERT and COMMIT. Measured under the cluster's load (docs/server.md),
each round trip costs a wake-up of the database backend on cores that are busy: a batch took 8–9 ms.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import insert, text, update
from sqlalchemy.engine import Engine

from veillee.server.rows import ACTIONS, TABLES

__all__ = ["GroupCommit", "PendingAction", "StoreConflict"]

Conflicts = frozenset[tuple[str, int]]
Submit = Callable[[Callable[[], Conflicts]], "asyncio.Future[Conflicts]"]


class StoreConflict(RuntimeError):
    """The table's stored version is not the one the action was checked against."""


@dataclass(frozen=True)
class PendingAction:
    """Action ``number`` of a table, accepted and waiting to be stored (``action``: its JSON text)."""

    table_id: str
    number: int
    seat: int
    action: str
    by: str
    finished: bool


class GroupCommit:
    """Batches of accepted actions, each written in one transaction on the store's worker."""

    def __init__(self, engine: Engine, submit: Submit) -> None:
        """``submit`` queues a function on the store's single worker *now* (not at the next turn of the
        event loop): the order of the worker's queue is the order writes were asked for."""
        self._engine = engine
        self._one_statement = engine.dialect.name == "postgresql"
        self._autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
        self._submit = submit
        self._lock = threading.Lock()  # the event loop adds to the open batch while the worker closes it
        self._open: list[PendingAction] | None = None
        self._job: asyncio.Future[Conflicts] | None = None
        self.transactions = 0
        self.actions = 0

    async def append(self, item: PendingAction) -> None:
        """Store ``item``, with whatever else is waiting; ``StoreConflict`` if its version was taken."""
        with self._lock:
            if self._open is None:
                batch: list[PendingAction] = []
                self._open = batch
                self._job = self._submit(lambda: self._write(batch))
            self._open.append(item)
            job = self._job
        assert job is not None
        # shielded: one caller cancelled must not cancel the write the others wait for
        conflicts = await asyncio.shield(job)
        if (item.table_id, item.number) in conflicts:
            raise StoreConflict(f"table {item.table_id} is not at version {item.number - 1}")

    def _write(self, batch: list[PendingAction]) -> Conflicts:
        with self._lock:  # from now on this batch is closed: the next action opens another
            if self._open is batch:
                self._open = None
        if self._one_statement and len({item.table_id for item in batch}) == len(batch):
            return self._write_one_statement(batch)
        now = time.time()
        conflicts: set[tuple[str, int]] = set()
        rows = []
        with self._engine.begin() as connection:
            # in one order on every process, so that two transactions never wait for each other's rows
            for item in sorted(batch, key=lambda a: (a.table_id, a.number)):
                values: dict[str, object] = {"version": item.number, "updated": now}
                if item.finished:
                    values["status"] = "finished"
                bumped = connection.execute(
                    update(TABLES)
                    .where(TABLES.c.id == item.table_id, TABLES.c.version == item.number - 1)
                    .values(**values)
                )
                if bumped.rowcount != 1:
                    conflicts.add((item.table_id, item.number))
                    continue
                rows.append(
                    {
                        "table_id": item.table_id,
                        "number": item.number,
                        "seat": item.seat,
                        "action": item.action,
                        "by": item.by,
                        "at": now,
                    }
                )
            if rows:
                connection.execute(insert(ACTIONS), rows)
        self.transactions += 1
        self.actions += len(rows)
        return frozenset(conflicts)

    def _write_one_statement(self, batch: list[PendingAction]) -> Conflicts:
        """The batch in one PostgreSQL statement (at most one action per table: a table's next action waits
        for this one under the table's lock, so a second one in a batch is rare and takes ``_write``)."""
        batch = sorted(batch, key=lambda a: a.table_id)  # the rows locked in one order, as ``_write`` does
        params = {
            "ids": [item.table_id for item in batch],
            "numbers": [item.number for item in batch],
            "seats": [item.seat for item in batch],
            "actions": [item.action for item in batch],
            "bys": [item.by for item in batch],
            "finished": [item.finished for item in batch],
            "now": time.time(),
        }
        with self._autocommit.connect() as connection:
            stored = {(str(row[0]), int(row[1])) for row in connection.execute(_ONE_STATEMENT, params)}
        self.transactions += 1
        self.actions += len(stored)
        return frozenset((item.table_id, item.number) for item in batch) - stored


_ONE_STATEMENT = text(
    f"""
    WITH batch AS (
        SELECT * FROM unnest(
            CAST(:ids AS text[]), CAST(:numbers AS integer[]), CAST(:seats AS integer[]),
            CAST(:actions AS text[]), CAST(:bys AS text[]), CAST(:finished AS boolean[])
        ) AS b(table_id, number, seat, action, by_, finished)
    ), bumped AS (
        UPDATE {TABLES.name} AS t
        SET version = batch.number, updated = :now,
            status = CASE WHEN batch.finished THEN 'finished' ELSE t.status END
        FROM batch
        WHERE t.id = batch.table_id AND t.version = batch.number - 1
        RETURNING t.id, t.version
    )
    INSERT INTO {ACTIONS.name} (table_id, number, seat, action, "by", at)
    SELECT batch.table_id, batch.number, batch.seat, batch.action, batch.by_, :now
    FROM batch JOIN bumped ON bumped.id = batch.table_id AND bumped.version = batch.number
    RETURNING table_id, number
    """
)
"""Store a batch's actions whose table is at the version before theirs; answers the ones stored."""
