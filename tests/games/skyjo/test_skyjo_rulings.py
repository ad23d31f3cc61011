"""Scenario tests for the rulings of docs/rules/skyjo.md not already covered in test_skyjo_rules.py."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from games.skyjo.skyjo_helpers import PLAIN, cards, deck, hand_over, legal, new, play, reveal_all_but, setup
from veillee.games.skyjo import ActionCard, GameCard

A = ActionCard
LOW = ["-1", "0", "1", "2", "0", "1", "2", "-1", "1", "2", "-1", "0"]
ACTIONS = ["defense", "steal", "exchange", "meteors", "revelation"]


def test_ruling_1_configurable_composition() -> None:
    s = new(2, stars=20, action_copies=2)
    assert Counter(s.game_deck)[GameCard.STAR] == 20 and len(s.game_deck) == 125
    assert len(s.action_deck) == 18


def test_ruling_2_game_pile_rebuilt_from_the_discard() -> None:
    s = new(2, deck(PLAIN, PLAIN, discard="0"))
    setup(s)
    s.discard = [*s.pile[:-1], *s.discard]
    s.pile = s.pile[-1:]
    play(s, "draw")
    assert len(s.discard) == 1 and str(s.discard[0]) == "0" and len(s.pile) == 120 - 24 - 2 and s.pile_public


def test_ruling_3_action_pile_rebuilt_and_ruling_40_market_refilled() -> None:
    s = new(2, deck(PLAIN, PLAIN, actions=ACTIONS))
    setup(s)
    s.action_discard = [*s.action_pile, *s.action_discard]
    s.action_pile = []
    play(s, "action 1")
    assert s.market[0] is not None and len(s.action_discard) == 1 and s.action_discard[0] is A.REVELATION
    empty = new(2, deck(PLAIN, PLAIN, actions=ACTIONS))
    setup(empty)
    rest = [*empty.action_pile, *empty.action_discard]
    empty.action_pile, empty.action_discard = [], []
    empty.held[1].extend(rest)
    play(empty, "action 1")
    assert empty.market[0] is None and "action pile" not in legal(empty)
    first, second = empty.held[1][0], empty.held[1][1]
    play(empty, f"drop {first}")
    assert empty.market[0] is None and empty.action_discard == [first]
    play(empty, "take", "swap r1c1", f"drop {second}")
    assert empty.market[0] is first and empty.action_discard == [second]


def test_ruling_6_exchange_blocked_by_defense_unless_the_option_is_off() -> None:
    for blocks in (True, False):
        s = new(2, deck(PLAIN, LOW), defense_blocks_exchange=blocks)
        setup(s)
        hand_over(s, 0, A.EXCHANGE)
        hand_over(s, 1, A.DEFENSE)
        play(s, "play exchange", "pick 0 r1c1", "pick 1 r1c1")
        if blocks:
            assert s.held[1] == [] and cards(s, 0) == PLAIN and s.to_act == 1
        else:
            play(s, "faces up up")
            assert s.held[1] == [A.DEFENSE] and cards(s, 0)[0] == "-1"
    look = new(2, deck(PLAIN, LOW))
    setup(look)
    hand_over(look, 0, A.REVELATION)
    hand_over(look, 1, A.DEFENSE)
    play(look, "play revelation", "look 1 row3")
    assert look.held[1] == [A.DEFENSE]


def test_ruling_7_steal_blocked_with_or_without_the_extra_turn() -> None:
    for extra in (True, False):
        s = new(2, deck(PLAIN, PLAIN), steal_blocked_extra_turn=extra)
        setup(s)
        hand_over(s, 0, A.STEAL)
        hand_over(s, 1, A.DEFENSE)
        hand_over(s, 1, A.METEORS)
        play(s, "play steal", "steal 1 meteors")
        assert s.held[1] == [A.METEORS] and s.fresh[0] == []
        assert s.to_act == (0 if extra else 1)


def test_ruling_13_a_visible_card_turned_face_down_is_known_to_all() -> None:
    s = new(2, deck(PLAIN, PLAIN))
    setup(s)
    hand_over(s, 0, A.OWN_SWAP)
    play(s, "play own-swap", "own r1c1 r1c2", "faces down down")
    assert not s.up[0][0] and not s.up[0][1]
    assert s.view(None)["grids"][0][0] == {"card": "2", "up": False, "known": True}
    assert s.view(1)["grids"][0][1] == {"card": "1", "up": False, "known": True}


def test_ruling_15_row_and_column_discarded_together() -> None:
    grid0 = ["5", "5", "5", "1", "5", "2", "3", "4", "5", "6", "7", "8"]
    s = new(2, deck(grid0, PLAIN, discard="5"))
    setup(s)
    s.up[0][4] = s.up[0][8] = s.up[0][2] = True
    play(s, "take", "swap r1c4")
    assert cards(s, 0)[:5] == [None] * 5 and cards(s, 0)[8] is None
    assert [str(c) for c in s.discard[-7:]] == ["1", "5", "5", "5", "5", "5", "5"]


def test_ruling_16_star_lines_never_discarded_and_hidden_stars_do_not_copy() -> None:
    grid0 = ["star", "star", "star", "star", "1", "2", "3", "4", "6", "7", "8", "9"]
    s = new(2, deck(grid0, PLAIN, discard="9"))
    setup(s, ("r3c3", "r3c4"))
    s.up[0][0] = s.up[0][1] = s.up[0][2] = True
    play(s, "take", "swap r1c4")  # star star star 9: a copy is possible
    assert legal(s) == ["copy row1", "pass"]
    play(s, "pass")
    grid1 = ["5", "5", "star", "9", *PLAIN[4:]]
    h = new(2, deck(grid1, PLAIN, discard="5"))
    setup(h)
    play(h, "take", "swap r1c4")  # the Star at r1c3 is hidden: no copy, no discard
    assert h.to_act == 1 and cards(h, 0)[:4] == ["5", "5", "star", "5"]


def test_ruling_21_next_round_starts_with_the_triggerer_or_the_highest() -> None:
    for rule, expected in (("triggerer", 0), ("highest", 1)):
        s = new(2, deck(PLAIN, LOW, pile=["5"]), first_player=rule, target=1000)
        setup(s)
        reveal_all_but(s, 0, 11)
        play(s, "draw", "discard", "reveal r3c4", "take", "swap r1c1")
        assert s.round == 2 and s.phase == "setup"
        play(s, "reveal r1c1", "reveal r1c2", "reveal r1c3", "reveal r1c4")
        sums = [
            sum(int(str(s.grid[p][k])) if s.grid[p][k] is not GameCard.STAR else 0 for k in range(2)) for p in range(2)
        ]
        sums[1] += sum(int(str(s.grid[1][k])) if s.grid[1][k] is not GameCard.STAR else 0 for k in (2, 3))
        sums[1] -= sum(int(str(s.grid[1][k])) if s.grid[1][k] is not GameCard.STAR else 0 for k in range(2))
        if rule == "highest":
            expected = 0 if sums[0] >= sums[1] else 1
        assert s.starter == expected


def test_ruling_22_ties_share_the_win() -> None:
    s = new(2, deck(PLAIN, LOW, pile=["12"]))
    setup(s)
    s.totals = [0, 138]
    reveal_all_but(s, 0, 11)
    play(s, "draw", "discard", "reveal r3c4", "take", "swap r3c4")
    assert s.totals == [156, 156] and s.result().winners == (0, 1)


def test_ruling_23_no_discard_without_a_hidden_card() -> None:
    s = new(3, deck(PLAIN, PLAIN, LOW, pile=["5", "6", "7"]))
    setup(s)
    reveal_all_but(s, 1, 11)
    hand_over(s, 0, A.METEORS)
    play(s, "play meteors", "pick 1 r3c4", "pick 2 r1c1", "draw")
    assert s.to_act == 1 and "discard" not in legal(s)


def test_ruling_25_tie_for_the_highest_sum() -> None:
    s = new(3, deck(PLAIN, PLAIN, PLAIN))
    setup(s, ("r1c1", "r1c2"), ("r3c3", "r3c4"), ("r3c4", "r3c3"))
    assert s.starter == 1


def test_ruling_26_playing_needs_a_possible_effect() -> None:
    s = new(2, deck(PLAIN, PLAIN, actions=["defense", "exchange", "exchange", "meteors", "steal"]))
    setup(s)
    hand_over(s, 0, A.STEAL)
    hand_over(s, 0, A.REACTIVATION)
    assert "play steal" not in legal(s) and "drop steal" in legal(s)
    play(s, "play reactivation")
    assert legal(s) == ["reactivate none"]
    play(s, "reactivate none")
    assert s.to_act == 1 and s.action_discard[-1] is A.REACTIVATION


def test_ruling_31_steal_takes_a_playable_copy() -> None:
    s = new(2, deck(PLAIN, PLAIN))
    setup(s)
    hand_over(s, 0, A.STEAL)
    hand_over(s, 1, A.REVELATION)
    hand_over(s, 1, A.REVELATION, playable=False)
    play(s, "play steal", "steal 1 revelation")
    assert s.held[1] == [] and s.fresh[1] == [A.REVELATION]


def test_ruling_32_exchange_between_two_defended_opponents() -> None:
    s = new(3, deck(PLAIN, PLAIN, LOW))
    setup(s)
    hand_over(s, 0, A.EXCHANGE)
    hand_over(s, 1, A.DEFENSE)
    hand_over(s, 2, A.DEFENSE, playable=False)
    play(s, "play exchange", "pick 1 r1c1", "pick 2 r1c1")
    assert s.held[1] == [] and s.fresh[2] == [] and cards(s, 2) == LOW and s.to_act == 1


def test_ruling_33_knowledge_follows_a_hidden_card() -> None:
    s = new(2, deck(PLAIN, PLAIN))
    setup(s)
    hand_over(s, 0, A.REVELATION)
    hand_over(s, 0, A.OWN_SWAP)
    play(s, "play revelation", "look 0 row3", "take", "swap r1c1")
    play(s, "play own-swap", "own r2c1 r3c4", "faces down down")
    assert s.view(0)["grids"][0][4] == {"card": "12", "up": False, "known": True}
    assert s.view(0)["grids"][0][11] == {"card": None, "up": False, "known": False}
    assert s.view(1)["grids"][0][4]["card"] is None


def test_ruling_34_stars_moved_or_arriving() -> None:
    grid1 = ["star", *PLAIN[1:]]
    s = new(2, deck(PLAIN, grid1, actions=ACTIONS))
    setup(s)
    hand_over(s, 0, A.EXCHANGE)
    play(s, "play exchange", "pick 1 r1c1", "pick 0 r3c4", "faces up up")
    assert s.phase == "star" and s.to_act == 0
    play(s, "pass")
    assert s.to_act == 1
    t = new(2, deck(["star", *PLAIN[1:]], PLAIN))
    setup(t, ("r1c1", "r3c4"))
    hand_over(t, 0, A.OWN_SWAP)
    play(t, "play own-swap", "own r1c1 r1c2", "faces up up")
    assert t.to_act == 1 and t.star_rights == 0


def test_ruling_35_copy_choices_and_pass_offered_again() -> None:
    grid0 = ["5", "5", "star", "9", "1", "2", "7", "4", "6", "8", "7", "10"]
    s = new(2, deck(grid0, PLAIN, discard="5", pile=["3"]))
    setup(s)
    s.up[0][2] = s.up[0][10] = True
    play(s, "take", "swap r1c4")
    assert legal(s) == ["copy row1", "pass"]
    play(s, "pass")
    assert cards(s, 0)[:4] == ["5", "5", "star", "5"]
    play(s, "take", "swap r1c1")  # seat 1
    s.up[0][6] = True
    play(s, "draw", "discard", "reveal r2c1")
    assert legal(s) == ["copy row1", "copy col3", "pass"]
    play(s, "copy col3")  # the Star is a 7 for col3; then row1 keeps three 5s: a row of 3 (ruling 15)
    assert cards(s, 0)[:4] == [None] * 4 and cards(s, 0)[6] is None and cards(s, 0)[10] is None
    assert [str(c) for c in s.discard[-6:]] == ["star", "7", "7", "5", "5", "5"]


def test_ruling_36_trigger_ends_the_extra_turns() -> None:
    s = new(2, deck(PLAIN, PLAIN, pile=["5"]))
    setup(s)
    reveal_all_but(s, 0, 11)
    hand_over(s, 0, A.DOUBLE_TURN)
    play(s, "play double-turn", "draw", "discard", "reveal r3c4")
    assert s.triggerer == 0 and s.to_act == 1 and s.extra_turns == 0


def test_ruling_38_star_rights_one_per_star_and_pass_gives_up() -> None:
    grid0 = ["star", "star", *PLAIN[2:]]
    s = new(2, deck(grid0, PLAIN, actions=ACTIONS))
    setup(s, ("r2c1", "r2c2"))
    hand_over(s, 0, A.OWN_SWAP)
    play(s, "play own-swap", "own r1c1 r1c2", "faces up up")
    assert s.star_rights == 2 and s.phase == "star"
    play(s, "action 1")
    assert s.phase == "star" and s.star_rights == 1
    play(s, "pass")
    assert s.to_act == 1 and s.fresh[0] == [A.DEFENSE]


def test_every_rule_and_ruling_has_a_test() -> None:
    doc = (Path(__file__).parents[3] / "docs" / "rules" / "skyjo.md").read_text(encoding="utf-8")
    rules = {int(n) for n in re.findall(r"^\*\*R(\d+) ", doc, re.M)}
    rulings = {int(n) for n in re.findall(r"^(\d+)\. \*\*", doc, re.M)}
    names = " ".join(
        line
        for path in Path(__file__).parent.glob("test_skyjo_*.py")
        for line in path.read_text().splitlines()
        if line.startswith("def test_")
    )
    cited_rules = {int(n) for n in re.findall(r"_r(\d+)", names)}
    cited_rulings = {int(n) for block in re.findall(r"rulings?_((?:\d+_)+)", names) for n in block.split("_") if n}
    assert rules - cited_rules == set()
    assert rulings - cited_rulings == set()
