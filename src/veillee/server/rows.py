"""The database's tables (SQLAlchemy declarative rows) for ``veillee.server.store``, which re-exports them.

Kept apart so the store's module holds what it does with them (transactions, reads), not their columns.
"""

from __future__ import annotations

from typing import cast

from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Integer, String, Text
from sqlalchemy import Table as SqlTable
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["ACTIONS", "OPS", "SEATS", "TABLES", "ActionRow", "Base", "OpRow", "RecordRow", "SeatRow", "TableRow"]


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
    """``lobby``, ``playing``, ``finished``, ``closed`` (by its host, or abandoned) or ``broken`` (its record
    no longer replays, e.g. after a rules change)."""
    version: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[float] = mapped_column(Float)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True, default=None)
    """The id of the rematch table, once there is one."""
    public: Mapped[bool | None] = mapped_column(Boolean, nullable=True, default=False)
    """Listed, and joinable without the invite code."""
    invite: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    """The invite code (kept readable: seated players are given it again to share the table)."""
    host: Mapped[int | None] = mapped_column(Integer, nullable=True, default=None)
    """The host's seat: who may start, remove a seat and close the table."""
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    """A hash of the creator's client address, to cap the open tables of one address."""
    seen: Mapped[float | None] = mapped_column(Float, nullable=True, default=None)
    """When a person seated at the table was last connected (time.time())."""
    updated: Mapped[float | None] = mapped_column(Float, nullable=True, default=None)
    """When the table last changed (a seat, an action, its status)."""
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, default=None)
    """When the running turn timer ends (time.time()), for the decision at ``deadline_version``."""
    deadline_version: Mapped[int | None] = mapped_column(Integer, nullable=True, default=None)
    head: Mapped[str | None] = mapped_column(Text, nullable=True, default=None)
    """The engine's record of the match without its actions (JSON), rules version included."""
    note: Mapped[str | None] = mapped_column(Text, nullable=True, default=None)
    """Why the table is closed or broken (for the operator; never sent to a client)."""


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


class OpRow(Base):
    """A forwarded operation that was done (several processes: ``veillee.server.cluster``), stored in the
    transaction of its effect, so that a retry of it (its first owner died before answering) is answered
    from here instead of being done twice."""

    __tablename__ = "veillee_ops"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    result: Mapped[str] = mapped_column(Text)
    """What the operation answered (JSON; never a secret: a join's token is the forwarder's own)."""
    at: Mapped[float] = mapped_column(Float)


class RecordRow(Base):
    """The game record of a match whose table was deleted (kept with ``--keep-records``)."""

    __tablename__ = "veillee_records"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    ended: Mapped[float] = mapped_column(Float)
    record: Mapped[str] = mapped_column(Text)


TABLES = cast(SqlTable, TableRow.__table__)
ACTIONS = cast(SqlTable, ActionRow.__table__)
OPS = cast(SqlTable, OpRow.__table__)
SEATS = cast(SqlTable, SeatRow.__table__)
