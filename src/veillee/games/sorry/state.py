"""The data of a Sorry! Revenge match: options, and the ``SorryState`` that ties rules and views together."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Self

from veillee.core import JSON, ActionCodec, GameState, InvalidOption, RawEvent, Result
from veillee.games.sorry import rules, view
from veillee.games.sorry.actions import Action, codec
from veillee.games.sorry.cards import Card, DeckList, parse_card
from veillee.games.sorry.rules import PAWNS, Phase

__all__ = ["OPTIONS", "SorryOptions", "SorryState"]

OPTIONS = {
    "deck_list": "standard (93 cards: 6 Reverse, the default) or gamingpack (91 cards: 4 Reverse, as [SRC 7])",
    "play2_check": "each (the total is checked after each card of a Play 2, the default) or end (after both)",
    "long_game": "the longer game: once all 4 pawns are HOME, flip them back to START (default false)",
    "first_player": "the seat that plays first (default: drawn from the seed)",
}


@dataclass(frozen=True, kw_only=True)
class SorryOptions:
    """The options of a Sorry! Revenge match, validated."""

    deck_list: DeckList = DeckList.STANDARD
    play2_each: bool = True
    long_game: bool = False
    first_player: int | None = None

    @classmethod
    def parse(cls, players: int, options: dict[str, Any]) -> SorryOptions:
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise InvalidOption(
                f"unknown Sorry! Revenge option(s): {', '.join(sorted(unknown))}; known: {', '.join(OPTIONS)}"
            )
        deck_text = options.get("deck_list", DeckList.STANDARD)
        try:
            deck_list = DeckList(str(deck_text).lower())
        except ValueError:
            raise InvalidOption(f"deck_list must be standard or gamingpack, not {deck_text!r}") from None
        check = options.get("play2_check", "each")
        if check not in ("each", "end"):
            raise InvalidOption(f"play2_check must be each or end, not {check!r}")
        long_game = options.get("long_game", False)
        if not isinstance(long_game, bool):
            raise InvalidOption(f"long_game must be true or false, not {long_game!r}")
        first = options.get("first_player")
        if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players):
            raise InvalidOption(f"first_player must be a seat from 0 to {players - 1}, not {first!r}")
        return cls(deck_list=deck_list, play2_each=check == "each", long_game=long_game, first_player=first)

    def to_json(self) -> JSON:
        return {
            "deck_list": str(self.deck_list),
            "play2_check": "each" if self.play2_each else "end",
            "long_game": self.long_game,
            "first_player": self.first_player,
        }


class SorryState(GameState[Action]):
    """A Sorry! Revenge match, from the deal until a player has all pawns home (``docs/rules/sorry.md``).

    Piles are lists whose *last* element is the top card. A seat's pawns are one number, ``progress``: the
    pawns it has flipped to HOME (0–4), and in the longer game 5–8 as it flips them back to START.
    """

    game_name = "sorry"

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
    """Per seat: how many cards of its hand are publicly known to have no effect (ruling 27)."""
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
        rules.start_match(self)

    @property
    def codec(self) -> ActionCodec[Action]:
        return codec(self.num_players)

    def _legal(self) -> list[Action]:
        return rules.legal_actions(self)

    def _do(self, action: Action) -> None:
        rules.apply(self, action)

    def _explain(self, action: Action) -> str:
        return view.explain(self, action)

    def _copy(self) -> Self:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.hands = [list(h) for h in self.hands]
        twin.draw = list(self.draw)
        twin.pile = list(self.pile)
        twin.set_aside = list(self.set_aside)
        twin.progress = list(self.progress)
        twin.window = list(self.window)
        twin.inert = list(self.inert)
        twin.inert_sorry = list(self.inert_sorry)
        twin.tb_order = list(self.tb_order)
        twin.tb_piles = [list(p) for p in self.tb_piles]
        twin.tb_totals = list(self.tb_totals)
        return twin

    def _view(self, seat: int | None) -> JSON:
        return view.view(self, seat)

    def _resample(self, world: Self, seat: int, rng: random.Random) -> None:
        view.resample_hidden(world, seat, rng)

    def result(self) -> Result:
        if not self.is_over or self.winner is None:
            raise ValueError("the match is not over yet")
        return view.match_result(self)

    def _redact(self, event: RawEvent, seat: int | None) -> JSON:
        return view.redact(event, seat)

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
        return view.stats(self)

    def __str__(self) -> str:
        from veillee.games.sorry.render import render

        return render(self.view(None))
