"""Sorry! Revenge in words: plain text for logs, and the terminal's screen, menus and narration.

Cards go by the names printed on the French-Canadian cards (« Glissade 15 », « Pigez-en 2 », « Jouez-en 2 »,
« Changement de direction », « SORRY! Pas vraiment… ») or the English ones, with the style tags ``num``,
``act`` (the yellow Action cards) and ``sorry``. Each seat has its pawn colour (seat 0 ``red``, 1 ``blue``,
2 ``yellow``, 3 ``green``), used for its name and its pawns, so a player is recognised at a glance.
Nothing here decides a rule: totals shown in the menus are the arithmetic of R4 and R6, for the reader.
The screen and the menus read the typed view (``SorryView``); narration reads the redacted JSON events.
"""

from __future__ import annotations

from veillee.core import JSON
from veillee.core.present import plain
from veillee.games.sorry.actions import Action, Kind
from veillee.games.sorry.cards import IS_NUMBER, PAWN_COLOURS, PAWNS, SLIDE_TO, TARGET, VALUE, Card
from veillee.games.sorry.phases import Phase
from veillee.games.sorry.piles import HAND_LIMIT
from veillee.games.sorry.view import SorryView
from veillee.games.sorry.words import CARD_NAMES, MENU, SUMMARY, TELL, WORDS

__all__ = ["STYLES", "SUMMARY", "card", "choice_path", "narrate", "render", "screen"]

STYLES = {
    "red": "bold red",
    "blue": "bold dodger_blue1",
    "yellow": "bold yellow",
    "green": "bold green",
    "num": "bold cyan",
    "act": "bold yellow",
    "sorry": "bold white on red",
    "total": "bold magenta",
    "dim": "dim",
    "me": "bold green",
}


_SLIDES = {str(card): SLIDE_TO[card] for card in Card if SLIDE_TO[card]}
_SORRY_FAMILY = frozenset({"SORRY", "STEAL", "DONT"})
_PAWNS = PAWNS
_WINDOWS = frozenset({Phase.STEAL, Phase.BLOCK_STEAL, Phase.BLOCK_SORRY})
_COLOURS = PAWN_COLOURS
_VOWELS = frozenset("AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŸaeiouyàâäéèêëîïôöùûüÿ")
_WIDTH = 78


def _is_number(text: str) -> bool:
    return text.isdigit()


def card(item: Card | str, lang: str = "en") -> str:
    """A card (or its notation from an event: ``7``, ``SLIDE15``, ``DONT``) as its styled name."""
    text = str(item)
    if _is_number(text):
        return f"[num]{text}[/num]"
    style = "sorry" if text in _SORRY_FAMILY else "act"
    return f"[{style}]{CARD_NAMES[lang][text]}[/{style}]"


def _the(item: Card | str, lang: str) -> str:
    """A card with its article, as a sentence needs it: « le 7 », « la carte Pigez-en 2 »; "the 7", "Take 2"."""
    text = str(item)
    if lang == "fr":
        return f"le {card(text, lang)}" if _is_number(text) else f"la carte {card(text, lang)}"
    return f"the {card(text, lang)}" if _is_number(text) else card(text, lang)


def _who(seat: int, names: list[str]) -> str:
    """A player's name in their pawn colour (seats beyond 4 never occur: the game seats 2 to 4)."""
    colour = _COLOURS[seat % 4]
    return f"[{colour}]{names[seat]}[/{colour}]"


def _of(seat: int, names: list[str], styled: bool = True) -> str:
    """French « de Bruno », « d'Alice »: the elision a French reader expects before a vowel."""
    name = _who(seat, names) if styled else names[seat]
    return ("d'" if names[seat][:1] in _VOWELS else "de ") + name


def _plain_len(text: str) -> int:
    return len(plain(text))


def _wrap(head: str, items: list[str], sep: str = ", ") -> list[str]:
    """``head`` then ``items``, cut into lines of at most 78 visible characters (a hand of 7 long names)."""
    lines: list[str] = []
    current = head
    indent = " " * min(_plain_len(head), 12)
    fresh = True
    for item in items:
        piece = item if fresh else sep + item
        if not fresh and _plain_len(current) + _plain_len(piece) > _WIDTH:
            lines.append(current)
            current, piece = indent, item
        current += piece
        fresh = False
    lines.append(current)
    return lines


def _fit(fields: list[tuple[str, str]]) -> str:
    """Fields joined by « · », each in its full form, shortened from the last one until the line fits."""
    chosen = [full for full, _ in fields]
    for i in range(len(fields) - 1, -1, -1):
        if _plain_len(" · ".join(chosen)) <= _WIDTH:
            break
        chosen[i] = fields[i][1]
    return " · ".join(chosen)


def _pawns(seat: int, progress: int, lang: str) -> str:
    """Four pawn marks, HOME ones filled in the seat's colour, and the count toward the goal."""
    w = WORDS[lang]
    style = _COLOURS[seat % 4]
    home = progress if progress <= _PAWNS else 2 * _PAWNS - progress
    marks = f"[{style}]{'●' * home}[/{style}][dim]{'○' * (_PAWNS - home)}[/dim]"
    label = w["home"].format(home=home) if progress <= _PAWNS else w["back"].format(done=progress - _PAWNS)
    return f"{marks} {label}"


