"""The data of a Skyjo match: options and the ``SkyjoState`` that ties rules and views together."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Self

from veillee.core import JSON, ActionCodec, GameState, InvalidOption, RawEvent, Result
from veillee.games.skyjo import explain, rules, view
from veillee.games.skyjo.actions import Action, codec
from veillee.games.skyjo.cards import (
    ACTION_DECK_FIRST_GAME,
    ACTION_DECK_FULL,
    GAME_DECK_ACTION,
    GAME_DECK_ACTION_NUMBERS,
    GAME_DECK_CLASSIC,
    ActionCard,
    GameCard,
    is_action_card_text,
    parse_action_card,
    parse_game_card,
)
from veillee.games.skyjo.lines import ALL_LINES, COLUMN_LINES
from veillee.games.skyjo.phases import Phase

__all__ = ["OPTIONS", "SkyjoOptions", "SkyjoState"]

OPTIONS = {
    "rules": "action (Skyjo Action, the default) or classic (columns only, no Stars, no Action cards)",
    "box": "which box's game cards: action (the Skyjo Action box) or classic (the classic Skyjo box, 150 cards; "
    "classic rules only). Default: action, except classic rules for 5-8 players (the Action box's 105 number "
    "cards serve 2-4 players only)",
    "first_game": "leave out Vol de carte Action and Averse de météorites, as advised for a first game (default false)",
    "lines": "lines that are discarded: rows_and_columns (default with action rules) or columns (default with classic)",
    "double_turn_extra": "turns that Tour doublé gives: 2 (default, ruling 9) or 1",
    "stolen_playable_at_once": "a card stolen with Vol is playable at once (default false: from your next turn)",
    "defense_blocks_exchange": "Défense blocks Échange avec un autre joueur on your grid (default true, ruling 6)",
    "steal_blocked_extra_turn": "a thief blocked by a Défense still takes the extra turn (default true, ruling 7)",
    "first_player": "who starts rounds after the first: triggerer (default, ruling 21) or highest (2-card sum)",
    "target": "the total that ends the match (default 100)",
    "action_copies": "copies of each Action card type (default 3, ruling 1)",
    "stars": "Star cards in the Skyjo Action game deck (default 15, ruling 1)",
}


@dataclass(frozen=True, kw_only=True)
class SkyjoOptions:
    """The options of a Skyjo match, validated (``docs/rules/skyjo.md`` §Options)."""

    rules: str = "action"
    box: str = "action"
    first_game: bool = False
    lines: str = "rows_and_columns"
    double_turn_extra: int = 2
    stolen_playable_at_once: bool = False
    defense_blocks_exchange: bool = True
    steal_blocked_extra_turn: bool = True
    first_player: str = "triggerer"
    target: int = 100
    action_copies: int = 3
    stars: int = 15

    @property
    def action(self) -> bool:
        """Skyjo Action rules (Stars and Action cards) rather than the classic ones."""
        return self.rules == "action"

    @classmethod
    def parse(cls, players: int, options: dict[str, Any]) -> SkyjoOptions:
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise InvalidOption(f"unknown Skyjo option(s): {', '.join(sorted(unknown))}; known: {', '.join(OPTIONS)}")
        rules_ = _choice(options, "rules", "action", ("action", "classic"))
        default_box = "classic" if rules_ == "classic" and players > 4 else "action"
        box = _choice(options, "box", default_box, ("action", "classic"))
        if rules_ == "action" and box == "classic":
            raise InvalidOption("the classic Skyjo deck has no Stars: play it with rules='classic'")
        if rules_ == "classic" and box == "action" and players > 4:
            raise InvalidOption(
                "classic rules with the Skyjo Action box's number cards are for 2 to 4 players; "
                "use box='classic' (the classic Skyjo box) for 5 to 8"
            )
        default_lines = "rows_and_columns" if rules_ == "action" else "columns"
        lines = _choice(options, "lines", default_lines, ("rows_and_columns", "columns"))
        extra = options.get("double_turn_extra", 2)
        if extra not in (1, 2) or isinstance(extra, bool):
            raise InvalidOption(f"double_turn_extra must be 1 or 2, not {extra!r}")
        target = _int(options, "target", 100, 1, 10_000)
        copies = _int(options, "action_copies", 3, 1, 10)
        stars = _int(options, "stars", 15, 0, 40)
        if rules_ == "classic" and (stars != 15 or copies != 3 or options.get("first_game", False) is not False):
            raise InvalidOption("stars, action_copies and first_game belong to the Skyjo Action rules")
        return cls(
            rules=rules_,
            box=box,
            first_game=_flag(options, "first_game", False),
            lines=lines,
            double_turn_extra=extra,
            stolen_playable_at_once=_flag(options, "stolen_playable_at_once", False),
            defense_blocks_exchange=_flag(options, "defense_blocks_exchange", True),
            steal_blocked_extra_turn=_flag(options, "steal_blocked_extra_turn", True),
            first_player=_choice(options, "first_player", "triggerer", ("triggerer", "highest")),
            target=target,
            action_copies=copies,
            stars=stars,
        )

    def to_json(self) -> JSON:
        return {
            "rules": self.rules,
            "box": self.box,
            "first_game": self.first_game,
            "lines": self.lines,
            "double_turn_extra": self.double_turn_extra,
            "stolen_playable_at_once": self.stolen_playable_at_once,
            "defense_blocks_exchange": self.defense_blocks_exchange,
            "steal_blocked_extra_turn": self.steal_blocked_extra_turn,
            "first_player": self.first_player,
            "target": self.target,
            "action_copies": self.action_copies,
            "stars": self.stars,
        }

    def game_deck(self) -> tuple[GameCard, ...]:
        if self.box == "classic":
            return GAME_DECK_CLASSIC
        if not self.action:
            return GAME_DECK_ACTION_NUMBERS
        return (*GAME_DECK_ACTION_NUMBERS, *([GameCard.STAR] * self.stars)) if self.stars != 15 else GAME_DECK_ACTION

    def action_deck(self) -> tuple[ActionCard, ...]:
        if not self.action:
            return ()
        base = ACTION_DECK_FIRST_GAME if self.first_game else ACTION_DECK_FULL
        kinds = sorted(set(base))
        return tuple(card for card in kinds for _ in range(self.action_copies))


def _flag(options: dict[str, Any], name: str, default: bool) -> bool:
    value = options.get(name, default)
    if not isinstance(value, bool):
        raise InvalidOption(f"{name} must be true or false, not {value!r}")
    return value


def _choice(options: dict[str, Any], name: str, default: str, allowed: tuple[str, ...]) -> str:
    value = options.get(name, default)
    if value not in allowed:
        raise InvalidOption(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
    return str(value)


def _int(options: dict[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = options.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidOption(f"{name} must be a whole number from {low} to {high}, not {value!r}")
    return int(value)


class SkyjoState(GameState[Action]):
    """A Skyjo match: every round until someone reaches the target (rules in ``docs/rules/skyjo.md``).

    Piles are lists whose *last* element is the top card. Grids are lists of 12 slots, row by row
    (``None`` once a card has left with a line); ``up`` says which are face up; ``knowers[p][slot]`` is
    the bit mask of the seats that know a face-down card (Révélation, a face-up card turned face down).
    Action cards in front of a player are split into ``held`` (playable) and ``fresh`` (taken since the
    player's last turn after another player's turn: not yet playable, ruling 4).
    """

    game_name = "skyjo"

    opts: SkyjoOptions
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
    star_cache: list[list[int]]
    """The lines each seat's Stars could complete, as of the last check of its (since unchanged) grid."""
    """Whether a seat's grid changed since its lines were last checked (skips a useless check)."""
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
        self.game_deck = opts.game_deck()
        self.action_deck = opts.action_deck()
        self.lines = ALL_LINES if opts.lines == "rows_and_columns" else COLUMN_LINES
        self.all_seats = (1 << players) - 1
        self.totals = [0] * players
        self.round_scores = []
        self.round = 0
        self.turns = 0
        self.previous_triggerer = None
        rules.start_match(self)

    @property
    def codec(self) -> ActionCodec[Action]:
        return codec(self.num_players)

    def _legal(self) -> list[Action]:
        return rules.legal_actions(self)

    def _do(self, action: Action) -> None:
        rules.apply(self, action)

    def _explain(self, action: Action) -> str:
        return explain.explain(self, action)

    def _copy(self) -> Self:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.grid = [list(g) for g in self.grid]
        twin.up = [list(u) for u in self.up]
        twin.knowers = [list(k) for k in self.knowers]
        twin.pile = list(self.pile)
        twin.discard = list(self.discard)
        twin.three = list(self.three)
        twin.market = list(self.market)
        twin.action_pile = list(self.action_pile)
        twin.action_discard = list(self.action_discard)
        twin.held = [list(h) for h in self.held]
        twin.fresh = [list(f) for f in self.fresh]
        twin.in_play = list(self.in_play)
        twin.picks = list(self.picks)
        twin.meteor_queue = list(self.meteor_queue)
        twin.copy_lines = list(self.copy_lines)
        twin.dirty = list(self.dirty)
        twin.star_cache = [list(c) for c in self.star_cache]
        twin.final_queue = None if self.final_queue is None else list(self.final_queue)
        twin.setup_queue = list(self.setup_queue)
        twin.totals = list(self.totals)
        twin.round_scores = [list(r) for r in self.round_scores]
        return twin

    def _view(self, seat: int | None) -> JSON:
        return view.view(self, seat)

    def _resample(self, world: Self, seat: int, rng: random.Random) -> None:
        view.resample_hidden(world, seat, rng)

    def result(self) -> Result:
        if not self.is_over:
            raise ValueError("the match is not over yet")
        return Result.from_scores(self.totals, lower_is_better=True)

    def _redact(self, event: RawEvent, seat: int | None) -> JSON:
        return view.redact(event, seat)

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
        return explain.stats(self)

    def __str__(self) -> str:
        from veillee.games.skyjo.render import render

        return render(self.view(None))
