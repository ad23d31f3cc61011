"""Soupçons' actions: one small immutable value type, its notation and its integer codec.

An ``Action`` is a ``NamedTuple`` (equality and hashing run in C, which keeps random playouts fast) whose
``kind`` says which decision it is; the other fields are set only where the kind needs them.

======= ================================= ================== =========================================
kind    French (rules)                     notation           fields
======= ================================= ================== =========================================
choose  choisir une personne (R5)          ``choose 2``       target: the seat whose Porte closes
offer   proposer une carte et l'annoncer   ``offer 5 as S``   card (the true one), claim (announced)
accept  prendre la carte proposée          ``accept``         —
refuse  refuser la carte proposée          ``refuse``         —
======= ================================= ================== =========================================

Integer codec layout for ``n`` players, with ``K = top + 2`` card kinds in play (Masques 0…top, Serpent;
``top`` = 5, 6, 8, 9 for 3, 4, 5, 6 players), in this order: choose (n, by target), offer (K × K, by card
then claim, each in the order 0…top, S), accept (1), refuse (1). That is 3 + 49 + 2 = 54 actions for 3
players and 6 + 121 + 2 = 129 for 6.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from itertools import combinations
from typing import NamedTuple

from veillee.core import JSON, ActionCodec
from veillee.games.soupcons.cards import Card, setup

__all__ = ["ACCEPT", "REFUSE", "RESPONSES", "Action", "Kind", "Tables", "codec", "tables"]


class Kind(StrEnum):
    """Which decision an action is."""

    CHOOSE = "choose"
    OFFER = "offer"
    ACCEPT = "accept"
    REFUSE = "refuse"


class Action(NamedTuple):
    """One Soupçons decision. Build them with the class methods: ``Action.offer(Card.MASK_5, Card.SERPENT)``."""

    kind: Kind
    target: int | None = None
    card: Card | None = None
    claim: Card | None = None

    @classmethod
    def choose(cls, target: int) -> Action:
        """As the holder of three cards, choose the seat (Porte still open) who will be offered a card."""
        return cls(Kind.CHOOSE, target=target)

    @classmethod
    def offer(cls, card: Card, claim: Card) -> Action:
        """Offer ``card`` face down, announcing it is ``claim`` (true or not: « soi-disant »)."""
        return cls(Kind.OFFER, card=card, claim=claim)

    @classmethod
    def accept(cls) -> Action:
        """Take the offered card into your hand."""
        return cls(Kind.ACCEPT)

    @classmethod
    def refuse(cls) -> Action:
        """Refuse the offered card: it stays face down, never revealed, in front of the one who offered it."""
        return cls(Kind.REFUSE)

    def __str__(self) -> str:
        kind = self.kind
        if kind is Kind.CHOOSE:
            return f"choose {self.target}"
        if kind is Kind.OFFER:
            return f"offer {self.card} as {self.claim}"
        return str(kind)

    def __repr__(self) -> str:
        if self.kind is Kind.CHOOSE:
            return f"Action.choose({self.target})"
        if self.kind is Kind.OFFER:
            return f"Action.offer({self.card!r}, {self.claim!r})"
        return f"Action.{self.kind}()"

    def to_json(self) -> JSON:
        obj: JSON = {"type": str(self.kind)}
        if self.target is not None:
            obj["target"] = self.target
        if self.card is not None:
            obj["card"] = str(self.card)
        if self.claim is not None:
            obj["claim"] = str(self.claim)
        return obj


ACCEPT = Action.accept()
REFUSE = Action.refuse()
RESPONSES: tuple[Action, ...] = (ACCEPT, REFUSE)


class Tables(NamedTuple):
    """Every distinct action for one player count, and every set of legal actions the rules can return,
    built once so that the hot loop only looks them up (and copies the tuple into the legal list)."""

    choose: tuple[Action, ...]
    """``choose[seat]``."""
    offers: dict[Card, tuple[Action, ...]]
    """``offers[card]``: that card offered with every allowed claim, in claim order."""
    offers_for: dict[frozenset[Card], tuple[Action, ...]]
    """``offers_for[frozenset(hand)]``: the legal offers from a hand of one to three cards, card by card in
    card order, each with every claim in claim order."""
    choices: tuple[tuple[tuple[Action, ...], ...], ...]
    """``choices[active][open]``: the legal choices of ``active`` when the seats whose bit is set in ``open``
    still have their Porte in hand (R5, ruling 3)."""


@cache
def tables(players: int) -> Tables:
    kinds = setup(players).kinds
    choose = tuple(Action.choose(t) for t in range(players))
    offers = {card: tuple(Action.offer(card, claim) for claim in kinds) for card in kinds}
    offers_for = {
        frozenset(cards): tuple(a for card in cards for a in offers[card])
        for size in (1, 2, 3)
        for cards in combinations(kinds, size)
    }
    choices = tuple(
        tuple(tuple(choose[t] for t in range(players) if mask >> t & 1 and t != active) for mask in range(1 << players))
        for active in range(players)
    )
    return Tables(choose, offers, offers_for, choices)


@cache
def codec(players: int) -> ActionCodec[Action]:
    """The integer codec for ``players`` seats (layout in the module docstring)."""
    table = tables(players)
    return ActionCodec(
        "Soupçons",
        [*table.choose, *(a for per_card in table.offers.values() for a in per_card), ACCEPT, REFUSE],
    )
