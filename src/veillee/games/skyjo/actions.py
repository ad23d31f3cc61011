"""Skyjo's actions: one small immutable value type, its notation and its integer codec.

An ``Action`` is a ``NamedTuple`` (equality and hashing run in C, which keeps the simulator fast) whose
``kind`` says which decision it is; the other fields are set only where the kind needs them. Grid slots are
numbered 0–11 row by row and written ``r1c1``…``r3c4``; lines are the rows 0–2 (``row1``…) then the columns
3–6 (``col1``…); market slots are written 1–4.

========== ========================================== ======================== ==============================
kind       French (rules)                             notation                 fields
========== ========================================== ======================== ==============================
reveal     retourner une carte de sa grille           ``reveal r1c2``          slot
take       prendre la carte de la défausse            ``take``                 —
draw       piocher face cachée                        ``draw``                 —
swap       échanger avec une carte de sa grille       ``swap r2c3``            slot
discard    défausser la carte piochée                 ``discard``              —
action     prendre une carte Action                   ``action 2``/``… pile``  slot (market 0–3; None: pile)
play       jouer une carte Action                     ``play defense``         card
drop       défausser une carte Action                 ``drop defense``         card
pass       ne pas utiliser un droit (Étoile, copie)   ``pass``                 —
copy       une Étoile copie pour défausser une ligne  ``copy col2``            line
own        Échangez vos propres cartes: les 2 cartes  ``own r1c1 r3c4``        slot, slot2 (slot < slot2)
faces      faces des cartes échangées                 ``faces up down``        up, up2
keep       Tirez trois cartes: garder une carte       ``keep 5``/``keep none`` card (None: keep none)
put        Tirez trois cartes: ordre de défausse      ``put 7``                card
look       Révélation: la ligne regardée              ``look 2 col3``          target, line
reactivate Réactivation: la carte rejouée             ``reactivate steal``     card (None: nothing to pick)
pick       Échange / Averse: une carte d'une grille   ``pick 1 r2c2``          target, slot
steal      Vol de carte Action                        ``steal 1 defense``      target, card
========== ========================================== ======================== ==============================

Integer codec layout for ``n`` players (``codec(n)``), in this order: reveal (12), take (1), draw (1),
swap (12), discard (1), action (5: market 1–4, pile), play (9), drop (9), pass (1), copy (7), own (66),
faces (4), keep (17: none, then the 16 game cards), put (16), look (n × 7), reactivate (10: none, then the 9
Action cards), pick (n × 12), steal (n × 9); 171 + 28n actions (395 for 8 players).
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import NamedTuple

from veillee.core import JSON, ActionCodec
from veillee.games.skyjo.cards import LINE_NAMES, SLOT_NAMES, SLOTS, ActionCard, GameCard

__all__ = ["Action", "Kind", "codec", "line_name", "slot_name"]

LINES = len(LINE_NAMES)


def slot_name(slot: int) -> str:
    """``r1c1`` for slot 0 … ``r3c4`` for slot 11 (``cards.SLOT_NAMES``)."""
    return SLOT_NAMES[slot]


def line_name(line: int) -> str:
    """``row1``…``row3`` for lines 0–2, ``col1``…``col4`` for lines 3–6 (``cards.LINE_NAMES``)."""
    return LINE_NAMES[line]


class Kind(StrEnum):
    """Which decision an action is."""

    REVEAL = "reveal"
    TAKE = "take"
    DRAW = "draw"
    SWAP = "swap"
    DISCARD = "discard"
    ACTION = "action"
    PLAY = "play"
    DROP = "drop"
    PASS = "pass"
    COPY = "copy"
    OWN = "own"
    FACES = "faces"
    KEEP = "keep"
    PUT = "put"
    LOOK = "look"
    REACTIVATE = "reactivate"
    PICK = "pick"
    STEAL = "steal"


class Action(NamedTuple):
    """One Skyjo decision. Build them with the class methods: ``Action.swap(5)``."""

    kind: Kind
    card: GameCard | ActionCard | None = None
    target: int | None = None
    slot: int | None = None
    slot2: int | None = None
    up: bool | None = None
    up2: bool | None = None

    @classmethod
    def reveal(cls, slot: int) -> Action:
        """Turn a hidden card of your grid face up (setup, after discarding a drawn card)."""
        return cls(Kind.REVEAL, slot=slot)

    @classmethod
    def take(cls) -> Action:
        """Take the discard's top card (it must then be swapped into your grid)."""
        return cls(Kind.TAKE)

    @classmethod
    def draw(cls) -> Action:
        """Draw the top card of the game pile (swap it, or discard it and reveal a card)."""
        return cls(Kind.DRAW)

    @classmethod
    def swap(cls, slot: int) -> Action:
        """Put the card you hold face up at ``slot``; the card there goes to the discard."""
        return cls(Kind.SWAP, slot=slot)

    @classmethod
    def discard(cls) -> Action:
        """Discard the card drawn from the pile (then reveal one of your hidden cards)."""
        return cls(Kind.DISCARD)

    @classmethod
    def action(cls, market: int | None) -> Action:
        """Take an Action card: market slot ``market`` (0–3), or the top of the Action pile (``None``)."""
        return cls(Kind.ACTION, slot=market)

    @classmethod
    def play(cls, card: ActionCard) -> Action:
        """Play one of your playable Action cards for its effect."""
        return cls(Kind.PLAY, card=card)

    @classmethod
    def drop(cls, card: ActionCard) -> Action:
        """Discard one of your playable Action cards without using it."""
        return cls(Kind.DROP, card=card)

    @classmethod
    def pass_(cls) -> Action:
        """Decline: a Star's Action card, a Star's copy."""
        return cls(Kind.PASS)

    @classmethod
    def copy(cls, line: int) -> Action:
        """Let the Stars of ``line`` copy its number so that the line is discarded."""
        return cls(Kind.COPY, slot=line)

    @classmethod
    def own(cls, slot: int, slot2: int) -> Action:
        """Échangez vos propres cartes: the two cards of your grid to swap (``slot < slot2``)."""
        return cls(Kind.OWN, slot=min(slot, slot2), slot2=max(slot, slot2))

    @classmethod
    def faces(cls, up: bool, up2: bool) -> Action:
        """How the two swapped cards are put back: face up (``True``) or face down, in the order picked."""
        return cls(Kind.FACES, up=up, up2=up2)

    @classmethod
    def keep(cls, card: GameCard | None) -> Action:
        """Tirez trois cartes: keep ``card`` (to swap into your grid), or none (``None``)."""
        return cls(Kind.KEEP, card=card)

    @classmethod
    def put(cls, card: GameCard) -> Action:
        """Tirez trois cartes: discard ``card`` next (the last one discarded ends on top)."""
        return cls(Kind.PUT, card=card)

    @classmethod
    def look(cls, target: int, line: int) -> Action:
        """Révélation: look at the hidden cards of ``line`` in seat ``target``'s grid."""
        return cls(Kind.LOOK, target=target, slot=line)

    @classmethod
    def reactivate(cls, card: ActionCard | None) -> Action:
        """Réactivation: play ``card`` from the Action discard (``None`` when none can be picked)."""
        return cls(Kind.REACTIVATE, card=card)

    @classmethod
    def pick(cls, target: int, slot: int) -> Action:
        """Échange avec un autre joueur / Averse de météorites: the card at ``slot`` of ``target``'s grid."""
        return cls(Kind.PICK, target=target, slot=slot)

    @classmethod
    def steal(cls, target: int, card: ActionCard) -> Action:
        """Vol de carte Action: steal ``card`` from seat ``target``."""
        return cls(Kind.STEAL, target=target, card=card)

    def __str__(self) -> str:
        kind = self.kind
        if kind in (Kind.REVEAL, Kind.SWAP):
            return f"{kind} {slot_name(self.slot or 0)}"
        if kind is Kind.ACTION:
            return "action pile" if self.slot is None else f"action {self.slot + 1}"
        if kind in (Kind.PLAY, Kind.DROP, Kind.PUT):
            return f"{kind} {self.card}"
        if kind in (Kind.KEEP, Kind.REACTIVATE):
            return f"{kind} {'none' if self.card is None else self.card}"
        if kind is Kind.COPY:
            return f"copy {line_name(self.slot or 0)}"
        if kind is Kind.OWN:
            return f"own {slot_name(self.slot or 0)} {slot_name(self.slot2 or 0)}"
        if kind is Kind.FACES:
            return f"faces {'up' if self.up else 'down'} {'up' if self.up2 else 'down'}"
        if kind is Kind.LOOK:
            return f"look {self.target} {line_name(self.slot or 0)}"
        if kind is Kind.PICK:
            return f"pick {self.target} {slot_name(self.slot or 0)}"
        if kind is Kind.STEAL:
            return f"steal {self.target} {self.card}"
        return str(kind)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def to_json(self) -> JSON:
        kind = self.kind
        obj: JSON = {"type": str(kind)}
        if self.card is not None:
            obj["card"] = str(self.card)
        elif kind in (Kind.KEEP, Kind.REACTIVATE):
            obj["card"] = "none"
        if self.target is not None:
            obj["target"] = self.target
        if kind in (Kind.REVEAL, Kind.SWAP, Kind.OWN, Kind.PICK):
            obj["slot"] = slot_name(self.slot or 0)
        elif kind in (Kind.COPY, Kind.LOOK):
            obj["line"] = line_name(self.slot or 0)
        elif kind is Kind.ACTION:
            obj["market"] = "pile" if self.slot is None else self.slot + 1
        if self.slot2 is not None:
            obj["slot2"] = slot_name(self.slot2)
        if self.up is not None:
            obj["up"] = self.up
            obj["up2"] = self.up2
        return obj


