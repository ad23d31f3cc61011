"""The veillée game server: tables for friends over HTTP and WebSockets (``veillee serve``).

``create_app(database_url)`` is the FastAPI application; ``docs/server.md`` documents the protocol.
"""

from veillee.server.app import create_app

__all__ = ["create_app"]
