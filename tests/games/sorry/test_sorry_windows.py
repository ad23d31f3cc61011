"""Scenario tests for the SORRY! cards and their out-of-turn windows (R14–R17, rulings 8–14, 22, 25–27, 31–32)."""

from __future__ import annotations

import pytest

from games.sorry.sorry_helpers import hand, legal, play, set_progress, stacked_game
from veillee.games.sorry import Card, Phase, SorryState

PLAIN = ["1", "2", "3", "0", "0"]


def pile(state: SorryState) -> list[str]:
    return [str(card) for card in state.pile]


def asked_in_window(state: SorryState) -> list[int]:
    """Pass every steal window decision, returning the seats asked in order."""
    seats = []
    while state.phase is Phase.STEAL:
        assert state.to_act is not None
        seats.append(state.to_act)
        play(state, "pass")
    return seats


# -- R14 the flip-back SORRY!, Rulings 8 and 13 --------------------------------------------------------
def test_r14_ruling13_flip_back_sorry_flips_a_pawn_back_and_resets_the_pile() -> None:
    state = stacked_game([["SORRY", "10", "1", "2", "3"], list(PLAIN), list(PLAIN)])
    set_progress(state, 0, 2, 0)
    play(state, "play 1", "play 2", "play 3")
    assert legal(state) >= {"sorry 1"} and "sorry 2" not in legal(state) and "sorry 0" not in legal(state)
    play(state, "sorry 1")
    assert state.phase is Phase.BLOCK_SORRY and state.to_act == 1
    assert legal(state) == {"pass"}
    play(state, "pass")
    assert state.progress == [0, 1, 0]
    assert state.pile == [] and state.total == 0
    assert [str(c) for c in state.set_aside] == ["1", "2", "3", "SORRY"]
    assert len(state.hands[0]) == 5  # R17: the attacker refills
    assert state.to_act == 1 and state.phase is Phase.PLAY
    assert state.round == 1  # Ruling 32: a reset pile is not a new round


def test_ruling8_flip_back_sorry_needs_an_opponent_with_a_pawn_home() -> None:
    state = stacked_game([["SORRY", "10", "1", "2", "3"], list(PLAIN)])
    assert not any(action.startswith("sorry") or action.startswith("dead") for action in legal(state))
    set_progress(state, 0, 1)
    state._legal_cache = None
    assert "sorry 1" in legal(state)


# -- R15 steal SORRY!, R16 Don't be SORRY!, R17, Rulings 9–12 ------------------------------------------
def test_r15_ruling12_ruling16_steal_a_21_and_the_next_round_follows_the_scorer() -> None:
    state = stacked_game([["10", "7", "1", "2", "3"], ["STEAL", "4", "0", "0", "1"]])
    play(state, "play 10", "play 4", "play 7")
    assert state.phase is Phase.STEAL and state.to_act == 1
    assert legal(state) == {"steal", "pass"}
    play(state, "steal")
    assert len(state.hands[1]) == 5  # Ruling 12: the stealer refills at once
    assert state.phase is Phase.BLOCK_STEAL and state.to_act == 0 and legal(state) == {"pass"}
    play(state, "pass")
    assert state.progress == [0, 1]
    assert state.to_act == 1 and state.total == 0 and state.pile == []
    assert "STEAL" in [str(c) for c in state.set_aside]


def test_r16_ruling11_blocked_steal_the_scorer_keeps_the_win_and_nobody_answers() -> None:
    state = stacked_game([["10", "7", "DONT", "2", "3"], ["STEAL", "4", "STEAL", "0", "1"]])
    play(state, "play 10", "play 4", "play 7", "steal")
    assert legal(state) == {"block", "pass"}
    play(state, "block")
    assert state.progress == [1, 0]
    assert state.phase is Phase.PLAY and state.to_act == 1  # no window after a Don't be SORRY!
    assert len(state.hands[0]) == 5 and "STEAL" in hand(state, 1)
    assert [str(c) for c in state.set_aside][-2:] == ["STEAL", "DONT"]


