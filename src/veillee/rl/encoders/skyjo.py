"""Skyjo's observation: phase, seats, every grid as the seat sees it, the piles, the drawn card, the market
and the Action cards, the pending effect's picks, the end of the round, scores.

``fill`` (the reference) reads the seat's typed view, ``state.seat_view(seat)``; ``parts`` (the fast path)
reads the state with the view's rules: a face-down card is shown only to the seats in its ``knowers`` mask,
the Tirez trois cards only to the seat whose turn it is (``docs/rl.md`` shows the layout block by block).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import veillee
from veillee.core import GameState
from veillee.games.skyjo.cards import ActionCard, GameCard
from veillee.games.skyjo.phases import Phase
from veillee.rl.encoders.base import CountBlock, Encoder, Layout, floats, one_hots, pack1, pack2, scaled

if TYPE_CHECKING:
    from veillee.games.skyjo.state import SkyjoState

__all__ = ["SkyjoEncoder"]

CARDS = len(GameCard)
ACTIONS = len(ActionCard)
SLOTS = 12
LINES = 7
SLOT_FEATURES = CARDS + 3
PHASES = tuple(str(p) for p in Phase)
MARKET = 4
_PHASE = {name: i for i, name in enumerate(PHASES)}
_ACTION_ZONES = ("market", "action_pile", "action_discard", "in_play")


class SkyjoEncoder(Encoder):
    game = "skyjo"

    def build(self, layout: Layout) -> None:
        n = self.players
        box = veillee.new_game("skyjo", n, 0, **self.options)
        game_cards: Counter[int] = Counter()
        action_cards: Counter[int] = Counter()
        for zone, cards in box.zones().items():
            target = action_cards if zone in _ACTION_ZONES or zone.startswith("actions/") else game_cards
            target.update(int(card) for card in cards)
        self.copies = [float(max(game_cards[i], 1)) for i in range(CARDS)]
        self.action_copies = [float(max(action_cards[i], 1)) for i in range(ACTIONS)]
        self.deck_size = float(sum(game_cards.values()))
        self.action_deck_size = float(max(sum(action_cards.values()), 1))
        self.target = float(self.options.get("target") or 100)
        self.rel = [tuple((p - seat) % n for p in range(n)) for seat in range(n)]
        self.o_phase = layout.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_to_act = layout.add("to_act", n + 1, "relative seat to act (last entry: nobody, match over)")
        self.o_turn = layout.add("turn", n, "relative seat whose turn it is")
        self.o_starter = layout.add("starter", n, "relative seat that started the round")
        self.o_grids = layout.add(
            "grids",
            (n, SLOTS, SLOT_FEATURES),
            "per relative seat, per slot (row by row): one-hot of the card if the observer knows it (-2..12, "
            "star), then: slot empty (line discarded), face down and unknown, face up",
        )
        self.o_hidden = layout.add("hidden_counts", n, "face-down cards per relative seat / 12")
        self.o_discard = layout.add("discard", CARDS, "the game discard: count per card / copies in the box")
        self.o_top = layout.add("discard_top", CARDS, "one-hot of the discard's top card")
        self.o_pile = layout.add("pile_size", 1, "cards in the game pile / game deck size")
        self.o_drawn = layout.add("drawn", CARDS, "one-hot of the card drawn and held (all zero: none)")
        self.o_three = layout.add("three", CARDS + 1, "own Tirez trois cartes: count per card / 3, then size / 3")
        self.o_market = layout.add("market", (MARKET, ACTIONS + 1), "per market slot: one-hot Action card, or empty")
        self.o_apile = layout.add("action_pile_size", 1, "cards in the Action pile / Action deck size")
        self.o_adiscard = layout.add("action_discard", ACTIONS, "the Action discard: count per card / copies")
        self.o_held = layout.add(
            "action_cards", (n, 2, ACTIONS), "per relative seat: playable, then not yet playable, count / copies"
        )
        self.o_in_play = layout.add("in_play", ACTIONS, "Action cards being played: count / copies")
        self.o_picks = layout.add("picks", (n, SLOTS), "slots picked so far for the effect under way")
        self.o_meteor = layout.add("meteor_next", n + 1, "relative seat whose card the meteors hit next (last: none)")
        self.o_copy = layout.add("copy_lines", LINES, "lines a Star may copy to complete (rows 1-3, columns 1-4)")
        self.o_rights = layout.add("rights", 2, "Star rights / 3, extra turns / 3 (clipped)")
        self.o_trigger = layout.add("triggerer", n + 1, "relative seat that ended the round (last: none yet)")
        self.o_final = layout.add("final_turns_left", 1, "final turns left / players")
        self.o_totals = layout.add("totals", n, "match total per relative seat / target (clipped)")
        self.o_last = layout.add("last_round", n, "last round's score per relative seat / 50 (clipped)")
        self.o_round = layout.add("round", 1, "round number / 20 (clipped)")
        self._tables()

    def _tables(self) -> None:
        """What ``parts`` looks up: every one-hot block and grid cell as bytes, and the count blocks."""
        n = self.players
        self.b_phase = {phase: one_hots(len(PHASES))[i] for i, phase in enumerate(Phase)}
        self.b_seat = one_hots(n)  # [n]: all zero
        self.b_seat_or_none = one_hots(n + 1)[:-1]  # [n]: the "none" entry
        self.b_card = one_hots(CARDS)  # [CARDS] (also [-1]): no card
        self.b_market = one_hots(ACTIONS + 1)[:-1]
        self.b_lines: dict[tuple[int, ...], bytes] = {(): bytes(4 * LINES)}
        cell = one_hots(SLOT_FEATURES)
        self.b_empty = cell[CARDS]
        self.b_hidden = cell[CARDS + 1]
        self.b_known = tuple(cell[c] for c in range(CARDS))
        self.b_up = tuple(
            floats(*(1.0 if i in (c, CARDS + 2) else 0.0 for i in range(SLOT_FEATURES))) for c in range(CARDS)
        )
        self.b_picks = bytes(4 * n * SLOTS)
        self.b_zero_n = bytes(4 * n)
        self.c_discard = CountBlock(self.copies)
        self.c_three = CountBlock(_THREE)
        self.c_action = CountBlock(self.action_copies)
        self.b_no_three = bytes(4 * CARDS)
        self.zeros_n = [0.0] * n
        self.b_no_action = bytes(4 * ACTIONS)
        self.c_adiscard = CountBlock(self.action_copies)
        self.b_pile = [pack1(scaled(size, self.deck_size)) for size in range(int(self.deck_size) + 1)]
        self.b_apile = [pack1(scaled(size, self.action_deck_size)) for size in range(int(self.action_deck_size) + 1)]
        self.b_rights = {(a, b): pack2(scaled(a, 3), scaled(b, 3)) for a in range(8) for b in range(8)}
        self.ends_cache: dict[tuple[int | None, ...], bytes] = {}
        self.market_cache: dict[tuple[ActionCard | None, ...], bytes] = {}
        """The market's block by its cards (at most a few hundred combinations of four slots)."""
        self.grid_cache: dict[tuple[Any, ...], bytes] = {}
        """A grid's block by (seat's bit, cards, face-up flags, knowers): grids change a slot at a time, and
        most decisions change none."""

    def fill(self, state: GameState[Any], seat: int, idx: list[int], val: list[float]) -> None:
        v: Any = state.seat_view(seat)
        n = self.players
        rel = self.rel[seat]
        app_i, app_v = idx.append, val.append

        def counts(cards: tuple[int, ...], copies: list[float], offset: int) -> None:
            for kind, count in Counter(cards).items():  # counts in C
                app_i(offset + kind)
                app_v(count / copies[kind] if count < copies[kind] else 1.0)

        to_act, meteor, triggerer = v.to_act, v.meteor_next, v.triggerer
        idx += (
            self.o_phase + _PHASE[v.phase],
            self.o_to_act + (n if to_act is None else rel[to_act]),
            self.o_turn + rel[v.turn],
            self.o_starter + rel[v.starter],
            self.o_meteor + (n if meteor is None else rel[meteor]),
            self.o_trigger + (n if triggerer is None else rel[triggerer]),
            self.o_pile,
            self.o_three + CARDS,
            self.o_apile,
            self.o_rights,
            self.o_rights + 1,
            self.o_round,
        )
        val += (
            1.0,
            1.0,
            1.0,
            1.0,
            1.0,
            1.0,
            scaled(v.pile_size, self.deck_size),
            v.three_size / 3,
            scaled(v.action_pile_size, self.action_deck_size),
            scaled(v.star_rights, 3),
            scaled(v.extra_turns, 3),
            scaled(v.round, 20),
        )
        empty, unknown, up = CARDS, CARDS + 1, CARDS + 2
        for p, grid in enumerate(v.grids):
            at = self.o_grids + rel[p] * SLOTS * SLOT_FEATURES
            for cell in grid:
                if cell is None:
                    app_i(at + empty)
                    app_v(1.0)
                else:
                    card = cell.card
                    app_i(at + (unknown if card is None else card))
                    app_v(1.0)
                    if cell.up:
                        app_i(at + up)
                        app_v(1.0)
                at += SLOT_FEATURES
        for p, hidden in enumerate(v.hidden_counts):
            app_i(self.o_hidden + rel[p])
            app_v(hidden / SLOTS)
        discard = v.discard
        if discard:
            counts(discard, self.copies, self.o_discard)
            app_i(self.o_top + discard[-1])
            app_v(1.0)
        if v.drawn is not None:
            app_i(self.o_drawn + v.drawn)
            app_v(1.0)
        if v.three:
            counts(v.three, _THREE, self.o_three)
        for m, card in enumerate(v.market):
            app_i(self.o_market + m * (ACTIONS + 1) + (ACTIONS if card is None else card))
            app_v(1.0)
        if v.action_discard:
            counts(v.action_discard, self.action_copies, self.o_adiscard)
        for p, held in enumerate(v.action_cards):
            base = self.o_held + rel[p] * 2 * ACTIONS
            if held.playable:
                counts(held.playable, self.action_copies, base)
            if held.not_yet_playable:
                counts(held.not_yet_playable, self.action_copies, base + ACTIONS)
        if v.in_play:
            counts(v.in_play, self.action_copies, self.o_in_play)
        for p, slot in v.picks:
            app_i(self.o_picks + rel[p] * SLOTS + slot)
            app_v(1.0)
        for line in v.copy_lines:
            app_i(self.o_copy + line)
            app_v(1.0)
        if v.final_turns_left is not None:
            app_i(self.o_final)
            app_v(scaled(v.final_turns_left, n))
        for p, total in enumerate(v.totals):
            app_i(self.o_totals + rel[p])
            app_v(scaled(total, self.target))
        if v.round_scores:
            for p, score in enumerate(v.round_scores[-1]):
                app_i(self.o_last + rel[p])
                app_v(scaled(score, 50))

    def parts(self, state: GameState[Any], seat: int) -> list[bytes]:
        s: SkyjoState = state  # type: ignore[assignment]
        n = self.players
        rel = self.rel[seat]
        seats, seats_none = self.b_seat, self.b_seat_or_none
        to_act = s.to_act
        out = [
            self.b_phase[s.phase],
            seats_none[n if to_act is None else rel[to_act]],
            seats[rel[s.turn]],
            seats[rel[s.starter]],
        ]
        ap = out.append
        bit = 1 << seat
        grids, ups, knowers = s.grid, s.up, s.knowers
        cache = self.grid_cache
        for q in range(n):
            p = (seat + q) % n
            key = (bit, *grids[p], *ups[p], *knowers[p])
            cells = cache.get(key)
            if cells is None:
                cells = self._grid(grids[p], ups[p], knowers[p], bit)
                if len(cache) >= CountBlock.LIMIT:
                    cache.clear()
                cache[key] = cells
            ap(cells)
        hidden_counts = [u.count(False) / SLOTS for u in ups]
        discard = s.discard
        three = s.three
        out += (
            floats(*hidden_counts[seat:], *hidden_counts[:seat]),
            self.c_discard(discard),
            self.b_card[discard[-1] if discard else -1],
            self._size(self.b_pile, len(s.pile), self.deck_size),
            self.b_card[-1 if s.drawn is None else s.drawn],
            self.c_three(three) if three and seat == s.turn else self.b_no_three,
            pack1(len(three) / 3),
        )
        market = self.market_cache.get(tuple(s.market))
        if market is None:
            market = self._market(s.market)
        ap(market)
        c_action = self.c_action
        ap(self._size(self.b_apile, len(s.action_pile), self.action_deck_size))
        no_cards = self.b_no_action
        action_discard, in_play = s.action_discard, s.in_play
        ap(self.c_adiscard(action_discard) if action_discard else no_cards)
        held, fresh = s.held, s.fresh
        for q in range(n):
            p = (seat + q) % n
            cards = held[p]
            ap(c_action(cards) if cards else no_cards)
            cards = fresh[p]
            ap(c_action(cards) if cards else no_cards)
        ap(c_action(in_play) if in_play else no_cards)
        picks = s.picks
        if picks:
            values = [0.0] * (n * SLOTS)
            for p, slot in picks:
                values[rel[p] * SLOTS + slot] = 1.0
            ap(floats(*values))
        else:
            ap(self.b_picks)
        meteor, triggerer = s.meteor_queue, s.triggerer
        ap(seats_none[rel[meteor[0]] if meteor else n])
        lines = self.b_lines.get(tuple(s.copy_lines))
        if lines is None:
            lines = floats(*(1.0 if line in s.copy_lines else 0.0 for line in range(LINES)))
            self.b_lines[tuple(s.copy_lines)] = lines
        ap(lines)
        rights = self.b_rights.get((s.star_rights, s.extra_turns))
        ap(rights or pack2(scaled(s.star_rights, 3), scaled(s.extra_turns, 3)))
        ap(seats_none[n if triggerer is None else rel[triggerer]])
        scores = s.round_scores
        key = (seat, None if triggerer is None else s.final_left, s.round, *s.totals, *(scores[-1] if scores else ()))
        ends = self.ends_cache.get(key)
        if ends is None:
            ends = self._ends(key, s, seat)
        ap(ends)
        return out

    def _grid(self, grid: list[GameCard | None], up: list[bool], knows: list[int], bit: int) -> bytes:
        """One grid's block as the seat with mask ``bit`` sees it (``seat_view``'s ``_grid`` rules): a card is
        shown face up, or face down to the seats in its ``knowers`` mask; others see a hidden card."""
        empty, up_cells, known, hidden = self.b_empty, self.b_up, self.b_known, self.b_hidden
        cells = []
        for slot in range(SLOTS):
            card = grid[slot]
            if card is None:
                cells.append(empty)
            elif up[slot]:
                cells.append(up_cells[card])
            elif knows[slot] & bit:
                cells.append(known[card])
            else:
                cells.append(hidden)
        return b"".join(cells)

    @staticmethod
    def _size(table: list[bytes], size: int, scale: float) -> bytes:
        """A pile's size block from ``table`` (every size up to the deck's), computed beyond it."""
        return table[size] if size < len(table) else pack1(scaled(size, scale))

    def _ends(self, key: tuple[int | None, ...], s: SkyjoState, seat: int) -> bytes:
        """The last blocks (final turns, totals, last round's scores, round) for ``key``: they change once a
        turn at most, so they are packed once per content."""
        n, target = self.players, self.target
        triggerer, totals, scores = s.triggerer, s.totals, s.round_scores
        ends = [0.0 if triggerer is None else scaled(s.final_left, n)]
        ends += [scaled(total, target) for total in totals[seat:]]
        ends += [scaled(total, target) for total in totals[:seat]]
        if scores:
            last = scores[-1]
            ends += [scaled(score, 50) for score in last[seat:]]
            ends += [scaled(score, 50) for score in last[:seat]]
        else:
            ends += self.zeros_n
        ends.append(scaled(s.round, 20))
        if len(self.ends_cache) >= CountBlock.LIMIT:
            self.ends_cache.clear()
        got = self.ends_cache[key] = floats(*ends)
        return got

    def _market(self, market: list[ActionCard | None]) -> bytes:
        if len(self.market_cache) >= CountBlock.LIMIT:
            self.market_cache.clear()
        got = self.market_cache[tuple(market)] = b"".join(
            self.b_market[ACTIONS if card is None else card] for card in market
        )
        return got


_THREE = [3.0] * CARDS
