"""Checks every game must pass, reusable by any game written on the core protocol.

``tests/games`` runs them over every registered game, player count and variant (the idea of pgx's
``api_test`` and TAG's ``ForwardModelTester``); a new game gets them for free. Each check raises
``AssertionError`` with a message that says what broke.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from veillee.core.errors import IllegalAction, InvalidAction
from veillee.core.record import replay
from veillee.core.registry import Registry
from veillee.core.state import GameState

__all__ = [
    "check_clone_isolation",
    "check_codec",
    "check_determinize",
    "check_determinize_anywhere",
    "check_illegal_actions",
    "check_playout",
    "check_replay",
    "check_resamples",
    "snapshot",
]

State = GameState[Any]


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def snapshot(state: State) -> str:
    """Everything observable of a state, as one string: zones, every view, legal actions, history, and the
    newest events (the log only grows, so its length and its tail tell whether it changed)."""
    views = [state.view(seat) for seat in [None, *range(state.num_players)]]
    return json.dumps(
        {
            "zones": {name: [str(card) for card in cards] for name, cards in state.zones().items()},
            "views": views,
            "to_act": state.to_act,
            "legal": [str(action) for action in state.legal_actions()],
            "history": [action.to_json() for action in state.history],
            "event_count": state.event_count,
            "events": [
                state.events(seat, max(0, state.event_count - 40)) for seat in [None, *range(state.num_players)]
            ],
        },
        sort_keys=True,
        default=str,
    )


def _multiset(state: State) -> Counter[str]:
    total: Counter[str] = Counter()
    for cards in state.zones().values():
        total.update(str(card) for card in cards)
    return total


def check_playout(state: State, rng: random.Random, *, max_decisions: int, every: int = 1) -> State:
    """Play random legal actions to the end, checking the protocol's invariants on the way.

    Every ``every`` steps: views and events are JSON-serialisable, the cards are conserved, a view never
    holds the seed. Always: ``to_act`` is a seat while the match runs and ``None`` after, the legal list is
    non-empty and deterministic, and the match ends within ``max_decisions``.
    """
    cards = _multiset(state)
    seed_text = str(state.seed)
    steps = 0
    while not state.is_over:
        _check(steps < max_decisions, f"no end after {max_decisions} decisions")
        seat = state.to_act
        _check(isinstance(seat, int) and 0 <= seat < state.num_players, f"to_act is {seat!r} mid-match")
        legal = state.legal_actions()
        _check(bool(legal), f"no legal action for seat {seat} mid-match")
        _check(legal == state.legal_actions(), "legal_actions() changed between two calls")
        if steps % every == 0:
            _check(_multiset(state) == cards, f"cards appeared or vanished at step {steps}")
            for viewer in [None, *range(state.num_players)]:
                text = json.dumps(state.view(viewer))
                _check(json.loads(text) == state.view(viewer), "a view does not survive JSON")
                _check(seed_text not in text, "a view holds the seed (use a long seed in tests)")
                json.dumps(state.events(viewer, max(0, state.event_count - 20)))
        state.apply(rng.choice(legal))
        steps += 1
    _check(state.to_act is None, "to_act is not None after the end")
    _check(state.legal_actions() == [], "legal actions after the end")
    result = state.result()
    _check(len(result.scores) == state.num_players and bool(result.winners), f"bad result {result}")
    _check(_multiset(state) == cards, "cards appeared or vanished by the end")
    json.dumps(result.to_json())
    return state


def check_codec(state: State) -> None:
    """Index, JSON and notation are bijections over the game's distinct actions."""
    seen = set()
    for index in range(state.num_distinct_actions):
        action = state.action_from_index(index)
        _check(state.action_index(action) == index, f"index of {action!r} is not {index}")
        obj = json.loads(json.dumps(action.to_json()))
        _check(state.action_from_json(obj) == action, f"{obj} does not parse back to {action!r}")
        _check(state.parse_action(str(action)) == action, f"{action} does not parse back")
        _check(hash(action) == hash(state.action_from_json(obj)), "equal actions hash differently")
        seen.add(action)
    _check(len(seen) == state.num_distinct_actions, "two indices give the same action")
    bad: object
    for bad in ({"type": "no-such-action"}, [], "draw", {"type": None}):
        try:
            state.action_from_json(bad)
        except InvalidAction:
            continue
        raise AssertionError(f"{bad!r} parsed as an action")
    for bad_index in (-1, state.num_distinct_actions, True):
        try:
            state.action_from_index(bad_index)
        except InvalidAction:
            continue
        raise AssertionError(f"{bad_index!r} gave an action")


