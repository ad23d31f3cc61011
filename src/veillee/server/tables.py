"""The table service: lobby, seats and tokens, start, play, bots, turn timers, rematch, and recovery.

Everything that changes a table goes through here, on the event loop, under the table's lock, in this
order: check (``Match.check``, which changes nothing), persist (``Store.append_action``, one transaction
that also bumps the version), apply (``Match.commit``), then tell everyone (``Hub.deliver``). A crash at any
point therefore loses nothing anyone was told of, and on start-up ``load`` rebuilds every table from its
record with ``veillee.replay``.

No line here knows a game: options, views, events and legal actions come from the registry and ``Match``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import veillee
from veillee.core import VeilleeError, derive_seed
from veillee.core.match import Accepted, Match, Rejected
from veillee.server import bots
from veillee.server.hub import Hub
from veillee.server.messages import CreateTableRequest, ServiceError
from veillee.server.store import Seat, Store

__all__ = ["Table", "TableService", "hash_token"]

log = logging.getLogger("veillee.server")


def hash_token(token: str) -> str:
    """Tokens are stored hashed: a leaked database does not let anyone take a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Table:
    """A table in memory: its stored facts, its seats, and its match once started."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    settings: dict[str, Any]
    seed: int
    status: str
    seats: list[Seat]
    match: Match | None = None
    rematch: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    deadline: float | None = None
    """When the seat to act runs out of time (``time.monotonic``), if the table has a turn timer."""
    task: asyncio.Task[None] | None = None
    """The pending bot move or timer of this table (at most one: only one seat acts at a time)."""

    def seat_of(self, token: str | None) -> int | None:
        if not token:
            return None
        digest = hash_token(token)
        for number, seat in enumerate(self.seats):
            if seat.kind == "human" and seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return number
        return None

    def public(self, connected: set[int] | None = None) -> dict[str, Any]:
        """What anyone with the link may know of the table (never the seed, never a token)."""
        match = self.match
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "turn_seconds": self.settings.get("turn_seconds"),
            "stand_in": self.settings.get("stand_in", "easy"),
            "status": self.status,
            "version": match.version if match else 0,
            "rematch": self.rematch,
            "seats": [
                {
                    "seat": n,
                    "kind": s.kind,
                    "name": s.name,
                    "level": s.level,
                    "replaced": s.replaced,
                    "connected": connected is not None and n in connected,
                }
                for n, s in enumerate(self.seats)
            ],
        }

    def timer_left(self) -> float | None:
        if self.deadline is None:
            return None
        return max(0.0, round(self.deadline - time.monotonic(), 3))


class TableService:
    """All tables of this server; the only writer of the store."""

    def __init__(self, store: Store, hub: Hub, *, bot_delay: float = 0.5) -> None:
        self.store = store
        self.hub = hub
        self.bot_delay = bot_delay
        """Seconds a bot waits before acting, so people can follow (0 in tests and benchmarks)."""
        self.tables: dict[str, Table] = {}
        self.actions = 0
        self._closing = False

    # -- start-up and shutdown --------------------------------------------------------------------------
    async def load(self) -> None:
        """Rebuild every unfinished table from its record, and resume its bots and timers."""
        for loaded in await self.store.load_all():
            table = self._from_loaded(loaded.row, loaded.seats)
            if table.status != "lobby":
                record = {
                    "format": veillee.core.RECORD_FORMAT,
                    "game": table.game,
                    "players": table.players,
                    "options": table.options,
                    "seed": table.seed,
                    "actions": loaded.actions,
                }
                table.match = Match(veillee.replay(record))
                if table.match.is_over and table.status != "finished":
                    table.status = "finished"
                    await self.store.set_status(table.id, "finished")
            self.tables[table.id] = table
            self._schedule(table)
        log.info("loaded %d tables", len(self.tables))

    async def close(self) -> None:
        self._closing = True
        for table in self.tables.values():
            if table.task is not None:
                table.task.cancel()

    def _from_loaded(self, row: dict[str, Any], seats: list[Seat]) -> Table:
        return Table(
            id=row["id"],
            game=row["game"],
            players=row["players"],
            options=row["options"],
            settings=row["settings"],
            seed=row["seed"],
            status=row["status"],
            seats=seats,
            rematch=row["rematch"],
        )

    async def get(self, table_id: str) -> Table:
        """A table by id; finished ones are read back from the store when asked for (replays)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        loaded = await self.store.load(table_id) if len(table_id) <= 32 else None
        if loaded is None:
            raise ServiceError("table_not_found")
        table = self._from_loaded(loaded.row, loaded.seats)
        record = self._record(table, loaded.actions)
        table.match = Match(veillee.replay(record)) if table.status != "lobby" else None
        return self.tables.setdefault(table.id, table)

    def _record(self, table: Table, actions: list[Any]) -> dict[str, Any]:
        return {
            "format": veillee.core.RECORD_FORMAT,
            "game": table.game,
            "players": table.players,
            "options": table.options,
            "seed": table.seed,
            "actions": actions,
        }

    # -- lobby --------------------------------------------------------------------------------------------
    async def create(self, request: CreateTableRequest) -> tuple[Table, str | None]:
        """A new table in the lobby; with ``request.name`` its creator takes seat 0 (token returned)."""
        if request.game not in veillee.game_names():
            raise ServiceError("unknown_game", f"the games are: {', '.join(veillee.game_names())}")
        if request.stand_in not in bots.LEVELS:
            raise ServiceError("bad_level", f"the levels are: {', '.join(bots.LEVELS)}")
        try:  # a trial match checks the options and player count with the game's own words
            trial = veillee.new_game(request.game, request.players, 0, **request.options)
        except (VeilleeError, TypeError) as exc:
            raise ServiceError("bad_option", str(exc)) from None
        options = dict(trial.options)
        settings = {"turn_seconds": request.turn_seconds, "stand_in": request.stand_in}
        table_id = secrets.token_urlsafe(9)
        seed = secrets.randbits(62)
        await self.store.create_table(table_id, request.game, request.players, options, settings, seed)
        table = Table(
            table_id,
            request.game,
            request.players,
            options,
            settings,
            seed,
            "lobby",
            [Seat() for _ in range(request.players)],
        )
        self.tables[table_id] = table
        token = None
        if request.name is not None:
            _seat, token = await self.join(table_id, request.name, 0)
        return table, token

    async def join(self, table_id: str, name: str, seat: int | None) -> tuple[int, str]:
        table = await self.get(table_id)
        async with table.lock:
            number = self._free_seat(table, seat)
            token = secrets.token_urlsafe(24)
            value = Seat(kind="human", name=name.strip() or "?", token_hash=hash_token(token))
            await self.store.save_seat(table.id, number, value)
            table.seats[number] = value
        self._table_changed(table)
        return number, token

    async def add_bot(self, table_id: str, token: str | None, level: str, seat: int | None) -> int:
        table = await self.get(table_id)
        self.seat_for(table, token)
        if level not in bots.LEVELS:
            raise ServiceError("bad_level", f"the levels are: {', '.join(bots.LEVELS)}")
        async with table.lock:
            number = self._free_seat(table, seat)
            value = Seat(kind="bot", name=f"bot {number + 1} ({level})", level=level)
            await self.store.save_seat(table.id, number, value)
            table.seats[number] = value
        self._table_changed(table)
        return number

    def _free_seat(self, table: Table, seat: int | None) -> int:
        if table.status != "lobby":
            raise ServiceError("already_started")
        if seat is None:
            for number, value in enumerate(table.seats):
                if value.kind == "empty":
                    return number
            raise ServiceError("table_full")
        if not 0 <= seat < table.players:
            raise ServiceError("bad_seat", f"seats are numbered 0 to {table.players - 1}")
        if table.seats[seat].kind != "empty":
            raise ServiceError("seat_taken")
        return seat

    def seat_for(self, table: Table, token: str | None) -> int:
        """The seat ``token`` holds at ``table``; ``bad_token`` if none."""
        seat = table.seat_of(token)
        if seat is None:
            raise ServiceError("bad_token" if token else "not_seated")
        return seat

    async def leave(self, table_id: str, token: str | None) -> None:
        """In the lobby the seat is freed; during a match a bot (the stand-in level) plays it to the end."""
        table = await self.get(table_id)
        async with table.lock:
            seat = self.seat_for(table, token)
            if table.status == "lobby":
                value = Seat()
            elif table.status == "playing":
                old = table.seats[seat]
                value = Seat("bot", old.name, None, table.settings.get("stand_in", "easy"), replaced=True)
            else:
                raise ServiceError("match_over")
            await self.store.save_seat(table.id, seat, value)
            table.seats[seat] = value
        for connection in self.hub.connections(table.id):
            if connection.seat == seat:
                connection.seat = None  # the token is void: this connection is now a spectator
        self._table_changed(table)
        self._schedule(table)

    async def start(self, table_id: str, token: str | None) -> Table:
        table = await self.get(table_id)
        async with table.lock:
            self.seat_for(table, token)
            if table.status != "lobby":
                raise ServiceError("already_started")
            if any(s.kind == "empty" for s in table.seats):
                raise ServiceError("seats_empty")
            table.match = Match(veillee.new_game(table.game, table.players, table.seed, **table.options))
            await self.store.set_status(table.id, "playing")
            table.status = "playing"
        self._table_changed(table)
        for connection in self.hub.connections(table.id):
            connection.send(self.snapshot_message(table, connection.seat, 0))
        self._schedule(table)
        return table

    async def rematch(self, table_id: str, token: str | None) -> Table:
        """A new table with the same game, options and seats (the same tokens still hold them)."""
        table = await self.get(table_id)
        async with table.lock:
            self.seat_for(table, token)
            if table.status != "finished":
                raise ServiceError("not_finished")
            if table.rematch is not None:
                return await self.get(table.rematch)
            request = CreateTableRequest(
                game=table.game,
                players=table.players,
                options=table.options,
                turn_seconds=table.settings.get("turn_seconds"),
                stand_in=table.settings.get("stand_in", "easy"),
            )
            new, _ = await self.create(request)
            for number, seat in enumerate(table.seats):
                value = Seat(seat.kind, seat.name, seat.token_hash, seat.level, seat.replaced)
                await self.store.save_seat(new.id, number, value)
                new.seats[number] = value
            table.rematch = new.id
            await self.store.set_status(table.id, "finished", rematch=new.id)
        self.hub.broadcast(table.id, {"type": "rematch", "table": new.id})
        return new

    async def record(self, table_id: str) -> dict[str, Any]:
        """The game record, seed included, only once the match is over (before, it would tell the deck)."""
        table = await self.get(table_id)
        if table.match is None or not table.match.is_over:
            raise ServiceError("not_finished")
        return table.match.record()

    # -- play -----------------------------------------------------------------------------------------------
    async def submit(
        self, table: Table, seat: int, action: Any, version: Any, by: str = "player"
    ) -> Rejected | Accepted:
        """Check, persist, apply, tell: the one path every action takes (people, bots and timers).

        Shielded: a caller cancelled half-way (a timer superseded, a socket gone) must not leave an action
        stored but not applied.
        """
        return await asyncio.shield(self._submit(table, seat, action, version, by))

    async def _submit(self, table: Table, seat: int, action: Any, version: Any, by: str) -> Rejected | Accepted:
        async with table.lock:
            match = table.match
            if match is None:
                return Rejected("not_started", "the match has not started yet")
            checked = match.check(seat, action, version)
            if isinstance(checked, Rejected):
                return checked
            try:
                await self.store.append_action(table.id, match.version + 1, seat, checked.to_json(), by, False)
            except Exception:
                log.exception("could not store an action of table %s", table.id)
                return Rejected("server_error", "the action could not be saved; try again")
            accepted = match.commit(seat, checked)
            self.actions += 1
            if match.is_over:
                table.status = "finished"
                await self.store.set_status(table.id, "finished")
            self._schedule(table)
            self.hub.deliver(table.id, accepted.deliveries, lambda: {"turn_left": table.timer_left()})
        if match.is_over:
            self._table_changed(table)
        return accepted

    def snapshot_message(self, table: Table, seat: int | None, events_from: int) -> dict[str, Any]:
        assert table.match is not None
        delivery = table.match.snapshot(seat, events_from)
        return {"type": "state", **delivery.to_json(), "turn_left": table.timer_left()}

    def _table_changed(self, table: Table) -> None:
        self.hub.broadcast(table.id, {"type": "table", "table": table.public(self.hub.connected_seats(table.id))})

    # -- bots and timers ----------------------------------------------------------------------------------
    def _schedule(self, table: Table) -> None:
        """After any change: arm the bot move or the turn timer of the seat to act (at most one task)."""
        if table.task is not None and table.task is not asyncio.current_task():
            table.task.cancel()
        table.task = None
        table.deadline = None
        match = table.match
        if self._closing or match is None or match.is_over or match.to_act is None or table.status != "playing":
            return
        seat = table.seats[match.to_act]
        if seat.kind == "bot":
            table.task = asyncio.create_task(self._bot_move(table, match.to_act, seat.level or "easy", "bot"))
        elif table.settings.get("turn_seconds"):
            seconds = float(table.settings["turn_seconds"])
            table.deadline = time.monotonic() + seconds
            level = table.settings.get("stand_in", "easy")
            table.task = asyncio.create_task(self._bot_move(table, match.to_act, level, "timer", seconds))

    async def _bot_move(self, table: Table, seat: int, level: str, by: str, wait: float | None = None) -> None:
        """A bot's move (or a stand-in's once a timer runs out), thought on a worker thread."""
        try:
            await asyncio.sleep(self.bot_delay if wait is None else wait)
            match = table.match
            if match is None or match.to_act != seat:
                return
            version = match.version
            rng = random.Random(derive_seed(table.seed, "server-bot", seat, version))
            decision = bots.prepare(match, seat, rng, level)
            try:
                action = await asyncio.to_thread(bots.decide, decision, level, rng)
            except Exception:  # a bot bug must not stall the table: play a random legal action instead
                log.exception("table %s: the %s bot failed; playing a random action", table.id, level)
                action = decision.legal[rng.randrange(len(decision.legal))].to_json()
            if table.task is asyncio.current_task():
                table.task = None
            outcome = await self.submit(table, seat, action, version, by)
            if isinstance(outcome, Rejected) and outcome.code != "stale_version":
                log.error("table %s: the %s bot at seat %d was refused: %s", table.id, level, seat, outcome.code)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: bot move failed", table.id)

    async def cancel_all(self) -> None:
        for table in self.tables.values():
            task = table.task
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