def test_r16_r17_blocked_flip_back_the_blocker_refills_at_once() -> None:
    state = stacked_game([["SORRY", "10", "1", "2", "3"], ["DONT", "4", "0", "0", "1"]])
    set_progress(state, 0, 2)
    play(state, "play 10", "play 4", "sorry 1")
    assert legal(state) == {"block", "pass"}
    play(state, "block")
    assert state.progress == [0, 2]
    assert state.pile == [] and state.total == 0  # Ruling 13: reset even when blocked
    assert len(state.hands[1]) == 5 and len(state.hands[0]) == 5
    events = [event["type"] for event in state.events(None)]
    assert events[events.index("block") + 1] == "draw"  # the blocker draws before anything else
    assert state.to_act == 1


def test_ruling9_the_first_in_play_order_after_the_scorer_takes_the_steal() -> None:
    state = stacked_game([["SLIDE21", "1", "2", "3", "0"], ["STEAL", *PLAIN[:4]], ["STEAL", *PLAIN[:4]]])
    play(state, "play SLIDE21")
    assert state.to_act == 1 and legal(state) == {"steal", "pass"}
    play(state, "steal")
    assert state.phase is Phase.BLOCK_STEAL and state.to_act == 0  # seat 2 is not asked: one steal per 21
    play(state, "pass")
    assert state.progress == [0, 1, 0] and "STEAL" in hand(state, 2)


def test_ruling9_a_pass_lets_the_next_opponent_steal_in_the_current_direction() -> None:
    state = stacked_game([["REVERSE", "SLIDE21", "2", "3", "0"], ["STEAL", *PLAIN[:4]], ["STEAL", *PLAIN[:4]]])
    play(state, "play REVERSE", "play 0", "play 0", "play SLIDE21")
    assert state.to_act == 2  # reversed: seat 2 comes first
    play(state, "pass")
    assert state.to_act == 1
    play(state, "steal", "pass")
    assert state.progress == [0, 1, 0]
    assert state.to_act == 2  # Ruling 16: after the scorer, in the current direction


def test_ruling10_only_the_target_is_asked_to_block() -> None:
    state = stacked_game([["SORRY", "10", "1", "2", "3"], list(PLAIN), ["DONT", *PLAIN[:4]]])
    set_progress(state, 0, 1, 0)
    play(state, "sorry 1")
    assert state.to_act == 1
    play(state, "pass")
    assert state.progress == [0, 0, 0] and state.to_act == 1 and "DONT" in hand(state, 2)


def test_r18_a_steal_can_win_the_match() -> None:
    state = stacked_game([["10", "7", "1", "2", "3"], ["STEAL", "4", "0", "0", "1"]])
    set_progress(state, 3, 3)
    play(state, "play 10", "play 4", "play 7", "steal", "pass")
    assert state.is_over and state.result().winners == (1,)


# -- Ruling 22 windows that do not leak ----------------------------------------------------------------
def test_ruling22_every_opponent_is_asked_whether_or_not_they_hold_a_steal() -> None:
    hands = [
        ["SLIDE21", "1", "2", "3", "0"],
        ["1", "2", "7", "7", "6"],
        ["1", "2", "7", "10", "6"],
        ["10", "10", "0", "1", "2"],
    ]
    without = stacked_game(hands)
    play(without, "play SLIDE21")
    assert legal(without) == {"pass"}
    assert asked_in_window(without) == [1, 2, 3]
    hands[2] = ["STEAL", "1", "2", "7", "10"]
    holding = stacked_game(hands)
    play(holding, "play SLIDE21")
    assert asked_in_window(holding) == [1, 2, 3]  # the same waits: nobody learns who holds a SORRY!
    assert holding.view(0) == {**without.view(0)}  # seat 0 cannot tell the two tables apart


def test_ruling22_the_target_is_always_asked_to_block() -> None:
    for target_hand in (list(PLAIN), ["DONT", *PLAIN[:4]]):
        state = stacked_game([["SORRY", "10", "1", "2", "3"], target_hand])
        set_progress(state, 0, 1)
        play(state, "sorry 1")
        assert state.phase is Phase.BLOCK_SORRY and state.to_act == 1 and "pass" in legal(state)


