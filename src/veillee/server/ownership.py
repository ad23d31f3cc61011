"""Which process of a cluster owns each table, and how ownership moves (``veillee.server.cluster``).

A process *owns* a table while it holds the table's PostgreSQL advisory lock (``veillee.server.lease``); only
the owner applies the table's actions and lobby operations, runs its bots and its turn timer. Ownership
moves in three ways:

- **taking**: a process takes the lock of a table nobody holds (its owner died, or handed it over), reads
  it from the store and resumes its bots and timer (``claim``);
- **the scan**: once a second each process looks for open tables whose lock nobody holds (``pg_locks``) and
  takes those it has players connected to, and playing ones at random, all at once (one statement takes
  their locks, one transaction reads them: ``veillee.server.batches``), so a killed process's tables are
  owned again within a second or two;
- **handover**: ownership follows the connections. An owner with no connection of its own at a table,
  while another process has seated players there (the presence each process publishes), hands the table
  to that process: it stops the table's bot and timer, lets every operation it began as the owner finish
  (all of them stored), releases the lock and says so on the bus; the taker claims at once. Behind a
  balancer that sends every request about a table to one process (``deploy/haproxy.cfg``), this puts a
  table's owner where its players are, so their actions are applied where they arrive instead of being
  forwarded and applied again on copies. A table made on one process and first asked about (a join, the
  start) from another, with nobody connected where it was made, goes to the asker at once, once
  (``asked_about``): the balancer sends all of a table's requests but its creation to one process.

What makes a handover safe: requests that reach the former owner from the moment it decides are answered
"not the owner, ask X" and sent again (``cluster._routed``), to X once it holds the lock; an operation
begun before is counted (``_enter``/``_leave``) and the lock is released only when the count is zero, so
the taker reads a store holding every accepted operation. Bots and timers run only where the lock is held
(cancelled before the release, armed after the claim), so never twice; if the taker cannot claim (it died)
the scan gives the table to another process, so never on nobody. Correctness never depends on the bus's
timing: the lock says who owns, and the version guard of ``Store.append_action`` stores at most one action
per version whoever tries. Against ping-pong: an owner hands over only with zero local connections (a
spectator is enough to keep it) to a process with at least one seated player, and only after holding the
table for ``HOLD`` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import time
from collections import Counter
from collections.abc import Awaitable
from typing import Any

from veillee.core.match import Accepted, Rejected
from veillee.server.bus import Bus
from veillee.server.copies import CopyService
from veillee.server.hub import Hub
from veillee.server.lease import Lease, lock_key
from veillee.server.settings import ServerSettings
from veillee.server.store import Store
from veillee.server.tables import Table

__all__ = ["HANDOVER_PAUSE_ENV", "HOLD", "NotOwner", "OwnershipService"]

log = logging.getLogger("veillee.server")

SCAN_EVERY = 1.0
"""Seconds between two looks for tables nobody owns (and owned tables to hand over)."""
HOLD = 1.0
"""Seconds a process keeps a table it took or made before it may hand it over: ownership moves at most
once a second per table however the connections come and go."""
HANDING_PATIENCE = 3.0
"""Seconds the other processes send a table's requests to the process it is being handed to (rather than
take the table themselves); past it, the scan treats the table as any orphan."""
HANDOVER_PAUSE_ENV = "VEILLEE_TEST_HANDOVER_PAUSE"
"""Tests only: seconds a handing owner waits before releasing the table (a move can be made meanwhile)."""


class NotOwner(Exception):
    """This process does not own the table (any more): the request goes to its owner."""


class OwnershipService(CopyService):
    """Ownership of the tables of one process among several: taking, the scan, handing over."""

    def __init__(self, store: Store, hub: Hub, settings: ServerSettings | None, redis_url: str) -> None:
        super().__init__(store, hub, settings)
        self.lease = Lease(store.url)
        self.lease.lost = self._lost
        self.bus = Bus(redis_url, store.url, self._on_event, self._on_request)
        self._claiming: dict[str, asyncio.Future[bool]] = {}
        self._remote: dict[str, dict[str, set[int]]] = {}
        """Seats connected on other processes: table -> process -> seats."""
        self._orphans: set[str] = set()
        self._owners: dict[str, str] = {}
        """The last known owner process of tables this process forwarded to."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self._busy: Counter[str] = Counter()
        """Operations under way on each owned table (a handover waits until none is left)."""
        self._drained: dict[str, asyncio.Event] = {}
        self._since: dict[str, float] = {}
        """When this process took (or made) each table it owns (``time.monotonic()``)."""
        self._leaving: dict[str, str] = {}
        """Tables this process is handing over now, to which process."""
        self._handing: dict[str, tuple[str, float]] = {}
        """Tables some process is handing over: to which process, until when to wait for it."""
        self._fresh: set[str] = set()
        """Tables made here that no other process has asked about yet (``asked_about``)."""
        self._asked: dict[str, str] = {}
        """Fresh tables another process asked about first, without a connection here: that process."""
        self._later: set[str] = set()
        self._checking: set[str] = set()
        self._wakers: dict[str, set[asyncio.Future[None]]] = {}
        """Requests waiting for the table to get an owner (``_pause``)."""
        self.counts: Counter[str] = Counter()
        """What this process did (``/health``: the load benchmark reads them): requests forwarded and served,
        actions applied to copies, tables handed over and taken."""
        self._handover_pause = float(os.environ.get(HANDOVER_PAUSE_ENV) or 0)

    @property
    def process(self) -> str:
        return self.bus.process

    def _spawn(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _on_event(self, event: dict[str, Any]) -> None:
        raise NotImplementedError

    async def _on_request(self, message: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    # -- taking -----------------------------------------------------------------------------------------
    def owns(self, table: Table) -> bool:
        return table.id in self.owned

    async def claim(self, table_id: str) -> bool:
        """Own the table if nobody does: take its lock, read it from the store, resume its bots and timer."""
        if table_id in self.owned:
            return True
        pending = self._claiming.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._claiming[table_id] = future
        got = False
        try:
            got = await self._take(table_id)
        except Exception:
            log.exception("table %s: could not take it over", table_id)
        finally:
            self._claiming.pop(table_id, None)
            future.set_result(got)
        return got

    async def _take(self, table_id: str) -> bool:
        if table_id in self._leaving or not await self.lease.try_take(table_id):
            return False
        loaded = await self.store.load(table_id)
        if loaded is None:
            await self.lease.give_up(table_id)
            return False
        try:
            fresh = self._from_loaded(loaded)
        except Exception as exc:
            await self._mark_broken(table_id, exc)
            await self.lease.give_up(table_id)
            return False
        table = self._install(table_id, fresh, resend=True)
        self._owned_now(table_id)
        await self.bus.redis.set(self.bus.owner_key(table_id), self.process)
        self.bus.publish({"t": "owner", "table": table_id})
        self.bus.new_owner(table_id, self.process)  # requests this process sent to the former owner: do them here
        self.counts["taken"] += 1
        version = table.match.version if table.match else 0
        log.info("table %s: owned by process %s (version %d)", table_id, self.process, version)
        self._schedule(table)
        return True

    def _owned_now(self, table_id: str) -> None:
        self.owned.add(table_id)
        self._since[table_id] = time.monotonic()
        self._handing.pop(table_id, None)
        self._wake(table_id)

    def _lost(self) -> None:
        """The lease session ended: every lock went with it, so this process owns nothing any more."""
        for table_id in list(self.owned):
            self._give_up_locally(table_id)

    def _give_up_locally(self, table_id: str) -> None:
        self.owned.discard(table_id)
        self._since.pop(table_id, None)
        self._fresh.discard(table_id)
        self._asked.pop(table_id, None)
        table = self.tables.get(table_id)
        if table is not None and table.task is not None:
            table.task.cancel()
            table.task = None

    def out_of_step(self, table: Table) -> None:
        """Another process stored a version this one did not know: it owns the table now (or did)."""
        self._give_up_locally(table.id)
        self._spawn(self.lease.give_up(table.id))
        self._refresh_soon(table.id, resend=True)

    def forget(self, table: Table) -> None:
        super().forget(table)
        if table.id in self.owned:
            self._give_up_locally(table.id)
            self._spawn(self.lease.give_up(table.id))

    # -- operations under way (a handover waits for them) -----------------------------------------------------
    def _enter(self, table_id: str) -> bool:
        """Begin an operation as the table's owner: ``False`` if this process does not own it (any more)."""
        if table_id not in self.owned:
            return False
        self._busy[table_id] += 1
        return True

    def _leave(self, table_id: str) -> None:
        self._busy[table_id] -= 1
        if self._busy[table_id] <= 0:
            del self._busy[table_id]
            drained = self._drained.pop(table_id, None)
            if drained is not None:
                drained.set()

    async def _until_drained(self, table_id: str) -> None:
        while self._busy[table_id] > 0:
            await self._drained.setdefault(table_id, asyncio.Event()).wait()

    async def _submit(self, table: Table, seat: int, action: Any, version: Any, by: str) -> Rejected | Accepted:
        """Every action this process applies, counted (it runs shielded: a cancelled caller does not end it)."""
        if not self._enter(table.id):
            return Rejected("not_owner", "this process no longer owns the table")
        try:
            return await super()._submit(table, seat, action, version, by)
        finally:
            self._leave(table.id)

    # -- waiting for an owner -----------------------------------------------------------------------------
    async def _pause(self, table_id: str, seconds: float) -> None:
        """Wait ``seconds``, or less if the table gets an owner meanwhile (``_wake``)."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiters = self._wakers.setdefault(table_id, set())
        waiters.add(waiter)
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(waiter, seconds)
        finally:
            waiters.discard(waiter)
            if not waiters and self._wakers.get(table_id) is waiters:
                del self._wakers[table_id]

    def _wake(self, table_id: str) -> None:
        for waiter in self._wakers.pop(table_id, set()):
            if not waiter.done():
                waiter.set_result(None)

    def _handing_to(self, table_id: str) -> str | None:
        """The process the table is being handed to, if a handover is under way."""
        handing = self._handing.get(table_id)
        if handing is None:
            return None
        if time.monotonic() > handing[1]:
            del self._handing[table_id]
            return None
        return handing[0]

    def _note_handing(self, table_id: str, to: str) -> None:
        self._handing[table_id] = (to, time.monotonic() + HANDING_PATIENCE)
        self._owners.pop(table_id, None)

    # -- handing over -------------------------------------------------------------------------------------
    def asked_about(self, table_id: str, by: str) -> None:
        """Process ``by`` forwarded a lobby request (a join, the start...) for a table this process owns.

        A table is made wherever the balancer sent its creation (round robin: it has no id yet), but every
        later request about it goes to one process (it hashes the id). So a table made here, asked about
        first from elsewhere while nobody is connected here, is handed to that process at once, before its
        players' joins and start are each forwarded here and their connections move it anyway a second
        later. Once per table: after that only connections move it (with ``HOLD``), so requests spread by
        another balancer cannot bounce it around."""
        if table_id not in self._fresh:
            return
        self._fresh.discard(table_id)
        if not self.hub.connections(table_id):
            self._asked[table_id] = by
            self._consider(table_id)

    def _consider(self, table_id: str) -> None:
        """Hand the table over if this process owns it without a connection there while another process has
        seated players there (the one with the most), once it has held it ``HOLD`` seconds."""
        to = self._target(table_id)
        if to is not None and table_id not in self._checking:
            self._checking.add(table_id)
            self._spawn(self._check_target(table_id, to))

    def _target(self, table_id: str) -> str | None:
        """The process to hand the table to now, if any (``_consider``)."""
        if table_id not in self.owned or table_id in self._leaving or self._closing or self.hub.connections(table_id):
            return None
        remote = self._remote.get(table_id, {})
        best = max(((len(s), p) for p, s in remote.items() if s and self.bus.alive(p)), default=None)
        if best is None:
            asked = self._asked.get(table_id)
            return asked if asked is not None and self.bus.alive(asked) else None
        wait = self._since.get(table_id, 0.0) + HOLD - time.monotonic()
        if wait > 0:
            if table_id not in self._later:
                self._later.add(table_id)
                asyncio.get_running_loop().call_later(wait + 0.01, self._reconsider, table_id)
            return None
        return best[1]

    async def _check_target(self, table_id: str, to: str) -> None:
        """Hand over only to a process that is there (one killed a second ago still seems alive by its
        heartbeats, and its players' presence is still in ``_remote``)."""
        try:
            there = await self.bus.listening(to)
        except Exception as exc:
            log.warning("table %s: could not check process %s (%r): not handed over", table_id, to, exc)
            there = False
        finally:
            self._checking.discard(table_id)
        if not there:
            self._remote.get(table_id, {}).pop(to, None)
            return
        if self._target(table_id) != to:  # things changed while Redis answered: the next look decides
            return
        # from here on no new operation, bot or timer of the table starts on this process
        self._leaving[table_id] = to
        self._give_up_locally(table_id)
        self._note_handing(table_id, to)
        self.bus.publish({"t": "handing", "table": table_id, "to": to})
        await self._hand_over(table_id, to)

    def _reconsider(self, table_id: str) -> None:
        self._later.discard(table_id)
        self._consider(table_id)

    async def _hand_over(self, table_id: str, to: str) -> None:
        """Release a table once every operation begun as its owner has finished (all stored), then tell
        ``to`` to take it."""
        try:
            if self._handover_pause:  # tests only: a move made now must wait for the new owner, not be lost
                await asyncio.sleep(self._handover_pause)
            await self._until_drained(table_id)
            await self.store.flush()  # the deadline and presence written "soon" are written before it goes
        finally:
            await self.lease.give_up(table_id)
            self._leaving.pop(table_id, None)
        self.counts["handed_over"] += 1
        self.bus.publish({"t": "released", "table": table_id, "to": to})
        log.info("table %s: handed over by process %s to %s, where its players are", table_id, self.process, to)
        table = self.tables.get(table_id)
        if table is not None and not self.hub.connections(table_id):
            self.forget(table)  # nobody here to keep a copy for

    def _on_handover(self, kind: str, table_id: str, to: str) -> None:
        """A ``handing`` (the owner stopped) or ``released`` (the lock is free) event of another process."""
        self._note_handing(table_id, to)
        if kind == "released" and to == self.process:
            self._spawn(self.claim(table_id))
        elif kind == "released":
            self._wake(table_id)

    # -- the scan -------------------------------------------------------------------------------------------
    async def _scan_loop(self) -> None:
        while True:
            await asyncio.sleep(SCAN_EVERY * random.uniform(0.8, 1.2))
            try:
                await self._scan()
            except Exception as exc:
                log.error("the scan for tables without an owner failed: %r", exc)

    async def _scan(self) -> None:
        """Own the open tables nobody owns that need one: those with players connected here first, then
        playing ones at random (a share for each live process), all of them if still orphans next round;
        and hand over the owned tables whose players are elsewhere."""
        for table_id in list(self.owned):
            self._consider(table_id)
        if not await self.lease.alive():
            return
        held = await self.lease.held_keys()
        playing = set(await self.store.table_ids(("playing",)))
        lobby = await self.store.table_ids(("lobby",))
        orphans = {t for t in [*playing, *lobby] if lock_key(t) not in held}
        share = 1.0 / max(1, self.bus.processes())
        wanted = []
        for table_id in random.sample(sorted(orphans), len(orphans)):  # not all processes in the same order
            handing = self._handing_to(table_id)
            if handing is not None and handing != self.process and self.bus.alive(handing):
                continue  # being handed to another process, which takes it at once
            here = bool(self.hub.connected_seats(table_id))
            if here or (table_id in playing and (table_id in self._orphans or random.random() < share)):
                wanted.append(table_id)
        # all at once: their locks are taken by one statement and the tables read by one transaction
        await asyncio.gather(*(self.claim(table_id) for table_id in wanted))
        self._orphans = orphans
