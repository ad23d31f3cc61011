"""What keeps the rules' hot path fast, checked so that a later change cannot lose it silently.

CPython shares the keys of an object's ``__dict__`` among the instances of its class (a compact dict and
the fastest attribute access) only while the instance has fewer than 30 attributes; past that the
dictionary turns into an ordinary one and every ``state.x`` on the hot path gets slower (SOON lost 3.4 %
of its instructions per decision to a 30th attribute). The event log is the list bound to ``emit``, so
copies, pickles and deep copies must give it a log of its own.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import veillee

SHARED_KEYS_LIMIT = 29
"""Attributes an instance may have while CPython 3.11-3.13 still shares its dictionary's keys."""
COMPACT_GAMES = ("soon", "soupcons")
"""The games whose states fit under the limit today (Skyjo and Sorry! hold more state than that)."""


def _played(game: str, players: int, seed: int, decisions: int) -> veillee.core.GameState:  # type: ignore[type-arg]
    state = veillee.new_game(game, players, seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", COMPACT_GAMES)
def test_compact_states_stay_under_the_shared_keys_limit(game: str) -> None:
    info = veillee.game_info(game)
    for players in (info.min_players, info.max_players):
        state = _played(game, players, 3, 400)
        for twin in (state, state.clone(), state.determinize(0, random.Random(1))):
            assert len(vars(twin)) <= SHARED_KEYS_LIMIT, sorted(vars(twin))


@pytest.mark.parametrize("game", veillee.game_names())
def test_every_copy_logs_its_own_events(game: str) -> None:
    state = _played(game, veillee.game_info(game).min_players, 5, 30)
    before = state.event_count
    copies = [
        state.clone(),
        copy.deepcopy(state),
        pickle.loads(pickle.dumps(state)),
        state.determinize(0, random.Random(2)),
    ]
    for twin in copies:
        twin.apply(random.Random(3).choice(twin.legal_actions()))
    assert state.event_count == before
    assert [twin.event_count > 0 for twin in copies] == [True] * 4
    assert copies[0].raw_events()[:before] == state.raw_events()
    assert copies[1].events(None)[:before] == state.events(None)


@pytest.mark.parametrize("game", veillee.game_names())
def test_events_logged_as_plain_tuples_come_back_typed(game: str) -> None:
    """The hot path logs ``(EventType, *fields)``; every reader gets the declared event itself."""
    info = veillee.game_info(game)
    state = _played(game, info.max_players, 11, 600)
    events = state.raw_events()
    assert events and all(type(event) in info.events for event in events)
    assert state.raw_events(len(events) // 2) == events[len(events) // 2 :]
    assert [e["type"] for e in state.events(None)] == [type(event).__event__.kind for event in events]  # type: ignore[attr-defined]
