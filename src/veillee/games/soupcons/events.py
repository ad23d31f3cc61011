"""Soupçons' events, and who may see which field (R8, rulings 7 and 19).

Everything said or done at the table is public: the deal's sizes, every choice, every claim, every refusal
and acceptance, what the table did. The cards themselves are private: a seat's dealt hand to that seat, an
offered card to its giver (the receiver never sees a refused card), an accepted card to its giver and its
receiver. The core redacts from these declarations (``veillee.core.events``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from veillee.core import event
from veillee.games.soupcons.cards import MAX_PLAYERS, Card
from veillee.games.soupcons.scoring import Camp

__all__ = [
    "CHOOSES",
    "EVENTS",
    "NOTHING_HAPPENS",
    "REFUSALS",
    "REMOVED",
    "TURNED",
    "Accept",
    "Choose",
    "Deal",
    "Effect",
    "End",
    "Offer",
    "Outcome",
    "Refuse",
    "RoundEnd",
]


class Outcome(StrEnum):
    """What an accepted card did to the table (R7)."""

    DAY = "day"
    """Its Nuit/Jour card turned from Night to Day (« passe côté Jour »)."""
    REMOVED = "removed"
    """Its Nuit/Jour card, already on Day, left the table (« rangée dans la boîte »)."""
    NOTHING = "nothing"
    """The 0, a Serpent or a removed value: « rien ne se passe »."""


@event("deal", per_seat={"hands": "hand"})
class Deal(NamedTuple):
    """The Masques dealt (« distribuer »): each seat sees its own hand (sorted), everybody the sizes."""

    dealer: int
    first_player: int
    hand_sizes: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]


@event()
class Choose(NamedTuple):
    """The holder of three cards chooses a receiver, who lays down their Porte (« choisir une personne »)."""

    seat: int
    target: int


@event(private={"card": "seat"})
class Offer(NamedTuple):
    """A card offered face down with its claim (« proposer une carte et l'annoncer »): the card is the
    giver's secret (a refused card is never shown, not even to the receiver); ``number`` 3 is forced."""

    seat: int
    to: int
    claim: Card
    number: int
    card: Card


@event()
class Refuse(NamedTuple):
    """The receiver refuses the offered card (« refuser »)."""

    seat: int


@event(private={"card": ("seat", "from_")})
class Accept(NamedTuple):
    """The receiver takes the card (« accepter »), or the forced third one: giver and receiver know it."""

    seat: int
    from_: int
    forced: bool
    card: Card


@event()
class Effect(NamedTuple):
    """What the table did (« la carte passe au Jour », « rien ne se passe »); ``value`` is the card's."""

    effect: Outcome
    value: int | None


@event()
class RoundEnd(NamedTuple):
    """Every Porte is down: the round ends and ``next`` starts the next one (« fin de la manche »)."""

    round: int
    next: int


@event()
class End(NamedTuple):
    """The game is over (« fin de la partie »): the camp that won, or a draw, and the winners."""

    camp: Camp
    winners: tuple[int, ...]


EVENTS: tuple[type, ...] = (Deal, Choose, Offer, Refuse, Accept, Effect, RoundEnd, End)

# Events are immutable values: the few that can only take a handful of forms are built once, which keeps
# the random playouts' hot loop from building a tuple subclass per decision.
CHOOSES: tuple[tuple[Choose, ...], ...] = tuple(
    tuple(Choose(seat, target) for target in range(MAX_PLAYERS)) for seat in range(MAX_PLAYERS)
)
"""``CHOOSES[seat][target]``."""
REFUSALS: tuple[Refuse, ...] = tuple(Refuse(seat) for seat in range(MAX_PLAYERS))
TURNED: tuple[Effect, ...] = tuple(Effect(Outcome.DAY, value) for value in range(10))
"""``TURNED[v]``: Nuit/Jour card ``v`` turned to Day."""
REMOVED: tuple[Effect, ...] = tuple(Effect(Outcome.REMOVED, value) for value in range(10))
"""``REMOVED[v]``: Nuit/Jour card ``v`` left the table."""
NOTHING_HAPPENS = Effect(Outcome.NOTHING, None)
