"""Soupçons hidden information (R8, rulings 7, 19, 23): views, redacted events and determinize."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from games.soupcons.soupcons_helpers import DEAL3_HANDS, give, play, random_state, stacked_game
from veillee.core import testing
from veillee.games.soupcons import Card, SoupconsState
from veillee.games.soupcons.cards import GONE


def _permute_hidden(state: SoupconsState, seat: int, rng: random.Random) -> SoupconsState:
    """A twin whose cards hidden from ``seat`` (other hands, and the offer unless ``seat`` made it) are
    shuffled among the same places, sizes kept."""
    twin = state.clone()
    places: list[list[Card]] = [twin.hands[p] for p in range(state.num_players) if p != seat]
    if seat != state.active:
        places.append(twin.refused)
    cards = [card for place in places for card in place]
    offered = twin.offered is not None and seat != state.active
    if offered:
        assert twin.offered is not None
        cards.append(twin.offered)
    rng.shuffle(cards)
    for place in places:
        place[:] = [cards.pop() for _ in place]
    if offered:
        twin.offered = cards.pop()
    return twin


@given(
    seed=st.integers(0, 2**40),
    steps=st.integers(0, 300),
    players=st.integers(3, 6),
    viewer=st.integers(0, 5),
    bias=st.sampled_from([0.0, 0.9]),
)
def test_permuting_hidden_cards_never_changes_a_view_or_an_event(
    seed: int, steps: int, players: int, viewer: int, bias: float
) -> None:
    state = random_state(seed, steps, players, free_bias=bias)
    if state.is_over:
        return  # the winners, read from the hands, are public at the end (see test_finished_games_...)
    seat = viewer % players
    twin = _permute_hidden(state, seat, random.Random(seed))
    assert twin.view(seat) == state.view(seat)
    assert twin.view(None) == state.view(None)
    assert twin.events(seat) == state.events(seat)
    assert str(state.seed) not in json.dumps(state.view(seat))
    # determinize reads the seat's view only: the same randomness gives the same world from the twin
    world = state.determinize(seat, random.Random(seed))
    other = twin.determinize(seat, random.Random(seed))
    assert testing.snapshot(world) == testing.snapshot(other)


def _consistent(world: SoupconsState) -> None:
    """``world`` is a genuine game: from its dealt hands, every exchange's cards were in the giver's hand,
    the accepted card explains the public effect (R7), and the hands now are what those exchanges leave."""
    hands = [list(hand) for hand in world.dealt]
    table = [GONE] + [0] * world.material.top
    for _, giver, receiver, claims, offered, forced, effect, value in world.past:
        assert len(offered) == len(claims) and forced == (len(claims) == 3)
        assert Counter(offered) <= Counter(hands[giver]) and len(hands[giver]) == 3
        card = offered[-1]
        if card is Card.SERPENT or table[card] == GONE:
            assert (effect, value) == ("nothing", None)
        else:
            assert (effect, value) == ("day" if table[card] == 0 else "removed", int(card))
            table[card] += 1
        hands[giver].remove(card)
        hands[receiver].append(card)
    assert table == world.table
    pending = [] if world.offered is None else [world.offered]
    hands[world.active] = [c for c in hands[world.active]]
    now = [Counter(h) for h in world.hands]
    now[world.active] += Counter(world.refused) + Counter(pending)
    assert now == [Counter(h) for h in hands]


@given(
    seed=st.integers(0, 2**40),
    steps=st.integers(0, 400),
    players=st.integers(3, 6),
    bias=st.sampled_from([0.0, 0.5, 0.95]),
    choice=st.integers(0, 2**32),
)
def test_every_determinized_world_honours_every_public_fact(
    seed: int, steps: int, players: int, bias: float, choice: int
) -> None:
    """For random play prefixes (some full of « nothing happens »): each seat's worlds keep its view and
    the spectator's view identical, conserve the cards, have no past, and are genuine games."""
    state = random_state(seed, steps, players, free_bias=bias)
    rng = random.Random(choice)
    before = testing.snapshot(state)
    for seat in range(players):
        world = state.determinize(seat, rng)
        assert world.view(seat) == state.view(seat)
        assert world.view(None) == state.view(None)
        assert world.seed != state.seed and not world.history and world.event_count == 0
        assert Counter(c for h in world.hands for c in h) + Counter(world.refused) + Counter(
            [] if world.offered is None else [world.offered]
        ) == Counter(world.material.deck)
        _consistent(world)
        nested = world.determinize(seat, rng)  # a world needs no past to be determinized again
        assert nested.view(seat) == state.view(seat)
        if state.is_over:
            assert world.result() == state.result()
    assert testing.snapshot(state) == before


def test_determinize_pins_what_the_table_proves() -> None:
    """A flipped value was dealt to the one who gave it and stays with its receiver (ruling 23)."""
    state = stacked_game(DEAL3_HANDS)
    give(state, 1, "2", "S")  # the claim lies; the table tells the truth
    rng = random.Random(3)
    for _ in range(50):
        world = state.determinize(2, rng)
        assert Card.MASK_2 in world.hands[1]
        assert Card.MASK_2 in world.dealt[0]
        assert sorted(world.hands[2]) == [Card.MASK_0, Card.SERPENT]


def test_determinize_really_resamples_what_is_hidden() -> None:
    state = stacked_game(DEAL3_HANDS)
    play(state, "choose 1", "offer 3 as 3", "refuse")
    rng = random.Random(4)
    seen = {tuple(sorted(state.determinize(2, rng).hands[1])) for _ in range(60)}
    assert len(seen) > 3  # seat 2 cannot tell seat 1's cards among 1 2 3 4 5
    offered_by_zero = {tuple(state.determinize(1, rng).refused) for _ in range(60)}
    assert len(offered_by_zero) == 5  # the receiver never saw it: any card but its own 4 and 5
    assert {tuple(state.determinize(0, rng).refused) for _ in range(10)} == {(Card.MASK_3,)}


def test_determinize_honours_what_the_seat_received_through_nothing_happens() -> None:
    """Seat 2 received the 0 from seat 1 with « nothing happens »: seat 1 held a free card then."""
    state = stacked_game((("1", "2", "3"), ("0", "4"), ("5", "S")), first=0)
    give(state, 1, "1")  # 1 Day
    give(state, 2, "0", "S")  # nothing: seat 2 knows it got the 0
    rng = random.Random(5)
    for _ in range(30):
        world = state.determinize(2, rng)
        assert world.view(2) == state.view(2)
        assert sorted(world.hands[2]) == [Card.MASK_0, Card.MASK_5, Card.SERPENT]
        # for seat 0, seat 2 got a 0 or the Serpent: both must appear across worlds
    got = {str(world.past[-1][4][-1]) for world in (state.determinize(0, rng) for _ in range(60))}
    assert got == {"0", "S"}


def test_finished_games_keep_their_winners() -> None:
    for seed in range(8):
        state = random_state(seed, 10_000, 3 + seed % 4, free_bias=0.5)
        assert state.is_over
        for seat in range(state.num_players):
            world = state.determinize(seat, random.Random(seed))
            assert world.result() == state.result() and world.view(seat) == state.view(seat)
