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

SUMMARY = {
    "fr": (
        "Skyjo Action — 12 cartes en grille (3 lignes × 4 colonnes), face cachée ; le moins de points gagne.\n"
        "À ton tour, un seul choix : prendre la carte de la défausse et l'échanger avec une carte de ta grille ;\n"
        "ou piocher, puis l'échanger ou la défausser et retourner une de tes cartes cachées ; ou prendre une\n"
        "carte Action (jouable dès ton prochain tour) ; ou jouer ou défausser une carte Action.\n"
        "Une ligne ou colonne complète de cartes identiques est défaussée. Étoile (★) : vaut 0, donne une carte\n"
        "Action quand elle apparaît, peut copier un chiffre de sa ligne ; 3 Étoiles alignées −10, 4 : −15.\n"
        "Actions : Échangez vos propres cartes, Tour doublé, Tirez trois cartes, Révélation, Réactivation,\n"
        "Défense (bloque une attaque), Échange avec un autre joueur, Vol de carte Action, Averse de météorites.\n"
        "Qui retourne sa dernière carte déclenche la fin : chacun joue encore un tour. Chaque carte Action\n"
        "gardée vaut 10 ; le déclencheur doit avoir seul le plus petit score, sinon son score positif double.\n"
        "La partie s'arrête quand un joueur atteint 100. Règles complètes : docs/rules/skyjo.md."
    ),
    "en": (
        "Skyjo Action — 12 cards in a grid (3 rows × 4 columns), face down; the fewest points wins.\n"
        "On your turn, one choice: take the discard's top card and swap it with a card of your grid; or draw,\n"
        "then swap it or discard it and turn one of your hidden cards; or take an Action card (playable from\n"
        "your next turn); or play or discard an Action card.\n"
        "A complete row or column of identical cards is discarded. Star (★): worth 0, grants an Action card\n"
        "when it shows up, may copy a number of its line; 3 Stars in a line −10, 4: −15.\n"
        "Actions: Swap your own cards, Double turn, Draw three, Revelation, Reactivation, Defense (blocks an\n"
        "attack), Exchange with a player, Steal an Action card, Meteor shower.\n"
        "Turning your last card triggers the end: everyone else plays once more. Each Action card kept is\n"
        "worth 10; the trigger must score alone lowest, or their positive score doubles.\n"
        "The match ends when someone reaches 100. Full rules: docs/rules/skyjo.md."
    ),
}

_WIDTH = 78
_VOWELS = frozenset("AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŸaeiouyàâäéèêëîïôöùûüÿ")

_ACTION_NAMES = {
    "fr": {
        "own-swap": "Échangez vos propres cartes",
        "double-turn": "Tour doublé",
        "draw-three": "Tirez trois cartes",
        "revelation": "Révélation",
        "reactivation": "Réactivation",
        "defense": "Défense",
        "exchange": "Échange avec un autre joueur",
        "steal": "Vol de carte Action",
        "meteors": "Averse de météorites",
    },
    "en": {
        "own-swap": "Swap your own cards",
        "double-turn": "Double turn",
        "draw-three": "Draw three",
        "revelation": "Revelation",
        "reactivation": "Reactivation",
        "defense": "Defense",
        "exchange": "Exchange with a player",
        "steal": "Steal an Action card",
        "meteors": "Meteor shower",
    },
}
ACTION_SHORT = {
    "fr": {
        "own-swap": "Éch. perso",
        "double-turn": "Tour doublé",
        "draw-three": "Tirez 3",
        "revelation": "Révélation",
        "reactivation": "Réactivation",
        "defense": "Défense",
        "exchange": "Échange",
        "steal": "Vol",
        "meteors": "Averse",
    },
    "en": {
        "own-swap": "Own swap",
        "double-turn": "Double",
        "draw-three": "Draw 3",
        "revelation": "Revelation",
        "reactivation": "Reactiv.",
        "defense": "Defense",
        "exchange": "Exchange",
        "steal": "Steal",
        "meteors": "Meteors",
    },
}


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
    names = ACTION_SHORT if short else _ACTION_NAMES
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


