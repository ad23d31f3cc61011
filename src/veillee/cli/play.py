"""``veillee play``: a match in the terminal, against bots or passing one screen around the table.

Every seat is a person (``you``) or a bot level. People choose from numbered menus built from the game's
legal actions (``veillee.core.present``: each action has a menu path, shared prefixes become sub-menus), so
the terminal never re-implements a rule. With several people at one screen, the screen is cleared and handed
over between them, and what is printed between their turns is only public information.
"""

from __future__ import annotations

import argparse
import locale
import os
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.theme import Theme

import veillee
from veillee.bots import RESEARCH_LEVELS, choose
from veillee.cli.options import add_game_arguments, parse_options
from veillee.cli.texts import TEXTS
from veillee.core import GameState, derive_seed, load_record, save_record
from veillee.core.present import Presentation, fold_menu, load_presentation

NAME = "play"
HELP = "play a match in the terminal against bots, or several people at one screen"

HUMAN = "you"
SCREEN_LINES = 24
"""A turn fits an 80×24 terminal: the newest events fill what the table and the menu leave free."""
NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Félix", "Gaëlle", "Hugo"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser, game_optional=True)
    parser.add_argument(
        "--seats",
        help="who sits where, in turn order: 'you' or a bot level, e.g. you,normal,hard or you,you,you "
        "(default: you against 'normal' bots)",
    )
    parser.add_argument("--seed", type=int, default=None, help="the match seed (default: a random one)")
    parser.add_argument("--lang", choices=("fr", "en"), default=None, help="language (default: the system's)")
    parser.add_argument("--names", help="display names, comma-separated, in seat order")
    parser.add_argument(
        "--resume", metavar="FILE", help="continue a match saved with 'quit' (the game is the one saved)"
    )
    parser.add_argument(
        "--save",
        metavar="FILE",
        help="where 'quit' saves the match (default veillee-GAME.json, or a free veillee-GAME-N.json if it exists)",
    )


def system_language() -> str:
    """French if the system prefers it, else English."""
    for key in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(key)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    code = locale.getlocale()[0] or ""
    return "fr" if code.lower().startswith("fr") else "en"


@dataclass
class Table:
    """A match in progress and everything the terminal needs around it."""

    state: GameState[Any]
    seats: list[str]
    names: list[str]
    lang: str
    save_path: Path
    present: Presentation
    console: Console
    seen: list[int]
    """For each seat, how many events it has already been shown."""
    may_replace: Path | None = None
    """The one existing file a save may replace silently: the save being resumed (or written by this match)."""
    save_chosen: bool = False
    """``--save`` named the file: an existing one is replaced, and the message says so."""

    def t(self, key: str, **kwargs: Any) -> str:
        return TEXTS[self.lang][key].format(**kwargs)

    @property
    def people(self) -> list[int]:
        return [seat for seat, who in enumerate(self.seats) if who == HUMAN]

    def meta(self) -> dict[str, Any]:
        return {"seats": self.seats, "names": self.names, "lang": self.lang}


class Quit(Exception):
    """The person asked to stop (or the input ended): save and leave."""


def run(args: argparse.Namespace) -> int:
    lang = args.lang or system_language()
    err = Console(stderr=True)
    try:
        table = _open_table(args, lang)
    except (veillee.VeilleeError, ValueError) as exc:
        err.print(f"[red]{TEXTS[lang]['error']}[/red] {escape(str(exc))}")
        return 2
    try:
        _play(table)
    except Quit:
        _save(table)
        return 0
    return 0


