"""Soupçons in words: plain text for logs, and the terminal's screen, menus and narration.

The Nuit/Jour cards show as ``☾3`` (Night side, style ``night``), ``☀3`` (Day side, ``day``) or a dim ``✕3``
once removed; Masques as their value (``mask``) and Serpents as « Serpent » (``serpent``). Soupçons is a game
of memory: each player's line recalls the last card they received (who gave it, every claim, how it ended),
so the table's history stays on screen without a log. Claims are shown between « », as they were announced.

``screen`` and ``choice_path`` read the typed view (``SoupconsView``: cards as ``Card`` values); ``narrate``
reads an event as JSON, redacted for its viewer, so it can only say what that viewer may know.
"""

from __future__ import annotations

from typing import Any

from veillee.core import JSON
from veillee.core.present import plain
from veillee.games.soupcons.cards import Card, Side
from veillee.games.soupcons.events import Outcome
from veillee.games.soupcons.view import Door, ExchangeView, SoupconsView

__all__ = ["STYLES", "SUMMARY", "choice_path", "masque", "narrate", "render", "screen"]

STYLES = {
    "night": "bold bright_blue",
    "day": "bold yellow",
    "gone": "dim",
    "mask": "bold white",
    "serpent": "bold green",
    "claim": "italic",
    "me": "bold green",
}

SUMMARY = {
    "fr": (
        "Soupçons — on se passe des Masques face cachée en annonçant ce qu'ils sont… ou pas.\n"
        "Au centre, les cartes Nuit/Jour (1 à 5, 6, 8 ou 9) commencent côté Nuit (☾).\n"
        "Qui a trois cartes choisit un joueur dont la Porte est encore ouverte (sa Porte se ferme), puis lui\n"
        "propose une carte face cachée en annonçant un chiffre ou « Serpent », vrai ou faux. Le joueur\n"
        "accepte ou refuse ; après deux refus, la troisième carte est imposée. Une carte refusée n'est jamais\n"
        "montrée. Carte acceptée : sa carte Nuit/Jour passe au Jour (☀), ou quitte la table si elle était\n"
        "déjà côté Jour ; sinon (0, Serpent, carte partie) rien ne se passe. Personne ne dit ce qu'il a reçu.\n"
        "Qui a reçu a trois cartes et continue. Quand toutes les Portes sont fermées, la manche recommence.\n"
        "Sans Serpent en main, on gagne quand la dernière carte Nuit passe au Jour ; avec un Serpent, quand\n"
        "il ne reste qu'une carte sur la table, côté Nuit. Règles complètes : docs/rules/soupcons.md."
    ),
    "en": (
        "Soupçons — pass Masques face down, announcing what they are… or not.\n"
        "In the middle, the Night/Day cards (1 to 5, 6, 8 or 9) start on their Night side (☾).\n"
        "Whoever holds three cards chooses a player whose Porte (door) is still open (it closes), then offers\n"
        "them a card face down, announcing a number or « Serpent », true or false. The player accepts or\n"
        "refuses; after two refusals the third card must be taken. A refused card is never shown.\n"
        "An accepted card turns its Night/Day card to Day (☀), or removes it if it already showed Day;\n"
        "otherwise (0, Serpent, card gone) nothing happens. Nobody says what they received.\n"
        "The receiver now holds three cards and goes on. Once every Porte is closed, a new round starts.\n"
        "Without a Serpent in hand you win when the last Night card turns to Day; with a Serpent, when only\n"
        "one card is left on the table, Night side up. Full rules: docs/rules/soupcons.md."
    ),
}

_WIDTH = 78
_VOWELS = frozenset("AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŸaeiouyàâäéèêëîïôöùûüÿ")


def masque(card: Card | str, lang: str = "en") -> str:
    """A hand card (or its notation ``5``, ``S``) as styled text: the value, or « Serpent »."""
    text = str(card)
    if text == "S":
        return "[serpent]Serpent[/serpent]"
    return f"[mask]{text}[/mask]"


