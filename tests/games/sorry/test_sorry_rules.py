"""Scenario tests for Sorry! Revenge's turn, total, round and match rules (docs/rules/sorry.md), on stacked decks.

The SORRY! cards and their out-of-turn windows are in ``test_sorry_windows.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest

import veillee
from games.sorry.sorry_helpers import FILLER, SEED, hand, legal, play, set_progress, stacked_game
from veillee.games.sorry import Card, Phase
from veillee.games.sorry.cards import DECKS, DeckList


def cards(pile: list[Card]) -> list[str]:
    return [str(card) for card in pile]


# -- R1 cards ------------------------------------------------------------------------------------------
def test_r1_ruling1_deck_composition() -> None:
    deck = DECKS[DeckList.STANDARD]
    counts = Counter(str(card) for card in deck)
    assert len(deck) == 93
    assert [counts[str(v)] for v in (0, 1, 2, 3, 4, 5, 6, 7, 10)] == [5, 5, 5, 7, 9, 9, 7, 7, 5]
    assert counts["8"] == counts["9"] == 0
    assert sum(counts[str(v)] for v in (0, 1, 2, 3, 4, 5, 6, 7, 10)) == 59
    slides = [counts[f"SLIDE{n}"] for n in (10, 15, 20, 21)]
    assert slides == [2, 3, 1, 2]
    assert (counts["TAKE2"], counts["PLAY2"], counts["REVERSE"]) == (6, 6, 6)
    assert sum(slides) + counts["TAKE2"] + counts["PLAY2"] + counts["REVERSE"] == 26
    assert (counts["SORRY"], counts["STEAL"], counts["DONT"]) == (2, 4, 2)


def test_ruling1_gamingpack_deck_has_91_cards_and_4_reverse() -> None:
    deck = DECKS[DeckList.GAMINGPACK]
    assert len(deck) == 91
    assert Counter(deck)[Card.REVERSE] == 4
    state = veillee.new_game("sorry", 2, SEED, deck_list="gamingpack")
    assert sum(len(zone) for zone in state.zones().values()) == 91


# -- R2 setup, Ruling 28 stacked decks -----------------------------------------------------------------
def test_r2_ruling28_setup_deals_five_cards_and_the_rest_is_the_draw_pile() -> None:
    state = stacked_game([["10", "7", "3", "2", "1"], ["10", "6", "4", "0", "2"]], ["SLIDE15", *FILLER])
    assert hand(state, 0) == ["1", "2", "3", "7", "10"]
    assert hand(state, 1) == ["0", "2", "4", "6", "10"]
    assert len(state.draw) == 93 - 10
    assert state.draw[-1] is Card.SLIDE_15  # the first card drawn is the first card after the hands
    assert state.pile == [] and state.total == 0
    assert state.progress == [0, 0]
    view = state.view(None)
    assert view["home"] == [0, 0] and view["total"] == 0 and view["hand_sizes"] == [5, 5]


# -- R3 one card per turn, clockwise -------------------------------------------------------------------
def test_r3_exactly_one_card_then_the_next_player_clockwise() -> None:
    state = stacked_game([["10", "7", "3", "2", "1"], ["1", "6", "4", "0", "2"], ["2", "3", "4", "0", "1"]])
    assert legal(state) == {"play 10", "play 7", "play 3", "play 2", "play 1"}
    with pytest.raises(veillee.IllegalAction):
        play(state, "pass")  # a card must be played
    seats = []
    for card in ("1", "0", "0"):
        seats.append(state.to_act)
        play(state, f"play {card}")
    assert seats == [0, 1, 2]
    assert state.to_act == 0


# -- R4 the total --------------------------------------------------------------------------------------
def test_r4_ruling20_numbers_add_and_action_cards_count_zero() -> None:
    state = stacked_game([["7", "3", "1", "2", "0"], ["REVERSE", "TAKE2", "4", "0", "2"]])
    play(state, "play 7")
    assert state.total == 7
    play(state, "play REVERSE")
    assert state.total == 7
    play(state, "play 3")  # a Number card on top of an Action card adds to the total below
    assert state.total == 10
    assert cards(state.pile) == ["7", "REVERSE", "3"]
    assert state.view(1)["total"] == 10  # Ruling 20: the running total is shown


# -- R5 refill to 5 ------------------------------------------------------------------------------------
def test_r5_refill_to_five_after_playing() -> None:
    state = stacked_game([["7", "3", "1", "2", "0"], ["1", "6", "4", "0", "2"]], ["10", *FILLER])
    play(state, "play 7")
    assert len(state.hands[0]) == 5
    assert "10" in hand(state, 0)


# -- R6 Slide, Rulings 6 and 7 -------------------------------------------------------------------------
def test_r6_ruling7_slide_sets_the_total_up_or_down_and_never_busts() -> None:
    state = stacked_game([["10", "SLIDE10", "SLIDE15", "7", "1"], ["10", "3", "4", "0", "2"]])
    play(state, "play 10", "play 10")
    assert state.total == 20
    play(state, "play SLIDE10")
    assert state.total == 10  # down
    play(state, "play 3")
    play(state, "play SLIDE15")
    assert state.total == 15  # up
    play(state, "play 4", "play 1")
    assert state.total == 20 and state.progress == [0, 0]


def test_ruling6_slide_to_21_wins_the_round() -> None:
    state = stacked_game([["SLIDE21", "1", "2", "3", "0"], ["10", "3", "4", "0", "2"]])
    play(state, "play SLIDE21")
    assert state.phase is Phase.STEAL  # a 21: the steal window opens
    play(state, "pass")
    assert state.progress == [1, 0]


# -- R7 Take 2, Rulings 2 and 3 ------------------------------------------------------------------------
def test_r7_ruling2_ruling3_take2_draws_two_but_never_beyond_seven() -> None:
    state = stacked_game([["TAKE2", "TAKE2", "TAKE2", "1", "2"], ["0", "0", "0", "0", "0"]])
    play(state, "play TAKE2")
    assert len(state.hands[0]) == 6  # 4 + 2, and no refill beyond
    play(state, "play 0", "play TAKE2")
    assert len(state.hands[0]) == 7  # 5 + 2
    play(state, "play 0", "play TAKE2")
    assert len(state.hands[0]) == 7  # 6 + 1: never more than 7
    draws = [event for event in state.events(0) if event["type"] == "draw" and event["seat"] == 0]
    assert [event["count"] for event in draws] == [2, 2, 1]


# -- R8 Reverse, Ruling 15 -----------------------------------------------------------------------------
def test_r8_reverse_changes_the_order_of_play() -> None:
    state = stacked_game([["REVERSE", "1", "2", "3", "0"], ["1", "2", "3", "0", "0"], ["1", "2", "3", "0", "0"]])
    play(state, "play REVERSE")
    assert state.to_act == 2 and state.direction == -1
    play(state, "play 0")
    assert state.to_act == 1


def test_ruling15_reverse_with_two_players_is_not_a_skip() -> None:
    state = stacked_game([["REVERSE", "1", "2", "3", "0"], ["1", "2", "3", "0", "0"]])
    play(state, "play REVERSE")
    assert state.to_act == 1
    play(state, "play 0")
    assert state.to_act == 0


# -- R9 Play 2, Rulings 4 and 5 ------------------------------------------------------------------------
def test_r9_play2_then_two_number_cards_in_the_players_order() -> None:
    state = stacked_game([["PLAY2", "3", "4", "SLIDE10", "2"], ["1", "2", "3", "0", "0"]])
    play(state, "play PLAY2")
    assert state.phase is Phase.PLAY2 and state.to_act == 0
    assert legal(state) == {"play 2", "play 3", "play 4"}  # Ruling 4: Slides are not Number cards
    play(state, "play 4", "play 3")
    assert state.total == 7 and cards(state.pile) == ["PLAY2", "4", "3"]
    assert state.to_act == 1 and len(state.hands[0]) == 5


def test_ruling4_play2_needs_two_number_cards_besides_itself() -> None:
    state = stacked_game([["PLAY2", "3", "SLIDE10", "TAKE2", "REVERSE"], ["1", "2", "3", "0", "0"]])
    assert "play PLAY2" not in legal(state)
    assert "dead PLAY2" not in legal(state)  # other cards have an effect (Ruling 14)


def test_ruling5_first_card_reaching_21_ends_the_play2_and_the_second_stays() -> None:
    state = stacked_game([["10", "PLAY2", "6", "3", "1"], ["5", "2", "3", "0", "0"]])
    play(state, "play 10", "play 5", "play PLAY2", "play 6")
    assert state.total == 21 and state.phase is Phase.STEAL
    assert "3" in hand(state, 0) and len(state.hands[0]) == 3  # Ruling 26: before the scorer's refill
    play(state, "pass")
    assert state.progress == [1, 0] and state.to_act == 1 and len(state.hands[0]) == 5


def test_ruling5_first_card_busting_ends_the_play2_at_once() -> None:
    state = stacked_game([["10", "PLAY2", "5", "3", "1"], ["7", "1", "3", "0", "0"]])
    play(state, "play 10", "play 7", "play PLAY2", "play 5")
    assert state.progress == [0, 1] and state.total == 0
    assert "3" in hand(state, 0)


def test_ruling5_option_check_after_both_cards() -> None:
    state = stacked_game([["10", "PLAY2", "6", "1", "1"], ["5", "2", "3", "0", "0"]], play2_check="end")
    play(state, "play 10", "play 5", "play PLAY2", "play 6")
    assert state.total == 21 and state.phase is Phase.PLAY2  # not checked yet
    play(state, "play 1")
    assert state.progress == [0, 1]  # 22: a bust


def test_ruling5_option_check_after_both_cards_21_with_a_zero() -> None:
    state = stacked_game([["10", "PLAY2", "6", "0", "1"], ["5", "2", "3", "0", "0"]], play2_check="end")
    play(state, "play 10", "play 5", "play PLAY2", "play 6", "play 0")
    assert state.phase is Phase.STEAL and state.total == 21


# -- R10 exactly 21, R12 next round, Ruling 16 ---------------------------------------------------------
def test_r10_r12_exactly_21_wins_a_pawn_and_the_next_player_starts_a_new_pile() -> None:
    state = stacked_game([["10", "7", "3", "2", "1"], ["4", "6", "4", "0", "2"]])
    play(state, "play 10", "play 4", "play 7")
    assert state.phase is Phase.STEAL and state.to_act == 1
    before = hand(state, 1)
    play(state, "pass")
    assert state.progress == [1, 0]
    assert state.view(None)["home"] == [1, 0]
    assert state.pile == [] and state.total == 0 and cards(state.set_aside) == ["10", "4", "7"]
    assert hand(state, 1) == before  # hands are kept
    assert state.to_act == 1 and state.phase is Phase.PLAY and state.round == 2


def test_ruling16_next_round_follows_the_current_direction() -> None:
    state = stacked_game(
        [["REVERSE", "1", "2", "3", "0"], ["10", "2", "3", "0", "0"], ["10", "2", "3", "0", "0"]],
    )
    play(state, "play REVERSE", "play 10", "play 10", "play 1")
    assert state.total == 21
    play(state, "pass", "pass")
    assert state.progress == [1, 0, 0]
    assert state.to_act == 2  # after seat 0, going the other way


# -- R11 bust ------------------------------------------------------------------------------------------
def test_r11_bust_gives_every_other_player_a_pawn() -> None:
    state = stacked_game([["10", "1", "2", "3", "0"], ["10", "2", "3", "0", "0"], ["2", "3", "0", "0", "1"]])
    play(state, "play 10", "play 10", "play 2")
    assert state.progress == [1, 1, 0]
    assert state.total == 0 and state.pile == [] and len(state.set_aside) == 3
    assert state.to_act == 0  # the next player after the buster


# -- R13 empty draw pile, Rulings 17 and 24 ------------------------------------------------------------
def test_r13_ruling24_set_aside_piles_become_the_new_draw_pile() -> None:
    state = stacked_game([["10", "7", "3", "2", "1"], ["4", "6", "4", "0", "2"]])
    state.set_aside.extend(state.draw)  # as if every other card had been played and set aside
    state.draw = []
    size = len(state.set_aside)
    play(state, "play 1")
    assert state.reshuffles == 1 and state.set_aside == []
    assert len(state.draw) == size - 1 and len(state.hands[0]) == 5
    assert state.events(None)[-1]["type"] in ("draw", "reshuffle")


def test_ruling17_nothing_left_to_draw_anywhere() -> None:
    state = stacked_game([["1", "0", "0", "0", "0"], ["0", "1", "1", "1", "1"]])
    state.pile.extend(state.draw)  # the current pile is never reshuffled
    state.draw = []
    play(state, "play 1")
    assert len(state.hands[0]) == 4 and state.to_act == 1


# -- R18 winning, Rulings 30 and 32 --------------------------------------------------------------------
def test_r18_ruling30_four_pawns_home_wins_the_match() -> None:
    state = stacked_game([["10", "7", "3", "2", "1"], ["4", "6", "3", "0", "2"], ["1", "6", "3", "0", "2"]])
    set_progress(state, 3, 1, 2)
    play(state, "play 10", "play 4", "play 6", "play 1", "pass", "pass")
    assert state.is_over and state.to_act is None and state.phase is Phase.OVER
    assert state.legal_actions() == []
    result = state.result()
    assert result.winners == (0,) and result.scores == (4, 1, 2) and result.ranks == (1, 3, 2)
    assert state.pile != []  # Ruling 32: nothing happens after the winning card


# -- R19 tie-break, Rulings 18 and 23 ------------------------------------------------------------------
def _tie_game(seat1_hand: list[str]) -> veillee.GameState[object]:
    state = stacked_game(
        [["10", "10", "7", "6", "4"], seat1_hand, ["10", "1", "2", "0", "0"]],
        ["1", "0", "3", *FILLER],
    )
    set_progress(state, 3, 3, 0)
    play(state, "play 10", "play 10", "play 10")  # seat 2 busts at 30: seats 0 and 1 both reach 4
    return state


def test_r19_ruling18_tie_break_the_closest_to_21_wins() -> None:
    state = _tie_game(["10", "7", "3", "2", "6"])
    assert state.progress == [4, 4, 0] and not state.is_over
    assert state.phase is Phase.TIEBREAK and state.to_act == 0 and state.tb_order == [0, 1]
    assert hand(state, 0) == ["1", "4", "6", "7", "10"]
    play(state, "add 10", "add 7")
    assert "add 6" not in legal(state)  # never above 21
    assert legal(state) == {"add 4", "add 1", "stand"}
    play(state, "add 4", "stand")
    assert state.to_act == 1 and state.view(None)["tiebreak"]["totals"][0] == 21
    play(state, "add 7", "add 6", "add 3", "add 2", "stand")  # 18 (seat 1 drew a 0)
    assert state.is_over and state.result().winners == (0,)
    assert state.result().ranks == (1, 2, 3)


def test_ruling23_a_tie_break_tie_shows_hands_and_goes_again() -> None:
    state = _tie_game(["10", "7", "6", "5", "3"])
    play(state, "add 10", "add 7", "add 4", "stand")
    play(state, "add 7", "add 6", "add 5", "add 3", "stand")  # 21 too
    assert not state.is_over and state.phase is Phase.TIEBREAK and state.tb_rounds == 2
    reveals = [event for event in state.events(2) if event["type"] == "reveal"]
    assert [event["seat"] for event in reveals] == [0, 1]
    assert reveals[1]["cards"] == ["0"]
    assert len(state.hands[0]) == len(state.hands[1]) == 5
    assert state.tb_piles == [[], [], []] and state.to_act == 0
    play(state, "stand")
    play(state, f"add {hand(state, 1)[-1]}", "stand")
    assert state.is_over and state.result().winners == (1,)


# -- R20 the longer game, Rulings 19 and 25 ------------------------------------------------------------
def test_r20_longer_game_flips_pawns_back_to_start_after_four_home() -> None:
    state = stacked_game([["10", "7", "3", "2", "1"], ["4", "6", "4", "0", "2"]], long_game=True)
    set_progress(state, 4, 0)
    play(state, "play 10", "play 4", "play 7", "pass")
    assert not state.is_over and state.progress == [5, 0]
    assert state.view(None)["home"] == [3, 0] and state.goal == 8


def test_r20_longer_game_is_won_with_all_pawns_back_on_start() -> None:
    state = stacked_game([["10", "7", "3", "2", "1"], ["4", "6", "4", "0", "2"]], long_game=True)
    set_progress(state, 7, 4)
    play(state, "play 10", "play 4", "play 7", "pass")
    assert state.is_over and state.result().winners == (0,) and state.view(None)["home"] == [0, 4]


def test_ruling19_longer_game_a_bust_moves_a_finished_player_back_toward_start() -> None:
    state = stacked_game([["10", "7", "3", "2", "1"], ["10", "6", "7", "7", "2"]], long_game=True)
    set_progress(state, 4, 2)
    play(state, "play 10", "play 10", "play 7")  # seat 0 busts
    assert state.progress == [4, 3]
    play(state, "play 7", "play 3", "play 7", "play 2", "play 6")  # seat 1 busts
    assert state.progress == [5, 3] and state.view(None)["home"] == [3, 3]


# -- Ruling 21 first player, options -------------------------------------------------------------------
def test_ruling21_first_player_is_drawn_from_the_seed_or_set() -> None:
    firsts = {veillee.new_game("sorry", 3, seed).to_act for seed in range(30)}
    assert firsts == {0, 1, 2}
    assert veillee.new_game("sorry", 3, 5, first_player=2).to_act == 2
    assert veillee.new_game("sorry", 3, 5).to_act == veillee.new_game("sorry", 3, 5).to_act


@pytest.mark.parametrize(
    "options",
    [
        {"deck_list": "big"},
        {"play2_check": "never"},
        {"long_game": "yes"},
        {"first_player": 3},
        {"first_player": True},
        {"colour": "red"},
    ],
)
def test_bad_options_are_refused_with_a_message(options: dict[str, object]) -> None:
    with pytest.raises(veillee.InvalidOption, match=r"\w"):
        veillee.new_game("sorry", 3, SEED, **options)


def test_options_are_normalised_in_the_record() -> None:
    state = veillee.new_game("sorry", 2, SEED, deck_list="GamingPack", play2_check="end")
    assert state.options == {"deck_list": "gamingpack", "play2_check": "end", "long_game": False, "first_player": None}
    with pytest.raises(veillee.InvalidOption):
        veillee.new_game("sorry", 2, SEED, deck=["SLIDE20", "SLIDE20"])  # only one Slide to 20
