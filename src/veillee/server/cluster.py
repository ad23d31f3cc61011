"""The table service when several ``veillee serve`` processes share PostgreSQL and Redis (``--redis-url``).

Every process may hold a table in memory; exactly one *owns* it (``veillee.server.lease``: a PostgreSQL
advisory lock) and is the only one to apply its actions, run its bots and its turn timer, and change its
seats. The others hold a *copy*, kept in step by the owner's events on the bus (``veillee.server.bus``):

- a person's action or a lobby operation reaching a process that does not own the table is forwarded to
  the owner over Redis; if nobody owns it (its owner died), the process takes the lock and owns it;
- the owner stores, applies and delivers an accepted action to its own connections, then publishes it; each
  other process applies it to its copy (in version order: a gap, and the copy is read again from the store)
  and delivers each of its connections its own seat's view, as the owner did;
- every other message to a table's connections goes through ``TableCore.broadcast``, which delivers here and
  publishes (chat or reactions can ride on it unchanged);
- presence (which seats have a connection) is published by each process and merged by all.

How ownership is taken, found again when a process dies, and handed over to the process where a table's
players are connected: ``veillee.server.ownership``. No accepted action is lost (it is stored before anyone
is told) or applied twice (the version guard of ``Store.append_action``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from veillee.core.match import Accepted, Rejected
from veillee.server.bus import BusTimeout
from veillee.server.hub import Hub, dumps
from veillee.server.lobby import TableService
from veillee.server.messages import ServiceError
from veillee.server.ownership import NotOwner, OwnershipService
from veillee.server.settings import ServerSettings
from veillee.server.store import OpRepeated, Store
from veillee.server.tables import Table, TableCore

__all__ = ["ClusterService"]

log = logging.getLogger("veillee.server")

ROUTE_PATIENCE = 10.0
"""Seconds a forwarded request keeps trying to reach (or become) the table's owner."""
MAX_ROUTES = 20
"""Times a request is routed again when the owner it reached had just handed the table over."""
LOCAL: Any = object()
"""``_routed``'s answer when this process owns the table: do it here."""
CRASH_ENV = "VEILLEE_TEST_CRASH_AFTER_STORE"
"""Tests only: the name of a forwarded operation after which this process exits, stored but unanswered."""
CRASH_STATUS = 137


def new_op() -> str:
    """The id of one forwarded operation, the same over all its retries."""
    return secrets.token_hex(12)


