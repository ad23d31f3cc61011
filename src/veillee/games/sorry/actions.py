"""Sorry! Revenge's actions: one small immutable value type, its notation and its integer codec.

An ``Action`` is a ``NamedTuple`` (equality and hashing run in C, which keeps the simulator fast) whose
``kind`` says which decision it is; ``card`` and ``target`` are set only where the kind needs them.

======== ======================================= ================= ======================================
kind     what (rules)                            notation          fields
======== ======================================= ================= ======================================
play     play a card on your turn (R3); also     ``play 7``        card: a Number, Slide, Take 2, Reverse
         each Number card after a Play 2 (R9)    ``play SLIDE15``  or Play 2
sorry    the flip-back SORRY! on your turn (R14) ``sorry 2``       target: the opponent
dead     play a card with no effect (Ruling 14)  ``dead STEAL``    card: STEAL, DONT, SORRY or PLAY2
steal    the steal-a-21 SORRY!, out of turn      ``steal``         —
         (R15)
block    Don't be SORRY!, out of turn (R16)      ``block``         —
pass     let a window go (Ruling 22); or nothing ``pass``          —
         to play (Ruling 31)
add      tie-break: a Number card on your pile   ``add 7``         card: a Number card
         (Ruling 23)
stand    tie-break: stop adding (Ruling 23)      ``stand``         —
======== ======================================= ================= ======================================

Integer codec layout for ``n`` players (``codec(n)``), in this order: play (16: the 9 Number cards, the
4 Slides, Take 2, Reverse, Play 2), sorry (n targets), dead (4), steal, block, pass (1 each), add (9),
stand (1); ``33 + n`` actions.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import NamedTuple

from veillee.core import JSON, ActionCodec
from veillee.games.sorry.cards import NUMBERS, Card

__all__ = ["ADD", "BLOCK", "DEAD", "PASS", "PLAY", "STAND", "STEAL", "Action", "Kind", "codec", "sorry_actions"]


class Kind(StrEnum):
    """Which decision an action is."""

    PLAY = "play"
    SORRY = "sorry"
    DEAD = "dead"
    STEAL = "steal"
    BLOCK = "block"
    PASS = "pass"
    ADD = "add"
    STAND = "stand"


class Action(NamedTuple):
    """One Sorry! Revenge decision. Build them with the class methods: ``Action.play(Card.N7)``."""

    kind: Kind
    card: Card | None = None
    target: int | None = None

    @classmethod
    def play(cls, card: Card) -> Action:
        """Play ``card`` on the play pile (on your turn, or as one of the Number cards of a Play 2)."""
        return cls(Kind.PLAY, card=card)

    @classmethod
    def sorry(cls, target: int) -> Action:
        """Play the flip-back SORRY! against seat ``target``, who flips one pawn back unless they block."""
        return cls(Kind.SORRY, card=Card.SORRY, target=target)

    @classmethod
    def dead(cls, card: Card) -> Action:
        """Play ``card`` with no effect, allowed only when no card in hand has one (Ruling 14)."""
        return cls(Kind.DEAD, card=card)

    @classmethod
    def steal(cls) -> Action:
        """Play the steal-a-21 SORRY! when an opponent has just reached 21."""
        return cls(Kind.STEAL, card=Card.STEAL)

    @classmethod
    def block(cls) -> Action:
        """Play Don't be SORRY! against the SORRY! aimed at you."""
        return cls(Kind.BLOCK, card=Card.DONT)

    @classmethod
    def pass_(cls) -> Action:
        """Let an out-of-turn window go (or, with an empty hand on your turn, play nothing)."""
        return cls(Kind.PASS)

    @classmethod
    def add(cls, card: Card) -> Action:
        """Tie-break: put the Number ``card`` on your own pile (the pile must stay at 21 or less)."""
        return cls(Kind.ADD, card=card)

    @classmethod
    def stand(cls) -> Action:
        """Tie-break: stop adding cards."""
        return cls(Kind.STAND)

    def __str__(self) -> str:
        kind = self.kind
        if kind is Kind.SORRY:
            return f"sorry {self.target}"
        if kind in (Kind.PLAY, Kind.DEAD, Kind.ADD):
            return f"{kind} {self.card}"
        return str(kind)

    def __repr__(self) -> str:
        kind = self.kind
        if kind is Kind.SORRY:
            return f"Action.sorry({self.target})"
        if kind in (Kind.PLAY, Kind.DEAD, Kind.ADD):
            return f"Action.{kind}({self.card!r})"
        return f"Action.{kind}{'_' if kind is Kind.PASS else ''}()"

    def to_json(self) -> JSON:
        kind = self.kind
        obj: JSON = {"type": str(kind)}
        if kind in (Kind.PLAY, Kind.DEAD, Kind.ADD):
            obj["card"] = str(self.card)
        elif kind is Kind.SORRY:
            obj["target"] = self.target
        return obj


PLAYABLE: tuple[Card, ...] = (
    *NUMBERS,
    Card.SLIDE_10,
    Card.SLIDE_15,
    Card.SLIDE_20,
    Card.SLIDE_21,
    Card.TAKE_2,
    Card.REVERSE,
    Card.PLAY_2,
)
"""The cards that ``play`` can name: every card that has an effect without a target, on your turn."""
DEAD_CARDS: tuple[Card, ...] = (Card.PLAY_2, Card.SORRY, Card.STEAL, Card.DONT)
"""The only cards that can ever lack an effect on your turn (Ruling 14)."""

PLAY: dict[Card, Action] = {card: Action.play(card) for card in PLAYABLE}
DEAD: dict[Card, Action] = {card: Action.dead(card) for card in DEAD_CARDS}
ADD: dict[Card, Action] = {card: Action.add(card) for card in NUMBERS}
STEAL = Action.steal()
BLOCK = Action.block()
PASS = Action.pass_()
STAND = Action.stand()


@cache
def sorry_actions(players: int) -> tuple[Action, ...]:
    """The flip-back SORRY! actions, indexed by target seat."""
    return tuple(Action.sorry(t) for t in range(players))


@cache
def codec(players: int) -> ActionCodec[Action]:
    """The integer codec for ``players`` seats (layout in the module docstring)."""
    return ActionCodec(
        "Sorry! Revenge",
        [
            *PLAY.values(),
            *sorry_actions(players),
            *DEAD.values(),
            STEAL,
            BLOCK,
            PASS,
            *ADD.values(),
            STAND,
        ],
    )