_WORDS = {
    "fr": {
        "round": "Manche {round}",
        "to_play": "à {name} de jouer",
        "pile": "pioche {n}",
        "discard": "défausse {card}",
        "trigger": "fin déclenchée par {name} ({n} tour{s} restant{s})",
        "market": "Actions : {cards}",
        "apile": "pioche {n}",
        "adiscard": "défausse {top}",
        "vis": "vis. {n}",
        "hidden": "{n} cachée{s}",
        "total": "{n} pts",
        "actions": "{n} Action{s}",
        "me": "{name} · visible {vis} · {hidden} · total {total}",
        "held": "Tes Actions : {cards}",
        "fresh": " (prochain tour : {cards})",
        "none": "aucune",
        "drawn": "En main : {card}",
        "three": "Tirez trois : {cards}",
        "three_other": "{name} regarde {n} carte{s} de la pioche",
        "star": "Étoile : {n} carte{s} Action à prendre",
        "copy": "Étoile : copie possible ({lines})",
        "picks": "Choisi : {picks}",
        "meteor": "Averse : une carte {of} à remplacer",
        "extra": "tours en plus : {n}",
        "winner": "Vainqueur{s} : {names}",
    },
    "en": {
        "round": "Round {round}",
        "to_play": "{name} to play",
        "pile": "pile {n}",
        "discard": "discard {card}",
        "trigger": "end triggered by {name} ({n} turn{s} left)",
        "market": "Actions: {cards}",
        "apile": "pile {n}",
        "adiscard": "discard {top}",
        "vis": "vis. {n}",
        "hidden": "{n} hidden",
        "total": "{n} pts",
        "actions": "{n} Action{s}",
        "me": "{name} · visible {vis} · {hidden} · total {total}",
        "held": "Your Actions: {cards}",
        "fresh": " (next turn: {cards})",
        "none": "none",
        "drawn": "In hand: {card}",
        "three": "Draw three: {cards}",
        "three_other": "{name} looks at {n} card{s} of the pile",
        "star": "Star: {n} Action card{s} to take",
        "copy": "Star: may copy ({lines})",
        "picks": "Picked: {picks}",
        "meteor": "Meteors: one card of {of} to replace",
        "extra": "extra turns: {n}",
        "winner": "Winner{s}: {names}",
    },
}


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
    w = _WORDS[lang]
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
    w = _WORDS[lang]
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
    w = _WORDS[lang]
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


