"""What the whole table knows beyond the cards in sight (rulings 34 and 35), and that determinize keeps it.

Each scenario plays a stacked deck; the sampled worlds must hold every consequence a careful player draws.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import veillee
from games.soon.soon_helpers import play, stacked_game
from veillee.games.soon import Card, SoonState
from veillee.games.soon.determinize import _by_flow
from veillee.games.soon.rules import matches
from veillee.games.soon.view import pile_cards

ONES = (Card.DAY_1, Card.NIGHT_1)


def _hidden(world: SoonState, seat: int) -> Counter[Card]:
    return Counter(world.hands[seat]) - Counter(world.known[seat])


# -- Ruling 34: an Explorateur « no » ---------------------------------------------------------------------
def _asked_no() -> SoonState:
    """Seat 2 asks seat 1 for a 1 (any colour): « no ». Seat 0 then discards D6, face up."""
    state = stacked_game(
        [["D5", "D6", "D7"], ["N2", "N3", "N4"], ["EXPLORER", "D2", "N5"]],
        "N7",
        ["D8", "N8", "D6", "N6", "N8", "D8"],
        first=2,
    )
    play(state, "draw", "explore 1 1")
    assert state.events(None)[-1]["found"] is False
    play(state, "draw", "discard D6")  # seat 0 drew N8
    return state


def test_ruling_34_a_no_is_public_and_every_sampled_world_keeps_it() -> None:
    state = _asked_no()
    assert all(view.lacks == ((), ONES, ()) for view in (state.seat_view(None), state.seat_view(0)))
    rng = random.Random(34)
    for seat in (0, 2):
        for _ in range(60):
            world = state.determinize(seat, rng)
            assert world.view(seat) == state.view(seat)
            assert not set(world.hands[1]) & set(ONES), world.hands[1]
    worlds = {tuple(sorted(state.determinize(0, rng).hands[1])) for _ in range(30)}
    assert len(worlds) > 1


def test_ruling_34_a_no_survives_taking_from_the_discard_and_playing() -> None:
    state = _asked_no()
    play(state, "take", "discard N4")  # the taken D6 is known; the unknown cards still hold no 1
    assert state.seat_view(None).lacks[1] == ONES
    assert state.seat_view(0).known_in_hand[1] == (Card.DAY_6,)
    rng = random.Random(35)
    for _ in range(60):
        world = state.determinize(0, rng)
        assert Card.DAY_6 in world.hands[1] and not set(world.hands[1]) & set(ONES)


def test_ruling_34_a_no_ends_when_that_hand_draws() -> None:
    state = _asked_no()
    play(state, "draw", "discard N4")  # seat 1 draws a card the others do not see: it may be a 1
    assert state.seat_view(2).lacks == ((), (), ())


def test_ruling_34_a_no_ends_with_the_round() -> None:
    state = _asked_no()
    from veillee.games.soon import rules

    rules.deal(state, starter=0)
    assert state.seat_view(None).lacks == ((), (), ())


# -- Ruling 35: a pile rebuilt from the discard --------------------------------------------------------------
def _churn_to_reshuffle(state: SoonState) -> None:
    """Every turn: draw, then discard the card drawn (its number is only known to the drawer until then),
    until the pile is rebuilt from the discard (R12)."""
    while state.pile_origin is None:
        seat = state.turn
        play(state, "draw")
        drawn = state.events(seat)[-1 if state.events(seat)[-1]["type"] == "draw" else -2]["card"]
        play(state, f"discard {drawn}")


def test_ruling_35_the_rebuilt_pile_holds_exactly_the_discard_it_was_built_from() -> None:
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"]], "N7")
    _churn_to_reshuffle(state)
    rebuilt = state.seat_view(None).pile_cards
    assert rebuilt is not None and Counter(rebuilt) == Counter(state.pile)
    rng = random.Random(35)
    # Two players, every card but the pile's is in sight or in one's own hand: the other hand is known.
    for seat in (0, 1):
        for _ in range(40):
            world = state.determinize(seat, rng)
            assert world.view(seat) == state.view(seat)
            assert Counter(world.pile) == Counter(rebuilt)
            assert Counter(world.hands[1 - seat]) == Counter(state.hands[1 - seat])
    assert len({tuple(state.determinize(0, rng).pile) for _ in range(10)}) > 1  # the order stays unknown


def test_ruling_35_each_draw_from_the_rebuilt_pile_is_known_to_the_drawer_only() -> None:
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"]], "N7")
    _churn_to_reshuffle(state)
    rebuilt = state.seat_view(None).pile_cards
    assert rebuilt is not None
    seat = state.turn
    other = 1 - seat
    held = Counter(state.hands[seat])  # known to ``other`` right after the rebuild (two players)
    play(state, "draw")
    drawn = state.events(seat)[-1]["card"]
    mine = state.seat_view(seat).pile_cards
    assert mine is not None and Counter(rebuilt) - Counter(mine) == Counter([Card.from_json(drawn)])
    assert state.seat_view(other).pile_cards == rebuilt == state.seat_view(None).pile_cards
    rng = random.Random(36)
    for _ in range(40):
        world = state.determinize(other, rng)
        assert world.view(other) == state.view(other)
        assert not Counter(world.pile) - Counter(rebuilt)
        hand = Counter(world.hands[seat])
        assert not held - hand  # what ``seat`` held at the rebuild is still there...
        (extra,) = (hand - held).elements()  # ...plus one card of the rebuilt pile
        assert extra in rebuilt
        mine_world = state.determinize(seat, rng)
        assert not Counter(mine_world.pile) - Counter(mine)


def test_ruling_35_knowledge_ends_with_the_round() -> None:
    state = stacked_game([["D1", "D2", "D3"], ["N1", "N2", "N3"]], "N7")
    _churn_to_reshuffle(state)
    from veillee.games.soon import rules

    rules.deal(state, starter=0)
    assert state.seat_view(None).pile_cards is None and state.seat_view(0).pile_cards is None


# -- the sampler's guarantees ----------------------------------------------------------------------------
def _random_state(seed: int, steps: int, players: int) -> SoonState:
    state = veillee.new_game("soon", players, 7 * 10**9 + seed)
    assert isinstance(state, SoonState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), steps=st.integers(0, 1500), players=st.integers(2, 6), viewer=st.integers(0, 5))
def test_every_sampled_world_meets_every_public_constraint(seed: int, steps: int, players: int, viewer: int) -> None:
    state = _random_state(seed, steps, players)
    seat = viewer % players
    world = state.determinize(seat, random.Random(seed))
    assert world.view(seat) == state.view(seat)
    allowed = pile_cards(state, seat)
    if allowed is not None:
        assert not Counter(world.pile) - Counter(allowed)
    for other in range(players):
        if other != seat:
            assert not set(_hidden(world, other)) & set(state.lacks[other])
    ask = state.ask
    if ask is not None:
        assert any(matches(card, ask.value, ask.colour) for card in world.hands[ask.target])
        legal = world.legal_actions()
        assert legal and all(a.kind == "give" for a in legal)


def test_the_exact_sampler_meets_tight_constraints() -> None:
    """The max-flow fallback: the only deal puts both 1s in seat 2 and the Thief in the pile."""
    counts = {Card.DAY_1: 1, Card.NIGHT_1: 1, Card.THIEF: 1, Card.DAY_5: 2}
    need = {1: 2, 2: 2}
    banned = {1: frozenset(ONES)}
    caps = Counter({Card.THIEF: 1})
    for k in range(10):
        dealt = _by_flow(counts, need, banned, None, caps, random.Random(k))
        assert Counter(dealt[2]) == Counter(ONES) and dealt[-1] == [Card.THIEF]
        assert Counter(dealt[1]) == Counter({Card.DAY_5: 2})
    must = (1, frozenset({Card.DAY_5}))
    dealt = _by_flow(counts, need, banned, must, None, random.Random(1))
    assert Card.DAY_5 in dealt[1] and not set(dealt[1]) & set(ONES)
