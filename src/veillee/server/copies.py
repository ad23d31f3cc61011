"""Copies of tables another process owns (several ``veillee serve`` processes: ``veillee.server.cluster``).

A process that does not own a table may still serve its connections: it holds a copy, read from the store,
and applies to it, in version order, the actions the owner publishes, delivering to each of its connections
its own seat's view exactly as the owner does. A copy that falls out of step (a gap in the versions, an
event missed while Redis was away) is read again from the store, and its connections get a snapshot of what
they missed. Actions heard while a table is being read are kept and applied after, so none falls between
the read and the first event.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from typing import Any

from veillee.core.match import Rejected
from veillee.server.hub import Hub
from veillee.server.lobby import TableService
from veillee.server.messages import ServiceError
from veillee.server.settings import ServerSettings
from veillee.server.store import Store
from veillee.server.tables import Table

__all__ = ["CopyService"]

log = logging.getLogger("veillee.server")

KEPT = ("lock", "task")
"""Fields of a ``Table`` that a refresh from the store keeps (the process's own, not stored facts)."""


class CopyService(TableService):
    """The table service's copies of tables owned elsewhere (``owned``: the tables this process owns)."""

    def __init__(self, store: Store, hub: Hub, settings: ServerSettings | None = None) -> None:
        super().__init__(store, hub, settings)
        self.owned: set[str] = set()
        self._loading: dict[str, asyncio.Future[Table]] = {}
        self._buffer: dict[str, list[dict[str, Any]]] = {}
        """Actions heard for a table while it is read from the store (applied after, in version order)."""
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        self._again: dict[str, bool] = {}
        self.copied = 0
        """Actions applied to copies here (each is work the owner did too: ``/health`` reports it)."""

    def _install(self, table_id: str, fresh: Table, resend: bool) -> Table:
        """Put a table read from the store in place of this process's copy (the same object stays, since
        connections hold it); connections that missed actions get a snapshot of what they missed."""
        table = self.tables.get(table_id)
        if table is None:
            self.tables[table_id] = fresh
            return fresh
        before = (table.match.version, table.match.event_count) if table.match else None
        for item in dataclasses.fields(Table):
            if item.name not in KEPT:
                setattr(table, item.name, getattr(fresh, item.name))
        if resend and table.match is not None and (before is None or before[0] != table.match.version):
            events_from = before[1] if before is not None else 0
            for connection in self.hub.connections(table_id):
                connection.send(self.snapshot_message(table, connection.seat, events_from))
        return table

    # -- copies of other processes' tables -----------------------------------------------------------------
    async def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Table] = asyncio.get_running_loop().create_future()
        future.add_done_callback(lambda f: f.cancelled() or f.exception())
        self._loading[table_id] = future
        self._buffer.setdefault(table_id, [])
        try:
            table = await super().get(table_id)
            self._drain(table)
            future.set_result(table)
            return table
        except BaseException as exc:
            future.set_exception(exc)
            raise
        finally:
            self._loading.pop(table_id, None)
            self._buffer.pop(table_id, None)

    async def public_tables(self) -> list[Table]:
        """Public tables with a free seat, from the store: some are held only by other processes."""
        found = []
        for table_id in await self.store.table_ids(("lobby",), public=True):
            with contextlib.suppress(ServiceError):
                table = await self.get(table_id)
                if table.status == "lobby" and table.public and any(s.kind == "empty" for s in table.seats):
                    found.append(table)
            if len(found) >= 100:
                break
        return found

    async def seat_of(self, table: Table, token: str | None) -> int | None:
        """A token this copy does not know may have been given a moment ago by another process."""
        seat = table.seat_of(token)
        if seat is None and token and not self.owns(table):
            seat = (await self.refresh(table.id)).seat_of(token)
        return seat

    async def refresh(self, table_id: str, resend: bool = True) -> Table:
        """Read the table again from the store now (after another process changed it); with ``resend``, its
        connections here get a snapshot of what they missed."""
        if table_id in self.owned:
            return await self.get(table_id)
        self._buffer.setdefault(table_id, [])
        try:
            loaded = await self.store.load(table_id)
            if loaded is None:
                raise ServiceError("table_not_found")
            table = self._install(table_id, self._from_loaded(loaded), resend)
            self._drain(table)
            return table
        finally:
            if table_id not in self._refreshing and table_id not in self._loading:
                self._buffer.pop(table_id, None)

    def _refresh_soon(self, table_id: str, resend: bool = True) -> None:
        if table_id in self._refreshing:
            self._again[table_id] = True
            return

        async def work() -> None:
            try:
                while True:
                    self._again.pop(table_id, None)
                    with contextlib.suppress(ServiceError):
                        await self.refresh(table_id)
                    if not self._again.get(table_id):
                        return
            except Exception:
                log.exception("table %s: could not read it again", table_id)
            finally:
                self._refreshing.pop(table_id, None)
                self._buffer.pop(table_id, None)

        self._buffer.setdefault(table_id, [])
        self._refreshing[table_id] = asyncio.create_task(work())

    def _resync_all(self) -> None:
        for table_id in list(self.tables):
            if table_id not in self.owned:
                self._refresh_soon(table_id)

    def _drain(self, table: Table) -> None:
        for event in sorted(self._buffer.get(table.id, []), key=lambda e: int(e["v"])):
            self._apply(table, event)
        if table.id in self._buffer:
            self._buffer[table.id] = []

    def _apply(self, table: Table, event: dict[str, Any]) -> None:
        """An action the owner accepted, applied to this copy and delivered to its connections here."""
        match = table.match
        version = int(event["v"])
        if match is None:
            self._refresh_soon(table.id)
            return
        if version <= match.version:
            return
        checked = match.check(event["seat"], event["action"], version - 1) if version == match.version + 1 else None
        if checked is None or isinstance(checked, Rejected):
            self._refresh_soon(table.id)  # out of step: the store has everything, in order
            return
        accepted = match.commit(event["seat"], checked, self.hub.audience(table.id))
        self.copied += 1
        table.deadline, table.deadline_version = event.get("deadline"), event.get("dv")
        if match.is_over:
            table.status = "finished"
        self.hub.deliver(table.id, accepted.deliveries, lambda: {"turn_left": table.timer_left()})
