"""The data of a SOON match and the ``SoonState`` that ties rules, views and determinization together."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from veillee.core import ActionCodec, GameState, Result
from veillee.games.soon import determinize, explain, rules, scoring
from veillee.games.soon.actions import Action, codec
from veillee.games.soon.cards import Card, parse_card
from veillee.games.soon.options import SoonOptions
from veillee.games.soon.render import render
from veillee.games.soon.rules import Ask, Phase
from veillee.games.soon.view import SoonView, seat_view

__all__ = ["SoonState"]


class SoonState(GameState[Action]):
    """A SOON match: every round until the match goal (rules in ``docs/rules/soon.md``).

    Piles are lists whose *last* element is the top card. What the whole table knows beyond the cards in
    sight is kept here too, since views carry it: ``known[seat]`` (cards taken face up from the discard and
    still held), ``lacks[seat]`` (Ruling 34), ``pile_origin`` and ``pile_drawn`` (Ruling 35).
    """

    game_name = "soon"
    rules_version: ClassVar[str] = "2"
    """2: Express ends with the first round won alone, and that round's winner wins (Ruling 28)."""

    opts: SoonOptions
    round: int
    starter: int
    turn: int
    phase: Phase
    hands: list[list[Card]]
    suites: list[list[Card]]
    known: list[list[Card]]
    lacks: list[tuple[Card, ...]]
    pile_origin: tuple[Card, ...] | None
    """The cards the pile was last rebuilt with this round, sorted; ``None`` while it is the dealt pile."""
    pile_drawn: list[list[Card]]
    """Per seat, the cards it drew from the rebuilt pile (only it knows them)."""
    pile: list[Card]
    discard: list[Card]
    finisher: int | None
    last_turns_left: int
    ask: Ask | None
    totals: list[int]
    round_scores: list[list[int]]
    reshuffles: int
    turns: int

    def __init__(self, players: int, seed: int, deck: list[object] | None = None, **options: Any) -> None:
        opts = SoonOptions.parse(players, options)
        stack = None if deck is None else [str(parse_card(card)) for card in deck]
        self._init_base(players, seed, opts.to_json(), stack)
        self.opts = opts
        self.totals = [0] * players
        self.round_scores = []
        self.round = 0
        self.turns = 0
        rules.start_match(self)

    @property
    def first_deck(self) -> tuple[str, ...] | None:
        """The stacked top of the first round's deck (Ruling 32), if any.

        Read from the record's deck rather than kept as one more attribute: CPython shares the keys of
        instance dictionaries (a compact, faster attribute access) only up to 29 attributes, and every
        attribute of the state is read or written on the simulator's hot path.
        """
        return None if self._stack is None else tuple(self._stack)

    @property
    def codec(self) -> ActionCodec[Action]:
        return codec(self.num_players)

    def _legal(self) -> list[Action]:
        return rules.legal_actions(self)

    def _do(self, action: Action) -> None:
        rules.apply(self, action)

    def _explain(self, action: Action) -> str:
        return explain.explain(self, action)

    def _seat_view(self, seat: int | None) -> SoonView:
        return seat_view(self, seat)

    def seat_view(self, seat: int | None) -> SoonView:
        view = super().seat_view(seat)
        assert isinstance(view, SoonView)
        return view

    def _resample(self, world: SoonState, seat: int, rng: random.Random) -> None:
        determinize.resample_hidden(world, seat, rng)

    def result(self) -> Result:
        if not self.is_over:
            raise ValueError("the match is not over yet")
        return rules.result(self)

    def zones(self) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {"pile": list(self.pile), "discard": list(self.discard)}
        for seat in range(self.num_players):
            out[f"hand/{seat}"] = list(self.hands[seat])
            out[f"suite/{seat}"] = list(self.suites[seat])
        return out

    def hidden_zones(self, seat: int | None) -> set[str]:
        return {"pile"} | {f"hand/{s}" for s in range(self.num_players) if s != seat}

    def stats(self) -> dict[str, float]:
        return scoring.stats(self)

    def __str__(self) -> str:
        return render(self.seat_view(None))
