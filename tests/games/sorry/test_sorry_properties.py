"""Sorry! Revenge invariants over random playouts (hypothesis): hand limits, the total, pawns, windows."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import veillee
from veillee.games.sorry import Phase, SorryState
from veillee.games.sorry.cards import IS_NUMBER, SLIDE_TO, VALUE, Card

VARIANTS = ({}, {"long_game": True}, {"play2_check": "end", "deck_list": "gamingpack"})


def pile_total(pile: list[Card]) -> int:
    """The total as a player recomputes it from the pile (R4, R6)."""
    total = 0
    for card in pile:
        if IS_NUMBER[card]:
            total += VALUE[card]
        elif SLIDE_TO[card]:
            total = SLIDE_TO[card]
    return total


@given(seed=st.integers(0, 2**40), players=st.integers(2, 4), variant=st.sampled_from(VARIANTS))
def test_r5_r10_r11_invariants_along_a_random_match(seed: int, players: int, variant: dict[str, object]) -> None:
    state = veillee.new_game("sorry", players, seed, **variant)
    assert isinstance(state, SorryState)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        assert all(len(hand) <= 7 for hand in state.hands)  # R5: never more than 7
        assert state.total == pile_total(state.pile)
        assert all(0 <= p < state.goal for p in state.progress) or state.phase is Phase.TIEBREAK
        legal = state.legal_actions()
        if state.phase is Phase.PLAY:
            assert state.to_act == state.turn and state.total < 21
            assert all(5 <= len(hand) <= 7 for hand in state.hands)  # R5: refilled to 5 after every turn
            assert all(a.kind != "pass" for a in legal) or not state.hands[state.turn]
        elif state.phase in (Phase.STEAL, Phase.BLOCK_STEAL, Phase.BLOCK_SORRY):
            assert state.legal_actions()[-1].kind == "pass"  # Ruling 22: letting a window go is always legal
            assert (state.to_act == state.turn) is (state.phase is Phase.BLOCK_STEAL)
            if state.phase is not Phase.BLOCK_SORRY:
                assert state.total == 21
        state.apply(rng.choice(legal))
        steps += 1
    winner = state.result().winners[0]
    assert state.progress[winner] == state.goal
    assert steps == len(state.history)


def test_random_matches_end_with_one_winner_for_each_player_count() -> None:
    for players in (2, 3, 4):
        for k in range(40):
            state = veillee.new_game("sorry", players, 7_000 + k)
            rng = random.Random(k)
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
            assert len(state.result().winners) == 1
            assert state.view(None)["result"]["winners"] == list(state.result().winners)
