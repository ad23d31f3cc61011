"""Guards against abuse: rate limits per client address, and a request-body limit read before the body is.

Rate limits use the ``limits`` library. One process (SQLite, the default) counts in its own memory, in a
moving window. Several processes (``--redis-url``) count in Redis, shared: a client connecting through
three processes behind the load balancer gets one budget, not three.

- Table creation, joins and chat: ``limits``'s sliding-window counter in Redis (two fixed-window counters
  with expiry, weighted; one Lua call per hit over redis-py's asyncio client): exact across processes.
- WebSocket messages (every move, ping and hello): a call to Redis for each would cost more than the move;
  each process counts them in fixed windows and, every ``FLUSH_EVERY`` seconds while a window is open, adds
  its counts to Redis's and reads back the totals of all processes (``INCRBY`` with expiry, one pipeline for
  all addresses). A window's count only grows, so the total a process knows is never above the truth: it
  never refuses too early, and lets through at most what the other processes counted in the last
  ``FLUSH_EVERY`` seconds too many. (A fixed window also lets a burst straddle its edge: up to twice the
  limit in a short time, once; for a per-second limit on messages that is harmless.)

If Redis does not answer, the limits let events through (and say so in the log): the bus is down then
anyway, and a refusal of every player would be worse than an unlimited minute.
"""

from __future__ import annotations

import asyncio
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
FLUSH_EVERY = 0.2
"""Seconds between two additions of this process's message counts to the shared ones."""
BATCHED = ("messages",)
"""The limits counted in batches with several processes (the others: one Redis call per event)."""

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
        self._batched: BatchedCounts | None = None
        if redis_url:
            from limits.aio.storage import RedisStorage  # redis is imported only for a cluster

            storage = RedisStorage("async+" + redis_url, implementation="redispy", key_prefix=f"{prefix}:limits")
            self._shared = SlidingWindowCounterRateLimiter(storage)
            self._batched = BatchedCounts(redis_url, f"{prefix}:limits:batched", self._complain)
        self._complained = 0.0

    def _complain(self, exc: BaseException) -> None:
        if time.monotonic() - self._complained > QUIET_LOG:
            self._complained = time.monotonic()
            log.error("the shared rate limits cannot reach Redis (%r): not limiting", exc)

    async def wait(self, kind: str, address: str) -> int | None:
        """Count one ``kind`` event from ``address``: ``None`` if allowed, else the seconds to wait."""
        item = self._items[kind]
        if self._batched is not None and kind in BATCHED:
            return self._batched.hit(kind, address, item)
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
                self._complain(exc)
                return None
        return max(1, math.ceil(reset - time.time()))

    async def check(self, kind: str, address: str) -> None:
        """``wait`` for HTTP handlers: raise ``rate_limited`` (429 with ``Retry-After``) when over."""
        seconds = await self.wait(kind, address)
        if seconds is not None:
            raise ServiceError("rate_limited", f"retry in {seconds} s", retry_after=seconds)


class BatchedCounts:
    """Fixed-window counts of frequent events, shared through Redis in batches (see the module's note)."""

    def __init__(self, redis_url: str, prefix: str, complain: Callable[[BaseException], None]) -> None:
        import redis.asyncio as aioredis

        self._redis: aioredis.Redis = aioredis.Redis.from_url(redis_url)
        self._prefix = prefix
        self._complain = complain
        self._pending: dict[str, int] = {}
        """Counts not yet added to Redis, by key."""
        self._sending: dict[str, int] = {}
        """Counts on their way to Redis (counted until the new totals are back)."""
        self._known: dict[str, tuple[int, float, int]] = {}
        """Every process's total at the last look: key -> (total, end of its window, seconds the key lives)."""
        self._task: asyncio.Task[None] | None = None

    def hit(self, kind: str, address: str, item: RateLimitItem) -> int | None:
        """Count one event: ``None`` if allowed, else the seconds until the window ends."""
        period = item.get_expiry()
        now = time.time()
        window = int(now // period)
        key = f"{self._prefix}:{kind}:{address}:{item.amount}/{period}:{window}"
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = (0, (window + 1) * period, 2 * period)
        if known[0] + self._sending.get(key, 0) + self._pending.get(key, 0) >= item.amount:
            return max(1, math.ceil(known[1] - now))
        self._pending[key] = self._pending.get(key, 0) + 1
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._share())
        return None

    async def _share(self) -> None:
        """Every ``FLUSH_EVERY`` s while a window is open: add this process's counts, read everyone's."""
        while True:
            await asyncio.sleep(FLUSH_EVERY)
            now = time.time()
            self._known = {key: known for key, known in self._known.items() if known[1] > now}
            if not self._known:
                self._pending.clear()
                return
            self._sending, self._pending = self._pending, {}
            keys = list(self._known)
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for key in keys:
                        pipe.incrby(key, self._sending.get(key, 0))  # 0: just read the total
                        pipe.expire(key, self._known[key][2])
                    results = await pipe.execute()
            except Exception as exc:  # this batch's counts are lost: they went through
                self._complain(exc)
                results = []
            for key, total in zip(keys, results[::2], strict=False):
                if key in self._known:
                    self._known[key] = (int(total), *self._known[key][1:])
            self._sending = {}


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