_MENU = {
    "fr": {
        "reveal": "Retourner {slot}",
        "take": "Prendre {card} de la défausse",
        "draw": "Piocher une carte",
        "market": "Prendre la carte Action {card} (marché {i})",
        "action_pile": "Piocher une carte Action face cachée",
        "play": "Jouer {card}",
        "drop": "Défausser une carte Action sans la jouer",
        "star_pass": "Ne pas prendre de carte Action",
        "copy_pass": "Ne rien copier",
        "copy": "L'Étoile copie : défausser {line}",
        "swap": "Remplacer {slot} ({old})",
        "discard": "Défausser {card} et retourner une carte cachée",
        "hidden": "carte cachée",
        "own": "Échanger {slot} ({old})",
        "with": "avec {slot} ({old})",
        "faces": "{first} : {face1} · {second} : {face2}",
        "up": "visible",
        "down": "cachée",
        "keep": "Garder {card} (à poser dans ta grille)",
        "keep_none": "N'en garder aucune (puis retourner une carte)",
        "put": "Défausser {card} maintenant",
        "look_own": "Regarder dans ta grille",
        "look": "Regarder dans la grille {of}",
        "look_line": "{line} ({n} cachée{s})",
        "reactivate": "Rejouer {card} depuis la défausse Action",
        "reactivate_none": "Réactivation sans effet (rien à rejouer)",
        "pick_own": "Prendre une carte de ta grille",
        "pick": "Prendre une carte {of}",
        "pick_slot": "{slot} ({old})",
        "meteor": "Remplacer {slot} ({old})",
        "steal": "Voler {card} à {name}",
        "gone": "vide",
    },
    "en": {
        "reveal": "Turn over {slot}",
        "take": "Take {card} from the discard",
        "draw": "Draw a card",
        "market": "Take the Action card {card} (market {i})",
        "action_pile": "Draw an Action card face down",
        "play": "Play {card}",
        "drop": "Discard an Action card unused",
        "star_pass": "Take no Action card",
        "copy_pass": "Copy nothing",
        "copy": "The Star copies: discard {line}",
        "swap": "Replace {slot} ({old})",
        "discard": "Discard {card} and turn a hidden card",
        "hidden": "hidden card",
        "own": "Swap {slot} ({old})",
        "with": "with {slot} ({old})",
        "faces": "{first}: {face1} · {second}: {face2}",
        "up": "face up",
        "down": "face down",
        "keep": "Keep {card} (to put in your grid)",
        "keep_none": "Keep none (then turn a card)",
        "put": "Discard {card} now",
        "look_own": "Look into your grid",
        "look": "Look into {of}'s grid",
        "look_line": "{line} ({n} hidden)",
        "reactivate": "Replay {card} from the Action discard",
        "reactivate_none": "Reactivation without effect (nothing to replay)",
        "pick_own": "Take a card of your grid",
        "pick": "Take a card of {of}",
        "pick_slot": "{slot} ({old})",
        "meteor": "Replace {slot} ({old})",
        "steal": "Steal {card} from {name}",
        "gone": "empty",
    },
}


def _what(view: SkyjoView, owner: int, slot: int, lang: str) -> str:
    """What a seat sees at a grid place: the card, « une carte cachée », or its value if it looked."""
    m = _MENU[lang]
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
    m = _MENU[lang]
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


