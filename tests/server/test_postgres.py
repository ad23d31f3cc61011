"""The server on PostgreSQL: the same durability as on SQLite, through a database URL.

Runs when ``VEILLEE_TEST_POSTGRES_URL`` names a test database (``scripts/test.sh`` starts one with
``scripts/postgres.sh`` when it runs as root, as CI does); skipped otherwise, saying why.
"""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path

import pytest

from server.server_helpers import Client, Server, create_table, get_record, join, play_to_end, post

URL = os.environ.get("VEILLEE_TEST_POSTGRES_URL")
pytestmark = [
    pytest.mark.skipif(not URL, reason="VEILLEE_TEST_POSTGRES_URL is not set (scripts/postgres.sh)"),
    pytest.mark.xdist_group("postgres"),  # one server at a time on the one test database
]


def test_a_match_on_postgresql_survives_kill_9_and_finishes(tmp_path: Path) -> None:
    assert URL is not None
    server = Server(tmp_path, database_url=URL)
    server.start()
    try:
        table = create_table(server, "soon", 2, name="Alice")
        _seat, bob_token = join(server, table["id"], "Bob")
        assert post(server, f"/api/tables/{table['id']}/start", table["you"]["token"]).status_code == 200
        tokens = [table["you"]["token"], bob_token]
        rng = random.Random(3)

        async def play(steps: int) -> tuple[int, object, object]:
            clients = [Client(server, table["id"], token) for token in tokens]
            for client in clients:
                await client.connect()
            for _ in range(steps):
                actor = next(c for c in clients if c.state and c.state["to_act"] == c.seat)
                assert actor.state is not None
                version = actor.state["version"]
                await actor.send({"type": "act", "action": rng.choice(actor.state["legal"]), "version": version})
                for client in clients:
                    await client.wait(lambda m, v=version: m["type"] == "state" and m["version"] > v)
            states = [c.state for c in clients]
            for client in clients:
                await client.close()
            assert states[0] is not None and states[1] is not None
            return states[0]["version"], states[0]["view"], states[1]["view"]

        before = asyncio.run(play(8))
        server.kill()
        server.start()
        assert asyncio.run(play(0)) == before  # every acknowledged action was in PostgreSQL

        async def finish() -> None:
            clients = [Client(server, table["id"], token) for token in tokens]
            for client in clients:
                await client.connect()
            await play_to_end(clients, rng)

        asyncio.run(finish())
        record = get_record(server, table["id"])
        assert record.status_code == 200 and record.json()["game"] == "soon"
    finally:
        server.stop()


def test_a_second_server_on_the_same_postgresql_database_refuses_to_start(tmp_path: Path) -> None:
    """Two servers on one database would both run every table: the second refuses (an advisory lock)."""
    assert URL is not None
    first = Server(tmp_path / "a", database_url=URL)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first.start()
    try:
        second = Server(tmp_path / "b", database_url=URL)
        with pytest.raises(RuntimeError, match="another veillee server is already using the database"):
            second.start()
        first.kill()  # its connection ends: PostgreSQL releases the lock
        second.start()
        second.stop()
    finally:
        first.stop()
