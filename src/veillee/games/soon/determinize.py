"""Dealing anew what one SOON seat cannot see, consistently with everything that seat knows.

What the seat's view says, and so what every sampled world keeps (Ruling 30, rulings 34 and 35):

* its own hand, the suites, the discard, every hand's size and the cards known to be in a hand;
* while an Explorateur question waits for its answer, the asked player holds a matching card;
* a hand that answered « no » holds no such card among its unknown cards (``lacks``);
* a pile rebuilt from the discard holds only cards it was rebuilt with, less those the seat drew from it
  (``pile_cards``): the other cards unseen by the seat are in the other hands.

The common case has no constraint and is one shuffle. Otherwise the constrained cards are placed first (the
asked player's matching card, then the cards that cannot be in the pile), the rest of each hand is filled
from a shuffled pool skipping the cards it lacks, and the pile gets what remains. That greedy deal is
retried a few times; if it keeps failing (a tight corner), a small max-flow finds a deal that meets every
constraint, so a sample always exists when the view is consistent (issue 20).
"""

from __future__ import annotations

import random
from collections import Counter, deque
from typing import TYPE_CHECKING

from veillee.games.soon.cards import DECK, NUMBERS, Card
from veillee.games.soon.rules import matches
from veillee.games.soon.view import pile_cards

if TYPE_CHECKING:
    from veillee.games.soon.state import SoonState

__all__ = ["resample_hidden"]

GREEDY_TRIES = 20


def resample_hidden(state: SoonState, seat: int, rng: random.Random) -> None:
    """Deal every card hidden from ``seat`` anew in ``state`` (a world copy), and draw a new seed."""
    n = state.num_players
    unseen = Counter(DECK)
    unseen.subtract(state.hands[seat])
    unseen.subtract(state.discard)
    for suite in state.suites:
        unseen.subtract(suite)
    others = [other for other in range(n) if other != seat]
    for other in others:
        unseen.subtract(state.known[other])
    need = {other: len(state.hands[other]) - len(state.known[other]) for other in others}
    banned = {other: frozenset(state.lacks[other]) for other in others if state.lacks[other]}
    must: tuple[int, frozenset[Card]] | None = None
    ask = state.ask
    if ask is not None and ask.target != seat:
        wanted = frozenset(c for c in NUMBERS if matches(c, ask.value, ask.colour))
        if not wanted.intersection(state.known[ask.target]):
            must = (ask.target, wanted)
    allowed = pile_cards(state, seat)
    caps = None if allowed is None else Counter(allowed)
    if must is None and not banned and caps is None:
        pool = [card for card, count in unseen.items() for _ in range(count)]
        rng.shuffle(pool)
        for other in others:
            hand = list(state.known[other])
            hand.extend(pool.pop() for _ in range(need[other]))
            state.hands[other] = hand
        state.pile = pool
    else:
        counts = {card: count for card, count in unseen.items() if count > 0}
        dealt = _constrained(counts, need, banned, must, caps, rng)
        for other in others:
            state.hands[other] = [*state.known[other], *dealt[other]]
        pile = dealt[-1]
        rng.shuffle(pile)
        state.pile = pile
    for other in others:
        state.pile_drawn[other] = []  # what they drew is not known to ``seat``: the public pile_cards is sound
    state.seed = rng.getrandbits(63)


def _constrained(
    counts: dict[Card, int],
    need: dict[int, int],
    banned: dict[int, frozenset[Card]],
    must: tuple[int, frozenset[Card]] | None,
    caps: Counter[Card] | None,
    rng: random.Random,
) -> dict[int, list[Card]]:
    """The unknown cards of each hand (by seat) and the pile's cards (key ``-1``), meeting every constraint."""
    for _ in range(GREEDY_TRIES):
        dealt = _greedy(dict(counts), need, banned, must, caps, rng)
        if dealt is not None:
            return dealt
    return _by_flow(counts, need, banned, must, caps, rng)


