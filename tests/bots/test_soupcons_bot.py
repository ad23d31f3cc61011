"""Soupçons bot scenarios on stacked deals: camp-aware offers, answers, Serpent tracking and the search hooks."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

import veillee
from games.soupcons.soupcons_helpers import give, play, stacked_game
from veillee.bots import Decision, PlainISMCTSBot, baseline, decision_for, ismcts, make_bot, play_match
from veillee.bots.heuristics import opponent_mix_for, rollout_for
from veillee.bots.heuristics import soupcons as heuristic
from veillee.games.soupcons import SoupconsState
from veillee.games.soupcons.actions import Action
from veillee.games.soupcons.cards import DAY, GONE, NIGHT, Card

NORMAL = make_bot("normal", "soupcons")


def _move(state: SoupconsState, seed: int = 1) -> Action:
    """The ``normal`` policy's move, from the seat's view only (tables edited by hand have no history a
    world could be sampled from, so no ``Decision`` is built here; ``test_normal_plays_whole_games``
    drives the bot through the driver)."""
    seat = state.to_act
    assert seat is not None
    legal = tuple(state.legal_actions())
    if len(legal) == 1:
        return legal[0]
    return heuristic.choose(state.seat_view(seat), legal, random.Random(seed))


def _set_table(state: SoupconsState, sides: list[int]) -> None:
    """Sides of the Nuit/Jour cards 1…top (index 0, the Masque 0, has no table card)."""
    state.table = [GONE, *sides]
    state.night = sides.count(NIGHT)
    state.on_table = sum(1 for side in sides if side != GONE)
    state._legal_cache = None


def test_innocent_gives_the_card_that_turns_the_last_night() -> None:
    state = stacked_game((("5", "2", "3"), ("4", "1"), ("0", "S")))
    _set_table(state, [DAY, DAY, DAY, DAY, NIGHT])
    play(state, "choose 1")
    action = _move(state)
    assert action.card is Card.MASK_5
    # ``hard`` offers it first too, without a search (``candidates``: nothing but the ``normal`` move).
    assert heuristic.candidates(state.seat_view(0), tuple(state.legal_actions())) == []
    state.apply(action)
    state.apply(state.parse_action("accept"))
    assert state.is_over and 0 in state.result().winners


def test_serpent_keeps_the_last_night_and_removes_for_the_win() -> None:
    # Table: 3 shows Day, 5 Night, the rest removed. Giving the 5 would hand the innocents the win; the 3
    # removes a card and leaves the single Night card the Serpents need.
    state = stacked_game((("5", "S", "3"), ("4", "1"), ("0", "2")))
    _set_table(state, [GONE, GONE, DAY, GONE, NIGHT])
    play(state, "choose 1")
    action = _move(state)
    assert action.card is Card.MASK_3


def test_serpent_never_turns_the_last_night() -> None:
    state = stacked_game((("5", "S", "2"), ("4", "1"), ("0", "3")))
    _set_table(state, [DAY, DAY, DAY, DAY, NIGHT])
    play(state, "choose 1")
    for seed in range(5):
        assert _move(state, seed).card is not Card.MASK_5


def test_a_refused_serpent_still_counts_when_the_next_card_would_end_the_game() -> None:
    # The 5 would turn the last Night card: the innocents win at once, and the refused Serpent is back in
    # seat 0's hand by then, so seat 0 would lose. It gives the 2 instead.
    state = stacked_game((("S", "5", "2"), ("4", "1"), ("0", "3")))
    _set_table(state, [DAY, DAY, DAY, DAY, NIGHT])
    play(state, "choose 1", "offer S as 5", "refuse")
    for seed in range(5):
        assert _move(state, seed).card is Card.MASK_2


def test_innocent_refuses_a_claimed_serpent_and_accepts_the_winning_card_of_an_innocent() -> None:
    state = stacked_game((("5", "2", "S"), ("4", "1"), ("0", "3")))
    play(state, "choose 1", "offer S as S")
    assert _move(state) == Action.refuse()
    # Seat 1 holds the 0, so seat 0's silent card was the Serpent: seat 0 is innocent, and holds the 5 (it
    # was dealt to one of seats 0 and 2, and seat 2's other card turned). An innocent offers the card that
    # turns the last Night card first: seat 1 accepts. (A claimed win from a giver who may be the Serpent
    # no longer counts: ``test_innocent_refuses_the_first_card_of_a_serpent_holding...``.)
    state = stacked_game((("5", "2", "S"), ("4", "0"), ("1", "3")))
    give(state, 2, "S", "3")
    give(state, 1, "1")
    give(state, 0, "4")
    assert heuristic.serpent_estimates(state.seat_view(1))[0] == 0.0
    _set_table(state, [DAY, DAY, DAY, DAY, NIGHT])
    play(state, "choose 1", "offer 5 as 5")
    assert _move(state) == Action.accept()


def test_silent_exchanges_move_the_serpent_suspicion() -> None:
    # Seat 2 watches seat 0 give seat 1 a card that changed nothing: the Serpent may have moved with it.
    state = stacked_game((("S", "2", "3"), ("4", "1"), ("0", "5")))
    before = heuristic.serpent_estimates(state.seat_view(2))
    play(state, "choose 1", "offer S as 3", "accept")
    after = heuristic.serpent_estimates(state.seat_view(2))
    assert after[1] > before[1] + 0.2 and after[0] < before[0]
    assert abs(sum(after) - 1.0) < 1e-9 and after[2] == 0.0
    # A card that turned a Night card moves no Serpent.
    state = stacked_game((("S", "2", "3"), ("4", "1"), ("0", "5")))
    play(state, "choose 1", "offer 3 as 3", "accept")
    assert heuristic.serpent_estimates(state.seat_view(2))[1] < after[1]


def test_innocent_chooses_the_seat_least_likely_to_hold_a_serpent() -> None:
    state = stacked_game((("S", "2", "3"), ("4", "1"), ("0", "5"), ("6", "S")), first=0)
    play(state, "choose 1", "offer S as 3", "accept")  # seat 1 now probably holds a Serpent
    # Seat 1 holds three cards and chooses next; seat 2 (no Serpent) receives, then chooses between 0 and 3.
    play(state, "choose 2", "offer 1 as 1", "accept")
    assert state.to_act == 2
    action = _move(state)
    assert action.target == 0  # seat 0 gave its Serpent away; seat 3 still has its share


def test_rollout_is_legal_and_evaluate_splits_by_camp() -> None:
    rng = random.Random(3)
    rollout = rollout_for("soupcons")
    for seed in range(5):
        state = veillee.new_game("soupcons", 4, 300 + seed, round_cap=20)
        while not state.is_over:
            action = rollout(state, rng)
            assert action in state.legal_actions()
            if not state.is_over:
                values = heuristic.evaluate(state)
                hands = state.hands  # type: ignore[attr-defined]
                innocent = [v for v, h in zip(values, hands, strict=True) if Card.SERPENT not in h]
                assert len(set(innocent)) <= 1
            state.apply(action)


def test_normal_plays_whole_games_against_random() -> None:
    for seed in range(4):
        bots = [NORMAL, make_bot("random", "soupcons"), make_bot("random", "soupcons")]
        state = veillee.new_game("soupcons", 3, 40 + seed, round_cap=20)
        play_match(state, bots[seed % 3 :] + bots[: seed % 3], seed)
        assert state.is_over


def test_rollout_plays_what_choose_plays_on_the_acting_seats_view() -> None:
    """The fast rollout reads the sampled world, not a view: it must still see only what that seat's view
    shows, so on the same RNG it picks exactly ``choose``'s move (a leak would show as a difference)."""
    checked = 0
    for seed in range(6):
        state = cast(SoupconsState, veillee.new_game("soupcons", 3 + seed % 3, 500 + seed, round_cap=20))
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if len(legal) > 1:
                assert state.to_act is not None
                world = state.determinize(state.to_act, rng)
                seat = world.to_act
                assert seat is not None
                fast = heuristic.rollout(world, random.Random(checked))
                slow = heuristic.choose(world.seat_view(seat), world.legal_actions(), random.Random(checked))
                assert fast == slow
                checked += 1
            state.apply(rng.choice(legal) if rng.random() < 0.5 else _move(state, seed))
    assert checked > 100


