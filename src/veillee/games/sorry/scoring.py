"""Pawns, the match's end and its result (R18, R20, Rulings 25, 30), and a match's statistics."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from veillee.core import Result
from veillee.games.sorry.cards import PAWNS
from veillee.games.sorry.events import Block, Bust, Dead, MatchEnd, Sorry, Steal, TwentyOne
from veillee.games.sorry.phases import Phase

if TYPE_CHECKING:
    from veillee.games.sorry.state import SorryState

__all__ = ["end_match", "home_pawns", "match_result", "match_stats"]


def home_pawns(progress: int) -> int:
    """Pawns on the HOME side for a seat's progress (in the longer game, 5–8 flip them back to START, R20)."""
    return progress if progress <= PAWNS else 2 * PAWNS - progress


def end_match(state: SorryState, winner: int) -> None:
    """The first to reach the goal wins at once: nothing more is played or drawn (R18, R20, Ruling 32)."""
    state.winner = winner
    state.phase = Phase.OVER
    state.to_act = None
    state.is_over = True
    state.emit(MatchEnd(winner))


def match_result(state: SorryState) -> Result:
    """The winner ranks first alone; the others by progress (Ruling 30)."""
    winner = state.winner
    assert winner is not None
    scores = tuple(state.progress)
    others = [p for s, p in enumerate(scores) if s != winner]
    ranks = tuple(1 if s == winner else 2 + sum(1 for q in others if q > p) for s, p in enumerate(scores))
    return Result(scores, ranks, (winner,))


def match_stats(state: SorryState) -> dict[str, float]:
    """What a simulation summary reports of one match."""
    kinds = Counter(type(happened) for happened in state.raw_events())
    return {
        "rounds": state.round,
        "turns": state.turns,
        "decisions": len(state.history),
        "twenty_ones": kinds[TwentyOne],
        "busts": kinds[Bust],
        "steals": kinds[Steal],
        "blocks": kinds[Block],
        "flip_back_sorry": kinds[Sorry],
        "dead_cards": kinds[Dead],
        "tiebreaks": state.tb_rounds,
        "reshuffles": state.reshuffles,
    }