def _greedy(
    left: dict[Card, int],
    need: dict[int, int],
    banned: dict[int, frozenset[Card]],
    must: tuple[int, frozenset[Card]] | None,
    caps: Counter[Card] | None,
    rng: random.Random,
) -> dict[int, list[Card]] | None:
    hands: dict[int, list[Card]] = {other: [] for other in need}
    free = dict(need)
    if must is not None:
        target, wanted = must
        choices = [c for c in wanted if left.get(c, 0) and c not in banned.get(target, ())]
        if not choices or not free[target]:
            return None
        card = rng.choices(choices, weights=[left[c] for c in choices])[0]
        left[card] -= 1
        hands[target].append(card)
        free[target] -= 1
    if caps is not None:
        forced = [card for card, count in left.items() for _ in range(count - caps.get(card, 0))]
        rng.shuffle(forced)
        for card in forced:
            room = [o for o, k in free.items() if k and card not in banned.get(o, ())]
            if not room:
                return None
            other = rng.choice(room)
            hands[other].append(card)
            free[other] -= 1
            left[card] -= 1
    pool = [card for card, count in left.items() for _ in range(count)]
    rng.shuffle(pool)
    order = [o for o, k in free.items() if k]
    rng.shuffle(order)
    for other in order:
        lacks = banned.get(other, frozenset())
        taken = 0
        rest: list[Card] = []
        for card in pool:
            if taken < free[other] and card not in lacks:
                hands[other].append(card)
                taken += 1
            else:
                rest.append(card)
        if taken < free[other]:
            return None
        pool = rest
    hands[-1] = pool
    return hands


def _by_flow(
    counts: dict[Card, int],
    need: dict[int, int],
    banned: dict[int, frozenset[Card]],
    must: tuple[int, frozenset[Card]] | None,
    caps: Counter[Card] | None,
    rng: random.Random,
) -> dict[int, list[Card]]:
    """A deal meeting every constraint, as a max-flow from card kinds to hands and the pile (nodes are ints:
    0 the source, 1 the sink, 2 + card for each card kind, then one node per group)."""
    big = sum(counts.values())
    source, sink, first_group = 0, 1, 2 + len(Card)
    # groups: (seat, or -1 for the pile; whether it is the asked player's matching slot; size)
    groups: list[tuple[int, bool, int]] = [(o, False, k - (must is not None and must[0] == o)) for o, k in need.items()]
    if must is not None:
        groups.append((must[0], True, 1))
    groups.append((-1, False, big - sum(need.values())))
    cap: list[dict[int, int]] = [{} for _ in range(first_group + len(groups))]

    def edge(a: int, b: int, c: int) -> None:
        cap[a][b] = cap[a].get(b, 0) + c
        cap[b].setdefault(a, 0)

    for g, (_, _, size) in enumerate(groups):
        edge(first_group + g, sink, size)
    kinds = list(counts)
    rng.shuffle(kinds)
    for card in kinds:
        edge(source, 2 + card, counts[card])
        for g, (other, matching, _) in enumerate(groups):
            if other == -1:
                edge(2 + card, first_group + g, big if caps is None else caps.get(card, 0))
            elif card not in banned.get(other, ()) and (not matching or (must is not None and card in must[1])):
                edge(2 + card, first_group + g, big)
    flow = 0
    while True:
        parent = {source: source}
        queue = deque([source])
        while queue and sink not in parent:
            node = queue.popleft()
            for nxt, c in cap[node].items():
                if c > 0 and nxt not in parent:
                    parent[nxt] = node
                    queue.append(nxt)
        if sink not in parent:
            break
        path = [sink]
        while path[-1] != source:
            path.append(parent[path[-1]])
        push = min(cap[parent[v]][v] for v in path[:-1])
        for v in path[:-1]:
            cap[parent[v]][v] -= push
            cap[v][parent[v]] += push
        flow += push
    if flow != big:
        raise ValueError("no deal meets what this seat knows: the view is inconsistent")
    out: dict[int, list[Card]] = {other: [] for other in need}
    out[-1] = []
    for card in kinds:
        for g, (other, _, _) in enumerate(groups):
            sent = cap[first_group + g].get(2 + card, 0)  # the reverse residual holds what was sent
            out[other].extend([card] * sent)
    return out