def test_search_candidates_keep_one_claim_per_card_and_the_normal_card() -> None:
    """An offer decision (3 cards x 7 claims) is narrowed to one offer per card, with the claim ``choose``
    announces for that card; other decisions keep every legal move."""
    state = stacked_game((("5", "S", "2"), ("4", "1"), ("0", "3")))
    play(state, "choose 1")
    view, legal = state.seat_view(0), tuple(state.legal_actions())
    kept = heuristic.candidates(view, legal)
    assert len(legal) == 21 and len(kept) == 3
    assert {a.card for a in kept} == {Card.MASK_5, Card.SERPENT, Card.MASK_2}
    assert all(a in legal for a in kept)
    by_card = {a.card: a for a in kept}
    for seed in range(10):
        usual = heuristic.choose(view, legal, random.Random(seed))
        assert usual.card in by_card
        if usual.claim != usual.card:  # a lie: choose picks among equally good Night values by its jitter
            assert state.table[by_card[usual.card].claim] == NIGHT
        else:
            assert by_card[usual.card] == usual
    play(state, "offer 5 as 5")
    respond = tuple(state.legal_actions())
    assert heuristic.candidates(state.seat_view(1), respond) == list(respond)


def test_hard_races_only_the_candidates_and_the_normal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    # The heuristic-guided search (``expert``'s too), not the baseline's.
    monkeypatch.setattr(heuristic, "search_as_baseline", lambda view: False)
    seen: list[list[Action] | None] = []
    real = ismcts.search

    def spy(decision: Decision, rng: random.Random, **options: Any) -> ismcts.Node:
        seen.append(options.get("actions"))
        return real(decision, rng, **options)

    monkeypatch.setattr(ismcts, "search", spy)
    state = stacked_game((("5", "S", "2"), ("4", "1"), ("0", "3")))
    play(state, "choose 1")
    decision = decision_for(state, 0, random.Random(4))
    bot = make_bot("hard", "soupcons", iterations=60, seconds=None)
    move = bot.act(decision, random.Random(4))
    (actions,) = seen
    assert actions is not None and 3 <= len(actions) <= 4  # one per card, and normal's own claim if it differs
    assert move in actions and len({a.card for a in actions}) == 3


