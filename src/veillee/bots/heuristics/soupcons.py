"""Soupçons heuristic: play for the camp our hand puts us in, bluff with claims, and read the table.

``choose`` reads only the seat's typed view (``SoupconsView``: its hand and the public history of exchanges,
cards as values). Reasons:

* Camps follow the hands: holding a Serpent puts us in the Serpent camp, which wins when removals leave a
  single Night card; otherwise we win when the last Night card turns to Day. So every offer is scored by
  what its true card does to the table *for the camp we are in once it has left our hand*: a card that
  wins at once is always given, a card that hands the other camp the win never is; the innocent turns
  Night cards (progress) and avoids removals, the Serpent causes removals and keeps its Night cards.
* Who probably holds a Serpent: a Serpent only ever moves with « rien ne se passe » (a Masque whose table
  card is still there changes the table, ruling 23). So each seat's expected number of Serpents starts at
  its share of the deal and, after each silent exchange, part of the giver's share moves to the receiver,
  in proportion to the Serpents against the other silent cards (the 0 and removed values) the giver may
  hold. Exchanges we took part in are known exactly.
* The receiver is chosen in our camp (innocent: the seat least likely to hold a Serpent; Serpent: the most
  likely), since they will hold three cards and choose next.
* Claims: a Night card is announced truthfully; anything else is announced as a Night value (a lie that
  looks like progress), because claims prove nothing and a refused card is never shown.
* Answers: an innocent accepts from a trusted giver and a claim that turns a Night card, and refuses a
  claimed Serpent, a claimed removal or a suspected Serpent; a Serpent does the opposite where it helps.
* Endgame: who holds the cards that end the game is often public (a Day value stays with the receiver of
  its turn; the last Night value with its dealer), and a giver offers the card that wins for its camp
  first (``normal`` always, ``ismcts`` most of the time, whatever it claims) and one that loses for it
  last. So the cards of a giver holding such a card are answered by what it holds and wants, not by a
  claimed win (``_Table.answer_gain``), and an innocent does not turn one of the last two Night cards
  for a likely Serpent, who would then hold the Serpents' winning card and give next.

``evaluate`` serves the search; it reads the camps from the (sampled) world's hands. ``search_as_baseline``
would tell ``hard`` to search as the ``ismcts`` baseline does once every other seat ignores claims; it is
off (``BASELINE_SEARCH``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any, cast

from veillee.bots.heuristics import OpponentMix, best_of
from veillee.bots.heuristics.soupcons_field import ignores_claims
from veillee.core import GameState
from veillee.games.soupcons.actions import Action, Kind
from veillee.games.soupcons.cards import DAY, GONE, NIGHT, Card, Side, setup
from veillee.games.soupcons.events import Outcome
from veillee.games.soupcons.rules import Phase
from veillee.games.soupcons.state import SoupconsState
from veillee.games.soupcons.view import SoupconsView

__all__ = [
    "OPPONENT_MIX",
    "candidates",
    "choose",
    "evaluate",
    "opponent_mix",
    "rollout",
    "search_as_baseline",
    "serpent_estimates",
]

WIN = 1000.0
OPPONENT_MIX = 0.0
"""The share of the other seats' moves that ``hard``'s rollouts play at random (its opponent model). 0: they
play ``normal``. Setting 1 here (with ``SEARCH_DEPTH`` 1,000, rollouts to the match's end) did not
measurably help against ``ismcts`` fields (55.2 % against main's 52.5 % of 300 pairings on fresh seeds) and
cost ``hard`` its lead over ``normal`` fields (50.0 % against 74.4 %): issue 21, fifth pass in docs/bots.md.
Answers have their own model, ``opponent_mix``."""
S = Card.SERPENT
HANDS_OVER = 20.0
"""The weight, in an innocent offer's score, of handing a likely Serpent the Serpents' winning card."""

ENDS = 10.0
"""The weight, in an answer's score, of ``_Table.answer_gain`` (a difference of chances to win at once)."""
GIVER_MODEL = False
"""Whether ``hard`` weights its sampled worlds at every answer by the giver model fitted on ``ismcts``
givers (``soupcons_worlds.fitted_weight``, exported as ``world_weight``) and searches the endgame answers
that ``candidates`` otherwise leaves to ``normal`` (issue 21, eighth pass in docs/bots.md). Off: with
``GIVER_HISTORY`` too it gained 0.2 standard errors over main's ``hard`` on 100 matches of a fresh seed
(59.2 % of pairings against 58.5 %), the fitted givers' order being close to uniform."""
GIVER_HISTORY = False
"""With ``GIVER_MODEL``: whether the weights also read every past exchange of the other seats
(``soupcons_worlds.history_ratio``), for who holds the Serpent."""
BASELINE_SEARCH = False
"""Whether ``search_as_baseline`` may say yes (issue 21, twelfth pass in docs/bots.md). Off: against
``ismcts`` fields it gained nothing measurable at 0.9 s (+0.6 standard errors over the guided search, 102
paired matches on two seeds) and lost at 0.1 s (50.8 % of pairings against 58.5 %, 150 paired matches,
-1.9 standard errors)."""
FIRST = 0.6
"""How often a giver offers first a card that wins for its camp at once: ``normal`` always does, ``ismcts``
did in 53-63 % of the exchanges where it held one (docs/bots.md, issue 21)."""


def _seat(view: SoupconsView) -> tuple[int, tuple[Card, ...], tuple[Card, ...]]:
    """The seat a view belongs to, its hand and its dealt cards (heuristics only get a seat's own view)."""
    assert view.seat is not None and view.hand is not None and view.dealt is not None
    return view.seat, view.hand, view.dealt


_Flip = tuple[int, int, int]
"""A Night → Day turn: the giver (who was dealt the value), the receiver (who holds it until it leaves the
table) and the value."""

_Known = tuple[int, int, "Outcome | None", "Card | None"]
"""A finished exchange as a seat knows it: giver, receiver, effect, and the accepted card if it was theirs."""


def serpent_estimates(view: SoupconsView) -> list[float]:
    """Each seat's expected number of Serpents in hand, from the seat's view (its own count exact)."""
    me, hand, dealt = _seat(view)
    known = [(ex.giver, ex.receiver, ex.effect, ex.card) for ex in view.exchanges if ex.done]
    return _estimates(me, hand, dealt, view.players, view.first_player, known)


def _estimates(
    me: int, hand: Sequence[Card], dealt: Sequence[Card], n: int, first: int, known: Sequence[_Known]
) -> list[float]:
    """``serpent_estimates`` from the facts it reads (shared by the view's path and the rollouts' one)."""
    material = setup(n)
    others_serpents = material.serpents - dealt.count(S)
    others_zero = 0 if Card.MASK_0 in dealt else 1
    others_cards = 2 * n + 1 - len(dealt)
    p = [0.0] * n
    z = [0.0] * n  # expected other silent cards (the 0, removed values)
    for seat in range(n):
        size = 3 if seat == first else 2
        if seat == me:
            p[seat] = float(dealt.count(S))
            z[seat] = float(Card.MASK_0 in dealt)
        else:
            p[seat] = others_serpents * size / others_cards
            z[seat] = others_zero * size / others_cards
    for giver, receiver, effect, card in known:
        if effect is Outcome.REMOVED:
            z[receiver] += 1.0
            continue
        if effect is not Outcome.NOTHING:
            continue
        if card is not None:
            q = 1.0 if card is S else 0.0
        else:
            silent = p[giver] + z[giver]
            q = p[giver] / silent if silent > 1e-9 else 0.5
        q = min(q, p[giver])
        p[giver] -= q
        p[receiver] += q
        moved = min(1.0 - q, z[giver])
        z[giver] -= moved
        z[receiver] += moved
    mine = hand.count(S)
    p[me] = float(mine)
    rest = material.serpents - mine
    others = sum(p[s] for s in range(n) if s != me)
    for s in range(n):
        if s != me:
            p[s] = p[s] * rest / others if others > 1e-9 else rest / (n - 1)
    return p


class _Table:
    """What a decision reads of the view, gathered once. The Serpent estimates ``p`` (which replay the whole
    history) are computed on first use: an offer's score never reads them, and the search's rollouts make
    an offer at one step in three."""

    def __init__(
        self,
        me: int,
        hand: Sequence[Card],
        side: Sequence[Side],
        night: int,
        on_table: int,
        estimates: Callable[[], list[float]],
        back: Sequence[Card] = (),
        flips: Callable[[], list[_Flip]] = list,
        dealt: Sequence[Card] = (),
        first: int = 0,
        refusals: int = 0,
        receiver: int | None = None,
    ) -> None:
        self.me = me
        self.hand = list(hand)
        self.back = tuple(back)
        """Our cards refused during the offer under way: out of the hand now, back in it once a card is
        accepted (so they count when the accepted card ends the game)."""
        self.side = side
        """The side of each table card by value (index 0, the 0's, is ``GONE``)."""
        self.night = night
        self.on_table = on_table
        self.serpent = S in self.hand
        self._estimates = estimates
        self._flips = flips
        self.dealt = tuple(dealt)
        self.first = first
        self.refusals = refusals
        """How many cards were refused so far in the offer under way (0 at its first card)."""
        self.receiver = receiver
        """The chosen receiver while an offer is under way."""
        self.innocent = _chance(len(side) - 1, night, on_table)

    @cached_property
    def p(self) -> list[float]:
        """Each seat's expected number of Serpents (``serpent_estimates``)."""
        return self._estimates()

    @cached_property
    def flips(self) -> list[_Flip]:
        """Every Night → Day turn so far, as (giver, receiver, value): public (ruling 23)."""
        return self._flips()

    @classmethod
    def of_view(cls, view: SoupconsView) -> _Table:
        me, hand, dealt = _seat(view)
        offer = view.offer
        back = offer.refused_cards if offer is not None and offer.giver == me and offer.refused_cards else ()

        def flips() -> list[_Flip]:
            return [
                (ex.giver, ex.receiver, ex.value)
                for ex in view.exchanges
                if ex.done and ex.effect is Outcome.DAY and ex.value is not None
            ]

        return cls(
            me,
            hand,
            view.table,
            view.night_cards,
            view.table_cards,
            lambda: serpent_estimates(view),
            back,
            flips,
            dealt,
            view.first_player,
            0 if offer is None else offer.refused,
            None if offer is None else offer.receiver,
        )

    @classmethod
    def of_world(cls, world: SoupconsState, me: int) -> _Table:
        """What ``me``'s view would show in a sampled world, read straight from it (accepted cards of
        exchanges ``me`` took part in, its own hand; the rest is public)."""
        hand = world.hands[me]

        def estimates() -> list[float]:
            known = [
                (ex.giver, ex.receiver, ex.effect, ex.offered[-1] if me == ex.giver or me == ex.receiver else None)
                for ex in world.past
            ]
            return _estimates(me, hand, world.dealt[me], world.num_players, world.starter, known)

        def flips() -> list[_Flip]:
            return [
                (ex.giver, ex.receiver, ex.value)
                for ex in world.past
                if ex.effect is Outcome.DAY and ex.value is not None
            ]

        back = world.refused if world.phase is Phase.OFFER and world.active == me else ()
        return cls(
            me,
            hand,
            world.table,
            world.night,
            world.on_table,
            estimates,
            back,
            flips,
            world.dealt[me],
            world.starter,
            len(world.refused),
            world.receiver,
        )

    def ending_cards(self, giver: int) -> list[tuple[bool, float, float]]:
        """The cards ``giver`` may hold that end the game at once if accepted now, each as (whether the
        Serpents win by it, how likely the giver holds it, how likely the giver wants it accepted).

        Who holds them is often public (ruling 23): a Day value stays with the receiver of its turn until it
        leaves the table, and the last Night value with whoever was dealt it (among the seats whose dealt
        cards are not all accounted for by the values they turned). A giver wants such a card accepted if
        it wins for the camp it is in once the card has left its hand: the Serpents' card if it holds a
        Serpent, the last Night card if it holds none.
        """
        if self.night != 1:
            return []
        side = self.side
        serpent_giver = min(1.0, self.p[giver])
        cards: list[tuple[bool, float, float]] = []
        if self.on_table == 2:
            day = next(v for v in range(1, len(side)) if side[v] == DAY)
            holder = next((receiver for _, receiver, value in self.flips if value == day), None)
            if holder == giver:
                cards.append((True, 1.0, serpent_giver))
        last = next(v for v in range(1, len(side)) if side[v] == NIGHT)
        if last in self.dealt or giver == self.me:
            return cards
        n = len(self.p)
        slots = [3 if seat == self.first else 2 for seat in range(n)]
        for dealer, _, _ in self.flips:
            slots[dealer] -= 1
        others = sum(slots[seat] for seat in range(n) if seat != self.me)
        if others > 0 and slots[giver] > 0:
            cards.append((False, slots[giver] / others, 1.0 - serpent_giver))
        return cards

    def answer_gain(self, giver: int) -> float:
        """How much accepting the card ``giver`` offers, rather than refusing it, raises the chance that a
        card ending the game for our camp comes to us in this offer, minus the same for the other camp.

        Claims play no part (a claim proves nothing, and a giver who plays by search rather than by claims,
        such as ``ismcts``, lies at random); what the giver holds and wants does. A giver offers a card it
        wants accepted first (``FIRST`` of the time) or else second, and a card it does not want last, where
        it comes only as the forced third card. So, for a game-ending card held with chance ``h`` and wanted
        with chance ``w``: the first card is it with chance ``h·w·FIRST``; the second ``h·w·(1 - FIRST)``;
        the forced third ``h·(1 - w)``. After a refusal we answer the second card as suits us (the
        chances are not updated on the refusal: a rough model, not a posterior).
        """
        gain = 0.0
        for serpents, held, wants in self.ending_cards(giver):
            ours = serpents == self.serpent
            first = held * wants * FIRST
            second = held * wants * (1.0 - FIRST)
            third = held * (1.0 - wants)
            if self.refusals == 0:
                later = max(second, third) if ours else min(second, third)
                gain += first - later if ours else later - first
            else:
                gain += second - third if ours else third - second
        return gain

    def effect(self, card: Card) -> Side:
        """What accepting ``card`` does: ``NIGHT`` (a Night card turns), ``DAY`` (a Day card goes), ``GONE``."""
        side = self.side
        return side[card] if card < len(side) else GONE

    def wins(self, card: Card) -> str | None:
        """Which camp wins at once if ``card`` is accepted (``"innocent"``, ``"serpent"`` or None)."""
        effect = self.effect(card)
        if effect == NIGHT and self.night == 1:
            return "innocent"
        if effect == DAY and self.on_table == 2 and self.night == 1:
            return "serpent"
        return None


def _card_score(card: Card, table: _Table) -> float:
    """The part of an offer's score that its true card decides (the claim adds a small term)."""
    rest = list(table.hand)
    rest.remove(card)
    winner = table.wins(card)
    if winner is not None:  # a refused Serpent is back in our hand when the game ends: it counts
        return WIN if (winner == "serpent") == (S in rest or S in table.back) else -WIN
    # Beyond an immediate win, the refused Serpent is left out, as the first heuristic did: counting it
    # there too made ``normal`` weaker in a trial (docs/bots.md, issue 21).
    serpent_after = S in rest
    effect = table.effect(card)
    if serpent_after:
        score = {NIGHT: -6.0, DAY: 8.0}.get(effect, 1.0)
        if effect == NIGHT and sum(1 for c in rest if table.effect(c) == NIGHT) == 0:
            score -= 6.0  # our last Night card: the one the Serpent camp wants left on the table
        return score
    score = {NIGHT: 10.0, DAY: -8.0}.get(effect, 0.0)
    if effect == NIGHT and table.night == 2 and table.on_table == 2 and table.receiver is not None:
        # Turning one of the last two cards leaves a Day card and a Night card: the receiver then holds the
        # Serpents' winning card (ruling 23) and gives next; if it is a Serpent, it offers that card first.
        score -= HANDS_OVER * min(1.0, table.p[table.receiver])
    if card is S:  # giving the Serpent away joins the camp the table favours, usually the larger one
        score += 24.0 * (table.innocent - 0.5)
    return score


def _offer_score(action: Action, table: _Table, rng: random.Random, cards: dict[Card, float] | None = None) -> float:
    """An offer's score: its card's part (from ``cards`` when the caller computed it once per card), and a
    little for a claim that looks like progress."""
    card, claim = action.card, action.claim
    assert card is not None and claim is not None
    score = cards[card] if cards is not None and card in cards else _card_score(card, table)
    if claim == card and table.effect(card) == NIGHT:
        score += 1.0
    elif claim is not S and table.effect(claim) == NIGHT:
        score += 0.5 + 0.1 * rng.random()
    elif claim is S:
        score -= 1.0
    return score


def _choose_score(action: Action, table: _Table) -> float:
    assert action.target is not None
    p = min(1.0, table.p[action.target])
    return p if table.serpent else -p


def _respond_score(action: Action, table: _Table, giver: int, claim: Card) -> float:
    if action.kind is Kind.REFUSE:
        return 0.0
    if table.ending_cards(giver):
        # What the giver holds and wants decides; a claimed win proves nothing (and a lie is free).
        return ENDS * table.answer_gain(giver) + _claim_score(table, giver, claim, claimed=None)
    return _claim_score(table, giver, claim, claimed=table.wins(claim))


def _claim_score(table: _Table, giver: int, claim: Card, claimed: str | None) -> float:
    """What accepting is worth from the giver's suspicion and the claim (the first heuristic's answer);
    ``claimed`` is the camp the claim says would win at once, if it is to count."""
    suspicion = min(1.0, table.p[giver])
    effect = table.effect(claim)
    if table.serpent:
        score = 2.0 * suspicion - 0.5
        if effect == DAY:
            score += 1.0
        if claimed == "innocent":
            score -= 3.0
        elif claimed == "serpent":
            score += 3.0
        return score
    score = 1.0 - 2.0 * suspicion
    if effect == NIGHT:
        score += 0.5
    elif effect == DAY:
        score -= 1.5
    if claim is S:
        score -= 2.0
    if claimed == "innocent":
        score += 1.5
    elif claimed == "serpent":
        score -= 3.0
    return score


def _decide(
    table: _Table, phase: Phase, legal: Sequence[Action], rng: random.Random, giver: int, claim: Card | None
) -> Action:
    """The best-scored legal action; ``giver`` and ``claim`` describe the pending offer (when answering)."""
    if phase is Phase.OFFER:
        cards = {card: _card_score(card, table) for card in set(table.hand)}
        scored = [(_offer_score(a, table, rng, cards), a) for a in legal]
    elif phase is Phase.RESPOND:
        assert claim is not None
        scored = [(_respond_score(a, table, giver, claim), a) for a in legal]
    else:
        scored = [(_choose_score(a, table), a) for a in legal]
    return best_of(scored, rng)


def choose(view: SoupconsView, legal: Sequence[Action], rng: random.Random) -> Action:
    """The ``normal`` Soupçons move for this view (the reasons are in the module docstring)."""
    if len(legal) == 1:
        return legal[0]
    offer = view.offer
    giver, claim = (view.active, None) if offer is None else (offer.giver, offer.claim)
    return _decide(_Table.of_view(view), view.phase, legal, rng, giver, claim)


def candidates(view: SoupconsView, legal: Sequence[Action]) -> list[Action]:
    """The moves worth the search's rollouts: every legal move, except that an offer keeps, for each card,
    only the claim ``choose`` would announce with it (its best-scored claim, ties to the first legal one).

    Why: an offer is a card and a claim, up to 3 x 7 = 21 moves, and a 0.1 s search then gives each fewer
    sampled worlds than it needs to overrule ``normal``. What the card does to the table decides the game;
    the claim only sways the receiver's answer, and claims prove nothing (ruling 23), so a searcher gains
    more from comparing the cards well than from comparing claims badly.

    Two decisions that end games are left to ``choose`` (an empty list: nothing to compare with the
    ``normal`` move), because the search's model of the other seats is wrong there:

    * an answer to a giver who may hold a card that ends the game at once: the search's worlds draw the
      offered card uniformly from the giver's hand, but a giver offers its winning card first and a card
      that loses for it last (``_Table.answer_gain``);
    * an offer while we hold a card that wins for our camp at once: ``choose`` offers it first. The
      rollouts' receivers answer like ``normal``, which refuses such a first card from a giver of the
      other camp, so the search would rather keep it for later; a receiver that does not read the table
      that way (``ismcts`` accepts a first card about as often as a second) takes it first half the time,
      and the forced third card only a quarter.
    """
    if len(legal) <= 1:
        return list(legal)
    if view.phase is Phase.RESPOND:
        offer = view.offer
        table = _Table.of_view(view)
        if offer is not None and not GIVER_MODEL and table.ending_cards(offer.giver):
            return []
        return list(legal)
    if view.phase is not Phase.OFFER:
        return list(legal)
    table = _Table.of_view(view)
    cards = {card: _card_score(card, table) for card in set(table.hand)}
    if max(cards.values()) >= WIN:
        return []
    best: dict[Card, tuple[float, Action]] = {}
    for action in legal:
        assert action.card is not None
        score = _offer_score(action, table, _NO_JITTER, cards)
        if action.card not in best or score > best[action.card][0]:
            best[action.card] = (score, action)
    kept = {action for _, action in best.values()}
    return [action for action in legal if action in kept]


class _NoJitter(random.Random):
    """A ``Random`` whose draws are 0: ``candidates`` scores claims without ``choose``'s tie-breaking noise."""

    def random(self) -> float:
        return 0.0


_NO_JITTER = _NoJitter(0)


def rollout(world: GameState[Any], rng: random.Random) -> Action:
    """``choose`` for whoever acts in a sampled world, from what that seat's view shows (its hand, the
    exchanges it took part in, the public table and claims) without building the view: the search's
    rollouts call it at every step."""
    state = cast(SoupconsState, world)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.to_act
    assert me is not None
    return _decide(_Table.of_world(state, me), state.phase, legal, rng, state.active, state.claim)


# -- search hooks ----------------------------------------------------------------------------------------
def opponent_mix(view: SoupconsView) -> OpponentMix:
    """``hard``'s model of the other seats in its rollouts: each seat's answers are played at random with
    the chance that it ignores claims (``soupcons_field``, from its answers so far in ``view``), everything
    else by ``normal`` (at least ``OPPONENT_MIX`` of every move at random: 0)."""
    ignores = ignores_claims(view)

    def share(world: GameState[Any]) -> float:
        state = cast(SoupconsState, world)
        seat = state.to_act
        if state.phase is Phase.RESPOND and seat is not None:
            return max(ignores[seat], OPPONENT_MIX)
        return OPPONENT_MIX

    return share


def search_as_baseline(view: SoupconsView) -> bool:
    """Whether ``hard`` searches this decision as the ``ismcts`` baseline does: with ``BASELINE_SEARCH`` on,
    when every other seat more likely ignores claims than not (``soupcons_field``; even odds, before any
    evidence, is not enough).

    Why it was tried (issue 21, twelfth pass in docs/bots.md): against seats that ignore claims (``ismcts``),
    rollouts played by ``normal`` model them wrongly (0.9 s: the guided ``hard`` ranked above an ``ismcts``
    seat in 42.5 % of pairings, the baseline's search in 55.6 %); against seats that read claims as ``normal``
    does, the guided search is far stronger (71.5 % of pairings against a ``normal`` field, the baseline's
    search 51.0 %), hence the switch on public evidence."""
    if not BASELINE_SEARCH:
        return False
    me, _, _ = _seat(view)
    return all(chance > 0.5 for seat, chance in enumerate(ignores_claims(view)) if seat != me)


def _fitted_weight(view: SoupconsView, world: GameState[Any]) -> float:
    """``soupcons_worlds.fitted_weight`` (imported here, when first called: that module reads ``FIRST``
    from this one)."""
    from veillee.bots.heuristics.soupcons_worlds import fitted_weight

    return fitted_weight(view, world, history=GIVER_HISTORY)


world_weight: Callable[[SoupconsView, GameState[Any]], float] | None = _fitted_weight if GIVER_MODEL else None
"""The search's importance weights (``veillee.bots.heuristics``): the fitted giver model where
``GIVER_MODEL`` is on, none otherwise."""


def _chance(top: int, night: int, on_table: int) -> float:
    """How likely the Serpent-free camp is to win from here, from the table alone (rough: it wins about
    three games in four between random players; each removal is a step towards the Serpents' single card)."""
    turned = (top - night) / top
    removed = (top - on_table) / max(1, top - 1)
    return min(0.95, max(0.05, 0.7 + 0.3 * turned - 0.9 * removed))


def _innocent_chance(world: Any) -> float:
    return _chance(world.material.top, world.night, world.on_table)


def evaluate(state: GameState[Any]) -> list[float]:
    """Each seat's chance: the camp its hand puts it in, times that camp's chance from the table.

    Unlike the other games' evaluators this reads hands; search calls it only on sampled worlds
    (``determinize``), where the hands are a guess consistent with the searcher's view, never the truth.
    """
    world = cast(SoupconsState, state)
    innocent = _innocent_chance(world)
    hands = world.hands
    return [1.0 - innocent if S in hand else innocent for hand in hands]
