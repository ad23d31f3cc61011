"""Sorry! Revenge declared once (issue 14): options, events, typed view and constants come from the game's
declaration, and nothing of it is repeated in the browser's drawing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import veillee
from games.sorry.sorry_helpers import play, set_progress, stacked_game
from veillee.core.events import event_spec
from veillee.games.sorry import GAME, Card, Phase, SorryView
from veillee.games.sorry.cards import PAWNS, TARGET

JS = Path(veillee.__file__).parent / "server" / "static" / "games" / "sorry.js"


def test_the_declaration_serves_options_with_labels_and_the_constants() -> None:
    served = GAME.to_json()
    assert served["constants"] == {"target": 21, "pawns": 4, "colours": ["red", "blue", "yellow", "green"]}
    assert (TARGET, PAWNS) == (21, 4)
    options = {option["name"]: option for option in served["options"]}
    assert list(options) == ["deck_list", "play2_check", "long_game", "first_player"]
    for option in options.values():
        assert option["help"] and set(option["label"]) == {"fr", "en"}
        if option["kind"] == "choice":
            for lang in ("fr", "en"):
                assert set(option["choice_labels"][lang]) == set(option["choices"])
    assert options["first_player"]["kind"] == "seat" and options["first_player"]["nullable"]


def test_the_browser_drawing_reads_the_goal_total_from_the_declaration() -> None:
    source = JS.read_text(encoding="utf-8")
    assert "ctx.game.constants" in source
    assert "21" not in source and '"red"' not in source


@pytest.mark.parametrize("seed", range(6))
def test_typed_views_read_back_from_their_json(seed: int) -> None:
    """What a front-end holding only the wire form reads is the view the state built (cards as values)."""
    state = veillee.new_game("sorry", 2 + seed % 3, seed, long_game=seed % 2 == 1)
    rng = random.Random(seed)
    while not state.is_over:
        for seat in (None, *range(state.num_players)):
            typed = state.seat_view(seat)
            assert isinstance(typed, SorryView)
            assert SorryView.from_json(state.view(seat)) == typed
        state.apply(rng.choice(state.legal_actions()))
    final = state.seat_view(0)
    assert isinstance(final, SorryView) and final.result == state.result()


def test_views_hold_cards_as_values() -> None:
    state = stacked_game([["SORRY", "10", "1", "2", "3"], ["STEAL", "DONT", "7", "7", "6"]])
    set_progress(state, 0, 1)
    play(state, "play 10")
    view = state.seat_view(1)
    assert isinstance(view, SorryView)
    assert view.pile == (Card.N10,) and view.hand is not None and Card.STEAL in view.hand
    spectator = state.seat_view(None)
    assert view.phase is Phase.PLAY and isinstance(spectator, SorryView) and spectator.hand is None


def test_every_event_is_declared_and_no_event_names_a_hidden_card() -> None:
    kinds = {event_spec(kind).kind for kind in GAME.events}
    state = veillee.new_game("sorry", 3, 11)
    rng = random.Random(11)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    happened = {event["type"] for event in state.events(None)}
    assert happened <= kinds
    private = {event_spec(kind).kind: event_spec(kind) for kind in GAME.events if event_spec(kind).private}
    assert set(private) == {"draw"}  # the deal is per seat; everything played is public (Ruling 29)
