"""Sorry! Revenge's observation: phase, seats, the seat's hand, the play pile and its total, the set-aside
cards, pawns, the out-of-turn windows, what dead cards told, and the tie-break.

``fill`` (the reference) reads the seat's typed view, ``state.seat_view(seat)``; ``parts`` (the fast path)
reads the state with the view's rules: only the seat's own hand, and of an open steal window only who is
still to be asked (``docs/rl.md`` shows the layout block by block).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from veillee.core import GameState
from veillee.games.sorry.cards import DECK_COUNTS, Card, DeckList
from veillee.games.sorry.phases import Phase
from veillee.rl.encoders.base import CountBlock, Encoder, Layout, floats, one_hots, pack1, pack2, scaled

if TYPE_CHECKING:
    from veillee.games.sorry.state import SorryState

__all__ = ["SorryEncoder"]

KINDS = len(Card)
PHASES = ("play", "play2", "steal", "block_steal", "block_sorry", "tiebreak", "over")
_PHASE = {name: i for i, name in enumerate(PHASES)}
TOTALS = 22
PROGRESS = 9


class SorryEncoder(Encoder):
    game = "sorry"

    def build(self, layout: Layout) -> None:
        n = self.players
        counts = DECK_COUNTS[DeckList(self.options.get("deck_list", "standard"))]
        self.copies = [float(counts[Card(i)]) for i in range(KINDS)]
        self.deck_size = float(sum(counts.values()))
        self.rel = [tuple((p - seat) % n for p in range(n)) for seat in range(n)]
        self.o_phase = layout.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_to_act = layout.add("to_act", n + 1, "relative seat to act (last entry: nobody, match over)")
        self.o_turn = layout.add("turn", n, "relative seat whose turn it is")
        self.o_direction = layout.add("direction", 2, "one-hot: play order ascending (+1), descending (-1)")
        self.o_hand = layout.add("hand", KINDS, "own hand: count per card kind / copies in the box")
        self.o_sizes = layout.add("hand_sizes", n, "cards in each relative seat's hand / 7")
        self.o_draw = layout.add("draw_size", 1, "cards in the draw pile / deck size")
        self.o_pile = layout.add("pile", KINDS, "the play pile: count per card kind / copies")
        self.o_top = layout.add("pile_top", KINDS, "one-hot of the play pile's top card (all zero: empty)")
        self.o_total = layout.add("total", TOTALS + 1, "one-hot of the pile's total 0-21, then the total / 21")
        self.o_aside = layout.add("set_aside", KINDS, "set-aside cards: count per card kind / copies")
        self.o_progress = layout.add(
            "progress", (n, PROGRESS), "per relative seat: one-hot of its pawn progress 0-8 (5-8: longer game)"
        )
        self.o_goal = layout.add("goal", 1, "progress that wins / 8")
        self.o_play2 = layout.add("play2_left", 1, "Number cards still to play for a Play 2 / 2")
        self.o_steal = layout.add(
            "steal", 1 + 3 * n, "steal window: open flag, scorer (n), stealer (n), seats still to ask (n)"
        )
        self.o_sorry = layout.add("sorry_target", n + 1, "relative seat a SORRY! is aimed at (last: none)")
        self.o_inert = layout.add(
            "known_no_effect", (n, 2), "per relative seat: cards known to have no effect / 7, SORRY! among them"
        )
        self.o_tie = layout.add(
            "tiebreak",
            1 + 3 * n + 1,
            "tie-break: on flag, in it (n), has stood (n), pile total / 21 (n), rounds / 5",
        )
        self.o_winner = layout.add("winner", n + 1, "relative seat of the round's winner (last: none)")
        self.o_round = layout.add("round", 1, "round number / 50 (clipped)")
        self._tables()

    def _tables(self) -> None:
        """What ``parts`` looks up: one-hot blocks as bytes, and the cached card blocks."""
        n = self.players
        self.b_phase = {phase: one_hots(len(PHASES))[_PHASE[str(phase)]] for phase in Phase}
        self.b_seat = one_hots(n)
        self.b_seat_or_none = one_hots(n + 1)[:-1]
        self.b_direction = one_hots(2)
        self.b_card = one_hots(KINDS)
        self.b_total = one_hots(TOTALS)
        self.b_progress = one_hots(PROGRESS)
        self.c_hand = CountBlock(self.copies, clip=False)
        self.c_pile = CountBlock(self.copies, clip=False)
        self.c_aside = CountBlock(self.copies, clip=False)
        self.b_no_steal = bytes(4 * (1 + 3 * n))
        self.b_no_inert = bytes(4 * 2 * n)
        self.b_no_tie = bytes(4 * (1 + 3 * n + 1))

    def fill(self, state: GameState[Any], seat: int, idx: list[int], val: list[float]) -> None:
        v: Any = state.seat_view(seat)
        n = self.players
        rel = self.rel[seat]
        copies = self.copies
        app_i, app_v = idx.append, val.append

        def cards(held: tuple[Card, ...], offset: int) -> None:
            for kind, count in Counter(held).items():  # counts in C
                app_i(offset + kind)
                app_v(count / copies[kind])

        to_act, winner, target = v.to_act, v.winner, v.sorry_target
        idx += (
            self.o_phase + _PHASE[v.phase],
            self.o_to_act + (n if to_act is None else rel[to_act]),
            self.o_turn + rel[v.turn],
            self.o_direction + (0 if v.direction > 0 else 1),
            self.o_sorry + (n if target is None else rel[target]),
            self.o_winner + (n if winner is None else rel[winner]),
        )
        val += (1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
        cards(v.hand, self.o_hand)
        for p, size in enumerate(v.hand_sizes):
            app_i(self.o_sizes + rel[p])
            app_v(size / 7 if size < 7 else 1.0)
        pile = v.pile
        if pile:
            cards(pile, self.o_pile)
            app_i(self.o_top + pile[-1])
            app_v(1.0)
        total = v.total
        idx += (self.o_total + min(max(total, 0), TOTALS - 1), self.o_total + TOTALS, self.o_draw, self.o_goal)
        val += (1.0, scaled(total, 21), v.draw_size / self.deck_size, v.goal / 8)
        cards(v.set_aside, self.o_aside)
        base = self.o_progress
        for p, progress in enumerate(v.progress):
            app_i(base + rel[p] * PROGRESS + (progress if progress < PROGRESS else PROGRESS - 1))
            app_v(1.0)
        if v.play2_left:
            app_i(self.o_play2)
            app_v(scaled(v.play2_left, 2))
        steal = v.steal
        if steal is not None:
            base = self.o_steal
            app_i(base)
            app_v(1.0)
            app_i(base + 1 + rel[steal.scorer])
            app_v(1.0)
            if steal.stealer is not None:
                app_i(base + 1 + n + rel[steal.stealer])
                app_v(1.0)
            for p in steal.still_to_ask:
                app_i(base + 1 + 2 * n + rel[p])
                app_v(1.0)
        for p, known in enumerate(v.known_no_effect):
            if known is not None:
                app_i(self.o_inert + rel[p] * 2)
                app_v(scaled(known.cards, 7))
                if known.sorry_included:
                    app_i(self.o_inert + rel[p] * 2 + 1)
                    app_v(1.0)
        tie = v.tiebreak
        if tie is not None:
            base = self.o_tie
            app_i(base)
            app_v(1.0)
            for p in tie.order:
                app_i(base + 1 + rel[p])
                app_v(1.0)
            for p in tie.standing:
                app_i(base + 1 + n + rel[p])
                app_v(1.0)
            for p, total in enumerate(tie.totals):
                app_i(base + 1 + 2 * n + rel[p])
                app_v(scaled(total, 21))
            app_i(base + 1 + 3 * n)
            app_v(scaled(tie.rounds, 5))
        app_i(self.o_round)
        app_v(scaled(v.round, 50))

    def parts(self, state: GameState[Any], seat: int) -> list[bytes]:
        """The vector as bytes chunks, read from the state with the view's rules."""
        s: SorryState = state  # type: ignore[assignment]
        n = self.players
        rel = self.rel[seat]
        seats, seats_none = self.b_seat, self.b_seat_or_none
        to_act, phase = s.to_act, s.phase
        sizes = [len(hand) / 7 if len(hand) < 7 else 1.0 for hand in s.hands]
        pile, total = s.pile, s.total
        progress_bytes = self.b_progress
        progress = s.progress
        out = [
            self.b_phase[phase],
            seats_none[n if to_act is None else rel[to_act]],
            seats[rel[s.turn]],
            self.b_direction[0 if s.direction > 0 else 1],
            self.c_hand(s.hands[seat]),
            floats(*sizes[seat:], *sizes[:seat], len(s.draw) / self.deck_size),
            self.c_pile(pile),
            self.b_card[pile[-1] if pile else -1],
            self.b_total[min(max(total, 0), TOTALS - 1)],
            pack1(scaled(total, 21)),
            self.c_aside(s.set_aside),
            *(progress_bytes[p if p < PROGRESS else PROGRESS - 1] for p in progress[seat:]),
            *(progress_bytes[p if p < PROGRESS else PROGRESS - 1] for p in progress[:seat]),
            pack2(s.goal / 8, scaled(s.play2_left, 2) if phase is Phase.PLAY2 and s.play2_left else 0.0),
        ]
        if phase is Phase.STEAL or phase is Phase.BLOCK_STEAL:
            values = [0.0] * (1 + 3 * n)
            values[0] = 1.0
            values[1 + rel[s.turn]] = 1.0
            if s.stealer is not None:
                values[1 + n + rel[s.stealer]] = 1.0
            for p in s.window:
                values[1 + 2 * n + rel[p]] = 1.0
            out.append(floats(*values))
        else:
            out.append(self.b_no_steal)
        target = s.sorry_target
        out.append(seats_none[n if target is None else rel[target]])
        inert = s.inert
        if any(inert):
            values = [0.0] * (2 * n)
            for p, known in enumerate(inert):
                if known:
                    values[rel[p] * 2] = scaled(known, 7)
                    if s.inert_sorry[p]:
                        values[rel[p] * 2 + 1] = 1.0
            out.append(floats(*values))
        else:
            out.append(self.b_no_inert)
        if phase is Phase.TIEBREAK or s.tb_order:
            values = [0.0] * (1 + 3 * n + 1)
            values[0] = 1.0
            for p in s.tb_order:
                values[1 + rel[p]] = 1.0
            for p in s.tb_order[: s.tb_pos]:
                values[1 + n + rel[p]] = 1.0
            for p, tb_total in enumerate(s.tb_totals):
                values[1 + 2 * n + rel[p]] = scaled(tb_total, 21)
            values[1 + 3 * n] = scaled(s.tb_rounds, 5)
            out.append(floats(*values))
        else:
            out.append(self.b_no_tie)
        winner = s.winner
        out.append(seats_none[n if winner is None else rel[winner]])
        out.append(pack1(scaled(s.round, 50)))
        return out
