"""SOON's observation: phase, seats, the seat's hand, every suite, the discard, what is known of each hand
(cards taken face up, Number cards it lacks since an Explorateur « no ») and of a rebuilt pile, the pending
Explorateur question, scores.

``fill`` (the reference) reads the seat's typed view, ``state.seat_view(seat)``; ``parts`` (the fast path)
reads the state with the view's rules: only the seat's own hand, and what the pile may hold as the view's
``pile_cards`` says (``docs/rl.md`` shows the layout block by block).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from veillee.core import GameState
from veillee.games.soon.cards import DECK_COUNTS, Card
from veillee.games.soon.rules import Phase
from veillee.games.soon.view import pile_cards
from veillee.rl.encoders.base import CountBlock, Encoder, Layout, floats, one_hots, pack1, scaled

if TYPE_CHECKING:
    from veillee.games.soon.state import SoonState

__all__ = ["SoonEncoder"]

KINDS = len(Card)
NUMBERS = 16
PHASES = ("start", "act", "give", "over")
_PHASE = {name: i for i, name in enumerate(PHASES)}
SUITE = 8
_COPIES = [float(DECK_COUNTS[Card(i)]) for i in range(KINDS)]
_COLOURS = {None: 0, "day": 1, "night": 2}
_KIND_BYTES = [bytes((kind,)) for kind in range(KINDS)]


class SoonEncoder(Encoder):
    game = "soon"

    def build(self, layout: Layout) -> None:
        n = self.players
        self.target = float(self.options.get("target") or 1)
        self.rel = [tuple((p - seat) % n for p in range(n)) for seat in range(n)]
        self.o_phase = layout.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_to_act = layout.add("to_act", n + 1, "relative seat to act (last entry: nobody, match over)")
        self.o_turn = layout.add("turn", n, "relative seat whose turn it is")
        self.o_starter = layout.add("starter", n, "relative seat that started the round")
        self.o_hand = layout.add("hand", KINDS, "own hand: count per card kind / copies in the box")
        self.o_sizes = layout.add("hand_sizes", n, "cards in each relative seat's hand / 10 (clipped)")
        self.o_known = layout.add(
            "known_in_hand", (n, KINDS), "per relative seat: cards known to be in its hand (taken face up), / copies"
        )
        self.o_lacks = layout.add(
            "lacks", (n, NUMBERS), "per relative seat: Number cards D1-D8, N1-N8 its hand is known not to hold"
        )
        self.o_suites = layout.add(
            "suites", (n, SUITE, KINDS), "per relative seat, per suite position 1-8: one-hot of the card there"
        )
        self.o_discard = layout.add("discard", KINDS, "the discard pile: count per card kind / copies")
        self.o_top = layout.add("discard_top", KINDS, "one-hot of the discard's top card (all zero: empty)")
        self.o_pile = layout.add("pile_size", 1, "cards in the draw pile / 110")
        self.o_pile_cards = layout.add(
            "pile_cards", 1 + KINDS, "pile rebuilt from the discard: known flag, then its cards per kind / copies"
        )
        self.o_finisher = layout.add("finisher", n + 1, "relative seat that completed its suite first (last: none)")
        self.o_last = layout.add("last_turns_left", 1, "last turns left / players")
        self.o_ask = layout.add(
            "ask",
            1 + 2 * n + SUITE + 3,
            "pending Explorateur: present flag, asker (n), target (n), value 1-8, colour (any, day, night)",
        )
        self.o_totals = layout.add("totals", n, "match points per relative seat / target (clipped)")
        self.o_round = layout.add("round", 1, "round number / 20 (clipped)")
        self._tables()

    def _tables(self) -> None:
        """What ``parts`` looks up: one-hot blocks as bytes, and the cached card blocks."""
        n = self.players
        self.b_phase = {phase: one_hots(len(PHASES))[_PHASE[str(phase)]] for phase in Phase}
        self.b_seat = one_hots(n)
        self.b_seat_or_none = one_hots(n + 1)[:-1]
        self.b_card = one_hots(KINDS)  # [-1]: no card
        self.c_hand = CountBlock(_COPIES, clip=False)
        self.c_known = CountBlock(_COPIES, clip=False)
        self.c_discard = CountBlock(_COPIES, clip=False)
        self.pile_cache: dict[tuple[bytes, bytes], bytes] = {}
        self.b_no_pile = bytes(4 * (1 + KINDS))
        self.b_no_ask = bytes(4 * (1 + 2 * n + SUITE + 3))
        self.lacks_cache: dict[bytes, bytes] = {}
        self.sizes_cache: dict[tuple[int, ...], bytes] = {}
        self.tail_cache: dict[tuple[int, ...], bytes] = {}
        self.b_no_cards = bytes(4 * KINDS)
        self.b_no_lacks = bytes(4 * NUMBERS)
        self.b_pile = [pack1(size / 110) for size in range(111)]
        self.suite_cache: dict[bytes, bytes] = {}

    def _sizes(self, key: tuple[int, ...], hands: list[list[Card]], seat: int) -> bytes:
        """The ``hand_sizes`` block for ``key`` (seat, hand sizes)."""
        sizes = [len(hand) / 10 if len(hand) < 10 else 1.0 for hand in hands]
        if len(self.sizes_cache) >= CountBlock.LIMIT:
            self.sizes_cache.clear()
        got = self.sizes_cache[key] = floats(*sizes[seat:], *sizes[:seat])
        return got

    def _tail(self, key: tuple[int, ...], s: SoonState, seat: int) -> bytes:
        """The last blocks with no Explorateur question pending: last turns, no ``ask``, totals, round."""
        n, target, totals = self.players, self.target, s.totals
        tail = [scaled(s.last_turns_left, n)]
        head = floats(*tail) + self.b_no_ask
        tail = [scaled(total, target) for total in totals[seat:]]
        tail += [scaled(total, target) for total in totals[:seat]]
        tail.append(scaled(s.round, 20))
        if len(self.tail_cache) >= CountBlock.LIMIT:
            self.tail_cache.clear()
        got = self.tail_cache[key] = head + floats(*tail)
        return got

    def _lacks(self, key: bytes) -> bytes:
        values = [0.0] * NUMBERS
        for card in key:
            values[card] = 1.0
        if len(self.lacks_cache) >= CountBlock.LIMIT:
            self.lacks_cache.clear()
        got = self.lacks_cache[key] = floats(*values)
        return got

    def _suite(self, key: bytes) -> bytes:
        cards = self.b_card
        got = b"".join(cards[card] for card in key) + bytes(4 * KINDS * (SUITE - len(key)))
        if len(self.suite_cache) >= CountBlock.LIMIT:
            self.suite_cache.clear()
        self.suite_cache[key] = got
        return got

    def _pile(self, key: tuple[bytes, bytes], state: SoonState, seat: int) -> bytes:
        """The ``pile_cards`` block for the pile's origin and what ``seat`` drew from it (the key): the view's
        ``pile_cards`` is the origin less the drawn cards, so its counts are the difference of theirs."""
        origin, drawn = key
        counts = [a - b for a, b in zip(map(origin.count, _KIND_BYTES), map(drawn.count, _KIND_BYTES), strict=True)]
        if min(counts) < 0:  # not a sub-multiset: let the view's own function decide (it raises)
            rebuilt = pile_cards(state, seat) or ()
            counts = [rebuilt.count(kind) for kind in range(KINDS)]
        got = floats(1.0, *(count / _COPIES[kind] for kind, count in enumerate(counts)))
        if len(self.pile_cache) >= CountBlock.LIMIT:
            self.pile_cache.clear()
        self.pile_cache[key] = got
        return got

    def parts(self, state: GameState[Any], seat: int) -> list[bytes]:
        s: SoonState = state  # type: ignore[assignment]
        n = self.players
        rel = self.rel[seat]
        seats, seats_none = self.b_seat, self.b_seat_or_none
        to_act = s.to_act
        hands = s.hands
        sizes_key = (seat, *map(len, hands))
        sizes = self.sizes_cache.get(sizes_key)
        if sizes is None:
            sizes = self._sizes(sizes_key, hands, seat)
        out = [
            self.b_phase[s.phase],
            seats_none[n if to_act is None else rel[to_act]],
            seats[rel[s.turn]],
            seats[rel[s.starter]],
            self.c_hand(hands[seat]),
            sizes,
        ]
        known, lacks, suites = s.known, s.lacks, s.suites
        lacks_cache, suite_cache = self.lacks_cache, self.suite_cache
        c_known = self.c_known
        no_cards, no_lacks = self.b_no_cards, self.b_no_lacks
        for q in range(n):
            cards = known[(seat + q) % n]
            out.append(c_known(cards) if cards else no_cards)
        for q in range(n):
            lacking = lacks[(seat + q) % n]
            if lacking:
                key = bytes(lacking)
                out.append(lacks_cache.get(key) or self._lacks(key))
            else:
                out.append(no_lacks)
        for q in range(n):
            key = bytes(suites[(seat + q) % n][:SUITE])
            out.append(suite_cache.get(key) or self._suite(key))
        discard = s.discard
        out.append(self.c_discard(discard))
        out.append(self.b_card[discard[-1] if discard else -1])
        size = len(s.pile)
        out.append(self.b_pile[size] if size < len(self.b_pile) else pack1(size / 110))
        origin = s.pile_origin
        if origin is None:
            out.append(self.b_no_pile)
        else:
            pile_key = (bytes(origin), bytes(s.pile_drawn[seat]))
            out.append(self.pile_cache.get(pile_key) or self._pile(pile_key, s, seat))
        finisher = s.finisher
        out.append(seats_none[n if finisher is None else rel[finisher]])
        ask = s.ask
        if ask is None:
            tail_key = (seat, s.last_turns_left, s.round, *s.totals)
            end = self.tail_cache.get(tail_key)
            if end is None:
                end = self._tail(tail_key, s, seat)
            out.append(end)
            return out
        tail = [scaled(s.last_turns_left, n)]
        if ask is not None:
            values = [0.0] * (1 + 2 * n + SUITE + 3)
            values[0] = 1.0
            values[1 + rel[ask.asker]] = 1.0
            values[1 + n + rel[ask.target]] = 1.0
            values[1 + 2 * n + ask.value - 1] = 1.0
            values[1 + 2 * n + SUITE + _COLOURS[ask.colour]] = 1.0
            tail += values
        totals = s.totals
        target = self.target
        tail += [scaled(total, target) for total in totals[seat:]]
        tail += [scaled(total, target) for total in totals[:seat]]
        tail.append(scaled(s.round, 20))
        out.append(floats(*tail))
        return out

    def fill(self, state: GameState[Any], seat: int, idx: list[int], val: list[float]) -> None:
        v: Any = state.seat_view(seat)
        n = self.players
        rel = self.rel[seat]
        app_i, app_v = idx.append, val.append

        def cards(held: tuple[Card, ...], offset: int) -> None:
            for kind, count in Counter(held).items():  # counts in C
                app_i(offset + kind)
                app_v(count / _COPIES[kind])

        to_act, finisher = v.to_act, v.finisher
        idx += (
            self.o_phase + _PHASE[v.phase],
            self.o_to_act + (n if to_act is None else rel[to_act]),
            self.o_turn + rel[v.turn],
            self.o_starter + rel[v.starter],
            self.o_finisher + (n if finisher is None else rel[finisher]),
            self.o_pile,
            self.o_last,
            self.o_round,
        )
        val += (1.0, 1.0, 1.0, 1.0, 1.0, v.pile_size / 110, scaled(v.last_turns_left, n), scaled(v.round, 20))
        cards(v.hand, self.o_hand)
        for p, size in enumerate(v.hand_sizes):
            app_i(self.o_sizes + rel[p])
            app_v(size / 10 if size < 10 else 1.0)
        for p, known in enumerate(v.known_in_hand):
            if known:
                cards(known, self.o_known + rel[p] * KINDS)
        for p, lacks in enumerate(v.lacks):
            base = self.o_lacks + rel[p] * NUMBERS
            for card in lacks:
                app_i(base + card)
                app_v(1.0)
        for p, suite in enumerate(v.suites):
            base = self.o_suites + rel[p] * SUITE * KINDS
            for pos, card in enumerate(suite[:SUITE]):
                app_i(base + pos * KINDS + card)
                app_v(1.0)
        discard = v.discard
        if discard:
            cards(discard, self.o_discard)
            app_i(self.o_top + discard[-1])
            app_v(1.0)
        pile_cards = v.pile_cards
        if pile_cards is not None:
            app_i(self.o_pile_cards)
            app_v(1.0)
            cards(pile_cards, self.o_pile_cards + 1)
        ask = v.ask
        if ask is not None:
            base = self.o_ask
            idx += (
                base,
                base + 1 + rel[ask.asker],
                base + 1 + n + rel[ask.target],
                base + 1 + 2 * n + ask.value - 1,
                base + 1 + 2 * n + SUITE + _COLOURS[ask.colour],
            )
            val += (1.0, 1.0, 1.0, 1.0, 1.0)
        for p, total in enumerate(v.totals):
            app_i(self.o_totals + rel[p])
            app_v(scaled(total, self.target))
