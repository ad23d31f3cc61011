"""Soupçons' observation: phase, seats, the seat's hand and dealt cards, Portes, the Nuit/Jour table, the
offer under way, and the public history summarised per seat plus the latest exchanges in full.

The view holds the whole history (what a player at the table remembers); a fixed-length vector keeps, per
relative seat, the claims it announced and accepted, the offers it refused and the cards that passed between
it and the observer (known to the observer only), and the last ``players`` exchanges in detail. Read from
the seat's typed view, ``state.seat_view(seat)`` (``docs/rl.md`` shows the layout block by block).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from veillee.core import GameState
from veillee.games.soupcons.cards import Card, setup
from veillee.rl.encoders.base import Encoder, Layout, scaled

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
