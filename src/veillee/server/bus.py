"""What one server process tells the others, over Redis pub/sub (redis-py's asyncio client).

Three kinds of channel, all under a prefix derived from the database (processes sharing a database share a
bus, and two test databases on one Redis never hear each other):

- ``{prefix}:tables``: every event about a table (an accepted action, a message for its connections,
  presence), heard by every process, which keeps what concerns the tables it has connections to;
- ``{prefix}:rpc:{process}``: requests to the owner of a table (a player's action or a lobby operation that
  reached another process);
- ``{prefix}:reply:{process}``: the answers.

Publishing never awaits Redis on the caller's path: messages go on a queue that one task writes in order,
pipelined, so the order of events is the order they were published in (pub/sub keeps a publisher's order).
Each process says it is alive twice a second; one not heard from for ``DEAD_AFTER`` seconds no longer counts
for presence, and a request waiting on it asks the database whether it still holds the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as aioredis

__all__ = ["DEAD_AFTER", "Bus", "BusTimeout"]

log = logging.getLogger("veillee.server")

DEAD_AFTER = 5.0
"""Seconds without a heartbeat after which a process's presence no longer counts."""
BEAT_EVERY = 0.5
REDIS_CONNECTIONS = 32
RPC_TIMEOUT = 30.0
"""Seconds a request waits for the owner's answer. It is never sent twice while its owner holds the table (a
lobby operation is not idempotent): only when another process takes the table (the owner died: its lock
went with its database session) is it answered "not the owner", to be sent to the new one. Heartbeats do not
decide this: a process too busy to beat on time is slow, not dead."""

Handler = Callable[[dict[str, Any]], None]
RpcHandler = Callable[[dict[str, Any]], Awaitable[Any]]


class BusTimeout(RuntimeError):
    """The owner did not answer in time (it may be gone)."""


def bus_prefix(database_url: str) -> str:
    return "veillee:" + hashlib.sha256(database_url.encode()).hexdigest()[:12]


