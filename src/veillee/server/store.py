"""Storage of tables, seats and accepted actions (SQLAlchemy 2: SQLite by default, PostgreSQL by URL).

The record is the source of truth (boardgame.io's lesson): a table row holds the game, options, player
count and seed (and the head of the engine's own record, rules version included), and the ``actions`` rows
hold every accepted action in order. States are never stored; they
are rebuilt by ``veillee.replay`` on start-up. An action is appended in the same transaction that bumps the
table's version, guarded by the version it was checked against, so two writers can never both append
action number *n*.

The interface is async but the engine is the plain synchronous one, run on worker threads: the threads
keep database latency off the event loop, and spare a second driver dependency (aiosqlite/asyncpg). On
SQLite (one writer anyway) a single worker serialises every write. On PostgreSQL the play has a worker of
its own: accepted actions (group commits) and the writes queued "soon" (deadlines, presence) go there, the
lobby's writes and the reads to the other. In the load benchmark's creation storm one worker was busy 90 to
97 % of the time, mostly with seats and new tables, and moves waited behind them (44 to 107 ms at the median,
up to 260 ms; docs/server.md). Nothing in the play waits for a lobby write it has not awaited: a table's
actions are accepted only after its start is stored, and its status is set after its last action is. The
two cannot deadlock: the play's statements lock table rows and insert actions, a lobby write locks one
table row besides rows the play never touches (seats, operation records), and a table is purged only once
nobody plays at it.

Columns added since the first release are added to an existing database on start (``_create_schema``):
nullable, so older rows read as "not set".
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.sql.dml import UpdateBase

from veillee.server.appends import GroupCommit, PendingAction, StoreConflict
from veillee.server.batches import Batched
from veillee.server.rows import (  # re-exported: the rows used to live here
    ACTIONS,
    OPS,
    SEATS,
    TABLES,
    ActionRow,
    Base,
    OpRow,
    RecordRow,
    SeatRow,
    TableRow,
)

__all__ = [
    "ActionRow",
    "LoadedTable",
    "Op",
    "OpRepeated",
    "OpRow",
    "RecordRow",
    "Seat",
    "SeatRow",
    "Store",
    "StoreConflict",
    "TableRow",
    "database_url",
]

T = TypeVar("T")
SCHEMA_KEY = int.from_bytes(hashlib.sha256(b"veillee schema").digest()[:8], "big", signed=True)
"""The advisory lock that processes starting together on one PostgreSQL database take to create its tables."""
LOAD_CHUNK = 500
"""Tables read by one transaction at most (``Store._load_many``)."""


@dataclass(frozen=True)
class Op:
    """A forwarded operation to record with the write that does it: its id and its answer."""

    id: str
    result: Any = None


class OpRepeated(RuntimeError):
    """This operation was already done (its id is stored): nothing was written again."""


@dataclass
class Seat:
    """A seat as the service holds it in memory."""

    kind: str = "empty"
    name: str = ""
    token_hash: str | None = None
    level: str | None = None
    replaced: bool = False


@dataclass
class LoadedTable:
    """Everything stored about one table."""

    row: dict[str, Any]
    seats: list[Seat]
    actions: list[Any] = field(default_factory=list)


def database_url(data_dir: str | Path | None, url: str | None) -> str:
    """The URL to use: ``url`` if given, else an SQLite file in ``data_dir`` (created if needed)."""
    if url:
        return url
    directory = Path(data_dir or "veillee-data")
    directory.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(directory / 'veillee.sqlite3').resolve()}"


class Store:
    """The async storage interface the table service uses (one interface, no sync/async split)."""

    def __init__(self, url: str) -> None:
        self.url = url
        engine: Engine = create_engine(url, future=True)
        if engine.dialect.name == "sqlite":

            @event.listens_for(engine, "connect")
            def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
                # WAL + NORMAL: a commit survives the process being killed at any moment (only an OS
                # crash could lose the last commits), at a fraction of the cost of a full fsync each time.
                cursor = dbapi_connection.cursor()
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.execute("PRAGMA busy_timeout=5000")
                cursor.close()

        self.engine = engine
        self._one_statement = engine.dialect.name == "postgresql"
        self._autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
        """Reads of one query, and PostgreSQL's one-statement writes (``_atomic``): no BEGIN or COMMIT to send."""
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="veillee-store")
        self._play = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="veillee-store-play")
            if self._one_statement
            else self._executor
        )
        """Where accepted actions and the writes queued "soon" go: in order, and on PostgreSQL not behind the
        lobby's writes (the module's docstring)."""
        self.appends = GroupCommit(engine, lambda fn: _now_on(self._play, fn))
        self._loads = Batched(self._load_many, lambda fn: _now_on(self._executor, fn))
        self._create_schema()

    def _create_schema(self) -> None:
        """Create the tables, and bring a database made by an older version up to date (add the columns it
        lacks, all nullable). Several server processes may start at once on a new PostgreSQL database:
        they take turns (a transaction advisory lock), or two ``CREATE TABLE`` would collide."""
        with self.engine.begin() as connection:
            if self.engine.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": SCHEMA_KEY})
            Base.metadata.create_all(connection)
            inspector = inspect(connection)
            for table in Base.metadata.sorted_tables:
                present = {column["name"] for column in inspector.get_columns(table.name)}
                for column in table.columns:
                    if column.name not in present:
                        kind = column.type.compile(dialect=self.engine.dialect)
                        connection.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}"))

    async def _run(self, fn: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn)

    def close(self) -> None:
        self._play.shutdown(wait=True)
        self._executor.shutdown(wait=True)
        self.engine.dispose()

    # -- writes ------------------------------------------------------------------------------------------
    async def create_table(
        self,
        table_id: str,
        game: str,
        players: int,
        options: dict[str, Any],
        settings: dict[str, Any],
        seed: int,
        **extra: Any,
    ) -> None:
        """A new table in the lobby; ``extra``: the other columns (``public``, ``invite``, ``host``...)."""
        now = time.time()
        # every value given: a statement sent as another's CTE gets no column defaults (``_atomic``)
        row = {"options": json.dumps(options), "settings": json.dumps(settings), "seed": seed, "status": "lobby"}
        row |= {"version": 0, "public": False, **extra}
        table = insert(TABLES).values(
            id=table_id, game=game, players=players, created=now, updated=now, seen=now, **row
        )
        empty = {"kind": "empty", "name": "", "token_hash": None, "level": None, "replaced": False}
        seats = insert(SEATS).values([{"table_id": table_id, "seat": seat, **empty} for seat in range(players)])
        await self._run(lambda: self._atomic(table_id, None, table, seats))

    async def save_seat(self, table_id: str, seat: int, value: Seat, op: Op | None = None, **table_values: Any) -> None:
        """Store a seat, and in the same transaction ``table_values`` of the table (a new ``host``) and the
        operation ``op`` that did it (``OpRepeated`` if it was done already)."""
        change = update(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == seat)
        change = change.values(
            kind=value.kind, name=value.name, token_hash=value.token_hash, level=value.level, replaced=value.replaced
        )
        row = update(TABLES).where(TABLES.c.id == table_id).values(updated=time.time(), **table_values)
        await self._run(lambda: self._atomic(table_id, op, change, row))

    def _atomic(self, table_id: str, op: Op | None, *statements: UpdateBase) -> None:
        """Run ``statements`` as one transaction, with the record of ``op`` (the operation that does them) first:
        ``OpRepeated`` if it was done already, and then nothing is written.

        On PostgreSQL they are sent as one statement (the record and every statement but the last as its
        data-modifying CTEs, in autocommit: one round trip, atomic as a statement is), each changing other
        rows; elsewhere as a transaction of one statement each (SQLite's round trips are calls)."""
        if op is not None:
            result = json.dumps(op.result, separators=(",", ":"))
            record = insert(OPS).values(id=op.id, table_id=table_id, result=result, at=time.time())
            statements = (record, *statements)
        try:
            if self._one_statement:
                *first, last = statements
                with self._autocommit.connect() as connection:
                    connection.execute(last.add_cte(*(s.cte(f"w{i}") for i, s in enumerate(first))))
                return
            with self.engine.begin() as connection:
                for statement in statements:
                    connection.execute(statement)
        except IntegrityError:
            if op is None:
                raise
            raise OpRepeated(op.id) from None

    async def forget_ops(self, before: float) -> None:
        """Drop the records of operations done before ``before``: nobody retries them any more."""

        def work() -> None:
            with Session(self.engine) as session, session.begin():
                session.execute(delete(OpRow).where(OpRow.at < before))

        await self._run(work)

    async def op_result(self, op_id: str) -> tuple[bool, Any]:
        """Was the operation ``op_id`` done, and what did it answer?"""

        def work() -> tuple[bool, Any]:
            with Session(self._autocommit) as session:
                row = session.get(OpRow, op_id)
                return (False, None) if row is None else (True, json.loads(row.result))

        return await self._run(work)

    async def set_status(
        self, table_id: str, status: str, rematch: str | None = None, note: str | None = None, op: Op | None = None
    ) -> None:
        values: dict[str, Any] = {"status": status, "updated": time.time()}
        if rematch is not None:
            values["rematch"] = rematch
        if note is not None:
            values["note"] = note
        await self.update(table_id, op=op, **values)

    async def update(self, table_id: str, op: Op | None = None, **values: Any) -> None:
        """Set columns of one table row (and record ``op``, the operation that did it, in the transaction)."""

        change = update(TABLES).where(TABLES.c.id == table_id).values(**values)
        await self._run(lambda: self._atomic(table_id, op, change))

    def update_soon(self, table_ids: list[str], **values: Any) -> None:
        """Queue an update without waiting for it (turn deadlines, presence): it is written after every write
        queued before it, in order; a failure is logged, not raised."""
        if not table_ids:
            return
        future = self._play.submit(self._update, table_ids, values)
        future.add_done_callback(_log_failure)

    async def flush(self) -> None:
        """Wait until every update queued with ``update_soon`` so far is written (one worker, in order), and
        every action accepted before."""
        await asyncio.get_running_loop().run_in_executor(self._play, lambda: None)

    def _update(self, table_ids: list[str], values: dict[str, Any]) -> None:
        with self._autocommit.connect() as connection:  # one statement: atomic without BEGIN and COMMIT
            connection.execute(update(TABLES).where(TABLES.c.id.in_(table_ids)).values(**values))

    async def purge(self, table_id: str, record: dict[str, Any] | None) -> None:
        """Delete a table, its seats and actions; keep ``record`` (its game record) if one is given."""

        def work() -> None:
            with Session(self.engine) as session, session.begin():
                row = session.get(TableRow, table_id)
                if row is None:
                    return
                if record is not None:
                    text_ = json.dumps(record, separators=(",", ":"))
                    session.merge(
                        RecordRow(id=table_id, game=row.game, players=row.players, ended=time.time(), record=text_)
                    )
                session.execute(delete(ActionRow).where(ActionRow.table_id == table_id))
                session.execute(delete(OpRow).where(OpRow.table_id == table_id))
                session.execute(delete(SeatRow).where(SeatRow.table_id == table_id))
                session.execute(delete(TableRow).where(TableRow.id == table_id))

        await self._run(work)

    async def append_action(self, table_id: str, number: int, seat: int, action: Any, by: str, finished: bool) -> None:
        """Store accepted action ``number`` and set the table's version to it, in one transaction (shared
        with the other actions waiting then: ``veillee.server.appends``).

        Raises ``StoreConflict`` if the stored version is not ``number - 1``.
        """
        text_ = json.dumps(action, separators=(",", ":"))
        await self.appends.append(PendingAction(table_id, number, seat, text_, by, finished))

    async def stored_action(self, table_id: str, number: int) -> tuple[int, Any] | None:
        """The seat and action stored as action ``number`` of the table, if there is one."""

        def work() -> tuple[int, Any] | None:
            with self._autocommit.connect() as connection:
                row = connection.execute(
                    select(ACTIONS.c.seat, ACTIONS.c.action).where(
                        ACTIONS.c.table_id == table_id, ACTIONS.c.number == number
                    )
                ).first()
                return None if row is None else (int(row[0]), json.loads(row[1]))

        return await self._run(work)

    # -- reads -------------------------------------------------------------------------------------------
    async def ping(self) -> bool:
        """Does the database answer within 2 s? Asked on a thread of its own, not behind the queued writes: a
        busy moment must not look like a dead database to the load balancer."""

        def work() -> bool:
            with self.engine.connect() as connection:
                return connection.execute(text("SELECT 1")).scalar() == 1

        try:
            return await asyncio.wait_for(asyncio.to_thread(work), 2.0)
        except Exception:
            return False

    async def table_ids(
        self, statuses: tuple[str, ...], updated_before: float | None = None, public: bool | None = None
    ) -> list[str]:
        """The ids of the tables in one of ``statuses`` (last changed before ``updated_before``, and public or
        not, if given)."""

        def work() -> list[str]:
            query = select(TableRow.id).where(TableRow.status.in_(statuses))
            if public is not None:
                query = query.where(TableRow.public == public)
            if updated_before is not None:
                query = query.where(func.coalesce(TableRow.updated, TableRow.created) < updated_before)
            with Session(self._autocommit) as session:
                return list(session.scalars(query.order_by(TableRow.created)).all())

        return await self._run(work)

    async def recent_public(self, statuses: tuple[str, ...], limit: int) -> list[str]:
        """The ids of the ``limit`` public tables in one of ``statuses`` that changed last (the lobby page)."""

        def work() -> list[str]:
            changed = func.coalesce(TableRow.updated, TableRow.created)
            query = select(TableRow.id).where(TableRow.status.in_(statuses), TableRow.public.is_(True))
            with Session(self._autocommit) as session:
                return list(session.scalars(query.order_by(changed.desc()).limit(limit)).all())

        return await self._run(work)

    async def count_open(self, creator: str) -> int:
        """Tables in the lobby or playing that the client address hashed as ``creator`` created."""

        def work() -> int:
            query = select(func.count()).where(TableRow.creator == creator, TableRow.status.in_(("lobby", "playing")))
            with Session(self._autocommit) as session:
                return int(session.scalar(query) or 0)

        return await self._run(work)

    async def load_record(self, table_id: str) -> dict[str, Any] | None:
        """The kept game record of a deleted table, if there is one."""

        def work() -> dict[str, Any] | None:
            with Session(self._autocommit) as session:
                row = session.get(RecordRow, table_id)
                return None if row is None else dict(json.loads(row.record))

        return await self._run(work)

    async def load(self, table_id: str) -> LoadedTable | None:
        """Everything stored about a table (``None`` if there is no such table), read with the other tables
        asked for while the worker is busy (``veillee.server.batches``: a killed process's tables, taken over
        at once, are read in one transaction instead of one each)."""
        return await self._loads(table_id)

    def _load_many(self, table_ids: list[str]) -> dict[str, LoadedTable | None]:
        """One transaction of three queries, however many tables: the rows, their seats, their actions."""
        if len(table_ids) > LOAD_CHUNK:  # a query's parameters are bounded (SQLite: 32,766)
            chunks = (table_ids[i : i + LOAD_CHUNK] for i in range(0, len(table_ids), LOAD_CHUNK))
            return {k: v for chunk in chunks for k, v in self._load_many(chunk).items()}
        loaded: dict[str, LoadedTable | None] = dict.fromkeys(table_ids)
        with Session(self.engine) as session:
            for row in session.scalars(select(TableRow).where(TableRow.id.in_(table_ids))):
                loaded[row.id] = LoadedTable(_row_data(row), [])
            found = [table_id for table_id, table in loaded.items() if table is not None]
            if not found:
                return loaded
            seats = select(SeatRow).where(SeatRow.table_id.in_(found)).order_by(SeatRow.table_id, SeatRow.seat)
            for s in session.scalars(seats):
                _found(loaded, s.table_id).seats.append(Seat(s.kind, s.name, s.token_hash, s.level, s.replaced))
            actions = select(ActionRow.table_id, ActionRow.action).where(ActionRow.table_id.in_(found))
            for table_id, text_ in session.execute(actions.order_by(ActionRow.table_id, ActionRow.number)):
                _found(loaded, table_id).actions.append(json.loads(text_))
        return loaded


