"""How a Soupçons game ends and scores (R10–R11, rulings 10, 13 and 20), and what a summary reports of it."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from veillee.core import Result
from veillee.games.soupcons.cards import Card

if TYPE_CHECKING:
    from veillee.games.soupcons.state import SoupconsState

__all__ = ["Camp", "holds_serpent", "match_result", "stats"]


class Camp(StrEnum):
    """How the game ended (R10–R11, ruling 13)."""

    SERPENTS = "serpents"
    """Exactly one Nuit/Jour card is left and it shows Night: every holder of a Serpent wins."""
    NO_SERPENT = "no-serpent"
    """The last Night card turned to Day: every player without a Serpent wins."""
    DRAW = "draw"
    """The optional round cap was reached (ruling 13)."""


def holds_serpent(state: SoupconsState, seat: int) -> bool:
    """Whether ``seat`` is in the Serpent camp now (camps follow the hands, ruling 10)."""
    return Card.SERPENT in state.hands[seat]


def match_result(state: SoupconsState) -> Result:
    """1 point to each winner, 0 to the others. A draw (round cap) scores 0 for all, so all share rank 1
    and the result lists every seat as a winner (the protocol wants a non-empty list; ruling 20)."""
    camp = state.camp
    n = state.num_players
    if camp is Camp.SERPENTS:
        scores = [int(holds_serpent(state, s)) for s in range(n)]
    elif camp is Camp.NO_SERPENT:
        scores = [int(not holds_serpent(state, s)) for s in range(n)]
    else:
        scores = [0] * n
    return Result.from_scores(scores)


def stats(state: SoupconsState) -> dict[str, float]:
    """What a simulation summary reports of one game: who won, how long it took, how people played.

    Counted from the exchanges (``past``, and the one under way) rather than kept up to date on every move.
    """
    camp = state.camp
    offers = len(state.claims) if state.receiver is not None else 0
    refusals = len(state.refused)
    lies = sum(1 for card, claim in zip((*state.refused, state.offered), state.claims, strict=False) if card != claim)
    lies = lies if state.receiver is not None else 0
    forced = 0
    for ex in state.past:
        offers += len(ex.claims)
        refusals += len(ex.claims) - 1
        lies += sum(1 for card, claim in zip(ex.offered, ex.claims, strict=True) if card != claim)
        forced += ex.forced
    return {
        "serpent camp won": float(camp is Camp.SERPENTS),
        "no-serpent camp won": float(camp is Camp.NO_SERPENT),
        "draw": float(camp is Camp.DRAW),
        "winners": float(len(match_result(state).winners)) if state.is_over and camp is not Camp.DRAW else 0.0,
        "rounds": float(state.round),
        "exchanges": float(len(state.past)),
        "decisions": float(len(state.history)),
        "refusals": float(refusals),
        "forced third cards": float(forced),
        "lies": float(lies),
        "offers": float(offers),
        "table cards left": float(state.on_table),
    }
