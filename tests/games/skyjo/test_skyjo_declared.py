"""Skyjo declared once (issue 14): options, events, the typed view and the browser's constants."""

from __future__ import annotations

import json
import random

import pytest

import veillee
from games.skyjo.skyjo_helpers import PLAIN, deck, new, play
from veillee.core.events import event_spec
from veillee.games.skyjo import GAME, GameCard, Line, Phase, SkyjoState, SkyjoView, Slot
from veillee.games.skyjo.cards import LINE_SLOTS, SLOT_NAMES
from veillee.games.skyjo.events import EVENTS, Look, Three
from veillee.games.skyjo.view import Cell


def test_every_option_is_declared_with_labels_help_and_bounds() -> None:
    served = GAME.to_json()["options"]
    assert [o["name"] for o in served] == [
        "rules",
        "box",
        "first_game",
        "lines",
        "double_turn_extra",
        "stolen_playable_at_once",
        "defense_blocks_exchange",
        "steal_blocked_extra_turn",
        "first_player",
        "target",
        "action_copies",
        "stars",
    ]
    for option in served:
        assert option["help"] and set(option["label"]) == {"fr", "en"}
        if option["kind"] == "int":
            assert option["minimum"] <= option["default"] <= option["maximum"]
        if option["kind"] == "choice":
            for lang in ("fr", "en"):
                assert set(option["choice_labels"][lang]) == set(option["choices"])


@pytest.mark.parametrize(
    "options",
    [{"target": 9}, {"target": 1001}, {"target": 10**9}, {"stars": 41}, {"action_copies": 0}, {"box": "big"}],
)
def test_out_of_range_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(veillee.InvalidOption):
        veillee.new_game("skyjo", 2, 1, **options)


def test_unset_box_and_lines_follow_the_rules_as_before() -> None:
    assert veillee.new_game("skyjo", 2, 1).options["box"] == "action"
    classic = veillee.new_game("skyjo", 6, 1, rules="classic")
    assert classic.options["box"] == "classic" and classic.options["lines"] == "columns"
    assert veillee.new_game("skyjo", 2, 1, box=None, lines=None).options == veillee.new_game("skyjo", 2, 1).options
    assert veillee.new_game("skyjo", 2, 1, target=10).options["target"] == 10


def test_slot_and_line_names_are_declared_once_and_served_to_the_browser() -> None:
    constants = GAME.to_json()["constants"]
    assert constants["slots"] == list(SLOT_NAMES) == [str(s) for s in Slot]
    assert constants["rows"] * constants["columns"] == len(Slot) == 12
    assert constants["lines"] == [str(line) for line in Line]
    assert constants["lines"] == ["row1", "row2", "row3", "col1", "col2", "col3", "col4"]
    assert LINE_SLOTS[Line.COL2] == (Slot.R1C2, Slot.R2C2, Slot.R3C2)
    assert set(constants["action_short"]) == {"fr", "en"}
    assert Slot.from_json("r2c3") is Slot.R2C3 and Slot.R2C3.row == 2 and Slot.R2C3.column == 3
    with pytest.raises(ValueError):
        Slot.from_json("r4c1")
    state = veillee.new_game("skyjo", 2, 1)
    assert {str(a).split()[-1] for a in state.legal_actions()} <= set(SLOT_NAMES)


def test_events_are_declared_with_the_private_cards_of_their_seat() -> None:
    kinds = [event_spec(e).kind for e in EVENTS]
    assert len(kinds) == len(set(kinds)) == len(GAME.events)
    assert event_spec(Three).private == {"cards": ("seat",)}
    assert event_spec(Look).private == {"cards": ("seat",)}
    assert all(not event_spec(e).private for e in EVENTS if e not in (Three, Look))


def test_typed_view_holds_card_values_and_reads_back_from_json() -> None:
    rng = random.Random(3)
    state = veillee.new_game("skyjo", 3, 5)
    for _ in range(400):
        if state.is_over:
            break
        for seat in (None, 0, 1, 2):
            typed = state.seat_view(seat)
            assert isinstance(typed, SkyjoView)
            wire = json.loads(json.dumps(typed.to_json()))
            assert wire == state.view(seat)
            assert SkyjoView.from_json(wire) == typed
            for grid in typed.grids:
                for cell in grid:
                    assert cell is None or isinstance(cell, Cell)
                    assert cell is None or cell.card is None or isinstance(cell.card, GameCard)
        state.apply(rng.choice(state.legal_actions()))


def test_look_event_names_slots_and_line_and_shows_cards_to_the_looker_only() -> None:
    """R14 (Révélation): the looker alone sees the cards; everybody sees the line and the count."""
    s = new(2, deck(PLAIN, PLAIN, actions=["revelation", "defense", "steal", "exchange", "meteors", "defense"]))
    play(s, "reveal r1c1", "reveal r1c2", "reveal r1c1", "reveal r1c2")
    play(s, "action 1", "action 1", "play revelation", "look 1 col3")
    looker, other = (next(e for e in s.events(seat) if e["type"] == "look") for seat in (0, 1))
    assert looker["type"] == other["type"] == "look" and looker["line"] == "col3" and looker["count"] == 3
    assert looker["cards"] == {"r1c3": "3", "r2c3": "7", "r3c3": "11"} and "cards" not in other


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_before_the_end_every_grid_has_a_hidden_card_when_a_turn_starts(players: int) -> None:
    """R28: the fact that makes Révélation and Échange always playable in a turn's choice (``ALWAYS_PLAYABLE``)."""
    rng = random.Random(players)
    for seed in range(4):
        state = veillee.new_game("skyjo", players, seed)
        assert isinstance(state, SkyjoState)
        while not state.is_over:
            if state.phase is Phase.CHOOSE and state.triggerer is None:
                assert all(False in up for up in state.up)
                assert all(grid.count(None) <= 9 for grid in state.grid)
            state.apply(rng.choice(state.legal_actions()))
