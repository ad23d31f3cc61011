"""What each seat may know of a Soupçons game: views and redacted events.

Public (rule R8, ruling 7): who holds three cards, every choice of receiver (the Portes), every claim,
every refusal and acceptance, and every table change or « rien ne se passe ». Private: a seat's own hand,
the cards it was dealt, the cards it offered (refused ones included) and the card it accepted. Never shown
to anybody else: which card was accepted, or any refused card.

Views carry the whole public history (``exchanges``) and the seat's own part of it, because that is what a
player at the table remembers and what ``determinize`` must honour: a world drawn for a seat is valid only
if that seat's view of it is identical.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from veillee.core import JSON, RawEvent
from veillee.games.soupcons.cards import Card

if TYPE_CHECKING:
    from veillee.games.soupcons.state import SoupconsState

__all__ = ["SIDES", "exchanges", "redact", "view"]

SIDES = ("night", "day", "removed")
"""How a Nuit/Jour card is shown in views, by its ``table`` code."""


def _cards(cards: Any) -> list[str]:
    return [str(card) for card in sorted(cards)]


def exchanges(state: SoupconsState, seat: int | None) -> list[JSON]:
    """Every exchange so far (the last one may be under way), as ``seat`` may know it.

    An exchange is one holder offering up to three cards to one chosen seat. ``claims`` lists the claims in
    order; all but the last were refused. ``offered`` (the cards behind the claims) is shown to the holder
    only, ``card`` (the accepted card) to the holder and the receiver only.
    """
    out: list[JSON] = []
    for round_no, giver, receiver, claims, offered, forced, effect, value in state.past:
        ex: JSON = {
            "round": round_no,
            "giver": giver,
            "receiver": receiver,
            "claims": [str(c) for c in claims],
            "done": True,
            "forced": forced,
            "effect": effect,
            "value": value,
        }
        if seat == giver:
            ex["offered"] = [str(c) for c in offered]
        if seat in (giver, receiver):
            ex["card"] = str(offered[-1])
        out.append(ex)
    if state.receiver is not None:
        ex = {
            "round": state.round,
            "giver": state.active,
            "receiver": state.receiver,
            "claims": [str(c) for c in state.claims],
            "done": False,
            "forced": False,
            "effect": None,
            "value": None,
        }
        if seat == state.active:
            pending = [] if state.offered is None else [state.offered]
            ex["offered"] = [str(c) for c in (*state.refused, *pending)]
        out.append(ex)
    return out


def view(state: SoupconsState, seat: int | None) -> JSON:
    """The JSON view of ``seat`` (``None``: a spectator, who sees only public information)."""
    n = state.num_players
    top = state.material.top
    dealt: list[str] | None = None
    hand: list[str] | None = None
    if seat is not None:
        dealt = _cards(state.dealt[seat])
        hand = _cards(state.hands[seat])
    offer: JSON | None = None
    if state.receiver is not None:
        offer = {
            "giver": state.active,
            "receiver": state.receiver,
            "refused": len(state.refused),
            "pending": state.offered is not None,
            "claim": None if state.claim is None else str(state.claim),
        }
        if seat == state.active:
            offer["refused_cards"] = [str(card) for card in state.refused]
            offer["offered_card"] = None if state.offered is None else str(state.offered)
    return {
        "game": "soupcons",
        "seat": seat,
        "players": n,
        "options": dict(state.options),
        "first_player": state.starter,
        "dealer": (state.starter - 1) % n,
        "round": state.round,
        "phase": str(state.phase),
        "to_act": state.to_act,
        "active": state.active,
        "hand": hand,
        "dealt": dealt,
        "hand_sizes": [len(hand) for hand in state.hands],
        "doors": ["open" if door else "closed" for door in state.doors],
        "table": {str(v): SIDES[state.table[v]] for v in range(1, top + 1)},
        "night_cards": state.night,
        "table_cards": state.on_table,
        "offer": offer,
        "exchanges": exchanges(state, seat),
        "camp": None if state.camp is None else str(state.camp),
        "result": state.result().to_json() if state.is_over else None,
    }


def redact(event: RawEvent, seat: int | None) -> JSON:
    """One event as ``seat`` may see it: a card only to the seats that held it."""
    kind = event[0]
    if kind == "deal":
        _, dealer, starter, hands = event
        out: JSON = {
            "type": "deal",
            "dealer": dealer,
            "first_player": starter,
            "hand_sizes": [len(hand) for hand in hands],
        }
        if seat is not None:
            out["hand"] = _cards(hands[seat])
        return out
    if kind == "choose":
        return {"type": "choose", "seat": event[1], "target": event[2]}
    if kind == "offer":
        _, giver, receiver, card, claim, number = event
        out = {"type": "offer", "seat": giver, "to": receiver, "claim": str(claim), "number": number}
        if seat == giver:
            out["card"] = str(card)
        return out
    if kind == "refuse":
        return {"type": "refuse", "seat": event[1]}
    if kind == "accept":
        _, giver, receiver, card, forced = event
        out = {"type": "accept", "seat": receiver, "from": giver, "forced": forced}
        if seat in (giver, receiver):
            out["card"] = str(card)
        return out
    if kind == "effect":
        return {"type": "effect", "effect": event[1], "value": event[2]}
    if kind == "round_end":
        return {"type": "round_end", "round": event[1], "next": event[2]}
    if kind == "end":
        return {"type": "end", "camp": event[1], "winners": list(event[2])}
    raise ValueError(f"unknown Soupçons event {kind!r}")


def card_of(text: str) -> Card:
    """The card written ``text`` in a view (``"5"``, ``"S"``)."""
    return Card.SERPENT if text == "S" else Card(int(text))
