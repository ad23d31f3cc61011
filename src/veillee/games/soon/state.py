"""The data of a SOON match: options, phases, and the ``SoonState`` that ties rules and views together."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Self

from veillee.core import JSON, ActionCodec, GameState, InvalidOption, RawEvent, Result
from veillee.games.soon import rules, view
from veillee.games.soon.actions import Action, codec
from veillee.games.soon.cards import Card, parse_card
from veillee.games.soon.rules import Ask, Phase

__all__ = ["Ask", "Length", "Phase", "SoonOptions", "SoonState"]


class Length(StrEnum):
    """How long a match lasts (R11)."""

    EXPRESS = "express"
    """Win one round."""
    CLASSIC = "classic"
    """« Classique »: reach 40 points."""
    ENDURANCE = "endurance"
    """Reach 80 points."""


TARGETS = {Length.CLASSIC: 40, Length.ENDURANCE: 80}

OPTIONS = {
    "length": "express, classic (40 points, the default) or endurance (80 points)",
    "target": "points to reach instead of the length's (round wins in the Speed variant)",
    "speed": "the Speed variant: 4 cards, the first complete suite wins the round (default false)",
    "joker_replaces_thief": "a Joker may replace a Voleur in your own suite (ruling 9, default true)",
    "first_player": "the seat that starts the first round (default: drawn from the seed)",
}


@dataclass(frozen=True, kw_only=True)
class SoonOptions:
    """The options of a SOON match, validated."""

    length: Length = Length.CLASSIC
    target: int | None = 40
    """Points to reach; ``None`` in Express (one round decides). In Speed: round wins to reach."""
    speed: bool = False
    joker_replaces_thief: bool = True
    first_player: int | None = None

    @classmethod
    def parse(cls, players: int, options: dict[str, Any]) -> SoonOptions:
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise InvalidOption(f"unknown SOON option(s): {', '.join(sorted(unknown))}; known: {', '.join(OPTIONS)}")
        speed = _flag(options, "speed", False)
        length_text = options.get("length")
        if length_text is None:
            length = Length.EXPRESS if speed else Length.CLASSIC
        else:
            try:
                length = Length(str(length_text).lower())
            except ValueError:
                raise InvalidOption(f"length must be express, classic or endurance, not {length_text!r}") from None
        target = options.get("target")
        if target is not None and (isinstance(target, bool) or not isinstance(target, int) or target < 1):
            raise InvalidOption(f"target must be a whole number of at least 1, not {target!r}")
        if target is None:
            if speed and length is not Length.EXPRESS:
                raise InvalidOption("the Speed variant counts no points: play it express, or give target=N round wins")
            target = TARGETS.get(length)
        first = options.get("first_player")
        if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players):
            raise InvalidOption(f"first_player must be a seat from 0 to {players - 1}, not {first!r}")
        return cls(
            length=length,
            target=target,
            speed=speed,
            joker_replaces_thief=_flag(options, "joker_replaces_thief", True),
            first_player=first,
        )

    def to_json(self) -> JSON:
        return {
            "length": str(self.length),
            "target": self.target,
            "speed": self.speed,
            "joker_replaces_thief": self.joker_replaces_thief,
            "first_player": self.first_player,
        }


def _flag(options: dict[str, Any], name: str, default: bool) -> bool:
    value = options.get(name, default)
    if not isinstance(value, bool):
        raise InvalidOption(f"{name} must be true or false, not {value!r}")
    return value


class SoonState(GameState[Action]):
    """A SOON match: every round until the match goal (rules in ``docs/rules/soon.md``).

    Piles are lists whose *last* element is the top card. ``known[seat]`` holds the cards everybody knows
    to be in that seat's hand (taken from the discard, face up, and not played since); it is public.
    """

    game_name = "soon"

    opts: SoonOptions
    round: int
    starter: int
    turn: int
    phase: Phase
    hands: list[list[Card]]
    suites: list[list[Card]]
    known: list[list[Card]]
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
    def codec(self) -> ActionCodec[Action]:
        return codec(self.num_players)

    def _legal(self) -> list[Action]:
        return rules.legal_actions(self)

    def _do(self, action: Action) -> None:
        rules.apply(self, action)

    def _explain(self, action: Action) -> str:
        return rules.explain(self, action)

    def _copy(self) -> Self:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.hands = [list(h) for h in self.hands]
        twin.suites = [list(s) for s in self.suites]
        twin.known = [list(k) for k in self.known]
        twin.pile = list(self.pile)
        twin.discard = list(self.discard)
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
        return rules.match_result(self)

    def _redact(self, event: RawEvent, seat: int | None) -> JSON:
        return view.redact(event, seat)

    def zones(self) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {"pile": list(self.pile), "discard": list(self.discard)}
        for seat in range(self.num_players):
            out[f"hand/{seat}"] = list(self.hands[seat])
            out[f"suite/{seat}"] = list(self.suites[seat])
        return out

    def hidden_zones(self, seat: int | None) -> set[str]:
        return {"pile"} | {f"hand/{s}" for s in range(self.num_players) if s != seat}

    def stats(self) -> dict[str, float]:
        return rules.stats(self)

    def __str__(self) -> str:
        from veillee.games.soon.render import render

        return render(self.view(None))
