// Small helpers shared by the page and the game drawings: elements, style tags, texts.

export function el(tag, attrs = {}, children = []) {
  const svg = ["svg", "rect", "circle", "path", "text", "g", "line", "polygon"].includes(tag);
  const node = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "class") node.setAttribute("class", v);
    else if (!svg && k in node && !k.includes("-")) node[k] = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of [].concat(children)) if (c !== null && c !== undefined && c !== "") node.append(c);
  return node;
}

// "[day]☀5[/day] and [me]Bob[/me]" -> text and <span class="t-day">…</span> nodes (never innerHTML).
export function markup(text) {
  const out = [];
  const stack = [];
  let current = [];
  const re = /\[(\/?)([a-z_]+)\]/g;
  let last = 0;
  let m;
  const push = (node) => current.push(node);
  while ((m = re.exec(text)) !== null) {
    if (m.index > last) push(document.createTextNode(text.slice(last, m.index)));
    last = re.lastIndex;
    if (!m[1]) { stack.push([m[2], current]); current = []; }
    else if (stack.length) {
      const [tag, parent] = stack.pop();
      const span = el("span", { class: `t-${tag}` }, current);
      current = parent;
      push(span);
    }
  }
  if (last < text.length) push(document.createTextNode(text.slice(last)));
  while (stack.length) { const [, parent] = stack.pop(); parent.push(...current); current = parent; }
  return current;
}