_TELL = {
    "fr": {
        "deal": "Manche {round} : les grilles sont distribuées ; défausse : {discard}.",
        "reveal_setup": "{seat} retourne {card} en {slot}.",
        "reveal": "{seat} retourne {card} en {slot}.",
        "reveal_other": "{seat} retourne {card} en {slot} dans la grille {of}.",
        "take": "{seat} prend {card} sur la défausse.",
        "draw": "{seat} pioche {card}.",
        "discard": "{seat} défausse {card}.",
        "put": "{seat} défausse {card}.",
        "swap": "{seat} pose {card} en {slot} et défausse {old}.",
        "starter": "{seat} commence la manche.",
        "refill": "Nouvelle carte Action au marché {market} : {card}.",
        "take_action": "{seat} prend la carte Action {card}{where}.",
        "from_pile": " (pioche Action)",
        "from_market": " (marché {market})",
        "play": "{seat} joue {card}.",
        "drop": "{seat} défausse {card} sans la jouer.",
        "three": "{seat} regarde {count} carte{s} de la pioche{cards}.",
        "keep": "{seat} garde {card}.",
        "keep_none": "{seat} ne garde aucune carte.",
        "reactivate": "{seat} rejoue {card} grâce à la Réactivation.",
        "reactivate_none": "La Réactivation de {seat} n'a rien à rejouer.",
        "look": "{seat} regarde {count} carte{s} cachée{s} de {line} {whose}{cards}.",
        "look_own": "de sa grille",
        "look_other": "de la grille {of}",
        "moved": "{seat} échange {first} et {second}.",
        "moved_place": "{name} {slot} ({what})",
        "up": "visible : {card}",
        "down": "face cachée",
        "pick": "{seat} choisit la carte {slot} {of}.",
        "blocked": "La Défense {of} bloque {attack} {attacker} !",
        "steal": "{seat} vole {card} à {target}.",
        "meteor": "Averse : chez {target}, {removed} ({slot}) est remplacé par {card}.",
        "lines": "{seat} défausse {lines} : {cards}{copied}.",
        "copied": " (l'Étoile copie sur {line})",
        "reshuffle_game": "La défausse est mélangée : nouvelle pioche de {size} cartes.",
        "reshuffle_action": "La défausse Action est mélangée : nouvelle pioche Action de {size} cartes.",
        "trigger": "{seat} déclenche la fin de la manche : chacun joue encore un tour.",
        "trigger_other": "{seat} déclenche la fin de la manche en vidant la grille {of} : chacun joue encore un tour.",
        "final_reveal": "{seat} révèle ses dernières cartes : {cards}.",
        "round_end": "Fin de la manche {round} : {scores}{doubled}. Totaux : {totals}.",
        "doubled": " (score de {name} doublé)",
        "match_end": "Fin de la partie : {winners} gagne{nt} !",
        "and": " et ",
    },
    "en": {
        "deal": "Round {round}: the grids are dealt; discard: {discard}.",
        "reveal_setup": "{seat} turns over {card} at {slot}.",
        "reveal": "{seat} turns over {card} at {slot}.",
        "reveal_other": "{seat} turns over {card} at {slot} in {of}'s grid.",
        "take": "{seat} takes {card} from the discard.",
        "draw": "{seat} draws {card}.",
        "discard": "{seat} discards {card}.",
        "put": "{seat} discards {card}.",
        "swap": "{seat} puts {card} at {slot} and discards {old}.",
        "starter": "{seat} starts the round.",
        "refill": "New Action card in market {market}: {card}.",
        "take_action": "{seat} takes the Action card {card}{where}.",
        "from_pile": " (Action pile)",
        "from_market": " (market {market})",
        "play": "{seat} plays {card}.",
        "drop": "{seat} discards {card} unused.",
        "three": "{seat} looks at {count} card{s} of the pile{cards}.",
        "keep": "{seat} keeps {card}.",
        "keep_none": "{seat} keeps no card.",
        "reactivate": "{seat} replays {card} with the Reactivation.",
        "reactivate_none": "{seat}'s Reactivation has nothing to replay.",
        "look": "{seat} looks at {count} hidden card{s} of {line} {whose}{cards}.",
        "look_own": "of their grid",
        "look_other": "of {of}'s grid",
        "moved": "{seat} swaps {first} and {second}.",
        "moved_place": "{name} {slot} ({what})",
        "up": "face up: {card}",
        "down": "face down",
        "pick": "{seat} picks the card at {slot} of {of}.",
        "blocked": "{of}'s Defense blocks {attacker}'s {attack}!",
        "steal": "{seat} steals {card} from {target}.",
        "meteor": "Meteors: {target}'s {removed} ({slot}) is replaced by {card}.",
        "lines": "{seat} discards {lines}: {cards}{copied}.",
        "copied": " (the Star copies on {line})",
        "reshuffle_game": "The discard is shuffled into a new pile of {size} cards.",
        "reshuffle_action": "The Action discard is shuffled into a new Action pile of {size} cards.",
        "trigger": "{seat} triggers the end of the round: everyone else plays once more.",
        "trigger_other": "{seat} triggers the end of the round by emptying {of}'s grid: everyone else plays once more.",
        "final_reveal": "{seat} reveals their last cards: {cards}.",
        "round_end": "End of round {round}: {scores}{doubled}. Totals: {totals}.",
        "doubled": " ({name}'s score doubled)",
        "match_end": "End of the match: {winners} win{nt}!",
        "and": " and ",
    },
}


def _and(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + _TELL[lang]["and"] + items[-1]


def narrate(event: JSON, viewer: int | None, names: list[str], lang: str) -> str:
    """One Skyjo event as a sentence. Tirez trois and Révélation cards appear only when ``event`` (redacted
    for ``viewer``) holds them; every player is named, even to themselves."""
    t = _TELL[lang]
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
