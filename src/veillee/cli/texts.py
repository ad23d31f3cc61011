"""The terminal's own words, in French and English (games bring theirs in their ``render`` module)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "fr": {
        "welcome": "« aide » pour les règles, « journal » pour tout l'historique, « quitter » pour sauvegarder.",
        "your_turn": "à toi de jouer",
        "hint": "Ton choix (numéro, aide, journal, quitter) : ",
        "hint_back": "Ton choix (numéro, 0 pour revenir, aide, journal, quitter) : ",
        "bad_choice": "Je n'ai pas compris : tape un numéro de 1 à {n}, ou aide, journal, quitter.",
        "pass_screen": "Passe l'écran à {name}. Les autres, ne regardez pas !",
        "press_enter": "{name}, appuie sur Entrée quand tu es prêt·e. ",
        "eof": "Fin de l'entrée (Ctrl-D). Tape « quitter » pour sauvegarder et partir.",
        "saved": "Partie sauvegardée dans {path} (reprendre : veillee play --resume {path}).",
        "over": "Partie terminée — victoire : {winners}",
        "error": "erreur :",
        "seat_count": "--seats donne {seats} places pour {players} joueurs",
        "bad_level": "niveau de bot inconnu : {level} (niveaux : {levels}, ou you)",
        "cmd_help": "aide help ?",
        "cmd_log": "journal log",
        "cmd_quit": "quitter quit q",
    },
    "en": {
        "welcome": "'help' for the rules, 'log' for the whole history, 'quit' to save and leave.",
        "your_turn": "your turn",
        "hint": "Your choice (number, help, log, quit): ",
        "hint_back": "Your choice (number, 0 to go back, help, log, quit): ",
        "bad_choice": "I did not understand: type a number from 1 to {n}, or help, log, quit.",
        "pass_screen": "Pass the screen to {name}. Everybody else, look away!",
        "press_enter": "{name}, press Enter when you are ready. ",
        "eof": "End of input (Ctrl-D). Type 'quit' to save and leave.",
        "saved": "Match saved to {path} (resume: veillee play --resume {path}).",
        "over": "Match over — won by: {winners}",
        "error": "error:",
        "seat_count": "--seats gives {seats} seats for {players} players",
        "bad_level": "unknown bot level: {level} (levels: {levels}, or you)",
        "cmd_help": "help aide ?",
        "cmd_log": "log journal",
        "cmd_quit": "quit quitter q",
    },
}
