"""What each seat may know of a Soupçons game: the typed view, built from the state.

Public (rule R8, ruling 7): who holds three cards, every choice of receiver (the Portes), every claim,
every refusal and acceptance, and every table change or « rien ne se passe ». Private: a seat's own hand,
the cards it was dealt, the cards it offered (refused ones included) and the card it accepted. Never shown
to anybody else: which card was accepted, or any refused card.

Views carry the whole public history (``exchanges``) and the seat's own part of it, because that is what a
player at the table remembers and what ``determinize`` must honour: a world drawn for a seat is valid only
if that seat's view of it is identical. The view is built from the state's ``past`` exchanges, never from
the event log, so a determinized world (which has no log) has the same view.

Private parts a seat does not know are ``None`` and absent from the JSON (``offered``, ``card``,
``refused_cards``...), so that the wire form says nothing, not even « unknown », about other seats' cards.
Exchanges and the offer are ``NamedTuple``s: immutable like the view, and four times cheaper to build than
frozen dataclasses, which matters because the search builds a view at every rollout decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from veillee.core import JSON, Result, View
from veillee.games.soupcons.cards import GONE, NOTATION, Card, Side
from veillee.games.soupcons.events import Outcome
from veillee.games.soupcons.options import SoupconsOptions
from veillee.games.soupcons.rules import Phase
from veillee.games.soupcons.scoring import Camp

if TYPE_CHECKING:
    from veillee.games.soupcons.state import SoupconsState

__all__ = ["Door", "ExchangeView", "OfferView", "SoupconsView", "TableView", "seat_view"]


class Door(StrEnum):
    """A seat's Porte (« Porte »): open in hand, or closed on the table once the seat was chosen (R5)."""

    OPEN = "open"
    CLOSED = "closed"


_VALUES = tuple(str(v) for v in range(10))
_SIDES = tuple(str(side) for side in Side)


class TableView(tuple[Side, ...]):
    """The side of each Nuit/Jour card by value: ``table[v]`` for ``v`` in 1…top, so that a Masque indexes
    it directly; ``table[0]`` is ``GONE`` (the 0 has no table card). JSON: ``{"1": "night", ...}``."""

    __slots__ = ()

    @property
    def top(self) -> int:
        """The highest value in play."""
        return len(self) - 1

    def side(self, card: Card) -> Side:
        """What ``card``'s table card shows (``GONE`` for the 0, a Serpent or a removed value)."""
        return self[card] if card < len(self) else GONE

    def to_json(self) -> JSON:
        return {_VALUES[v]: _SIDES[self[v]] for v in range(1, len(self))}

    @classmethod
    def from_json(cls, data: JSON) -> TableView:
        if not isinstance(data, dict):
            raise ValueError(f"a Soupçons table is an object of sides, not {data!r}")
        return cls((GONE, *(Side.from_json(data[str(v)]) for v in range(1, len(data) + 1))))


class ExchangeView(NamedTuple):
    """One exchange as a seat knows it: one holder offering up to three cards to one chosen seat.

    ``claims`` lists the claims in order; all but the last were refused (while ``done`` is false, the last
    one may still be pending). ``offered`` (the cards behind the claims) is known to the giver only,
    ``card`` (the accepted card) to the giver and the receiver only: ``None`` for everybody else.
    """

    round: int
    giver: int
    receiver: int
    claims: tuple[Card, ...]
    done: bool
    forced: bool
    effect: Outcome | None
    value: int | None
    offered: tuple[Card, ...] | None = None
    card: Card | None = None

    def to_json(self) -> JSON:
        out: JSON = {
            "round": self.round,
            "giver": self.giver,
            "receiver": self.receiver,
            "claims": [NOTATION[c] for c in self.claims],
            "done": self.done,
            "forced": self.forced,
            "effect": None if self.effect is None else self.effect.value,
            "value": self.value,
        }
        if self.offered is not None:
            out["offered"] = [NOTATION[c] for c in self.offered]
        if self.card is not None:
            out["card"] = NOTATION[self.card]
        return out


class OfferView(NamedTuple):
    """The offer under way: who gives to whom, how many cards were refused, whether a card is waiting for
    an answer and its claim. ``refused_cards`` and ``offered_card`` are the giver's own knowledge (``None``
    in every other seat's view, ``refused_cards`` then absent from the JSON)."""

    giver: int
    receiver: int
    refused: int
    pending: bool
    claim: Card | None
    refused_cards: tuple[Card, ...] | None = None
    offered_card: Card | None = None

    def to_json(self) -> JSON:
        out: JSON = {
            "giver": self.giver,
            "receiver": self.receiver,
            "refused": self.refused,
            "pending": self.pending,
            "claim": None if self.claim is None else NOTATION[self.claim],
        }
        if self.refused_cards is not None:
            out["refused_cards"] = [NOTATION[c] for c in self.refused_cards]
            out["offered_card"] = None if self.offered_card is None else NOTATION[self.offered_card]
        return out


