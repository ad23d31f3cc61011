"""How likely a sampled Soupçons world is under a model of how givers order their cards (``world_weight``,
a candidate for the search's importance weights; issue 21, seventh pass in docs/bots.md).

**Not hooked in.** Soupçons' heuristic module does not export ``world_weight``, so ``hard`` does not weight
its worlds: with it (and ``candidates`` returning every answer where a giver may hold a game-ending card,
instead of leaving those answers to ``normal``), ``hard`` ranked above an ``ismcts`` seat in 57.4 % of 520
pairings on three fresh seeds against 53.6 % for the shipped ``hard`` on the same matches (+1.3 standard
errors, paired), and 50.0 % against two shipped ``hard`` seats: no proven gain, and short of issue 21's
60 % either way. The model and its tests stay,
so that a later pass can try it again by exporting it (``world_weight`` in ``soupcons.py``).

The world sampler (``veillee.games.soupcons.determinize``) reads only the seat's view and draws what the
view does not show uniformly: in particular, while we answer an offer, *which* of the giver's three cards is
on offer (and which it offered before, refused). Nothing public depends on that choice (claims prove
nothing, and the refusals were ours), so the sampler's draw of the giver's hand is as good as any; but
givers do not pick the card at random at the end of a game. Measured on ``ismcts`` givers (fourth pass):
holding a card that ends the game at once for its camp (the last Night value for an innocent, the Day value
whose removal leaves the single Night card for a Serpent), it offered it first in 53–63 % of the exchanges
where it held one, and a card that ends the game *against* it first in 3 of 122, though often second or as
the forced third (``normal`` givers: always first, and only as the forced third). The same model as
``_Table.answer_gain`` in ``soupcons.py``, where ``normal`` uses it without worlds.

So each position of the offer is a draw among the giver's cards still in hand, in proportion to a
*propensity*: 1 for an ordinary card, ``WANTED`` for the card that wins for the giver's camp (``FIRST`` of
the time against two ordinary cards), ``AVOIDED`` for the card that wins for the other camp while three
cards are left (``AVOIDED_LATER`` with two: an ``ismcts`` giver is indifferent between offering it second
and leaving it as the forced third, where it is accepted as often). A world's weight is the likelihood of
its order under this model divided by its likelihood under the sampler (uniform: one card of ``k`` at
each position): 1 where the giver holds no game-ending card, as without weights.

The weight reads only the sampled world (its giver's hand, camp and order, all drawn from the view) and
the view (whose answer this is); never the true state, which the search does not have.

The eighth pass replaced the hand-set propensities by ones fitted on ``ismcts`` givers (``PROPENSITY``,
``fitted_weight``, at every answer and, with ``history``, for every past exchange of the other seats). Not
hooked in either (``soupcons.GIVER_MODEL`` is off): no measurable gain on a fresh seed (docs/bots.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from veillee.bots.heuristics.soupcons import FIRST  # how often a giver offers its winning card first
from veillee.core import GameState
from veillee.games.soupcons.cards import DAY, NIGHT, Card, Side
from veillee.games.soupcons.rules import Phase
from veillee.games.soupcons.state import SoupconsState
from veillee.games.soupcons.view import SoupconsView

__all__ = [
    "AVOIDED",
    "AVOIDED_LATER",
    "FIRST",
    "PROPENSITY",
    "WANTED",
    "card_category",
    "fitted_ratio",
    "fitted_weight",
    "history_ratio",
    "offer_propensities",
    "order_ratio",
    "world_weight",
]

WANTED = 2.0 * FIRST / (1.0 - FIRST)
"""The propensity of the card that wins for the giver's camp: ``FIRST`` against two ordinary cards."""
AVOIDED = 0.05
"""The propensity of a card that wins for the other camp while the giver has three cards (first in about
2.5 % of exchanges: 3 of 122)."""
AVOIDED_LATER = 1.0
"""The same with two cards left: offered second or left as the forced third, alike for a giver that
expects about half of its cards to be accepted."""