const TEXTS = {
  fr: {
    rules: "Règles", close: "Fermer", create_title: "Une table entre amis",
    create_lead: "Choisissez un jeu, invitez vos amis avec le lien, des robots prennent les places libres.",
    your_name: "Votre nom", game: "Jeu", players: "Joueurs", seat: "Place", you: "Vous", friend: "Un ami (lien)",
    bot: "Robot", lvl_random: "hasard", lvl_easy: "facile", lvl_normal: "moyen", lvl_hard: "fort", lvl_expert: "expert",
    timer: "Temps par tour", no_timer: "Sans limite", create: "Créer la table", error: "Erreur",
    no_table: "Cette table n'existe pas.", lobby_title: "La table attend ses joueurs", free_seat: "Place libre",
    online: "en ligne", away: "absent", share: "Envoyez ce lien à vos amis :", copy: "Copier", copied: "Lien copié.",
    join: "Prendre une place", start: "Commencer la partie", waiting_friends: "En attente des amis…",
    reconnecting: "Connexion perdue, reconnexion…", your_turn: "À vous de jouer", waiting_for: "{0} réfléchit…",
    over: "Partie terminée", text_view: "La table en texte", log: "Journal", choose: "Que faites-vous ?",
    choices: "Vos choix", back: "Retour", player: "Joueur", round: "Manche", score: "Score",
    winner: "Victoire : {0}", tie: "Partie nulle : tout le monde à égalité", serpent: "Serpent",
    doors_legend: "Porte ◻ ouverte : ce joueur peut encore être choisi cette manche · ■ fermée : il a déjà été choisi.",
    direction: "Sens du jeu", direction_up: "dans l'ordre des places", direction_down: "à rebours des places",
    discard_only: "Cette carte ne peut qu'être défaussée", rematch: "Revanche", new_table: "Nouvelle table", hand: "Votre main", hand_count: "main",
    leave: "Quitter la table", leave_confirm: "Quitter la table ? Pendant la partie, un robot prendra votre place.",
    pile: "Pioche", discard: "Défausse", suite: "Suite", cards: "cartes", points: "pts",
    drawn: "Carte piochée", market: "Marché", action_discard: "Actions jouées",
    total: "Total", play_pile: "Pile de jeu", home: "Arrivée", start_side: "Départ", doors: "Porte", open: "ouverte", closed: "fermée",
    table: "La table", offer: "Proposition", more_options: "Plus d'options",
    host: "hôte", host_help: "L'hôte a créé la table : il la lance, retire des places et peut la fermer.",
    remove: "Retirer", removed: "L'hôte vous a retiré de la table.", waiting_host: "En attente du lancement par l'hôte {0}…",
    close_table: "Fermer la table", close_confirm: "Fermer la table pour tout le monde ? La partie s'arrêtera.",
    closed: "La table est fermée.", broken: "Cette table n'a pas pu être restaurée après une mise à jour du serveur.",
    share_public: "Table publique : envoyez ce lien, ou d'autres la trouveront.",
    private_table: "Cette table est privée : ouvrez le lien d'invitation envoyé par votre hôte.",
    sound: "Son à votre tour", round_over: "Fin de la manche {0}", round_points: "Manche", goal: "Objectif : {0}",
    continue: "Continuer", pawns_home: "Pions arrivés", chat: "Discussion", chat_input: "Votre message", send: "Envoyer",
    reactions: "Réactions rapides", chat_readonly: "Vous regardez la table : vous lisez la discussion sans écrire.",
    react_hello: "Bonjour !", react_well_played: "Bien joué !", react_thanks: "Merci !", react_oops: "Oups !",
    react_wow: "Waouh !", react_hurry: "On continue ?", on_board: "Choisir une carte de la table ({0}) …",
    visible: "visibles", face_down: "Carte cachée, ligne {0}, colonne {1}", face_up: "{0}, ligne {1}, colonne {2}",
    empty_slot: "Place vide, ligne {0}, colonne {1}", grid_of: "Grille de {0}", said: "{0} : {1}",
  },
  en: {
    rules: "Rules", close: "Close", create_title: "A table for friends",
    create_lead: "Pick a game, invite your friends with the link; bots take the free seats.",
    your_name: "Your name", game: "Game", players: "Players", seat: "Seat", you: "You", friend: "A friend (link)",
    bot: "Bot", lvl_random: "random", lvl_easy: "easy", lvl_normal: "normal", lvl_hard: "hard", lvl_expert: "expert",
    timer: "Time per turn", no_timer: "No limit", create: "Create the table", error: "Error",
    no_table: "There is no such table.", lobby_title: "The table is waiting for its players", free_seat: "Free seat",
    online: "online", away: "away", share: "Send this link to your friends:", copy: "Copy", copied: "Link copied.",
    join: "Take a seat", start: "Start the match", waiting_friends: "Waiting for friends…",
    reconnecting: "Connection lost, reconnecting…", your_turn: "Your turn", waiting_for: "{0} is thinking…",
    over: "Match over", text_view: "The table as text", log: "Log", choose: "What do you do?",
    choices: "Your choices", back: "Back", player: "Player", round: "Round", score: "Score",
    winner: "Winner: {0}", tie: "A draw: everyone is tied", serpent: "Serpent",
    doors_legend: "Door ◻ open: this player may still be chosen this round · ■ closed: already chosen.",
    direction: "Play direction", direction_up: "in seat order", direction_down: "against seat order",
    discard_only: "This card can only be discarded", rematch: "Rematch", new_table: "New table", hand: "Your hand", hand_count: "hand",
    leave: "Leave the table", leave_confirm: "Leave the table? During the match a bot will take your seat.",
    pile: "Pile", discard: "Discard", suite: "Suite", cards: "cards", points: "pts",
    drawn: "Drawn card", market: "Market", action_discard: "Used Actions",
    total: "Total", play_pile: "Play pile", home: "Home", start_side: "Start", doors: "Door", open: "open", closed: "closed",
    table: "The table", offer: "Offer", more_options: "More options",
    host: "host", host_help: "The host created the table: they start it, remove seats and may close it.",
    remove: "Remove", removed: "The host removed you from the table.", waiting_host: "Waiting for the host {0} to start…",
    close_table: "Close the table", close_confirm: "Close the table for everyone? The match will stop.",
    closed: "The table is closed.", broken: "This table could not be restored after a server update.",
    share_public: "A public table: send this link, or others will find it.",
    private_table: "This table is private: open the invitation link your host sent.",
    sound: "Sound on your turn", round_over: "End of round {0}", round_points: "Round", goal: "Goal: {0}",
    continue: "Continue", pawns_home: "Pawns home", chat: "Chat", chat_input: "Your message", send: "Send",
    reactions: "Quick reactions", chat_readonly: "You are watching the table: you read the chat but do not write.",
    react_hello: "Hello!", react_well_played: "Well played!", react_thanks: "Thanks!", react_oops: "Oops!",
    react_wow: "Wow!", react_hurry: "Shall we go on?", on_board: "Choose a card on the table ({0}) …",
    visible: "visible", face_down: "Face-down card, row {0}, column {1}", face_up: "{0}, row {1}, column {2}",
    empty_slot: "Empty place, row {0}, column {1}", grid_of: "{0}'s grid", said: "{0}: {1}",
  },
};

