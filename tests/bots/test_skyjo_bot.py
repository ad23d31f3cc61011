"""Skyjo bot scenarios on stacked decks: obvious moves the ``normal`` heuristic must find, and its search hooks."""

from __future__ import annotations

import random

import veillee
from games.skyjo.skyjo_helpers import deck, hand_over, new, play, reveal_all_but, setup
from veillee.bots import decision_for, make_bot, play_match
from veillee.bots.heuristics import skyjo as heuristic
from veillee.games.skyjo import Action, ActionCard, Kind, SkyjoState

NORMAL = make_bot("normal", "skyjo")

OTHER = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"]
LOW = ["-2", "-1", "0", "1", "0", "-1", "1", "2", "-2", "1", "2", "0"]
"""A low grid with no line of equal numbers."""
SMALL = ["1", "2", "3", "1", "2", "3", "1", "2", "3", "1", "2", "12"]
"""Small cards (sum 21 without the 12 at r3c4) with no line of equal numbers."""


def _move(state: SkyjoState, seed: int = 1) -> Action:
    seat = state.to_act
    assert seat is not None
    action = NORMAL.act(decision_for(state, seat, random.Random(seed)), random.Random(seed + 1))
    assert isinstance(action, Action)
    return action


def _refresh(state: SkyjoState) -> None:
    state._legal_cache = None


def test_takes_the_seven_that_completes_a_column() -> None:
    mine = ["7", "2", "3", "4", "7", "6", "1", "8", "9", "10", "11", "12"]
    state = new(2, deck(mine, OTHER, discard="7", pile=["12"]))
    setup(state, ("r1c1", "r2c1"), ("r1c1", "r1c2"))
    assert state.to_act == 0
    state.up[0][8] = True  # the 9 under the two 7s is visible: only a 7 completes col1
    _refresh(state)
    assert _move(state) == Action.take()
    play(state, "take")
    assert _move(state) == Action.swap(8)
    play(state, "swap r3c1")
    assert state.grid[0][0] is None and state.grid[0][4] is None and state.grid[0][8] is None


def test_declines_to_take_or_swap_in_a_twelve() -> None:
    mine = ["1", "2", "5", "6", "3", "4", "7", "8", "9", "10", "11", "0"]
    state = new(2, deck(mine, OTHER, discard="12", pile=["12"]))
    setup(state, ("r1c3", "r1c4"), ("r1c1", "r1c2"))
    assert state.to_act == 0
    assert _move(state) == Action.draw()
    play(state, "draw")
    assert state.drawn is not None and str(state.drawn) == "12"
    assert _move(state) == Action.discard()


def test_swaps_a_low_drawn_card_over_its_highest_visible_card() -> None:
    mine = ["1", "2", "10", "11", "3", "4", "7", "8", "9", "5", "6", "0"]
    state = new(2, deck(mine, OTHER, discard="12", pile=["-1"]))
    setup(state, ("r1c3", "r1c4"), ("r1c1", "r1c2"))
    play(state, "draw")
    assert _move(state) == Action.swap(3)


def _end_in_sight(mine: list[str], theirs: list[str], reveals: tuple[str, str]) -> SkyjoState:
    """Seat 0 to play with one hidden card (r3c4) left, seat 1 with one hidden card, a -2 drawn."""
    state = new(2, deck(mine, theirs, discard="12", pile=["-2"]))
    setup(state, reveals, ("r1c1", "r1c2"))
    assert state.to_act == 0
    reveal_all_but(state, 0, 11)
    reveal_all_but(state, 1, 11)
    _refresh(state)
    play(state, "draw")
    return state


def test_does_not_end_the_round_when_it_would_be_doubled() -> None:
    # Seat 0's grid is worth about 26 points, seat 1's about 1: putting the -2 over the hidden card would
    # end the round with seat 0 not lowest, so its score would double. Covering a visible 3 is the move.
    state = _end_in_sight(SMALL, LOW, ("r1c3", "r2c2"))
    action = _move(state)
    assert action.kind is Kind.SWAP and action.slot != 11
    assert str(state.grid[0][action.slot or 0]) == "3"


def test_ends_the_round_when_clearly_ahead() -> None:
    # The same choice, grids swapped: seat 0 is far ahead, so ending the round now is right.
    state = _end_in_sight(LOW, SMALL, ("r2c4", "r3c3"))
    assert _move(state) == Action.swap(11)


def test_spends_action_cards_before_the_end() -> None:
    # An opponent about to run out of hidden cards: a held card would cost 10 points, so it goes now.
    state = new(2, deck(OTHER, LOW, discard="12", pile=["5"]))
    setup(state, ("r3c3", "r3c4"), ("r1c1", "r1c2"))
    assert state.to_act == 0
    reveal_all_but(state, 1, 11)
    hand_over(state, 0, ActionCard.REVELATION)
    action = _move(state)
    assert action.kind in (Kind.PLAY, Kind.DROP)


def test_keeps_a_double_turn_far_from_the_end_and_plays_it() -> None:
    state = new(2, deck(OTHER, LOW, discard="12", pile=["5"]))
    setup(state, ("r3c3", "r3c4"), ("r1c1", "r1c2"))
    hand_over(state, 0, ActionCard.DOUBLE_TURN)
    assert _move(state) == Action.play(ActionCard.DOUBLE_TURN)


def test_lets_a_star_copy_to_discard_a_line_of_fives() -> None:
    mine = ["1", "star", "6", "9", "8", "5", "2", "3", "11", "5", "4", "7"]
    state = new(2, deck(mine, OTHER, discard="0", pile=["12"]))
    setup(state, ("r2c2", "r3c2"), ("r1c1", "r1c2"))
    assert state.to_act == 0
    play(state, "draw", "discard", "reveal r1c2")  # col2 is now star 5 5
    while state.phase == "star":
        state.apply(_move(state))
    assert state.phase == "copy"
    assert _move(state) == Action.copy(4)


def test_evaluate_favours_the_lower_projected_total() -> None:
    state = new(2, deck(LOW, OTHER, discard="12", pile=["5"]))
    setup(state)
    reveal_all_but(state, 0)
    reveal_all_but(state, 1)
    chances = heuristic.evaluate(state)
    assert abs(sum(chances) - 1.0) < 1e-9
    assert chances[0] > 0.9


def test_normal_beats_random_over_a_few_matches() -> None:
    wins = 0
    for seed in range(6):
        bots = [NORMAL, make_bot("random", "skyjo")]
        if seed % 2:
            bots.reverse()
        outcome = play_match(veillee.new_game("skyjo", 2, 900 + seed), bots, seed)
        wins += bots.index(NORMAL) in outcome.result.winners
    assert wins >= 5
