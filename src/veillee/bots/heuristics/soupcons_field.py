"""Which other seats answer offers the way ``normal`` does: ``hard``'s opponent model for Soupçons answers.

``hard``'s rollouts play the other seats with ``normal``'s policy. Against seats that play otherwise (a
textbook ``ismcts`` accepts about half of the cards whatever is claimed), that model misjudges offers:
``hard`` keeps a card for later that such a receiver would have taken. Playing every answer at random in
the rollouts gained 5 points of pairings against ``ismcts`` fields and lost 18 against ``normal`` fields
(issue 21, ninth pass in docs/bots.md): the model must follow the field.

The public history tells them apart. ``normal`` claims a Night value almost always and refuses the second
card of an offer almost always (in 200 all-``normal`` matches: 1,986 refusals of 2,028 second cards; 1,491
acceptances of 3,477 first cards), where a seat that ignores claims takes about half of either. So each
seat's answers so far weigh the two hypotheses (Bayes, from even odds), and the chance that the seat ignores
claims is the share of its answers the rollouts play at random. Reading only claims, answers and table
changes, all public (ruling 7), it sees no card.
"""

from __future__ import annotations

from veillee.games.soupcons.cards import DAY, GONE, NIGHT, Card, Side
from veillee.games.soupcons.events import Outcome
from veillee.games.soupcons.view import SoupconsView

__all__ = ["FIRST_NIGHT", "SECOND", "answers", "ignores_claims"]

FIRST_NIGHT = 0.43
"""How often ``normal`` accepts a first card claimed to turn a Night card (module docstring)."""
SECOND = 0.03
"""How often ``normal`` accepts a second card, whatever its claim (module docstring; 2 %, a little more
allowed for ``hard``'s overrides)."""


def answers(view: SoupconsView) -> list[list[tuple[bool, bool]]]:
    """Per seat, its answers so far as (accepted, which ``normal`` would answer about half the time: a
    first card claimed to turn a Night card). Forced third cards are not answers; first cards with other
    claims are left out (``normal``'s answers to them were not measured)."""
    side: list[Side] = [GONE] + [NIGHT] * view.table.top
    out: list[list[tuple[bool, bool]]] = [[] for _ in range(view.players)]
    for ex in view.exchanges:
        last = len(ex.claims) - 1
        for i, claim in enumerate(ex.claims):
            if i == last and (ex.forced or not ex.done):
                break  # the forced card is not an answer; a pending one is not answered yet
            night = claim is not Card.SERPENT and side[claim] == NIGHT
            if i == 1 or night:
                out[ex.receiver].append((i == last, i == 0))
        if ex.done and ex.value is not None:
            if ex.effect is Outcome.DAY:
                side[ex.value] = DAY
            elif ex.effect is Outcome.REMOVED:
                side[ex.value] = GONE
    return out


def ignores_claims(view: SoupconsView) -> list[float]:
    """Per seat, the chance that it answers without reading claims, from its answers so far (even odds
    before any)."""
    chances = []
    for seat in answers(view):
        ratio = 1.0  # P(answers | normal) / P(answers | ignores claims)
        for accepted, first in seat:
            p = FIRST_NIGHT if first else SECOND
            ratio *= (p if accepted else 1.0 - p) / 0.5
        chances.append(1.0 / (1.0 + ratio))
    return chances
