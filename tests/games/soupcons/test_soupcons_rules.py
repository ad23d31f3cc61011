"""Scenario tests for Soupçons, one or more per rule (R…) and ruling of docs/rules/soupcons.md, on stacked deals."""

from __future__ import annotations

from collections import Counter

import pytest

import veillee
from games.soupcons.soupcons_helpers import SEED, give, hand, legal, play, random_state, stacked_game, table
from veillee.games.soupcons import Action, Camp, Card, Phase, SoupconsState
from veillee.games.soupcons.cards import parse_card, setup
from veillee.games.soupcons.events import Accept, Effect, End, Outcome, RoundEnd

# A 3-player deal used by several tests: seat 0 starts with 1 2 3, seat 1 has 4 5, seat 2 has 0 S.
DEAL3 = (("1", "2", "3"), ("4", "5"), ("0", "S"))


# -- R1 cards ------------------------------------------------------------------------------------------
def test_r1_cards_and_notation() -> None:
    assert [str(card) for card in Card] == [*"0123456789", "S"]
    assert parse_card("serpent") is Card.SERPENT and parse_card("s") is Card.SERPENT
    assert parse_card("m7") is Card.MASK_7 and parse_card(7) is Card.MASK_7
    with pytest.raises(veillee.InvalidOption):
        parse_card("10")
    assert str(Action.offer(Card.MASK_5, Card.SERPENT)) == "offer 5 as S"


# -- R2 material per player count -----------------------------------------------------------------------
@pytest.mark.parametrize(("players", "top", "serpents"), [(3, 5, 1), (4, 6, 2), (5, 8, 2), (6, 9, 3)])
def test_r2_cards_per_player_count(players: int, top: int, serpents: int) -> None:
    state = veillee.new_game("soupcons", players, SEED)
    assert isinstance(state, SoupconsState)
    dealt = Counter(card for h in state.hands for card in h)
    assert dealt == Counter({**{Card(v): 1 for v in range(top + 1)}, Card.SERPENT: serpents})
    assert sum(dealt.values()) == 2 * players + 1
    assert list(state.view(None)["table"]) == [str(v) for v in range(1, top + 1)]
    assert len(state.zones()["doors/open"]) == players
    assert setup(players).kinds == (*(Card(v) for v in range(top + 1)), Card.SERPENT)


# -- R3 table ------------------------------------------------------------------------------------------
def test_r3_table_starts_night_side_up_in_ascending_order() -> None:
    state = veillee.new_game("soupcons", 6, SEED)
    view = state.view(None)
    assert list(view["table"].items()) == [(str(v), "night") for v in range(1, 10)]
    assert view["night_cards"] == view["table_cards"] == 9


# -- R4 deal -------------------------------------------------------------------------------------------
def test_r4_deal_one_at_a_time_from_the_dealers_left() -> None:
    deck = ["1", "4", "0", "2", "5", "S", "3"]  # dealt to seats 0, 1, 2, 0, 1, 2, 0
    state = veillee.new_game("soupcons", 3, SEED, deck=deck, first_player=0)
    assert isinstance(state, SoupconsState)
    assert [hand(state, s) for s in range(3)] == [["1", "2", "3"], ["4", "5"], ["0", "S"]]
    assert state.view(None)["dealer"] == 2
    shifted = veillee.new_game("soupcons", 3, SEED, deck=deck, first_player=1)
    assert isinstance(shifted, SoupconsState)
    assert [hand(shifted, s) for s in range(3)] == [["0", "S"], ["1", "2", "3"], ["4", "5"]]


def test_r4_the_player_left_of_the_dealer_gets_three_cards() -> None:
    for seed in range(20):
        state = veillee.new_game("soupcons", 5, seed)
        assert isinstance(state, SoupconsState)
        sizes = [len(h) for h in state.hands]
        assert sorted(sizes) == [2, 2, 2, 2, 3]
        assert sizes.index(3) == state.starter == (state.view(None)["dealer"] + 1) % 5 == state.to_act