def screen(view: SorryView, names: list[str], lang: str) -> list[str]:
    """The table as ``view.seat`` sees it: pile and total, every seat's pawns and hand size, the open
    window (a 21 that may be stolen, a SORRY! that may be blocked, a Play 2, a tie-break), and the seat's
    own hand. At most 12 lines of 78 characters with 4 players and a hand of 7 long card names."""
    w = WORDS[lang]
    me = view.seat
    arrow = "↻" if view.direction == 1 else "↺"
    head: list[tuple[str, str]] = [
        (w["round"].format(round=view.round) + (f" ({w['goal_long']})" if view.goal > _PAWNS else ""),) * 2,
        (w["clockwise"] if view.direction == 1 else w["counter"], arrow),
        (
            w["draw"].format(n=view.draw_size, aside=len(view.set_aside)),
            w["draw_short"].format(n=view.draw_size),
        ),
    ]
    if view.to_act is not None:
        answer = view.phase in _WINDOWS
        head.insert(1, (w["to_answer" if answer else "to_play"].format(name=_who(view.to_act, names)),) * 2)
    lines = [_fit(head)]
    pile = view.pile
    pile_head = w["pile"].format(total=f"[total]{view.total}[/total]")
    if not pile:
        lines.append(pile_head + w["empty"])
    else:
        shown = len(pile)
        while True:
            cards = [card(c, lang) for c in pile[len(pile) - shown :]]
            more = "… " if shown < len(pile) else ""
            line = f"{pile_head} · {_count(len(pile), lang)} : {more}{', '.join(cards)}"
            if lang == "en":
                line = line.replace(" : ", ": ")
            if _plain_len(line) <= _WIDTH or shown == 1:
                break
            shown -= 1
        lines.append(line)
    width = max(len(n) for n in names[: view.players])
    tb = view.tiebreak
    for seat in range(view.players):
        marker = "▶ " if seat == view.to_act else "  "
        name = _who(seat, names) + " " * (width - len(names[seat]))
        parts = [f"{marker}{name}  {_pawns(seat, view.progress[seat], lang)}"]
        parts.append(w["hand"].format(n=view.hand_sizes[seat]))
        known = view.known_no_effect[seat]
        if known and seat != me:
            parts.append(w["no_effect"].format(n=known.cards))
        if tb and seat in tb.order:
            stood = w["stood"] if seat in tb.standing else ""
            parts.append(w["tb"].format(total=tb.totals[seat], stood=stood))
        lines.append(" · ".join(parts))
    lines.extend(_window(view, names, lang))
    if view.hand is not None:
        lines.extend(_wrap(w["your_hand"] + " ", [card(c, lang) for c in view.hand] or ["—"]))
    if view.winner is not None:
        lines.append(w["winner"].format(name=_who(view.winner, names)))
    return lines


def _window(view: SorryView, names: list[str], lang: str) -> list[str]:
    """The line telling what the table is waiting for, when it is more than a plain turn."""
    w = WORDS[lang]
    phase = view.phase
    if phase is Phase.STEAL and view.steal:
        return [w["steal"].format(scorer=_who(view.steal.scorer, names))]
    if phase is Phase.BLOCK_STEAL and view.steal and view.steal.stealer is not None:
        return [
            w["block_steal"].format(
                stealer=_who(view.steal.stealer, names),
                scorer=_who(view.steal.scorer, names),
                of_scorer=_of(view.steal.scorer, names),
            )
        ]
    if phase is Phase.BLOCK_SORRY and view.sorry_target is not None:
        return [
            w["block_sorry"].format(
                attacker=_who(view.turn, names),
                of_attacker=_of(view.turn, names),
                target=_who(view.sorry_target, names),
            )
        ]
    if phase is Phase.PLAY2:
        return [w["play2"].format(name=_who(view.turn, names), n=view.play2_left, s="s" if view.play2_left > 1 else "")]
    if view.tiebreak and view.winner is None:
        return [w["tiebreak"].format(rounds=view.tiebreak.rounds)]
    return []


