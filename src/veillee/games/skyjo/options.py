"""Skyjo's options, declared once (``docs/rules/skyjo.md`` §Options), and the parsed value the rules read.

``OPTIONS`` is what ``GET /api/games``, ``veillee games`` and the browser's forms show; ``SkyjoOptions.parse``
validates with it and then applies the rules that tie options together (the box and the lines follow the
rules when not given; the classic rules have no Stars or Action cards).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from veillee.core import JSON, InvalidOption, Option, OptionSet
from veillee.games.skyjo.cards import (
    ACTION_DECK_FIRST_GAME,
    ACTION_DECK_FULL,
    GAME_DECK_ACTION,
    GAME_DECK_ACTION_NUMBERS,
    GAME_DECK_CLASSIC,
    ActionCard,
    GameCard,
)

__all__ = ["OPTIONS", "SkyjoOptions"]

_YES_NO = {"fr": {"true": "Oui", "false": "Non"}, "en": {"true": "Yes", "false": "No"}}

OPTIONS = OptionSet(
    "skyjo",
    [
        Option(
            name="rules",
            kind="choice",
            default="action",
            choices=("action", "classic"),
            help="action (Skyjo Action, the default) or classic (columns only, no Stars, no Action cards)",
            label={"fr": "Règles", "en": "Rules"},
            choice_labels={
                "fr": {"action": "Skyjo Action", "classic": "Skyjo classique"},
                "en": {"action": "Skyjo Action", "classic": "Classic Skyjo"},
            },
        ),
        Option(
            name="box",
            kind="choice",
            default=None,
            nullable=True,
            choices=("action", "classic"),
            help="which box's game cards: action (the Skyjo Action box) or classic (the classic Skyjo box, 150 "
            "cards; classic rules only). Default (null): action, except classic rules for 5-8 players (the Action "
            "box's 105 number cards serve 2-4 players only)",
            label={"fr": "Boîte", "en": "Box"},
            choice_labels={
                "fr": {"action": "Skyjo Action", "classic": "Skyjo classique (150 cartes)"},
                "en": {"action": "Skyjo Action", "classic": "Classic Skyjo (150 cards)"},
            },
        ),
        Option(
            name="first_game",
            kind="bool",
            default=False,
            help="leave out Vol de carte Action and Averse de météorites, as advised for a first game (default false)",
            label={"fr": "Première partie (sans Vol ni Averse)", "en": "First game (no Steal, no Meteors)"},
        ),
        Option(
            name="lines",
            kind="choice",
            default=None,
            nullable=True,
            choices=("rows_and_columns", "columns"),
            help="lines that are discarded: rows_and_columns (default, null, with action rules) or columns "
            "(default with classic)",
            label={"fr": "Lignes défaussées", "en": "Lines discarded"},
            choice_labels={
                "fr": {"rows_and_columns": "Lignes et colonnes", "columns": "Colonnes seulement"},
                "en": {"rows_and_columns": "Rows and columns", "columns": "Columns only"},
            },
        ),
        Option(
            name="double_turn_extra",
            kind="int",
            default=2,
            minimum=1,
            maximum=2,
            help="turns that Tour doublé gives: 2 (default, ruling 9) or 1",
            label={"fr": "Tours donnés par Tour doublé", "en": "Turns given by Double turn"},
        ),
        Option(
            name="stolen_playable_at_once",
            kind="bool",
            default=False,
            help="a card stolen with Vol is playable at once (default false: from your next turn)",
            label={"fr": "Carte volée jouable aussitôt", "en": "Stolen card playable at once"},
        ),
        Option(
            name="defense_blocks_exchange",
            kind="bool",
            default=True,
            help="Défense blocks Échange avec un autre joueur on your grid (default true, ruling 6)",
            label={"fr": "La Défense bloque l'Échange", "en": "Defense blocks Exchange"},
        ),
        Option(
            name="steal_blocked_extra_turn",
            kind="bool",
            default=True,
            help="a thief blocked by a Défense still takes the extra turn (default true, ruling 7)",
            label={
                "fr": "Vol bloqué : tour supplémentaire quand même",
                "en": "Blocked Steal still gives the extra turn",
            },
        ),
        Option(
            name="first_player",
            kind="choice",
            default="triggerer",
            choices=("triggerer", "highest"),
            help="who starts rounds after the first: triggerer (default, ruling 21) or highest (2-card sum)",
            label={"fr": "Qui commence les manches suivantes", "en": "Who starts later rounds"},
            choice_labels={
                "fr": {"triggerer": "Qui a déclenché la fin", "highest": "La plus forte somme de 2 cartes"},
                "en": {"triggerer": "Who triggered the end", "highest": "The highest 2-card sum"},
            },
        ),
        Option(
            name="target",
            kind="int",
            default=100,
            minimum=10,
            maximum=1000,
            help="the total that ends the match (default 100; 10 to 1000)",
            label={"fr": "Fin de partie à", "en": "Match ends at"},
        ),
        Option(
            name="action_copies",
            kind="int",
            default=3,
            minimum=1,
            maximum=10,
            help="copies of each Action card type (default 3, ruling 1)",
            label={"fr": "Exemplaires de chaque carte Action", "en": "Copies of each Action card"},
        ),
        Option(
            name="stars",
            kind="int",
            default=15,
            minimum=0,
            maximum=40,
            help="Star cards in the Skyjo Action game deck (default 15, ruling 1)",
            label={"fr": "Cartes Étoile", "en": "Star cards"},
        ),
    ],
)
"""The declared options, in display order."""


@dataclass(frozen=True, kw_only=True, slots=True)
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
        """The declared checks (``OPTIONS``), then the rules that tie options together."""
        given = OPTIONS.parse(options, players)
        rules_ = given["rules"]
        if given["box"] is None:
            given["box"] = "classic" if rules_ == "classic" and players > 4 else "action"
        if rules_ == "action" and given["box"] == "classic":
            raise InvalidOption("the classic Skyjo deck has no Stars: play it with rules='classic'")
        if rules_ == "classic" and given["box"] == "action" and players > 4:
            raise InvalidOption(
                "classic rules with the Skyjo Action box's number cards are for 2 to 4 players; "
                "use box='classic' (the classic Skyjo box) for 5 to 8"
            )
        if given["lines"] is None:
            given["lines"] = "rows_and_columns" if rules_ == "action" else "columns"
        if rules_ == "classic" and (given["stars"] != 15 or given["action_copies"] != 3 or given["first_game"]):
            raise InvalidOption("stars, action_copies and first_game belong to the Skyjo Action rules")
        return cls(**given)

    def to_json(self) -> JSON:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def game_deck(self) -> tuple[GameCard, ...]:
        """The game cards of this match's box (rules R1, R2; rulings 1, 24)."""
        if self.box == "classic":
            return GAME_DECK_CLASSIC
        if not self.action:
            return GAME_DECK_ACTION_NUMBERS
        return (*GAME_DECK_ACTION_NUMBERS, *([GameCard.STAR] * self.stars)) if self.stars != 15 else GAME_DECK_ACTION

    def action_deck(self) -> tuple[ActionCard, ...]:
        """The Action cards of this match (none with the classic rules; R4 for a first game)."""
        if not self.action:
            return ()
        base = ACTION_DECK_FIRST_GAME if self.first_game else ACTION_DECK_FULL
        kinds = sorted(set(base))
        return tuple(card for card in kinds for _ in range(self.action_copies))