def _claim(claim: Card | str, lang: str) -> str:
    """An announcement, as it was said: « 5 », « Serpent »."""
    text = str(claim)
    return f"« {'Serpent' if text == 'S' else text} »"


def _table_card(value: int, side: Side) -> str:
    if side is Side.NIGHT:
        return f"[night]☾{value}[/night]"
    if side is Side.DAY:
        return f"[day]☀{value}[/day]"
    return f"[gone]✕{value}[/gone]"


def _of(seat: int, names: list[str]) -> str:
    """French « de Bruno », « d'Alice »."""
    return ("d'" if names[seat][:1] in _VOWELS else "de ") + names[seat]


def _to(seat: int, names: list[str]) -> str:
    """French « à Bruno » (never elided)."""
    return "à " + names[seat]


def _and(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + (" et " if lang == "fr" else " and ") + items[-1]


_WORDS = {
    "fr": {
        "round": "Manche {round}",
        "holder": "{name} a trois cartes",
        "to_choose": "à {name} de choisir",
        "to_offer": "à {name} de proposer",
        "to_answer": "à {name} de répondre",
        "table": "Table : {cards}",
        "counts": "  ({night} côté Nuit, {cards} cartes en tout)",
        "open": "Porte ouverte",
        "closed": "Porte fermée",
        "cards": "{n} cartes",
        "got": "reçu {giver} : {claims}{forced} → {effect}",
        "forced": " (imposée)",
        "was": " (c'était {card})",
        "day": "☀{value}",
        "removed": "✕{value}",
        "nothing": "rien",
        "offer_choose": "{giver} va proposer une carte {receiver}{refused}.",
        "offer_pending": "{giver} propose une carte {receiver} en annonçant {claim}{refused}.",
        "refused": " ({n} refusée{s})",
        "your_refused": "Tes cartes refusées : {cards}",
        "your_hand": "Ta main : {cards}",
        "camp_serpent": "  → avec un Serpent : une seule carte, côté Nuit",
        "camp_free": "  → sans Serpent : la dernière Nuit au Jour",
        "camp_serpent_short": "  → camp Serpent",
        "camp_free_short": "  → sans Serpent",
        "serpents": "Les Serpents gagnent : {names} !",
        "no-serpent": "Le camp sans Serpent gagne : {names} !",
        "draw": "Partie nulle : limite de manches atteinte.",
    },
    "en": {
        "round": "Round {round}",
        "holder": "{name} holds three cards",
        "to_choose": "{name} to choose",
        "to_offer": "{name} to offer",
        "to_answer": "{name} to answer",
        "table": "Table: {cards}",
        "counts": "  ({night} Night side up, {cards} cards left)",
        "open": "Porte open  ",
        "closed": "Porte closed",
        "cards": "{n} cards",
        "got": "got {giver}: {claims}{forced} → {effect}",
        "forced": " (forced)",
        "was": " (it was {card})",
        "day": "☀{value}",
        "removed": "✕{value}",
        "nothing": "nothing",
        "offer_choose": "{giver} is choosing a card to offer {receiver}{refused}.",
        "offer_pending": "{giver} offers {receiver} a card, announcing {claim}{refused}.",
        "refused": " ({n} refused)",
        "your_refused": "Your refused cards: {cards}",
        "your_hand": "Your hand: {cards}",
        "camp_serpent": "  → with a Serpent: one card left, Night side up",
        "camp_free": "  → no Serpent: the last Night card to Day",
        "camp_serpent_short": "  → Serpent camp",
        "camp_free_short": "  → no Serpent",
        "serpents": "The Serpents win: {names}!",
        "no-serpent": "The camp without a Serpent wins: {names}!",
        "draw": "A draw: the round limit was reached.",
    },
}


def _fit(parts: list[str]) -> str:
    """Parts joined by « · », the last ones dropped until the line fits 78 characters."""
    while len(parts) > 1 and len(plain(" · ".join(parts))) > _WIDTH:
        parts = parts[:-1]
    return " · ".join(parts)


def _exchanges(ex: ExchangeView, names: list[str], lang: str) -> list[str]:
    """A finished exchange from the receiver's side, longest form first: who gave, every claim (refused ones
    struck), forced or not, the effect, and the true card when the seat knows it; then shorter forms (the
    refusals only counted, then without the true card) for lines that must fit 78 characters."""
    w = _WORDS[lang]
    last = f"[claim]{_claim(ex.claims[-1], lang)}[/claim]"
    struck = " ".join(f"[gone]{_claim(c, lang)}✗[/gone]" for c in ex.claims[:-1])
    counted = "✗" * (len(ex.claims) - 1)
    giver = _of(ex.giver, names) if lang == "fr" else "from " + names[ex.giver]
    if ex.effect is Outcome.NOTHING or ex.effect is None:
        effect = w["nothing"]
    else:
        style = "day" if ex.effect is Outcome.DAY else "gone"
        effect = f"[{style}]{w[ex.effect.value].format(value=ex.value)}[/{style}]"
    was = w["was"].format(card=masque(ex.card, lang)) if ex.card is not None else ""
    forced = w["forced"] if ex.forced else ""
    forms = [
        (f"{struck} {last}" if struck else last, forced, was),
        (f"{counted} {last}" if counted else last, "", was),
        (f"{counted} {last}" if counted else last, "", ""),
    ]
    return [w["got"].format(giver=giver, claims=c, forced=f, effect=effect + k) for c, f, k in forms]


def screen(view: SoupconsView, names: list[str], lang: str) -> list[str]:
    """The table as ``view['seat']`` sees it: the Nuit/Jour circle, each player's Porte, hand size and the
    last card they received (claims and effect), the offer under way, and the seat's own hand with the goal
    of its camp. One line per player: 10 lines for 6 players."""
    w = _WORDS[lang]
    me = view.seat
    n = view.players
    head = [w["round"].format(round=view.round), w["holder"].format(name=names[view.active])]
    if view.to_act is not None:
        key = {"choose": "to_choose", "offer": "to_offer", "respond": "to_answer"}.get(view.phase.value, "to_choose")
        head.append(w[key].format(name=f"[me]{names[view.to_act]}[/me]"))
    lines = [_fit(head)]
    table = " ".join(_table_card(v, view.table[v]) for v in range(1, len(view.table)))
    lines.append(w["table"].format(cards=table) + w["counts"].format(night=view.night_cards, cards=view.table_cards))
    last: dict[int, ExchangeView] = {}
    for ex in view.exchanges:
        if ex.done:
            last[ex.receiver] = ex
    width = max(len(name) for name in names[:n])
    for seat in range(n):
        marker = "▶ " if seat == view.to_act else "  "
        name = f"[me]{names[seat]}[/me]" if seat == me else names[seat]
        door = w["open"] if view.doors[seat] is Door.OPEN else w["closed"]
        parts = [
            f"{marker}{name}{' ' * (width - len(names[seat]))} {door}",
            w["cards"].format(n=view.hand_sizes[seat]),
        ]
        line = " · ".join(parts)
        if seat in last:
            for form in _exchanges(last[seat], names, lang):
                if len(plain(f"{line} · {form}")) <= _WIDTH:
                    line = f"{line} · {form}"
                    break
        lines.append(line)
    offer = view.offer
    refused_cards: tuple[Card, ...] = ()
    if offer is not None:
        refused = w["refused"].format(n=offer.refused, s="s" if offer.refused > 1 else "")
        refused = refused if offer.refused else ""
        receiver = _to(offer.receiver, names) if lang == "fr" else names[offer.receiver]
        if offer.pending:
            claim = f"[claim]{_claim('?' if offer.claim is None else offer.claim, lang)}[/claim]"
            text = w["offer_pending"].format(giver=names[offer.giver], receiver=receiver, claim=claim, refused=refused)
        else:
            text = w["offer_choose"].format(giver=names[offer.giver], receiver=receiver, refused=refused)
        lines.append(text)
        refused_cards = offer.refused_cards or ()
        if refused_cards:
            lines.append(w["your_refused"].format(cards=" ".join(masque(c, lang) for c in refused_cards)))
    if view.hand is not None:
        hand = " ".join(masque(c, lang) for c in view.hand) or "—"
        serpent = Card.SERPENT in view.hand or Card.SERPENT in refused_cards
        line = w["your_hand"].format(cards=hand)
        if not view.result:
            key = "camp_serpent" if serpent else "camp_free"
            full = line + w[key]
            line = full if len(plain(full)) <= _WIDTH else line + w[key + "_short"]
        lines.append(line)
    if view.result is not None:
        camp_name = "draw" if view.camp is None else view.camp.value
        winners = _and([names[s] for s in view.result.winners], lang)
        lines.append(w[camp_name].format(names=winners))
    return lines


_MENU = {
    "fr": {
        "choose": "Proposer une carte {to}",
        "offer": "Proposer ton {card}",
        "offer_serpent": "Proposer ton Serpent",
        "last": "Proposer ton {card}, ta dernière carte (elle sera imposée)",
        "last_serpent": "Proposer ton Serpent, ta dernière carte (elle sera imposée)",
        "claim": "en annonçant {claim}",
        "true": " (vrai)",
        "lie": " (bluff)",
        "accept": "Accepter la carte annoncée {claim}",
        "refuse": "Refuser la carte",
        "refuse_last": "Refuser la carte (la suivante te sera imposée)",
    },
    "en": {
        "choose": "Offer a card to {to}",
        "offer": "Offer your {card}",
        "offer_serpent": "Offer your Serpent",
        "last": "Offer your {card}, your last card (it must be taken)",
        "last_serpent": "Offer your Serpent, your last card (it must be taken)",
        "claim": "announcing {claim}",
        "true": " (true)",
        "lie": " (bluff)",
        "accept": "Accept the card announced as {claim}",
        "refuse": "Refuse the card",
        "refuse_last": "Refuse the card (the next one will be forced on you)",
    },
}


def choice_path(action: Any, view: SoupconsView, names: list[str], lang: str) -> tuple[str, ...]:
    """The menu path of a Soupçons action: whom to choose; which card, then which claim (true or bluff);
    accept or refuse (saying when a refusal makes the next card forced)."""
    m = _MENU[lang]
    kind = str(action.kind)
    offer = view.offer
    refused = 0 if offer is None else offer.refused
    if kind == "choose":
        return (m["choose"].format(to=names[action.target]),)
    if kind == "offer":
        text = str(action.card)
        last = refused == 2
        if text == "S":
            first = m["last_serpent" if last else "offer_serpent"]
        else:
            first = m["last" if last else "offer"].format(card=masque(text, lang))
        claim = str(action.claim)
        truth = m["true"] if claim == text else m["lie"]
        return (first, m["claim"].format(claim=_claim(claim, lang)) + truth)
    if kind == "accept":
        said = "?" if offer is None or offer.claim is None else offer.claim
        return (m["accept"].format(claim=_claim(said, lang)),)
    return (m["refuse_last" if refused == 1 else "refuse"],)


_TELL = {
    "fr": {
        "deal": "{dealer} distribue les Masques ; {first} reçoit trois cartes et commence.",
        "deal_hand": " Ta main : {cards}.",
        "choose": "{seat} choisit {target}, qui pose sa Porte.",
        "offer": "{seat} propose une carte {to} en annonçant {claim}{card}.",
        "offer_last": "{seat} propose sa dernière carte {to} en annonçant {claim}{card} : elle est imposée.",
        "real": " (en vrai : {card})",
        "refuse": "{seat} refuse la carte.",
        "accept": "{seat} accepte la carte.",
        "accept_forced": "{seat} prend la carte imposée.",
        "accept_card": " C'était {card}.",
        "day": "La carte {value} passe côté Jour.",
        "removed": "La carte {value}, déjà côté Jour, quitte la table.",
        "nothing": "Rien ne se passe.",
        "round_end": "Fin de la manche {round} : chacun reprend sa Porte ; {next} commence.",
        "serpents": "Il ne reste qu'une carte, côté Nuit : les Serpents gagnent ({names}) !",
        "no-serpent": "La dernière carte Nuit passe au Jour : le camp sans Serpent gagne ({names}) !",
        "draw": "Limite de manches atteinte : partie nulle.",
    },
    "en": {
        "deal": "{dealer} deals the Masques; {first} gets three cards and starts.",
        "deal_hand": " Your hand: {cards}.",
        "choose": "{seat} chooses {target}, who lays down their Porte.",
        "offer": "{seat} offers {to} a card, announcing {claim}{card}.",
        "offer_last": "{seat} offers {to} their last card, announcing {claim}{card}: it must be taken.",
        "real": " (really: {card})",
        "refuse": "{seat} refuses the card.",
        "accept": "{seat} accepts the card.",
        "accept_forced": "{seat} takes the forced card.",
        "accept_card": " It was {card}.",
        "day": "Card {value} turns to its Day side.",
        "removed": "Card {value}, already on its Day side, leaves the table.",
        "nothing": "Nothing happens.",
        "round_end": "End of round {round}: everyone takes their Porte back; {next} starts.",
        "serpents": "One card left, Night side up: the Serpents win ({names})!",
        "no-serpent": "The last Night card turns to Day: the camp without a Serpent wins ({names})!",
        "draw": "Round limit reached: the game is a draw.",
    },
}


def _the(text: str, lang: str) -> str:
    if lang == "fr":
        return f"le {masque(text, lang)}" if text != "S" else f"un {masque(text, lang)}"
    return f"the {masque(text, lang)}" if text != "S" else f"a {masque(text, lang)}"


def narrate(event: JSON, viewer: int | None, names: list[str], lang: str) -> str:
    """One Soupçons event as a sentence. A card's identity appears only when ``event`` (redacted for
    ``viewer``) holds it: your own hand, a card you offered, the card you gave or received."""
    t = _TELL[lang]
    kind = event["type"]
    if kind == "deal":
        hand = t["deal_hand"].format(cards=" ".join(masque(c, lang) for c in event["hand"])) if "hand" in event else ""
        return t["deal"].format(dealer=names[event["dealer"]], first=names[event["first_player"]]) + hand
    if kind == "choose":
        return t["choose"].format(seat=names[event["seat"]], target=names[event["target"]])
    if kind == "offer":
        to = _to(event["to"], names) if lang == "fr" else names[event["to"]]
        real = t["real"].format(card=masque(event["card"], lang)) if "card" in event else ""
        key = "offer_last" if event["number"] == 3 else "offer"
        claim = f"[claim]{_claim(event['claim'], lang)}[/claim]"
        return t[key].format(seat=names[event["seat"]], to=to, claim=claim, card=real)
    if kind == "refuse":
        return t["refuse"].format(seat=names[event["seat"]])
    if kind == "accept":
        text = t["accept_forced" if event["forced"] else "accept"].format(seat=names[event["seat"]])
        if "card" in event:
            text += t["accept_card"].format(card=_the(event["card"], lang))
        return text
    if kind == "effect":
        effect = event["effect"]
        if effect == "nothing":
            return t["nothing"]
        style = "day" if effect == "day" else "gone"
        return t[effect].format(value=f"[{style}]{event['value']}[/{style}]")
    if kind == "round_end":
        return t["round_end"].format(round=event["round"], next=names[event["next"]])
    if kind == "end":
        winners = _and([names[s] for s in event["winners"]], lang)
        return t.get(event["camp"], t["draw"]).format(names=winners)
    return str(event)


def render(view: SoupconsView) -> str:
    """A few plain lines that show a view at a glance (``str(state)``, logs): the English screen."""
    names = [f"seat {s}" for s in range(view.players)]
    head = f"Soupçons - {view.phase}, holder of three: seat {view.active}, to act: {view.to_act}"
    return plain("\n".join([head, *screen(view, names, "en")]))
