"""Upkeep: no runaway work. A periodic sweep suspends, abandons and purges tables nobody uses any more.

- A match with no person's seat connected for ``suspend_after`` is suspended: its bots and turn timer stop
  (they cost a core each at the ``hard`` level) until someone seated there comes back.
- A lobby or a match that no person seated at it has visited for ``abandon_after`` is abandoned: the lobby
  is deleted, the match closed.
- Finished and closed tables are deleted ``retention`` after they ended, their game record kept if
  ``keep_records``; in memory they are dropped as soon as nobody watches them (they load again on demand).

Everything the sweep decides from is stored (``seen``, ``updated``), so a restart does not restart the
clocks, and a later design with several server processes can run the purge from any one of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from veillee.server.replay import kept_meta
from veillee.server.tables import TableCore

__all__ = ["Upkeep"]

log = logging.getLogger("veillee.server")

OPS_KEPT = 600.0
"""Seconds the record of a forwarded operation is kept (a retry comes within seconds: ``ROUTE_PATIENCE``)."""


class Upkeep:
    """The periodic sweep of one ``TableCore``."""

    def __init__(self, service: TableCore) -> None:
        self.service = service
        self.settings = service.settings
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                await self.sweep()
            except Exception:  # one bad sweep must not end the upkeep
                log.exception("the upkeep sweep failed")

    async def sweep(self, now: float | None = None) -> None:
        """One round: note who is here, suspend, abandon, drop from memory, purge from the store."""
        service, settings = self.service, self.settings
        now = time.time() if now is None else now
        present: list[str] = []
        for table in list(service.tables.values()):
            if not service.owns(table):  # another process's table (or nobody's yet): its owner sweeps it
                if not service.hub.connections(table.id):
                    service.forget(table)
                continue
            people = service.connected_seats(table.id)
            if people:
                table.seen = now
                present.append(table.id)
                continue
            idle = now - table.seen
            if table.status == "lobby" and idle >= settings.abandon_after:
                log.info("table %s: lobby abandoned, deleted", table.id)
                await self._purge(table.id)
            elif table.status == "playing" and idle >= settings.abandon_after:
                async with table.lock:
                    await service.end_table(table, "closed", "abandoned: nobody came back")
                log.info("table %s: match abandoned, closed", table.id)
                service.table_changed(table)
            elif table.status == "playing" and idle >= settings.suspend_after and not table.suspended:
                service.suspend(table)
            elif table.status not in ("lobby", "playing") and not service.hub.connections(table.id):
                service.forget(table)  # loads again from the store if anyone asks
        service.store.update_soon(present, seen=now)
        await service.store.forget_ops(now - OPS_KEPT)
        for table_id in await service.store.table_ids(("finished", "closed"), updated_before=now - settings.retention):
            await self._purge(table_id)

    async def _purge(self, table_id: str) -> None:
        """Delete a table from the store (keeping the record of a started match if asked) and from memory."""
        service = self.service
        record = None
        if self.settings.keep_records:
            loaded = await service.store.load(table_id)
            head = loaded.row["head"] if loaded is not None else None
            if loaded is not None and head is not None:
                # who may replay it stays with it: the table's privacy, its invite code (hashed), the names
                meta = kept_meta(loaded.row["public"], loaded.row["invite"], loaded.seats)
                record = {**head, "actions": loaded.actions, "meta": {**head.get("meta", {}), **meta}}
        await service.store.purge(table_id, record)
        table = service.tables.get(table_id)
        if table is not None:
            if table.task is not None:
                table.task.cancel()
            service.forget(table)  # and, with several processes, its lock
        await service.purged(table_id)
        log.info("table %s deleted%s", table_id, " (its record is kept)" if record else "")
