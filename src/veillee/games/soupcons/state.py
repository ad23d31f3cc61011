"""The data of a Soupçons game: options, and the ``SoupconsState`` that ties rules and views together."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Self

from veillee.core import JSON, ActionCodec, GameState, InvalidOption, RawEvent, Result
from veillee.games.soupcons import rules, view
from veillee.games.soupcons.actions import Action, codec
from veillee.games.soupcons.cards import Card, Setup, parse_card, setup
from veillee.games.soupcons.rules import Camp, Exchange, Phase

__all__ = ["OPTIONS", "SoupconsOptions", "SoupconsState"]

OPTIONS = {
    "round_cap": "end the game as a draw after this many rounds (ruling 13; default none: off for people; "
    "bots and simulations use 20)",
    "first_player": "the seat left of the dealer, who gets three cards and starts (default: drawn from the seed)",
}

BOT_ROUND_CAP = 20
"""The round cap RULINGS.md asks for automated play."""


@dataclass(frozen=True, kw_only=True)
class SoupconsOptions:
    """The options of a Soupçons game, validated."""

    round_cap: int | None = None
    first_player: int | None = None

    @classmethod
    def parse(cls, players: int, options: dict[str, Any]) -> SoupconsOptions:
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise InvalidOption(
                f"unknown Soupçons option(s): {', '.join(sorted(unknown))}; known: {', '.join(OPTIONS)}"
            )
        cap = options.get("round_cap")
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 1):
            raise InvalidOption(f"round_cap must be a whole number of rounds (at least 1) or null, not {cap!r}")
        first = options.get("first_player")
        if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players):
            raise InvalidOption(f"first_player must be a seat from 0 to {players - 1}, not {first!r}")
        return cls(round_cap=cap, first_player=first)

    def to_json(self) -> JSON:
        return {"round_cap": self.round_cap, "first_player": self.first_player}


class SoupconsState(GameState[Action]):
    """A Soupçons game, from the deal to the win of one camp (rules in ``docs/rules/soupcons.md``).

    ``past`` holds every finished exchange (``rules.Exchange``), with its true cards: views redact it per
    seat, and a determinized world holds drawn ones. ``hands[seat]`` holds the cards in hand; during an
    offer the holder's other cards are ``refused`` (face down in front of them) and ``offered`` (face down
    in front of the receiver), and ``claims`` lists the claims so far. ``table[v]`` is the side of Nuit/Jour
    card ``v`` (``NIGHT``, ``DAY`` or ``GONE``; index 0 is always ``GONE``); ``doors[seat]`` is True while
    that seat's Porte is open in hand.
    """

    game_name = "soupcons"

    opts: SoupconsOptions
    material: Setup
    starter: int
    hands: list[list[Card]]
    dealt: tuple[tuple[Card, ...], ...]
    past: list[Exchange]
    claims: list[Card]
    table: list[int]
    night: int
    on_table: int
    doors: list[bool]
    active: int
    receiver: int | None
    phase: Phase
    refused: list[Card]
    offered: Card | None
    claim: Card | None
    round: int
    given_in_round: int
    camp: Camp | None
    exchanges: int
    offers: int
    refusals: int
    forced: int
    lies: int

    def __init__(self, players: int, seed: int, deck: list[object] | None = None, **options: Any) -> None:
        opts = SoupconsOptions.parse(players, options)
        stack = None if deck is None else [str(parse_card(card)) for card in deck]
        self._init_base(players, seed, opts.to_json(), stack)
        self.opts = opts
        self.material = setup(players)
        self.starter = rules.first_player(seed, players, opts.first_player)
        self.refused = []
        self.past = []
        self.claims = []
        self.offered = None
        self.claim = None
        self.round = 1
        self.camp = None
        self.exchanges = self.offers = self.refusals = self.forced = self.lies = 0
        rules.deal(self)

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
        twin.table = list(self.table)
        twin.doors = list(self.doors)
        twin.refused = list(self.refused)
        twin.past = list(self.past)
        twin.claims = list(self.claims)
        return twin

    def _view(self, seat: int | None) -> JSON:
        return view.view(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A world drawn from ``seat``'s view alone (``determinize.py``), with no past: no action history,
        no event log, no stacked deck. Its ``past`` exchanges and ``dealt`` hands are the drawn ones."""
        from veillee.games.soupcons.determinize import sample_world

        self._require_seat(seat)
        world = sample_world(self, seat, rng)
        assert isinstance(world, type(self))
        world._history = []
        world._log = []
        world._legal_cache = None
        world._stack = None
        return world

    def _resample(self, world: Self, seat: int, rng: random.Random) -> None:
        """The hook of the core's ``determinize``: fill ``world`` with a world drawn for ``seat``."""
        drawn = self.determinize(seat, rng)
        world.__dict__.update(drawn.__dict__)

    def result(self) -> Result:
        if not self.is_over:
            raise ValueError("the game is not over yet")
        return rules.match_result(self)

    def _redact(self, event: RawEvent, seat: int | None) -> JSON:
        return view.redact(event, seat)

    def zones(self) -> dict[str, list[Any]]:
        """Hands (sorted), the current offer, the table by side, the Portes by side."""
        out: dict[str, list[Any]] = {f"hand/{s}": sorted(self.hands[s]) for s in range(self.num_players)}
        out["refused"] = list(self.refused)
        out["offered"] = [] if self.offered is None else [self.offered]
        top = self.material.top
        out["table/night"] = [f"T{v}" for v in range(1, top + 1) if self.table[v] == 0]
        out["table/day"] = [f"T{v}" for v in range(1, top + 1) if self.table[v] == 1]
        out["box"] = [f"T{v}" for v in range(1, top + 1) if self.table[v] == 2]
        out["doors/open"] = [f"P{s}" for s in range(self.num_players) if self.doors[s]]
        out["doors/closed"] = [f"P{s}" for s in range(self.num_players) if not self.doors[s]]
        return out

    def hidden_zones(self, seat: int | None) -> set[str]:
        hidden = {f"hand/{s}" for s in range(self.num_players) if s != seat}
        if seat is None or seat != self.active or self.is_over:
            hidden |= {"refused", "offered"}
        return hidden

    def stats(self) -> dict[str, float]:
        return rules.stats(self)

    def __str__(self) -> str:
        from veillee.games.soupcons.render import render

        return render(self.view(None))
