"""Multiple-observer ISMCTS (``veillee.bots.observers``): one tree per seat, keyed by what each seat sees."""

from __future__ import annotations

import random
from typing import Any

from games.sorry.sorry_helpers import play as sorry_play
from games.sorry.sorry_helpers import set_progress, stacked_game
from games.soupcons.soupcons_helpers import play
from games.soupcons.soupcons_helpers import stacked_game as soupcons_game
from veillee.bots import decision_for
from veillee.bots.heuristics import soupcons as heuristic
from veillee.bots.observers import observer_search
from veillee.games.sorry import Action as SorryAction
from veillee.games.sorry import Card as SorryCard
from veillee.games.soupcons.actions import Action, Kind
from veillee.games.soupcons.cards import Card


def _seen_by_all(action: Any, actor: int, observer: int) -> Any:
    return action


def test_with_every_move_seen_by_every_seat_it_finds_a_forced_win_that_takes_two_cards() -> None:
    # Seat 0 on 11 with 3 pawns each: only Play 2, then 3 and 7, makes 21 this turn (as in test_baseline).
    state = stacked_game([["6", "PLAY2", "3", "7", "2"], ["5", "4", "4", "5", "6"]])
    sorry_play(state, "play 6", "play 5")
    set_progress(state, 3, 3)
    visits = observer_search(decision_for(state, 0, random.Random(1)), random.Random(5), _seen_by_all, iterations=400)
    assert max(visits, key=visits.__getitem__) == SorryAction.play(SorryCard.PLAY_2)
    assert sum(visits.values()) == 400


def test_an_offer_shows_its_card_to_the_giver_only_and_its_claim_to_no_tree() -> None:
    cards = (Card.MASK_1, Card.SERPENT)
    offers = [Action.offer(card, claim) for card in cards for claim in cards]
    assert {heuristic.tree_key(offer, 0, 1) for offer in offers} == {Kind.OFFER}
    assert {heuristic.tree_key(offer, 0, 0) for offer in offers} == {Card.MASK_1, Card.SERPENT}
    assert heuristic.tree_key(Action.accept(), 1, 0) != heuristic.tree_key(Action.refuse(), 1, 0)
    assert heuristic.tree_key(Action.choose(2), 0, 1) == Action.choose(2)


def _offer() -> Any:
    state = soupcons_game((("5", "S", "2"), ("4", "1"), ("0", "3")))
    play(state, "choose 1")
    return state


def test_the_root_keeps_the_given_moves_and_the_budget_is_exact() -> None:
    state = _offer()
    moves = [Action.offer(Card.MASK_5, Card.MASK_5), Action.offer(Card.SERPENT, Card.MASK_2)]
    decision = decision_for(state, 0, random.Random(3))
    runs = [
        observer_search(decision, random.Random(4), heuristic.tree_key, actions=moves, iterations=200) for _ in range(2)
    ]
    assert runs[0] == runs[1]  # one seed, one search
    assert list(runs[0]) == moves and sum(runs[0].values()) == 200


def test_a_wall_clock_budget_stops_the_search() -> None:
    state = _offer()
    ticks = iter(range(1_000_000))
    visits = observer_search(
        decision_for(state, 0, random.Random(3)),
        random.Random(4),
        heuristic.tree_key,
        iterations=None,
        seconds=50,
        clock=lambda: float(next(ticks)),
    )
    assert 10 <= sum(visits.values()) <= 30  # one tick a clock reading: about 25 iterations of 2 ticks
