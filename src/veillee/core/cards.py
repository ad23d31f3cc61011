"""Deck helpers shared by the games: building a deck from counts, shuffling, stacking.

Cards themselves belong to each game (SOON's Day and Night cards have nothing in common with Skyjo's values);
these helpers are generic over the card type.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

from veillee.core.errors import InvalidOption

__all__ = ["build_deck", "count_cards", "shuffled", "stacked"]

C = TypeVar("C", bound=Hashable)


def build_deck(counts: Mapping[C, int]) -> tuple[C, ...]:
    """The deck as a tuple, each card repeated as often as ``counts`` says, in the mapping's order.

    >>> build_deck({"a": 2, "b": 1})
    ('a', 'a', 'b')
    """
    return tuple(card for card, n in counts.items() for _ in range(n))


def shuffled(cards: Iterable[C], rng: random.Random) -> list[C]:
    """A new list with ``cards`` in random order drawn from ``rng`` (never the global RNG)."""
    out = list(cards)
    rng.shuffle(out)
    return out


def count_cards(*zones: Iterable[C]) -> Counter[C]:
    """The multiset of the cards in all ``zones``; tests use it to check that no card appears or vanishes."""
    total: Counter[C] = Counter()
    for zone in zones:
        total.update(zone)
    return total


def stacked(
    full_deck: Sequence[C],
    top: Sequence[object],
    rng: random.Random,
    parse: Callable[[object], C],
) -> list[C]:
    """A deck whose first cards are ``top`` in that order and whose rest is ``full_deck`` minus them, shuffled.

    Scenario tests stack only the cards that matter. ``parse`` turns each given item (a card or its
    notation) into a card and raises for an unknown one. Raises ``InvalidOption`` if ``top`` asks for more
    copies of a card than the deck has.
    """
    wanted = [parse(item) for item in top]
    remaining = Counter(full_deck)
    for card in wanted:
        if remaining[card] <= 0:
            raise InvalidOption(f"the stacked deck has more copies of {card} than the game's deck holds")
        remaining[card] -= 1
    rest = [card for card, n in remaining.items() for _ in range(n)]
    rng.shuffle(rest)
    return wanted + rest
