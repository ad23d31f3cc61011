"""Soupçons' observation: phase, seats, the seat's hand and dealt cards, Portes, the Nuit/Jour table, the
offer under way, and the public history summarised per seat plus the latest exchanges in full.

The view holds the whole history (what a player at the table remembers); a fixed-length vector keeps, per
relative seat, the claims it announced and accepted, the offers it refused and the cards that passed between
it and the observer (known to the observer only), and the last ``players`` exchanges in detail.

``fill`` (the reference) reads the seat's typed view, ``state.seat_view(seat)``; ``parts`` (the fast path)
reads the state with the view's rules: the seat's own hand and dealt cards, the offered cards to their giver
only, an accepted card to its giver and receiver only. The history summaries of finished exchanges are kept
per seat and extended as exchanges are added (checked against the state's ``past`` at every call, so any
other state gets its own), since summing the whole history at every step is what made this encoder slow
(``docs/rl.md`` shows the layout block by block).
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import TYPE_CHECKING, Any

from veillee.core import GameState
from veillee.games.soupcons.cards import Card, setup
from veillee.games.soupcons.rules import Exchange, Phase
from veillee.rl.encoders.base import CountBlock, Encoder, Layout, clipped_table, floats, one_hots, pack1, pack2, scaled

if TYPE_CHECKING:
    from veillee.games.soupcons.state import SoupconsState

__all__ = ["SoupconsEncoder"]

KINDS = len(Card)
PHASES = ("choose", "offer", "respond", "over")
SIDES = ("night", "day", "removed")
EFFECTS = ("day", "removed", "nothing")
CAMPS = ("serpents", "no-serpent", "draw")
CLAIMS = 3
_PHASE = {name: i for i, name in enumerate(PHASES)}
_EFFECT = {name: i for i, name in enumerate(EFFECTS)}
_CAMP = {name: i for i, name in enumerate(CAMPS)}


class SoupconsEncoder(Encoder):
    game = "soupcons"

    def build(self, layout: Layout) -> None:
        n = self.players
        material = setup(n)
        self.top = material.top
        self.copies = [1.0] * KINDS
        self.copies[Card.SERPENT] = float(material.serpents)
        self.cap = float(self.options.get("round_cap") or 20)
        self.recent = n
        self.rel = [tuple((p - seat) % n for p in range(n)) for seat in range(n)]
        k = KINDS
        self.o_phase = layout.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_to_act = layout.add("to_act", n + 1, "relative seat to act (last entry: nobody, game over)")
        self.o_active = layout.add("active", n, "relative seat holding three cards")
        self.o_first = layout.add("first_player", n, "relative seat left of the dealer")
        self.o_round = layout.add("round", 1, "round / round cap (20 without one; clipped)")
        self.o_hand = layout.add("hand", k, "own hand: count per kind (Masques 0-9, Serpent) / copies")
        self.o_dealt = layout.add("dealt", k, "the cards the seat was dealt, same encoding")
        self.o_sizes = layout.add("hand_sizes", n, "cards in each relative seat's hand / 3")
        self.o_doors = layout.add("doors", n, "1 while the relative seat's Porte is open")
        self.o_table = layout.add("table", (self.top, 3), "per Nuit/Jour value 1..top: one-hot night, day, removed")
        self.o_counts = layout.add("table_counts", 2, "Night cards left / top, table cards left / top")
        self.o_offer = layout.add(
            "offer",
            1 + 2 * n + 2 + 3 * k,
            "offer under way: flag, giver (n), receiver (n), refused / 2, pending flag, claim one-hot (k), "
            "own refused cards (k, giver only), own offered card one-hot (k, giver only)",
        )
        self.o_claimed = layout.add("claimed", (n, k), "per relative seat: claims it announced, per kind / 5")
        self.o_accepted = layout.add("accepted", (n, k), "per relative seat: claims it accepted, per kind / 3")
        self.o_refusals = layout.add("refusals", n, "per relative seat: offers it refused / 10")
        self.o_from = layout.add("received_from", (n, k), "cards the observer accepted from each relative seat")
        self.o_to = layout.add("given_to", (n, k), "cards each relative seat accepted from the observer")
        self.per_exchange = 1 + 2 * n + CLAIMS * k + 2 + len(EFFECTS) + k
        self.o_recent = layout.add(
            "recent",
            (self.recent, self.per_exchange),
            "the last exchanges, newest first: present, giver (n), receiver (n), claims in order (3 × k), done, "
            "forced, effect (day, removed, nothing), accepted card one-hot (k, if the observer knows it)",
        )
        self.o_camp = layout.add("camp", len(CAMPS), "how the game ended: " + ", ".join(CAMPS))
        self._tables()

    def _tables(self) -> None:
        """What ``parts`` looks up: one-hot blocks as bytes, cached card blocks, the per-seat summaries."""
        n = self.players
        self.b_phase = {phase: one_hots(len(PHASES))[_PHASE[str(phase)]] for phase in Phase}
        self.b_seat = one_hots(n)
        self.b_seat_or_none = one_hots(n + 1)[:-1]
        self.b_camp = {camp: one_hots(len(CAMPS))[i] for camp, i in _CAMP.items()}
        self.b_no_camp = bytes(4 * len(CAMPS))
        self.c_hand = CountBlock(self.copies, clip=False)
        self.c_dealt = CountBlock(self.copies, clip=False)
        self.c_refused = CountBlock(self.copies, clip=False)
        self.b_no_offer = bytes(4 * (1 + 2 * n + 2 + 3 * KINDS))
        self.b_no_recent = bytes(4 * self.per_exchange)
        self.table_cache: dict[bytes, bytes] = {}
        self.seats_cache: dict[tuple[int, ...], bytes] = {}
        """Hand sizes and doors by (seat, open doors, hand sizes)."""
        self.current_cache: dict[tuple[int, ...], bytes] = {}
        self.refusals_cache: dict[tuple[int, ...], bytes] = {}
        self.local = threading.local()
        """``local.history``: per seat, the summary of the finished exchanges it saw last (``_Summary``), kept
        per thread because summaries are extended in place and an encoder is shared by every environment
        and bot of the process."""

    def fill(self, state: GameState[Any], seat: int, idx: list[int], val: list[float]) -> None:
        v: Any = state.seat_view(seat)
        n = self.players
        k = KINDS
        rel = self.rel[seat]
        copies = self.copies
        app_i, app_v = idx.append, val.append

        def cards(held: tuple[Card, ...], offset: int) -> None:
            for kind, count in Counter(held).items():  # counts in C
                app_i(offset + kind)
                app_v(count / copies[kind])

        to_act = v.to_act
        idx += (
            self.o_phase + _PHASE[v.phase],
            self.o_to_act + (n if to_act is None else rel[to_act]),
            self.o_active + rel[v.active],
            self.o_first + rel[v.first_player],
            self.o_round,
            self.o_counts,
            self.o_counts + 1,
        )
        val += (1.0, 1.0, 1.0, 1.0, scaled(v.round, self.cap), v.night_cards / self.top, v.table_cards / self.top)
        cards(v.hand, self.o_hand)
        cards(v.dealt, self.o_dealt)
        for p, size in enumerate(v.hand_sizes):
            app_i(self.o_sizes + rel[p])
            app_v(size / 3)
        for p, door in enumerate(v.doors):
            if door == "open":
                app_i(self.o_doors + rel[p])
                app_v(1.0)
        table = v.table
        for value in range(1, self.top + 1):
            app_i(self.o_table + (value - 1) * 3 + int(table[value]))
            app_v(1.0)
        offer = v.offer
        if offer is not None:
            base = self.o_offer
            idx += (base, base + 1 + rel[offer.giver], base + 1 + n + rel[offer.receiver], base + 1 + 2 * n)
            val += (1.0, 1.0, 1.0, offer.refused / 2)
            if offer.pending:
                app_i(base + 2 + 2 * n)
                app_v(1.0)
            base += 3 + 2 * n
            if offer.claim is not None:
                app_i(base + offer.claim)
                app_v(1.0)
            if offer.refused_cards is not None:
                cards(offer.refused_cards, base + k)
            if offer.offered_card is not None:
                app_i(base + 2 * k + offer.offered_card)
                app_v(1.0)
        # Summaries of the whole history, kept sparse: most (seat, kind) pairs never occur.
        claimed: dict[int, int] = {}
        accepted: dict[int, int] = {}
        received: dict[int, int] = {}
        given: dict[int, int] = {}
        refusals = [0] * n
        exchanges = v.exchanges
        pending = offer is not None and offer.pending
        for ex in exchanges:
            giver, receiver, claims = rel[ex.giver], rel[ex.receiver], ex.claims
            row = giver * k
            for claim in claims:
                claimed[row + claim] = claimed.get(row + claim, 0) + 1
            if ex.done:
                refusals[receiver] += len(claims) - 1
                at = receiver * k + claims[-1]
                accepted[at] = accepted.get(at, 0) + 1
                card = ex.card
                if card is not None:
                    if receiver == 0:
                        at = row + card
                        received[at] = received.get(at, 0) + 1
                    else:
                        at = receiver * k + card
                        given[at] = given.get(at, 0) + 1
            else:
                refusals[receiver] += len(claims) - (1 if pending else 0)
        for offset, tally, scale in (
            (self.o_claimed, claimed, 5),
            (self.o_accepted, accepted, 3),
            (self.o_from, received, 3),
            (self.o_to, given, 3),
        ):
            for i, count in tally.items():
                app_i(offset + i)
                app_v(count / scale if count < scale else 1.0)
        for p in range(n):
            if refusals[p]:
                app_i(self.o_refusals + p)
                app_v(scaled(refusals[p], 10))
        for slot, ex in enumerate(reversed(exchanges[-self.recent :])):
            base = self.o_recent + slot * self.per_exchange
            idx += (base, base + 1 + rel[ex.giver], base + 1 + n + rel[ex.receiver])
            val += (1.0, 1.0, 1.0)
            base += 1 + 2 * n
            for c, claim in enumerate(ex.claims[:CLAIMS]):
                app_i(base + c * k + claim)
                app_v(1.0)
            base += CLAIMS * k
            if ex.done:
                app_i(base)
                app_v(1.0)
            if ex.forced:
                app_i(base + 1)
                app_v(1.0)
            if ex.effect is not None:
                app_i(base + 2 + _EFFECT[ex.effect])
                app_v(1.0)
            if ex.card is not None:
                app_i(base + 2 + len(EFFECTS) + ex.card)
                app_v(1.0)
        camp = v.camp
        if camp is not None:
            app_i(self.o_camp + _CAMP[camp])
            app_v(1.0)

    def __getstate__(self) -> dict[str, Any]:
        """For ``pickle`` (a vector environment sent to a worker process): the per-thread summaries stay."""
        return {name: value for name, value in self.__dict__.items() if name != "local"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.local = threading.local()

    def parts(self, state: GameState[Any], seat: int) -> list[bytes]:
        """The vector as bytes chunks, read from the state with the view's rules."""
        s: SoupconsState = state  # type: ignore[assignment]
        n = self.players
        k = KINDS
        rel = self.rel[seat]
        seats = self.b_seat
        to_act, top, doors = s.to_act, self.top, s.open_doors
        seat_key = (seat, doors, *map(len, s.hands))
        sizes_doors = self.seats_cache.get(seat_key)
        if sizes_doors is None:
            sizes_doors = self._sizes_doors(seat_key, s, seat)
        out = [
            self.b_phase[s.phase],
            self.b_seat_or_none[n if to_act is None else rel[to_act]],
            seats[rel[s.active]],
            seats[rel[s.starter]],
            pack1(scaled(s.round, self.cap)),
            self.c_hand(s.hands[seat]),
            self.c_dealt(s.dealt[seat]),
            sizes_doors,
        ]
        key = bytes(s.table[1 : top + 1])
        table = self.table_cache.get(key)
        if table is None:
            table = self.table_cache[key] = b"".join(one_hots(3)[side] for side in key)
        out.append(table)
        out.append(pack2(s.night / top, s.on_table / top))
        receiver = s.receiver
        pending = receiver is not None and s.offered is not None
        if receiver is None:
            out.append(self.b_no_offer)
        else:
            values = [0.0] * (3 + 2 * n + k)
            values[0] = 1.0
            values[1 + rel[s.active]] = 1.0
            values[1 + n + rel[receiver]] = 1.0
            values[1 + 2 * n] = len(s.refused) / 2
            if pending:
                values[2 + 2 * n] = 1.0
            if s.claim is not None:
                values[3 + 2 * n + s.claim] = 1.0
            out.append(floats(*values))
            if seat == s.active:
                out.append(self.c_refused(s.refused))
                offered = [0.0] * k
                if s.offered is not None:
                    offered[s.offered] = 1.0
                out.append(floats(*offered))
            else:
                out.append(bytes(8 * k))
        try:
            history: dict[int, _Summary] = self.local.history
        except AttributeError:
            history = self.local.history = {}
        summary = history.get(seat)
        if summary is None:
            summary = history[seat] = _Summary(self, seat)
        summary.sync(s.past)
        refusals = summary.refusals
        if receiver is None:
            out.append(summary.claimed_b)
        else:  # the exchange under way adds its claims to its giver's row, and its refusals so far
            refusals = list(refusals)
            refusals[rel[receiver]] += len(s.claims) - (1 if pending else 0)
            giver = rel[s.active]
            row = summary.claimed[giver * k : giver * k + k]
            for claim in s.claims:
                row[claim] += 1
            claimed_b = summary.claimed_b
            out += (claimed_b[: 4 * giver * k], _clipped(row, _FIFTHS), claimed_b[4 * (giver + 1) * k :])
        out.append(summary.accepted_b)
        refusals_b = self.refusals_cache.get(tuple(refusals))
        if refusals_b is None:
            if len(self.refusals_cache) >= CountBlock.LIMIT:
                self.refusals_cache.clear()
            refusals_b = self.refusals_cache[tuple(refusals)] = _clipped(refusals, _TENTHS)
        out.append(refusals_b)
        out.append(summary.received_b)
        out.append(summary.given_b)
        recent = self.recent
        rows = summary.rows
        if receiver is not None:
            out.append(self._current(s, seat))
            recent -= 1
        out += rows[-1 : -recent - 1 : -1]
        if len(rows) < recent:
            out += [self.b_no_recent] * (recent - len(rows))
        camp = s.camp
        out.append(self.b_no_camp if camp is None else self.b_camp[camp])
        return out

    def _sizes_doors(self, key: tuple[int, ...], s: SoupconsState, seat: int) -> bytes:
        """The ``hand_sizes`` and ``doors`` blocks for ``key`` (seat, open doors, hand sizes)."""
        n, doors = self.players, s.open_doors
        sizes = [len(hand) / 3 for hand in s.hands]
        if len(self.seats_cache) >= CountBlock.LIMIT:
            self.seats_cache.clear()
        got = self.seats_cache[key] = floats(
            *sizes[seat:], *sizes[:seat], *(1.0 if doors >> ((seat + q) % n) & 1 else 0.0 for q in range(n))
        )
        return got

    def _row(self, values: list[float], giver: int, receiver: int, claims: tuple[int, ...], seat: int) -> None:
        """Fill the first entries of a ``recent`` row: present, giver, receiver, claims in order."""
        n, k, rel = self.players, KINDS, self.rel[seat]
        values[0] = 1.0
        values[1 + rel[giver]] = 1.0
        values[1 + n + rel[receiver]] = 1.0
        for c, claim in enumerate(claims[:CLAIMS]):
            values[1 + 2 * n + c * k + claim] = 1.0

    def _current(self, s: SoupconsState, seat: int) -> bytes:
        """The ``recent`` row of the exchange under way (no card, effect or end known yet)."""
        assert s.receiver is not None
        key = (seat, s.active, s.receiver, *s.claims)
        got = self.current_cache.get(key)
        if got is None:
            values = [0.0] * self.per_exchange
            self._row(values, s.active, s.receiver, tuple(s.claims), seat)
            if len(self.current_cache) >= CountBlock.LIMIT:
                self.current_cache.clear()
            got = self.current_cache[key] = floats(*values)
        return got

    def finished(self, ex: Exchange, seat: int) -> bytes:
        """The ``recent`` row of a finished exchange as ``seat`` knows it (the card: giver and receiver only)."""
        values = [0.0] * self.per_exchange
        self._row(values, ex.giver, ex.receiver, ex.claims, seat)
        base = 1 + 2 * self.players + CLAIMS * KINDS
        values[base] = 1.0
        if ex.forced:
            values[base + 1] = 1.0
        if ex.effect is not None:
            values[base + 2 + _EFFECT[ex.effect]] = 1.0
        if seat == ex.giver or seat == ex.receiver:
            values[base + 2 + len(EFFECTS) + ex.offered[-1]] = 1.0
        return floats(*values)