// More texts from another module of the page (the lobby and replay pages bring their own).
export function addTexts(more) {
  for (const [code, texts] of Object.entries(more)) Object.assign(TEXTS[code], texts);
}

export function lang() {
  const saved = localStorage.getItem("veillee-lang");
  if (saved === "fr" || saved === "en") return saved;
  const prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  return prefs[0].toLowerCase().startsWith("fr") ? "fr" : "en";
}

export function setLang(value) { localStorage.setItem("veillee-lang", value); }

export function T(key, ...args) {
  let text = TEXTS[lang()][key];
  if (text === undefined) text = typeof args[0] === "string" && args.length === 1 && !key.includes("{") ? args[0] : key;
  return text.replace(/\{(\d)\}/g, (_, i) => args[Number(i)] ?? "");
}

let toastTimer = null;
export function toast(text) {
  const t = document.getElementById("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 5000);
}

// What changed, said once to screen readers: the page itself is not a live region (it would be read whole
// at each update); this one polite region holds only the latest event, chat line or « your turn ».
export function announce(text) {
  const live = document.getElementById("live");
  if (!live || !text) return;
  live.textContent = plain(text);
}

// A text of the games' style tags without them (« [day]☀5[/day] » -> « ☀5 »), for titles and screen readers.
export function plain(text) { return String(text).replace(/\[\/?[a-z_]+\]/g, ""); }

// The indexes of the legal actions that ``match`` accepts (a drawing's clickable thing offers those).
export function matching(legal, match) {
  const out = [];
  legal.forEach((action, i) => { if (match(action)) out.push(i); });
  return out;
}

// A card (or any clickable thing): a button when it offers legal actions, else a plain element.
export function clickable(ctx, tag, attrs, children, indexes) {
  const playable = indexes && indexes.length > 0 && ctx.pending === null;
  const cls = `${attrs.class || ""}${playable ? " playable" : ""}${attrs.key && ctx.fresh(attrs.key) ? " fresh" : ""}`;
  const { key, ...rest } = attrs;
  if (key) rest["data-key"] = key; // what moves from place to place (motion.js)
  // a named thing that is not a button is a group (a card with its value, a row): axe refuses a bare
  // div with an aria-label
  if (!playable && rest["aria-label"] && !rest.role) rest.role = "group";
  if (!playable) return el(tag === "button" ? "div" : tag, { ...rest, class: cls }, children);
  if (ctx.offered) for (const i of indexes) ctx.offered.add(i); // the menu folds what the drawing offers
  return el("button", { ...rest, type: "button", class: cls, onclick: () => ctx.offer(indexes) }, children);
}

export function seatBox(ctx, seat, extra, children) {
  const v = ctx.view;
  const classes = ["seat-box", seat === ctx.seat ? "me" : "", v.to_act === seat ? "acting" : ""].join(" ");
  const head = el("header", {}, [el("span", { class: "name" }, ctx.names[seat] + (seat === ctx.seat ? ` (${ctx.T("you")})` : "")), el("span", { class: "meta" }, extra)]);
  return el("div", { class: classes, "data-seat": seat }, [head, ...children]);
}

// Small icons of our own, drawn in SVG (fonts on phones and servers differ in their symbols).
const ICONS = {
  explorer: [["circle", { cx: 10, cy: 10, r: 6, fill: "none", stroke: "currentColor", "stroke-width": 2.5 }],
    ["line", { x1: 14.5, y1: 14.5, x2: 21, y2: 21, stroke: "currentColor", "stroke-width": 3, "stroke-linecap": "round" }]],
  lightning: [["polygon", { points: "13,2 4,14 11,14 9,22 20,9 13,9 15,2", fill: "currentColor" }]],
  thief: [["path", { d: "M2 9c3-2 7-2 10 0 3-2 7-2 10 0-1 5-4 7-7 6l-3-2-3 2c-3 1-6-1-7-6z", fill: "currentColor" }],
    ["circle", { cx: 7.5, cy: 11, r: 1.7, fill: "#6d2a85" }], ["circle", { cx: 16.5, cy: 11, r: 1.7, fill: "#6d2a85" }]],
  serpent: [["path", { d: "M17 4c-3-2-9-1-9 3s9 3 9 8-7 6-11 3", fill: "none", stroke: "currentColor", "stroke-width": 2.6, "stroke-linecap": "round" }],
    ["circle", { cx: 17.5, cy: 4.5, r: 2.2, fill: "currentColor" }]],
  swap: [["path", { d: "M4 8h13l-3-3M20 16H7l3 3", fill: "none", stroke: "currentColor", "stroke-width": 2.4, "stroke-linecap": "round", "stroke-linejoin": "round" }]],
  eye: [["path", { d: "M2 12c3-5 7-7 10-7s7 2 10 7c-3 5-7 7-10 7s-7-2-10-7z", fill: "none", stroke: "currentColor", "stroke-width": 2.2 }],
    ["circle", { cx: 12, cy: 12, r: 3.2, fill: "currentColor" }]],
  shield: [["path", { d: "M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z", fill: "currentColor" }]],
  recycle: [["path", { d: "M19 12a7 7 0 1 1-2.1-5M19 3v4h-4", fill: "none", stroke: "currentColor", "stroke-width": 2.4, "stroke-linecap": "round", "stroke-linejoin": "round" }]],
  double: [["rect", { x: 3, y: 6, width: 10, height: 14, rx: 2, fill: "none", stroke: "currentColor", "stroke-width": 2.2 }],
    ["rect", { x: 11, y: 3, width: 10, height: 14, rx: 2, fill: "currentColor" }]],
  three: [["rect", { x: 2, y: 6, width: 7, height: 12, rx: 1.5, fill: "currentColor" }], ["rect", { x: 8.5, y: 4, width: 7, height: 12, rx: 1.5, fill: "currentColor", opacity: .75 }],
    ["rect", { x: 15, y: 2, width: 7, height: 12, rx: 1.5, fill: "currentColor", opacity: .5 }]],
  meteor: [["circle", { cx: 15, cy: 15, r: 5, fill: "currentColor" }],
    ["line", { x1: 3, y1: 3, x2: 11, y2: 11, stroke: "currentColor", "stroke-width": 2.4, "stroke-linecap": "round" }],
    ["line", { x1: 9, y1: 2, x2: 13, y2: 6, stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }]],
  bell: [["path", { d: "M6 17V11a6 6 0 0 1 12 0v6l2 2H4z", fill: "currentColor" }], ["circle", { cx: 12, cy: 21, r: 2, fill: "currentColor" }]],
  clock: [["circle", { cx: 12, cy: 13, r: 8, fill: "none", stroke: "currentColor", "stroke-width": 2.4 }],
    ["line", { x1: 12, y1: 13, x2: 12, y2: 8.5, stroke: "currentColor", "stroke-width": 2.4, "stroke-linecap": "round" }],
    ["line", { x1: 12, y1: 13, x2: 15, y2: 15, stroke: "currentColor", "stroke-width": 2.4, "stroke-linecap": "round" }],
    ["line", { x1: 9.5, y1: 2.5, x2: 14.5, y2: 2.5, stroke: "currentColor", "stroke-width": 2.4, "stroke-linecap": "round" }]],
};

export function icon(name) {
  return el("svg", { viewBox: "0 0 24 24", class: `icon icon-${name}`, "aria-hidden": "true" }, (ICONS[name] || []).map(([tag, attrs]) => el(tag, attrs)));
}

// A POST to the server with the seat token, if any; a refusal is shown as a toast and gives null.
export async function api(path, token, body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = await fetch(path, { method: "POST", headers, body: JSON.stringify(body || {}) });
  const json = await answer.json().catch(() => ({}));
  if (!answer.ok) toast(errorText(json));
  return answer.ok ? json : null;
}

// The server's error in the page's language (every refusal carries message and message_fr).
export function errorText(e) {
  const main = (lang() === "fr" ? e.message_fr : e.message) || e.message || T("error");
  return e.detail && lang() === "en" ? `${main} (${e.detail})` : main;
}
