"""Declared game options: type, range, default and help, written once with the game.

Every front-end reads the same declaration: ``new_game`` validates with it (so the server, the terminal
and records refuse the same values with the same words), ``GET /api/games`` serves it and the browser
builds its forms from it, and ``veillee games`` prints it. A game parses its options with
``OptionSet.parse`` and then applies only the rules that tie options together (SOON's target follows its
length), which no declaration can say.

Kinds:

* ``bool``: true or false;
* ``int``: a whole number within ``minimum``..``maximum`` (both required: nothing is unbounded);
* ``choice``: one text of ``choices``;
* ``seat``: a seat number, from 0 to the player count minus one.

``nullable`` options accept ``None`` (JSON ``null``), whose meaning the help says ("drawn from the seed",
"the length's target"). ``automated`` is the default for unattended play (simulations, tournaments,
research environments) where it differs from the default for people (Soupçons' round cap).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from veillee.core.codec import JSON
from veillee.core.errors import InvalidOption

__all__ = ["Option", "OptionSet"]

Kind = Literal["bool", "int", "choice", "seat"]

_UNSET: Any = object()


@dataclass(frozen=True, kw_only=True)
class Option:
    """One option of a game."""

    name: str
    kind: Kind
    default: Any
    help: str
    """One line in English, with what the default means (``veillee games``, the API)."""
    label: Mapping[str, str] = field(default_factory=dict)
    """The short form label per language (``{"fr": "Durée", "en": "Length"}``) for the browser."""
    choices: tuple[str, ...] = ()
    choice_labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Per language, each choice's label (``{"fr": {"express": "Express (une manche)"}}``)."""
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    advanced: bool = False
    """A house rule or fine point most tables leave alone: forms tuck it under « more options »."""
    automated: Any = _UNSET
    """The default for unattended play, where it differs from ``default``."""

    def __post_init__(self) -> None:
        if self.kind == "int" and (self.minimum is None or self.maximum is None):
            raise ValueError(f"option {self.name}: an int option needs a minimum and a maximum")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"option {self.name}: a choice option needs its choices")

    def check(self, value: Any, players: int) -> Any:
        """``value`` normalised, or ``InvalidOption`` saying what is accepted."""
        if value is None:
            if self.nullable:
                return None
            raise InvalidOption(f"{self.name} needs a value: {self.accepts(players)}")
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
        elif self.kind == "choice":
            if isinstance(value, str) and value.lower() in self.choices:
                return value.lower()
        elif isinstance(value, int) and not isinstance(value, bool):
            low, high = (0, players - 1) if self.kind == "seat" else (self.minimum, self.maximum)
            assert low is not None and high is not None
            if low <= value <= high:
                return value
        elif isinstance(value, float) and math.isfinite(value) and value.is_integer():
            return self.check(int(value), players)
        shown = repr(value)[:40]
        raise InvalidOption(f"{self.name} must be {self.accepts(players)}, not {shown}")

    def accepts(self, players: int) -> str:
        """What values are accepted, in words."""
        if self.kind == "bool":
            text = "true or false"
        elif self.kind == "choice":
            text = "one of " + ", ".join(self.choices)
        elif self.kind == "seat":
            text = f"a seat from 0 to {players - 1}"
        else:
            text = f"a whole number from {self.minimum} to {self.maximum}"
        return text + (" (or null)" if self.nullable else "")

    def to_json(self) -> JSON:
        out: JSON = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "help": self.help,
            "label": dict(self.label),
            "nullable": self.nullable,
            "advanced": self.advanced,
        }
        if self.kind == "choice":
            out["choices"] = list(self.choices)
            out["choice_labels"] = {lang: dict(labels) for lang, labels in self.choice_labels.items()}
        if self.kind == "int":
            out["minimum"] = self.minimum
            out["maximum"] = self.maximum
        if self.automated is not _UNSET:
            out["automated"] = self.automated
        return out


class OptionSet:
    """A game's options, in display order."""

    def __init__(self, game: str, options: Iterable[Option]) -> None:
        self.game = game
        self._options = {option.name: option for option in options}

    def __iter__(self) -> Iterator[Option]:
        return iter(self._options.values())

    def __len__(self) -> int:
        return len(self._options)

    def __contains__(self, name: object) -> bool:
        return name in self._options

    def __getitem__(self, name: str) -> Option:
        return self._options[name]

    def parse(self, given: Mapping[str, Any], players: int) -> dict[str, Any]:
        """Every option, validated, with defaults for those not ``given``; ``InvalidOption`` on the first
        unknown name or refused value."""
        unknown = sorted(set(given) - set(self._options))
        if unknown:
            known = ", ".join(self._options) or "none"
            raise InvalidOption(f"unknown {self.game} option(s): {', '.join(map(str, unknown))}; known: {known}")
        out: dict[str, Any] = {}
        for name, option in self._options.items():
            if name in given:
                out[name] = option.check(given[name], players)
            else:
                out[name] = option.default
        return out

    def automated_defaults(self) -> dict[str, Any]:
        """The options whose unattended default differs from people's, with that default."""
        return {o.name: o.automated for o in self if o.automated is not _UNSET}

    def to_json(self) -> list[JSON]:
        return [option.to_json() for option in self]
