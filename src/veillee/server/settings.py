"""The server's settings: pacing, limits, suspension and retention (``veillee serve`` flags set them).

One frozen value handed to every part, so a test can start a server with a one-second suspension and a
production host with a week of retention, and no part reads a global.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ServerSettings"]


@dataclass(frozen=True, kw_only=True)
class ServerSettings:
    """What an operator may tune; the defaults suit friends' tables on a small machine."""

    bot_delay: float = 0.5
    """Seconds a bot waits before acting, so people can follow (0 in tests and benchmarks)."""
    suspend_after: float = 300.0
    """A match with no person's seat connected for this long is suspended: its bots and turn timer stop until
    someone seated at it comes back."""
    abandon_after: float = 86400.0
    """A lobby or a match that no person seated at it has visited for this long is abandoned: a lobby is
    deleted, a match is closed."""
    retention: float = 7 * 86400.0
    """Finished and closed tables are deleted this long after they ended."""
    keep_records: bool = False
    """When a finished match is deleted, keep its game record (served by ``GET /api/tables/{id}/record``)."""
    sweep_every: float = 30.0
    """Seconds between two rounds of upkeep (suspend, abandon, purge)."""
    rate_create: str = "10/minute"
    """Tables created per client address (``limits`` notation: ``N/second``, ``N/minute``, ``N/hour``)."""
    rate_join: str = "30/minute"
    """Seats taken per client address."""
    rate_messages: str = "20/second"
    """WebSocket messages per client address, over all its connections."""
    rate_chat: str = "10/30 seconds"
    """Chat lines and reactions per client address (counted on top of ``rate_messages``)."""
    max_open_tables: int = 10
    """Tables in the lobby or playing that one client address may have created."""
    max_body_bytes: int = 16384
    """The largest HTTP request body read; a bigger one is refused with 413."""
    balancer_name: str | None = None
    """This process's server name in the load balancer (several processes): the ids of the tables made here
    begin with ``NAME.``, and ``deploy/haproxy.cfg`` sends such a table's requests to that server while it is
    up, so a table is made where its players will arrive (docs/server.md, "Ownership follows the players")."""
