"""Sorry! Revenge's events, declared once with who may see which field (``veillee.core.events``).

Only two facts are private: the cards dealt to a seat and the cards a seat draws (Ruling 29). Everything
played, in or out of turn, is public. Out-of-turn windows (Ruling 22) produce the same events whether or not
the asked seat holds a SORRY! card: a seat that lets a window go emits ``Pass``, like any seat that had
nothing to answer with, so no event tells who holds one.
"""

from __future__ import annotations

from typing import NamedTuple

from veillee.core import event
from veillee.games.sorry.cards import Card

__all__ = [
    "EVENTS",
    "Add",
    "Block",
    "Bust",
    "Dead",
    "Deal",
    "Draw",
    "MatchEnd",
    "Pass",
    "Pawn",
    "Play",
    "Reshuffle",
    "Reveal",
    "SetAside",
    "Sorry",
    "Stand",
    "Steal",
    "TieBreak",
    "TwentyOne",
]


@event(per_seat={"hands": "hand"})
class Deal(NamedTuple):
    """« Distribuez 5 cartes » (R2): each seat learns only its own hand."""

    first: int
    hand_sizes: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]


@event(private={"cards": "seat"})
class Draw(NamedTuple):
    """« Pigez »: cards drawn from the draw pile (R5, R7, R17); only the drawer learns which."""

    seat: int
    count: int  # type: ignore[assignment]  # mypy: shadows tuple.count; the JSON key is "count"
    cards: tuple[Card, ...]


@event()
class Play(NamedTuple):
    """« Jouez une carte » (R3): a card played for its effect, with the pile's total after it (R4)."""

    seat: int
    card: Card
    total: int


@event()
class Dead(NamedTuple):
    """A card played without effect (« carte morte », Ruling 14): the total is unchanged."""

    seat: int
    card: Card


@event()
class Sorry(NamedTuple):
    """The flip-back « SORRY! » played against ``target`` (R14)."""

    seat: int
    target: int


@event()
class Steal(NamedTuple):
    """The steal « SORRY! »: ``seat`` takes the 21 of ``against`` (R15)."""

    seat: int
    against: int


@event()
class Block(NamedTuple):
    """« SORRY! Pas vraiment… » (Don't be SORRY!): ``seat`` blocks the SORRY! of ``against`` (R16)."""

    seat: int
    against: int


@event()
class Pass(NamedTuple):
    """« Passer »: a window let go (Ruling 22), or an empty hand on one's turn (Ruling 31)."""

    seat: int


@event()
class TwentyOne(NamedTuple):
    """« 21 exactement » (R10): the steal window opens (Ruling 26)."""

    seat: int


@event()
class Pawn(NamedTuple):
    """A pawn card flipped (« retournez une carte pion »): ``step`` +1 toward the goal, -1 after a SORRY!;
    ``progress`` is the seat's progress after it, ``home`` its pawns on the HOME side (R10, R11, R14, R20)."""

    seat: int
    step: int
    progress: int
    home: int


@event()
class Bust(NamedTuple):
    """« Cuit » (R11): the total went above 21."""

    seat: int
    total: int


@event()
class SetAside(NamedTuple):
    """« Mettez la pile de jeu de côté » (R12, R17): ``cards`` cards leave the play pile."""

    cards: int


@event()
class Reshuffle(NamedTuple):
    """The set-aside piles become the new draw pile of ``cards`` cards (R13, Ruling 24)."""

    cards: int


@event("tiebreak")
class TieBreak(NamedTuple):
    """« Bris d'égalité » (R19, Ruling 23) between ``seats``, in play order."""

    seats: tuple[int, ...]


@event()
class Add(NamedTuple):
    """Tie-break: a Number card onto one's own pile, with that pile's total (Ruling 23)."""

    seat: int
    card: Card
    total: int


@event()
class Stand(NamedTuple):
    """Tie-break: ``seat`` stops adding at ``total`` (Ruling 23)."""

    seat: int
    total: int


@event()
class Reveal(NamedTuple):
    """Tie-break tied again: ``seat`` shows its hand and sets it aside (Ruling 23)."""

    seat: int
    cards: tuple[Card, ...]


@event()
class MatchEnd(NamedTuple):
    """« Le premier joueur … gagne la partie » (R18, R20)."""

    winner: int


EVENTS: tuple[type, ...] = (
    Deal,
    Draw,
    Play,
    Dead,
    Sorry,
    Steal,
    Block,
    Pass,
    TwentyOne,
    Pawn,
    Bust,
    SetAside,
    Reshuffle,
    TieBreak,
    Add,
    Stand,
    Reveal,
    MatchEnd,
)
