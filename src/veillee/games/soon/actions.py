"""SOON's actions: one small immutable value type, its notation and its integer codec.

An ``Action`` is a ``NamedTuple`` (equality and hashing run in C, which keeps the simulator fast) whose
``kind`` says which decision it is; the other fields are set only where the kind needs them.

========== ============================= =============================== ==================================
kind       French (rules)                 notation                         fields
========== ============================= =============================== ==================================
draw       piocher                        ``draw``                         —
take       prendre la défausse            ``take``                         —
renew      renouveler sa main             ``renew D5``                     card: the one left on top
place      poser la prochaine carte       ``place D1``                     card
replace    remplacer une carte posée      ``replace 3 with N3``            card, position (1–8)
discard    défausser une carte            ``discard THIEF``                card
lightning  jouer la Foudre                ``lightning 2``                  target seat
thief      jouer le Voleur                ``thief 1``                      target seat
explore    jouer l'Explorateur            ``explore 1 5`` / ``… 5 day``    target, value, colour (optional)
give       donner la carte demandée       ``give N5``                      card (the asked player's choice)
========== ============================= =============================== ==================================

Integer codec layout for ``n`` players (``codec(n)``), in this order: draw (1), take (1), renew (21, by
card), place (18: 16 numbers and 2 Jokers), replace (30: each number at its own position, each Joker at
positions 1–7), discard (21), lightning (n), thief (n), explore (n × 8 values × 3: any colour, day, night),
give (16 numbers); 264 actions for 6 players.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import NamedTuple

from veillee.core import JSON, ActionCodec
from veillee.games.soon.cards import JOKERS, NUMBERS, VALUE, Card, Colour

__all__ = ["Action", "Kind", "codec"]


class Kind(StrEnum):
    """Which decision an action is."""

    DRAW = "draw"
    TAKE = "take"
    RENEW = "renew"
    PLACE = "place"
    REPLACE = "replace"
    DISCARD = "discard"
    LIGHTNING = "lightning"
    THIEF = "thief"
    EXPLORE = "explore"
    GIVE = "give"


class Action(NamedTuple):
    """One SOON decision. Build them with the class methods: ``Action.place(Card.DAY_1)``."""

    kind: Kind
    card: Card | None = None
    target: int | None = None
    value: int | None = None
    colour: Colour | None = None
    position: int | None = None

    @classmethod
    def draw(cls) -> Action:
        """Draw the top card of the draw pile (« piocher »)."""
        return cls(Kind.DRAW)

    @classmethod
    def take(cls) -> Action:
        """Take the top card of the discard pile (not allowed when it is a special card)."""
        return cls(Kind.TAKE)

    @classmethod
    def renew(cls, top: Card) -> Action:
        """Discard the whole hand, ``top`` last (it stays face up on the discard), draw anew; turn over."""
        return cls(Kind.RENEW, card=top)

    @classmethod
    def place(cls, card: Card) -> Action:
        """Put ``card`` as the next card of your suite."""
        return cls(Kind.PLACE, card=card)

    @classmethod
    def replace(cls, card: Card, position: int) -> Action:
        """Put ``card`` at ``position`` (1–8) of your suite; the card there goes to the discard."""
        return cls(Kind.REPLACE, card=card, position=position)

    @classmethod
    def discard(cls, card: Card) -> Action:
        """Discard ``card`` from your hand."""
        return cls(Kind.DISCARD, card=card)

    @classmethod
    def lightning(cls, target: int) -> Action:
        """Play « Foudre » on seat ``target`` (yourself allowed): the top of their suite is discarded."""
        return cls(Kind.LIGHTNING, card=Card.LIGHTNING, target=target)

    @classmethod
    def thief(cls, target: int) -> Action:
        """Play « Voleur » on seat ``target``: steal the Number card you need next from their suite."""
        return cls(Kind.THIEF, card=Card.THIEF, target=target)

    @classmethod
    def explore(cls, target: int, value: int, colour: Colour | None = None) -> Action:
        """Play « Explorateur »: ask seat ``target`` for a Number card of ``value`` (and ``colour``)."""
        return cls(Kind.EXPLORE, card=Card.EXPLORER, target=target, value=value, colour=colour)

    @classmethod
    def give(cls, card: Card) -> Action:
        """As the asked player, choose which matching card to hand over."""
        return cls(Kind.GIVE, card=card)

    def __str__(self) -> str:
        kind = self.kind
        if kind is Kind.REPLACE:
            return f"replace {self.position} with {self.card}"
        if kind is Kind.EXPLORE:
            colour = f" {self.colour}" if self.colour is not None else ""
            return f"explore {self.target} {self.value}{colour}"
        if kind in (Kind.LIGHTNING, Kind.THIEF):
            return f"{kind} {self.target}"
        if self.card is not None:
            return f"{kind} {self.card}"
        return str(kind)

    def __repr__(self) -> str:
        args = [repr(x) for x in self[1:] if x is not None]
        if self.kind in (Kind.LIGHTNING, Kind.THIEF, Kind.EXPLORE):
            args = args[1:]
        if self.kind is Kind.EXPLORE and self.colour is not None:
            args[-1] = f"Colour.{self.colour.name}"
        return f"Action.{self.kind}({', '.join(args)})"

    def to_json(self) -> JSON:
        obj: JSON = {"type": str(self.kind)}
        if self.card is not None and self.kind not in (Kind.LIGHTNING, Kind.THIEF, Kind.EXPLORE):
            obj["card"] = str(self.card)
        for name in ("target", "value", "position"):
            field = getattr(self, name)
            if field is not None:
                obj[name] = field
        if self.colour is not None:
            obj["colour"] = str(self.colour)
        return obj


DRAW = Action.draw()
TAKE = Action.take()
RENEW = {card: Action.renew(card) for card in Card}
PLACE = {card: Action.place(card) for card in (*NUMBERS, *JOKERS)}
REPLACE = {
    **{(card, VALUE[card]): Action.replace(card, VALUE[card]) for card in NUMBERS},
    **{(joker, p): Action.replace(joker, p) for joker in JOKERS for p in range(1, 8)},
}
DISCARD = {card: Action.discard(card) for card in Card}
GIVE = {card: Action.give(card) for card in NUMBERS}
ASKED_COLOURS: tuple[Colour | None, ...] = (None, Colour.DAY, Colour.NIGHT)


@cache
def targeted(
    players: int,
) -> tuple[tuple[Action, ...], tuple[Action, ...], tuple[tuple[tuple[Action, ...], ...], ...]]:
    """The Foudre, Voleur and Explorateur actions for ``players`` seats.

    ``explore[target][value - 1]`` holds the three asks (any colour, Day, Night) for that value.
    """
    lightning = tuple(Action.lightning(t) for t in range(players))
    thief = tuple(Action.thief(t) for t in range(players))
    explore = tuple(
        tuple(tuple(Action.explore(t, v, c) for c in ASKED_COLOURS) for v in range(1, 9)) for t in range(players)
    )
    return lightning, thief, explore


@cache
def codec(players: int) -> ActionCodec[Action]:
    """The integer codec for ``players`` seats (layout in the module docstring)."""
    lightning, thief, explore = targeted(players)
    return ActionCodec(
        "SOON",
        [
            DRAW,
            TAKE,
            *RENEW.values(),
            *PLACE.values(),
            *REPLACE.values(),
            *DISCARD.values(),
            *lightning,
            *thief,
            *(a for per_target in explore for per_value in per_target for a in per_value),
            *GIVE.values(),
        ],
    )