# -- R5 choosing ---------------------------------------------------------------------------------------
def test_r5_the_holder_of_three_chooses_a_player_whose_porte_is_open() -> None:
    state = stacked_game(DEAL3)
    assert state.to_act == 0 and state.phase is Phase.CHOOSE
    assert legal(state) == {"choose 1", "choose 2"}
    play(state, "choose 1")
    assert state.view(None)["doors"] == ["open", "closed", "open"]
    assert state.phase is Phase.OFFER and state.to_act == 0


# -- R6 offering ---------------------------------------------------------------------------------------
def test_r6_offer_claims_any_kind_and_the_receiver_decides() -> None:
    state = stacked_game(DEAL3)
    play(state, "choose 1")
    offers = legal(state)
    assert offers == {f"offer {c} as {k}" for c in "123" for k in [*"012345", "S"]}
    play(state, "offer 2 as S")
    assert state.to_act == 1 and legal(state) == {"accept", "refuse"}
    assert state.view(None)["offer"] == {"giver": 0, "receiver": 1, "refused": 0, "pending": True, "claim": "S"}


def test_r6_a_refused_card_stays_out_and_another_goes_to_the_same_player() -> None:
    state = stacked_game(DEAL3)
    play(state, "choose 1", "offer 2 as 2", "refuse")
    assert state.to_act == 0 and state.phase is Phase.OFFER
    assert [str(c) for c in state.refused] == ["2"]
    assert legal(state) == {f"offer {c} as {k}" for c in "13" for k in [*"012345", "S"]}
    with pytest.raises(veillee.IllegalAction, match="cannot be offered again"):
        play(state, "offer 2 as 2")
    play(state, "offer 3 as 1", "accept")
    assert hand(state, 0) == ["1", "2"] and hand(state, 1) == ["3", "4", "5"]


def test_r6_the_third_card_is_accepted_after_two_refusals() -> None:
    state = stacked_game(DEAL3)
    play(state, "choose 2", "offer 1 as 1", "refuse", "offer 2 as 2", "refuse")
    assert legal(state) == {f"offer 3 as {k}" for k in [*"012345", "S"]}
    play(state, "offer 3 as S")
    assert hand(state, 2) == ["0", "3", "S"] and hand(state, 0) == ["1", "2"]
    assert table(state)["3"] == "day"
    assert state.phase is Phase.CHOOSE and state.to_act == 2
    assert state.events(None)[-2] == {"type": "accept", "seat": 2, "from": 0, "forced": True}


# -- R7 effects ----------------------------------------------------------------------------------------
def test_r7_1_a_value_on_its_night_side_turns_to_day() -> None:
    state = stacked_game(DEAL3)
    give(state, 1, "2", "S")
    assert table(state)["2"] == "day" and state.night == 4 and state.on_table == 5
    assert state.events(None)[-1] == {"type": "effect", "effect": "day", "value": 2}
    assert hand(state, 1) == ["2", "4", "5"]


def test_r7_2_a_value_on_its_day_side_is_removed() -> None:
    state = stacked_game(DEAL3)
    give(state, 1, "2")
    give(state, 0, "2")
    assert table(state)["2"] == "removed" and state.on_table == 4 and state.night == 4
    assert state.events(None)[-1] == {"type": "effect", "effect": "removed", "value": 2}


@pytest.mark.parametrize("card", ["0", "S", "1"])
def test_r7_3_nothing_happens_for_0_serpent_or_removed_value(card: str) -> None:
    state = stacked_game((("1", "2", "3"), ("0", "S"), ("4", "5")))
    give(state, 1, "2")  # 2 turns to Day
    give(state, 0, "2")  # 2 is removed
    give(state, 2, "1")  # 1 turns to Day; round 2 starts with seat 2 (1 4 5)
    give(state, 1, "1")  # 1 is removed; seat 1 holds 0 1 S
    before = table(state)
    assert before == {"1": "removed", "2": "removed", "3": "night", "4": "night", "5": "night"}
    give(state, 0, card, "3")
    assert table(state) == before
    assert state.events(None)[-1] == {"type": "effect", "effect": "nothing", "value": None}
    assert card in hand(state, 0)


