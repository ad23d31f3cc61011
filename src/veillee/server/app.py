"""The FastAPI application: HTTP endpoints for tables, and one WebSocket per connection to a table.

``create_app(url, settings)`` builds everything; ``veillee serve`` runs it under uvicorn. The HTTP side is
documented by FastAPI's OpenAPI (``/docs``, whose scripts are served from the ``fastapi-offline`` package,
so the page works without the internet); the WebSocket messages by ``docs/server.md``. Every refusal, from
the table service, request validation, routing, the body limit or an unexpected failure, is the same
structured ``error`` body.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import math
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import FastAPI, Header, Path, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel
from starlette.exceptions import HTTPException

import veillee
from veillee.server import bots, ui
from veillee.server.guard import BodyLimit, RateLimits
from veillee.server.hub import Hub
from veillee.server.lobby import TableService
from veillee.server.messages import AddBotRequest, CreateTableRequest, JoinRequest, ServiceError, error_json
from veillee.server.pages import pages_router
from veillee.server.settings import ServerSettings
from veillee.server.sockets import serve_connection
from veillee.server.store import Store
from veillee.server.upkeep import Upkeep

__all__ = ["create_app"]

log = logging.getLogger("veillee.server")


class ErrorBody(BaseModel):
    """Every refusal: a stable ``code`` to translate, two ready messages, and sometimes a ``detail``."""

    type: str = "error"
    code: str
    message: str
    message_fr: str
    detail: str | None = None
    retry_after: int | None = None


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody} for status in (400, 401, 403, 404, 409, 413, 422, 429)
}
HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "body_too_large"}
"""Routing refusals of Starlette, by status, as error codes."""


def _token(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    return None


SHUTDOWN_STEP = 5.0
"""Seconds each step of the shutdown may take before it is left behind (logged), so the process exits."""


async def _shutdown_step(name: str, work: Awaitable[None]) -> None:
    """Run one step of the shutdown; one that hangs is reported and abandoned rather than keeping the process
    alive after SIGTERM (``asyncio.wait``: a timeout that neither waits for nor swallows the cancellation)."""
    task = asyncio.ensure_future(work)
    done, _pending = await asyncio.wait({task}, timeout=SHUTDOWN_STEP)
    if not done:
        log.error("shutdown: %s did not finish within %.0f s; going on without it", name, SHUTDOWN_STEP)
        task.cancel()
    elif task.exception() is not None:
        log.error("shutdown: %s failed: %r", name, task.exception())


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _creator(address: str) -> str:
    """Addresses are stored hashed: the cap on open tables needs to recognise one, not to read it."""
    return hashlib.sha256(b"veillee creator " + address.encode()).hexdigest()[:32]


def _finite(value: Any, depth: int = 0) -> bool:
    """No NaN or infinity anywhere in an options object (JSON cannot carry them back out)."""
    if depth > 8:
        return False
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v, depth + 1) for v in value)
    return True


Auth = Annotated[str | None, Header(description="`Bearer <seat token>` of a seated player")]
TableId = Annotated[str, Path(max_length=32, description="the table's id")]


def create_app(database_url: str, settings: ServerSettings | None = None, redis_url: str | None = None) -> FastAPI:
    """The server application over the database at ``database_url``; with ``redis_url``, one process of
    several sharing that (PostgreSQL) database and Redis (``veillee.server.cluster``)."""
    config = settings or ServerSettings()
    hub = Hub()
    rates = {
        "create": config.rate_create,
        "join": config.rate_join,
        "messages": config.rate_messages,
        "chat": config.rate_chat,
    }
    limits = RateLimits(rates)
    if redis_url:  # shared by every process of the cluster (redis is imported only for one)
        from veillee.server.bus import bus_prefix

        limits = RateLimits(rates, redis_url, bus_prefix(database_url))
    holder: dict[str, TableService] = {}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store = Store(database_url)
        if redis_url:
            from veillee.server.cluster import ClusterService  # redis is imported only for a cluster

            service: TableService = ClusterService(store, hub, config, redis_url)
        else:
            service = TableService(store, hub, config)
        holder["service"] = service
        await service.load()
        upkeep = Upkeep(service)
        upkeep.start()
        try:
            yield
        finally:
            await _shutdown_step("the upkeep", upkeep.stop())
            await _shutdown_step("the table service", service.close())
            await _shutdown_step("the tables' bots and timers", service.cancel_all())
            store.close()

    app = FastAPIOffline(
        title="veillée game server",
        version=veillee.__version__,
        description="Tables of veillée card games. WebSocket protocol: see docs/server.md (`/ws/tables/{id}`).",
        lifespan=lifespan,
        redoc_url=None,
    )
    app.add_middleware(BodyLimit, max_bytes=config.max_body_bytes)

    def service() -> TableService:
        return holder["service"]

    @app.exception_handler(ServiceError)
    async def _service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after is not None else None
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # the fields only, never the input (it may not even be JSON-serialisable: NaN, huge numbers)
        fields = [".".join(str(p) for p in e.get("loc", ())) for e in exc.errors()[:5]]
        body = error_json("bad_request", "check these fields: " + (", ".join(fields) or "the body"))
        return JSONResponse(body, status_code=422)

    @app.exception_handler(HTTPException)
    async def _http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        code = HTTP_CODES.get(exc.status_code, "bad_request")
        return JSONResponse(error_json(code), status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.error("unexpected failure on %s %s: %r", request.method, request.url.path, exc)
        return JSONResponse(error_json("server_error"), status_code=500)

    app.mount("/static", ui.static_files(), name="static")
    app.include_router(ui.router)
    app.include_router(pages_router(service), responses=ERROR_RESPONSES)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index() -> str:
        return ui.page()

    # the load balancer's check, not part of the API (kept out of the OpenAPI schema, like the pages)
    @app.get("/health", include_in_schema=False)
    async def health() -> JSONResponse:
        report = await service().health()
        ok = report["database"] and report.get("redis", True)
        return JSONResponse({"status": "ok" if ok else "failing", **report}, status_code=200 if ok else 503)

    @app.get("/api/games", summary="The games, their player counts and options; the bot levels")
    async def games() -> dict[str, Any]:
        return {
            "games": [veillee.game_info(name).to_json() for name in veillee.game_names()],
            "bot_levels": list(bots.LEVELS),
        }

    @app.post(
        "/api/tables", status_code=201, summary="Create a table (private unless public)", responses=ERROR_RESPONSES
    )
    async def create_table(body: CreateTableRequest, request: Request) -> dict[str, Any]:
        if not _finite(body.options):
            raise ServiceError("bad_option", "options must be finite numbers, text, booleans or null")
        address = _address(request)
        await limits.check("create", address)
        table, token = await service().create(body, _creator(address))
        answer = service().table_json(table)
        answer["invite_code"] = table.invite
        answer["invite"] = f"{request.url_for('table_page', table_id=table.id)}#invite={table.invite}"
        if token is not None:
            answer["you"] = {"seat": 0, "token": token}
        return answer

    @app.get("/api/tables", summary="Public tables with a free seat, in the lobby")
    async def list_tables() -> dict[str, Any]:
        return {"tables": [service().table_json(t) for t in await service().public_tables()]}

    @app.get("/api/tables/{table_id}", summary="A table: game, options, seats, host, status", responses=ERROR_RESPONSES)
    async def get_table(table_id: TableId) -> dict[str, Any]:
        return service().table_json(await service().get(table_id))

    @app.post(
        "/api/tables/{table_id}/join",
        summary="Take a seat with a display name and the invite code; returns the seat token",
        responses=ERROR_RESPONSES,
    )
    async def join(table_id: TableId, body: JoinRequest, request: Request) -> dict[str, Any]:
        await limits.check("join", _address(request))
        seat, token = await service().join(table_id, body.name, body.invite, body.seat)
        return {"seat": seat, "token": token}

    @app.post("/api/tables/{table_id}/bots", summary="Put a bot in a seat (the host asks)", responses=ERROR_RESPONSES)
    async def add_bot(table_id: TableId, body: AddBotRequest, authorization: Auth = None) -> dict[str, Any]:
        seat = await service().add_bot(table_id, _token(authorization), body.level, body.seat)
        return {"seat": seat}

    @app.delete(
        "/api/tables/{table_id}/seats/{seat}",
        summary="Free a seat in the lobby (the host asks): a bot, or a person whose token stops holding it",
        responses=ERROR_RESPONSES,
    )
    async def remove_seat(
        table_id: TableId, seat: Annotated[int, Path(ge=0, le=64)], authorization: Auth = None
    ) -> dict[str, Any]:
        await service().remove_seat(table_id, _token(authorization), seat)
        return {"removed": seat}

    @app.post(
        "/api/tables/{table_id}/start",
        summary="Start the match once every seat is taken (the host asks)",
        responses=ERROR_RESPONSES,
    )
    async def start(table_id: TableId, authorization: Auth = None) -> dict[str, Any]:
        return service().table_json(await service().start(table_id, _token(authorization)))

    @app.post(
        "/api/tables/{table_id}/leave",
        summary="Leave: in the lobby the seat is freed, in a match a bot takes it",
        responses=ERROR_RESPONSES,
    )
    async def leave(table_id: TableId, authorization: Auth = None) -> dict[str, Any]:
        await service().leave(table_id, _token(authorization))
        return {"left": True}

    @app.post(
        "/api/tables/{table_id}/close", summary="Close the table for good (the host asks)", responses=ERROR_RESPONSES
    )
    async def close(table_id: TableId, authorization: Auth = None) -> dict[str, Any]:
        return service().table_json(await service().close_table(table_id, _token(authorization)))

    @app.post(
        "/api/tables/{table_id}/rematch",
        summary="After the end: a new table with the same seats and host",
        responses=ERROR_RESPONSES,
    )
    async def rematch(table_id: TableId, authorization: Auth = None) -> dict[str, Any]:
        return service().table_json(await service().rematch(table_id, _token(authorization)))

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
        await serve_connection(service(), hub, table, websocket, limits)

    return app
