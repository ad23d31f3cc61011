"""SOON in words: plain text for logs and golden files, and the terminal's screen, menus and narration.

Cards show as ``☀5`` (Day 5), ``☾3`` (Night 3), ``☀J`` (a Day Joker) and the special cards by their name,
with the style tags ``day``, ``night`` and ``special`` (``veillee.core.present``).
"""

from __future__ import annotations

from collections.abc import Sequence

from veillee.core import JSON
from veillee.core.present import plain
from veillee.games.soon.actions import Action
from veillee.games.soon.cards import Card
from veillee.games.soon.view import SoonView

__all__ = ["SPECIAL_NAMES", "STYLES", "SUMMARY", "choice_path", "narrate", "render", "screen"]

STYLES = {"day": "bold dark_orange", "night": "bold bright_blue", "special": "bold magenta", "me": "bold green"}

SUMMARY = {
    "fr": (
        "SOON — posez devant vous une suite de 1 à 8, Jour (☀) ou Nuit (☾).\n"
        "À votre tour : piochez (la pioche, ou la défausse si ce n'est pas une carte spéciale), puis posez la\n"
        "carte suivante de votre suite, remplacez une carte de votre suite, jouez une carte spéciale ou\n"
        "défaussez. Tant que votre suite est vide, vous pouvez renouveler votre main au lieu de piocher.\n"
        "Joker : remplace un chiffre de 1 à 7 de sa couleur (−1 point dans une suite complète).\n"
        "Explorateur : demandez un chiffre précis à un joueur ; s'il l'a, il vous le donne et vous le jouez.\n"
        "Foudre : un joueur défausse la plus haute carte de sa suite.  Voleur : prenez le chiffre dont vous\n"
        "avez besoin dans la suite d'un adversaire ; le Voleur prend sa place.\n"
        "Une suite complète (8 cartes sans Voleur) termine la manche : chacun joue encore un tour.\n"
        "Points : 1 par carte (hors Voleur), −1 par Joker d'une suite complète, ×2 si une seule couleur,\n"
        "+2 suite complète, +2 pour le premier. Règles complètes : docs/rules/soon.md."
    ),
    "en": (
        "SOON — build in front of you a suite from 1 to 8, Day (☀) or Night (☾).\n"
        "On your turn: draw (from the pile, or the discard unless it is a special card), then place the next\n"
        "card of your suite, replace a card of your suite, play a special card, or discard. While your suite\n"
        "is empty you may renew your hand instead of drawing.\n"
        "Joker: stands for a 1 to 7 of its colour (−1 point in a complete suite).\n"
        "Explorer: ask a player for a precise number; if they have it, they give it and you play it.\n"
        "Lightning: a player discards the highest card of their suite.  Thief: take the number you need\n"
        "next from an opponent's suite; the Thief takes its place.\n"
        "A complete suite (8 cards, no Thief) ends the round: everyone else plays one more turn.\n"
        "Points: 1 per card (Thief excepted), −1 per Joker in a complete suite, ×2 for one colour, +2 for a\n"
        "complete suite, +2 for the first. Full rules: docs/rules/soon.md."
    ),
}

SPECIAL_NAMES = {
    "fr": {"EXPLORER": "Explorateur", "LIGHTNING": "Foudre", "THIEF": "Voleur"},
    "en": {"EXPLORER": "Explorer", "LIGHTNING": "Lightning", "THIEF": "Thief"},
}
_WORDS = {
    "fr": {
        "round": "Manche",
        "pile": "pioche",
        "discard": "défausse",
        "goal": "objectif",
        "points": "pts",
        "hand": "main",
        "suite": "suite",
        "you": "toi",
        "finished": "a fini",
        "last_turns": "derniers tours",
        "asks": "{asker} demande à {target} un {value}{colour}",
        "day": " Jour",
        "night": " Nuit",
        "your_hand": "Ta main",
        "to_act": "À jouer",
        "winner": "Vainqueur",
    },
    "en": {
        "round": "Round",
        "pile": "pile",
        "discard": "discard",
        "goal": "goal",
        "points": "pts",
        "hand": "hand",
        "suite": "suite",
        "you": "you",
        "finished": "finished",
        "last_turns": "last turns",
        "asks": "{asker} asks {target} for a {value}{colour}",
        "day": " Day",
        "night": " Night",
        "your_hand": "Your hand",
        "to_act": "To act",
        "winner": "Winner",
    },
}


def card(text: str | Card, lang: str = "en") -> str:
    """A card (or its notation: ``D5``, ``NJ``, ``THIEF``, as narrated events hold it) as styled text."""
    text = str(text)
    if text[0] in "DN" and len(text) == 2:
        style, symbol = ("day", "☀") if text[0] == "D" else ("night", "☾")
        return f"[{style}]{symbol}{text[1]}[/{style}]"
    return f"[special]{SPECIAL_NAMES[lang].get(text, text)}[/special]"


def _cards(cards: Sequence[str | Card], lang: str) -> str:
    return " ".join(card(c, lang) for c in cards) or "—"


