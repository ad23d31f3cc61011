"""One WebSocket connection to a table: a welcome, then each message read, checked and answered in order.

Every refusal is an ``error`` message to the sender only, and changes nothing. Messages are counted per
client address (``rate_messages``): past the limit they are dropped with one ``rate_limited`` error per
window, so a flood costs the server a counter increment per frame and nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from veillee.core.match import Rejected
from veillee.server import ui
from veillee.server.guard import RateLimits
from veillee.server.hub import QUEUE_LIMIT, Hub
from veillee.server.messages import (
    MAX_MESSAGE_BYTES,
    ActMessage,
    ChatMessage,
    HelloMessage,
    PingMessage,
    ReactMessage,
    clean_chat,
    error_json,
)
from veillee.server.tables import Table, TableCore

__all__ = ["serve_connection"]

log = logging.getLogger("veillee.server")

SLOW_CLOSE_GRACE = 10.0
"""Seconds a client judged slow is given to take the frame in hand and the ``slow_client`` close frame; then
the server lets it go, and ``wsprotocol`` aborts its socket if it takes nothing more."""
CATCH_UP = QUEUE_LIMIT // 4
"""Messages waiting for a connection past which its reader lets the sender write before it reads on."""

Model = HelloMessage | ActMessage | PingMessage | ChatMessage | ReactMessage
MODELS: dict[str, type[Model]] = {
    "hello": HelloMessage,
    "act": ActMessage,
    "ping": PingMessage,
    "chat": ChatMessage,
    "react": ReactMessage,
}


def client_address(websocket: WebSocket) -> str:
    return websocket.client.host if websocket.client else "unknown"


async def serve_connection(
    service: TableCore, hub: Hub, table: Table, websocket: WebSocket, limits: RateLimits
) -> None:
    """Serve one connection until it closes, or until it is judged too slow (its queue overflowed): then it is
    closed with 1013 ``slow_client`` after the frame in hand, or let go if it takes none of it in
    ``SLOW_CLOSE_GRACE`` seconds.

    The overflow is noticed at once, not at the client's next message: a frozen phone sends none."""
    connection = ui.UiConnection(websocket, table)
    hub.add(connection)
    sender = asyncio.create_task(connection.sender())
    connection.send({"type": "welcome", "seat": None, "table": service.table_json(table)})
    if table.match is not None:
        connection.send(service.snapshot_message(table, None, 0))
    reading = _Reading()
    reader = asyncio.create_task(_read(service, table, connection, limits, reading))
    overflow = asyncio.create_task(connection.overflow.wait())
    try:
        await asyncio.wait({reader, overflow}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        overflow.cancel()
        was_seated = connection.seat is not None
        hub.remove(connection)
        if was_seated:
            service.presence_changed(table, person=True)
        try:
            if connection.overflowed:  # let the sender finish the frame in hand and send the close frame
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(asyncio.shield(sender), SLOW_CLOSE_GRACE)
            if reading.waiting:
                reader.cancel()  # it waits for a message, which a closed connection would drop anyway
            await asyncio.wait({reader})  # else it ends after the message in hand (the connection is closed)
        finally:
            sender.cancel()
            reader.cancel()
    if not reader.cancelled():
        reader.result()  # an error of a handler is the application's, as before


@dataclass
class _Reading:
    waiting: bool = False
    """The reader waits for the next message (it holds none): cancelling it loses nothing."""


async def _read(
    service: TableCore, table: Table, connection: ui.UiConnection, limits: RateLimits, reading: _Reading
) -> None:
    """Read, check and answer each message in order until the client goes or the connection is closed."""
    websocket = connection.websocket
    address = client_address(websocket)
    limited_until = 0.0
    try:
        while not connection.closed:
            reading.waiting = True
            try:
                message = await websocket.receive()
            finally:
                reading.waiting = False
            if message["type"] == "websocket.disconnect":
                break
            wait = await limits.wait("messages", address)
            if wait is not None:
                if time.monotonic() >= limited_until:  # one error per window, not one per flooded frame
                    limited_until = time.monotonic() + wait
                    error = error_json("rate_limited", f"too many messages: retry in {wait} s")
                    connection.send({**error, "retry_after": wait})
                continue
            text = message.get("text")
            if text is None:
                connection.send(error_json("bad_message", "send JSON text frames, not binary ones"))
                continue
            await _handle(service, table, connection, text, limits, address)
            if connection.queue.qsize() >= CATCH_UP:
                # one read of the socket may bring hundreds of requests: answering them all before the sender
                # runs would judge slow a client whose socket takes everything
                await asyncio.sleep(0)
    except (WebSocketDisconnect, RuntimeError):
        pass


async def _handle(
    service: TableCore, table: Table, connection: ui.UiConnection, text: str, limits: RateLimits, address: str
) -> None:
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode()) > MAX_MESSAGE_BYTES:
        connection.send(error_json("too_large", f"messages are at most {MAX_MESSAGE_BYTES} bytes"))
        return
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # ValueError: bad JSON, and integers too long to convert
        connection.send(error_json("bad_json"))
        return
    kind = data.get("type") if isinstance(data, dict) else None
    model = MODELS.get(kind) if isinstance(kind, str) else None
    if model is None:
        connection.send(error_json("unknown_type", "the types are hello, act, ping, chat and react"))
        return
    try:
        parsed = model.model_validate(data)
    except (ValidationError, RecursionError) as exc:
        errors = exc.errors()[:5] if isinstance(exc, ValidationError) else []
        fields = ", ".join(".".join(str(p) for p in e["loc"]) or "message" for e in errors) or "message"
        connection.send(error_json("bad_message", f"check these fields: {fields}"))
        return
    if isinstance(parsed, PingMessage):
        connection.send({"type": "pong"})
    elif isinstance(parsed, HelloMessage):
        await _hello(service, table, connection, parsed)
    elif isinstance(parsed, ActMessage):
        if connection.seat is None:
            connection.send(error_json("not_seated", "send hello with your seat token first", parsed.ref))
            return
        outcome = await service.submit(table, connection.seat, parsed.action, parsed.version)
        if isinstance(outcome, Rejected):
            connection.send(error_json(outcome.code, outcome.message, parsed.ref))
    else:
        await _chat(service, table, connection, parsed, limits, address)