def _ending(table: Sequence[Side], night: int, on_table: int) -> tuple[Card | None, Card | None]:
    """The cards that end the game at once if accepted now: the last Night value (the innocents win) and,
    with one Day and one Night card left, the Day value (the Serpents win)."""
    if night != 1:
        return None, None
    last = next(Card(v) for v in range(1, len(table)) if table[v] == NIGHT)
    day = next(Card(v) for v in range(1, len(table)) if table[v] == DAY) if on_table == 2 else None
    return last, day


def _giver_ratio(order: Sequence[Card], hand: Sequence[Card], last: Card | None, day: Card | None) -> float:
    """``order_ratio`` for a giver holding ``hand`` (its camp read from it) at a table whose game-ending
    cards are ``last`` and ``day``."""
    if last is None:
        return 1.0
    wanted, avoided = (day, last) if Card.SERPENT in hand else (last, day)
    return order_ratio(order, hand, wanted if wanted in hand else None, avoided if avoided in hand else None)


def offer_propensities(remaining: Sequence[Card], wanted: Card | None, avoided: Card | None) -> dict[Card, float]:
    """Each card's chance to be offered next among ``remaining`` (the giver's cards not offered yet in this
    exchange), given the card that wins for its camp and the one that wins for the other camp."""
    weights: dict[Card, float] = {}
    for card in remaining:
        if card is wanted:
            weight = WANTED
        elif card is avoided:
            weight = AVOIDED if len(remaining) >= 3 else AVOIDED_LATER
        else:
            weight = 1.0
        weights[card] = weights.get(card, 0.0) + weight
    total = sum(weights.values())
    return {card: weight / total for card, weight in weights.items()}


def order_ratio(order: Sequence[Card], hand: Sequence[Card], wanted: Card | None, avoided: Card | None) -> float:
    """The likelihood of the cards offered in ``order`` from ``hand`` under the giver model, over their
    likelihood under uniform draws (each card of ``k`` left: ``1/k``). The forced last card adds nothing."""
    if wanted is None and avoided is None:
        return 1.0
    remaining = list(hand)
    ratio = 1.0
    for card in order:
        if len(remaining) <= 1:
            break
        chances = offer_propensities(remaining, wanted, avoided)
        ratio *= chances[card] * len(remaining) / remaining.count(card)
        remaining.remove(card)
    return ratio


def world_weight(view: SoupconsView, world: GameState[Any]) -> float:
    """The importance weight of a world sampled for ``view``'s seat: at an answer of ours, how much likelier
    the world's order of the giver's cards is under the giver model than under the sampler; 1 elsewhere."""
    state = cast(SoupconsState, world)
    if state.phase is not Phase.RESPOND or view.phase is not Phase.RESPOND or state.receiver != view.seat:
        return 1.0
    last, day = _ending(state.table, state.night, state.on_table)
    if last is None:
        return 1.0
    offered = state.offered
    assert offered is not None
    order = [*state.refused, offered]
    return _giver_ratio(order, [*state.hands[state.active], *order], last, day)


# -- the fitted giver model (issue 21, eighth pass) ----------------------------------------------------------
PROPENSITY: dict[tuple[bool, int], dict[str, float]] = {
    (False, 3): {"night": 1.17, "day": 0.69, "nothing": 1.0, "win_own": 5.07, "win_other": 0.26},
    (False, 2): {"night": 1.25, "day": 1.28, "nothing": 1.0, "win_own": 0.40, "win_other": 0.93},
    (True, 3): {"serpent": 1.36, "night": 1.48, "day": 0.65, "nothing": 1.0, "win_own": 0.19, "win_other": 0.07},
    (True, 2): {"serpent": 1.11, "night": 0.81, "day": 1.0, "nothing": 1.0, "win_own": 4.48, "win_other": 1.07},
}
"""Each card's propensity to be offered next by an ``ismcts`` giver, by (whether the giver holds a Serpent,
how many cards it has left to offer) and by what the card does if accepted now (``card_category``),
relative to a free card (``nothing``): fitted by ``benchmarks/soupcons_givers.py fit`` on the 1,010 choices
of ``ismcts`` givers in 59 matches of seed 3101 (two ``ismcts`` seats and main's ``hard``, 0.1 s CPU; a
conditional logit with a prior of two virtual draws against a card of propensity 1, which keeps the
rare categories near 1). An innocent offers the last Night value first in 77 % of the exchanges where it
holds it (43 of 56), a card that wins for the other camp first in 1 of 22; a Serpent offers its Serpent
first in 41 % (99 of 240, a third under uniform draws). Docs/bots.md, issue 21, eighth pass."""