def _name(seat: int | None, viewer: int | None, names: list[str], lang: str) -> str:
    if seat is None:
        return "?"
    return _WORDS[lang]["you"] if seat == viewer else names[seat]


def screen(view: SoonView, names: list[str], lang: str) -> list[str]:
    """The table as ``view.seat`` sees it."""
    w = _WORDS[lang]
    me = view.seat
    target = view.options["target"]
    goal = f" · {w['goal']} {target}" if target else ""
    top = card(view.discard[-1], lang) if view.discard else "—"
    lines = [
        f"{w['round']} {view.round} · {w['pile']} {view.pile_size} · {w['discard']} {top}{goal}",
    ]
    for seat, suite in enumerate(view.suites):
        who = f"[me]{names[seat]}[/me]" if seat == me else names[seat]
        flags = " ★" if view.finisher == seat else ""
        known = view.known_in_hand[seat]
        size = view.hand_sizes[seat]
        # cards known to be in another hand show face up, the others as backs (short enough for 78 columns)
        hand = f"{_cards(known, lang)}{' ▯' * (size - len(known))}" if known and seat != me else str(size)
        lines.append(
            f"{who}{flags}: {view.totals[seat]} {w['points']} · {w['hand']} {hand} · {w['suite']} {_cards(suite, lang)}"
        )
    ask = view.ask
    if ask:
        colour = w[ask.colour] if ask.colour else ""
        lines.append(
            w["asks"].format(
                asker=_name(ask.asker, me, names, lang),
                target=_name(ask.target, me, names, lang),
                value=ask.value,
                colour=colour,
            )
        )
    if view.finisher is not None and view.result is None:
        lines.append(f"★ {names[view.finisher]} {w['finished']} · {w['last_turns']}: {view.last_turns_left}")
    if view.hand is not None:
        lines.append(f"{w['your_hand']}: {_cards(view.hand, lang)}")
    if view.result:
        winners = ", ".join(names[s] for s in view.result.winners)
        lines.append(f"{w['winner']}: {winners}")
    return lines


_MENU = {
    "fr": {
        "draw": "Piocher",
        "take": "Prendre {card} sur la défausse",
        "renew": "Renouveler ta main",
        "renew_top": "en laissant {card} sur la défausse",
        "place": "Poser {card} dans ta suite",
        "replace": "Remplacer la carte {position} de ta suite par {card}",
        "discard": "Défausser une carte",
        "lightning": "Jouer la Foudre",
        "thief": "Jouer le Voleur",
        "explore": "Jouer l'Explorateur",
        "on": "sur {name}",
        "steal": "sur {name} (prendre {card})",
        "ask_who": "demander à {name}",
        "ask_value": "un {value}",
        "any_colour": "de n'importe quelle couleur",
        "give": "Donner {card}",
    },
    "en": {
        "draw": "Draw from the pile",
        "take": "Take {card} from the discard",
        "renew": "Renew your hand",
        "renew_top": "leaving {card} on the discard",
        "place": "Place {card} in your suite",
        "replace": "Replace card {position} of your suite with {card}",
        "discard": "Discard a card",
        "lightning": "Play the Lightning",
        "thief": "Play the Thief",
        "explore": "Play the Explorer",
        "on": "on {name}",
        "steal": "on {name} (take {card})",
        "ask_who": "ask {name}",
        "ask_value": "for a {value}",
        "any_colour": "any colour",
        "give": "Give {card}",
    },
}


def choice_path(action: Action, view: SoonView, names: list[str], lang: str) -> tuple[str, ...]:
    """The menu path of a SOON action for the seat of ``view``."""
    m = _MENU[lang]
    kind = str(action.kind)
    me = view.seat
    if kind == "draw":
        return (m["draw"],)
    if kind == "take":
        return (m["take"].format(card=card(view.discard[-1], lang)),)
    if kind == "renew":
        return (m["renew"], m["renew_top"].format(card=card(_card_of(action), lang)))
    if kind == "place":
        return (m["place"].format(card=card(_card_of(action), lang)),)
    if kind == "replace":
        return (m["replace"].format(position=action.position, card=card(_card_of(action), lang)),)
    if kind == "discard":
        return (m["discard"], card(_card_of(action), lang))
    if kind == "lightning":
        return (m["lightning"], m["on"].format(name=_name(action.target, me, names, lang)))
    if kind == "thief":
        assert action.target is not None and me is not None
        stolen = view.suites[action.target][len(view.suites[me])]
        return (m["thief"], m["steal"].format(name=names[action.target], card=card(stolen, lang)))
    if kind == "explore":
        assert action.target is not None
        colour = m["any_colour"] if action.colour is None else _WORDS[lang][str(action.colour)].strip()
        return (
            m["explore"],
            m["ask_who"].format(name=names[action.target]),
            m["ask_value"].format(value=action.value),
            colour,
        )
    return (m["give"].format(card=card(_card_of(action), lang)),)


def _card_of(action: Action) -> Card:
    assert action.card is not None
    return action.card