async def _chat(
    service: TableCore,
    table: Table,
    connection: ui.UiConnection,
    message: ChatMessage | ReactMessage,
    limits: RateLimits,
    address: str,
) -> None:
    """A chat line or a reaction: seated players only (spectators read), cleaned, within the chat limit."""
    if connection.seat is None:
        connection.send(error_json("not_seated", "spectators read the chat; take a seat to write"))
        return
    text = clean_chat(message.text) if isinstance(message, ChatMessage) else None
    if isinstance(message, ChatMessage) and not text:
        connection.send(error_json("bad_chat", "the message has no visible character"))
        return
    wait = await limits.wait("chat", address)
    if wait is not None:
        error = error_json("rate_limited", f"too many chat messages: retry in {wait} s")
        connection.send({**error, "retry_after": wait})
        return
    reaction = message.reaction if isinstance(message, ReactMessage) else None
    service.chat(table, connection.seat, text=text, reaction=reaction)


async def _hello(service: TableCore, table: Table, connection: ui.UiConnection, hello: HelloMessage) -> None:
    seat: int | None = None
    if hello.token is not None:
        seat = await service.seat_of(table, hello.token)
        if seat is None:
            connection.send(error_json("bad_token", "join the table again or ask for a new link"))
            return
    connection.seat = seat
    connection.lang = hello.lang
    welcome: dict[str, Any] = {"type": "welcome", "seat": seat, "table": service.table_json(table)}
    if seat is not None:
        welcome["invite_code"] = table.invite  # a seated player may invite friends from any device
    connection.send(welcome)
    if table.match is not None:
        connection.send(service.snapshot_message(table, seat, hello.events_from))
    service.presence_changed(table, person=seat is not None)