def _save(table: Table) -> None:
    """Save the match, never replacing another save without saying so.

    The save being resumed is updated in place. Any other existing file is replaced only if ``--save``
    named it (and the message says it was replaced); the default name moves on to a free one instead
    (``veillee-soon-2.json``), so an end of input never overwrites yesterday's match.
    """
    path = table.save_path
    replaced = path.exists() and path.resolve() != (table.may_replace and table.may_replace.resolve())
    if replaced and not table.save_chosen:
        number = 2
        while path.with_name(f"{path.stem}-{number}{path.suffix}").exists():
            number += 1
        path = path.with_name(f"{path.stem}-{number}{path.suffix}")
        replaced = False
    save_record(table.state, path, table.meta())
    table.save_path = table.may_replace = path
    table.console.print(table.t("replaced" if replaced else "saved", path=path))


def _open_table(args: argparse.Namespace, lang: str) -> Table:
    may_replace = None
    if args.resume:
        try:
            record = load_record(args.resume)
            meta = record.get("meta") or {}
            state = veillee.replay(record)
        except RecursionError:
            raise veillee.InvalidRecord(f"{args.resume} is nested too deeply to be a game record") from None
        if args.game is not None and args.game != state.game_name:
            raise ValueError(TEXTS[lang]["resume_game"].format(path=args.resume, saved=state.game_name, game=args.game))
        if args.players is not None and args.players != state.num_players:
            raise ValueError(
                TEXTS[lang]["resume_players"].format(path=args.resume, saved=state.num_players, players=args.players)
            )
        may_replace = Path(args.resume)
        seats = list(meta.get("seats") or [HUMAN] + ["random"] * (state.num_players - 1))
        names = list(meta.get("names") or NAMES[: state.num_players])
        lang = args.lang or meta.get("lang") or lang
        save_path = Path(args.save or args.resume)
    else:
        if args.game is None:
            raise ValueError(TEXTS[lang]["no_game"].format(games=", ".join(veillee.game_names())))
        info = veillee.game_info(args.game)
        seats = [s.strip().lower() for s in args.seats.split(",")] if args.seats else []
        players = args.players or (len(seats) if seats else info.min_players)
        if not seats:
            seats = [HUMAN] + ["normal"] * (players - 1)
        if len(seats) != players:
            raise ValueError(TEXTS[lang]["seat_count"].format(seats=len(seats), players=players))
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**62)
        state = veillee.new_game(args.game, players, seed, **parse_options(args.option))
        names = [n.strip().replace("[", "(").replace("]", ")") for n in args.names.split(",")] if args.names else []
        names = (names + NAMES[len(names) :])[:players]
        save_path = Path(args.save or f"veillee-{args.game}.json")
    for level in seats:
        if level != HUMAN:
            _check_level(level, lang)
    info = veillee.game_info(state.game_name)
    present = load_presentation(info.presentation)
    console = Console(theme=Theme(present.STYLES), highlight=False)
    table = Table(state, seats, names, lang, save_path, present, console, [0] * state.num_players)
    table.may_replace, table.save_chosen = may_replace, bool(args.save)
    return table


def _check_level(level: str, lang: str) -> None:
    if level not in bot_levels():
        raise ValueError(TEXTS[lang]["bad_level"].format(level=level, levels=", ".join(bot_levels())))


def bot_levels() -> list[str]:
    """The bot levels a seat may be given: the front-end levels and the ``ismcts`` research baseline."""
    return list(RESEARCH_LEVELS)


def _bot_action(table: Table, seat: int) -> Any:
    """A bot's choice: it sees only its seat's view, legal actions and a sampled world (``veillee.bots``)."""
    state = table.state
    rng = random.Random(derive_seed(state.seed, "terminal bot", seat, len(state.history)))
    return choose(table.seats[seat], state, seat, rng)


