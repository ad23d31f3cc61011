"""SOON scoring (R10, R11): small pure functions over suites, round scores and totals."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from veillee.core import Result
from veillee.games.soon import events as ev
from veillee.games.soon.actions import Kind
from veillee.games.soon.cards import COLOUR, IS_JOKER, THIEF, Card

if TYPE_CHECKING:
    from veillee.games.soon.state import SoonState

__all__ = ["is_complete", "is_monochrome", "match_decided", "match_result", "round_scores", "stats", "suite_score"]

SUITE_LENGTH = 8
COMPLETE_BONUS = 2
FIRST_BONUS = 2


def is_complete(suite: Sequence[Card]) -> bool:
    """« Suite complète »: 8 cards and no Voleur (R8, ruling 14)."""
    return len(suite) == SUITE_LENGTH and THIEF not in suite


def is_monochrome(suite: Sequence[Card]) -> bool:
    """Every card but the Voleurs is of one colour, and there is at least one such card (ruling 15)."""
    colours = {COLOUR[card] for card in suite if card is not THIEF}
    return len(colours) == 1


def suite_score(suite: Sequence[Card], *, first: bool) -> int:
    """The round score of one suite, in the seed's order (ruling 16).

    >>> from veillee.games.soon.cards import Card as C
    >>> suite_score([C.DAY_1, C.DAY_2, C.DAY_JOKER, C.DAY_4, C.DAY_5, C.DAY_6, C.DAY_7, C.DAY_8], first=True)
    18
    """
    points = sum(1 for card in suite if card is not THIEF)
    complete = is_complete(suite)
    if complete:
        points -= sum(1 for card in suite if IS_JOKER[card])
    if is_monochrome(suite):
        points *= 2
    if complete:
        points += COMPLETE_BONUS
        if first:
            points += FIRST_BONUS
    return points


def round_scores(suites: Sequence[Sequence[Card]], finisher: int | None, *, speed: bool) -> list[int]:
    """Each seat's points for the round (R10); in Speed, 1 for the winner and 0 for the others (R9)."""
    if speed:
        return [int(seat == finisher) for seat in range(len(suites))]
    return [suite_score(suite, first=seat == finisher) for seat, suite in enumerate(suites)]


def match_decided(totals: Sequence[int], scores: Sequence[int], target: int | None) -> bool:
    """Whether the round just scored (``scores``) ends the match (R11, rulings 21 and 28).

    With a target: it is reached and one seat alone has the top total. Express (no target): one seat alone
    has the round's top score, whatever the earlier rounds gave.
    """
    if target is None:
        return _alone_at_top(scores)
    return max(totals) >= target and _alone_at_top(totals)


def match_result(totals: Sequence[int], rounds: Sequence[Sequence[int]], target: int | None) -> Result:
    """The ranks of a finished match (Ruling 33): by total, or in Express by the deciding round's points."""
    if target is None:
        return Result.from_scores(rounds[-1])
    return Result.from_scores(totals)


def _alone_at_top(points: Sequence[int]) -> bool:
    return points.count(max(points)) == 1


# -- statistics ----------------------------------------------------------------------------------------
def stats(state: SoonState) -> dict[str, float]:
    """What a simulation summary reports of one match."""
    history = state.history
    kinds = Counter(action.kind for action in history)
    log = state.raw_events()
    return {
        "rounds": state.round,
        "turns": state.turns,
        "turns per round": state.turns / state.round,
        "decisions": len(history),
        "lightning": kinds[Kind.LIGHTNING],
        "thief": kinds[Kind.THIEF],
        "explorer": kinds[Kind.EXPLORE],
        "explorer answered": sum(1 for event in log if isinstance(event, ev.Explore) and event.found),
        "jokers placed": sum(
            1 for a in history if a.kind in (Kind.PLACE, Kind.REPLACE) and a.card in (Card.DAY_JOKER, Card.NIGHT_JOKER)
        ),
        "renewals": kinds[Kind.RENEW],
        "reshuffles": sum(1 for event in log if isinstance(event, ev.Reshuffle)),
    }