# -- R8 secrecy ----------------------------------------------------------------------------------------
def test_r8_nobody_else_learns_the_accepted_card() -> None:
    state = stacked_game(DEAL3)
    play(state, "choose 1", "offer 3 as 5", "refuse", "offer 1 as 1", "accept")
    accept = state.events(2)[-2]
    assert accept == {"type": "accept", "seat": 1, "from": 0, "forced": False}
    assert state.events(1)[-2]["card"] == "1" and state.events(0)[-2]["card"] == "1"
    assert "card" not in state.events(1)[-5]  # the receiver never sees the refused offer
    assert state.events(0)[-5]["card"] == "3"
    view = state.view(2)
    assert view["hand"] == ["0", "S"] and "card" not in view["exchanges"][0]
    assert view["exchanges"][0]["claims"] == ["5", "1"]


# -- R9 round end --------------------------------------------------------------------------------------
def test_r9_round_ends_when_every_porte_is_down_and_the_holder_of_three_starts() -> None:
    state = stacked_game(DEAL3)
    give(state, 2, "1")  # 0 -> 2
    give(state, 0, "0")  # 2 -> 0 (the first player's Porte was still open)
    assert state.round == 1 and state.view(None)["doors"] == ["closed", "open", "closed"]
    give(state, 1, "0")  # 0 -> 1: every Porte is down
    assert state.round == 2 and state.active == 1 == state.to_act
    assert state.view(None)["doors"] == ["open"] * 3
    assert [len(h) for h in state.hands] == [2, 3, 2]
    assert table(state)["1"] == "day"  # the table is not reset (ruling 11)
    assert {"type": "round_end", "round": 1, "next": 1} in state.events(None)


# -- R10 / R11 end of the game ---------------------------------------------------------------------------
def test_r10_no_serpent_camp_wins_when_the_last_night_card_turns() -> None:
    state = stacked_game(DEAL3)
    give(state, 1, "1")  # 1 Day
    give(state, 2, "4")  # 4 Day
    give(state, 0, "0")  # nothing; round 2, seat 0 holds 0 2 3
    give(state, 1, "2")  # 2 Day
    give(state, 2, "5")  # 5 Day
    give(state, 0, "S")  # nothing; round 3, seat 0 holds 0 3 S
    assert not state.is_over and state.night == 1
    give(state, 1, "3")  # 3 Day: no Night card left
    assert state.is_over and state.camp is Camp.NO_SERPENT and state.to_act is None
    assert state.result().winners == (1, 2)  # seat 0 holds the Serpent
    assert state.stats()["no-serpent camp won"] == 1.0 and state.stats()["serpent camp won"] == 0.0


def serpent_win_prefix() -> SoupconsState:
    """Masques 1–3 removed, 4 on its Day side with seat 2, 5 still Night; seat 2 holds S 3 4 and offers."""
    state = stacked_game(DEAL3)
    give(state, 1, "1")  # flip 1
    give(state, 0, "1")  # remove 1
    give(state, 2, "2")  # flip 2; round 2 starts with seat 2
    give(state, 0, "2")  # remove 2
    give(state, 1, "3")  # flip 3
    give(state, 2, "3")  # remove 3; round 3 starts with seat 2 (0 S 3)
    give(state, 1, "0")  # nothing
    give(state, 2, "4")  # flip 4; seat 2 holds S 3 4
    return state


def test_r11_serpent_camp_wins_when_one_night_card_is_left() -> None:
    state = serpent_win_prefix()
    assert state.on_table == 2 and state.night == 1 and not state.is_over
    play(state, "choose 0", "offer S as 4", "refuse", "offer 4 as 4", "accept")
    assert state.is_over and state.camp is Camp.SERPENTS
    assert table(state) == {"1": "removed", "2": "removed", "3": "removed", "4": "removed", "5": "night"}
    # ruling 10: the refused Serpent went back to seat 2 before the winners were read
    assert state.result().winners == (2,) and state.result().scores == (0, 0, 1)
    assert state.events(None)[-1] == {"type": "end", "camp": "serpents", "winners": [2]}