def _play(table: Table) -> None:
    state = table.state
    people = table.people
    last_person: int | None = None
    table.console.print(f"[bold]{veillee.game_info(state.game_name).title}[/bold] — {table.t('welcome')}")
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        if table.seats[seat] != HUMAN:
            state.apply(_bot_action(table, seat))
            if len(people) == 1:
                _show_events(table, people[0], limit=None)
            continue
        if len(people) > 1 and last_person != seat:
            _hand_over(table, seat)
        last_person = seat
        _turn(table, seat)
    viewer = people[0] if len(people) == 1 else None
    if viewer is not None:
        _show_events(table, viewer, limit=None)
    for line in table.present.screen(state.seat_view(viewer), table.names, table.lang):
        table.console.print(line)
    result = state.result()
    winners = ", ".join(table.names[s] for s in result.winners)
    table.console.print(f"[bold]{table.t('over', winners=winners)}[/bold]")
    scores = " · ".join(f"{table.names[s]} {score}" for s, score in enumerate(result.scores))
    table.console.print(scores)


def _hand_over(table: Table, seat: int) -> None:
    """Hot-seat: hide the last person's screen and wait for the next one to be ready."""
    table.console.clear()
    table.console.print("\n" * 3 + table.t("pass_screen", name=table.names[seat]))
    _read(table, table.t("press_enter", name=table.names[seat]))
    table.console.clear()


def _show_events(table: Table, seat: int, limit: int | None) -> None:
    """Narrate, as ``seat`` may see them, the events it has not been shown yet (the last ``limit``)."""
    events = table.state.events(seat, table.seen[seat])
    table.seen[seat] = table.state.event_count
    if limit is not None:
        events = events[-limit:]
    for event in events:
        table.console.print("  · " + table.present.narrate(event, seat, table.names, table.lang))


def _turn(table: Table, seat: int) -> None:
    """Show ``seat`` its table and ask for one decision."""
    state = table.state
    view = state.seat_view(seat)
    screen = table.present.screen(view, table.names, table.lang)
    legal = state.legal_actions()
    paths = [table.present.choice_path(action, view, table.names, table.lang) for action in legal]
    menu = len(fold_menu(paths))
    table.console.rule(f"[me]{table.names[seat]}[/me] — {table.t('your_turn')}")
    _show_events(table, seat, limit=max(2, min(6, SCREEN_LINES - 3 - len(screen) - menu)))
    for line in screen:
        table.console.print(line)
    action = _choose(table, legal, paths)
    state.apply(action)


def _choose(table: Table, legal: list[Any], paths: list[tuple[str, ...]]) -> Any:
    """Walk the menu folded from the actions' paths (``fold_menu``, as the browser does) until one action is
    chosen."""
    top = fold_menu(paths)
    entries = top
    while True:
        for number, entry in enumerate(entries, start=1):
            table.console.print(f" [bold]{number:2d}[/bold]. {entry.label}")
        hint = table.t("hint_back") if entries is not top else table.t("hint")
        answer = _read(table, hint).strip().lower()
        if not answer:
            continue
        if answer in TEXTS[table.lang]["cmd_help"].split():
            table.console.print(table.present.SUMMARY.get(table.lang, ""))
            continue
        if answer in TEXTS[table.lang]["cmd_log"].split():
            for event in table.state.events(table.state.to_act):
                table.console.print("  · " + table.present.narrate(event, table.state.to_act, table.names, table.lang))
            continue
        if answer in TEXTS[table.lang]["cmd_quit"].split():
            raise Quit
        if answer == "0" and entries is not top:
            entries = top
            continue
        if not answer.isdigit() or not 1 <= int(answer) <= len(entries):
            table.console.print(f"[red]{table.t('bad_choice', n=len(entries))}[/red]")
            continue
        chosen = entries[int(answer) - 1]
        if chosen.action is not None:
            return legal[chosen.action]
        entries = chosen.entries


def _read(table: Table, prompt: str) -> str:
    """One line of input; an end of input (Ctrl-D) is told and asked again once, then saves and quits."""
    for attempt in range(2):
        try:
            return input(prompt)
        except EOFError:
            table.console.print(f"\n[yellow]{table.t('eof')}[/yellow]")
            if attempt == 1 or not sys.stdin.isatty():
                raise Quit from None
    raise Quit
