"""Chat and quick reactions at a table (issue 19), over a real server and real sockets: seated players
write, everyone at the table (spectators too) reads, a spectator may not write, lines are cleaned and
bounded, bad input changes nothing, and the chat has its own rate limit per client address."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from server.server_helpers import Client, Server, create_table, join, running_server
from veillee.server.messages import CHAT_MAX, clean_chat


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("chat"), options={"--rate-chat": "4/minute"}) as running:
        yield running


def test_clean_chat_removes_what_could_disturb_other_screens() -> None:
    assert clean_chat("hi\u202e there\u200b\nyou") == "hi there you"
    assert clean_chat("x" * 500) == "x" * CHAT_MAX
    assert clean_chat("\u200b\n\t ") == ""


async def _chat(server: Server) -> None:
    table = create_table(server, "soon", 2, name="Alice")
    alice_seat, alice_token = 0, table["you"]["token"]
    _bob_seat, bob_token = join(server, table["id"], "Bob")
    alice, bob, watcher = (
        Client(server, table["id"], alice_token),
        Client(server, table["id"], bob_token),
        Client(server, table["id"]),
    )
    for client in (alice, bob, watcher):
        await client.connect()
    payload = "<img src=x onerror=alert(1)> <script>alert(2)</script>"
    await alice.send({"type": "chat", "text": payload})
    for client in (alice, bob, watcher):  # everyone at the table reads it, the text exactly as written
        line = await client.wait(lambda m: m["type"] == "chat")
        assert line is not None and line["seat"] == alice_seat and line["text"] == payload
    await bob.send({"type": "react", "reaction": "well_played"})
    for client in (alice, bob, watcher):
        line = await client.wait(lambda m: m["type"] == "chat")
        assert line is not None and line["seat"] == 1 and line["reaction"] == "well_played" and "text" not in line
    # refusals reach their sender only, and nobody reads anything
    await watcher.send({"type": "chat", "text": "I am only watching"})
    refused = await watcher.wait(lambda m: m["type"] == "error")
    assert refused is not None and refused["code"] == "not_seated"
    for bad, code in [
        ({"type": "chat", "text": "x" * 401}, "bad_message"),
        ({"type": "chat", "text": ""}, "bad_message"),
        ({"type": "chat", "text": "\u200b\u202e"}, "bad_chat"),
        ({"type": "chat", "text": "hi", "seat": 1}, "bad_message"),
        ({"type": "react", "reaction": "<b>boo</b>"}, "bad_message"),
    ]:
        await alice.send(bad)
        error = await alice.wait(lambda m: m["type"] in ("error", "chat"))
        assert error is not None and error["type"] == "error" and error["code"] == code, (bad, error)
    # the chat limit (4 a minute here, per address): two lines were sent, two more pass, the fifth does not
    await alice.send({"type": "chat", "text": "three"})
    await alice.send({"type": "chat", "text": "four"})
    await alice.send({"type": "chat", "text": "five"})
    seen = [await alice.wait(lambda m: m["type"] in ("chat", "error")) for _ in range(3)]
    assert [m["text"] if m and m["type"] == "chat" else m and m["code"] for m in seen] == [
        "three",
        "four",
        "rate_limited",
    ]
    assert watcher.frames and not any('"five"' in f for f in watcher.frames + bob.frames)
    for client in (alice, bob, watcher):
        await client.close()


def test_players_chat_and_react_spectators_read_only(server: Server) -> None:
    asyncio.run(_chat(server))


def test_chat_lines_of_strangers_never_reach_the_table(server: Server) -> None:
    """No valid seat token, no chat: a stranger's connection stays a spectator's (refused before the limit)."""

    async def run() -> None:
        table = create_table(server, "soon", 2, name="Alice")
        alice = Client(server, table["id"], table["you"]["token"])
        stranger = Client(server, table["id"])
        await alice.connect()
        await stranger.connect()
        await stranger.send({"type": "hello", "token": "not-a-token"})
        await stranger.wait(lambda m: m["type"] == "error" and m["code"] == "bad_token")
        await stranger.send({"type": "react", "reaction": "wow"})
        await stranger.wait(lambda m: m["type"] == "error" and m["code"] == "not_seated")
        assert await alice.wait(lambda m: m["type"] == "chat", timeout=1, optional=True) is None
        await alice.close()
        await stranger.close()

    asyncio.run(run())
