"""Storage of tables, seats and accepted actions (SQLAlchemy 2: SQLite by default, PostgreSQL by URL).

The record is the source of truth (boardgame.io's lesson): a table row holds the game, options, player
count and seed, and the ``actions`` rows hold every accepted action in order. States are never stored; they
are rebuilt by ``veillee.replay`` on start-up. An action is appended in the same transaction that bumps the
table's version, guarded by the version it was checked against, so two writers can never both append
action number *n*.

The interface is async but the engine is the plain synchronous one, run on a single worker thread: SQLite
allows one writer anyway, the thread keeps database latency off the event loop, and it spares a second
driver dependency (aiosqlite/asyncpg). One worker serialises every write, which also keeps the commit order
equal to the acceptance order.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

__all__ = ["ActionRow", "SeatRow", "Store", "StoreConflict", "TableRow", "database_url"]

T = TypeVar("T")


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One table: its game and options, the seed (never sent to a client before the end), and its status."""

    __tablename__ = "veillee_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text)
    """The game options as JSON text."""
    settings: Mapped[str] = mapped_column(Text, default="{}")
    """Table settings (turn timer, stand-in bot level) as JSON text."""
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default="lobby")
    """``lobby``, ``playing`` or ``finished``."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[float] = mapped_column(Float)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True, default=None)
    """The id of the rematch table, once there is one."""


class SeatRow(Base):
    """Who holds a seat: nobody, a person (by the hash of their secret token) or a bot."""

    __tablename__ = "veillee_seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("veillee_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), default="empty")
    """``empty``, ``human`` or ``bot``."""
    name: Mapped[str] = mapped_column(String(64), default="")
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    level: Mapped[str | None] = mapped_column(String(16), nullable=True, default=None)
    replaced: Mapped[bool] = mapped_column(Boolean, default=False)
    """A person's seat now played by a bot (they left)."""


class ActionRow(Base):
    """Accepted action number ``number`` (1-based: the table's version right after it)."""

    __tablename__ = "veillee_actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("veillee_tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column(String(8))
    """``player``, ``bot`` or ``timer``."""
    at: Mapped[float] = mapped_column(Float)


class StoreConflict(RuntimeError):
    """The table's stored version is not the one the action was checked against."""


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
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="veillee-store")
        Base.metadata.create_all(engine)

    async def _run(self, fn: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn)

    def close(self) -> None:
        self._executor.shutdown(wait=True)
        self.engine.dispose()

    # -- writes ------------------------------------------------------------------------------------------
    async def create_table(
        self, table_id: str, game: str, players: int, options: dict[str, Any], settings: dict[str, Any], seed: int
    ) -> None:
        def work() -> None:
            with Session(self.engine) as session, session.begin():
                session.add(
                    TableRow(
                        id=table_id,
                        game=game,
                        players=players,
                        options=json.dumps(options),
                        settings=json.dumps(settings),
                        seed=seed,
                        status="lobby",
                        version=0,
                        created=time.time(),
                    )
                )
                session.flush()
                for seat in range(players):
                    session.add(SeatRow(table_id=table_id, seat=seat))

        await self._run(work)

    async def save_seat(self, table_id: str, seat: int, value: Seat) -> None:
        def work() -> None:
            with Session(self.engine) as session, session.begin():
                row = session.get(SeatRow, (table_id, seat))
                assert row is not None
                row.kind, row.name, row.token_hash = value.kind, value.name, value.token_hash
                row.level, row.replaced = value.level, value.replaced

        await self._run(work)

    async def set_status(self, table_id: str, status: str, rematch: str | None = None) -> None:
        def work() -> None:
            with Session(self.engine) as session, session.begin():
                values: dict[str, Any] = {"status": status}
                if rematch is not None:
                    values["rematch"] = rematch
                session.execute(update(TableRow).where(TableRow.id == table_id).values(**values))

        await self._run(work)

    async def append_action(self, table_id: str, number: int, seat: int, action: Any, by: str, finished: bool) -> None:
        """Store accepted action ``number`` and set the table's version to it, in one transaction.

        Raises ``StoreConflict`` if the stored version is not ``number - 1``.
        """
        text = json.dumps(action, separators=(",", ":"))

        def work() -> None:
            with Session(self.engine) as session, session.begin():
                values: dict[str, Any] = {"version": number}
                if finished:
                    values["status"] = "finished"
                bumped = session.execute(
                    update(TableRow).where(TableRow.id == table_id, TableRow.version == number - 1).values(**values)
                )
                if getattr(bumped, "rowcount", 1) != 1:
                    raise StoreConflict(f"table {table_id} is not at version {number - 1}")
                session.add(ActionRow(table_id=table_id, number=number, seat=seat, action=text, by=by, at=time.time()))

        await self._run(work)

    # -- reads -------------------------------------------------------------------------------------------
    async def load_all(self) -> list[LoadedTable]:
        """Every table not finished, with its seats and actions (finished ones load on demand)."""

        def work() -> list[LoadedTable]:
            with Session(self.engine) as session:
                ids = session.scalars(select(TableRow.id).where(TableRow.status != "finished")).all()
            return [t for t in (self._load(i) for i in ids) if t is not None]

        return await self._run(work)

    async def load(self, table_id: str) -> LoadedTable | None:
        return await self._run(lambda: self._load(table_id))

    def _load(self, table_id: str) -> LoadedTable | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            data = {
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
            }
            seat_rows = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            seats = [Seat(s.kind, s.name, s.token_hash, s.level, s.replaced) for s in seat_rows]
            actions = [
                json.loads(text)
                for text in session.scalars(
                    select(ActionRow.action).where(ActionRow.table_id == table_id).order_by(ActionRow.number)
                ).all()
            ]
            return LoadedTable(data, seats, actions)
