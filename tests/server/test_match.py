"""The match driver (``veillee.core.match``): rejections change nothing, deliveries are per seat."""

from __future__ import annotations

import json
import random

import pytest

import veillee
from veillee.core.match import Accepted, Match, RejectCode, Rejected


def _match(game: str = "soon", seed: int = 5) -> Match:
    info = veillee.game_info(game)
    options = {"length": "express"} if game == "soon" else {}
    return Match(veillee.new_game(game, info.min_players + 1, seed=seed, **options))


def test_accepts_a_legal_action_and_bumps_the_version() -> None:
    match = _match()
    seat = match.to_act
    assert seat is not None
    action = match.snapshot(seat).legal[0]
    outcome = match.submit(seat, action, 0)
    assert isinstance(outcome, Accepted)
    assert outcome.version == match.version == 1
    assert set(outcome.deliveries) == {0, 1, 2, None}
    assert outcome.deliveries[None].legal == []
    for s, delivery in outcome.deliveries.items():
        assert delivery.version == 1
        json.dumps(delivery.to_json())
        if s is not None and s != match.to_act:
            assert delivery.legal == []


@pytest.mark.parametrize(
    ("who", "action", "version", "code"),
    [
        ("other", "legal", 0, RejectCode.NOT_YOUR_TURN),
        ("actor", "legal", 3, RejectCode.STALE_VERSION),
        ("actor", "legal", "0", RejectCode.STALE_VERSION),
        ("actor", {"type": "nonsense"}, 0, RejectCode.BAD_ACTION),
        ("actor", [[["deep"]]], 0, RejectCode.BAD_ACTION),
        (7, "legal", 0, RejectCode.BAD_SEAT),
        (True, "legal", 0, RejectCode.BAD_SEAT),
    ],
)
def test_rejections_change_nothing(who: object, action: object, version: object, code: str) -> None:
    match = _match()
    actor = match.to_act
    assert actor is not None
    seat = actor if who == "actor" else (actor + 1) % 3 if who == "other" else who
    before = json.dumps(match.snapshot(None).to_json())
    sent = match.snapshot(actor).legal[0] if action == "legal" else action
    outcome = match.submit(seat, sent, version)
    assert isinstance(outcome, Rejected)
    assert outcome.code == code
    assert match.version == 0
    assert json.dumps(match.snapshot(None).to_json()) == before


def test_illegal_action_is_explained_and_changes_nothing() -> None:
    match = _match()
    actor = match.to_act
    assert actor is not None
    legal = match.snapshot(actor).legal
    state = veillee.new_game("soon", 3, seed=5, length="express")
    codec = state.codec
    illegal = next(codec.action(i).to_json() for i in range(len(codec)) if codec.action(i).to_json() not in legal)
    outcome = match.submit(actor, illegal, 0)
    assert isinstance(outcome, Rejected)
    assert outcome.code == RejectCode.ILLEGAL_ACTION
    assert outcome.message
    assert match.version == 0


@pytest.mark.parametrize("game", veillee.game_names())
def test_full_random_match_and_replay(game: str) -> None:
    match = _match(game, seed=11)
    rng = random.Random(3)
    events: dict[int | None, list[object]] = {
        s: list(match.snapshot(s).events) for s in [*range(match.num_players), None]
    }
    steps = 0
    while not match.is_over and steps < 20000:
        seat = match.to_act
        assert seat is not None
        outcome = match.submit(seat, rng.choice(match.snapshot(seat).legal), match.version)
        assert isinstance(outcome, Accepted)
        for s, delivery in outcome.deliveries.items():
            assert delivery.events_start == len(events[s])
            events[s].extend(delivery.events)
        steps += 1
    assert match.is_over
    assert match.result() is not None
    for s, log in events.items():
        assert match.snapshot(s).events == log
    again = Match(veillee.replay(match.record()))
    assert again.version == match.version
    assert again.snapshot(0).to_json() == match.snapshot(0).to_json()
    over = match.submit(0, {"type": "draw"}, match.version)
    assert isinstance(over, Rejected)
    assert over.code == RejectCode.MATCH_OVER


def test_snapshot_events_from_and_bad_seat() -> None:
    match = _match()
    total = match.event_count
    assert match.snapshot(0, events_from=total).events == []
    assert match.snapshot(0, events_from=10**6).events_start == total
    with pytest.raises(ValueError):
        match.snapshot(9)