def choice_path(action: Action, view: SorryView, names: list[str], lang: str) -> tuple[str, ...]:
    """The menu path of a Sorry! Revenge action for the seat of ``view``, with what it does to the total."""
    m = MENU[lang]
    kind = action.kind
    me = view.to_act if view.to_act is not None else view.seat
    played = action.card
    old = view.total
    if kind is Kind.PLAY:
        assert played is not None
        label = m["play"].format(card=_the(played, lang))
        if IS_NUMBER[played] or SLIDE_TO[played]:
            new = old + VALUE[played] if IS_NUMBER[played] else SLIDE_TO[played]
            effect = "exact" if new == TARGET else "bust" if new > TARGET else "total"
            return (label + m[effect].format(old=old, new=new),)
        if played is Card.TAKE_2:
            hand = len(view.hand) if view.hand is not None else 1
            n = min(2, HAND_LIMIT - (hand - 1))
            return (label + (m["take2"].format(n=n, s="s" if n > 1 else "") if n > 0 else m["take2_none"]),)
        if played is Card.REVERSE:
            return (label + m["reverse"],)
        return (label + m["play2"],)
    if kind is Kind.SORRY:
        assert action.target is not None
        progress = view.progress[action.target]
        home = _pawns(action.target, progress, lang).split(" ", 1)[1]
        return (m["sorry"], m["target"].format(name=names[action.target], home=home))
    if kind is Kind.DEAD:
        assert played is not None
        return (m["dead"].format(card=_the(played, lang)),)
    if kind is Kind.STEAL:
        return (m["steal"].format(name=names[view.turn], of_name=_of(view.turn, names, styled=False)),)
    if kind is Kind.BLOCK:
        return (m["block"].format(card=_the(Card.DONT, lang)),)
    tb = view.tiebreak
    mine = tb.totals[me] if tb is not None and me is not None else 0
    if kind is Kind.ADD:
        assert played is not None
        return (m["add"].format(card=_the(played, lang), old=mine, new=mine + VALUE[played]),)
    if kind is Kind.STAND:
        return (m["stand"].format(total=mine),)
    phase = view.phase
    if phase is Phase.STEAL:
        return (m["no_steal"].format(name=names[view.turn]),)
    if phase is Phase.BLOCK_STEAL:
        stealer = view.steal.stealer if view.steal else None
        return (m["no_block_steal"].format(name="?" if stealer is None else names[stealer]),)
    if phase is Phase.BLOCK_SORRY:
        long = me is not None and view.progress[me] > _PAWNS
        return (m["no_block_sorry_long" if long else "no_block_sorry"],)
    return (m["pass"],)


def _count(n: int, lang: str) -> str:
    t = TELL[lang]
    return t["one"] if n == 1 else t["many"].format(n=n)


def _list(cards: list[str], lang: str) -> str:
    return ", ".join(card(c, lang) for c in cards) or "—"


def narrate(event: JSON, viewer: int | None, names: list[str], lang: str) -> str:
    """One Sorry! Revenge event as a sentence; dealt and drawn cards appear only when ``event`` (redacted
    for ``viewer``) holds them. Players are named even to themselves, in their pawn colour."""
    t = TELL[lang]
    kind = event["type"]

    def who(key: str = "seat") -> str:
        return _who(event[key], names)

    if kind == "deal":
        hand = t["deal_hand"].format(cards=_list(event["hand"], lang)) if event.get("hand") else ""
        return t["deal"].format(first=_who(event["first"], names)) + hand
    if kind == "draw":
        count = _count(event["count"], lang)
        if event.get("cards"):
            return t["draw_cards"].format(seat=who(), count=count, cards=_list(event["cards"], lang))
        return t["draw"].format(seat=who(), count=count)
    if kind == "play":
        text = event["card"]
        sort = (
            "number"
            if _is_number(text)
            else "slide"
            if text in _SLIDES
            else {"TAKE2": "take2", "REVERSE": "reverse"}.get(text, "play2")
        )
        return t[f"play_{sort}"].format(seat=who(), card=_the(text, lang), total=f"[total]{event['total']}[/total]")
    if kind == "dead":
        return t[kind].format(seat=who(), card=_the(event["card"], lang))
    if kind == "sorry":
        return t[kind].format(seat=who(), target=who("target"))
    if kind in ("steal", "block"):
        return t[kind].format(seat=who(), against=who("against"), of_against=_of(event["against"], names))
    if kind in ("pass", "twenty_one"):
        return t[kind].format(seat=who())
    if kind == "pawn":
        progress, step = event["progress"], event["step"]
        if step > 0:
            key = "home" if progress <= _PAWNS else "back_start"
        else:
            key = "start" if progress < _PAWNS else "back_home"
        return t[key].format(seat=who(), home=event["home"], done=max(0, progress - _PAWNS))
    if kind in ("bust", "stand"):
        return t[kind].format(seat=who(), total=event["total"])
    if kind == "add":
        return t[kind].format(seat=who(), card=_the(event["card"], lang), total=event["total"])
    if kind == "set_aside":
        return t[kind].format(count=_count(event["cards"], lang))
    if kind == "reshuffle":
        return t[kind].format(count=event["cards"])
    if kind == "tiebreak":
        seats = [_who(s, names) for s in event["seats"]]
        joined = ", ".join(seats[:-1]) + t["and"] + seats[-1] if len(seats) > 1 else "".join(seats)
        return t[kind].format(seats=joined)
    if kind == "reveal":
        return t[kind].format(seat=who(), cards=_list(event["cards"], lang))
    if kind == "match_end":
        return t[kind].format(winner=_who(event["winner"], names))
    return str(event)


def render(view: SorryView) -> str:
    """A few plain lines that show a view at a glance (``str(state)``, logs): the English screen."""
    names = [f"seat {s}" for s in range(view.players)]
    head = f"Sorry! Revenge - {view.phase}, seat {view.turn}'s turn, to act: {view.to_act}"
    return plain("\n".join([head, *screen(view, names, "en")]))
