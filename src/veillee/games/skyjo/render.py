"""Skyjo Action (and classic Skyjo) in words: plain text for logs, and the terminal's screen, menus and narration.

Card values wear the colours of the real cards (style tags): ``neg`` dark blue for −2 and −1, ``zero`` light
blue, ``low`` green for 1–4, ``mid`` yellow for 5–8, ``high`` red for 9–12, ``star`` for the « Étoile » (★).
Twelve-card grids for up to 8 players cannot all fit 80×24: a seat sees its own grid in full (4 characters
a card) and every other grid on one line, row by row (3 characters a card, rows split by ``│``), with its
visible sum, its total and its Action cards. Hidden cards are ``▒``; a hidden card the seat looked at
(Révélation) is its value followed by ``?``; a discarded place is ``×``.
"""

from __future__ import annotations

from typing import Any

from veillee.core import JSON
from veillee.core.present import plain
from veillee.games.skyjo.cards import (
    COLUMNS,
    LINE_NAMES,
    LINE_SLOTS,
    ROWS,
    SLOT_NAMES,
    VALUE,
    ActionCard,
    GameCard,
    Line,
    Slot,
)
from veillee.games.skyjo.view import Cell, SkyjoView
from veillee.games.skyjo.words import ACTION_NAMES, ACTION_SHORT, MENU, SUMMARY, TELL, WORDS

__all__ = ["ACTION_SHORT", "STYLES", "SUMMARY", "choice_path", "narrate", "render", "screen"]

STYLES = {
    "neg": "bold blue",
    "zero": "bold bright_cyan",
    "low": "bold green",
    "mid": "bold yellow",
    "high": "bold red",
    "star": "bold magenta",
    "hidden": "dim",
    "action": "bold dark_orange",
    "me": "bold green",
}


_WIDTH = 78
_VOWELS = frozenset("AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŸaeiouyàâäéèêëîïôöùûüÿ")


def _style(text: str) -> str:
    """The colour of a game card, as on the real cards."""
    if text == "star":
        return "star"
    value = int(text)
    return "neg" if value < 0 else "zero" if value == 0 else "low" if value <= 4 else "mid" if value <= 8 else "high"


def card(value: GameCard | str | None, lang: str = "en") -> str:
    """A game card (or its notation, ``-2``…``12``, ``star``) as styled text (``★`` for a Star)."""
    if value is None:
        return "?"
    text = str(value)
    shown = "★" if text == "star" else text
    return f"[{_style(text)}]{shown}[/{_style(text)}]"


def action(value: ActionCard | str, lang: str, short: bool = False) -> str:
    """An Action card (or its notation, ``defense``) as its styled French or English name."""
    names = ACTION_SHORT if short else ACTION_NAMES
    return f"[action]{names[lang][str(value)]}[/action]"


def _the(value: GameCard | str | None, lang: str) -> str:
    """A game card with its article: « le 5 », « une Étoile »; "the 5", "a Star"."""
    text = None if value is None else str(value)
    if text == "star":
        return f"une Étoile {card(text, lang)}" if lang == "fr" else f"a Star {card(text, lang)}"
    return f"le {card(text, lang)}" if lang == "fr" else f"the {card(text, lang)}"


def _slot(slot: Slot | str, lang: str) -> str:
    """``r2c3`` as « ligne 2, colonne 3 » / "row 2, column 3"."""
    name = str(slot)
    row, col = name[1], name[3]
    return f"ligne {row}, colonne {col}" if lang == "fr" else f"row {row}, column {col}"


def _line(line: Line | str, lang: str) -> str:
    """``row2`` / ``col3`` as « la ligne 2 » / « la colonne 3 »."""
    name = str(line)
    number = name[-1]
    if name.startswith("row"):
        return f"la ligne {number}" if lang == "fr" else f"row {number}"
    return f"la colonne {number}" if lang == "fr" else f"column {number}"


def _of(seat: int, names: list[str]) -> str:
    return ("d'" if names[seat][:1] in _VOWELS else "de ") + names[seat]


def _place(owner: int, slot: Slot | str, me: int | None, names: list[str], lang: str) -> str:
    """A grid place, with its owner's name unless it is in the acting seat's own grid."""
    return _slot(slot, lang) if owner == me else f"{names[owner]} {_slot(slot, lang)}"


