"""Scenario tests for the rules R1–R33 of docs/rules/skyjo.md, each with a stacked deck."""

from __future__ import annotations

from collections import Counter

import pytest

import veillee
from games.skyjo.skyjo_helpers import PLAIN, cards, deck, hand_over, legal, new, play, reveal_all_but, setup
from veillee.games.skyjo import ActionCard, GameCard

A = ActionCard
LOW = ["-1", "0", "1", "2", "0", "1", "2", "-1", "1", "2", "-1", "0"]
"""A grid worth 6 with no line."""


def test_r1_action_box_composition() -> None:
    s = new(2)
    counts = Counter(s.game_deck)
    assert len(s.game_deck) == 120 and counts[GameCard.STAR] == 15
    assert counts[GameCard.M2] == 3 and counts[GameCard.M1] == 7 and counts[GameCard.N0] == 11
    assert all(counts[GameCard(i)] == 7 for i in range(3, 15))
    assert Counter(s.action_deck) == {card: 3 for card in ActionCard}


def test_r2_ruling_24_classic_boxes() -> None:
    classic = new(8, rules="classic", box="classic")
    assert len(classic.game_deck) == 150 and Counter(classic.game_deck)[GameCard.M2] == 5
    small = new(4, rules="classic")
    assert len(small.game_deck) == 105 and GameCard.STAR not in small.game_deck and small.action_deck == ()
    with pytest.raises(veillee.InvalidOption):
        new(5, rules="classic", box="action")
    assert new(5, rules="classic").options["box"] == "classic"
    with pytest.raises(veillee.InvalidOption):
        new(2, box="classic")


def test_r3_ruling_41_setup_and_stacked_dealing_order() -> None:
    s = new(
        3,
        deck(
            PLAIN,
            PLAIN,
            LOW,
            discard="9",
            pile=["4"],
            actions=["defense", "steal", "exchange", "meteors", "revelation"],
        ),
    )
    assert cards(s, 2) == LOW and s.up[0] == [False] * 12
    assert [str(c) for c in s.discard] == ["9"] and str(s.pile[-1]) == "4"
    assert len(s.pile) == 120 - 36 - 1
    assert [str(c) for c in s.market] == ["defense", "steal", "exchange", "meteors"]
    assert [str(c) for c in s.action_discard] == ["revelation"] and len(s.action_pile) == 27 - 5


def test_r4_first_game_set() -> None:
    s = new(2, first_game=True)
    assert len(s.action_deck) == 21 and A.STEAL not in s.action_deck and A.METEORS not in s.action_deck


def test_r5_ruling_28_setup_reveals_then_highest_sum_starts() -> None:
    s = new(2, deck(PLAIN, PLAIN))
    assert s.phase == "setup" and s.to_act == 0 and len(legal(s)) == 12
    play(s, "reveal r1c1", "reveal r1c2")
    assert s.to_act == 1 and s.star_rights == 0
    play(s, "reveal r3c3", "reveal r3c4")
    assert s.starter == 1 and s.to_act == 1 and s.phase == "choose"


def test_r6_the_three_choices() -> None:
    s = new(2, deck(PLAIN, PLAIN, actions=["defense", "steal", "exchange", "meteors", "revelation"]))
    setup(s)
    assert legal(s) == ["take", "draw", "action 1", "action 2", "action 3", "action 4", "action pile"]
    hand_over(s, 0, A.DOUBLE_TURN)
    assert legal(s)[-2:] == ["play double-turn", "drop double-turn"]