def test_innocent_refuses_the_first_card_of_a_serpent_holding_the_serpents_winning_card() -> None:
    # Seat 2 holds the 0, so the only card seat 0 could pass in silence is the Serpent: seat 1 has it. Seat
    # 1 then received the 3 when it turned to Day, so it still holds it (ruling 23). With the 3 (Day) and
    # the 5 (Night) alone on the table, the 3 accepted would leave the single Night card the Serpents need,
    # and a Serpent offers that card first, under any claim. The first heuristic accepted it claimed as the
    # last Night card; seat 2 now refuses the first card.
    state = stacked_game((("3", "S", "4"), ("1", "2"), ("5", "0")))
    give(state, 1, "S", "4")
    give(state, 2, "1")
    give(state, 0, "0")
    give(state, 1, "3")
    assert heuristic.serpent_estimates(state.seat_view(2))[1] == 1.0
    _set_table(state, [GONE, GONE, DAY, GONE, NIGHT])
    play(state, "choose 2", "offer 3 as 5")
    assert state.to_act == 2 and _move(state) == Action.refuse()
    accepted = state.clone()
    accepted.apply(Action.accept())
    assert accepted.is_over and accepted.result().winners == (1,)
    # ``hard`` does not search this answer: its worlds would draw the offered card uniformly.
    assert heuristic.candidates(state.seat_view(2), tuple(state.legal_actions())) == []


def test_innocent_accepts_a_card_before_an_innocent_must_give_the_serpents_winning_card() -> None:
    # Seat 0 passed the Serpent to seat 1 in silence (seat 2 holds the 0: it was the only free card), then
    # received the 1 when it turned. With the 1 (Day) and the 5 (Night) alone on the table, seat 0 holds
    # the card that would hand the Serpents the win; being innocent it offers it last, where it is forced.
    # The first heuristic refused two claimed Serpents and took it; seat 2 now accepts the second card.
    state = stacked_game((("3", "S", "4"), ("1", "2"), ("5", "0")))
    give(state, 1, "S", "4")
    give(state, 0, "1")
    assert heuristic.serpent_estimates(state.seat_view(2))[0] == 0.0
    _set_table(state, [DAY, GONE, GONE, GONE, NIGHT])
    play(state, "choose 2", "offer 4 as S", "refuse", "offer 3 as S")
    assert state.to_act == 2 and _move(state) == Action.accept()
    forced = state.clone()
    play(forced, "refuse", "offer 1 as S")
    assert forced.is_over and forced.result().winners == (1,)