# -- Ruling 14 dead cards, Ruling 27 -------------------------------------------------------------------
def test_ruling14_dead_card_only_when_no_card_has_an_effect() -> None:
    state = stacked_game([["STEAL", "STEAL", "DONT", "PLAY2", "SORRY"], list(PLAIN)])
    assert legal(state) == {"dead STEAL", "dead DONT", "dead PLAY2", "dead SORRY"}
    play(state, "dead STEAL")
    assert pile(state) == ["STEAL"] and state.total == 0 and state.to_act == 1
    assert state.view(1)["known_no_effect"][0] == {"cards": 4, "sorry_included": True}


@pytest.mark.parametrize("card", ["SORRY", "STEAL", "DONT"])
def test_ruling14_a_sorry_family_card_played_dead_has_no_effect_and_keeps_the_pile(card: str) -> None:
    """R17 (refill at once, set the pile aside) applies to SORRY! cards played for their effect only."""
    state = stacked_game([["STEAL", "STEAL", "DONT", "PLAY2", "SORRY"], ["7", "3", "4", "0", "2"]], first=1)
    play(state, "play 7")
    before = state.event_count
    play(state, f"dead {card}")
    assert pile(state) == ["7", card] and state.total == 7  # the pile stays, its total too
    assert state.set_aside == [] and state.progress == [0, 0] and state.round == 1
    happened = [event["type"] for event in state.events(None, before)]
    assert happened == ["dead", "draw"]  # the turn ends as after any card: the normal refill, nothing else
    assert len(state.hands[0]) == 5 and state.to_act == 1 and state.phase is Phase.PLAY
    play(state, "play 4")
    assert state.total == 11  # the next player plays on the same pile


def test_ruling14_a_single_number_card_must_be_played_instead() -> None:
    state = stacked_game([["STEAL", "3", "DONT", "PLAY2", "SORRY"], list(PLAIN)])
    assert legal(state) == {"play 3"}


def test_ruling14_a_flip_back_with_a_target_is_not_dead() -> None:
    state = stacked_game([["STEAL", "STEAL", "DONT", "PLAY2", "SORRY"], list(PLAIN)])
    set_progress(state, 0, 1)
    assert legal(state) == {"sorry 1"}


# -- Ruling 25 flip-back in the longer game ------------------------------------------------------------
def test_ruling25_flip_back_undoes_a_step_for_a_player_returning_to_start() -> None:
    state = stacked_game([["SORRY", "10", "1", "2", "3"], list(PLAIN), list(PLAIN)], long_game=True)
    set_progress(state, 0, 5, 0)
    assert state.view(None)["home"] == [0, 3, 0]
    play(state, "sorry 1", "pass")
    assert state.progress == [0, 4, 0] and state.view(None)["home"] == [0, 4, 0]


# -- Ruling 26 timing ----------------------------------------------------------------------------------
def test_ruling26_the_window_opens_before_the_scorer_refills() -> None:
    state = stacked_game([["10", "7", "DONT", "2", "3"], ["STEAL", "4", "0", "0", "1"]])
    play(state, "play 10", "play 4", "play 7")
    assert len(state.hands[0]) == 4
    play(state, "steal")
    assert len(state.hands[0]) == 4  # the scorer answers with the hand they had
    play(state, "pass")
    assert len(state.hands[0]) == 5


# -- Ruling 31 nothing to play -------------------------------------------------------------------------
def test_ruling31_an_empty_hand_passes() -> None:
    state = stacked_game([["10", "7", "1", "2", "3"], list(PLAIN)])
    state.set_aside.extend(state.hands[0])
    state.hands[0] = []
    assert legal(state) == {"pass"}
    play(state, "pass")
    assert state.to_act == 1 and len(state.hands[0]) == 5 and state.hands[0][0] in tuple(Card)
