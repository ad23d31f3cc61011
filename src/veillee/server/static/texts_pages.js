// The texts of the lobby, replay and rules links (French in « vous », like the rest of the page).
import { addTexts } from "./common.js";

addTexts({
  fr: {
    lobby: "Tables publiques", lobby_link: "Tables", lobby_lead: "Rejoignez une table qui attend ses joueurs, regardez une partie ou revoyez-en une. Les tables privées n'apparaissent pas ici : on y entre par leur lien d'invitation.",
    waiting_tables: "Elles attendent des joueurs", playing_tables: "En cours (à regarder)", finished_tables: "Terminées (à revoir)",
    no_tables: "Aucune pour l'instant.", seats_free: "places libres", status: "État", action: "Action",
    status_lobby: "attend", status_playing: "en cours", status_finished: "terminée",
    join_table: "Rejoindre", watch: "Regarder", replay: "Revoir", watch_replay: "Revoir la partie", create_table: "Créer une table",
    spectating: "Vous regardez cette partie en spectateur : vous voyez ce que tout le monde peut voir.",
    replay_title: "Revoir la partie", step: "Étape {0} sur {1}", first: "Début", prev: "Précédente", next: "Suivante", last: "Fin",
    point_of_view: "Point de vue", spectator: "Spectateur", step_slider: "Étape", replay_link: "Lien vers cette étape",
    replay_controls: "Commandes de la relecture", replay_keys: "Flèches ← → : étape précédente ou suivante ; Début et Fin du clavier : première ou dernière.",
    public_table: "Table publique (listée avec les tables publiques : tout le monde peut la rejoindre)", setup: "Mise en place", full_rules: "Lire les règles complètes", refreshed: "Mise à jour automatique toutes les 5 secondes.",
  },
  en: {
    lobby: "Public tables", lobby_link: "Tables", lobby_lead: "Join a table waiting for players, watch a match or replay one. Private tables are not listed here: they are entered by their invitation link.",
    waiting_tables: "Waiting for players", playing_tables: "Playing (to watch)", finished_tables: "Finished (to replay)",
    no_tables: "None at the moment.", seats_free: "free seats", status: "Status", action: "Action",
    status_lobby: "waiting", status_playing: "playing", status_finished: "finished",
    join_table: "Join", watch: "Watch", replay: "Replay", watch_replay: "Replay the match", create_table: "Create a table",
    spectating: "You are watching this match as a spectator: you see what everyone may see.",
    replay_title: "Replay", step: "Step {0} of {1}", first: "First", prev: "Previous", next: "Next", last: "Last",
    point_of_view: "Point of view", spectator: "Spectator", step_slider: "Step", replay_link: "Link to this step",
    replay_controls: "Replay controls", replay_keys: "Arrow keys ← →: previous or next step; Home and End: first or last.",
    public_table: "Public table (listed with the public tables: anyone may join)", setup: "Setup", full_rules: "Read the full rules", refreshed: "Refreshes itself every 5 seconds.",
  },
});
