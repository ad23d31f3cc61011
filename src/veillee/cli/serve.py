"""``veillee serve``: the game server (FastAPI + WebSockets under uvicorn) with its database.

By default it listens on 127.0.0.1:8000 and keeps an SQLite database in ``./veillee-data``; any SQLAlchemy
URL (PostgreSQL) may be given by ``--database-url`` or ``VEILLEE_DATABASE_URL`` instead.
"""

from __future__ import annotations

import argparse
import logging
import os

NAME = "serve"
HELP = "host tables for friends: the web game server (HTTP + WebSockets)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--data-dir", default="veillee-data", help="folder of the SQLite database (default ./veillee-data)"
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("VEILLEE_DATABASE_URL"),
        help="SQLAlchemy URL of the database instead of SQLite in --data-dir (env VEILLEE_DATABASE_URL)",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds a bot waits before acting, so people can follow"
    )
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])


def run(args: argparse.Namespace) -> int:
    import uvicorn  # imported here so that the other commands start fast

    from veillee.server import create_app
    from veillee.server.messages import MAX_MESSAGE_BYTES
    from veillee.server.store import database_url

    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    url = database_url(args.data_dir, args.database_url)
    app = create_app(url, bot_delay=args.bot_delay)
    print(f"veillée server on http://{args.host}:{args.port}/ (API: /docs)", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=max(MAX_MESSAGE_BYTES * 64, 1 << 20),
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        access_log=False,
    )
    return 0
