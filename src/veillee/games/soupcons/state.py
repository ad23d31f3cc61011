"""The data of a Soupçons game and the ``SoupconsState`` that ties rules, views and sampling together.

Glue only: each method hands over to the module of its role (``rules``, ``explain``, ``view``,
``determinize``, ``scoring``). The attributes are annotated with their real types, which is what the core's
derived copy reads (``veillee.core.copying``).
"""

from __future__ import annotations

import random
from typing import Any, cast

from veillee.core import ActionCodec, GameState, Result
from veillee.games.soupcons import explain, rules, scoring, view
from veillee.games.soupcons.actions import Action, codec
from veillee.games.soupcons.cards import Card, Setup, Side, parse_card, setup
from veillee.games.soupcons.determinize import sample_world
from veillee.games.soupcons.options import SoupconsOptions
from veillee.games.soupcons.render import render
from veillee.games.soupcons.rules import Exchange, Phase
from veillee.games.soupcons.scoring import Camp

__all__ = ["SoupconsState"]


class SoupconsState(GameState[Action]):
    """A Soupçons game, from the deal to the win of one camp (rules in ``docs/rules/soupcons.md``).

    ``past`` holds every finished exchange (``rules.Exchange``), with its true cards: views redact it per
    seat, and a determinized world holds drawn ones. ``hands[seat]`` holds the cards in hand; during an
    offer the holder's other cards are ``refused`` (face down in front of them) and ``offered`` (face down
    in front of the receiver), and ``claims`` lists the claims so far. ``table[v]`` is the side of Nuit/Jour
    card ``v`` (index 0 is always ``GONE``); bit ``seat`` of ``open_doors`` is set while that seat's Porte is
    open in hand (an int, so that the legal choices are one table look-up).
    """

    game_name = "soupcons"

    opts: SoupconsOptions
    material: Setup
    starter: int
    hands: list[list[Card]]
    dealt: tuple[tuple[Card, ...], ...]
    """The hands as dealt, in dealing order."""
    past: list[Exchange]
    claims: list[Card]
    table: list[Side]
    night: int
    """How many table cards show Night."""
    on_table: int
    """How many table cards are left (Night or Day)."""
    open_doors: int
    active: int
    """The holder of three cards, who chooses and then offers."""
    receiver: int | None
    phase: Phase
    refused: list[Card]
    offered: Card | None
    claim: Card | None
    round: int
    given_in_round: int
    camp: Camp | None

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
        rules.deal(self, stack)

    @property
    def codec(self) -> ActionCodec[Action]:
        return codec(self.num_players)

    # The rules' functions are the methods themselves (no wrapper frame on the playouts' hot path).
    _legal = rules.legal_actions
    _do = rules.apply
    _explain = explain.explain

    @property
    def doors(self) -> list[bool]:
        """Per seat, whether its Porte is still open in hand."""
        return [bool(self.open_doors >> seat & 1) for seat in range(self.num_players)]

    @property
    def exchanges(self) -> int:
        """How many cards were accepted so far."""
        return len(self.past)

    def _seat_view(self, seat: int | None) -> view.SoupconsView:
        return view.seat_view(self, seat)

    def seat_view(self, seat: int | None) -> view.SoupconsView:
        """What ``seat`` may know, as a ``SoupconsView`` (the base method, typed for this game)."""
        return cast(view.SoupconsView, super().seat_view(seat))

    def _resample(self, world: SoupconsState, seat: int, rng: random.Random) -> None:
        """Make ``world`` a whole game drawn from ``seat``'s view alone (``determinize.py``): its ``past``
        exchanges and ``dealt`` hands are the drawn ones, and its seed is new."""
        drawn = sample_world(self, seat, rng)
        for name in _GAME_FIELDS:
            setattr(world, name, getattr(drawn, name))
        world.seed = drawn.seed

    def result(self) -> Result:
        if not self.is_over:
            raise ValueError("the game is not over yet")
        return scoring.match_result(self)

    def zones(self) -> dict[str, list[Any]]:
        """Hands (sorted), the current offer, the table by side, the Portes by side."""
        out: dict[str, list[Any]] = {f"hand/{s}": sorted(self.hands[s]) for s in range(self.num_players)}
        out["refused"] = list(self.refused)
        out["offered"] = [] if self.offered is None else [self.offered]
        top = self.material.top
        out["table/night"] = [f"T{v}" for v in range(1, top + 1) if self.table[v] == Side.NIGHT]
        out["table/day"] = [f"T{v}" for v in range(1, top + 1) if self.table[v] == Side.DAY]
        out["box"] = [f"T{v}" for v in range(1, top + 1) if self.table[v] == Side.GONE]
        out["doors/open"] = [f"P{s}" for s in range(self.num_players) if self.doors[s]]
        out["doors/closed"] = [f"P{s}" for s in range(self.num_players) if not self.doors[s]]
        return out

    def hidden_zones(self, seat: int | None) -> set[str]:
        hidden = {f"hand/{s}" for s in range(self.num_players) if s != seat}
        if seat is None or seat != self.active or self.is_over:
            hidden |= {"refused", "offered"}
        return hidden

    def stats(self) -> dict[str, float]:
        return scoring.stats(self)

    def __str__(self) -> str:
        return render(self.seat_view(None))


_GAME_FIELDS = tuple(SoupconsState.__annotations__)
"""The attributes a drawn world replaces (the base class's own, such as the history, stay the core's)."""