# -- rulings -------------------------------------------------------------------------------------------
def test_ruling_1_the_0_and_the_serpent_never_touch_the_table() -> None:
    state = stacked_game((("0", "S", "1"), ("2", "3"), ("4", "5")))
    give(state, 1, "0")
    give(state, 2, "0")
    assert table(state) == {str(v): "night" for v in range(1, 6)}


def test_ruling_2_the_receiver_acts_next() -> None:
    state = stacked_game(DEAL3)
    give(state, 2, "3")
    assert state.to_act == 2 and state.active == 2 and legal(state) == {"choose 0", "choose 1"}


def test_ruling_3_no_self_no_closed_porte_and_the_first_players_porte_stays_open() -> None:
    state = stacked_game(DEAL3)
    with pytest.raises(veillee.IllegalAction, match="cannot choose yourself"):
        play(state, "choose 0")
    give(state, 1, "1")
    assert legal(state) == {"choose 0", "choose 2"}
    give(state, 2, "4")
    assert legal(state) == {"choose 0"}  # seat 0 started, and its Porte is still open
    with pytest.raises(veillee.IllegalAction, match="already on the table"):
        play(state, "choose 1")


def test_ruling_4_a_round_is_exactly_n_accepted_cards() -> None:
    for players in range(3, 7):
        state = random_state(players, 0, players)
        while state.round == 1 and not state.is_over:
            state.apply(state.legal_actions()[-1 if state.phase is Phase.RESPOND else 0])
        if not state.is_over:
            assert state.exchanges == players


def test_ruling_5_only_the_first_two_cards_can_be_refused() -> None:
    state = stacked_game(DEAL3)
    play(state, "choose 1", "offer 1 as 1", "refuse", "offer 2 as 2")
    assert legal(state) == {"accept", "refuse"}
    play(state, "refuse", "offer 3 as 3")
    assert state.phase is Phase.CHOOSE and state.refused == [] and state.offered is None
    assert hand(state, 0) == ["1", "2"] and state.stats()["forced third cards"] == 1.0


def test_ruling_6_claims_are_the_kinds_in_play() -> None:
    state = stacked_game(DEAL3)
    play(state, "choose 1")
    with pytest.raises(veillee.IllegalAction, match="not a claim"):
        state.apply(Action.offer(Card.MASK_1, Card.MASK_9))
    with pytest.raises(veillee.InvalidAction):
        state.parse_action("offer 1 as 9")  # not even an action of the 3-player game
    big = veillee.new_game("soupcons", 6, SEED)
    assert big.parse_action("offer S as 9") == Action.offer(Card.SERPENT, Card.MASK_9)


def test_ruling_8_and_9_one_camp_wins_right_after_the_deciding_card() -> None:
    for seed in range(60):
        state = random_state(seed, 10_000, 3 + seed % 4)
        assert state.is_over
        events = state.raw_events()
        assert [type(event) for event in events[-3:]] == [Accept, Effect, End]
        effect = events[-2]
        assert isinstance(effect, Effect)
        assert (effect.effect, state.camp) in {(Outcome.DAY, Camp.NO_SERPENT), (Outcome.REMOVED, Camp.SERPENTS)}


def test_ruling_10_camps_are_read_with_the_accepted_card_in_hand() -> None:
    # Seat 1 receives the last Night value from seat 0 while seat 2 holds the Serpent: seat 1 wins.
    state = stacked_game(DEAL3)
    give(state, 1, "1")
    give(state, 2, "4")
    give(state, 0, "S")  # seat 0 now holds the Serpent
    give(state, 1, "2")
    give(state, 2, "5")
    give(state, 0, "0")
    assert hand(state, 0) == ["0", "3", "S"]
    give(state, 1, "3")
    assert state.result().winners == (1, 2)


ZERO_FIRST = (("0", "2", "3"), ("4", "5"), ("1", "S"))
"""Seat 0 holds the 0, which can go round the table without touching it."""


def test_ruling_11_nothing_is_dealt_again_between_rounds() -> None:
    state = stacked_game(ZERO_FIRST)
    give(state, 1, "0")
    give(state, 2, "0")
    give(state, 0, "0")
    assert state.round == 2 and hand(state, 0) == ["0", "2", "3"] and hand(state, 1) == ["4", "5"]
    assert hand(state, 2) == ["1", "S"] and state.to_act == 0