_TELL = {
    "fr": {
        "deal": "Manche {round} : {starter} commence. Défausse : {discard}.",
        "draw": "{seat} pioche{card}.",
        "redraw": "{seat} repioche{card}.",
        "take": "{seat} prend {card} sur la défausse.",
        "renew": "{seat} renouvelle sa main et défausse {discarded}{cards}.",
        "place": "{seat} pose {card}.",
        "discard": "{seat} défausse {card}.",
        "replace": "{seat} remplace {replaced} par {card} (position {position}).",
        "lightning": "{seat} joue la Foudre sur {target} : {card} part à la défausse.",
        "thief": "{seat} joue le Voleur sur {target} et lui prend {card}.",
        "explore_yes": "{seat} demande à {target} un {value}{colour} : oui.",
        "explore_no": "{seat} demande à {target} un {value}{colour} : non.",
        "give": "{seat} donne {card} à {to}{replaced}.",
        "reshuffle": "La défausse est mélangée : nouvelle pioche de {pile_size} cartes.",
        "complete": "{seat} complète sa suite{first} !",
        "first": " en premier",
        "round_end": "Fin de la manche {round} : {scores}.",
        "match_end": "Fin de la partie : {winners} gagne.",
        "drawn": " : {card}",
        "got": " ; pioche {cards}",
        "instead": " (remplace {card})",
    },
    "en": {
        "deal": "Round {round}: {starter} starts. Discard: {discard}.",
        "draw": "{seat} draws{card}.",
        "redraw": "{seat} draws again{card}.",
        "take": "{seat} takes {card} from the discard.",
        "renew": "{seat} renews their hand, discarding {discarded}{cards}.",
        "place": "{seat} places {card}.",
        "discard": "{seat} discards {card}.",
        "replace": "{seat} replaces {replaced} with {card} (position {position}).",
        "lightning": "{seat} plays the Lightning on {target}: {card} goes to the discard.",
        "thief": "{seat} plays the Thief on {target} and takes {card}.",
        "explore_yes": "{seat} asks {target} for a {value}{colour}: yes.",
        "explore_no": "{seat} asks {target} for a {value}{colour}: no.",
        "give": "{seat} gives {card} to {to}{replaced}.",
        "reshuffle": "The discard is shuffled into a new pile of {pile_size} cards.",
        "complete": "{seat} completes their suite{first}!",
        "first": " first",
        "round_end": "End of round {round}: {scores}.",
        "match_end": "End of the match: {winners} wins.",
        "drawn": ": {card}",
        "got": "; draws {cards}",
        "instead": " (replacing {card})",
    },
}


def narrate(event: JSON, viewer: int | None, names: list[str], lang: str) -> str:
    """One SOON event as a sentence; private details appear only if ``event`` (redacted for ``viewer``) holds
    them. Players are named even to themselves: « toi pioche » is not French."""
    t = _TELL[lang]
    kind = event["type"]

    def who(key: str) -> str:
        return str(names[event[key]])

    if kind == "deal":
        return t["deal"].format(
            round=event["round"], starter=names[event["starter"]], discard=card(event["discard"], lang)
        )
    if kind in ("draw", "redraw"):
        drawn = t["drawn"].format(card=card(event["card"], lang)) if "card" in event else ""
        return t[kind].format(seat=who("seat"), card=drawn)
    if kind == "renew":
        cards = t["got"].format(cards=_cards(event["cards"], lang)) if "cards" in event else ""
        return t[kind].format(seat=who("seat"), discarded=_cards(event["discarded"], lang), cards=cards)
    if kind in ("take", "place", "discard"):
        return t[kind].format(seat=who("seat"), card=card(event["card"], lang))
    if kind == "replace":
        return t[kind].format(
            seat=who("seat"),
            replaced=card(event["replaced"], lang),
            card=card(event["card"], lang),
            position=event["position"],
        )
    if kind in ("lightning", "thief"):
        return t[kind].format(seat=who("seat"), target=who("target"), card=card(event["card"], lang))
    if kind == "explore":
        colour = _WORDS[lang][event["colour"]] if event["colour"] else ""
        key = "explore_yes" if event["found"] else "explore_no"
        return t[key].format(seat=who("seat"), target=who("target"), value=event["value"], colour=colour)
    if kind == "give":
        replaced = t["instead"].format(card=card(event["replaced"], lang)) if event["replaced"] else ""
        return t[kind].format(seat=who("seat"), card=card(event["card"], lang), to=who("to"), replaced=replaced)
    if kind == "reshuffle":
        return t[kind].format(pile_size=event["pile_size"])
    if kind == "complete":
        return t[kind].format(seat=who("seat"), first=t["first"] if event["first"] else "")
    if kind == "round_end":
        scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(event["scores"]))
        return t[kind].format(round=event["round"], scores=scores)
    if kind == "match_end":
        return t[kind].format(winners=", ".join(names[s] for s in event["winners"]))
    return str(event)


def render(view: SoonView) -> str:
    """A few plain lines that show a view at a glance (``str(state)``, logs)."""
    names = [f"seat {s}" for s in range(view.players)]
    head = f"SOON - {view.phase}, seat {view.turn}'s turn, to act: {view.to_act}"
    return plain("\n".join([head, *screen(view, names, "en")]))