def card_category(card: Card, table: Sequence[Side], night: int, on_table: int, serpent: bool) -> str:
    """What ``card`` does if accepted now, for a giver in the Serpents' camp (``serpent``) or not: ``serpent``
    (the Serpent itself), ``night`` (turns a Night card), ``day`` (removes a Day card), ``nothing`` (a free
    card: the 0 or a removed value), ``win_own`` / ``win_other`` (ends the game for the giver's camp, or for
    the other one)."""
    if card is Card.SERPENT:
        return "serpent"
    side = table[card] if card < len(table) else Side.GONE
    if side == NIGHT:
        if night == 1:
            return "win_other" if serpent else "win_own"
        return "night"
    if side == DAY:
        if on_table == 2 and night == 1:
            return "win_own" if serpent else "win_other"
        return "day"
    return "nothing"


def fitted_ratio(
    order: Sequence[Card], hand: Sequence[Card], table: Sequence[Side], night: int, on_table: int
) -> float:
    """The likelihood of the cards offered in ``order`` from ``hand`` under the fitted giver model
    (``PROPENSITY``), over their likelihood under the sampler's uniform draws. The forced last card adds
    nothing."""
    serpent = Card.SERPENT in hand
    remaining = list(hand)
    ratio = 1.0
    for card in order:
        k = len(remaining)
        if k <= 1:
            break
        weights = PROPENSITY[serpent, min(k, 3)]
        props = [weights[card_category(c, table, night, on_table, serpent)] for c in remaining]
        total = sum(props)
        mine = sum(p for c, p in zip(remaining, props, strict=True) if c is card)
        ratio *= (mine / total) * k / remaining.count(card)
        remaining.remove(card)
    return ratio


def fitted_weight(view: SoupconsView, world: GameState[Any], *, history: bool = False) -> float:
    """The importance weight of a world sampled for ``view``'s seat under the fitted giver model: at any
    answer of ours, how much likelier the world's order of the giver's cards (its card on offer and those we
    refused before) is under ``PROPENSITY`` than under the sampler; 1 at our other decisions. With
    ``history``, times ``history_ratio`` (at every decision)."""
    state = cast(SoupconsState, world)
    ratio = history_ratio(state, view.seat) if history and view.seat is not None else 1.0
    if state.phase is not Phase.RESPOND or view.phase is not Phase.RESPOND or state.receiver != view.seat:
        return ratio
    offered = state.offered
    assert offered is not None
    order = [*state.refused, offered]
    hand = [*state.hands[state.active], *order]
    return ratio * fitted_ratio(order, hand, state.table, state.night, state.on_table)


def history_ratio(world: SoupconsState, me: int) -> float:
    """The likelihood of every past exchange's order of offered cards in ``world`` (replayed from its drawn
    deal) under the fitted giver model, over the sampler's uniform draws, for the exchanges given by another
    seat (ours are the same in every world). Where the sampler draws the free cards and the refused ones as
    a uniform giver would, this weights the worlds by how their givers are measured to choose: e.g. a seat
    that offered the card passed in silence first is likelier to have offered its Serpent."""
    top = world.material.top
    hands = [list(hand) for hand in world.dealt]
    table: list[Side] = [Side.GONE] + [NIGHT] * top
    night = on_table = top
    ratio = 1.0
    for ex in world.past:
        if ex.giver != me:
            ratio *= fitted_ratio(ex.offered, hands[ex.giver], table, night, on_table)
        card = ex.offered[-1]
        hands[ex.giver].remove(card)
        hands[ex.receiver].append(card)
        side = table[card] if card < len(table) else Side.GONE
        if side == NIGHT:
            table[card] = DAY
            night -= 1
        elif side == DAY:
            table[card] = Side.GONE
            on_table -= 1
    return ratio