def _now_on(executor: ThreadPoolExecutor, fn: Callable[[], T]) -> asyncio.Future[T]:
    """``fn`` queued on ``executor`` now (its future on the running loop)."""
    return asyncio.get_running_loop().run_in_executor(executor, fn)


def _found(loaded: dict[str, LoadedTable | None], table_id: str) -> LoadedTable:
    table = loaded[table_id]
    assert table is not None
    return table


def _row_data(row: TableRow) -> dict[str, Any]:
    """A table row as the service reads it (columns added since the first release may be unset)."""
    return {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "options": json.loads(row.options),
        "settings": json.loads(row.settings or "{}"),
        "seed": row.seed,
        "status": row.status,
        "version": row.version,
        "created": row.created,
        "rematch": row.rematch,
        "public": bool(row.public),
        "invite": row.invite,
        "host": row.host,
        "seen": row.seen if row.seen is not None else row.updated or row.created,
        "updated": row.updated if row.updated is not None else row.created,
        "deadline": row.deadline,
        "deadline_version": row.deadline_version,
        "head": json.loads(row.head) if row.head else None,
    }


def _log_failure(future: Any) -> None:
    exc = future.exception()
    if exc is not None:
        logging.getLogger("veillee.server").error("a queued database update failed: %r", exc)
