"""SOON's observation: phase, seats, the seat's hand, every suite, the discard, the known cards in hands,
the pending Explorateur question, scores.

Read from the seat's view (``docs/rl.md`` shows the layout block by block).
"""

from __future__ import annotations

from typing import Any

from veillee.core import GameState
from veillee.games.soon.cards import DECK_COUNTS, NOTATION, Card
from veillee.rl.encoders.base import Encoder, Layout, scaled

__all__ = ["SoonEncoder"]

KINDS = len(Card)
PHASES = ("start", "act", "give", "over")
SUITE = 8
_INDEX = {text: i for i, text in enumerate(NOTATION)}
_COPIES = [float(DECK_COUNTS[Card(i)]) for i in range(KINDS)]
_COLOURS = {None: 0, "day": 1, "night": 2}


class SoonEncoder(Encoder):
    game = "soon"

    def build(self, layout: Layout) -> None:
        n = self.players
        self.target = float(self.options.get("target") or 1)
        self.o_phase = layout.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_to_act = layout.add("to_act", n + 1, "relative seat to act (last entry: nobody, match over)")
        self.o_turn = layout.add("turn", n, "relative seat whose turn it is")
        self.o_starter = layout.add("starter", n, "relative seat that started the round")
        self.o_hand = layout.add("hand", KINDS, "own hand: count per card kind / copies in the box")
        self.o_sizes = layout.add("hand_sizes", n, "cards in each relative seat's hand / 10 (clipped)")
        self.o_known = layout.add(
            "known_in_hand", (n, KINDS), "per relative seat: cards known to be in its hand (taken face up), / copies"
        )
        self.o_suites = layout.add(
            "suites", (n, SUITE, KINDS), "per relative seat, per suite position 1-8: one-hot of the card there"
        )
        self.o_discard = layout.add("discard", KINDS, "the discard pile: count per card kind / copies")
        self.o_top = layout.add("discard_top", KINDS, "one-hot of the discard's top card (all zero: empty)")
        self.o_pile = layout.add("pile_size", 1, "cards in the draw pile / 110")
        self.o_finisher = layout.add("finisher", n + 1, "relative seat that completed its suite first (last: none)")
        self.o_last = layout.add("last_turns_left", 1, "last turns left / players")
        self.o_ask = layout.add(
            "ask",
            1 + 2 * n + SUITE + 3,
            "pending Explorateur: present flag, asker (n), target (n), value 1-8, colour (any, day, night)",
        )
        self.o_totals = layout.add("totals", n, "match points per relative seat / target (clipped)")
        self.o_round = layout.add("round", 1, "round number / 20 (clipped)")

    def fill(self, state: GameState[Any], seat: int, idx: list[int], val: list[float]) -> None:
        v = state.view(seat)
        n = self.players
        app_i, app_v = idx.append, val.append

        def one(i: int) -> None:
            app_i(i)
            app_v(1.0)

        def rel(p: int) -> int:
            return (p - seat) % n

        one(self.o_phase + PHASES.index(v["phase"]))
        to_act = v["to_act"]
        one(self.o_to_act + (n if to_act is None else rel(to_act)))
        one(self.o_turn + rel(v["turn"]))
        one(self.o_starter + rel(v["starter"]))
        counts = [0] * KINDS
        for text in v["hand"]:
            counts[_INDEX[text]] += 1
        self._counts(counts, self.o_hand, idx, val)
        for p, size in enumerate(v["hand_sizes"]):
            app_i(self.o_sizes + rel(p))
            app_v(scaled(size, 10))
        for p, known in enumerate(v["known_in_hand"]):
            if known:
                counts = [0] * KINDS
                for text in known:
                    counts[_INDEX[text]] += 1
                self._counts(counts, self.o_known + rel(p) * KINDS, idx, val)
        for p, suite in enumerate(v["suites"]):
            base = self.o_suites + rel(p) * SUITE * KINDS
            for pos, text in enumerate(suite[:SUITE]):
                one(base + pos * KINDS + _INDEX[text])
        discard = v["discard"]
        if discard:
            counts = [0] * KINDS
            for text in discard:
                counts[_INDEX[text]] += 1
            self._counts(counts, self.o_discard, idx, val)
            one(self.o_top + _INDEX[discard[-1]])
        app_i(self.o_pile)
        app_v(scaled(v["pile_size"], 110))
        finisher = v["finisher"]
        one(self.o_finisher + (n if finisher is None else rel(finisher)))
        app_i(self.o_last)
        app_v(scaled(v["last_turns_left"], n))
        ask = v["ask"]
        if ask is not None:
            base = self.o_ask
            one(base)
            one(base + 1 + rel(ask["asker"]))
            one(base + 1 + n + rel(ask["target"]))
            one(base + 1 + 2 * n + ask["value"] - 1)
            one(base + 1 + 2 * n + SUITE + _COLOURS[ask["colour"]])
        for p, total in enumerate(v["totals"]):
            app_i(self.o_totals + rel(p))
            app_v(scaled(total, self.target))
        app_i(self.o_round)
        app_v(scaled(v["round"], 20))

    @staticmethod
    def _counts(counts: list[int], offset: int, idx: list[int], val: list[float]) -> None:
        for kind, count in enumerate(counts):
            if count:
                idx.append(offset + kind)
                val.append(count / _COPIES[kind])
