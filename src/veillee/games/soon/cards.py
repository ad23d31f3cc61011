"""SOON's 110 cards (R1): Number cards (« Chiffres ») in two colours and four special cards.

Cards are ``IntEnum`` members so that hands and piles are lists of small ints (fast to copy and compare),
while still printing as ``D5`` (Day 5) or ``THIEF``. Per-card facts are tuples indexed by the card.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

from veillee.core import InvalidOption, build_deck

__all__ = [
    "COLOUR",
    "DECK",
    "IS_JOKER",
    "IS_NUMBER",
    "IS_SPECIAL",
    "JOKERS",
    "NUMBERS",
    "VALUE",
    "Card",
    "Colour",
    "number",
    "parse_card",
]


class Colour(StrEnum):
    """The two colours of SOON: « Jour » (Day) and « Nuit » (Night)."""

    DAY = "day"
    NIGHT = "night"


class Card(IntEnum):
    """One kind of SOON card. Copies of the same kind are interchangeable."""

    DAY_1 = 0
    DAY_2 = 1
    DAY_3 = 2
    DAY_4 = 3
    DAY_5 = 4
    DAY_6 = 5
    DAY_7 = 6
    DAY_8 = 7
    NIGHT_1 = 8
    NIGHT_2 = 9
    NIGHT_3 = 10
    NIGHT_4 = 11
    NIGHT_5 = 12
    NIGHT_6 = 13
    NIGHT_7 = 14
    NIGHT_8 = 15
    DAY_JOKER = 16
    """A Day « Joker »: stands for any Day number 1–7 (ruling 3)."""
    NIGHT_JOKER = 17
    """A Night « Joker »."""
    EXPLORER = 18
    """« Explorateur »: ask a player for a precise Number card."""
    LIGHTNING = 19
    """« Foudre »: a player discards the highest card of their suite."""
    THIEF = 20
    """« Voleur »: steal the Number card you need next from an opponent's suite."""

    def __str__(self) -> str:
        return NOTATION[self]

    def __repr__(self) -> str:
        return f"Card.{self.name}"

    @classmethod
    def from_json(cls, data: object) -> Card:
        """The card whose notation is ``data`` (how typed views read cards back from the wire)."""
        try:
            return parse_card(data)
        except InvalidOption as exc:
            raise ValueError(str(exc)) from None


EXPLORER, LIGHTNING, THIEF = Card.EXPLORER, Card.LIGHTNING, Card.THIEF
"""The special action cards as module globals for the rules' hot path: ``Card.THIEF`` is looked up through
the enum's metaclass, about ten times a global's cost in CPython 3.11."""

NUMBERS: tuple[Card, ...] = tuple(Card(i) for i in range(16))
JOKERS: tuple[Card, ...] = (Card.DAY_JOKER, Card.NIGHT_JOKER)
NOTATION: tuple[str, ...] = (
    *(f"D{v}" for v in range(1, 9)),
    *(f"N{v}" for v in range(1, 9)),
    "DJ",
    "NJ",
    "EXPLORER",
    "LIGHTNING",
    "THIEF",
)
VALUE: tuple[int, ...] = (*range(1, 9), *range(1, 9), 0, 0, 0, 0, 0)
"""The number of a Number card; 0 for the others (a Joker's value is its position in a suite)."""
COLOUR: tuple[Colour | None, ...] = (
    *([Colour.DAY] * 8),
    *([Colour.NIGHT] * 8),
    Colour.DAY,
    Colour.NIGHT,
    None,
    None,
    None,
)
"""The colour of a card; Jokers have one (ruling 2), Explorateur, Foudre and Voleur have none."""
IS_NUMBER: tuple[bool, ...] = tuple(i < 16 for i in range(21))
IS_JOKER: tuple[bool, ...] = tuple(i in (16, 17) for i in range(21))
IS_SPECIAL: tuple[bool, ...] = tuple(i >= 16 for i in range(21))
"""Jokers, Explorateur, Foudre and Voleur are the four « cartes spéciales »; they block the discard."""

_PER_VALUE_AND_COLOUR = (7, 7, 6, 6, 5, 5, 4, 3)
"""Number cards per value and colour: half of 14, 14, 12, 12, 10, 10, 8, 6 (RULINGS §2.1)."""

DECK_COUNTS: dict[Card, int] = {
    **{Card(v - 1): n for v, n in zip(range(1, 9), _PER_VALUE_AND_COLOUR, strict=True)},
    **{Card(v + 7): n for v, n in zip(range(1, 9), _PER_VALUE_AND_COLOUR, strict=True)},
    Card.DAY_JOKER: 3,
    Card.NIGHT_JOKER: 3,
    Card.EXPLORER: 6,
    Card.LIGHTNING: 6,
    Card.THIEF: 6,
}
DECK: tuple[Card, ...] = build_deck(DECK_COUNTS)
"""The 110 cards in a fixed order; every deal shuffles a copy."""

_BY_NOTATION = {text.lower(): Card(i) for i, text in enumerate(NOTATION)}
_BY_NOTATION.update({card.name.lower(): card for card in Card})


def number(colour: Colour, value: int) -> Card:
    """The Number card of ``colour`` and ``value`` (1–8)."""
    return Card(value - 1 + (0 if colour is Colour.DAY else 8))


def parse_card(item: object) -> Card:
    """A card from its notation (``"D5"``, ``"nj"``, ``"thief"``) or a ``Card``; raises ``InvalidOption``."""
    if isinstance(item, Card):
        return item
    if isinstance(item, str) and item.strip().lower() in _BY_NOTATION:
        return _BY_NOTATION[item.strip().lower()]
    raise InvalidOption(f"{item!r} is not a SOON card (D1–D8, N1–N8, DJ, NJ, EXPLORER, LIGHTNING, THIEF)")