def test_ruling_12_the_dealer_is_drawn_from_the_seed() -> None:
    starters = {veillee.new_game("soupcons", 4, seed).view(None)["first_player"] for seed in range(40)}
    assert starters == {0, 1, 2, 3}


def test_ruling_13_round_cap_ends_in_a_draw() -> None:
    state = stacked_game(ZERO_FIRST, round_cap=1)
    give(state, 1, "0")
    give(state, 2, "0")
    assert not state.is_over
    give(state, 0, "0")
    assert state.is_over and state.camp is Camp.DRAW
    assert state.result().winners == (0, 1, 2) and state.result().scores == (0, 0, 0)
    assert state.stats()["draw"] == 1.0
    with pytest.raises(veillee.InvalidOption, match="round_cap"):
        veillee.new_game("soupcons", 3, SEED, round_cap=0)


def test_ruling_14_three_to_six_players() -> None:
    for players in (2, 7):
        with pytest.raises(veillee.InvalidOption):
            veillee.new_game("soupcons", players, SEED)


def test_ruling_15_choose_offer_answer_are_separate_decisions() -> None:
    state = stacked_game(DEAL3)
    with pytest.raises(veillee.IllegalAction, match="choose"):
        play(state, "offer 1 as 1")
    play(state, "choose 2")
    with pytest.raises(veillee.IllegalAction, match="offer a card"):
        play(state, "accept")
    play(state, "offer 1 as 1")
    with pytest.raises(veillee.IllegalAction, match="accept or refuse"):
        play(state, "offer 2 as 2")


def test_ruling_16_the_forced_third_card_keeps_its_public_claim() -> None:
    state = stacked_game(DEAL3)
    play(state, "choose 1", "offer 1 as 1", "refuse", "offer 2 as 2", "refuse", "offer 3 as S")
    assert state.view(2)["exchanges"][0] | {} == {
        "round": 1,
        "giver": 0,
        "receiver": 1,
        "claims": ["1", "2", "S"],
        "done": True,
        "forced": True,
        "effect": "day",
        "value": 3,
    }


def test_ruling_17_first_player_option() -> None:
    state = veillee.new_game("soupcons", 4, SEED, first_player=3)
    assert state.to_act == 3 and state.view(None)["dealer"] == 2
    with pytest.raises(veillee.InvalidOption, match="first_player"):
        veillee.new_game("soupcons", 4, SEED, first_player=4)


def test_ruling_18_stacked_deck_deals_from_the_first_player() -> None:
    state = stacked_game((("4", "5"), ("S", "0"), ("1", "2", "3")), first=2)
    assert hand(state, 2) == ["1", "2", "3"] and state.to_act == 2


def test_ruling_20_results_score_one_per_winner() -> None:
    state = serpent_win_prefix()
    play(state, "choose 0", "offer 4 as 4", "accept")
    assert state.result().ranks == (2, 2, 1)


def test_ruling_21_a_win_on_the_last_card_of_the_capped_round_counts() -> None:
    state = stacked_game(DEAL3, round_cap=3)
    for target, card in ((1, "1"), (2, "4"), (0, "0"), (1, "2"), (2, "5"), (0, "S"), (1, "3")):
        give(state, target, card)
    assert state.camp is Camp.NO_SERPENT  # won in round 3 before any cap could apply


def test_ruling_22_a_win_on_the_last_card_of_a_round_ends_without_a_new_round() -> None:
    state = serpent_win_prefix()
    assert state.given_in_round == 2
    play(state, "choose 0", "offer 4 as 4", "accept")
    assert state.is_over and not any(isinstance(e, RoundEnd) and e.round == 3 for e in state.raw_events())


def test_stats_report_the_winning_camp() -> None:
    state = random_state(5, 10_000, 4)
    stats = state.stats()
    assert stats["serpent camp won"] + stats["no-serpent camp won"] + stats["draw"] == 1.0
    assert stats["decisions"] == len(state.history) and stats["rounds"] == state.round