def check_illegal_actions(state: State, rng: random.Random, *, tries: int = 10) -> None:
    """Actions that are not legal now raise ``IllegalAction`` and leave the state as it was."""
    legal = set(state.legal_actions())
    candidates = [state.action_from_index(i) for i in range(state.num_distinct_actions)]
    illegal = [action for action in candidates if action not in legal]
    before = snapshot(state)
    for action in rng.sample(illegal, min(tries, len(illegal))):
        try:
            state.apply(action)
        except IllegalAction as exc:
            _check(bool(str(exc)), "an IllegalAction without a message")
        else:
            raise AssertionError(f"{action} was accepted though it is not in legal_actions()")
        _check(snapshot(state) == before, f"the refused {action} changed the state")
    for junk in (None, "draw", 3, {"type": "draw"}):
        try:
            state.apply(junk)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{junk!r} was accepted as an action")
        _check(snapshot(state) == before, f"the refused {junk!r} changed the state")


def check_clone_isolation(state: State, rng: random.Random) -> None:
    """A clone and its original never share anything mutable."""
    before = snapshot(state)
    twin = state.clone()
    _check(snapshot(twin) == before, "a clone differs from its original")
    for _ in range(30):
        if twin.is_over:
            break
        twin.apply(rng.choice(twin.legal_actions()))
    _check(snapshot(state) == before, "playing on a clone changed the original")


def check_replay(state: State, registry: Registry) -> None:
    """record -> JSON -> replay gives the identical match."""
    record = json.loads(json.dumps(state.record()))
    again = replay(record, registry)
    _check(snapshot(again) == snapshot(state), "the replayed match differs from the original")


def check_determinize(state: State, rng: random.Random, *, samples: int = 5) -> None:
    """``determinize(seat)`` keeps the seat's view and every zone it sees, conserves the cards, and
    leaves the original alone."""
    before = snapshot(state)
    cards = _multiset(state)
    zones = state.zones()
    for seat in range(state.num_players):
        hidden = state.hidden_zones(seat)
        for _ in range(samples):
            world = state.determinize(seat, rng)
            _check(world.view(seat) == state.view(seat), f"determinize changed seat {seat}'s view")
            _check(_multiset(world) == cards, "determinize made or lost cards")
            _check(world.seed != state.seed, "determinize kept the true seed (future shuffles would leak)")
            _check(world.to_act == state.to_act, "determinize changed who acts")
            # A world has no past (the core template), or a past sampled like its cards, which the seat then
            # sees exactly as it saw the true one (Soupçons rebuilds a whole consistent game).
            _check(
                (world.event_count == 0 and not world.history) or world.events(seat) == state.events(seat),
                "a determinized world keeps a past that is neither empty nor what the seat saw",
            )
            world_zones = world.zones()
            for name, cards_in_zone in zones.items():
                if name not in hidden:
                    _check(world_zones[name] == cards_in_zone, f"determinize changed visible zone {name}")
            _check(
                {str(a) for a in world.legal_actions()} == {str(a) for a in state.legal_actions()}
                or world.to_act != seat,
                "determinize changed the legal actions of the seat it was made for",
            )
    _check(snapshot(state) == before, "determinize changed the original state")


def check_resamples(state: State, rng: random.Random, *, samples: int = 30) -> None:
    """``determinize`` really deals the hidden cards anew (so that view equality under it means the view
    does not depend on them): when the cards hidden from a seat are not all alike, some sample differs."""
    zones = state.zones()
    for seat in range(state.num_players):
        hidden = sorted(state.hidden_zones(seat))
        truth = {name: list(map(str, zones[name])) for name in hidden}
        kinds = {str(card) for name in hidden for card in zones[name]}
        if len(kinds) < 2 or sum(1 for name in hidden if zones[name]) < 2:
            continue
        worlds = [state.determinize(seat, rng).zones() for _ in range(samples)]
        changed = any({name: list(map(str, world[name])) for name in hidden} != truth for world in worlds)
        _check(changed, f"determinize({seat}) never changed the hidden zones {hidden} in {samples} samples")


def check_determinize_anywhere(state: State, rng: random.Random, *, max_decisions: int, every: int = 25) -> None:
    """At every decision of a random playout, ``determinize`` for a random seat (acting or waiting) succeeds,
    keeps that seat's view, and gives a world where play goes on: one legal action applies at once, and every
    ``every`` decisions the world is played to its very end."""
    steps = 0
    while not state.is_over:
        _check(steps < max_decisions, f"no end after {max_decisions} decisions")
        seat = rng.randrange(state.num_players)
        try:
            world = state.determinize(seat, rng)
        except Exception as exc:
            raise AssertionError(f"determinize({seat}) failed at decision {steps}: {exc!r}") from exc
        _check(world.view(seat) == state.view(seat), f"determinize({seat}) changed its view at decision {steps}")
        legal = world.legal_actions()
        _check(bool(legal), f"the world sampled for seat {seat} at decision {steps} has no legal action")
        world.apply(rng.choice(legal))
        if steps % every == 0:
            moves = 0
            while not world.is_over:
                _check(moves < max_decisions, f"the world sampled at decision {steps} never ends")
                world.apply(rng.choice(world.legal_actions()))
                moves += 1
            world.result()
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
