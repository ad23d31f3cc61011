"""uvicorn's WebSocket protocol, with a close that always ends: a connection being closed is gone within seconds.

uvicorn ends a WebSocket connection (its close handshake timed out, a keepalive ping went unanswered, the
application returned, the server is stopping) with ``transport.close()``, and asyncio's transport closes its
socket only once its write buffer is empty. A peer that stops reading while that buffer holds data (a frozen
phone whose system still acknowledges with a zero window, a client that asks and never reads: exactly a
``slow_client``) therefore kept the connection, its file descriptor, its buffers and uvicorn's protocol object
for ever, since TCP never gives up on a peer that answers its window probes. Here a transport that was asked
to close and is still open ``CLOSE_ABORT_AFTER`` seconds later is aborted, which frees all of it and hands
the application its ``websocket.disconnect``. (asyncio's ``abort`` alone only closes the file descriptor: the
kernel then keeps the socket, orphaned, with its megabytes still queued for the peer; with ``SO_LINGER`` set
to zero it resets the connection and drops them.)

``veillee serve`` runs uvicorn with ``ws=WebSocketProtocol``; everything else is uvicorn's own
``websockets-sansio`` protocol (the one its ``auto`` setting picks when ``websockets`` is installed).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import struct
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

__all__ = ["CLOSE_ABORT_AFTER", "WebSocketProtocol"]

log = logging.getLogger("veillee.server")

CLOSE_ABORT_AFTER = 5.0
"""Seconds a closing connection has to hand its last bytes to the peer before it is aborted."""


class BoundedCloseTransport(asyncio.Transport):
    """A transport whose ``close`` is followed by ``abort`` if the connection is not lost in time.

    It wraps the real one (selector or uvloop: nothing of theirs is patched) and forwards everything else.
    """

    def __init__(self, inner: asyncio.Transport, loop: asyncio.AbstractEventLoop, after: float) -> None:
        super().__init__()
        self._inner = inner
        self._loop = loop
        self._after = after
        self._abort: asyncio.TimerHandle | None = None
        self._lost = False

    def close(self) -> None:
        self._inner.close()
        if self._abort is None and not self._lost:
            self._abort = self._loop.call_later(self._after, self._abort_now)

    def _abort_now(self) -> None:
        self._abort = None
        if not self._lost:
            unsent = self._inner.get_write_buffer_size()
            log.info("aborted a closing WebSocket connection (%d bytes its peer did not take)", unsent)
            sock = self._inner.get_extra_info("socket")
            if sock is not None:  # linger 0: the kernel resets the connection and drops what it still holds
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self._inner.abort()

    def lost(self) -> None:
        """The connection is gone (the protocol's ``connection_lost``): nothing left to abort."""
        self._lost = True
        if self._abort is not None:
            self._abort.cancel()
            self._abort = None

    # -- everything else is the real transport's -------------------------------------------------------
    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self._inner.get_extra_info(name, default)

    def is_closing(self) -> bool:
        return self._inner.is_closing()

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self._inner.set_protocol(protocol)

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self._inner.get_protocol()

    def is_reading(self) -> bool:
        return self._inner.is_reading()

    def pause_reading(self) -> None:
        self._inner.pause_reading()

    def resume_reading(self) -> None:
        self._inner.resume_reading()

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self._inner.set_write_buffer_limits(high, low)

    def get_write_buffer_size(self) -> int:
        return self._inner.get_write_buffer_size()

    def get_write_buffer_limits(self) -> tuple[int, int]:
        return self._inner.get_write_buffer_limits()

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self._inner.write(data)

    def writelines(self, list_of_data: Any) -> None:
        self._inner.writelines(list_of_data)

    def write_eof(self) -> None:
        self._inner.write_eof()

    def can_write_eof(self) -> bool:
        return self._inner.can_write_eof()

    def abort(self) -> None:
        self._inner.abort()


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's ``websockets-sansio`` protocol on a ``BoundedCloseTransport``."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.transport = BoundedCloseTransport(self.transport, self.loop, CLOSE_ABORT_AFTER)

    def connection_lost(self, exc: Exception | None) -> None:
        if isinstance(self.transport, BoundedCloseTransport):
            self.transport.lost()
        super().connection_lost(exc)