@dataclass(frozen=True, slots=True)
class SoupconsView(View):
    """Exactly what one seat (``None``: a spectator) may know of a Soupçons game (the module docstring)."""

    game_name = "soupcons"

    seat: int | None
    players: int
    options: SoupconsOptions
    first_player: int
    dealer: int
    round: int
    phase: Phase
    to_act: int | None
    active: int
    """The holder of three cards (the giver while an offer is under way)."""
    hand: tuple[Card, ...] | None
    """The seat's hand, sorted (``None`` for a spectator)."""
    dealt: tuple[Card, ...] | None
    """The cards the seat was dealt, sorted."""
    hand_sizes: tuple[int, ...]
    doors: tuple[Door, ...]
    table: TableView
    night_cards: int
    table_cards: int
    offer: OfferView | None
    exchanges: tuple[ExchangeView, ...]
    camp: Camp | None
    result: Result | None

    def to_json(self) -> JSON:
        """The generic ``View.to_json``, written out: the server sends a view after every move and the
        tests compare thousands, and this is three times faster. ``tests/games/soupcons`` checks that it
        gives exactly what the generic encoder gives."""
        hand, dealt, offer, result = self.hand, self.dealt, self.offer, self.result
        return {
            "game": "soupcons",
            "seat": self.seat,
            "players": self.players,
            "options": self.options.to_json(),
            "first_player": self.first_player,
            "dealer": self.dealer,
            "round": self.round,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "active": self.active,
            "hand": None if hand is None else [NOTATION[c] for c in hand],
            "dealt": None if dealt is None else [NOTATION[c] for c in dealt],
            "hand_sizes": list(self.hand_sizes),
            "doors": [door.value for door in self.doors],
            "table": self.table.to_json(),
            "night_cards": self.night_cards,
            "table_cards": self.table_cards,
            "offer": None if offer is None else offer.to_json(),
            "exchanges": [ex.to_json() for ex in self.exchanges],
            "camp": None if self.camp is None else self.camp.value,
            "result": None if result is None else result.to_json(),
        }


_DOORS = (Door.CLOSED, Door.OPEN)


def exchanges(state: SoupconsState, seat: int | None) -> tuple[ExchangeView, ...]:
    """Every exchange so far (the last one may be under way), as ``seat`` may know it."""
    out = [
        ExchangeView(
            ex.round,
            ex.giver,
            ex.receiver,
            ex.claims,
            True,
            ex.forced,
            ex.effect,
            ex.value,
            ex.offered if seat == ex.giver else None,
            ex.offered[-1] if seat == ex.giver or seat == ex.receiver else None,
        )
        for ex in state.past
    ]
    receiver = state.receiver
    if receiver is not None:
        offered: tuple[Card, ...] | None = None
        if seat == state.active:
            offered = tuple(state.refused) if state.offered is None else (*state.refused, state.offered)
        out.append(
            ExchangeView(state.round, state.active, receiver, tuple(state.claims), False, False, None, None, offered)
        )
    return tuple(out)


def seat_view(state: SoupconsState, seat: int | None) -> SoupconsView:
    """The typed view of ``seat`` (``None``: a spectator, who sees only public information)."""
    n = state.num_players
    hand: tuple[Card, ...] | None = None
    dealt: tuple[Card, ...] | None = None
    if seat is not None:
        hand = tuple(sorted(state.hands[seat]))
        dealt = tuple(sorted(state.dealt[seat]))
    offer: OfferView | None = None
    receiver = state.receiver
    if receiver is not None:
        mine = seat == state.active
        offer = OfferView(
            state.active,
            receiver,
            len(state.refused),
            state.offered is not None,
            state.claim,
            tuple(state.refused) if mine else None,
            state.offered if mine else None,
        )
    return SoupconsView(
        seat=seat,
        players=n,
        options=state.opts,
        first_player=state.starter,
        dealer=(state.starter - 1) % n,
        round=state.round,
        phase=state.phase,
        to_act=state.to_act,
        active=state.active,
        hand=hand,
        dealt=dealt,
        hand_sizes=tuple(len(h) for h in state.hands),
        doors=tuple(_DOORS[state.open_doors >> s & 1] for s in range(n)),
        table=TableView(state.table),
        night_cards=state.night,
        table_cards=state.on_table,
        offer=offer,
        exchanges=exchanges(state, seat),
        camp=state.camp,
        result=state.result() if state.is_over else None,
    )
