"""WebSocket connections by table, each with its own outgoing queue and sender task.

A broadcast never awaits a socket: it puts a ready string on each connection's queue and returns, so a slow
or stalled phone cannot hold up a table (the lesson of ``broadcaster``: a receiver and a sender task per
connection). A connection whose queue overflows is closed with 1013 ``slow_client`` (after the frames already
on their way); its client reconnects and gets a fresh snapshot.

The hub only forwards ``Delivery`` objects built by ``Match`` for the connection's own seat (spectators get
the spectator delivery), so it cannot send a seat anything that seat may not see.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

from veillee.core.match import Delivery

__all__ = ["Connection", "Hub"]

log = logging.getLogger("veillee.server")

QUEUE_LIMIT = 512
"""Messages that may wait for one connection before it is judged too slow and closed."""


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@dataclass(eq=False)
class Connection:
    """One WebSocket: the seat it holds (``None``: a spectator) and its queue of outgoing text."""

    websocket: WebSocket
    table_id: str
    seat: int | None = None
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    closed: bool = False
    overflowed: bool = False
    """The queue overflowed: the sender is closing the connection with 1013 ``slow_client``."""
    overflow: asyncio.Event = field(default_factory=asyncio.Event)
    """Set when the queue overflows: wakes the connection's server, which may be waiting for a message."""

    @property
    def variant(self) -> str | None:
        """What, besides the seat, changes the text this connection is sent (``UiConnection``: the language
        of its presentation): connections with the same seat and variant share one rendered text."""
        return None

    def render(self, message: dict[str, Any]) -> str:
        """The text of a message for this connection."""
        return dumps(message)

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message; a connection too far behind is closed instead (it will reconnect)."""
        if not self.closed:
            self.enqueue(message if isinstance(message, str) else self.render(message))

    def enqueue(self, text: str) -> None:
        """Queue a text ready for this connection (rendered by ``render``)."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.closed = self.overflowed = True
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)
            self.overflow.set()

    async def sender(self) -> None:
        """Write queued messages in order until the connection ends."""
        while True:
            text = await self.queue.get()
            if text is None:
                await self.websocket.close(code=1013, reason="slow_client")
                return
            await self.websocket.send_text(text)


class Hub:
    """Every open connection, by table."""

    def __init__(self) -> None:
        self._tables: dict[str, set[Connection]] = {}

    def add(self, connection: Connection) -> None:
        self._tables.setdefault(connection.table_id, set()).add(connection)

    def remove(self, connection: Connection) -> None:
        connection.closed = True
        members = self._tables.get(connection.table_id)
        if members is not None:
            members.discard(connection)
            if not members:
                del self._tables[connection.table_id]

    def connections(self, table_id: str) -> list[Connection]:
        return list(self._tables.get(table_id, ()))

    def audience(self, table_id: str) -> set[int | None]:
        """The seats (``None``: spectators) that have a connection here: the deliveries worth building."""
        return {c.seat for c in self._tables.get(table_id, ())}

    def connected_seats(self, table_id: str) -> set[int]:
        return {c.seat for c in self._tables.get(table_id, ()) if c.seat is not None}

    @property
    def count(self) -> int:
        return sum(len(members) for members in self._tables.values())

    def broadcast_text(self, table_id: str, text: str) -> None:
        """The same public message to everyone at the table here (``TableCore.broadcast`` is the path that
        reaches every process)."""
        for connection in self._tables.get(table_id, ()):
            connection.send(text)

    def deliver(
        self, table_id: str, deliveries: dict[int | None, Delivery], extra: Callable[[], dict[str, Any]]
    ) -> None:
        """Each connection gets its own seat's delivery, plus ``extra()``: rendered once per distinct seat and
        variant (a hundred spectators of one language cost one presentation and one serialisation)."""
        members = self._tables.get(table_id)
        if not members:
            return
        common = extra()
        texts: dict[tuple[int | None, str | None], str] = {}
        for connection in members:
            if connection.closed:
                continue
            key = (connection.seat, connection.variant)
            text = texts.get(key)
            if text is None:
                text = texts[key] = connection.render(state_message(deliveries[connection.seat], common))
            connection.enqueue(text)


def state_message(delivery: Delivery, common: dict[str, Any]) -> dict[str, Any]:
    """The ``state`` message of the protocol: a delivery plus table-wide facts (timer)."""
    return {"type": "state", **delivery.to_json(), **common}
