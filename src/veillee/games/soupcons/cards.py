"""Soupçons' cards (rules R1–R2): Masques and Serpents in hands, Nuit/Jour cards on the table, Portes.

Masques are ``IntEnum`` members so that hands are lists of small ints (fast to copy and compare) that still
print as ``5`` or ``S``. The Nuit/Jour cards are identified by their value (1–9) and the Portes by their
owner's seat; neither ever changes hands, so a table is a list of ``Side`` members indexed by value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from veillee.core import InvalidOption

__all__ = [
    "DAY",
    "GONE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NIGHT",
    "Card",
    "Setup",
    "Side",
    "parse_card",
    "setup",
]


class Card(IntEnum):
    """A card that can be in a hand: a Masque (« Masque », values 0–9) or a Serpent (« Serpent »).

    The three Serpents are interchangeable, so they share one member.
    """

    MASK_0 = 0
    MASK_1 = 1
    MASK_2 = 2
    MASK_3 = 3
    MASK_4 = 4
    MASK_5 = 5
    MASK_6 = 6
    MASK_7 = 7
    MASK_8 = 8
    MASK_9 = 9
    SERPENT = 10

    def __str__(self) -> str:
        return NOTATION[self]

    def __repr__(self) -> str:
        return f"Card.{self.name}"

    @classmethod
    def from_json(cls, data: object) -> Card:
        """The card written ``data`` in a view or an event (``"5"``, ``"S"``); ``ValueError`` otherwise."""
        card = _BY_TEXT.get(data) if isinstance(data, str) else None
        if card is None:
            raise ValueError(f"{data!r} is not a Soupçons card notation (0–9 or S)")
        return card


NOTATION: tuple[str, ...] = (*(str(v) for v in range(10)), "S")
"""``0``…``9`` for the Masques, ``S`` for a Serpent."""

_BY_TEXT: dict[str, Card] = {text: Card(i) for i, text in enumerate(NOTATION)}


class Side(IntEnum):
    """The side a Nuit/Jour card shows (R3, R7); ``str`` is how views write it."""

    NIGHT = 0
    """Its Night side (« côté Nuit »): every table card starts so."""
    DAY = 1
    """Turned to its Day side (« côté Jour »)."""
    GONE = 2
    """Removed from the table (« rangée dans la boîte »), or a value with no table card (0)."""

    def __str__(self) -> str:
        return _SIDE_NAMES[self]

    @classmethod
    def from_json(cls, data: object) -> Side:
        """The side written ``data`` in a view (``"night"``, ``"day"``, ``"removed"``)."""
        if isinstance(data, str) and data in _SIDE_NAMES:
            return cls(_SIDE_NAMES.index(data))
        raise ValueError(f"{data!r} is not a Nuit/Jour side (night, day or removed)")


_SIDE_NAMES = ("night", "day", "removed")

NIGHT = Side.NIGHT
DAY = Side.DAY
GONE = Side.GONE


@dataclass(frozen=True, slots=True)
class Setup:
    """The material for one player count (RULINGS §4.1): which Masques, how many Serpents, which table.

    ``top`` is the highest Masque value and also the highest Nuit/Jour value; ``kinds`` lists the card kinds
    in play (Masques 0…top, then Serpent), which is also the set of allowed claims (ruling 6). Immutable, so
    every game of a player count shares one.
    """

    players: int
    top: int
    serpents: int
    kinds: tuple[Card, ...] = field(init=False)
    deck: tuple[Card, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kinds", (*(Card(v) for v in range(self.top + 1)), Card.SERPENT))
        object.__setattr__(self, "deck", (*(Card(v) for v in range(self.top + 1)), *([Card.SERPENT] * self.serpents)))


_SETUPS = {3: Setup(3, 5, 1), 4: Setup(4, 6, 2), 5: Setup(5, 8, 2), 6: Setup(6, 9, 3)}

MIN_PLAYERS = min(_SETUPS)
MAX_PLAYERS = max(_SETUPS)
"""Soupçons is played by 3 to 6 (ruling 14)."""


def setup(players: int) -> Setup:
    """The material for ``players`` (3–6); 2N + 1 hand cards, so one player gets three (R2)."""
    return _SETUPS[players]


_BY_NOTATION: dict[str, Card] = {text.lower(): Card(i) for i, text in enumerate(NOTATION)}
_BY_NOTATION.update({card.name.lower(): card for card in Card})
_BY_NOTATION.update({f"m{v}": Card(v) for v in range(10)})
_BY_NOTATION["serpent"] = Card.SERPENT


def parse_card(item: object) -> Card:
    """A card from its notation (``"5"``, ``"S"``, ``"serpent"``, ``"m5"``), an int 0–9 or a ``Card``."""
    if isinstance(item, Card):
        return item
    if isinstance(item, int) and not isinstance(item, bool) and 0 <= item <= 9:
        return Card(item)
    if isinstance(item, str) and item.strip().lower() in _BY_NOTATION:
        return _BY_NOTATION[item.strip().lower()]
    raise InvalidOption(f"{item!r} is not a Soupçons card (a Masque 0–9, or S for a Serpent)")