_FIFTHS = clipped_table(5)
_THIRDS = clipped_table(3)
_TENTHS = clipped_table(10)
"""``scaled(r, 10)`` of a count ``r >= 0``: the same clipped quotient."""


def _clipped(counts: list[int], table: list[float]) -> bytes:
    """``count / scale if count < scale else 1.0`` per count, by ``table`` (``clipped_table(scale)``)."""
    if max(counts) < len(table):
        return floats(*map(table.__getitem__, counts))
    return floats(*(table[c] if c < len(table) else 1.0 for c in counts))


class _Summary:
    """What the finished exchanges add up to for one seat, kept per seat and extended as exchanges finish:
    counts per (relative seat, kind) of the claims announced, accepted, and the cards received from and
    given to the observer, the refusals per relative seat, the bytes of the blocks that only finished
    exchanges change, and each finished exchange's ``recent`` row.

    ``sync(past)`` brings it to a state's ``past``: extended when ``past`` starts with the exchanges summed
    so far (compared by value, so a clone, a determinized world or another match is never served another
    state's summary: those start over), in the order and with the arithmetic of the reference ``fill``."""

    __slots__ = (
        "accepted",
        "accepted_b",
        "claimed",
        "claimed_b",
        "done",
        "encoder",
        "given",
        "given_b",
        "received",
        "received_b",
        "refusals",
        "rel",
        "rows",
        "seat",
    )

    def __init__(self, encoder: SoupconsEncoder, seat: int) -> None:
        self.encoder, self.seat, self.rel = encoder, seat, encoder.rel[seat]
        self.reset()

    def reset(self) -> None:
        cells = self.encoder.players * KINDS
        self.done: list[Exchange] = []
        self.claimed, self.accepted = [0] * cells, [0] * cells
        self.received, self.given = [0] * cells, [0] * cells
        self.refusals = [0] * self.encoder.players
        self.rows: list[bytes] = []
        self.claimed_b = self.accepted_b = self.received_b = self.given_b = bytes(4 * cells)

    def sync(self, past: list[Exchange]) -> None:
        done = self.done
        if len(done) == len(past) and done == past:
            return
        if not (len(done) < len(past) and past[: len(done)] == done):
            self.reset()
            done = self.done
        new = past[len(done) :]
        k, rel, seat = KINDS, self.rel, self.seat
        claimed, accepted, refusals = self.claimed, self.accepted, self.refusals
        mine = False
        for ex in new:
            giver, receiver, claims = rel[ex.giver], rel[ex.receiver], ex.claims
            row = giver * k
            for claim in claims:
                claimed[row + claim] += 1
            refusals[receiver] += len(claims) - 1
            accepted[receiver * k + claims[-1]] += 1
            if giver == 0 or receiver == 0:  # the observer knows the accepted card
                mine = True
                card = ex.offered[-1]
                if receiver == 0:
                    self.received[row + card] += 1
                else:
                    self.given[receiver * k + card] += 1
            self.rows.append(self.encoder.finished(ex, seat))
        done += new
        self.claimed_b = _clipped(claimed, _FIFTHS)
        self.accepted_b = _clipped(accepted, _THIRDS)
        if mine:
            self.received_b = _clipped(self.received, _THIRDS)
            self.given_b = _clipped(self.given, _THIRDS)