class ClusterService(OwnershipService):
    """The table service of one process among several."""

    def __init__(self, store: Store, hub: Hub, settings: ServerSettings | None, redis_url: str) -> None:
        super().__init__(store, hub, settings, redis_url)
        self._crash_after = os.environ.get(CRASH_ENV)
        if self._crash_after:
            log.warning("%s=%s: this process will die after storing one (tests only)", CRASH_ENV, self._crash_after)

    # -- start and stop -------------------------------------------------------------------------------------
    async def load(self) -> None:
        """No table is loaded at start: the scan takes the ones nobody owns, the others load when asked for."""
        await self.bus.start()
        self.bus.reconnected = self._resync_all
        self.bus.beat_hooks.append(self._beat)
        self._spawn(self._scan_loop())
        log.info("process %s joins the cluster", self.process)

    async def close(self) -> None:
        await super().close()
        for task in list(self._tasks):
            task.cancel()
        await self.bus.stop()
        await asyncio.to_thread(self.lease.close)

    async def health(self) -> dict[str, Any]:
        return {
            **await super().health(),
            "process": self.process,
            "redis": await self.bus.ping(),
            "owned": len(self.owned),
            "handing": len(self._leaving),
            "processes": self.bus.processes(),
            "counts": {
                **self.counts,
                "copied": self.copied,
                "store_transactions": self.store.appends.transactions,
                "store_actions": self.store.appends.actions,
            },
        }

    # -- routing ----------------------------------------------------------------------------------------------
    async def _routed(self, method: str, table_id: str, args: dict[str, Any]) -> Any:
        """``LOCAL`` if this process owns the table (taking it if nobody does), else the owner's answer to
        ``method``. A ``ServiceError`` of the owner is raised here as it would have been there. While the
        table is being handed over, the request waits for (or becomes) the new owner instead of taking it.

        Once ``args`` has been sent, ``args["again"]`` says so: a later sending may find the operation done
        (its answer lost), and only then does the owner look for its record (``_lobby_here``)."""
        deadline = time.monotonic() + ROUTE_PATIENCE
        pause = 0.05
        while True:
            if table_id in self.owned:
                return LOCAL
            owner = self._owners.get(table_id) or self._handing_to(table_id)
            if owner is None or owner == self.process:
                if await self.claim(table_id):
                    continue
                stored = await self.bus.redis.get(self.bus.owner_key(table_id))  # the lock is held: by whom?
                owner = stored if isinstance(stored, str) else None
            if isinstance(owner, str) and owner != self.process:
                self._owners[table_id] = owner
                self.counts[f"forwarded_{method}"] += 1
                try:
                    body = {"m": method, "table": table_id, "a": dict(args)}
                    answer = await self.bus.request(owner, body, lambda: self._orphan(table_id))
                except BusTimeout:
                    answer = {"not_owner": True}
                finally:
                    args["again"] = True
                if isinstance(answer, dict) and not answer.get("not_owner"):
                    if "error" in answer:
                        raise ServiceError(answer["error"], answer.get("detail"), answer.get("retry_after"))
                    return answer
                self._owners.pop(table_id, None)
                to = answer.get("to") if isinstance(answer, dict) else None
                if isinstance(to, str):  # the owner is handing it over to ``to``
                    self._note_handing(table_id, to)
            if time.monotonic() > deadline:
                raise ServiceError("server_error", "the table's server does not answer: try again")
            await self._pause(table_id, pause)
            pause = min(0.5, pause * 2)

    async def _orphan(self, table_id: str) -> bool:
        """Nobody holds the table's lock (its owner died and no process took it yet)."""
        return not await self.lease.is_held(table_id)

    async def _on_request(self, message: dict[str, Any]) -> dict[str, Any]:
        """A request forwarded by another process: done here only while this process owns the table."""
        method, table_id, args = str(message.get("m")), str(message.get("table")), message.get("a") or {}
        if table_id not in self.owned:
            return self._not_owner(table_id)
        try:
            result = {"ok": await self._here(method, table_id, args)}
        except NotOwner:
            return self._not_owner(table_id)
        except ServiceError as exc:
            return {"error": exc.code, "detail": exc.detail, "retry_after": exc.retry_after}
        if method == "submit" and isinstance(result["ok"], list) and result["ok"][0] == "not_owner":
            return self._not_owner(table_id)
        self.counts[f"served_{method}"] += 1
        if method != "submit":
            self.asked_about(table_id, str(message.get("from")))
        if self._crash_after == method:  # tests only: die between storing and answering
            log.error("VEILLEE_TEST_CRASH_AFTER_STORE=%s: exiting before the answer", method)
            os._exit(CRASH_STATUS)
        return result

    def _not_owner(self, table_id: str) -> dict[str, Any]:
        """The answer to a request for a table this process does not own: to whom it is handing it, if so."""
        return {"not_owner": True, "to": self._leaving.get(table_id)}

    async def _here(self, method: str, table_id: str, args: dict[str, Any]) -> Any:
        """Do a routed operation on this process, the owner; what it answers (``ServiceError`` if refused).

        ``args["op"]`` identifies a lobby operation across retries: its record is stored with its effect, so
        an operation a former owner stored before dying (its answer lost) is answered here from that record
        instead of being done a second time (an action: ``_submit_here``). ``NotOwner`` if this process no
        longer owns the table (it is handing it over): the request goes to the new owner."""
        if method == "submit":
            return await self._submit_here(table_id, args)
        if not self._enter(table_id):
            raise NotOwner(table_id)
        try:
            return await self._lobby_here(method, table_id, args)
        finally:
            self._leave(table_id)

    async def _lobby_here(self, method: str, table_id: str, args: dict[str, Any]) -> Any:
        op = args.get("op")
        if isinstance(op, str) and args.get("again"):  # a first sending cannot have been done already
            done, result = await self.store.op_result(op)
            if done:
                log.info("table %s: %s %s was done already (its first owner did not answer)", table_id, method, op)
                return [result, args["token"]] if method == "join" else result
        handlers: dict[str, Callable[[], Awaitable[Any]]] = {
            "join": lambda: TableService.join(
                self, table_id, args["name"], args["invite"], args["seat"], token=args.get("token"), op=op
            ),
            "add_bot": lambda: TableService.add_bot(self, table_id, args["token"], args["level"], args["seat"], op=op),
            "remove_seat": lambda: TableService.remove_seat(self, table_id, args["token"], args["seat"], op=op),
            "start": lambda: self._id_of(TableService.start(self, table_id, args["token"], op=op)),
            "leave": lambda: TableService.leave(self, table_id, args["token"], op=op),
            "close_table": lambda: self._id_of(TableService.close_table(self, table_id, args["token"], op=op)),
            "rematch": lambda: self._id_of(TableService.rematch(self, table_id, args["token"], op=op)),
        }
        handler = handlers.get(method)
        if handler is None:
            raise ServiceError("server_error")
        try:
            return await handler()
        except OpRepeated:  # the same operation ran twice at once here (a retry after a timeout): once stored
            done, result = await self.store.op_result(str(op))
            return [result, args["token"]] if method == "join" else result

    @staticmethod
    async def _id_of(work: Awaitable[Table]) -> str:
        return (await work).id

    async def _submit_here(self, table_id: str, args: dict[str, Any]) -> Any:
        """A forwarded action: ``None`` if accepted, else ``[code, message]``.

        Actions need no operation record: the version guard already stores at most one action per version.
        Refused as stale, the request may be its own retry, stored by a former owner that died before
        answering: if the action stored at the next version is this seat's and this action, it was accepted
        (the one read happens only for stale requests, not for every move). ``["not_owner", ...]`` if this
        process no longer owns the table."""
        table = self.tables.get(table_id) or await self.get(table_id)
        seat, action, version = args["seat"], args["action"], args["version"]
        outcome = await TableCore.submit(self, table, seat, action, version)
        if not isinstance(outcome, Rejected):
            return None
        if outcome.code == "stale_version" and isinstance(version, int) and not isinstance(version, bool):
            stored = await self.store.stored_action(table_id, version + 1)
            if stored is not None and stored[0] == seat and _same(stored[1], action):
                return None
        return [outcome.code, outcome.message]

    async def submit(
        self, table: Table, seat: int, action: Any, version: Any, by: str = "player"
    ) -> Rejected | Accepted:
        args = {"seat": seat, "action": action, "version": version}
        for _attempt in range(MAX_ROUTES):
            if table.id in self.owned:
                outcome = await super().submit(table, seat, action, version, by)
                if not isinstance(outcome, Rejected) or outcome.code != "not_owner":
                    return outcome
            if by != "player":  # a bot or a timer of a table this process no longer owns: its new owner plays
                return Rejected("stale_version", "this process no longer owns the table")
            answer = await self._routed("submit", table.id, args)
            refused = await self._submit_here(table.id, args) if answer is LOCAL else answer.get("ok")
            if refused and refused[0] == "not_owner":  # handed over meanwhile: to the new owner
                continue
            if refused:
                if refused[0] == "stale_version":  # maybe this copy missed an event: read it again
                    self._refresh_soon(table.id, resend=True)
                return Rejected(refused[0], refused[1])
            return Accepted(seat, action, version + 1 if isinstance(version, int) else 0, {})
        raise ServiceError("server_error", "the table's server does not answer: try again")

    async def _do(self, method: str, table_id: str, **args: Any) -> Any:
        """A lobby operation on the table's owner, here or forwarded, with an id that makes it happen at most
        once however often it is sent (``_here``)."""
        args["op"] = new_op()
        for _attempt in range(MAX_ROUTES):
            answer = await self._routed(method, table_id, args)
            if answer is not LOCAL:
                return answer["ok"]
            try:
                return await self._here(method, table_id, args)
            except NotOwner:  # handed over meanwhile: to the new owner
                continue
            finally:
                args["again"] = True
        raise ServiceError("server_error", "the table's server does not answer: try again")

    # -- the lobby, routed to the owner -------------------------------------------------------------------
    # (a copy here reads the change again when the owner's ``table`` message arrives; the operations that
    # answer with the table read it at once)
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
        token = token or secrets.token_urlsafe(24)  # made here: a retry of the join answers the same token
        number, given = await self._do("join", table_id, name=name, invite=invite, seat=seat, token=token)
        return int(number), str(given)

    async def add_bot(
        self, table_id: str, token: str | None, level: str, seat: int | None, *, op: str | None = None
    ) -> int:
        return int(await self._do("add_bot", table_id, token=token, level=level, seat=seat))

    async def remove_seat(self, table_id: str, token: str | None, seat: int, *, op: str | None = None) -> None:
        await self._do("remove_seat", table_id, token=token, seat=seat)

    async def leave(self, table_id: str, token: str | None, *, op: str | None = None) -> None:
        await self._do("leave", table_id, token=token)

    async def start(self, table_id: str, token: str | None, *, op: str | None = None) -> Table:
        return await self.refresh(await self._do("start", table_id, token=token))

    async def close_table(self, table_id: str, token: str | None, *, op: str | None = None) -> Table:
        return await self.refresh(await self._do("close_table", table_id, token=token))

    async def rematch(self, table_id: str, token: str | None, *, op: str | None = None) -> Table:
        return await self.refresh(await self._do("rematch", table_id, token=token))

    async def _new_table(self, *args: Any, **kwargs: Any) -> Table:
        """A new table is owned by the process that made it."""
        table = await super()._new_table(*args, **kwargs)
        if await self.lease.try_take(table.id):
            self._owned_now(table.id)
            self._fresh.add(table.id)
            await self.bus.redis.set(self.bus.owner_key(table.id), self.process)
        return table

    async def purged(self, table_id: str) -> None:
        """Its owner hint in Redis goes with it (hints never expire: they would pile up, one per table ever made)."""
        try:
            await self.bus.redis.delete(self.bus.owner_key(table_id))
        except Exception as exc:
            log.warning("table %s: its owner hint stays in Redis (%r)", table_id, exc)

    # -- the bus --------------------------------------------------------------------------------------------
    def accepted(self, table: Table, accepted: Accepted, by: str) -> None:
        self.bus.publish(
            {
                "t": "act",
                "table": table.id,
                "v": accepted.version,
                "seat": accepted.seat,
                "action": accepted.action,
                "deadline": table.deadline,
                "dv": table.deadline_version,
            }
        )

    def broadcast(self, table_id: str, message: dict[str, Any], stored: bool = False) -> None:
        text = dumps(message)
        self.hub.broadcast_text(table_id, text)
        self.bus.publish({"t": "msg", "table": table_id, "text": text, "stored": stored})

    def unseat(self, table: Table, seat: int, tell: bool) -> None:
        super().unseat(table, seat, tell)
        self.bus.publish({"t": "unseat", "table": table.id, "seat": seat, "tell": tell})

    def started(self, table: Table) -> None:
        super().started(table)
        self.bus.publish({"t": "start", "table": table.id})

    def connected_seats(self, table_id: str) -> set[int]:
        seats = set(self.hub.connected_seats(table_id))
        for process, remote in self._remote.get(table_id, {}).items():
            if self.bus.alive(process):
                seats |= remote
        return seats

    def presence_changed(self, table: Table, person: bool) -> None:
        local = sorted(self.hub.connected_seats(table.id))
        self.bus.publish({"t": "presence", "table": table.id, "seats": local})
        if self.owns(table):  # else the owner hears of it (and a table nobody owns is taken by the scan)
            super().presence_changed(table, person)
            self._consider(table.id)  # its last connection here went: its players may be elsewhere

    def _beat(self, count: int) -> None:
        """Every few seconds, all of this process's presence again (a process that started since knows it)."""
        if count % 6 == 0:
            tables = {t: sorted(self.hub.connected_seats(t)) for t in self.tables}
            self.bus.publish({"t": "presences", "tables": {t: s for t, s in tables.items() if s}})

    def _on_event(self, event: dict[str, Any]) -> None:
        kind, table_id, process = event.get("t"), str(event.get("table")), str(event.get("p"))
        if kind == "presences":
            for remote in self._remote.values():
                remote.pop(process, None)
            for key, seats in event["tables"].items():
                self._remote.setdefault(key, {})[process] = set(seats)
            return
        table = self.tables.get(table_id)
        if kind == "act":
            if table_id in self._buffer:
                self._buffer[table_id].append(event)
            elif table is not None and table_id not in self.owned:
                self._apply(table, event)
        elif kind == "msg":
            self.hub.broadcast_text(table_id, event["text"])
            if event.get("stored") and table is not None and table_id not in self.owned:
                self._refresh_soon(table_id, resend=False)
        elif kind == "presence":
            self._remote.setdefault(table_id, {})[process] = set(event["seats"])
            if table is not None and table_id in self.owned:
                TableCore.presence_changed(self, table, person=True)
                self._consider(table_id)  # its players may be there and not here
        elif kind == "owner":
            self._owners[table_id] = process
            self._handing.pop(table_id, None)
            self.bus.new_owner(table_id, process)
            self._wake(table_id)
            if table_id in self.owned:  # it was this process's, and it did not know it lost it
                self._give_up_locally(table_id)
        elif kind in ("handing", "released"):
            self._on_handover(kind, table_id, str(event.get("to")))
        elif kind in ("unseat", "start") and table is not None and table_id not in self.owned:
            self._spawn(self._after_refresh(table_id, event))

    async def _after_refresh(self, table_id: str, event: dict[str, Any]) -> None:
        table = await self.refresh(table_id, resend=False)
        if event["t"] == "unseat":
            TableCore.unseat(self, table, int(event["seat"]), bool(event["tell"]))
        else:
            TableCore.started(self, table)


def _same(stored: Any, sent: Any) -> bool:
    """The same action, whatever the order of its keys (the stored one is the engine's own JSON)."""
    return json.dumps(stored, sort_keys=True) == json.dumps(sent, sort_keys=True)