class Bus:
    """One process's end of the bus: publish, hear, ask the owner of a table, answer."""

    def __init__(self, redis_url: str, database_url: str, on_event: Handler, on_request: RpcHandler) -> None:
        self.process = secrets.token_hex(6)
        self.prefix = bus_prefix(database_url)
        # a bounded pool that waits for a free connection rather than failing when thousands of players
        # arrive at once
        pool = aioredis.BlockingConnectionPool.from_url(
            redis_url, decode_responses=True, max_connections=REDIS_CONNECTIONS, timeout=30
        )
        self.redis: aioredis.Redis = aioredis.Redis(connection_pool=pool)
        self._on_event = on_event
        self._on_request = on_request
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._waiting: dict[str, asyncio.Future[Any]] = {}
        self._asked: dict[str, tuple[str, str]] = {}
        """For each request waiting for its answer: the table and the process asked."""
        self._tasks: list[asyncio.Task[None]] = []
        self.seen: dict[str, float] = {}
        """When each other process was last heard from (``time.monotonic()``)."""
        self.reconnected: Callable[[], None] | None = None
        """Called when the subscription comes back after a break: events may have been missed."""
        self.beat_hooks: list[Callable[[int], None]] = []

    @property
    def tables_channel(self) -> str:
        return f"{self.prefix}:tables"

    def _rpc(self, process: str) -> str:
        return f"{self.prefix}:rpc:{process}"

    def _reply(self, process: str) -> str:
        return f"{self.prefix}:reply:{process}"

    def owner_key(self, table_id: str) -> str:
        return f"{self.prefix}:owner:{table_id}"

    async def start(self) -> None:
        await self.redis.ping()  # fail at start, with the reason, if Redis is not there
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self.tables_channel, self._rpc(self.process), self._reply(self.process))
        self._tasks = [
            asyncio.create_task(self._listen(pubsub)),
            asyncio.create_task(self._write()),
            asyncio.create_task(self._beat()),
        ]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    def alive(self, process: str) -> bool:
        if process == self.process:
            return True
        seen = self.seen.get(process)
        return seen is not None and time.monotonic() - seen < DEAD_AFTER

    def processes(self) -> int:
        """How many processes are alive, this one included."""
        return 1 + sum(1 for p in self.seen if self.alive(p))

    # -- sending ------------------------------------------------------------------------------------------
    def publish(self, event: dict[str, Any]) -> None:
        """An event about a table, for every other process (queued: never waits)."""
        self._outbox.put_nowait((self.tables_channel, json.dumps({**event, "p": self.process}, separators=(",", ":"))))

    async def _write(self) -> None:
        while True:
            first = await self._outbox.get()
            batch = [first]
            while not self._outbox.empty() and len(batch) < 256:
                batch.append(self._outbox.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, text in batch:
                        pipe.publish(channel, text)
                    await pipe.execute()
            except Exception as exc:
                log.error("could not publish %d events to Redis: %r", len(batch), exc)
                await asyncio.sleep(0.2)

    async def request(
        self,
        process: str,
        body: dict[str, Any],
        gone: Callable[[], Awaitable[bool]] | None = None,
        timeout: float = RPC_TIMEOUT,
    ) -> Any:
        """Ask ``process`` (the owner of a table) to do something; its answer, or ``BusTimeout`` if it did not
        answer in time or, silent for a while, ``gone()`` says it no longer holds the table."""
        ident = secrets.token_hex(8)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[ident] = future
        self._asked[ident] = (str(body.get("table")), process)
        message = json.dumps({**body, "id": ident, "from": self.process}, separators=(",", ":"))
        deadline = time.monotonic() + timeout
        try:
            self._outbox.put_nowait((self._rpc(process), message))
            checked = time.monotonic()
            while not future.done():
                await asyncio.wait([future], timeout=0.25)
                if future.done():
                    break
                now = time.monotonic()
                if now > deadline:
                    raise BusTimeout(f"process {process} did not answer")
                if gone is not None and not self.alive(process) and now - checked > 1.0:
                    checked = now
                    if await gone():
                        raise BusTimeout(f"process {process} is gone")
            return future.result()
        finally:
            self._waiting.pop(ident, None)
            self._asked.pop(ident, None)

    def new_owner(self, table_id: str, process: str) -> None:
        """Another process took the table: requests waiting on its former owner (dead, most likely) are
        answered "not the owner" now, to be sent again to the new one, instead of waiting for a timeout."""
        for ident, (asked_table, asked) in list(self._asked.items()):
            future = self._waiting.get(ident)
            if asked_table == table_id and asked != process and future is not None and not future.done():
                future.set_result({"not_owner": True})

    async def _answer(self, message: dict[str, Any]) -> None:
        try:
            result = await self._on_request(message)
        except Exception:
            log.exception("a forwarded request failed")
            result = {"error": "server_error"}
        reply = json.dumps({"id": message["id"], "result": result}, separators=(",", ":"))
        self._outbox.put_nowait((self._reply(message["from"]), reply))

    # -- hearing ------------------------------------------------------------------------------------------
    async def _listen(self, pubsub: Any) -> None:
        broken = False
        while True:
            try:
                if broken:
                    await pubsub.subscribe(self.tables_channel, self._rpc(self.process), self._reply(self.process))
                    broken = False
                    if self.reconnected is not None:
                        self.reconnected()
                message = await pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if not broken:
                    log.error("the Redis subscription broke (%r): retrying", exc)
                broken = True
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                self._dispatch(message["channel"], json.loads(message["data"]))
            except Exception:
                log.exception("a bus message could not be handled")

    def _dispatch(self, channel: str, data: dict[str, Any]) -> None:
        if channel == self.tables_channel:
            origin = data.get("p")
            if origin == self.process:
                return
            if isinstance(origin, str):
                self.seen[origin] = time.monotonic()
            if data.get("t") != "alive":
                self._on_event(data)
        elif channel == self._reply(self.process):
            future = self._waiting.get(data.get("id", ""))
            if future is not None and not future.done():
                future.set_result(data.get("result"))
        else:
            self._tasks.append(asyncio.create_task(self._answer(data)))
            self._tasks = [t for t in self._tasks if not t.done()] if len(self._tasks) > 64 else self._tasks

    async def _beat(self) -> None:
        count = 0
        while True:
            self.publish({"t": "alive"})
            for hook in self.beat_hooks:
                try:
                    hook(count)
                except Exception:
                    log.exception("a heartbeat hook failed")
            count += 1
            await asyncio.sleep(BEAT_EVERY)

    async def listening(self, process: str) -> bool:
        """Is ``process`` subscribed to its requests now? Redis drops a killed process's subscriptions as
        soon as its socket closes, long before its heartbeats are missed."""
        counts = await self.redis.pubsub_numsub(self._rpc(process))
        return bool(counts) and int(counts[0][1]) > 0

    async def ping(self) -> bool:
        try:
            return bool(await asyncio.wait_for(self.redis.ping(), 2.0))
        except Exception:
            return False
