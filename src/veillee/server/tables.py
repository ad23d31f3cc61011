"""Tables: what one is, and the core of the table service: recovery, play, bots, turn timers, suspension.

Everything that changes a table goes through here, on the event loop, under the table's lock, in this
order: check (``Match.check``, which changes nothing), persist (``Store.append_action``, one transaction
that also bumps the version), apply (``Match.commit``), then tell everyone (``Hub.deliver``). A crash at any
point therefore loses nothing anyone was told of, and on start-up ``load`` rebuilds every table from its
record with ``veillee.replay``; a table whose record no longer replays is marked ``broken`` and the others
load. What a table needs across a restart (host, invite code, turn deadline, when a person was last there)
is stored; the memory holds only what the running process must (locks, tasks, the live ``Match``).

No line here knows a game: options, views, events and legal actions come from the registry and ``Match``.
Seats, the host and the lobby live in ``veillee.server.lobby``; the periodic upkeep (suspension,
abandonment, purge) in ``veillee.server.upkeep``.
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
from veillee.core import derive_seed
from veillee.core.match import Accepted, Match, Rejected
from veillee.server import bots
from veillee.server.hub import Hub, dumps
from veillee.server.messages import ServiceError
from veillee.server.settings import ServerSettings
from veillee.server.store import LoadedTable, Op, Seat, Store, StoreConflict

__all__ = ["OPEN", "Table", "TableCore", "hash_token", "not_open"]

log = logging.getLogger("veillee.server")

OPEN = ("lobby", "playing")
"""The statuses of tables that are loaded on start and counted against an address's cap."""
PRESENCE_BATCH = 0.05
"""Seconds over which presence changes are gathered into one ``table`` message per table."""


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
    public: bool = False
    invite: str | None = None
    host: int | None = None
    """The host's seat (the creator's, or the first person seated): starts, removes seats, closes."""
    head: dict[str, Any] | None = None
    """The engine's record without actions, stored at the start (``None``: not started)."""
    creator: str | None = None
    seen: float = field(default_factory=time.time)
    """When a person seated here was last connected (``time.time()``)."""
    suspended: bool = False
    """No person seated here has been connected for a while: bots and the turn timer wait."""
    deadline: float | None = None
    """When the seat to act runs out of time (``time.time()``), if the table has a turn timer."""
    deadline_version: int | None = None
    """The version (decision) ``deadline`` belongs to."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
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

    def humans(self) -> list[int]:
        """Seats still held by a person (not left, not replaced by a bot)."""
        return [n for n, s in enumerate(self.seats) if s.kind == "human"]

    def invited(self, code: str | None) -> bool:
        """May someone holding ``code`` take a seat? Any one at a public table."""
        if self.public:
            return True
        if not code or self.invite is None:
            return False
        return secrets.compare_digest(str(code).encode(), self.invite.encode())  # bytes: any text may be sent

    def public_json(self, connected: set[int] | None = None) -> dict[str, Any]:
        """What anyone with the link may know of the table (never the seed, a token or the invite code)."""
        match = self.match
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "turn_seconds": self.settings.get("turn_seconds"),
            "stand_in": self.settings.get("stand_in", "easy"),
            "status": self.status,
            "public": self.public,
            "host": self.host,
            "suspended": self.suspended,
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
        return max(0.0, round(self.deadline - time.time(), 3))


class TableCore:
    """All tables of this server and the one path of play; the only writer of the store. The lobby's
    operations (``veillee.server.lobby.TableService``) build on it."""

    def __init__(self, store: Store, hub: Hub, settings: ServerSettings | None = None) -> None:
        self.store = store
        self.hub = hub
        self.settings = settings or ServerSettings()
        self.tables: dict[str, Table] = {}
        self.actions = 0
        self._closing = False
        self._changed: set[str] = set()
        """Tables whose ``table`` message is due (presence changes are told once per loop turn, batched)."""
        self._seen: set[str] = set()
        """Tables whose ``seen`` is due in the store (written once per batch, not once per hello)."""
        self._flush: asyncio.TimerHandle | None = None

    # -- start-up and shutdown --------------------------------------------------------------------------
    async def load(self) -> None:
        """Rebuild every open table from its record and resume its bots and timers; one table that cannot be
        rebuilt (a corrupt row, a record of older rules) is marked ``broken`` and reported, the others load."""
        broken = 0
        for table_id in await self.store.table_ids(OPEN):
            try:
                loaded = await self.store.load(table_id)
                if loaded is None:
                    continue
                table = self._from_loaded(loaded)
            except Exception as exc:
                await self._mark_broken(table_id, exc)
                broken += 1
                continue
            self.tables[table.id] = table
            if table.status == "playing":
                assert table.match is not None
                if table.match.is_over:
                    await self._set_status(table, "finished")
                elif not table.humans():
                    await self._set_status(table, "closed", note="abandoned: no person left at the table")
            self._schedule(table)
        log.info("loaded %d tables%s", len(self.tables), f" ({broken} broken: see above)" if broken else "")

    async def close(self) -> None:
        self._closing = True
        for table in self.tables.values():
            if table.task is not None:
                table.task.cancel()

    def _from_loaded(self, loaded: LoadedTable) -> Table:
        """A table from its stored rows, its match replayed if it has started (raises if it cannot be)."""
        row = loaded.row
        table = Table(
            id=row["id"],
            game=row["game"],
            players=row["players"],
            options=row["options"],
            settings=row["settings"],
            seed=row["seed"],
            status=row["status"],
            seats=loaded.seats,
            rematch=row["rematch"],
            public=row["public"],
            invite=row["invite"],
            host=row["host"],
            head=row["head"],
            seen=row["seen"],
            deadline=row["deadline"],
            deadline_version=row["deadline_version"],
        )
        if table.host is None:  # a table stored before hosts were: its first person hosts it
            table.host = next(iter(table.humans()), None)
        legacy = table.head is None and table.status in ("playing", "finished")
        if table.status != "broken" and (table.head is not None or legacy):
            record = {**(table.head or self._legacy_head(table)), "actions": loaded.actions}
            table.match = Match(veillee.replay(record))
        return table

    def _legacy_head(self, table: Table) -> dict[str, Any]:
        """The record head of a table stored before heads were (built from its columns)."""
        return {
            "format": veillee.core.RECORD_FORMAT,
            "game": table.game,
            "players": table.players,
            "options": table.options,
            "seed": table.seed,
        }

    async def _mark_broken(self, table_id: str, exc: BaseException) -> None:
        reason = f"{type(exc).__name__}: {exc}"[:500]
        log.error("table %s cannot be restored and is marked broken: %s", table_id, reason)
        try:
            await self.store.set_status(table_id, "broken", note=reason)
        except Exception:
            log.exception("table %s: could not mark it broken", table_id)

    async def get(self, table_id: str) -> Table:
        """A table by id; finished ones are read back from the store when asked for (replays)."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 32:
            raise ServiceError("table_not_found")
        try:
            loaded = await self.store.load(table_id)
        except Exception as exc:
            await self._mark_broken(table_id, exc)
            raise ServiceError("table_broken") from None
        if loaded is None:
            raise ServiceError("table_not_found")
        try:
            table = self._from_loaded(loaded)
        except Exception as exc:
            await self._mark_broken(table_id, exc)
            loaded.row.update(status="broken", head=None)
            table = self._from_loaded(loaded)
        return self.tables.setdefault(table.id, table)

    # -- ending and status --------------------------------------------------------------------------
    async def end_table(self, table: Table, status: str, note: str, op: Op | None = None) -> None:
        """Close a table for good (caller holds its lock): its bot or timer stops."""
        await self._set_status(table, status, note=note, op=op)
        table.deadline = None
        if table.task is not None and table.task is not asyncio.current_task():
            table.task.cancel()
        table.task = None

    async def _set_status(self, table: Table, status: str, note: str | None = None, op: Op | None = None) -> None:
        await self.store.set_status(table.id, status, note=note, op=op)
        table.status = status

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
            if table.status in ("closed", "broken"):
                return Rejected(f"table_{table.status}", f"the table is {table.status}: nothing more is played")
            if match is None:
                return Rejected("not_started", "the match has not started yet")
            checked = match.check(seat, action, version)
            if isinstance(checked, Rejected):
                return checked
            try:
                await self.store.append_action(table.id, match.version + 1, seat, checked.to_json(), by, False)
            except StoreConflict:  # another process stored this version: this copy of the table is behind
                log.warning("table %s: version %d was stored by another process", table.id, match.version + 1)
                self.out_of_step(table)
                return Rejected("stale_version", "the table has moved on: act on the new position")
            except Exception:
                log.exception("could not store an action of table %s", table.id)
                return Rejected("server_error", "the action could not be saved; try again")
            accepted = match.commit(seat, checked, self.hub.audience(table.id))
            self.actions += 1
            if match.is_over:
                await self._set_status(table, "finished")
            self._schedule(table)
            self.hub.deliver(table.id, accepted.deliveries, lambda: {"turn_left": table.timer_left()})
            self.accepted(table, accepted, by)
        if match.is_over:
            self.table_changed(table)
        return accepted

    def snapshot_message(self, table: Table, seat: int | None, events_from: int) -> dict[str, Any]:
        assert table.match is not None
        delivery = table.match.snapshot(seat, events_from)
        return {"type": "state", **delivery.to_json(), "turn_left": table.timer_left()}

    def table_json(self, table: Table) -> dict[str, Any]:
        return table.public_json(self.connected_seats(table.id))

    async def seat_of(self, table: Table, token: str | None) -> int | None:
        """The seat ``token`` holds at ``table`` (``None``: none)."""
        return table.seat_of(token)

    async def public_tables(self) -> list[Table]:
        """Public tables in the lobby with a free seat (at most 100): every open table is in memory here."""
        return [t for t in self.tables.values() if _joinable(t)][:100]

    async def health(self) -> dict[str, Any]:
        """What the health endpoint reports: can this process reach its database, and what it holds."""
        return {"database": await self.store.ping(), "tables": len(self.tables), "connections": self.hub.count}

    # -- what several processes change (``veillee.server.cluster`` overrides these) -------------------------
    def owns(self, table: Table) -> bool:
        """Does this process apply the table's actions and run its bots and timer? One process: always."""
        return True

    def connected_seats(self, table_id: str) -> set[int]:
        """The seats with a connection at the table, on every process."""
        return self.hub.connected_seats(table_id)

    def broadcast(self, table_id: str, message: dict[str, Any], stored: bool = False) -> None:
        """The one path of a message to every connection at a table (table changes, rematch, and any later
        table-wide message such as chat): here, and on every other process. ``stored``: the table's stored
        facts changed (seats, host, status), so other processes read them again."""
        self.hub.broadcast_text(table_id, dumps(message))

    def accepted(self, table: Table, accepted: Accepted, by: str) -> None:
        """An action was stored, applied and delivered here (other processes apply it to their copies)."""

    def out_of_step(self, table: Table) -> None:
        """The store holds a newer version than this process (only possible with several processes)."""

    def unseat(self, table: Table, seat: int, tell: bool) -> None:
        """Connections holding ``seat`` become spectators (told with a ``welcome`` if ``tell``), everywhere."""
        for connection in self.hub.connections(table.id):
            if connection.seat == seat:
                connection.seat = None
                if tell:
                    connection.send({"type": "welcome", "seat": None, "table": self.table_json(table)})

    def started(self, table: Table) -> None:
        """The match began: every connection gets its first snapshot, everywhere."""
        for connection in self.hub.connections(table.id):
            connection.send(self.snapshot_message(table, connection.seat, 0))

    # -- table messages -------------------------------------------------------------------------------------
    def table_changed(self, table: Table, stored: bool = True) -> None:
        self.broadcast(table.id, {"type": "table", "table": self.table_json(table)}, stored=stored)

    def chat(self, table: Table, seat: int, text: str | None = None, reaction: str | None = None) -> None:
        """A chat line or a reaction (already checked and cleaned) to everyone at the table, spectators too.

        It takes the broadcast path of the table's own changes, so it reaches every connection the table
        updates reach. Chat is not stored: it is talk at the table, not part of the match's record.
        """
        message: dict[str, Any] = {"type": "chat", "seat": seat, "at": round(time.time(), 3)}
        if text is not None:
            message["text"] = text
        if reaction is not None:
            message["reaction"] = reaction
        self.broadcast(table.id, message)

    def presence_changed(self, table: Table, person: bool) -> None:
        """A connection said hello or went (``person``: a seated one): note when a person was last here (a
        spectator does not keep a table alive), and wake a suspended match when a person is back.

        The ``table`` message and the stored ``seen`` are batched: the connections of a whole table arriving
        together (a match starting, a server restarting) cost one message to each and one write, not one per
        hello (the first seconds of the load benchmark were dominated by them)."""
        if person or self.connected_seats(table.id):
            table.seen = time.time()
            self._seen.add(table.id)
        if table.suspended and self.connected_seats(table.id):
            table.suspended = False
            log.info("table %s resumes: a person is back", table.id)
            self._schedule(table)
        self._changed.add(table.id)
        if self._flush is None:
            self._flush = asyncio.get_running_loop().call_later(PRESENCE_BATCH, self._flush_presence)

    def _flush_presence(self) -> None:
        self._flush = None
        changed, self._changed = self._changed, set()
        seen, self._seen = self._seen, set()
        if seen:
            self.store.update_soon(sorted(seen), seen=time.time())
        for table_id in changed:
            table = self.tables.get(table_id)
            if table is not None:
                self.table_changed(table, stored=False)

    def suspend(self, table: Table) -> None:
        """Nobody seated is connected: stop the bots and the timer until someone is (the deadline is kept)."""
        table.suspended = True
        if table.task is not None:
            table.task.cancel()
            table.task = None
        log.info("table %s is suspended: no person connected", table.id)
        self.table_changed(table, stored=False)

    # -- bots and timers ----------------------------------------------------------------------------------
    def _schedule(self, table: Table) -> None:
        """After any change: arm the bot move or the turn timer of the seat to act (at most one task)."""
        if table.task is not None and table.task is not asyncio.current_task():
            table.task.cancel()
        table.task = None
        match = table.match
        if not self.owns(table):
            return
        if self._closing or match is None or match.is_over or match.to_act is None or table.status != "playing":
            table.deadline = None
            return
        seat = table.seats[match.to_act]
        timed = seat.kind == "human" and bool(table.settings.get("turn_seconds"))
        if not timed:
            table.deadline = None
        elif table.deadline is None or table.deadline_version != match.version:
            table.deadline = time.time() + float(table.settings["turn_seconds"])
            table.deadline_version = match.version
            self.store.update_soon([table.id], deadline=table.deadline, deadline_version=match.version)
        if table.suspended:
            return
        if seat.kind == "bot":
            table.task = asyncio.create_task(self._bot_move(table, match.to_act, seat.level or "easy", "bot"))
        elif timed and table.deadline is not None:
            level = table.settings.get("stand_in", "easy")
            wait = max(0.0, table.deadline - time.time())
            table.task = asyncio.create_task(self._bot_move(table, match.to_act, level, "timer", wait))

    async def _bot_move(self, table: Table, seat: int, level: str, by: str, wait: float | None = None) -> None:
        """A bot's move (or a stand-in's once a timer runs out), thought on a worker thread."""
        try:
            await asyncio.sleep(self.settings.bot_delay if wait is None else wait)
            match = table.match
            if match is None or match.to_act != seat or table.suspended or table.status != "playing":
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
            if isinstance(outcome, Rejected) and outcome.code not in ("stale_version", "table_closed"):
                log.error("table %s: the %s bot at seat %d was refused: %s", table.id, level, seat, outcome.code)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: bot move failed", table.id)

    def forget(self, table: Table) -> None:
        """Drop a table from memory (it loads again from the store when asked for)."""
        self.tables.pop(table.id, None)

    async def purged(self, table_id: str) -> None:
        """The table was deleted from the store: whatever else is kept about it goes too."""

    async def cancel_all(self) -> None:
        for table in self.tables.values():
            task = table.task
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task


def _joinable(table: Table) -> bool:
    return table.status == "lobby" and table.public and any(s.kind == "empty" for s in table.seats)


def not_open(table: Table) -> ServiceError:
    """The refusal for a change that needs the lobby or a running match, by what the table is now."""
    codes = {"playing": "already_started", "finished": "match_over", "closed": "table_closed"}
    return ServiceError(codes.get(table.status, "table_broken"))
