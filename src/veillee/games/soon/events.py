"""SOON's events, declared once: what happens at the table, and which field only one seat may see.

Rules ``emit`` them; the core redacts them per viewer (``veillee.core.events``). The field order is the
JSON key order of the golden files. Drawn cards are private to the drawer, a dealt hand to its seat;
everything else in SOON happens face up (Ruling 30).
"""

from __future__ import annotations

from typing import NamedTuple

from veillee.core import event
from veillee.games.soon.cards import Card

__all__ = [
    "EVENTS",
    "Complete",
    "Deal",
    "Discard",
    "Draw",
    "Explore",
    "Give",
    "Lightning",
    "MatchEnd",
    "Place",
    "Redraw",
    "Renew",
    "Replace",
    "Reshuffle",
    "RoundEnd",
    "Take",
    "Thief",
]


@event(per_seat={"hands": "hand"})
class Deal(NamedTuple):
    """« Distribution » (R2): a round starts; each seat sees only its own hand."""

    round: int
    starter: int
    discard: Card
    hands: tuple[tuple[Card, ...], ...]


@event(private={"card": "seat"})
class Draw(NamedTuple):
    """« Piocher »: a card from the pile, seen only by the drawer."""

    seat: int
    card: Card


@event(private={"card": "seat"})
class Redraw(NamedTuple):
    """The asked player's draw after giving a card to an Explorateur (Ruling 31)."""

    seat: int
    card: Card


@event(private={"cards": "seat"})
class Renew(NamedTuple):
    """« Renouveler sa main » (R6): the hand goes face up to the discard; the new cards are the seat's."""

    seat: int
    discarded: tuple[Card, ...]
    drawn: int
    cards: tuple[Card, ...]


@event()
class Take(NamedTuple):
    """« Prendre la défausse »: the discard's top card, face up, into the hand."""

    seat: int
    card: Card


@event()
class Place(NamedTuple):
    """« Poser »: the next card of the suite (R5.1)."""

    seat: int
    card: Card


@event()
class Discard(NamedTuple):
    """« Défausser » (R5.4)."""

    seat: int
    card: Card


@event()
class Replace(NamedTuple):
    """« Remplacer » (R5.2): ``card`` at ``position``; ``replaced`` goes to the discard."""

    seat: int
    card: Card
    position: int
    replaced: Card


@event()
class Lightning(NamedTuple):
    """« Foudre » (R7.3): ``card``, the top of the target's suite, goes to the discard."""

    seat: int
    target: int
    card: Card


@event()
class Thief(NamedTuple):
    """« Voleur » (R7.4): ``card`` taken from the target's suite."""

    seat: int
    target: int
    card: Card


@event()
class Explore(NamedTuple):
    """« Explorateur » (R7.2): the question and its truthful answer (``found``)."""

    seat: int
    target: int
    value: int
    colour: str | None
    found: bool


@event()
class Give(NamedTuple):
    """The asked player « donne » ``card`` to the asker, who plays it (``replaced``: the card it replaced)."""

    seat: int
    to: int
    card: Card
    replaced: Card | None


@event()
class Reshuffle(NamedTuple):
    """« Épuisement de la pioche » (R12): the discard but its top card is the new pile."""

    pile_size: int


@event()
class Complete(NamedTuple):
    """« Suite complète » (R8): ``first`` for the one who ends the round."""

    seat: int
    first: bool


@event()
class RoundEnd(NamedTuple):
    """« Fin de la manche » (R10): the round's points and the totals."""

    round: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]


@event()
class MatchEnd(NamedTuple):
    """« Fin de la partie » (R11)."""

    winners: tuple[int, ...]


EVENTS: tuple[type, ...] = (
    Deal,
    Draw,
    Redraw,
    Renew,
    Take,
    Place,
    Discard,
    Replace,
    Lightning,
    Thief,
    Explore,
    Give,
    Reshuffle,
    Complete,
    RoundEnd,
    MatchEnd,
)
