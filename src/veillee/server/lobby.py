"""The lobby: creating tables, seats and tokens, invite codes, the host, start, leave, close and rematch.

Every operation checks who asks first (the invite code, the seat token, the host's seat) and says nothing
else to someone who may not ask; then it changes the table under its lock, storing before telling.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

import veillee
from veillee.core import VeilleeError
from veillee.core.match import Match
from veillee.server import bots
from veillee.server.messages import NAME_MAX, CreateTableRequest, ServiceError, clean_name
from veillee.server.store import Op, Seat
from veillee.server.tables import OPEN, Table, TableCore, hash_token, not_open

__all__ = ["TableService"]


class TableService(TableCore):
    """The table service: the core's tables and play, and the operations of the lobby."""

    # -- lobby --------------------------------------------------------------------------------------------
    async def create(self, request: CreateTableRequest, creator: str | None = None) -> tuple[Table, str | None]:
        """A new table in the lobby; with ``request.name`` its creator takes seat 0 as the host (token
        returned). ``creator`` (a hash of the client address) is capped at ``max_open_tables`` open tables."""
        if request.game not in veillee.game_names():
            raise ServiceError("unknown_game", f"the games are: {', '.join(veillee.game_names())}")
        if request.stand_in not in bots.LEVELS:
            raise ServiceError("bad_level", f"the levels are: {', '.join(bots.LEVELS)}")
        if "deck" in request.options:
            raise ServiceError("bad_option", "a stacked deck is for tests, not for tables")
        name = self._name(request.name) if request.name is not None else None
        if creator is not None and await self.store.count_open(creator) >= self.settings.max_open_tables:
            raise ServiceError("too_many_tables", f"at most {self.settings.max_open_tables} open tables per address")
        try:  # a trial match checks the options and player count with the game's own words
            trial = veillee.new_game(request.game, request.players, 0, **request.options)
        except (VeilleeError, TypeError, ValueError, OverflowError) as exc:
            raise ServiceError("bad_option", str(exc)[:300]) from None
        table = await self._new_table(
            request.game,
            request.players,
            dict(trial.options),
            {"turn_seconds": request.turn_seconds, "stand_in": request.stand_in},
            public=request.public,
            creator=creator,
        )
        token = None
        if name is not None:
            _seat, token = await self._seat_person(table, name, 0)
        return table, token

    async def _new_table(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        settings: dict[str, Any],
        *,
        public: bool,
        creator: str | None,
        host: int | None = None,
    ) -> Table:
        table_id = secrets.token_urlsafe(9)
        if self.settings.balancer_name:  # where the balancer will send its players: here, while this one is up
            table_id = f"{self.settings.balancer_name}.{table_id}"
        seed = secrets.randbits(62)
        invite = secrets.token_urlsafe(16)
        await self.store.create_table(
            table_id, game, players, options, settings, seed, public=public, invite=invite, creator=creator, host=host
        )
        seats = [Seat() for _ in range(players)]
        table = Table(table_id, game, players, options, settings, seed, "lobby", seats, public=public, invite=invite)
        table.host, table.creator = host, creator
        self.tables[table_id] = table
        return table

    @staticmethod
    def _name(raw: str) -> str:
        name = clean_name(raw)
        if not name:
            raise ServiceError("bad_name", "a name needs at least one visible character")
        if len(name) > NAME_MAX:
            raise ServiceError("bad_name", f"a name has at most {NAME_MAX} characters")
        return name

    async def join(
        self,
        table_id: str,
        name: str,
        invite: str | None,
        seat: int | None,
        *,
        token: str | None = None,
        op: str | None = None,
    ) -> tuple[int, str]:
        """Take a seat: at a private table only with its invite code (checked before anything else is said).

        ``token`` and ``op`` come with a join forwarded by another process (``veillee.server.cluster``): the
        seat token it made (so that a retry answers the same one) and the id stored with the seat."""
        table = await self.get(table_id)
        if not table.invited(invite):
            raise ServiceError("bad_invite")
        return await self._seat_person(table, self._name(name), seat, token, op)

    async def _seat_person(
        self, table: Table, name: str, seat: int | None, token: str | None = None, op: str | None = None
    ) -> tuple[int, str]:
        async with table.lock:
            number = self._free_seat(table, seat)
            token = token or secrets.token_urlsafe(24)
            value = Seat(kind="human", name=name, token_hash=hash_token(token))
            host = number if table.host is None else table.host
            await self.store.save_seat(table.id, number, value, _op(op, number), host=host)
            table.seats[number], table.host = value, host
        self.table_changed(table)
        return number, token

    def host_seat(self, table: Table, token: str | None) -> int:
        """The seat of ``token`` if it is the host's; ``not_host`` if it is another seat."""
        seat = self.seat_for(table, token)
        if seat != table.host:
            raise ServiceError("not_host")
        return seat

    async def add_bot(
        self, table_id: str, token: str | None, level: str, seat: int | None, *, op: str | None = None
    ) -> int:
        table = await self.get(table_id)
        self.host_seat(table, token)
        if level not in bots.LEVELS:
            raise ServiceError("bad_level", f"the levels are: {', '.join(bots.LEVELS)}")
        async with table.lock:
            number = self._free_seat(table, seat)
            value = Seat(kind="bot", name=f"bot {number + 1} ({level})", level=level)
            await self.store.save_seat(table.id, number, value, _op(op, number))
            table.seats[number] = value
        self.table_changed(table)
        return number

    async def remove_seat(self, table_id: str, token: str | None, seat: int, *, op: str | None = None) -> None:
        """The host frees a seat in the lobby (a bot, or a person: their token stops holding it)."""
        table = await self.get(table_id)
        async with table.lock:
            host = self.host_seat(table, token)
            if table.status != "lobby":
                raise not_open(table)
            if not 0 <= seat < table.players:
                raise ServiceError("bad_seat", f"seats are numbered 0 to {table.players - 1}")
            if seat == host:
                raise ServiceError("bad_seat", "the host leaves with /leave, or closes the table")
            await self.store.save_seat(table.id, seat, Seat(), _op(op, None))
            table.seats[seat] = Seat()
        self.unseat(table, seat, tell=True)
        self.table_changed(table)

    def _free_seat(self, table: Table, seat: int | None) -> int:
        if table.status != "lobby":
            raise not_open(table)
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

    async def leave(self, table_id: str, token: str | None, *, op: str | None = None) -> None:
        """In the lobby the seat is freed; during a match a bot (the stand-in level) plays it to the end, and
        a match with no person left is closed (bots never play on for nobody). The host's role passes to the
        next person seated."""
        table = await self.get(table_id)
        async with table.lock:
            seat = self.seat_for(table, token)
            if table.status == "lobby":
                value = Seat()
            elif table.status == "playing":
                old = table.seats[seat]
                value = Seat("bot", old.name, None, table.settings.get("stand_in", "easy"), replaced=True)
            else:
                raise not_open(table)
            table.seats[seat] = value
            if table.host == seat:
                table.host = next(iter(table.humans()), None)
            await self.store.save_seat(table.id, seat, value, _op(op, None), host=table.host)
            if table.status == "playing" and not table.humans():
                await self.end_table(table, "closed", "abandoned: no person left at the table")
        self.unseat(table, seat, tell=False)  # the token is void: its connections are now spectators
        self.table_changed(table)
        self._schedule(table)

    async def close_table(self, table_id: str, token: str | None, *, op: str | None = None) -> Table:
        """The host closes the table: the lobby or the match ends here, nothing more is played."""
        table = await self.get(table_id)
        async with table.lock:
            self.host_seat(table, token)
            if table.status not in OPEN:
                raise not_open(table)
            await self.end_table(table, "closed", "closed by the host", _op(op, table.id))
        self.table_changed(table)
        return table

    async def start(self, table_id: str, token: str | None, *, op: str | None = None) -> Table:
        table = await self.get(table_id)
        async with table.lock:
            self.host_seat(table, token)
            if table.status != "lobby":
                raise not_open(table)
            if any(s.kind == "empty" for s in table.seats):
                raise ServiceError("seats_empty")
            state = veillee.new_game(table.game, table.players, table.seed, **table.options)
            head = {key: value for key, value in state.record().items() if key != "actions"}
            table.match = Match(state)
            await self.store.update(
                table.id,
                _op(op, table.id),
                status="playing",
                head=json.dumps(head, separators=(",", ":")),
                updated=time.time(),
            )
            table.status, table.head, table.seen = "playing", head, time.time()
        self.table_changed(table)
        # the timer is armed before the first snapshot goes out: a person who acts first must get its
        # ``turn_left`` too (sent the other way round, the first turn showed no clock)
        self._schedule(table)
        self.started(table)
        return table

    async def rematch(self, table_id: str, token: str | None, *, op: str | None = None) -> Table:
        """A new table with the same game, options, seats and host (the same tokens still hold the seats)."""
        table = await self.get(table_id)
        async with table.lock:
            self.seat_for(table, token)
            if table.status != "finished":
                raise ServiceError("not_finished")
            if table.rematch is not None:
                return await self.get(table.rematch)
            new = await self._new_table(
                table.game,
                table.players,
                table.options,
                dict(table.settings),
                public=table.public,
                creator=table.creator,
                host=table.host,
            )
            for number, seat in enumerate(table.seats):
                value = Seat(seat.kind, seat.name, seat.token_hash, seat.level, seat.replaced)
                await self.store.save_seat(new.id, number, value)
                new.seats[number] = value
            table.rematch = new.id
            await self.store.set_status(table.id, "finished", rematch=new.id, op=_op(op, new.id))
        self.broadcast(table.id, {"type": "rematch", "table": new.id})
        return new


def _op(op: str | None, result: Any) -> Op | None:
    """The record of forwarded operation ``op`` (if the request was one) with what it answers."""
    return Op(op, result) if op is not None else None
