"""A bot cannot reach the true state: its inputs share no mutable object with it, and hidden cards differ."""

from __future__ import annotations

import random
from typing import Any

import pytest

import veillee
from bots.bots_helpers import mutable_parts, reachable, short_game
from veillee.bots import Decision, PlainISMCTSBot, RandomBot, decision_for, make_bot, play_match

GAMES = veillee.game_names()


@pytest.mark.parametrize("game", GAMES)
def test_decision_shares_nothing_mutable_with_the_true_state(game: str) -> None:
    state = short_game(game, seed=11)
    rng = random.Random(5)
    for step in range(60):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        if step % 6 == 0:
            decision = decision_for(state, seat, rng)
            forbidden = mutable_parts(state)
            shared = set(reachable(decision)) & set(forbidden)
            assert not shared, f"{game}: the decision reaches {[type(forbidden[i]).__name__ for i in shared]}"
            assert decision.world is not state
            assert decision.world.event_count == 0, "the true event log must not travel with the world"
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", GAMES)
def test_hidden_zones_are_resampled_and_the_rest_is_kept(game: str) -> None:
    state = short_game(game, seed=3)
    rng = random.Random(8)
    for _ in range(7):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    assert seat is not None
    truth = state.zones()
    hidden = state.hidden_zones(seat)
    differing = 0
    for _ in range(12):
        world = decision_for(state, seat, rng).world
        zones = world.zones()
        for zone, cards in truth.items():
            if zone not in hidden:
                assert zones[zone] == cards, f"{game}: visible zone {zone} changed"
        differing += any(zones[z] != truth[z] for z in hidden if len(truth[z]) > 1)
        assert world.view(seat) == state.view(seat)
    assert differing >= 10, f"{game}: hidden zones matched the truth in {12 - differing} of 12 samples"


class Spy:
    """An agent that keeps every decision it was given (and plays randomly)."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[Decision] = []

    def act(self, decision: Decision, rng: random.Random) -> Any:
        self.seen.append(decision)
        return rng.choice(decision.legal)


def test_an_agent_driven_through_a_match_never_holds_the_true_state() -> None:
    state = short_game("soon", seed=2)
    spy = Spy()
    play_match(state, [spy, RandomBot()], seed=2)
    assert spy.seen
    held = reachable(spy)
    assert id(state) not in held
    assert not set(held) & set(mutable_parts(state))


def _search_bot(level: str, state: Any) -> Any:
    """A search level with a tiny budget; ``expert`` with random weights that fit ``state`` (so that its
    network, prior and learned leaf values run whatever weights the package ships)."""
    if level == "ismcts":
        return PlainISMCTSBot(iterations=3, seconds=None)
    if level == "expert":
        from veillee.expert.bot import ExpertBot
        from veillee.expert.net import untrained

        return ExpertBot(
            state.game_name, iterations=12, seconds=None, network=untrained(state), width=2, mix=0.5, keep_root=True
        )
    return make_bot(level, state.game_name, iterations=1)


@pytest.mark.parametrize("level", ["ismcts", "hard", "expert"])
@pytest.mark.parametrize("game", GAMES)
def test_search_bots_never_touch_or_keep_the_true_state(game: str, level: str) -> None:
    """The search levels search only the world they are given: the true state is the same after each of
    their moves (hidden cards, history, log), and nothing of it is reachable from the bot afterwards (the
    expert keeps its last tree here, so its nodes are walked too)."""
    state = short_game(game, seed=13)
    bot = _search_bot(level, state)
    rng = random.Random(2)
    searched = 0
    for _ in range(25):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        decision = decision_for(state, seat, rng)
        before = (state.zones(), state.history, state.event_count)
        action = bot.act(decision, random.Random(searched))
        assert (state.zones(), state.history, state.event_count) == before
        assert action in decision.legal
        searched += len(decision.legal) > 1
        state.apply(action)
    assert searched
    assert not set(reachable(bot)) & set(mutable_parts(state))


def test_the_no_peeking_check_can_fail() -> None:
    """The walk does find a true-state reference when one is smuggled in (so the tests above can fail)."""
    state = short_game("soon", seed=2)
    decision = decision_for(state, state.to_act or 0, random.Random(1))
    leaky = (decision, state.zones, state.hands)  # type: ignore[attr-defined]
    assert set(reachable(leaky)) & set(mutable_parts(state))
