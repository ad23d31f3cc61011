"""Sorry! Revenge's words in French and English: the rules summary, the names printed on the French-Canadian
and English cards, and the sentences of the screen, the menus and the narration, which ``render.py`` fills
in. French addresses the player as « vous »."""

from __future__ import annotations

__all__ = ["CARD_NAMES", "MENU", "SUMMARY", "TELL", "WORDS"]

SUMMARY = {
    "fr": (
        "Sorry! Revenge — chacun a 4 pions, côté DÉPART ; le premier à les retourner tous côté ARRIVÉE gagne.\n"
        "À votre tour, jouez une carte de votre main sur la pile de jeu, puis repiochez jusqu'à 5 cartes (7 au plus).\n"
        "Les cartes Nombre (0 à 7 et 10) s'ajoutent au total de la pile ; les autres comptent 0.\n"
        "Total de 21 pile : vous gagnez la manche et retournez un pion côté ARRIVÉE. Plus de 21 : vous êtes cuit,\n"
        "chacun des autres retourne un pion. La pile est alors mise de côté ; le joueur suivant repart de 0.\n"
        "Glissade : le total devient le nombre de la carte.  Pigez-en 2 : pioche 2 cartes.\n"
        "Changement de direction : le sens du jeu s'inverse.  Jouez-en 2 : jouez ensuite 2 cartes Nombre.\n"
        "SORRY! (retour au DÉPART) : à votre tour, un adversaire remet un pion au DÉPART.\n"
        "SORRY! (vol du 21) : quand un adversaire fait 21, volez-lui la manche, à tout moment.\n"
        "SORRY! Pas vraiment… : bloquez un SORRY! joué contre vous.  Règles complètes : docs/rules/sorry.md."
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


CARD_NAMES = {
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


WORDS = {
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
        "your_hand": "Votre main :",
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


MENU = {
    "fr": {
        "play": "Jouer {card}",
        "total": " (total {old} → {new})",
        "exact": " (total {old} → 21 pile !)",
        "bust": " (total {old} → {new} : cuit !)",
        "take2": " (vous piochez {n} carte{s})",
        "take2_none": " (main trop pleine : vous ne piochez rien)",
        "reverse": " (le sens du jeu s'inverse)",
        "play2": " (puis 2 cartes Nombre)",
        "sorry": "Jouer un SORRY! contre…",
        "target": "{name} ({home})",
        "dead": "Jouer {card} sans effet (aucune n'en a)",
        "steal": "Dire SORRY! : voler le 21 {of_name}",
        "no_steal": "Laisser {name} gagner la manche",
        "block": "Bloquer avec {card}",
        "no_block_steal": "Laisser {name} vous voler le 21",
        "no_block_sorry": "Laisser faire : un de vos pions retourne au DÉPART",
        "no_block_sorry_long": "Laisser faire : vous perdez un pion d'avance",
        "pass": "Passer (votre main est vide)",
        "add": "Ajouter {card} à votre pile (total {old} → {new})",
        "stand": "Vous arrêter à {total}",
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


TELL = {
    "fr": {
        "deal": "Les cartes sont distribuées (5 chacun) ; {first} commence.",
        "deal_hand": " Votre main : {cards}.",
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
