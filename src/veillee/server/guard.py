"""Guards against abuse: rate limits per client address, and a request-body limit read before the body is.

Rate limits use the ``limits`` library. One process (SQLite, the default) counts in its own memory, in a
moving window. Several processes (``--redis-url``) count in Redis, shared: a client connecting through
three processes behind the load balancer gets one budget, not three. There the window is ``limits``'s
sliding-window counter (two fixed-window counters with expiry, weighted; one Lua call per hit over redis-py's
asyncio client), the cheapest shared window that does not double a burst at a window's edge. If Redis does
not answer, the limit lets the event through (and says so in the log): the bus is down then anyway, and a
refusal of every player would be worse than an unlimited minute.
"""

from __future__ import annotations

import json
import logging
import math
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from limits import RateLimitItem, parse
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter
from starlette.exceptions import HTTPException

from veillee.server.messages import ServiceError, error_json

__all__ = ["BodyLimit", "BodyTooLarge", "RateLimits"]

log = logging.getLogger("veillee.server")

QUIET_LOG = 10.0
"""Seconds between two log lines about Redis not answering the rate limiter."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class RateLimits:
    """Named limits (``create``, ``join``, ``messages``, ``chat``), each counted per client address: in this
    process's memory, or with ``redis_url`` in Redis, shared by every process (keys under ``prefix``)."""

    def __init__(self, limits: dict[str, str], redis_url: str | None = None, prefix: str = "veillee") -> None:
        self._items: dict[str, RateLimitItem] = {}
        for kind, text in limits.items():
            try:
                self._items[kind] = parse(text)
            except ValueError:
                raise ValueError(f"the {kind} rate limit must read like 10/minute, not {text!r}") from None
        self._local = MovingWindowRateLimiter(storage_from_string("memory://"))
        self._shared: SlidingWindowCounterRateLimiter | None = None
        if redis_url:
            from limits.aio.storage import RedisStorage  # redis is imported only for a cluster

            storage = RedisStorage("async+" + redis_url, implementation="redispy", key_prefix=f"{prefix}:limits")
            self._shared = SlidingWindowCounterRateLimiter(storage)
        self._complained = 0.0

    async def wait(self, kind: str, address: str) -> int | None:
        """Count one ``kind`` event from ``address``: ``None`` if allowed, else the seconds to wait."""
        item = self._items[kind]
        if self._shared is None:
            if self._local.hit(item, kind, address):
                return None
            reset = self._local.get_window_stats(item, kind, address).reset_time
        else:
            try:
                if await self._shared.hit(item, kind, address):
                    return None
                reset = (await self._shared.get_window_stats(item, kind, address)).reset_time
            except Exception as exc:  # Redis is away: let it through rather than refuse everyone
                if time.monotonic() - self._complained > QUIET_LOG:
                    self._complained = time.monotonic()
                    log.error("the shared rate limits cannot reach Redis (%r): not limiting", exc)
                return None
        return max(1, math.ceil(reset - time.time()))

    async def check(self, kind: str, address: str) -> None:
        """``wait`` for HTTP handlers: raise ``rate_limited`` (429 with ``Retry-After``) when over."""
        seconds = await self.wait(kind, address)
        if seconds is not None:
            raise ServiceError("rate_limited", f"retry in {seconds} s", retry_after=seconds)


class BodyTooLarge(HTTPException):
    """Raised while a body is being read, once it passes the limit (an HTTP error, so FastAPI lets it through
    its body parsing untouched and the app's handler answers 413)."""

    def __init__(self, max_bytes: int) -> None:
        super().__init__(413, f"request bodies are at most {max_bytes} bytes")


class BodyLimit:
    """ASGI middleware: an HTTP request whose body exceeds ``max_bytes`` is answered 413 and not read on.

    A declared ``Content-Length`` over the limit is refused before a byte of the body is read; a chunked
    body is counted as it arrives and refused the moment it passes the limit, so memory never holds more
    than ``max_bytes`` of it.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = 0
                if declared > self.max_bytes:
                    await self._refuse(send)
                    return
        received = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise BodyTooLarge(self.max_bytes)
            return message

        async def watching_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, watching_send)
        except BodyTooLarge:
            if started:
                raise
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(error_json("body_too_large", f"request bodies are at most {self.max_bytes} bytes"))
        data = body.encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(data)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": data})
