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

SUMMARY = {
    "fr": (
        "Sorry! Revenge — chacun a 4 pions, côté DÉPART ; le premier à les retourner tous côté ARRIVÉE gagne.\n"
        "À ton tour, joue une carte de ta main sur la pile de jeu, puis repioche jusqu'à 5 cartes (7 au plus).\n"
        "Les cartes Nombre (0 à 7 et 10) s'ajoutent au total de la pile ; les autres comptent 0.\n"
        "Total de 21 pile : tu gagnes la manche et retournes un pion côté ARRIVÉE. Plus de 21 : tu es cuit,\n"
        "chacun des autres retourne un pion. La pile est alors mise de côté ; le joueur suivant repart de 0.\n"
        "Glissade : le total devient le nombre de la carte.  Pigez-en 2 : pioche 2 cartes.\n"
        "Changement de direction : le sens du jeu s'inverse.  Jouez-en 2 : joue ensuite 2 cartes Nombre.\n"
        "SORRY! (retour au DÉPART) : à ton tour, un adversaire remet un pion au DÉPART.\n"
        "SORRY! (vol du 21) : quand un adversaire fait 21, vole-lui la manche, à tout moment.\n"
        "SORRY! Pas vraiment… : bloque un SORRY! joué contre toi.  Règles complètes : docs/rules/sorry.md."
    ),
    "en": (
        "Sorry! Revenge — everyone has 4 pawns on START; the first to flip them all to HOME wins.\n"
        "On your turn, play one card from your hand onto the play pile, then draw back to 5 cards (7 at most).\n"
        "Number cards (0 to 7 and 10) add to the pile's total; the other cards count 0.\n"
        "A total of exactly 21 wins the round: flip a pawn to HOME. Over 21 and you bust: everyone else flips\n"
        "a pawn. The pile is then set aside and the next player starts again from 0.\n"
        "Slide: the total becomes the card's number.  Take 2: draw 2 cards.\n"
        "Reverse: the order of play is reversed.  Play 2: then play 2 Number cards.\n"
        "SORRY! (flip back): on your turn, an opponent flips a pawn back to START.\n"
        "SORRY! (steal a 21): when an opponent reaches 21, steal the round from them, out of turn.\n"
        "Don't be SORRY!: blocks a SORRY! played against you.  Full rules: docs/rules/sorry.md."
    ),
}

