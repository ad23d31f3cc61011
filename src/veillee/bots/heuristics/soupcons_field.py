"""Which other seats play the way ``normal`` does: ``hard``'s opponent model for Soupçons answers.

``hard``'s rollouts play the other seats with ``normal``'s policy. Against seats that play otherwise (a
textbook ``ismcts`` accepts about half of the cards whatever is claimed), that model misjudges offers:
``hard`` keeps a card for later that such a receiver would have taken. Playing every answer at random in
the rollouts gained 5 points of pairings against ``ismcts`` fields and lost 18 against ``normal`` fields
(issue 21, ninth pass in docs/bots.md): the model must follow the field.

The public history tells them apart. ``normal`` claims a Night turn every time (its offer score prefers
any such claim; ``hard``, which offers with ``normal``'s claims, made 2,275 of 2,275 in the 500 matches of
docs/bots.md's tenth pass) and refuses the second card of an offer almost always (in 200 all-``normal``
matches: 1,986 refusals of 2,028 second cards; 1,491 acceptances of 3,477 first cards claimed as Night
turns), where ``ismcts`` names a Night turn in a third of its claims (1,608 of 4,932 in those matches) and
takes about half of the cards offered. So each
seat's claims and answers so far weigh the two hypotheses (Bayes, from even odds), and the chance that the
seat ignores claims is the share of its answers the rollouts play at random. Its claims are the quicker
evidence: one claim of anything but a Night turn settles it, where answers tell only from the first second
card a seat is offered (issue 21, tenth pass). Reading only claims, answers and table changes, all public
(ruling 7), it sees no card.
"""

from __future__ import annotations

from collections.abc import Iterator

from veillee.games.soupcons.cards import DAY, GONE, NIGHT, Card, Side
from veillee.games.soupcons.events import Outcome
from veillee.games.soupcons.view import ExchangeView, SoupconsView

__all__ = ["CLAIMS_NIGHT", "FIRST_NIGHT", "OTHERS_CLAIM_NIGHT", "SECOND", "answers", "claims", "ignores_claims"]

FIRST_NIGHT = 0.43
"""How often ``normal`` accepts a first card claimed to turn a Night card (module docstring)."""
SECOND = 0.03
"""How often ``normal`` accepts a second card, whatever its claim (module docstring; 2 %, a little more
allowed for ``hard``'s overrides)."""
CLAIMS_NIGHT = 0.99
"""How often ``normal`` claims a Night turn (module docstring: every time; 1 % left for a seat that mostly
plays like it)."""
OTHERS_CLAIM_NIGHT = 0.35
"""How often a seat that ignores claims names a Night turn (``ismcts``: 33 %, module docstring; 0.35 was
set from a first, smaller sample and kept, as measured in docs/bots.md)."""


def _history(view: SoupconsView) -> Iterator[tuple[ExchangeView, list[Side]]]:
    """Every exchange so far with the side of each value when it began (removed values and the 0: GONE)."""
    side: list[Side] = [GONE] + [NIGHT] * view.table.top
    for ex in view.exchanges:
        yield ex, side
        if ex.done and ex.value is not None:
            if ex.effect is Outcome.DAY:
                side[ex.value] = DAY
            elif ex.effect is Outcome.REMOVED:
                side[ex.value] = GONE


def _night(claim: Card, side: list[Side]) -> bool:
    return claim is not Card.SERPENT and side[claim] == NIGHT


def answers(view: SoupconsView) -> list[list[tuple[bool, bool]]]:
    """Per seat, its answers so far as (accepted, which ``normal`` would answer about half the time: a
    first card claimed to turn a Night card). Forced third cards are not answers; first cards with other
    claims are left out (``normal`` never makes them, so its answers to them were not measured)."""
    out: list[list[tuple[bool, bool]]] = [[] for _ in range(view.players)]
    for ex, side in _history(view):
        last = len(ex.claims) - 1
        for i, claim in enumerate(ex.claims):
            if i == last and (ex.forced or not ex.done):
                break  # the forced card is not an answer; a pending one is not answered yet
            if i == 1 or _night(claim, side):
                out[ex.receiver].append((i == last, i == 0))
    return out


def claims(view: SoupconsView) -> list[list[bool]]:
    """Per seat, its claims so far as giver: whether each named a Night turn."""
    out: list[list[bool]] = [[] for _ in range(view.players)]
    for ex, side in _history(view):
        out[ex.giver].extend(_night(claim, side) for claim in ex.claims)
    return out


def ignores_claims(view: SoupconsView) -> list[float]:
    """Per seat, the chance that it plays without reading claims, from its claims and answers so far (even
    odds before any)."""
    chances = []
    for said, answered in zip(claims(view), answers(view), strict=True):
        ratio = 1.0  # P(claims, answers | normal) / P(claims, answers | ignores claims)
        for night in said:
            ratio *= CLAIMS_NIGHT / OTHERS_CLAIM_NIGHT if night else (1.0 - CLAIMS_NIGHT) / (1.0 - OTHERS_CLAIM_NIGHT)
        for accepted, first in answered:
            p = FIRST_NIGHT if first else SECOND
            ratio *= (p if accepted else 1.0 - p) / 0.5
        chances.append(1.0 / (1.0 + ratio))
    return chances
