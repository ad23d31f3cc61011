"""Property: no frame a seat receives holds another seat's hidden cards, and every view is that seat's own.

The check is made on the test's side of the socket: the finished match's record is replayed step by step,
and at each version the frames a seat received are compared with ``view(seat)`` of the replayed state, and
searched for the notation (``str(card)``) of any card in a zone hidden from that seat (``hidden_zones``)
that the seat has never been able to see (card notations repeat, and zones such as a Skyjo grid are hidden
only in part, so a notation the seat saw in a visible zone or in its own view is allowed from then on).
The view and events of each ``state`` frame must be exactly the engine's ``view(seat)`` and redacted
``events(seat)`` for the receiving seat (the engine's own hypothesis properties prove those hide what they
must; a notation search inside them would trip on public claims such as Soupçons' "I give you the
Serpent"), and its legal actions exactly the engine's for that seat when it is to act, else none;
everything else in every frame (table facts, results, errors) is searched for notations.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import veillee
from server.server_helpers import Client, Server, create_table, get_record, join, play_to_end, post, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("leak")) as running:
        yield running


def _strings(obj: Any) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for value in obj.values():
            yield from _strings(value)
    elif isinstance(obj, list):
        for item in obj:
            yield from _strings(item)


def _play(server: Server, game: str, players: int, seed: int) -> tuple[str, dict[int | None, list[str]]]:
    table = create_table(server, game, players, name="p0")
    table_id = table["id"]
    tokens = [table["you"]["token"]] + [join(server, table_id, f"p{i}")[1] for i in range(1, players)]
    assert post(server, f"/api/tables/{table_id}/start", tokens[0]).status_code == 200

    async def scenario() -> dict[int | None, list[str]]:
        seats = [Client(server, table_id, token) for token in tokens]
        spectator = Client(server, table_id)
        await spectator.connect()
        for client in seats:
            await client.connect()
        await play_to_end(seats, random.Random(seed))
        await spectator.wait(lambda m: m["type"] == "state" and m["over"])
        for client in [*seats, spectator]:
            await client.close()
        frames: dict[int | None, list[str]] = {c.seat: c.frames for c in seats}
        frames[None] = spectator.frames
        return frames

    return table_id, asyncio.run(scenario())


def _check(record: dict[str, Any], frames: dict[int | None, list[str]]) -> int:
    by_version: dict[int | None, dict[int, list[dict[str, Any]]]] = {seat: {} for seat in frames}
    for seat, texts in frames.items():
        for text in texts:
            message = json.loads(text)
            version = message.get("version", message.get("table", {}).get("version", 0))
            by_version[seat].setdefault(version, []).append(message)
    state = veillee.new_game(record["game"], record["players"], record["seed"], **record["options"])
    seen: dict[int | None, set[str]] = {seat: set() for seat in frames}
    checked = 0
    for version in range(len(record["actions"]) + 1):
        zones = state.zones()
        for seat in frames:
            hidden = state.hidden_zones(seat)
            for name, cards in zones.items():
                if name not in hidden:
                    seen[seat].update(str(card) for card in cards)
            view = state.view(seat)
            seen[seat].update(_strings(view))
            secret = {str(card) for name in hidden for card in zones[name]} - seen[seat]
            for message in by_version[seat].get(version, []):
                checked += 1
                if message["type"] == "state":  # before its hello, a connection is a spectator
                    assert message["seat"] in (seat, None), f"seat {seat} got seat {message['seat']}'s delivery"
                    expected = view if message["seat"] == seat else state.view(None)
                    assert message["view"] == expected, f"seat {seat} got a view that is not its own at {version}"
                    start, events = message["events_start"], message["events"]
                    assert events == state.events(message["seat"], start), f"seat {seat}: events not its own"
                    own_turn = message["seat"] is not None and message["seat"] == state.to_act
                    legal = [a.to_json() for a in state.legal_actions()] if own_turn else []
                    assert message["legal"] == legal, f"seat {seat}: legal actions not its own"
                rest = {key: value for key, value in message.items() if key not in ("view", "events", "legal")}
                leaked = secret.intersection(_strings(rest))
                assert not leaked, f"seat {seat} received hidden {sorted(leaked)} at version {version}"
        if version < len(record["actions"]):
            state.apply(state.action_from_json(record["actions"][version]))
    return checked


@pytest.mark.parametrize("game", veillee.game_names())
@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck), phases=[Phase.generate])
@given(seed=st.integers(0, 10**6), extra=st.integers(0, 1))
def test_no_frame_holds_another_seats_hidden_cards(server: Server, game: str, seed: int, extra: int) -> None:
    info = veillee.game_info(game)
    players = min(info.min_players + extra, info.max_players)
    table_id, frames = _play(server, game, players, seed)
    record = get_record(server, table_id).json()
    assert _check(record, frames) > len(record["actions"])


def test_the_check_can_fail() -> None:
    """A frame carrying another seat's hand must be caught (the property is not vacuous)."""
    state = veillee.new_game("soon", 2, seed=3, length="express")
    record = state.record()
    other = state.view(1)
    forged = {"type": "state", "seat": 0, "version": 0, "view": state.view(0), "events_start": 0}
    forged |= {"events": state.events(0), "legal": [], "note": other["hand"]}
    with pytest.raises(AssertionError, match="hidden"):
        _check(record, {0: [json.dumps(forged)]})
    wrong_view = {"type": "state", "seat": 0, "version": 0, "view": other, "events_start": 0, "events": []}
    with pytest.raises(AssertionError, match="not its own"):
        _check(record, {0: [json.dumps(wrong_view)]})
