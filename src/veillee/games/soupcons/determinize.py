"""Drawing a whole game that one seat cannot tell from the real one (``SoupconsState.determinize``).

The sampler reads **only the seat's view**, so it cannot cheat by construction. What makes it exact rather
than a guess is one observation about the rules (ruling 7, R7):

* a Masque of value V ≥ 1 that changes hands while its Nuit/Jour card is on the table always changes the
  table. So V never moves before its Night → Day flip (the flip's giver was dealt V), stays with the flip's
  receiver until the removal, and only then moves freely;
* the only cards that can pass with « rien ne se passe » are the *free* ones: the 0, the Serpents, and the
  values already removed from the table.

So every Masque still on its Night side sits, unmoved, in its first holder's hand; every Day value sits
with the seat that received it. The unknowns are: the dealt hands of the other seats (their Night values,
0 and Serpents), and which free card passed in each « nothing happens » exchange the seat did not take part
in. A seat that gives or receives a card knows which, and the world must agree.

The sampler (1) enumerates how many free cards each other seat was dealt, keeping only counts with which
every « nothing » giver held a free card at that moment, weighted like a uniform deal; (2) follows the free
cards through the exchanges with a randomised depth-first search that tries each possible card in the
giver's hand (the 0 and the Serpents dealt to others are resolved lazily, when the seat receives one, or at
the end), prunes branches from which a card the seat later receives can no longer reach its giver in time,
and remembers dead states (forgetting identities no later check looks at) so backtracking stays cheap;
(3) picks the refused cards at random among the giver's other cards, and (4) replays the rewritten game
from the drawn deal on a new seed. The world is a genuine game: its record replays, its every event is
legal, and its history holds no trace of the real hidden cards.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from veillee.games.soupcons.actions import ACCEPT, REFUSE, Action
from veillee.games.soupcons.cards import Card, Side, setup
from veillee.games.soupcons.events import Outcome
from veillee.games.soupcons.rules import first_player
from veillee.games.soupcons.scoring import Camp

if TYPE_CHECKING:
    from veillee.games.soupcons.state import SoupconsState
    from veillee.games.soupcons.view import ExchangeView, SoupconsView

__all__ = ["sample_world"]

UNKNOWN = -1
"""The label of a free card dealt to another seat whose identity (0 or Serpent) is not fixed yet."""

ANY = -2
"""In memo keys only: a free card whose identity no later check looks at."""

NOTHING, DAY, REMOVED = Outcome.NOTHING, Outcome.DAY, Outcome.REMOVED


def sample_world(state: SoupconsState, seat: int, rng: random.Random) -> SoupconsState:
    """A full game consistent with everything ``seat`` knows, drawn from ``rng``, on a new seed."""
    view = state.seat_view(seat)
    deal, accepted = _sample_deal_and_transfers(view, seat, rng)
    actions = _rewrite_actions(view, seat, deal, accepted, rng)
    n = state.num_players
    starter = view.first_player
    order = [Card.MASK_0] * (2 * n + 1)
    for p in range(n):
        for i, card in enumerate(deal[p]):
            order[(p - starter) % n + i * n] = card
    seed = rng.getrandbits(63)
    options: dict[str, Any] = dict(state.options)
    while seed == state.seed or first_player(seed, n, state.opts.first_player) != starter:
        seed = rng.getrandbits(63)
    world = type(state)(n, seed, list(order), **options)
    for action in actions:
        world.apply(action)
    return world


def _sample_deal_and_transfers(
    view: SoupconsView, seat: int, rng: random.Random
) -> tuple[list[list[Card]], list[Card]]:
    """The dealt hands and the card accepted in each finished exchange, consistent with ``view``."""
    n = view.players
    material = setup(n)
    starter = view.first_player
    assert view.dealt is not None
    dealt = list(view.dealt)
    done = [ex for ex in view.exchanges if ex.done]

    # Values that turned to Day were dealt to the giver of their flip; Night values never moved.
    pins: list[list[Card]] = [[] for _ in range(n)]
    for ex in done:
        if ex.effect is DAY and ex.giver != seat:
            pins[ex.giver].append(_table_value(ex))
    static = [Card(v) for v in range(1, material.top + 1) if view.table[v] is Side.NIGHT and Card(v) not in dealt]
    pool = {Card.MASK_0: int(Card.MASK_0 not in dealt), Card.SERPENT: material.serpents - dealt.count(Card.SERPENT)}
    others = [p for p in range(n) if p != seat]
    slots = {p: (3 if p == starter else 2) - len(pins[p]) for p in others}
    need = _free_cards_needed(done, others)
    free_total = sum(pool.values())

    vectors = list(_count_vectors(others, slots, need, free_total))
    weights = [math.prod(math.comb(slots[p], u[i]) for i, p in enumerate(others)) for u in vectors]
    failed: set[tuple[Any, ...]] = set()
    while vectors:
        k = rng.choices(range(len(vectors)), weights)[0]
        counts = dict(zip(others, vectors.pop(k), strict=True))
        weights.pop(k)
        found = _follow_free_cards(done, seat, dealt, counts, dict(pool), _serpent_holders(view), failed, rng)
        if found is None:
            continue
        initial_free, accepted = found
        rng.shuffle(static)
        deal: list[list[Card]] = [[] for _ in range(n)]
        deal[seat] = list(dealt)
        it = iter(static)
        for p in others:
            deal[p] = pins[p] + initial_free[p] + [next(it) for _ in range(slots[p] - counts[p])]
            rng.shuffle(deal[p])
        return deal, accepted
    raise AssertionError("no deal is consistent with this view (a bug: the real game is one)")


def _table_value(ex: ExchangeView) -> Card:
    """The Masque of an exchange that changed the table (its value is public)."""
    assert ex.value is not None
    return Card(ex.value)


def _serpent_holders(view: SoupconsView) -> set[int] | None:
    """Who holds a Serpent, when the game is over and the winners tell it (ruling 10), else None."""
    camp, result = view.camp, view.result
    if result is None or camp is Camp.DRAW:
        return None
    winners = set(result.winners)
    return winners if camp is Camp.SERPENTS else set(range(view.players)) - winners


def _free_cards_needed(done: list[ExchangeView], others: list[int]) -> dict[int, int]:
    """The fewest free cards each other seat must have been dealt, so that it held one at each of its
    « nothing happens » gifts (free cards arrive by « nothing » gifts and removals)."""
    balance = dict.fromkeys(others, 0)
    need = dict.fromkeys(others, 0)
    for ex in done:
        giver, receiver = ex.giver, ex.receiver
        if ex.effect is NOTHING:
            if giver in balance:
                need[giver] = max(need[giver], 1 - balance[giver])
                balance[giver] -= 1
            if receiver in balance:
                balance[receiver] += 1
        elif ex.effect is REMOVED and receiver in balance:
            balance[receiver] += 1
    return need


def _count_vectors(others: list[int], slots: dict[int, int], need: dict[int, int], total: int) -> list[tuple[int, ...]]:
    """Every way to deal ``total`` free cards to ``others`` with ``need[p] <= count <= slots[p]``."""
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(others):
            if left == 0:
                out.append(acc)
            return
        p = others[i]
        for u in range(need[p], min(slots[p], left) + 1):
            rec(i + 1, left - u, (*acc, u))

    rec(0, total, ())
    return out


def _follow_free_cards(
    done: list[ExchangeView],
    seat: int,
    dealt: list[Card],
    counts: dict[int, int],
    pool: dict[Card, int],
    holders_of_serpents: set[int] | None,
    failed: set[tuple[Any, ...]],
    rng: random.Random,
) -> tuple[dict[int, list[Card]], list[Card]] | None:
    """Which free card passed in each « nothing » exchange, or None if these counts admit no history.

    Free cards are tokens with an id; ``labels[id]`` is the card or ``UNKNOWN``. A randomised depth-first
    search over the exchanges, remembering dead (step, hands of labels, pool) states in ``failed`` (shared
    by the calls for one view: a dead state is dead whatever the dealt counts that led to it). Once the game is
    over, the winners tell who holds a Serpent: the end state must agree (``_resolve_unknown``).
    """
    n = len(counts) + 1
    labels: list[int] = []
    holders: list[list[int]] = [[] for _ in range(n)]
    for card in dealt:
        if card in (Card.MASK_0, Card.SERPENT):
            holders[seat].append(len(labels))
            labels.append(int(card))
    initial: dict[int, list[int]] = {}
    for p, u in counts.items():
        initial[p] = list(range(len(labels), len(labels) + u))
        holders[p].extend(initial[p])
        labels.extend([UNKNOWN] * u)
    born: dict[int, int] = {}
    for i, ex in enumerate(done):
        if ex.effect is REMOVED:
            assert ex.value is not None
            born[i] = len(labels)
            labels.append(ex.value)
    zero, serpent = int(Card.MASK_0), int(Card.SERPENT)
    left = {zero: pool[Card.MASK_0], serpent: pool[Card.SERPENT]}

    # An option is (token, label to resolve it to or None); a REMOVED step's only option adds its token.
    def options(i: int) -> list[tuple[int, int | None]]:
        ex = done[i]
        effect = ex.effect
        if effect is DAY:
            return [(-1, None)]
        if effect is REMOVED:
            return [(born[i], None)]
        giver, receiver = ex.giver, ex.receiver
        hand = holders[giver]
        if giver == seat or receiver == seat:
            assert ex.card is not None
            want = int(ex.card)
            opts: list[tuple[int, int | None]] = []
            weights: list[float] = []
            same = [t for t in hand if labels[t] == want]
            if same:
                opts.append((same[0], None))
                weights.append(len(same))
            unknown = [t for t in hand if labels[t] == UNKNOWN]
            if unknown and left.get(want, 0) > 0 and giver != seat:
                opts.append((unknown[0], want))
                weights.append(len(unknown) * left[want] / (left[zero] + left[serpent]))
            return _weighted_order(opts, weights, rng)
        by_label: dict[int, list[int]] = {}
        for t in hand:
            by_label.setdefault(labels[t], []).append(t)
        return _weighted_order([(ts[0], None) for ts in by_label.values()], [len(ts) for ts in by_label.values()], rng)

    def do(i: int, option: tuple[int, int | None]) -> None:
        token, resolve = option
        ex = done[i]
        if ex.effect is DAY:
            return
        if ex.effect is REMOVED:
            holders[ex.receiver].append(token)
            return
        holders[ex.giver].remove(token)
        holders[ex.receiver].append(token)
        if resolve is not None:
            labels[token] = resolve
            left[resolve] -= 1

    def undo(i: int, option: tuple[int, int | None]) -> None:
        token, resolve = option
        ex = done[i]
        if ex.effect is DAY:
            return
        holders[ex.receiver].remove(token)
        if ex.effect is REMOVED:
            return
        holders[ex.giver].append(token)
        if resolve is not None:
            labels[token] = UNKNOWN
            left[resolve] += 1

    # The memo key forgets what cannot matter any more: ``seat``'s own hand (a function of the step, known
    # to it) and the identity of free cards that no later check looks at (they become ``ANY``).
    required: list[frozenset[int]] = [frozenset()] * (len(done) + 1)
    always = frozenset({serpent}) if holders_of_serpents is not None else frozenset()
    required[len(done)] = always
    for i in range(len(done) - 1, -1, -1):
        ex = done[i]
        wanted = ex.effect is NOTHING and ex.receiver == seat and ex.giver != seat
        required[i] = required[i + 1] | {int(ex.card)} if wanted and ex.card is not None else required[i + 1]
    others = [p for p in range(n) if p != seat]
    checks = _reachability(done, seat, born)

    def hopeless(i: int) -> bool:
        """A later card ``seat`` receives can no longer reach its giver in time (a necessary condition)."""
        masks: dict[int, int] = {}
        for p, hand in enumerate(holders):
            for t in hand:
                masks[labels[t]] = masks.get(labels[t], 0) | 1 << p
        unknown = masks.get(UNKNOWN, 0)
        for j, want, reach, birth in checks:
            if j < i or (birth is not None and birth >= i):
                continue
            where = masks.get(want, 0) | (unknown if left.get(want, 0) > 0 else 0)
            if not where & reach[i]:
                return True
        return False

    def key(i: int) -> tuple[Any, ...]:
        keep = required[i]
        return (
            i,
            left[zero],
            left[serpent],
            *(
                tuple(sorted(lab if lab in keep or lab == UNKNOWN else ANY for lab in (labels[t] for t in holders[p])))
                for p in others
            ),
        )

    frames: list[tuple[list[tuple[int, int | None]], list[int], tuple[Any, ...]]] = []
    chosen: list[tuple[int, int | None]] = []
    i = 0
    while True:
        state_key = key(i)
        if i == len(done):
            rest = _resolve_unknown(holders, labels, left, holders_of_serpents, rng)
            if rest is not None:
                break
            opts = []
        else:
            opts = [] if state_key in failed or hopeless(i) else options(i)
        if opts:
            frames.append((opts, [0], state_key))
            do(i, opts[0])
            chosen.append(opts[0])
            i += 1
            continue
        failed.add(state_key)
        while True:  # backtrack to the last step with an untried option
            if not frames:
                return None
            opts, pos, state_key = frames[-1]
            i -= 1
            undo(i, chosen.pop())
            pos[0] += 1
            if pos[0] < len(opts):
                do(i, opts[pos[0]])
                chosen.append(opts[pos[0]])
                i += 1
                break
            failed.add(state_key)
            frames.pop()

    for t, label in rest.items():
        labels[t] = label
    accepted = [
        _table_value(done[i]) if done[i].effect is not NOTHING else Card(labels[token])
        for i, (token, _) in enumerate(chosen)
    ]
    initial_free = {p: [Card(labels[t]) for t in tokens] for p, tokens in initial.items()}
    return initial_free, accepted


def _reachability(
    done: list[ExchangeView], seat: int, born: dict[int, int]
) -> list[tuple[int, int, list[int], int | None]]:
    """For each card ``seat`` received from another seat with « nothing happens »: (step, card, for each
    earlier step the seats, as a bit mask, from which a card could still reach the giver by then, and the
    step at which that card was born if it is a removed value)."""
    births = {done[i].value: i for i in born}
    out: list[tuple[int, int, list[int], int | None]] = []
    for j, ex in enumerate(done):
        if ex.effect is not NOTHING or ex.receiver != seat or ex.giver == seat or ex.card is None:
            continue
        want = int(ex.card)
        reach = [0] * (j + 1)
        mask = 1 << ex.giver
        reach[j] = mask
        for k in range(j - 1, -1, -1):
            step = done[k]
            if step.effect is NOTHING and mask >> step.receiver & 1:
                mask |= 1 << step.giver
            reach[k] = mask
        out.append((j, want, reach, births.get(want)))
    return out


def _resolve_unknown(
    holders: list[list[int]],
    labels: list[int],
    left: dict[int, int],
    serpent_seats: set[int] | None,
    rng: random.Random,
) -> dict[int, int] | None:
    """Labels for the still-unknown free cards from what is left (0 and Serpents), such that exactly
    ``serpent_seats`` hold a Serpent (when known); None if impossible."""
    zero, serpent = int(Card.MASK_0), int(Card.SERPENT)
    out: dict[int, int] = {}
    zeros, serpents = left[zero], left[serpent]
    free: list[int] = []
    if serpent_seats is not None:
        for p, hand in enumerate(holders):
            unknown = [t for t in hand if labels[t] == UNKNOWN]
            has = any(labels[t] == serpent for t in hand)
            if p not in serpent_seats:
                if has or len(unknown) > zeros:
                    return None
                for t in unknown:
                    out[t] = zero
                zeros -= len(unknown)
            elif has:
                free.extend(unknown)
            else:
                if not unknown or serpents == 0:
                    return None
                rng.shuffle(unknown)
                out[unknown.pop()] = serpent
                serpents -= 1
                free.extend(unknown)
    else:
        free = [t for t, label in enumerate(labels) if label == UNKNOWN]
    rest = [zero] * zeros + [serpent] * serpents
    rng.shuffle(rest)
    for t in free:
        out[t] = rest.pop()
    return out


def _weighted_order(
    options: list[tuple[int, int | None]], weights: list[float], rng: random.Random
) -> list[tuple[int, int | None]]:
    """``options`` in a random order where each comes first with probability proportional to its weight."""
    if len(options) <= 1:
        return options
    keyed = sorted(((rng.random() ** (1.0 / w), k) for k, w in enumerate(weights)), reverse=True)
    return [options[k] for _, k in keyed]


def _rewrite_actions(
    view: SoupconsView, seat: int, deal: list[list[Card]], accepted: list[Card], rng: random.Random
) -> list[Action]:
    """The game's actions with the drawn cards: ``seat``'s own offers as they were, others' refused cards
    drawn among the giver's other cards."""
    hands = [list(hand) for hand in deal]
    out: list[Action] = []
    exchanges = view.exchanges
    for index, ex in enumerate(exchanges):
        giver, receiver, claims = ex.giver, ex.receiver, list(ex.claims)
        out.append(Action.choose(receiver))
        hand = hands[giver]
        if ex.done:
            card = accepted[index]
            if giver == seat:
                assert ex.offered is not None
                offered = list(ex.offered)
            else:
                rest = list(hand)
                rest.remove(card)
                offered = [*rng.sample(rest, len(claims) - 1), card]
            for j, (offer, claim) in enumerate(zip(offered, claims, strict=True)):
                out.append(Action.offer(offer, claim))
                if j < len(claims) - 1:
                    out.append(REFUSE)
                elif len(claims) < 3:
                    out.append(ACCEPT)
            hand.remove(card)
            hands[receiver].append(card)
        else:
            assert view.offer is not None
            refused = view.offer.refused
            offered = list(ex.offered) if ex.offered is not None else rng.sample(hand, len(claims))
            for j, (offer, claim) in enumerate(zip(offered, claims, strict=True)):
                out.append(Action.offer(offer, claim))
                if j < refused:
                    out.append(REFUSE)
    return out