_CARD_NAMES = {
    "fr": {
        "SLIDE10": "Glissade 10",
        "SLIDE15": "Glissade 15",
        "SLIDE20": "Glissade 20",
        "SLIDE21": "Glissade 21",
        "TAKE2": "Pigez-en 2",
        "REVERSE": "Changement de direction",
        "PLAY2": "Jouez-en 2",
        "SORRY": "SORRY! (retour au DÉPART)",
        "STEAL": "SORRY! (vol du 21)",
        "DONT": "SORRY! Pas vraiment…",
    },
    "en": {
        "SLIDE10": "Slide 10",
        "SLIDE15": "Slide 15",
        "SLIDE20": "Slide 20",
        "SLIDE21": "Slide 21",
        "TAKE2": "Take 2",
        "REVERSE": "Reverse",
        "PLAY2": "Play 2",
        "SORRY": "SORRY! (flip back)",
        "STEAL": "SORRY! (steal a 21)",
        "DONT": "Don't be SORRY!",
    },
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
    return f"[{style}]{_CARD_NAMES[lang][text]}[/{style}]"


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


_WORDS = {
    "fr": {
        "round": "Manche {round}",
        "clockwise": "sens horaire ↻",
        "counter": "sens inverse ↺",
        "draw": "pioche {n} (+{aside} de côté)",
        "draw_short": "pioche {n}",
        "to_play": "à {name} de jouer",
        "to_answer": "à {name} de répondre",
        "pile": "Pile de jeu : total {total}",
        "empty": " (vide)",
        "home": "ARRIVÉE {home}/4",
        "back": "retour au DÉPART {done}/4",
        "hand": "main {n}",
        "no_effect": "{n} sans effet",
        "tb": "bris : {total}{stood}",
        "stood": ", s'arrête",
        "your_hand": "Ta main :",
        "steal": "{scorer} a fait 21 ! Qui a un SORRY! pour le lui voler ?",
        "block_steal": "{stealer} vole le 21 {of_scorer}, qui peut bloquer avec SORRY! Pas vraiment…",
        "block_sorry": "SORRY! {of_attacker} contre {target}, qui peut bloquer avec SORRY! Pas vraiment…",
        "play2": "Jouez-en 2 : {name} doit encore jouer {n} carte{s} Nombre.",
        "tiebreak": "Bris d'égalité (manche {rounds}) : au plus près de 21 sans dépasser.",
        "winner": "Victoire : {name} !",
        "goal_long": "partie longue",
    },
    "en": {
        "round": "Round {round}",
        "clockwise": "clockwise ↻",
        "counter": "reversed ↺",
        "draw": "draw pile {n} (+{aside} set aside)",
        "draw_short": "draw pile {n}",
        "to_play": "{name} to play",
        "to_answer": "{name} to answer",
        "pile": "Play pile: total {total}",
        "empty": " (empty)",
        "home": "HOME {home}/4",
        "back": "back to START {done}/4",
        "hand": "hand {n}",
        "no_effect": "{n} with no effect",
        "tb": "tie-break: {total}{stood}",
        "stood": ", stands",
        "your_hand": "Your hand:",
        "steal": "{scorer} reached 21! Who has a SORRY! to steal it?",
        "block_steal": "{stealer} steals {scorer}'s 21; {scorer} may block with Don't be SORRY!",
        "block_sorry": "SORRY! from {attacker} against {target}, who may block with Don't be SORRY!",
        "play2": "Play 2: {name} still has {n} Number card{s} to play.",
        "tiebreak": "Tie-break (round {rounds}): closest to 21 without going over.",
        "winner": "Winner: {name}!",
        "goal_long": "longer game",
    },
}


def _pawns(seat: int, progress: int, lang: str) -> str:
    """Four pawn marks, HOME ones filled in the seat's colour, and the count toward the goal."""
    w = _WORDS[lang]
    style = _COLOURS[seat % 4]
    home = progress if progress <= _PAWNS else 2 * _PAWNS - progress
    marks = f"[{style}]{'●' * home}[/{style}][dim]{'○' * (_PAWNS - home)}[/dim]"
    label = w["home"].format(home=home) if progress <= _PAWNS else w["back"].format(done=progress - _PAWNS)
    return f"{marks} {label}"


def screen(view: SorryView, names: list[str], lang: str) -> list[str]:
    """The table as ``view.seat`` sees it: pile and total, every seat's pawns and hand size, the open
    window (a 21 that may be stolen, a SORRY! that may be blocked, a Play 2, a tie-break), and the seat's
    own hand. At most 12 lines of 78 characters with 4 players and a hand of 7 long card names."""
    w = _WORDS[lang]
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
    w = _WORDS[lang]
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


_MENU = {
    "fr": {
        "play": "Jouer {card}",
        "total": " (total {old} → {new})",
        "exact": " (total {old} → 21 pile !)",
        "bust": " (total {old} → {new} : cuit !)",
        "take2": " (tu pioches {n} carte{s})",
        "take2_none": " (main trop pleine : tu ne pioches rien)",
        "reverse": " (le sens du jeu s'inverse)",
        "play2": " (puis 2 cartes Nombre)",
        "sorry": "Jouer un SORRY! contre…",
        "target": "{name} ({home})",
        "dead": "Jouer {card} sans effet (aucune n'en a)",
        "steal": "Dire SORRY! : voler le 21 {of_name}",
        "no_steal": "Laisser {name} gagner la manche",
        "block": "Bloquer avec {card}",
        "no_block_steal": "Laisser {name} te voler le 21",
        "no_block_sorry": "Laisser faire : un de tes pions retourne au DÉPART",
        "no_block_sorry_long": "Laisser faire : tu perds un pion d'avance",
        "pass": "Passer (ta main est vide)",
        "add": "Ajouter {card} à ta pile (total {old} → {new})",
        "stand": "T'arrêter à {total}",
    },
    "en": {
        "play": "Play {card}",
        "total": " (total {old} → {new})",
        "exact": " (total {old} → exactly 21!)",
        "bust": " (total {old} → {new}: bust!)",
        "take2": " (you draw {n} card{s})",
        "take2_none": " (hand too full: you draw nothing)",
        "reverse": " (the order of play is reversed)",
        "play2": " (then 2 Number cards)",
        "sorry": "Play a SORRY! against…",
        "target": "{name} ({home})",
        "dead": "Play {card} for no effect (no card has one)",
        "steal": "Say SORRY!: steal {name}'s 21",
        "no_steal": "Let {name} win the round",
        "block": "Block with {card}",
        "no_block_steal": "Let {name} steal your 21",
        "no_block_sorry": "Let it be: one of your pawns goes back to START",
        "no_block_sorry_long": "Let it be: you lose one pawn of progress",
        "pass": "Pass (your hand is empty)",
        "add": "Add {card} to your pile (total {old} → {new})",
        "stand": "Stand at {total}",
    },
}


def choice_path(action: Action, view: SorryView, names: list[str], lang: str) -> tuple[str, ...]:
    """The menu path of a Sorry! Revenge action for the seat of ``view``, with what it does to the total."""
    m = _MENU[lang]
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


_TELL = {
    "fr": {
        "deal": "Les cartes sont distribuées (5 chacun) ; {first} commence.",
        "deal_hand": " Ta main : {cards}.",
        "draw": "{seat} pioche {count}.",
        "draw_cards": "{seat} pioche {count} : {cards}.",
        "one": "une carte",
        "many": "{n} cartes",
        "play_number": "{seat} joue {card} : total {total}.",
        "play_slide": "{seat} joue {card} : le total passe à {total}.",
        "play_take2": "{seat} joue {card}.",
        "play_reverse": "{seat} joue {card} : le sens du jeu s'inverse.",
        "play_play2": "{seat} joue {card} : 2 cartes Nombre vont suivre.",
        "dead": "{seat} joue {card} sans effet : aucune de ses cartes n'en a.",
        "sorry": "{seat} joue un SORRY! contre {target} : un pion de moins, sauf blocage !",
        "steal": "{seat} dit SORRY! et vole le 21 {of_against} !",
        "block": "{seat} répond SORRY! Pas vraiment… : le SORRY! {of_against} est bloqué.",
        "pass": "{seat} passe.",
        "twenty_one": "{seat} fait 21 pile !",
        "home": "{seat} retourne un pion côté ARRIVÉE ({home}/4).",
        "start": "{seat} retourne un pion côté DÉPART ({home}/4 à l'ARRIVÉE).",
        "back_home": "{seat} retourne de nouveau un pion côté ARRIVÉE ({home}/4 à l'ARRIVÉE).",
        "back_start": "{seat} remet un pion côté DÉPART ({done}/4 revenus au DÉPART).",
        "bust": "{seat} dépasse 21 (total {total}) : cuit ! Chacun des autres avance d'un pion.",
        "stand": "{seat} s'arrête à {total}.",
        "add": "{seat} pose {card} sur sa pile du bris d'égalité : {total}.",
        "set_aside": "La pile de jeu ({count}) est mise de côté ; on repart de 0.",
        "reshuffle": "Les piles mises de côté sont mélangées : nouvelle pioche de {count} cartes.",
        "tiebreak": "Égalité entre {seats} : bris d'égalité, au plus près de 21 sans dépasser !",
        "reveal": "{seat} montre sa main ({cards}), la met de côté et pioche 5 nouvelles cartes.",
        "match_end": "{winner} gagne la partie !",
        "and": " et ",
    },
    "en": {
        "deal": "The cards are dealt (5 each); {first} starts.",
        "deal_hand": " Your hand: {cards}.",
        "draw": "{seat} draws {count}.",
        "draw_cards": "{seat} draws {count}: {cards}.",
        "one": "a card",
        "many": "{n} cards",
        "play_number": "{seat} plays {card}: total {total}.",
        "play_slide": "{seat} plays {card}: the total slides to {total}.",
        "play_take2": "{seat} plays {card}.",
        "play_reverse": "{seat} plays {card}: the order of play is reversed.",
        "play_play2": "{seat} plays {card}: 2 Number cards will follow.",
        "dead": "{seat} plays {card} for no effect: none of their cards has one.",
        "sorry": "{seat} plays a SORRY! against {target}: a pawn goes back, unless blocked!",
        "steal": "{seat} says SORRY! and steals {against}'s 21!",
        "block": "{seat} answers Don't be SORRY!: {against}'s SORRY! is blocked.",
        "pass": "{seat} passes.",
        "twenty_one": "{seat} reaches exactly 21!",
        "home": "{seat} flips a pawn to HOME ({home}/4).",
        "start": "{seat} flips a pawn back to START ({home}/4 HOME).",
        "back_home": "{seat} flips a pawn back to HOME ({home}/4 HOME).",
        "back_start": "{seat} flips a pawn back to START ({done}/4 back on START).",
        "bust": "{seat} goes over 21 (total {total}): bust! Everyone else flips a pawn.",
        "stand": "{seat} stands at {total}.",
        "add": "{seat} puts {card} on their tie-break pile: {total}.",
        "set_aside": "The play pile ({count}) is set aside; the total starts again from 0.",
        "reshuffle": "The set-aside piles are shuffled into a new draw pile of {count} cards.",
        "tiebreak": "Tie between {seats}: tie-break, closest to 21 without going over!",
        "reveal": "{seat} shows their hand ({cards}), sets it aside and draws 5 new cards.",
        "match_end": "{winner} wins the match!",
        "and": " and ",
    },
}


def _count(n: int, lang: str) -> str:
    t = _TELL[lang]
    return t["one"] if n == 1 else t["many"].format(n=n)


def _list(cards: list[str], lang: str) -> str:
    return ", ".join(card(c, lang) for c in cards) or "—"


def narrate(event: JSON, viewer: int | None, names: list[str], lang: str) -> str:
    """One Sorry! Revenge event as a sentence; dealt and drawn cards appear only when ``event`` (redacted
    for ``viewer``) holds them. Players are named even to themselves, in their pawn colour."""
    t = _TELL[lang]
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
