"""``veillee serve``: the game server (FastAPI + WebSockets under uvicorn) with its database.

By default it listens on 127.0.0.1:8000 and keeps an SQLite database in ``./veillee-data``; any SQLAlchemy
URL (PostgreSQL) may be given by ``--database-url`` or ``VEILLEE_DATABASE_URL`` instead. One server per
database: a second one refuses to start (``veillee.server.owner``), unless every process is given the same
``--redis-url`` (then they serve the tables together: ``veillee.server.cluster``). The flags below map one to one onto
``veillee.server.settings.ServerSettings``; ``docs/server.md`` explains each.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import re
import sys

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
        "--redis-url",
        default=os.environ.get("VEILLEE_REDIS_URL"),
        help="redis://HOST:PORT/N: serve the tables together with every other process on the same PostgreSQL"
        " database and Redis (docs/deploy.md; env VEILLEE_REDIS_URL)",
    )
    parser.add_argument(
        "--balancer-name",
        default=os.environ.get("VEILLEE_BALANCER_NAME"),
        metavar="NAME",
        help="with --redis-url: this process's server name in the load balancer; tables made here get ids"
        " NAME.xxx, which deploy/haproxy.cfg sends here while it is up (env VEILLEE_BALANCER_NAME)",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds a bot waits before acting, so people can follow"
    )
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    group = parser.add_argument_group("limits and upkeep (see docs/server.md)")
    group.add_argument(
        "--suspend-after",
        type=float,
        default=300.0,
        metavar="S",
        help="suspend a match (bots and timer wait) when no player has been connected for S seconds (300)",
    )
    group.add_argument(
        "--abandon-after",
        type=float,
        default=86400.0,
        metavar="S",
        help="delete a lobby, close a match, that no player has visited for S seconds (86400)",
    )
    group.add_argument(
        "--retention",
        type=float,
        default=7 * 86400.0,
        metavar="S",
        help="delete finished and closed tables S seconds after they ended (604800: a week)",
    )
    group.add_argument(
        "--keep-records", action="store_true", help="keep the game record of a finished match when its table goes"
    )
    group.add_argument("--sweep-every", type=float, default=30.0, metavar="S", help="seconds between upkeep rounds")
    group.add_argument("--rate-create", default="10/minute", metavar="N/PERIOD", help="tables created per address")
    group.add_argument("--rate-join", default="30/minute", metavar="N/PERIOD", help="seats taken per address")
    group.add_argument(
        "--rate-messages", default="20/second", metavar="N/PERIOD", help="WebSocket messages per address"
    )
    group.add_argument(
        "--rate-chat", default="10/30 seconds", metavar="N/PERIOD", help="chat lines and reactions per address"
    )
    group.add_argument(
        "--max-open-tables", type=int, default=10, metavar="N", help="open tables one address may have created"
    )


def run(args: argparse.Namespace) -> int:
    import uvicorn  # imported here so that the other commands start fast

    from veillee.server import create_app
    from veillee.server.messages import MAX_MESSAGE_BYTES
    from veillee.server.owner import DatabaseInUse, own_database
    from veillee.server.settings import ServerSettings
    from veillee.server.store import database_url
    from veillee.server.wsprotocol import WebSocketProtocol

    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    url = database_url(args.data_dir, args.database_url)
    if args.redis_url and not url.startswith("postgresql"):
        print("veillee serve: --redis-url needs a PostgreSQL --database-url (shared by every process)", file=sys.stderr)
        return 2
    if args.balancer_name is not None and not BALANCER_NAME.fullmatch(args.balancer_name):
        print("veillee serve: --balancer-name is 1 to 16 letters, digits, '-' or '_'", file=sys.stderr)
        return 2
    settings = ServerSettings(
        balancer_name=args.balancer_name,
        bot_delay=args.bot_delay,
        suspend_after=args.suspend_after,
        abandon_after=args.abandon_after,
        retention=args.retention,
        keep_records=args.keep_records,
        sweep_every=args.sweep_every,
        rate_create=args.rate_create,
        rate_join=args.rate_join,
        rate_messages=args.rate_messages,
        rate_chat=args.rate_chat,
        max_open_tables=args.max_open_tables,
    )
    try:
        app = create_app(url, settings, redis_url=args.redis_url)
    except ValueError as exc:  # a rate limit that does not parse
        print(f"veillee serve: {exc}", file=sys.stderr)
        return 2
    try:
        with own_database(url, shared=bool(args.redis_url)):
            print(f"veillée server on http://{args.host}:{args.port}/ (API: /docs)", flush=True)
            steady_collector()
            uvicorn.run(
                app,
                host=args.host,
                port=args.port,
                log_level=args.log_level,
                ws=WebSocketProtocol,  # uvicorn's, with a close that ends even when the peer reads no more
                ws_max_size=max(MAX_MESSAGE_BYTES * 64, 1 << 20),
                # no permessage-deflate: a state message is about 750 bytes (390 deflated), and compressing
                # every one took 5 % of a server's samples under load, with a zlib context per connection
                ws_per_message_deflate=False,
                ws_ping_interval=20.0,
                ws_ping_timeout=20.0,
                access_log=False,
            )
    except DatabaseInUse as exc:
        print(f"veillee serve: {exc}", file=sys.stderr)
        return 1
    return 0


BALANCER_NAME = re.compile(r"[A-Za-z0-9_-]{1,16}")
"""A server name that fits in a table id (and in a URL) without escaping, and has no ``.``."""

GC_THRESHOLDS = (10_000, 20, 100)
"""Young collections every 10,000 net allocations instead of 700, and a full one after 2,000 of them instead
of 100 (Python's defaults: 700, 10, 10)."""


def steady_collector() -> None:
    """Keep Python's cycle collector from pausing every table of the process for long.

    With the defaults, a server holding hundreds of tables ran a full collection every 6 to 10 s while
    tables were being made, each walking every live object (the imported libraries' ~140,000 included):
    pauses of 0.3 to 0.9 s in which no table of the process moved, a large part of the load benchmark's
    p99 (docs/server.md, load benchmark). The objects alive once the server is built are frozen (never walked again;
    they live as long as the process), and collections come less often. Full collections still run, so
    cyclic garbage is still freed, only later. Only the ``serve`` process does this: the collector's
    settings belong to the process, not to the app a test may embed.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
