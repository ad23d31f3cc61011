"""The data of a Sorry! Revenge match: ``SorryState``, glue between the rules, views and explanations."""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from veillee.core import ActionCodec, GameState, Result
from veillee.games.sorry import determinize, explain, render, rules, scoring, view
from veillee.games.sorry.actions import Action, codec
from veillee.games.sorry.cards import PAWNS, Card, parse_card
from veillee.games.sorry.options import SorryOptions
from veillee.games.sorry.phases import Phase

__all__ = ["SorryState"]


class SorryState(GameState[Action]):
    """A Sorry! Revenge match, from the deal until a player has all pawns home (``docs/rules/sorry.md``).

    Piles are lists whose *last* element is the top card. A seat's pawns are one number, ``progress``: the
    pawns it has flipped to HOME (0–4), and in the longer game 5–8 as it flips them back to START.
    """

    game_name = "sorry"
    rules_version: ClassVar[str] = "1"

    opts: SorryOptions
    goal: int
    turn: int
    direction: int
    phase: Phase
    hands: list[list[Card]]
    draw: list[Card]
    pile: list[Card]
    total: int
    set_aside: list[Card]
    progress: list[int]
    round: int
    turns: int
    reshuffles: int
    play2_left: int
    window: list[int]
    """Seats still to be asked in the steal window, the next one last."""
    stealer: int | None
    sorry_target: int | None
    inert: list[int]
    """Per seat: how many cards of its hand are publicly known to have no effect (Ruling 27)."""
    inert_sorry: list[bool]
    """Per seat: whether a SORRY! counts among those cards (it had no target at the dead play)."""
    tb_order: list[int]
    tb_pos: int
    tb_piles: list[list[Card]]
    tb_totals: list[int]
    tb_rounds: int
    winner: int | None

    def __init__(self, players: int, seed: int, deck: list[object] | None = None, **options: Any) -> None:
        opts = SorryOptions.parse(players, options)
        stack = None if deck is None else [str(parse_card(card)) for card in deck]
        self._init_base(players, seed, opts.to_json(), stack)
        self.opts = opts
        self.goal = 2 * PAWNS if opts.long_game else PAWNS
        self.direction = 1
        self.pile = []
        self.total = 0
        self.set_aside = []
        self.progress = [0] * players
        self.round = 1
        self.turns = 0
        self.reshuffles = 0
        self.play2_left = 0
        self.window = []
        self.stealer = None
        self.sorry_target = None
        self.inert = [0] * players
        self.inert_sorry = [False] * players
        self.tb_order = []
        self.tb_pos = 0
        self.tb_piles = [[] for _ in range(players)]
        self.tb_totals = [0] * players
        self.tb_rounds = 0
        self.winner = None
        rules.start_match(self, stack)

    @property
    def codec(self) -> ActionCodec[Action]:
        return codec(self.num_players)

    # The rules' functions are the methods themselves: one Python call less on every step of a playout.
    _legal = rules.legal_actions
    _do = rules.apply

    def _explain(self, action: Action) -> str:
        return explain.explain(self, action)

    def _seat_view(self, seat: int | None) -> view.SorryView:
        return view.seat_view(self, seat)

    def _resample(self, world: Self, seat: int, rng: random.Random) -> None:
        determinize.resample_hidden(world, seat, rng)

    def result(self) -> Result:
        if not self.is_over or self.winner is None:
            raise ValueError("the match is not over yet")
        return scoring.match_result(self)

    def zones(self) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {
            "draw": list(self.draw),
            "pile": list(self.pile),
            "set_aside": list(self.set_aside),
        }
        for seat in range(self.num_players):
            out[f"hand/{seat}"] = list(self.hands[seat])
            out[f"tiebreak/{seat}"] = list(self.tb_piles[seat])
        return out

    def hidden_zones(self, seat: int | None) -> set[str]:
        return {"draw"} | {f"hand/{s}" for s in range(self.num_players) if s != seat}

    def stats(self) -> dict[str, float]:
        return scoring.match_stats(self)

    def __str__(self) -> str:
        return render.render(view.seat_view(self, None))
