"""The data of a Skyjo match and the ``SkyjoState`` that ties rules, views and determinization together."""

from __future__ import annotations

import random
from typing import Any, ClassVar, Self

from veillee.core import ActionCodec, GameState, InvalidOption, Result
from veillee.games.skyjo import determinize, explain, rules, scoring, turn
from veillee.games.skyjo.actions import Action, codec
from veillee.games.skyjo.cards import (
    ActionCard,
    GameCard,
    is_action_card_text,
    parse_action_card,
    parse_game_card,
)
from veillee.games.skyjo.lines import ALL_LINES, COLUMN_LINES
from veillee.games.skyjo.options import SkyjoOptions
from veillee.games.skyjo.phases import Phase
from veillee.games.skyjo.render import render
from veillee.games.skyjo.view import SkyjoView, seat_view

__all__ = ["SkyjoState"]


class SkyjoState(GameState[Action]):
    """A Skyjo match: every round until someone reaches the target (rules in ``docs/rules/skyjo.md``).

    Piles are lists whose *last* element is the top card. Grids are lists of 12 slots, row by row
    (``None`` once a card has left with a line); ``up`` says which are face up; ``knowers[p][slot]`` is
    the bit mask of the seats that know a face-down card (Révélation, a face-up card turned face down).
    Action cards in front of a player are split into ``held`` (playable) and ``fresh`` (taken since the
    player's last turn after another player's turn: not yet playable, ruling 4).
    """

    game_name: ClassVar[str] = "skyjo"

    opts: SkyjoOptions
    action_rules: bool
    """``opts.action``, read on every decision."""
    game_deck: tuple[GameCard, ...]
    action_deck: tuple[ActionCard, ...]
    lines: tuple[int, ...]
    all_seats: int
    round: int
    turn: int
    starter: int
    phase: Phase
    grid: list[list[GameCard | None]]
    up: list[list[bool]]
    knowers: list[list[int]]
    pile: list[GameCard]
    discard: list[GameCard]
    pile_public: bool
    drawn: GameCard | None
    drawn_from: str | None
    three: list[GameCard]
    three_kept: bool
    market: list[ActionCard | None]
    action_pile: list[ActionCard]
    action_discard: list[ActionCard]
    held: list[list[ActionCard]]
    fresh: list[list[ActionCard]]
    in_play: list[ActionCard]
    effect: ActionCard | None
    picks: list[tuple[int, int]]
    meteor_queue: list[int]
    star_rights: int
    extra_turns: int
    triggerer: int | None
    previous_triggerer: int | None
    final_left: int
    copy_lines: list[int]
    dirty: list[bool]
    """Whether a seat's grid changed since its lines were last checked (skips a useless check)."""
    star_cache: list[list[int]]
    """The lines each seat's Stars could complete, as of the last check of its (since unchanged) grid."""
    final_queue: list[int] | None
    setup_queue: list[int]
    last_turn_seat: int | None
    totals: list[int]
    round_scores: list[list[int]]
    reshuffles: int
    turns: int

    def __init__(self, players: int, seed: int, deck: list[object] | None = None, **options: Any) -> None:
        opts = SkyjoOptions.parse(players, options)
        stack = None
        if deck is not None:
            if not isinstance(deck, list | tuple):
                raise InvalidOption("deck must be a list of cards")
            stack = [
                str(parse_action_card(item) if is_action_card_text(item) else parse_game_card(item)) for item in deck
            ]
            if not opts.action and any(is_action_card_text(item) for item in stack):
                raise InvalidOption("the classic rules have no Action cards")
        self._init_base(players, seed, opts.to_json(), stack)
        self.opts = opts
        self.action_rules = opts.action
        self.game_deck = opts.game_deck()
        self.action_deck = opts.action_deck()
        self.lines = ALL_LINES if opts.lines == "rows_and_columns" else COLUMN_LINES
        self.all_seats = (1 << players) - 1
        self.totals = [0] * players
        self.round_scores = []
        self.round = 0
        self.turns = 0
        self.previous_triggerer = None
        turn.start_match(self, stack)

    @property
    def codec(self) -> ActionCodec[Action]:
        return codec(self.num_players)

    # The rules' functions themselves, not wrappers: one call less on every decision of every playout.
    _legal = rules.legal_actions
    _do = rules.apply

    def _explain(self, action: Action) -> str:
        return explain.explain(self, action)

    def _seat_view(self, seat: int | None) -> SkyjoView:
        return seat_view(self, seat)

    def _resample(self, world: Self, seat: int, rng: random.Random) -> None:
        determinize.resample_hidden(world, seat, rng)

    def result(self) -> Result:
        if not self.is_over:
            raise ValueError("the match is not over yet")
        return Result.from_scores(self.totals, lower_is_better=True)

    def zones(self) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {
            "pile": list(self.pile),
            "discard": list(self.discard),
            "drawn": [] if self.drawn is None else [self.drawn],
            "three": list(self.three),
            "market": [card for card in self.market if card is not None],
            "action_pile": list(self.action_pile),
            "action_discard": list(self.action_discard),
            "in_play": list(self.in_play),
        }
        for seat in range(self.num_players):
            out[f"grid/{seat}"] = [card for card in self.grid[seat] if card is not None]
            out[f"actions/{seat}"] = [*self.held[seat], *self.fresh[seat]]
        return out

    def hidden_zones(self, seat: int | None) -> set[str]:
        out = {"pile", "action_pile"}
        if self.three and self.turn != seat:
            out.add("three")
        bit = 0 if seat is None else 1 << seat
        for p in range(self.num_players):
            grid, up, knowers = self.grid[p], self.up[p], self.knowers[p]
            if any(not up[s] and grid[s] is not None and not knowers[s] & bit for s in range(12)):
                out.add(f"grid/{p}")
        return out

    def stats(self) -> dict[str, float]:
        return scoring.stats(self)

    def __str__(self) -> str:
        return render(seat_view(self, None))