REVEAL = tuple(Action.reveal(s) for s in range(SLOTS))
TAKE = Action.take()
DRAW = Action.draw()
SWAP = tuple(Action.swap(s) for s in range(SLOTS))
DISCARD = Action.discard()
MARKET = tuple(Action.action(i) for i in range(4))
ACTION_PILE = Action.action(None)
PLAY = tuple(Action.play(c) for c in ActionCard)
DROP = tuple(Action.drop(c) for c in ActionCard)
PASS = Action.pass_()
COPY = tuple(Action.copy(line) for line in range(LINES))
OWN = {(a, b): Action.own(a, b) for a in range(SLOTS) for b in range(a + 1, SLOTS)}
FACES = {(u, v): Action.faces(u, v) for u in (True, False) for v in (True, False)}
KEEP_NONE = Action.keep(None)
KEEP = tuple(Action.keep(c) for c in GameCard)
PUT = tuple(Action.put(c) for c in GameCard)
REACTIVATE_NONE = Action.reactivate(None)
REACTIVATE = tuple(Action.reactivate(c) for c in ActionCard)


@cache
def targeted(
    players: int,
) -> tuple[tuple[tuple[Action, ...], ...], tuple[tuple[Action, ...], ...], tuple[tuple[Action, ...], ...]]:
    """``look[target][line]``, ``pick[target][slot]`` and ``steal[target][card]`` for ``players`` seats."""
    look = tuple(tuple(Action.look(t, line) for line in range(LINES)) for t in range(players))
    pick = tuple(tuple(Action.pick(t, s) for s in range(SLOTS)) for t in range(players))
    steal = tuple(tuple(Action.steal(t, c) for c in ActionCard) for t in range(players))
    return look, pick, steal


@cache
def codec(players: int) -> ActionCodec[Action]:
    """The integer codec for ``players`` seats (layout in the module docstring)."""
    look, pick, steal = targeted(players)
    return ActionCodec(
        "Skyjo",
        [
            *REVEAL,
            TAKE,
            DRAW,
            *SWAP,
            DISCARD,
            *MARKET,
            ACTION_PILE,
            *PLAY,
            *DROP,
            PASS,
            *COPY,
            *OWN.values(),
            *FACES.values(),
            KEEP_NONE,
            *KEEP,
            *PUT,
            *(a for row in look for a in row),
            REACTIVATE_NONE,
            *REACTIVATE,
            *(a for row in pick for a in row),
            *(a for row in steal for a in row),
        ],
    )
