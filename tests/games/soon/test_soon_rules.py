"""Scenario tests for SOON, one or more per rule (R…) and ruling of docs/rules/soon.md, on stacked decks."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import veillee
from games.soon.soon_helpers import RACE_DRAWS, RACE_HANDS, SEED, legal, play, race, stacked_game, turn
from veillee.games.soon import Card, Phase, SoonState
from veillee.games.soon.cards import DECK
from veillee.games.soon.scoring import is_complete, suite_score


def suites(state: SoonState) -> list[list[str]]:
    return [[str(card) for card in suite] for suite in state.suites]


def hand(state: SoonState, seat: int) -> list[str]:
    return sorted(str(card) for card in state.hands[seat])


# -- R1 cards ------------------------------------------------------------------------------------------
def test_r1_deck_composition() -> None:
    counts = Counter(str(card) for card in DECK)
    assert len(DECK) == 110
    assert sum(n for card, n in counts.items() if card[0] in "DN" and card[1].isdigit()) == 86
    per_value = [counts[f"D{v}"] + counts[f"N{v}"] for v in range(1, 9)]
    assert per_value == [14, 14, 12, 12, 10, 10, 8, 6]
    assert all(counts[f"D{v}"] == counts[f"N{v}"] for v in range(1, 9))  # ruling 1
    assert (counts["DJ"], counts["NJ"], counts["EXPLORER"], counts["LIGHTNING"], counts["THIEF"]) == (3, 3, 6, 6, 6)


# -- R2 setup ------------------------------------------------------------------------------------------
def test_r2_setup_deals_three_cards_and_one_discard() -> None:
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"], ["D4", "N4", "DJ"]], "N5", ["THIEF"])
    assert [hand(state, s) for s in range(3)] == [["D1", "D2", "D3"], ["N1", "N2", "N3"], ["D4", "DJ", "N4"]]
    assert [str(c) for c in state.discard] == ["N5"]
    assert len(state.pile) == 110 - 9 - 1
    assert state.pile[-1] is Card.THIEF  # ruling 32: the pile from its top down


def test_r2_r9_speed_deals_four_cards() -> None:
    state = veillee.new_game("soon", 3, SEED, speed=True)
    assert state.view(0)["hand_sizes"] == [4, 4, 4]
    assert len(state.view(0)["hand"]) == 4


# -- R3 turn order -------------------------------------------------------------------------------------
def test_r3_play_is_clockwise_from_the_first_player() -> None:
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"], ["D4", "N4", "DJ"]], "N5", first=1)
    seats = []
    for _ in range(4):
        seats.append(state.to_act)
        turn(state, f"discard {state.view(state.to_act)['hand'][0]}")
    assert seats == [1, 2, 0, 1]


def test_ruling_23_first_player_is_drawn_from_the_seed() -> None:
    starters = {veillee.new_game("soon", 4, seed).to_act for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    assert veillee.new_game("soon", 4, 99).to_act == veillee.new_game("soon", 4, 99).to_act


# -- R4 start of turn ----------------------------------------------------------------------------------
def test_r4_draw_from_the_pile_or_take_the_discard() -> None:
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"]], "N7", ["D8", "N8"])
    assert legal(state) == {"draw", "take"} | {"renew D1", "renew D2", "renew D3"}
    play(state, "take")
    assert hand(state, 0) == ["D1", "D2", "D3", "N7"]
    assert state.discard == []
    play(state, "discard D3")
    play(state, "draw")
    assert hand(state, 1) == ["D8", "N1", "N2", "N3"]


@pytest.mark.parametrize("top", ["DJ", "NJ", "EXPLORER", "LIGHTNING", "THIEF"])
def test_r4_ruling_18_a_special_card_blocks_the_discard(top: str) -> None:
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"]], top)
    assert "take" not in legal(state)
    before = state.view(0)
    with pytest.raises(veillee.IllegalAction, match="special"):
        play(state, "take")
    assert state.view(0) == before


def test_r4_an_action_needs_a_draw_first_and_only_one_draw() -> None:
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"]], "N7")
    with pytest.raises(veillee.IllegalAction, match="first draw"):
        play(state, "place D1")
    play(state, "draw")
    with pytest.raises(veillee.IllegalAction, match="already drawn"):
        play(state, "draw")


# -- R5 the four actions -------------------------------------------------------------------------------
def test_r5_1_the_suite_starts_at_one_and_rises_whatever_the_colour() -> None:
    state = stacked_game([["D2", "N1", "D3"], ["N4", "N5", "N6"]], "N7", ["N2"])
    play(state, "draw")
    assert "place D2" not in legal(state)
    with pytest.raises(veillee.IllegalAction, match="1 is next"):
        play(state, "place D2")
    play(state, "place N1")
    turn(state, "discard N4")
    turn(state, "place D2")
    assert suites(state)[0] == ["N1", "D2"]


def test_r5_2_replace_a_card_of_the_suite_and_discard_the_old_one() -> None:
    state = stacked_game([["N1", "D1", "D3"], ["N4", "N5", "N6"]], "N7", ["N2"])
    turn(state, "place N1")
    turn(state, "discard N4")
    play(state, "draw")
    assert "replace 1 with D1" in legal(state)
    assert "replace 1 with D3" not in {str(a) for a in state.legal_actions()}
    play(state, "replace 1 with D1")
    assert suites(state)[0] == ["D1"]
    assert str(state.discard[-1]) == "N1"


def test_r5_4_discard_a_card_and_the_turn_ends() -> None:
    state = stacked_game([["N1", "D1", "D3"], ["N4", "N5", "N6"]], "N7", ["N2"])
    turn(state, "discard D3")
    assert str(state.discard[-1]) == "D3"
    assert state.to_act == 1 and state.phase is Phase.START


@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), speed=st.booleans(), steps=st.integers(0, 2500))
def test_ruling_5_hands_hold_three_cards_between_turns(seed: int, players: int, speed: bool, steps: int) -> None:
    """Between turns every hand holds 3 cards (4 in Speed), whatever random play does (hypothesis)."""
    state = veillee.new_game("soon", players, seed, speed=speed)
    assert isinstance(state, SoonState)
    size = 4 if speed else 3
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        if state.phase is Phase.START:
            assert all(len(h) == size for h in state.hands)
        state.apply(rng.choice(state.legal_actions()))


# -- R6 renewing ---------------------------------------------------------------------------------------
def test_r6_renew_discards_the_hand_draws_anew_and_ends_the_turn() -> None:
    state = stacked_game([["D5", "D6", "D7"], ["N4", "N5", "N6"]], "N7", ["D1", "D2", "D3"])
    play(state, "renew D6")
    assert hand(state, 0) == ["D1", "D2", "D3"]
    assert [str(c) for c in state.discard] == ["N7", "D5", "D7", "D6"]  # ruling 25: the chosen card on top
    assert state.to_act == 1
    events = state.events(1, start=1)
    assert events[0] == {"type": "renew", "seat": 0, "discarded": ["D5", "D7", "D6"], "drawn": 3}
    assert state.events(0, start=1)[0]["cards"] == ["D1", "D2", "D3"]


def test_r6_ruling_20_renew_only_while_the_suite_is_empty_and_again_and_again() -> None:
    state = stacked_game([["D5", "D6", "D7"], ["N1", "N5", "N6"]], "N7", ["D8", "N2", "D4", "N3", "N8"])
    play(state, "renew D5")
    turn(state, "place N1")
    play(state, "renew D8")  # seat 0 again: allowed again
    assert not any(a.startswith("renew") for a in legal(state))  # seat 1 has a suite now
    with pytest.raises(veillee.IllegalAction, match="renew"):
        play(state, "renew N5")


def test_ruling_24_renewing_in_speed_keeps_four_cards() -> None:
    state = stacked_game([["D5", "D6", "D7", "D8"], ["N4", "N5", "N6", "N8"]], "N7", speed=True)
    play(state, "renew D5")
    assert len(state.hands[0]) == 4


# -- R7.1 Jokers ---------------------------------------------------------------------------------------
def test_r7_1_ruling_3_a_joker_fits_positions_1_to_7_never_8() -> None:
    state = stacked_game([["DJ", "D2", "NJ"], ["N4", "N5", "N6"]], "N7", ["D1"])
    play(state, "draw")
    assert {"place DJ", "place NJ", "place D1"} <= legal(state)
    play(state, "place DJ")
    assert suites(state)[0] == ["DJ"]
    turn(state, "discard N4")
    play(state, "draw")
    assert "replace 1 with NJ" in legal(state) and "place NJ" in legal(state)
    state2 = stacked_game([["DJ", "D2", "NJ"], ["N4", "N5", "N6"]], "N7")
    state2.suites[0] = [Card(i) for i in range(7)]  # D1..D7 in the suite: 8 is next
    state2._legal_cache = None
    play(state2, "draw")
    assert "place DJ" not in legal(state2)


def test_ruling_9_joker_may_replace_a_thief_unless_the_option_says_no() -> None:
    for allowed in (True, False):
        state = stacked_game(
            [["D1", "D2", "DJ"], ["THIEF", "N2", "N3"]], "N7", ["D5", "N1", "D6"], joker_replaces_thief=allowed
        )
        turn(state, "place D1")
        turn(state, "place N1")
        turn(state, "place D2")
        turn(state, "thief 0")  # seat 1 steals D2: seat 0 now has D1 THIEF
        assert suites(state) == [["D1", "THIEF"], ["N1", "D2"]]
        play(state, "draw")
        assert ("replace 2 with DJ" in legal(state)) is allowed


# -- R7.2 Explorateur ----------------------------------------------------------------------------------
def test_r7_2_explorer_found_the_asked_player_gives_draws_and_the_card_is_played() -> None:
    state = stacked_game([["EXPLORER", "D5", "D6"], ["N1", "N5", "N6"]], "N7", ["D4", "N8", "D8"])
    play(state, "draw", "explore 1 1")
    assert state.to_act == 1 and state.phase is Phase.GIVE
    assert legal(state) == {"give N1"}  # ruling 27: the asked player decides even with one choice
    play(state, "give N1")
    assert suites(state)[0] == ["N1"]
    assert hand(state, 1) == ["N5", "N6", "N8"]  # drew N8 after giving
    assert hand(state, 0) == ["D4", "D5", "D6"]
    assert str(state.discard[-1]) == "EXPLORER"
    assert state.to_act == 1 and state.phase is Phase.START  # the asker's turn is over


def test_r7_2_explorer_not_found_ends_the_turn() -> None:
    state = stacked_game([["EXPLORER", "D5", "D6"], ["N2", "N5", "N6"]], "N7", ["D4"])
    play(state, "draw", "explore 1 1")
    assert state.to_act == 1 and state.phase is Phase.START
    assert suites(state)[0] == []
    assert state.events(None)[-1] == {
        "type": "explore",
        "seat": 0,
        "target": 1,
        "value": 1,
        "colour": None,
        "found": False,
    }


def test_ruling_7_a_colour_asked_and_only_the_other_held_is_a_no() -> None:
    state = stacked_game([["EXPLORER", "D5", "D6"], ["N1", "N5", "N6"]], "N7", ["D4"])
    play(state, "draw", "explore 1 1 day")
    assert state.to_act == 1 and state.phase is Phase.START
    assert hand(state, 1) == ["N1", "N5", "N6"]


def test_ruling_7_both_colours_held_the_asked_player_chooses() -> None:
    state = stacked_game([["EXPLORER", "D5", "D6"], ["N1", "D1", "N6"]], "N7", ["D4", "N8"])
    play(state, "draw", "explore 1 1")
    assert legal(state) == {"give D1", "give N1"}
    play(state, "give D1")
    assert suites(state)[0] == ["D1"] and hand(state, 1) == ["N1", "N6", "N8"]


def test_ruling_6_only_playable_numbers_may_be_asked() -> None:
    state = stacked_game([["EXPLORER", "D1", "D6"], ["N1", "D2", "N6"]], "N7", ["D4", "N8"])
    play(state, "draw")
    asks = {a for a in legal(state) if a.startswith("explore")}
    assert asks == {f"explore 1 1{c}" for c in ("", " day", " night")}
    turn_state = stacked_game([["EXPLORER", "D1", "D6"], ["N1", "D2", "N6"]], "N7", ["D4", "N8", "N3"])
    play(turn_state, "draw", "discard D6", "draw", "discard N6", "draw", "place D1", "draw", "discard N8")
    play(turn_state, "draw")
    asks = {a.split()[2] for a in legal(turn_state) if a.startswith("explore")}
    assert asks == {"1", "2"}  # replace the 1, or the next card, 2
    with pytest.raises(veillee.IllegalAction, match="play at once"):
        play(turn_state, "explore 1 3")


def test_ruling_6_a_received_card_can_be_a_replacement() -> None:
    state = stacked_game([["EXPLORER", "D1", "D6"], ["N1", "D2", "N6"]], "N7", ["D4", "N8", "N3"])
    play(state, "draw", "place D1", "draw", "discard N6", "draw", "explore 1 1 night", "give N1")
    assert suites(state)[0] == ["N1"]
    assert str(state.discard[-1]) == "D1"


# -- R7.3 Foudre ---------------------------------------------------------------------------------------
def test_r7_3_ruling_12_foudre_discards_the_highest_card_under_the_foudre() -> None:
    state = stacked_game([["D1", "D2", "LIGHTNING"], ["N1", "N2", "N3"]], "N7", ["D5", "N5", "D6"])
    turn(state, "place D1")
    turn(state, "place N1")
    turn(state, "place D2")
    turn(state, "place N2")
    play(state, "draw")
    assert {"lightning 0", "lightning 1"} <= legal(state)  # ruling 13: yourself included
    play(state, "lightning 1")
    assert suites(state) == [["D1", "D2"], ["N1"]]
    assert [str(c) for c in state.discard[-2:]] == ["N2", "LIGHTNING"]
    assert "take" not in legal(state)  # the Foudre on top blocks the discard


def test_ruling_13_foudre_needs_a_card_to_hit() -> None:
    state = stacked_game([["D1", "D2", "LIGHTNING"], ["N4", "N2", "N3"]], "N7", ["D5"])
    play(state, "draw")
    assert not any(a.startswith("lightning") for a in legal(state))  # nobody has a suite yet
    play(state, "place D1")
    turn(state, "discard N4")
    play(state, "draw")
    assert {a for a in legal(state) if a.startswith("lightning")} == {"lightning 0"}


# -- R7.4 Voleur ---------------------------------------------------------------------------------------
def test_r7_4_the_thief_steals_the_next_needed_number_and_stays_in_its_place() -> None:
    state = stacked_game([["D1", "THIEF", "D8"], ["N1", "N2", "N3"]], "N7", ["D5", "N5", "D6"])
    turn(state, "place D1")
    turn(state, "place N1")
    play(state, "draw")
    assert not any(a.startswith("thief") for a in legal(state))  # seat 1 has no 2 yet
    play(state, "discard D8")
    turn(state, "place N2")
    play(state, "draw", "thief 1")
    assert suites(state) == [["D1", "N2"], ["N1", "THIEF"]]
    assert state.events(None)[-1] == {"type": "thief", "seat": 0, "target": 1, "card": "N2"}
    play(state, "draw")
    assert "place N3" in legal(state)  # the victim keeps building on top of the Voleur
    held = {str(card) for card in state.hands[1]}
    assert ("replace 2 with N2" in legal(state)) == ("N2" in held)
    assert ("replace 2 with D2" in legal(state)) == ("D2" in held)


def test_ruling_11_the_thief_cannot_take_a_joker_nor_from_yourself() -> None:
    state = stacked_game([["D1", "THIEF", "D8"], ["N1", "NJ", "N3"]], "N7", ["D5", "N5", "D6"])
    turn(state, "place D1")
    turn(state, "place N1")
    turn(state, "discard D5")
    turn(state, "place NJ")  # seat 1: N1 NJ
    play(state, "draw")
    assert not any(a.startswith("thief") for a in legal(state))


def test_ruling_14_a_suite_of_eight_with_a_thief_is_not_complete() -> None:
    assert not is_complete([Card(i) for i in range(7)] + [Card.THIEF])
    assert not is_complete([Card.THIEF] + [Card(i) for i in range(1, 8)])
    assert is_complete([Card(i) for i in range(8)])
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "THIEF"]], "N7", RACE_DRAWS)
    state.suites[0] = [Card.DAY_1, Card.THIEF, *(Card(i) for i in range(2, 7))]  # 7 cards, one Voleur
    state._legal_cache = None
    play(state, "draw")
    state.hands[0].append(Card.DAY_8)  # the 8 arrives
    state._legal_cache = None
    play(state, "place D8")
    assert state.finisher is None and state.to_act == 1  # 8 cards but a Voleur: no end of round


# -- R8 end of round, R10 scoring ----------------------------------------------------------------------
def test_r8_ruling_17_completing_ends_the_round_after_one_last_turn_each() -> None:
    state = stacked_game(list(RACE_HANDS), "N7", RACE_DRAWS, length="express")
    race(state, 7)
    turn(state, "place D8")
    assert state.finisher == 0 and state.last_turns_left == 1 and state.to_act == 1
    assert not any(a.startswith(("lightning 0", "thief 0")) for a in legal(state))  # protected
    turn(state, "place N8")
    assert state.is_over
    assert state.round_scores == [[20, 18]]  # 8×2 +2 +2 first; 8×2 +2 (no first bonus)
    assert state.result().winners == (0,)


def test_r10_scoring_in_the_rules_order() -> None:
    day = [Card(i) for i in range(8)]
    assert suite_score(day, first=True) == 20
    with_joker = [*day[:2], Card.DAY_JOKER, *day[3:]]
    assert suite_score(with_joker, first=True) == 18  # (8 - 1) × 2 + 2 + 2, the rulebook's example
    mixed = [Card.NIGHT_1, *day[1:]]
    assert suite_score(mixed, first=False) == 10
    assert suite_score([Card.DAY_1, Card.DAY_JOKER, Card.DAY_3], first=False) == 6  # no Joker malus if incomplete
    assert suite_score([Card.DAY_1, Card.THIEF, Card.DAY_3], first=False) == 4  # ruling 15: Voleur ignored
    assert suite_score([Card.DAY_1, Card.THIEF, Card.NIGHT_3], first=False) == 2
    assert suite_score([], first=False) == 0
    assert suite_score([Card.DAY_1, Card.NIGHT_JOKER], first=False) == 2  # ruling 3: the Joker's own colour


# -- R9 Speed ------------------------------------------------------------------------------------------
def test_r9_ruling_22_speed_the_first_complete_suite_wins_at_once() -> None:
    hands = [["D1", "D2", "D3", "NJ"], ["N1", "N2", "N3", "DJ"]]
    state = stacked_game(hands, "N7", RACE_DRAWS, speed=True)
    for k in range(1, 8):
        turn(state, f"place D{k}" if k != 3 else "place NJ")
        turn(state, f"place N{k}")
    turn(state, "place D8")
    assert state.is_over and state.round_scores == [[1, 0]]
    assert state.result().winners == (0,)


# -- R11 match length ----------------------------------------------------------------------------------
def test_r11_classic_goes_on_and_the_lowest_total_starts_the_next_round() -> None:
    state = stacked_game(list(RACE_HANDS), "N7", RACE_DRAWS)
    race(state, 7)
    turn(state, "place D8")
    turn(state, "discard N8")
    assert state.round_scores == [[20, 14]]
    assert not state.is_over and state.round == 2
    assert state.to_act == 1 and state.starter == 1  # 14 < 20


def test_ruling_21_a_tie_at_the_top_means_another_round() -> None:
    state = stacked_game(list(RACE_HANDS), "N7", RACE_DRAWS, length="express")
    race(state, 7)
    turn(state, "place D8")
    turn(state, "place N8")
    assert state.is_over  # 20 vs 18: decided
    tied = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"]], "N7", RACE_DRAWS, length="express", target=None)
    tied.totals = [5, 5]
    tied.suites = [[], []]
    from veillee.games.soon import rules

    tied.round_scores = []
    tied.totals = [0, 0]
    tied.suites = [[Card.DAY_1], [Card.NIGHT_1]]
    rules.end_round(tied)  # both score 2: a tie at the top
    assert not tied.is_over and tied.round == 2
    assert tied.starter == 1  # tied lowest totals: first clockwise after the previous starter (0)


def test_ruling_28_express_the_first_round_won_alone_decides_whatever_the_totals() -> None:
    """Issue 14: 18/18/0, then 0/2/10: C wins the deciding round, so C wins the match (totals 18/20/10)."""
    draws = []
    a_draws = ["D4", "D5", "D6", "D7", "D8", "N7", "N7", "N7"]
    b_draws = ["N4", "N5", "N6", "N7", "N8", "EXPLORER", "EXPLORER", "EXPLORER"]
    c_draws = ["D3", "D3", "D3", "N3", "N3", "N3", "N3", "N3"]
    for k in range(8):
        draws += [a_draws[k], b_draws[k], c_draws[k]]
    state = stacked_game([["D1", "D2", "DJ"], ["N1", "N2", "N3"], ["D3", "D3", "D3"]], "THIEF", draws, length="express")
    a_places = ["D1", "D2", "DJ", "D4", "D5", "D6", "D7", "D8"]
    for k in range(8):
        turn(state, f"place {a_places[k]}")
        turn(state, f"place N{k + 1}")
        turn(state, f"discard {c_draws[k]}")
    assert state.round_scores == [[18, 18, 0]]  # a tie at the top: one more round (Ruling 21)
    assert not state.is_over and state.round == 2 and state.starter == 2
    from veillee.games.soon import rules

    c = [Card.DAY_1, Card.NIGHT_2, Card.DAY_JOKER, Card.DAY_4, Card.NIGHT_JOKER, Card.DAY_6, Card.DAY_7, Card.DAY_8]
    state.suites = [[], [Card.DAY_1], c]
    state.finisher = 2
    rules.end_round(state)  # C completes first, mixed colours, two Jokers: 8 - 2 + 2 + 2 = 10
    assert state.round_scores[-1] == [0, 2, 10] and state.totals == [18, 20, 10]
    assert state.is_over
    result = state.result()
    assert result.winners == (2,) and result.scores == (0, 2, 10) and result.ranks == (3, 2, 1)
    assert state.events(None)[-1] == {"type": "match_end", "winners": [2]}


def test_ruling_28_a_target_still_counts_totals_in_express() -> None:
    state = stacked_game(list(RACE_HANDS), "N7", RACE_DRAWS, length="express", target=30)
    race(state, 7)
    turn(state, "place D8")
    turn(state, "place N8")
    assert state.round_scores == [[20, 18]] and not state.is_over  # 30 points not reached yet


def test_ruling_29_speed_refuses_point_lengths() -> None:
    with pytest.raises(veillee.InvalidOption, match="Speed"):
        veillee.new_game("soon", 2, 1, speed=True, length="classic")
    state = veillee.new_game("soon", 2, 1, speed=True, target=3)
    assert state.options["target"] == 3


# -- R12 rebuilding the pile ---------------------------------------------------------------------------
def test_r12_ruling_26_the_discard_but_its_top_becomes_the_pile() -> None:
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"]], "N7")
    state.discard.extend(state.pile[:-1])
    state.pile = state.pile[-1:]
    top = state.discard[-1]
    before = Counter(state.discard[:-1])
    play(state, "draw")
    assert state.discard == [top]
    assert Counter(state.pile) == before
    assert state.events(None)[-2] == {"type": "reshuffle", "pile_size": before.total()}
    again = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"]], "N7")
    again.discard.extend(again.pile[:-1])
    again.pile = again.pile[-1:]
    play(again, "draw")
    assert again.pile == state.pile  # the same seed shuffles the same way


def test_ruling_19_nothing_to_draw_goes_straight_to_acting() -> None:
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"]], "THIEF")
    from veillee.games.soon import rules

    state.pile = []
    rules.begin_turn(state, 0)
    assert state.phase is Phase.ACT
