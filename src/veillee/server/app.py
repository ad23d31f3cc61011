"""The FastAPI application: HTTP endpoints for tables, and one WebSocket per connection to a table.

``create_app(url)`` builds everything; ``veillee serve`` runs it under uvicorn. The HTTP side is documented
by FastAPI's OpenAPI (``/docs``); the WebSocket messages by ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import ValidationError
from starlette.websockets import WebSocketDisconnect

import veillee
from veillee.core.match import Rejected
from veillee.server import bots, ui
from veillee.server.hub import Hub
from veillee.server.messages import (
    MAX_MESSAGE_BYTES,
    ActMessage,
    AddBotRequest,
    CreateTableRequest,
    HelloMessage,
    JoinRequest,
    PingMessage,
    ServiceError,
    error_json,
)
from veillee.server.store import Store
from veillee.server.tables import Table, TableService

__all__ = ["create_app"]

log = logging.getLogger("veillee.server")


def _token(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return None


Auth = Annotated[str | None, Header(description="`Bearer <seat token>` of a seated player")]


def create_app(database_url: str, *, bot_delay: float = 0.5) -> FastAPI:
    """The server application over the database at ``database_url``."""
    hub = Hub()
    holder: dict[str, TableService] = {}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store = Store(database_url)
        service = TableService(store, hub, bot_delay=bot_delay)
        holder["service"] = service
        await service.load()
        try:
            yield
        finally:
            await service.close()
            await service.cancel_all()
            store.close()

    app = FastAPI(
        title="veillée game server",
        version=veillee.__version__,
        description="Tables of veillée card games. WebSocket protocol: see docs/server.md (`/ws/tables/{id}`).",
        lifespan=lifespan,
    )

    def service() -> TableService:
        return holder["service"]

    @app.exception_handler(ServiceError)
    async def _service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    app.mount("/static", ui.static_files(), name="static")
    app.include_router(ui.router)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index() -> str:
        return ui.page()

    @app.get("/api/games", summary="The games, their player counts and options; the bot levels")
    async def games() -> dict[str, Any]:
        return {
            "games": [veillee.game_info(name).to_json() for name in veillee.game_names()],
            "bot_levels": list(bots.LEVELS),
        }

    @app.post("/api/tables", status_code=201, summary="Create a table (in the lobby)")
    async def create_table(body: CreateTableRequest, request: Request) -> dict[str, Any]:
        table, token = await service().create(body)
        answer = _table_json(service(), table)
        answer["invite"] = str(request.url_for("table_page", table_id=table.id))
        if token is not None:
            answer["you"] = {"seat": 0, "token": token}
        return answer

    @app.get("/api/tables", summary="Tables waiting for players")
    async def list_tables() -> dict[str, Any]:
        lobby = [t for t in service().tables.values() if t.status == "lobby"]
        return {"tables": [_table_json(service(), t) for t in lobby[:100]]}

    @app.get("/api/tables/{table_id}", summary="A table: game, options, seats, status")
    async def get_table(table_id: str) -> dict[str, Any]:
        return _table_json(service(), await service().get(table_id))

    @app.post("/api/tables/{table_id}/join", summary="Take a seat with a display name; returns the seat token")
    async def join(table_id: str, body: JoinRequest) -> dict[str, Any]:
        seat, token = await service().join(table_id, body.name, body.seat)
        return {"seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/bots", summary="Put a bot in a seat (a seated player asks)")
    async def add_bot(table_id: str, body: AddBotRequest, authorization: Auth = None) -> dict[str, Any]:
        seat = await service().add_bot(table_id, _token(authorization), body.level, body.seat)
        return {"seat": seat}

    @app.post("/api/tables/{table_id}/start", summary="Start the match once every seat is taken")
    async def start(table_id: str, authorization: Auth = None) -> dict[str, Any]:
        return _table_json(service(), await service().start(table_id, _token(authorization)))

    @app.post(
        "/api/tables/{table_id}/leave", summary="Leave: in the lobby the seat is freed, in a match a bot takes it"
    )
    async def leave(table_id: str, authorization: Auth = None) -> dict[str, Any]:
        await service().leave(table_id, _token(authorization))
        return {"left": True}

    @app.post("/api/tables/{table_id}/rematch", summary="After the end: a new table with the same seats")
    async def rematch(table_id: str, authorization: Auth = None) -> dict[str, Any]:
        return _table_json(service(), await service().rematch(table_id, _token(authorization)))

    @app.get("/api/tables/{table_id}/record", summary="The game record (a replay), once the match is over")
    async def record(table_id: str) -> dict[str, Any]:
        return await service().record(table_id)

    @app.get("/tables/{table_id}", response_class=HTMLResponse, include_in_schema=False, name="table_page")
    async def table_page(table_id: str) -> str:
        return ui.page()

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        try:
            table = await service().get(table_id)
        except ServiceError as exc:
            await websocket.send_text(json.dumps(exc.to_json()))
            await websocket.close(code=4404)
            return
        await _serve_connection(service(), hub, table, websocket)

    return app


def _table_json(service: TableService, table: Table) -> dict[str, Any]:
    return table.public(service.hub.connected_seats(table.id))


async def _serve_connection(service: TableService, hub: Hub, table: Table, websocket: WebSocket) -> None:
    """One connection: a welcome, then each message read and answered in order, until it closes."""
    connection = ui.UiConnection(websocket, table)
    hub.add(connection)
    sender = asyncio.create_task(connection.sender())
    connection.send({"type": "welcome", "seat": None, "table": _table_json(service, table)})
    if table.match is not None:
        connection.send(service.snapshot_message(table, None, 0))
    try:
        while not connection.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                connection.send(error_json("bad_message", "send JSON text frames, not binary ones"))
                continue
            await _handle(service, table, connection, text)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.remove(connection)
        sender.cancel()
        if connection.seat is not None:
            service._table_changed(table)


async def _handle(service: TableService, table: Table, connection: ui.UiConnection, text: str) -> None:
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        connection.send(error_json("too_large", f"messages are at most {MAX_MESSAGE_BYTES} bytes"))
        return
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        connection.send(error_json("bad_json"))
        return
    kind = data.get("type") if isinstance(data, dict) else None
    models: dict[str, type[HelloMessage | ActMessage | PingMessage]] = {
        "hello": HelloMessage,
        "act": ActMessage,
        "ping": PingMessage,
    }
    model = models.get(kind) if isinstance(kind, str) else None
    if model is None:
        connection.send(error_json("unknown_type", "the types are hello, act and ping"))
        return
    try:
        parsed = model.model_validate(data)
    except ValidationError as exc:
        fields = ", ".join(".".join(str(p) for p in e["loc"]) or "message" for e in exc.errors()[:5])
        connection.send(error_json("bad_message", f"check these fields: {fields}"))
        return
    if isinstance(parsed, PingMessage):
        connection.send({"type": "pong"})
    elif isinstance(parsed, HelloMessage):
        _hello(service, table, connection, parsed)
    elif isinstance(parsed, ActMessage):
        if connection.seat is None:
            connection.send(error_json("not_seated", "send hello with your seat token first", parsed.ref))
            return
        outcome = await service.submit(table, connection.seat, parsed.action, parsed.version)
        if isinstance(outcome, Rejected):
            connection.send(error_json(outcome.code, outcome.message, parsed.ref))


def _hello(service: TableService, table: Table, connection: ui.UiConnection, hello: HelloMessage) -> None:
    seat: int | None = None
    if hello.token is not None:
        seat = table.seat_of(hello.token)
        if seat is None:
            connection.send(error_json("bad_token", "join the table again or ask for a new link"))
            return
    connection.seat = seat
    connection.lang = hello.lang
    connection.send({"type": "welcome", "seat": seat, "table": _table_json(service, table)})
    if table.match is not None:
        connection.send(service.snapshot_message(table, seat, hello.events_from))
    service._table_changed(table)