def test_innocent_does_not_hand_a_likely_serpent_the_serpents_winning_card() -> None:
    # Seat 1 took a silent card from seat 2 (the Serpent, as it happens): seat 0 now suspects seat 1. With
    # the 4 and the 5 alone on the table, both Night, turning the 4 would leave seat 1 holding the Day 4, the
    # card whose removal wins for the Serpents, and seat 1 gives next. The first heuristic turned it anyway
    # (progress for the innocents); seat 0 now keeps it and gives the 0 or the 2 (removed: nothing happens).
    state = stacked_game((("4", "1", "0"), ("5", "2"), ("S", "3")))
    give(state, 2, "1")
    give(state, 1, "S", "3")
    give(state, 0, "2")
    assert state.to_act == 0 and heuristic.serpent_estimates(state.seat_view(0))[1] > 0.5
    _set_table(state, [GONE, GONE, GONE, NIGHT, NIGHT])
    play(state, "choose 1")
    for seed in range(5):
        assert _move(state, seed).card in (Card.MASK_0, Card.MASK_2)
    turned = state.clone()
    play(turned, "offer 4 as 4", "accept", "choose 2", "offer 4 as 5", "accept")
    assert turned.is_over and turned.result().winners == (1,)


def test_hard_rollouts_play_the_answers_of_seats_that_ignore_claims_at_random() -> None:
    # Seat 1 answers a claimed Serpent: ``normal`` refuses it every time. In seat 0's rollouts seat 1 answers
    # at random with the chance that it ignores claims (``soupcons_field``): even odds with no answer seen
    # (a quarter accepted); once it took a second card (as ``ismcts`` does half the time, ``normal`` almost
    # never) nearly always at random (about half accepted). When seat 1 is the searcher, its own moves stay
    # ``normal``'s.
    state = stacked_game((("5", "2", "S"), ("4", "1"), ("0", "3")))
    play(state, "choose 1", "offer S as S")
    taker = stacked_game((("5", "2", "S"), ("4", "1"), ("0", "3")))
    play(taker, "choose 1", "offer 5 as 5", "refuse", "offer 2 as 2", "accept")

    def accepted(model_of: SoupconsState, seat: int) -> int:
        others = opponent_mix_for("soupcons", model_of.seat_view(seat))
        game = ismcts._Game(
            heuristic.evaluate, rollout_for("soupcons"), lambda world: None, 30, seat=seat, others=others
        )
        rng = random.Random(3)
        return sum(game.play(state, rng) == Action.accept() for _ in range(400))

    assert 60 <= accepted(state, 0) <= 140
    assert 150 <= accepted(taker, 0) <= 250
    assert accepted(taker, 1) == 0


def test_hard_rollouts_keep_the_other_seats_offers_normal() -> None:
    # Only answers are modelled at random (``OPPONENT_MIX`` 0): seat 0, holding three cards and about to
    # offer, plays exactly ``normal``'s offer in seat 2's rollouts, draw for draw.
    state = stacked_game((("5", "2", "S"), ("4", "1"), ("0", "3")))
    play(state, "choose 1")
    others = opponent_mix_for("soupcons", state.seat_view(2))
    assert others is not None and others(state) == heuristic.OPPONENT_MIX == 0.0
    game = ismcts._Game(heuristic.evaluate, rollout_for("soupcons"), lambda world: None, 30, seat=2, others=others)
    rollout = rollout_for("soupcons")
    for seed in range(30):
        assert game.play(state, random.Random(seed)) == rollout(state, _skip_one(seed))


def _skip_one(seed: int) -> random.Random:
    """The stream ``_Game.play`` hands the rollout policy after drawing once for the opponent model."""
    rng = random.Random(seed)
    rng.random()
    return rng