def test_r7_take_the_discard_must_be_swapped() -> None:
    s = new(2, deck(PLAIN, PLAIN, discard="0"))
    setup(s)
    play(s, "take")
    assert legal(s) == [f"swap r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3, 4)]
    play(s, "swap r3c4")
    assert cards(s, 0)[11] == "0" and s.up[0][11] and str(s.discard[-1]) == "12"
    assert s.to_act == 1


def test_r8_ruling_29_draw_then_discard_and_reveal() -> None:
    s = new(2, deck(PLAIN, PLAIN, pile=["5"]))
    setup(s)
    play(s, "draw")
    assert s.view(1)["drawn"] == "5" and "discard" in legal(s) and "swap r1c1" in legal(s)
    play(s, "discard")
    assert legal(s) == [f"reveal r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3, 4)][2:]
    play(s, "reveal r2c1")
    assert s.up[0][4] and str(s.discard[-1]) == "5" and s.to_act == 1


def test_r9_ruling_4_action_card_playable_after_another_players_turn() -> None:
    s = new(2, deck(PLAIN, PLAIN, actions=["defense", "steal", "exchange", "meteors", "revelation"]))
    setup(s)
    play(s, "action 1")
    assert s.fresh[0] == [A.DEFENSE] and s.market[0] is not None and s.to_act == 1
    play(s, "take", "swap r1c1")
    assert "play defense" in legal(s) and s.held[0] == [A.DEFENSE]


def test_r10_drop_an_action_card() -> None:
    s = new(2, deck(PLAIN, PLAIN))
    setup(s)
    hand_over(s, 0, A.STEAL)
    play(s, "drop steal")
    assert s.action_discard[-1] is A.STEAL and s.held[0] == [] and s.to_act == 1


def test_r11_own_swap_with_chosen_faces() -> None:
    s = new(2, deck(PLAIN, PLAIN))
    setup(s)
    hand_over(s, 0, A.OWN_SWAP)
    play(s, "play own-swap")
    assert len(legal(s)) == 66
    play(s, "own r1c1 r3c4", "faces down up")
    assert cards(s, 0)[0] == "12" and not s.up[0][0] and s.knowers[0][0] == 0
    assert cards(s, 0)[11] == "1" and s.up[0][11]
    assert s.view(1)["grids"][0][0] == {"card": None, "up": False, "known": False}
    assert s.action_discard[-1] is A.OWN_SWAP and s.to_act == 1


def test_r12_ruling_9_double_turn() -> None:
    s = new(2, deck(PLAIN, PLAIN))
    setup(s)
    hand_over(s, 0, A.DOUBLE_TURN)
    play(s, "play double-turn")
    assert s.to_act == 0 and s.extra_turns == 1
    play(s, "take", "swap r1c1")
    assert s.to_act == 0
    play(s, "take", "swap r1c1")
    assert s.to_act == 1
    one = new(2, deck(PLAIN, PLAIN), double_turn_extra=1)
    setup(one)
    hand_over(one, 0, A.DOUBLE_TURN)
    play(one, "play double-turn", "take", "swap r1c1")
    assert one.to_act == 1


def test_r13_ruling_27_draw_three_keep_one_and_order_the_rest() -> None:
    s = new(2, deck(PLAIN, PLAIN, pile=["5", "7", "9"]))
    setup(s)
    hand_over(s, 0, A.DRAW_THREE)
    play(s, "play draw-three")
    assert s.view(0)["three"] == ["5", "7", "9"] and s.view(1)["three"] is None
    assert legal(s) == ["keep 5", "keep 7", "keep 9", "keep none"]
    play(s, "keep 7", "swap r2c2")
    assert cards(s, 0)[5] == "7" and legal(s) == ["put 5", "put 9"]
    play(s, "put 9")
    assert [str(c) for c in s.discard[-3:]] == ["6", "9", "5"] and s.to_act == 1


def test_r13_keep_none_then_reveal() -> None:
    s = new(2, deck(PLAIN, PLAIN, pile=["5", "7", "9"]))
    setup(s)
    hand_over(s, 0, A.DRAW_THREE)
    play(s, "play draw-three", "keep none", "put 5", "put 7")
    assert [str(c) for c in s.discard[-3:]] == ["5", "7", "9"] and s.phase == "reveal"
    play(s, "reveal r3c3")
    assert s.up[0][10] and s.to_act == 1


def test_r14_ruling_42_revelation_only_the_looker_knows() -> None:
    s = new(2, deck(PLAIN, LOW))
    setup(s)
    hand_over(s, 0, A.REVELATION)
    play(s, "play revelation", "look 1 row2")
    row = s.view(0)["grids"][1][4:8]
    assert [c["card"] for c in row] == ["0", "1", "2", "-1"] and all(c["known"] and not c["up"] for c in row)
    assert all(c["card"] is None for c in s.view(1)["grids"][1][4:8])
    assert all(c["card"] is None for c in s.view(None)["grids"][1][4:8])


def test_r15_ruling_10_reactivation_replays_from_the_action_discard() -> None:
    s = new(2, deck(PLAIN, PLAIN, actions=["steal", "steal", "exchange", "meteors", "defense"]))
    setup(s)
    hand_over(s, 0, A.REACTIVATION)
    play(s, "play reactivation")
    assert legal(s) == ["reactivate defense"]
    play(s, "reactivate defense")
    assert s.to_act == 0 and s.action_discard[-2:] == [A.DEFENSE, A.REACTIVATION]


def test_r16_rulings_5_31_defense_active_and_passive() -> None:
    s = new(2, deck(PLAIN, PLAIN, pile=["5", "6"]))
    setup(s)
    hand_over(s, 0, A.DEFENSE)
    play(s, "play defense")
    assert s.to_act == 0 and s.action_discard[-1] is A.DEFENSE
    hand_over(s, 0, A.METEORS)
    hand_over(s, 1, A.DEFENSE, playable=False)
    play(s, "play meteors")
    assert s.fresh[1] == [] and cards(s, 1) == PLAIN and s.to_act == 1
    assert s.action_discard[-2:] == [A.DEFENSE, A.METEORS]


def test_r17_ruling_12_exchange_between_two_opponents() -> None:
    s = new(3, deck(PLAIN, PLAIN, LOW))
    setup(s)
    hand_over(s, 0, A.EXCHANGE)
    play(s, "play exchange", "pick 1 r3c4")
    assert not any(a.startswith("pick 1") for a in legal(s))
    play(s, "pick 2 r1c1", "faces up down")
    assert cards(s, 1)[11] == "-1" and s.up[1][11]
    assert cards(s, 2)[0] == "12" and not s.up[2][0] and s.knowers[2][0] == 0


def test_r18_ruling_8_steal_and_extra_turn() -> None:
    s = new(2, deck(PLAIN, PLAIN))
    setup(s)
    hand_over(s, 0, A.STEAL)
    hand_over(s, 1, A.REVELATION)
    play(s, "play steal")
    assert legal(s) == ["steal 1 revelation"]
    play(s, "steal 1 revelation")
    assert s.fresh[0] == [A.REVELATION] and s.held[1] == [] and s.to_act == 0
    assert "play revelation" not in legal(s)
    now = new(2, deck(PLAIN, PLAIN), stolen_playable_at_once=True)
    setup(now)
    hand_over(now, 0, A.STEAL)
    hand_over(now, 1, A.REVELATION)
    play(now, "play steal", "steal 1 revelation")
    assert "play revelation" in legal(now)


def test_r19_rulings_11_30_meteors_replace_from_the_pile() -> None:
    s = new(3, deck(PLAIN, PLAIN, LOW, discard="0", pile=["5", "6"]))
    setup(s)
    hand_over(s, 0, A.METEORS)
    play(s, "play meteors")
    assert all(a.startswith("pick 1 ") for a in legal(s))
    play(s, "pick 1 r3c4")
    assert cards(s, 1)[11] == "5" and s.up[1][11] and str(s.discard[0]) == "12"
    play(s, "pick 2 r1c1")
    assert cards(s, 2)[0] == "6" and str(s.discard[0]) == "-1" and cards(s, 0) == PLAIN and s.to_act == 1


def _trigger(s: veillee.GameState, seat: int = 0) -> None:  # type: ignore[type-arg]
    """Seat ``seat`` (to act, one hidden card at r3c4) draws, discards and reveals its last card."""
    play(s, "draw", "discard", "reveal r3c4")


def test_r20_ruling_20_no_action_card_played_once_the_end_is_triggered() -> None:
    s = new(2, deck(PLAIN, PLAIN, pile=["5"]))
    setup(s)
    reveal_all_but(s, 0, 11)
    _trigger(s)
    hand_over(s, 1, A.STEAL)
    assert s.triggerer == 0 and s.to_act == 1
    assert "play steal" not in legal(s) and "drop steal" not in legal(s) and "action 1" in legal(s)


def test_r21_r30_round_score_with_stars_and_action_cards() -> None:
    grid0 = ["star", "1", "2", "3", "star", "4", "5", "6", "star", "7", "8", "9"]
    s = new(2, deck(grid0, LOW, pile=["5"]))
    setup(s, ("r1c1", "r1c2"), ("r1c1", "r1c2"))
    reveal_all_but(s, 0, 11)
    hand_over(s, 0, A.STEAL, playable=False)
    _trigger(s)
    play(s, "take", "swap r2c4")
    # seat 0: 1..9 = 45, Stars 0, +10 for the Action card, -10 for the column of 3 Stars: 45;
    # seat 1: 6 - (-1) + 5 = 12. The triggerer is not the lowest: doubled.
    assert s.round_scores[0] == [90, 12]


def test_r22_ruling_19_revealed_star_grants_an_action_card() -> None:
    grid0 = ["1", "2", "3", "4", "star", "6", "7", "8", "9", "10", "11", "12"]
    s = new(2, deck(grid0, PLAIN, pile=["5"], actions=["defense", "steal", "exchange", "meteors", "revelation"]))
    setup(s)
    play(s, "draw", "discard", "reveal r2c1")
    assert s.phase == "star" and legal(s) == ["action 1", "action 2", "action 3", "action 4", "action pile", "pass"]
    play(s, "action 2")
    assert s.fresh[0] == [A.STEAL] and s.to_act == 1


def test_r23_r26_ruling_37_star_copy_discards_the_line_after_the_replaced_card() -> None:
    grid0 = ["5", "5", "star", "9", "1", "2", "3", "4", "6", "7", "8", "10"]
    s = new(2, deck(grid0, PLAIN, discard="5"))
    setup(s)
    s.up[0][2] = True
    play(s, "take", "swap r1c4")
    assert legal(s) == ["copy row1", "pass"]
    play(s, "copy row1")
    assert cards(s, 0)[:4] == [None] * 4
    assert [str(c) for c in s.discard[-5:]] == ["9", "5", "5", "star", "5"] and s.to_act == 1


def test_r24_ruling_17_star_lines_bonus() -> None:
    from veillee.games.skyjo.scoring import star_bonus

    S, N = GameCard.STAR, GameCard.N5
    assert star_bonus([S, S, S, S, N, N, N, N, N, N, N, N]) == -15
    assert star_bonus([S, N, N, N, S, N, N, N, S, N, N, N]) == -10
    # a row of 4 Stars and a column of 3 sharing a Star: only one line counts; the best is -15
    assert star_bonus([S, S, S, S, S, N, N, N, S, N, N, N]) == -15
    # two disjoint columns: -20
    assert star_bonus([S, S, N, N, S, S, N, N, S, S, N, N]) == -20
    assert star_bonus([S, S, S, N, N, N, N, N, N, N, N, N]) == 0
    assert star_bonus([None, S, S, S, N, N, N, N, N, N, N, N]) == -10


def test_r25_row_and_negative_column_discards() -> None:
    grid0 = ["7", "7", "7", "3", "-1", "2", "4", "5", "-1", "6", "8", "9"]
    s = new(2, deck(grid0, PLAIN, discard="7", pile=["-1"]))
    setup(s, ("r1c1", "r1c2"))
    s.up[0][2] = True
    play(s, "take", "swap r1c4")
    assert cards(s, 0)[:4] == [None] * 4
    play(s, "take", "swap r1c1")  # seat 1
    s.up[0][8] = True
    play(s, "draw", "swap r2c1")  # the -1 completes col1: (gone), -1, -1
    assert cards(s, 0)[4] == "-1" and cards(s, 0)[8] == "-1"  # two cards only: no discard
    assert s.to_act == 1


def test_r25_column_of_three() -> None:
    grid0 = ["4", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]
    s = new(2, deck(grid0, PLAIN, discard="4"))
    setup(s)
    s.up[0][4] = True
    play(s, "take", "swap r3c1")
    assert cards(s, 0)[0] is None and cards(s, 0)[4] is None and cards(s, 0)[8] is None
    assert [str(c) for c in s.discard[-4:]] == ["8", "4", "4", "4"]


def test_r27_ruling_14_lines_at_the_final_reveal() -> None:
    grid1 = ["6", "2", "3", "4", "6", "5", "7", "8", "6", "9", "10", "11"]
    s = new(2, deck(PLAIN, grid1, pile=["5", "1"]))
    setup(s, ("r3c2", "r3c3"))
    reveal_all_but(s, 0, 11)
    _trigger(s)
    play(s, "draw", "swap r1c2")  # seat 1's last turn; its hidden column of 6s is revealed at the end
    # seat 1: 1 + 3 + 4 + 5 + 7 + 8 + 9 + 10 + 11 = 58 without its column of 6s; seat 0: 78, doubled
    assert s.round_scores[0] == [156, 58]


def test_r28_r29_ruling_18_end_via_an_opponents_grid() -> None:
    s = new(3, deck(PLAIN, PLAIN, LOW, pile=["5", "6"]))
    setup(s)
    reveal_all_but(s, 1, 11)
    hand_over(s, 0, A.METEORS)
    play(s, "play meteors", "pick 1 r3c4", "pick 2 r1c1")
    assert s.triggerer == 0 and s.to_act == 1
    play(s, "take", "swap r1c1")
    assert s.to_act == 2
    assert not s.round_scores
    play(s, "take", "swap r1c1")
    assert len(s.round_scores) == 1


def test_r29_last_turns_once_each() -> None:
    s = new(3, deck(PLAIN, PLAIN, LOW, pile=["5"]))
    setup(s)
    reveal_all_but(s, 0, 11)
    _trigger(s)
    assert s.triggerer == 0 and s.to_act == 1
    play(s, "take", "swap r1c1")
    assert s.to_act == 2 and not s.round_scores
    play(s, "take", "swap r1c1")
    assert len(s.round_scores) == 1


def test_r31_r32_ruling_39_doubling_and_match_end() -> None:
    s = new(2, deck(PLAIN, LOW, pile=["12"]))
    setup(s)
    reveal_all_but(s, 0, 11)
    _trigger(s)
    play(s, "take", "swap r3c4")  # seat 1 swaps its 0 for the 12: 6 + 12 = 18
    assert s.round_scores[0] == [156, 18] and s.is_over
    assert s.result().winners == (1,) and s.result().ranks == (2, 1)


def test_r31_no_doubling_when_alone_lowest_or_not_positive() -> None:
    from veillee.games.skyjo.scoring import round_scores

    g = [GameCard.N1] * 12
    z = [GameCard.N0] * 12
    assert round_scores([g, g], [0, 0], 0) == ([24, 12], True)
    assert round_scores([z, g], [0, 0], 1) == ([0, 24], True)
    assert round_scores([z, z], [0, 0], 0) == ([0, 0], False)
    assert round_scores([g, z], [0, 2], 0) == ([12, 20], False)


def test_r33_classic_rules_columns_only_no_actions() -> None:
    grid0 = ["7", "7", "7", "3", "4", "2", "7", "5", "-1", "6", "4", "9"]
    s = new(2, deck(grid0, PLAIN, discard="7", pile=["7"]), rules="classic")
    setup(s)
    assert legal(s) == ["take", "draw"]
    s.up[0][2] = True
    play(s, "take", "swap r1c4")
    assert cards(s, 0)[:4] == ["7", "7", "7", "7"]  # a row is not a line in classic Skyjo
    play(s, "take", "swap r1c1")
    s.up[0][6] = True
    play(s, "draw", "swap r3c3")
    assert cards(s, 0)[2] is None and cards(s, 0)[6] is None and cards(s, 0)[10] is None
