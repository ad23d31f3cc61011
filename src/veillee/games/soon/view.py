"""What each seat may know of a SOON match: views, redacted events, and determinization.

Public in SOON: every suite, the whole discard pile (every card in it was shown face up), the number of
cards in each hand and in the pile, the cards known to be in a hand because they were taken face up from the
discard, and every Explorateur question and answer. Hidden: the other hands and the order of the pile.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from veillee.core import JSON, RawEvent
from veillee.games.soon.cards import DECK, Card
from veillee.games.soon.rules import matches

if TYPE_CHECKING:
    from veillee.games.soon.state import SoonState

__all__ = ["redact", "resample_hidden", "view"]


def _cards(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def view(state: SoonState, seat: int | None) -> JSON:
    """The JSON view of ``seat`` (``None``: a spectator, who sees only public information)."""
    ask = state.ask
    out: JSON = {
        "game": "soon",
        "seat": seat,
        "players": state.num_players,
        "options": dict(state.options),
        "round": state.round,
        "starter": state.starter,
        "turn": state.turn,
        "to_act": state.to_act,
        "phase": str(state.phase),
        "hand": None if seat is None else _cards(sorted(state.hands[seat])),
        "hand_sizes": [len(hand) for hand in state.hands],
        "known_in_hand": [_cards(sorted(known)) for known in state.known],
        "suites": [_cards(suite) for suite in state.suites],
        "discard": _cards(state.discard),
        "pile_size": len(state.pile),
        "finisher": state.finisher,
        "last_turns_left": state.last_turns_left,
        "ask": None
        if ask is None
        else {"asker": ask.asker, "target": ask.target, "value": ask.value, "colour": ask.colour},
        "totals": list(state.totals),
        "round_scores": [list(scores) for scores in state.round_scores],
        "result": state.result().to_json() if state.is_over else None,
    }
    return out


def resample_hidden(state: SoonState, seat: int, rng: random.Random) -> None:
    """Deal every card hidden from ``seat`` anew, consistently with what it knows, and draw a new seed.

    Kept: ``seat``'s hand, the suites, the discard, hand sizes, cards known to be in a hand, and, while an
    Explorateur question waits for its answer, a matching card in the asked player's hand (the answer
    « yes » is public). Only positive knowledge is kept: an earlier « no » is not remembered.
    """
    n = state.num_players
    unseen = Counter(DECK)
    unseen.subtract(state.hands[seat])
    unseen.subtract(state.discard)
    for suite in state.suites:
        unseen.subtract(suite)
    for other in range(n):
        if other != seat:
            unseen.subtract(state.known[other])
    pool = [card for card, count in unseen.items() for _ in range(count)]
    rng.shuffle(pool)
    ask = state.ask
    for other in range(n):
        if other == seat:
            continue
        hand = list(state.known[other])
        need = len(state.hands[other]) - len(hand)
        if ask is not None and ask.target == other and not any(matches(c, ask.value, ask.colour) for c in hand):
            index = next(i for i, c in enumerate(pool) if matches(c, ask.value, ask.colour))
            hand.append(pool.pop(index))
            need -= 1
        for _ in range(need):
            hand.append(pool.pop())
        state.hands[other] = hand
    state.pile = pool
    state.seed = rng.getrandbits(63)


def redact(event: RawEvent, seat: int | None) -> JSON:
    """One event as ``seat`` may see it: drawn cards only to the one who drew them, dealt hands likewise."""
    kind = event[0]
    if kind == "deal":
        _, round_no, starter, hands, top = event
        out: JSON = {"type": "deal", "round": round_no, "starter": starter, "discard": str(top)}
        if seat is not None:
            out["hand"] = _cards(hands[seat])
        return out
    if kind == "draw":
        _, actor, card = event
        out = {"type": "draw", "seat": actor}
        if seat == actor:
            out["card"] = str(card)
        return out
    if kind == "redraw":
        _, actor, card = event
        out = {"type": "redraw", "seat": actor}
        if seat == actor:
            out["card"] = str(card)
        return out
    if kind == "renew":
        _, actor, thrown, drawn = event
        out = {"type": "renew", "seat": actor, "discarded": _cards(thrown), "drawn": len(drawn)}
        if seat == actor:
            out["cards"] = _cards(drawn)
        return out
    if kind in ("take", "place", "discard"):
        return {"type": kind, "seat": event[1], "card": str(event[2])}
    if kind == "replace":
        _, actor, card, position, old = event
        return {"type": kind, "seat": actor, "card": str(card), "position": position, "replaced": str(old)}
    if kind in ("lightning", "thief"):
        _, actor, target, card = event
        return {"type": kind, "seat": actor, "target": target, "card": str(card)}
    if kind == "explore":
        _, actor, target, value, colour, found = event
        return {
            "type": kind,
            "seat": actor,
            "target": target,
            "value": value,
            "colour": colour,
            "found": found,
        }
    if kind == "give":
        _, giver, asker, card, old = event
        return {
            "type": kind,
            "seat": giver,
            "to": asker,
            "card": str(card),
            "replaced": None if old is None else str(old),
        }
    if kind == "reshuffle":
        return {"type": kind, "pile_size": event[1]}
    if kind == "complete":
        return {"type": kind, "seat": event[1], "first": event[2]}
    if kind == "round_end":
        _, round_no, scores, totals = event
        return {"type": kind, "round": round_no, "scores": list(scores), "totals": list(totals)}
    if kind == "match_end":
        return {"type": kind, "winners": list(event[1])}
    raise ValueError(f"unknown SOON event {kind!r}")