def test_hard_gives_the_night_card_rather_than_lie_to_a_receiver_it_expects_to_refuse(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat 2 passed the Serpent to seat 1 in silence, then seat 1 was forced its third card; seat 0 (innocent)
    # holds the 5 (turns a Night card) and the 2 (its Day card would be removed, a step for the Serpents),
    # and seat 1, the likely Serpent, has refused the 1. Main's ``hard`` offered the 2 claimed as a Night
    # turn in every seed: its rollouts' receiver was ``normal``, a Serpent who refuses claimed Night turns,
    # so the lie would force the 5 on it. A receiver that ignores claims (``ismcts``) takes the 2 half the
    # time; with seat 1's answers modelled that way (``soupcons_field`` finding that it ignores claims, issue
    # 21's ninth pass, docs/bots.md), ``hard`` offers the 5 itself in most seeds.
    state = stacked_game((("1", "5"), ("4", "0"), ("S", "3", "2")), first=2, round_cap=20)
    play(state, "choose 1", "offer S as 1", "accept", "choose 2", "offer S as 5", "refuse", "offer 4 as 4", "refuse")
    play(state, "offer 0 as 3", "choose 0", "offer 2 as 2", "accept", "choose 1", "offer 1 as 1", "refuse")
    assert state.to_act == 0 and sorted(str(card) for card in state.hands[0]) == ["2", "5"]

    def fives() -> int:
        moves = []
        for seed in range(1, 7):
            bot = make_bot("hard", "soupcons", iterations=600, seconds=None)
            moves.append(bot.act(decision_for(state, 0, random.Random(seed)), random.Random(seed)))
        return sum(move.card is Card.MASK_5 for move in moves)

    # The heuristic-guided search and its opponent model, not the baseline's search.
    monkeypatch.setattr(heuristic, "search_as_baseline", lambda view: False)
    monkeypatch.setattr(heuristic, "ignores_claims", lambda view: [0.0, 0.0, 0.0])
    assert fives() == 0  # a seat 1 that reads claims as ``normal`` does: the lie
    monkeypatch.setattr(heuristic, "ignores_claims", lambda view: [1.0, 1.0, 1.0])
    assert fives() >= 4  # a seat 1 that ignores them: the Night card


def test_hard_as_baseline_plays_the_baseline_search_where_candidates_leave_a_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Where ``search_as_baseline`` says so (issue 21, twelfth pass), an offer that is not an endgame one is
    # searched as the ``ismcts`` baseline searches it, with ``hard``'s budget: the same move for the same
    # stream, and the heuristic-guided search is never called.
    monkeypatch.setattr(heuristic, "search_as_baseline", lambda view: True)
    monkeypatch.setattr(ismcts, "search", _never)
    state = stacked_game((("5", "S", "2"), ("4", "1"), ("0", "3")))
    play(state, "choose 1")
    assert heuristic.candidates(state.seat_view(0), tuple(state.legal_actions()))
    hard = make_bot("hard", "soupcons", iterations=300, seconds=None)
    plain = PlainISMCTSBot(iterations=300, seconds=None)
    for seed in range(3):
        decision = decision_for(state, 0, random.Random(seed))
        assert hard.act(decision, random.Random(seed)) == plain.act(decision, random.Random(seed))


def test_hard_as_baseline_leaves_the_endgame_offer_to_normal(monkeypatch: pytest.MonkeyPatch) -> None:
    # Holding the card that turns the last Night card, an innocent offers it first (``normal``); the
    # baseline's worlds cannot see that a giver does so, and the bot does not search this decision at all.
    monkeypatch.setattr(heuristic, "search_as_baseline", lambda view: True)
    monkeypatch.setattr(ismcts, "search", _never)
    monkeypatch.setattr(baseline, "plain_search", _never)
    state = stacked_game((("5", "2", "3"), ("4", "1"), ("0", "S")))
    _set_table(state, [DAY, DAY, DAY, DAY, NIGHT])
    play(state, "choose 1")
    hard = make_bot("hard", "soupcons", iterations=300, seconds=None)
    for seed in range(3):
        decision = Decision("soupcons", 0, state.seat_view(0), tuple(state.legal_actions()))
        assert hard.act(decision, random.Random(seed)) == NORMAL.act(decision, random.Random(seed))
        assert hard.act(decision, random.Random(seed)).card is Card.MASK_5


def _never(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("this decision must not be searched")


def test_hard_searches_as_the_baseline_only_once_every_other_seat_ignores_claims(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Before any claim, even odds: the guided search. Seat 1 then claims a removal (``normal`` names a Night
    # turn every time), seat 2 claims Night turns: only when both have said something ``normal`` would not
    # does seat 0 search as the baseline does, and only with the switch on (it ships off).
    monkeypatch.setattr(heuristic, "BASELINE_SEARCH", True)
    state = stacked_game((("5", "2", "S"), ("4", "1"), ("0", "3")), round_cap=20)
    assert not heuristic.search_as_baseline(state.seat_view(0))
    play(state, "choose 1", "offer 5 as 5", "accept", "choose 2", "offer 1 as 0", "accept")
    play(state, "choose 0", "offer 3 as 3", "accept")
    assert not heuristic.search_as_baseline(state.seat_view(0))  # seat 2 claimed as ``normal`` does
    play(state, "choose 2", "offer 2 as 2", "accept", "choose 1", "offer 0 as S", "refuse")
    assert heuristic.search_as_baseline(state.seat_view(0))
    assert not heuristic.search_as_baseline(state.seat_view(2))  # seat 0 still claims as ``normal`` does
    monkeypatch.setattr(heuristic, "BASELINE_SEARCH", False)
    assert not heuristic.search_as_baseline(state.seat_view(0))
