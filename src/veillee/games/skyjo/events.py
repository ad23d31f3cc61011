"""Skyjo's events, declared once: what happens at the table, and who may see which field.

Public: every card shown face up (reveals, swaps, discards, the card drawn from the pile, meteors, lines,
the final reveal), the market and the Action cards taken, played, dropped, stolen or blocked. Private to
one seat: the cards of its « Tirez trois cartes » and the hidden cards it looked at with « Révélation »
(``private=``). The core redacts and encodes them (``veillee.core.events``); ``render.narrate`` tells them.
Slots and lines are ``Slot`` and ``Line`` values (JSON ``"r2c3"``, ``"col2"``); market slots are 1–4.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from veillee.core.events import event
from veillee.games.skyjo.cards import ActionCard, GameCard, Line, Slot

__all__ = [
    "EVENTS",
    "Blocked",
    "Deal",
    "Discard",
    "Draw",
    "Drop",
    "FinalReveal",
    "Keep",
    "Lines",
    "Look",
    "MatchEnd",
    "Meteor",
    "Moved",
    "Pick",
    "Place",
    "Play",
    "Put",
    "Reactivate",
    "Refill",
    "Reshuffle",
    "Reveal",
    "RoundEnd",
    "Starter",
    "Steal",
    "Swap",
    "Take",
    "TakeAction",
    "Three",
    "Trigger",
]


@event("deal")
class Deal(NamedTuple):
    """« Distribution »: a round is dealt; the discard's first card, the market and the Action discard show."""

    round: int
    discard: GameCard
    market: tuple[ActionCard | None, ...]
    action_discard: tuple[ActionCard, ...]


@event("reveal")
class Reveal(NamedTuple):
    """« Retourner une carte »: ``seat`` turns a hidden card of ``owner``'s grid face up."""

    seat: int
    owner: int
    slot: Slot
    card: GameCard


@event("take")
class Take(NamedTuple):
    """« Prendre la carte de la défausse »."""

    seat: int
    card: GameCard


@event("draw")
class Draw(NamedTuple):
    """« Piocher »: the drawn card is shown to all before it is swapped or discarded."""

    seat: int
    card: GameCard


@event("discard")
class Discard(NamedTuple):
    """« Défausser la carte piochée »."""

    seat: int
    card: GameCard


@event("put")
class Put(NamedTuple):
    """« Tirez trois cartes »: a card not kept goes to the discard."""

    seat: int
    card: GameCard


@event("swap")
class Swap(NamedTuple):
    """« Échanger »: the held card goes face up at ``slot``; the ``replaced`` card to the discard."""

    seat: int
    slot: Slot
    card: GameCard
    replaced: GameCard


@event("starter")
class Starter(NamedTuple):
    """« Premier joueur »: who starts the round."""

    seat: int


@event("refill")
class Refill(NamedTuple):
    """« Le marché est complété »: a new Action card in market slot ``market`` (1–4)."""

    market: int
    card: ActionCard


@event("take_action")
class TakeAction(NamedTuple):
    """« Prendre une carte Action »: from market slot ``market`` (1–4) or the Action pile (``"pile"``)."""

    seat: int
    market: int | Literal["pile"]
    card: ActionCard


@event("play")
class Play(NamedTuple):
    """« Jouer une carte Action »."""

    seat: int
    card: ActionCard


@event("drop")
class Drop(NamedTuple):
    """« Défausser une carte Action » without using it."""

    seat: int
    card: ActionCard


@event("three", private={"cards": "seat"})
class Three(NamedTuple):
    """« Tirez trois cartes »: ``seat`` alone sees the cards it draws."""

    seat: int
    count: int  # type: ignore[assignment]  # the JSON key; shadows tuple.count, unused here
    cards: tuple[GameCard, ...]


@event("keep")
class Keep(NamedTuple):
    """« Tirez trois cartes »: the card kept (shown, it goes face up into the grid), or none."""

    seat: int
    card: GameCard | None


@event("reactivate")
class Reactivate(NamedTuple):
    """« Réactivation »: the card replayed from the Action discard, or none."""

    seat: int
    card: ActionCard | None


@event("look", private={"cards": "seat"})
class Look(NamedTuple):
    """« Révélation »: ``seat`` alone sees the hidden cards of ``line`` in ``target``'s grid."""

    seat: int
    target: int
    line: Line
    count: int  # type: ignore[assignment]  # the JSON key; shadows tuple.count, unused here
    cards: dict[Slot, GameCard]


class Place(NamedTuple):
    """One of the two places of a swap (not an event of its own): its card shows if it lands face up or
    was face up before."""

    seat: int
    slot: Slot
    up: bool
    card: GameCard | None


@event("moved")
class Moved(NamedTuple):
    """« Échangez vos propres cartes » / « Échange avec un autre joueur »: two cards swapped, each put back on
    the chosen face; ``card`` is the Action card whose effect it is."""

    seat: int
    card: ActionCard
    first: Place
    second: Place


@event("pick")
class Pick(NamedTuple):
    """« Échange avec un autre joueur »: one of the two cards chosen."""

    seat: int
    target: int
    slot: Slot


@event("blocked")
class Blocked(NamedTuple):
    """« Défense »: ``defender``'s Défense blocks ``seat``'s ``attack``."""

    seat: int
    defender: int
    attack: ActionCard


@event("steal")
class Steal(NamedTuple):
    """« Vol de carte Action »."""

    seat: int
    target: int
    card: ActionCard


@event("meteor")
class Meteor(NamedTuple):
    """« Averse de météorites »: ``target``'s card at ``slot`` is ``removed`` and replaced by ``card`` face up."""

    seat: int
    target: int
    slot: Slot
    removed: GameCard
    card: GameCard


@event("lines")
class Lines(NamedTuple):
    """« Défausser une ligne ou une colonne »: complete lines leave ``seat``'s grid; ``copied`` is the line
    whose Stars copied its number, if any."""

    seat: int
    lines: tuple[Line, ...]
    cards: tuple[GameCard, ...]
    copied: Line | None


@event("reshuffle")
class Reshuffle(NamedTuple):
    """« La défausse devient la pioche »: of the game cards (``"game"``) or of the Action cards (``"action"``)."""

    pile: Literal["game", "action"]
    size: int


@event("trigger")
class Trigger(NamedTuple):
    """« Fin de manche déclenchée »: ``grids`` are the grids with no hidden card left."""

    seat: int
    grids: tuple[int, ...]


@event("final_reveal")
class FinalReveal(NamedTuple):
    """« Fin de manche »: the last hidden cards of ``seat``'s grid are turned face up."""

    seat: int
    cards: dict[Slot, GameCard]


@event("round_end")
class RoundEnd(NamedTuple):
    """« Décompte »: the round's scores, the totals, and whether the triggerer's score was doubled."""

    round: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    triggerer: int | None
    doubled: bool


@event("match_end")
class MatchEnd(NamedTuple):
    """« Fin de partie »: the lowest total wins."""

    winners: tuple[int, ...]


EVENTS: tuple[type, ...] = (
    Deal,
    Reveal,
    Take,
    Draw,
    Discard,
    Put,
    Swap,
    Starter,
    Refill,
    TakeAction,
    Play,
    Drop,
    Three,
    Keep,
    Reactivate,
    Look,
    Moved,
    Pick,
    Blocked,
    Steal,
    Meteor,
    Lines,
    Reshuffle,
    Trigger,
    FinalReveal,
    RoundEnd,
    MatchEnd,
)
"""Every Skyjo event type (``GameInfo.events``)."""