def _cell(cell: Cell | None, width: int) -> str:
    """One grid place, right-aligned in ``width`` characters."""
    if cell is None:
        return f"[hidden]{'×'.rjust(width)}[/hidden]"
    if cell.card is not None and (cell.up or cell.known):
        text = str(cell.card)
        shown = ("★" if text == "star" else text) + ("" if cell.up else "?")
        return f"[{_style(text)}]{shown.rjust(width)}[/{_style(text)}]"
    return f"[hidden]{'▒'.rjust(width)}[/hidden]"


def _visible_sum(grid: tuple[Cell | None, ...]) -> int:
    return sum(VALUE[c.card] for c in grid if c is not None and c.up and c.card is not None)


def _fit(parts: list[str], sep: str = " · ") -> str:
    """Parts joined, the last ones dropped until the line fits 78 characters."""
    while len(parts) > 1 and len(plain(sep.join(parts))) > _WIDTH:
        parts = parts[:-1]
    return sep.join(parts)


def _plural(n: int) -> str:
    return "s" if n > 1 else ""


def _held(view: SkyjoView, seat: int, lang: str, short: bool) -> list[str]:
    cards = view.action_cards[seat]
    return [action(c, lang, short) for c in cards.playable + cards.not_yet_playable]


def screen(view: SkyjoView, names: list[str], lang: str) -> list[str]:
    """The table as ``view.seat`` sees it, in at most 12 lines for 8 players: the piles (and the Action
    market), the seat's own grid in full with its sums, Action cards and what it holds or must decide,
    then one line per other player (compact grid, visible sum, total, Action cards)."""
    w = WORDS[lang]
    me = view.seat
    n = view.players
    actions = view.options.get("rules", "action") == "action"
    top = card(view.discard[-1], lang) if view.discard else "—"
    head = [w["round"].format(round=view.round)]
    if view.to_act is not None:
        head.append(w["to_play"].format(name=f"[me]{names[view.to_act]}[/me]"))
    head += [w["pile"].format(n=view.pile_size), w["discard"].format(card=top)]
    if view.triggerer is not None and view.result is None:
        left = view.final_turns_left or 0
        head.append(w["trigger"].format(name=names[view.triggerer], n=left, s=_plural(left)))
    lines = [_fit(head)]
    if actions:
        market = ", ".join(action(c, lang, short=True) if c is not None else "—" for c in view.market)
        atop = action(view.action_discard[-1], lang, short=True) if view.action_discard else "—"
        parts = [
            w["market"].format(cards=market),
            w["apile"].format(n=view.action_pile_size),
            w["adiscard"].format(top=atop),
        ]
        lines.append(_fit(parts))
    if me is not None:
        lines.extend(_own(view, names, lang))
    width = max(len(names[s]) for s in range(n))
    for seat in range(n):
        if seat == me:
            continue
        grid = view.grids[seat]
        rows = "│".join("".join(_cell(c, 3) for c in grid[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(ROWS))
        marker = "▶ " if seat == view.to_act else "★ " if seat == view.triggerer else "  "
        head_part = f"{marker}{names[seat]}{' ' * (width - len(names[seat]))} {rows}"
        parts = [head_part, w["vis"].format(n=_visible_sum(grid)), w["total"].format(n=view.totals[seat])]
        held = _held(view, seat, lang, short=True)
        if held:
            full = " ".join(held)
            parts.append(
                full
                if len(plain(" · ".join([*parts, full]))) <= _WIDTH
                else w["actions"].format(n=len(held), s=_plural(len(held)))
            )
        lines.append(_fit(parts))
    if view.result is not None:
        winners = [names[s] for s in view.result.winners]
        lines.append(w["winner"].format(s=_plural(len(winners)), names=", ".join(winners)))
    return lines


def _own(view: SkyjoView, names: list[str], lang: str) -> list[str]:
    """The seat's own grid, 3 lines, with its sums, its Action cards and its pending decision beside."""
    w = WORDS[lang]
    me = view.seat
    assert me is not None
    grid = view.grids[me]
    hidden = view.hidden_counts[me]
    side = [
        w["me"].format(
            name=f"[me]{names[me]}[/me]",
            vis=_visible_sum(grid),
            hidden=w["hidden"].format(n=hidden, s=_plural(hidden)),
            total=view.totals[me],
        )
    ]
    if view.options.get("rules", "action") == "action":
        cards = view.action_cards[me]
        playable = " ".join(action(c, lang, short=True) for c in cards.playable) or w["none"]
        fresh = cards.not_yet_playable
        later = w["fresh"].format(cards=" ".join(action(c, lang, short=True) for c in fresh)) if fresh else ""
        side.append(w["held"].format(cards=playable) + later)
    else:
        side.append("")
    side.append(_pending(view, names, lang))
    out = []
    for r in range(ROWS):
        row = "".join(_cell(c, 4) for c in grid[r * COLUMNS : (r + 1) * COLUMNS])
        marker = "▶ " if r == 0 and view.to_act == me else "  "
        line = f"{marker}{row}   {side[r]}".rstrip()
        if len(plain(line)) > _WIDTH:
            line = f"{marker}{row}"
        out.append(line)
    return out


def _pending(view: SkyjoView, names: list[str], lang: str) -> str:
    """What the turn holds right now (the drawn card, Tirez trois cards, a Star's right, picks...), with the
    name of the player whose turn it is when that is not the seat itself."""
    text = _pending_text(view, names, lang)
    if text and view.turn != view.seat and not text.startswith(names[view.turn]):
        text = f"{names[view.turn]} · {text}"
    return text


def _pending_text(view: SkyjoView, names: list[str], lang: str) -> str:
    w = WORDS[lang]
    if view.drawn is not None:
        return w["drawn"].format(card=card(view.drawn, lang))
    if view.three:
        return w["three"].format(cards=" ".join(card(c, lang) for c in view.three))
    if view.three_size and view.turn != view.seat:
        n = view.three_size
        return w["three_other"].format(name=names[view.turn], n=n, s=_plural(n))
    if view.phase == "star" and view.star_rights:
        n = view.star_rights
        return w["star"].format(n=n, s=_plural(n))
    if view.phase == "copy" and view.copy_lines:
        return w["copy"].format(lines=", ".join(_line(x, lang) for x in view.copy_lines))
    if view.picks:
        picks = " · ".join(_place(p, s, view.turn, names, lang) for p, s in view.picks)
        return w["picks"].format(picks=picks)
    if view.phase == "meteors" and view.meteor_next is not None:
        target = view.meteor_next
        return w["meteor"].format(of=_of(target, names) if lang == "fr" else names[target])
    if view.extra_turns:
        return w["extra"].format(n=view.extra_turns)
    return ""


def _what(view: SkyjoView, owner: int, slot: int, lang: str) -> str:
    """What a seat sees at a grid place: the card, « une carte cachée », or its value if it looked."""
    m = MENU[lang]
    cell = view.grids[owner][slot]
    if cell is None:
        return m["gone"]
    if cell.up:
        return card(cell.card, lang)
    if cell.known:
        return f"{m['hidden']} : {card(cell.card, lang)}" if lang == "fr" else f"{m['hidden']}: {card(cell.card, lang)}"
    return m["hidden"]


def choice_path(act: Any, view: SkyjoView, names: list[str], lang: str) -> tuple[str, ...]:
    """The menu path of a Skyjo action for the seat of ``view``: flat where a phase has at most 13 choices
    (one grid's places), two steps where it has more (two places to swap, a grid then a place)."""
    m = MENU[lang]
    kind = str(act.kind)
    me = view.to_act if view.to_act is not None else view.seat
    who = me if me is not None else 0
    phase = view.phase
    slot = act.slot
    if kind == "reveal":
        return (m["reveal"].format(slot=_slot(SLOT_NAMES[slot], lang)),)
    if kind == "take":
        return (m["take"].format(card=_the(view.discard[-1], lang)),)
    if kind == "draw":
        return (m["draw"],)
    if kind == "action":
        if slot is None:
            return (m["action_pile"],)
        return (m["market"].format(card=action(view.market[slot], lang), i=slot + 1),)
    if kind == "play":
        return (m["play"].format(card=action(str(act.card), lang)),)
    if kind == "drop":
        return (m["drop"], action(str(act.card), lang))
    if kind == "pass":
        return (m["star_pass" if phase == "star" else "copy_pass"],)
    if kind == "copy":
        return (m["copy"].format(line=_line(LINE_NAMES[slot], lang)),)
    if kind == "swap":
        return (m["swap"].format(slot=_slot(SLOT_NAMES[slot], lang), old=_what(view, who, slot, lang)),)
    if kind == "discard":
        return (m["discard"].format(card=_the(view.drawn, lang)),)
    if kind == "own":
        return (
            m["own"].format(slot=_slot(SLOT_NAMES[slot], lang), old=_what(view, who, slot, lang)),
            m["with"].format(slot=_slot(SLOT_NAMES[act.slot2], lang), old=_what(view, who, act.slot2, lang)),
        )
    if kind == "faces":
        picks = view.picks
        first, second = (_place(p, s, who, names, lang) for p, s in picks) if len(picks) == 2 else ("1", "2")
        return (
            m["faces"].format(
                first=first,
                second=second,
                face1=m["up"] if act.up else m["down"],
                face2=m["up"] if act.up2 else m["down"],
            ),
        )
    if kind == "keep":
        return (m["keep_none"],) if act.card is None else (m["keep"].format(card=_the(str(act.card), lang)),)
    if kind == "put":
        return (m["put"].format(card=_the(str(act.card), lang)),)
    if kind == "look":
        target = act.target
        grid = view.grids[target]
        hidden = sum(1 for s in LINE_SLOTS[slot] if (cell := grid[s]) is not None and not cell.up)
        first = (
            m["look_own"]
            if target == who
            else m["look"].format(of=_of(target, names) if lang == "fr" else names[target])
        )
        line = _line(LINE_NAMES[slot], lang)
        return (first, m["look_line"].format(line=line[0].upper() + line[1:], n=hidden, s=_plural(hidden)))
    if kind == "reactivate":
        if act.card is None:
            return (m["reactivate_none"],)
        return (m["reactivate"].format(card=action(str(act.card), lang)),)
    if kind == "pick":
        target = act.target
        place = _slot(SLOT_NAMES[slot], lang)
        if phase == "meteors":
            return (m["meteor"].format(slot=place, old=_what(view, target, slot, lang)),)
        first = (
            m["pick_own"]
            if target == who
            else m["pick"].format(of=_of(target, names) if lang == "fr" else names[target])
        )
        return (first, m["pick_slot"].format(slot=place, old=_what(view, target, slot, lang)))
    return (m["steal"].format(card=action(str(act.card), lang), name=names[act.target]),)


def _and(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + TELL[lang]["and"] + items[-1]


def narrate(event: JSON, viewer: int | None, names: list[str], lang: str) -> str:
    """One Skyjo event as a sentence. Tirez trois and Révélation cards appear only when ``event`` (redacted
    for ``viewer``) holds them; every player is named, even to themselves."""
    t = TELL[lang]
    kind = event["type"]
    fr = lang == "fr"

    def who(key: str = "seat") -> str:
        return str(names[event[key]])

    def of(seat: int) -> str:
        return _of(seat, names) if fr else names[seat]

    if kind == "deal":
        return t["deal"].format(round=event["round"], discard=card(event["discard"], lang))
    if kind == "reveal":
        slot = _slot(event["slot"], lang)
        if event["owner"] != event["seat"]:
            return t["reveal_other"].format(
                seat=who(), card=_the(event["card"], lang), slot=slot, of=of(event["owner"])
            )
        return t["reveal"].format(seat=who(), card=_the(event["card"], lang), slot=slot)
    if kind in ("take", "draw", "discard", "put"):
        return t[kind].format(seat=who(), card=_the(event["card"], lang))
    if kind == "swap":
        return t[kind].format(
            seat=who(),
            card=_the(event["card"], lang),
            slot=_slot(event["slot"], lang),
            old=_the(event["replaced"], lang),
        )
    if kind == "starter":
        return t[kind].format(seat=who())
    if kind == "refill":
        return t[kind].format(market=event["market"], card=action(event["card"], lang))
    if kind == "take_action":
        market = event["market"]
        where = t["from_pile"] if market == "pile" else t["from_market"].format(market=market)
        return t[kind].format(seat=who(), card=action(event["card"], lang), where=where)
    if kind in ("play", "drop"):
        return t[kind].format(seat=who(), card=action(event["card"], lang))
    if kind == "three":
        cards = " : " + " ".join(card(c, lang) for c in event["cards"]) if event.get("cards") else ""
        if not fr:
            cards = cards.replace(" : ", ": ")
        return t[kind].format(seat=who(), count=event["count"], s=_plural(event["count"]), cards=cards)
    if kind == "keep":
        if event["card"] is None:
            return t["keep_none"].format(seat=who())
        return t["keep"].format(seat=who(), card=_the(event["card"], lang))
    if kind == "reactivate":
        if event["card"] is None:
            return t["reactivate_none"].format(seat=who())
        return t["reactivate"].format(seat=who(), card=action(event["card"], lang))
    if kind == "look":
        seen = event.get("cards")
        cards = ""
        if seen:
            listed = ", ".join(f"{_slot(s, lang)} : {card(c, lang)}" for s, c in seen.items())
            cards = f" ({listed})" if fr else f" ({listed.replace(' : ', ': ')})"
        whose = t["look_own"] if event["target"] == event["seat"] else t["look_other"].format(of=of(event["target"]))
        n = event["count"]
        return t[kind].format(
            seat=who(), count=n, s=_plural(n), line=_line(event["line"], lang), whose=whose, cards=cards
        )
    if kind == "moved":
        places = []
        for part in (event["first"], event["second"]):
            what = t["up"].format(card=card(part["card"], lang)) if part["up"] else t["down"]
            places.append(t["moved_place"].format(name=names[part["seat"]], slot=_slot(part["slot"], lang), what=what))
        return t[kind].format(seat=who(), first=places[0], second=places[1])
    if kind == "pick":
        return t[kind].format(seat=who(), slot=_slot(event["slot"], lang), of=of(event["target"]))
    if kind == "blocked":
        return t[kind].format(
            of=of(event["defender"]) if fr else names[event["defender"]],
            attack=action(event["attack"], lang),
            attacker=of(event["seat"]) if fr else names[event["seat"]],
        )
    if kind == "steal":
        return t[kind].format(seat=who(), card=action(event["card"], lang), target=who("target"))
    if kind == "meteor":
        return t[kind].format(
            target=who("target"),
            removed=_the(event["removed"], lang),
            slot=_slot(event["slot"], lang),
            card=_the(event["card"], lang),
        )
    if kind == "lines":
        lines = _and([_line(x, lang) for x in event["lines"]], lang)
        copied = t["copied"].format(line=_line(event["copied"], lang)) if event["copied"] else ""
        return t[kind].format(
            seat=who(), lines=lines, cards=" ".join(card(c, lang) for c in event["cards"]), copied=copied
        )
    if kind == "reshuffle":
        return t["reshuffle_game" if event["pile"] == "game" else "reshuffle_action"].format(size=event["size"])
    if kind == "trigger":
        others = [g for g in event["grids"] if g != event["seat"]]
        if others and event["seat"] not in event["grids"]:
            return t["trigger_other"].format(seat=who(), of=_and([of(g) for g in others], lang))
        return t["trigger"].format(seat=who())
    if kind == "final_reveal":
        cards = ", ".join(f"{_slot(s, lang)} {card(c, lang)}" for s, c in event["cards"].items())
        return t[kind].format(seat=who(), cards=cards)
    if kind == "round_end":
        scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(event["scores"]))
        totals = ", ".join(f"{names[s]} {p}" for s, p in enumerate(event["totals"]))
        trig = event["triggerer"]
        doubled = t["doubled"].format(name=names[trig]) if event["doubled"] and trig is not None else ""
        return t[kind].format(round=event["round"], scores=scores, doubled=doubled, totals=totals)
    if kind == "match_end":
        winners = event["winners"]
        nt = ("nt" if fr else "") if len(winners) > 1 else ("" if fr else "s")
        return t[kind].format(winners=_and([names[s] for s in winners], lang), nt=nt)
    return str(event)


def render(view: SkyjoView) -> str:
    """A few plain lines that show a view at a glance (``str(state)``, logs): the English screen."""
    names = [f"seat {s}" for s in range(view.players)]
    head = f"Skyjo - {view.phase}, seat {view.turn}'s turn, to act: {view.to_act}"
    return plain("\n".join([head, *screen(view, names, "en")]))
