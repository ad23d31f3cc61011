// veillée in the browser: the home page (create a table) and the table page (join, wait, play).
// No rule lives here: the page offers exactly the server's legal actions, in the menu the server folds in
// Python (``present.menu``, the terminal's tree), and draws the seat's own view (the only one it ever holds).
import { el, markup, T, lang, setLang, toast, announce, icon, api, errorText } from "./common.js";
import { homeForm } from "./home.js";
import { soundButton, chime, turnSignal } from "./notify.js";
import { capture, play } from "./motion.js";
import { roundSummary, summaryPanel } from "./rounds.js";
import { chatPanel, received } from "./chat.js";
import { menu } from "./menu.js";
import "./texts_pages.js";

const DRAWINGS = { soon: "./games/soon.js", skyjo: "./games/skyjo.js", sorry: "./games/sorry.js", soupcons: "./games/soupcons.js" };
const app = document.getElementById("app");
let games = [];
let botLevels = []; // the levels a seat may be given: GET /api/games bot_levels (veillee.bots.LEVELS, the one declaration)
// the games' declarations (GET /api/games): options, constants; the drawings read ctx.game.constants
const gameInfo = (name) => games.find((g) => g.name === name);
let table = null; // the state of the table page
let rulesGame = null;
let other = null; // the lobby or replay page, when one is shown: { render, stop }

// -- language, rules, chrome -------------------------------------------------------------------------------
function chrome() {
  document.documentElement.lang = lang();
  for (const b of document.querySelectorAll("[data-lang]")) {
    b.setAttribute("aria-pressed", String(b.dataset.lang === lang()));
    b.onclick = () => { setLang(b.dataset.lang); chrome(); rerender(); };
  }
  const sound = document.getElementById("sound-button");
  if (table) soundButton(sound);
  else sound.hidden = true;
  const rb = document.getElementById("rules-button");
  rb.hidden = !rulesGame;
  rb.textContent = T("rules");
  rb.onclick = showRules;
  document.getElementById("rules-close").textContent = T("close");
  document.getElementById("lobby-link").textContent = T("lobby_link");
}

async function showRules() {
  const body = await (await fetch(`/api/games/${rulesGame}/rules`)).json();
  document.getElementById("rules-title").textContent = body.title;
  const text = document.getElementById("rules-text");
  // the summaries are wrapped for a terminal: rejoin the lines, a paragraph per finished sentence
  const paragraphs = [];
  for (const line of (body.summary[lang()] || body.summary.en).split("\n")) {
    const open = paragraphs.length && !/[.!?»]$/.test(paragraphs[paragraphs.length - 1]);
    if (open) paragraphs[paragraphs.length - 1] += ` ${line.trim()}`;
    else paragraphs.push(line.trim());
  }
  text.replaceChildren(...paragraphs.map((l) => el("p", {}, l)),
    el("p", {}, el("a", { href: `/rules/${rulesGame}?lang=${lang()}`, id: "full-rules", target: "_blank" }, T("full_rules"))));
  document.getElementById("rules").showModal();
}

function rerender() {
  if (table) {
    if (table.ws && table.ws.readyState === WebSocket.OPEN) hello(); // the server narrates again in the new language
    renderTable();
  } else if (other) other.render();
  else if (app.dataset.page === "home") renderHome();
}

// -- home: create a table ----------------------------------------------------------------------------------
async function home() {
  app.dataset.page = "home";
  const listed = await (await fetch("/api/games")).json();
  games = listed.games;
  botLevels = listed.bot_levels || botLevels;
  renderHome();
}

function renderHome() {
  rulesGame = null;
  chrome();
  document.getElementById("where").textContent = "";
  app.replaceChildren(homeForm(games, botLevels, {
    onGame: (game) => { rulesGame = game; chrome(); },
    created: async (created, seats) => {
      saveSeat(created.id, created.you);
      saveInvite(created.id, created.invite_code);
      for (let i = 1; i < seats.length; i++) {
        if (seats[i] !== "friend") await api(`/api/tables/${created.id}/bots`, created.you.token, { level: seats[i], seat: i });
      }
      history.pushState({}, "", `/tables/${created.id}`);
      route();
    },
  }));
}

// -- the table page --------------------------------------------------------------------------------------
function seatOf(id) { return JSON.parse(localStorage.getItem(`veillee-seat-${id}`) || "null"); }
function saveSeat(id, you) { localStorage.setItem(`veillee-seat-${id}`, JSON.stringify(you)); }
function forgetSeat(id) { localStorage.removeItem(`veillee-seat-${id}`); }
// The invite code of a private table: from the creation, the link (#invite=…) or the server (seated players).
function inviteOf(id) { return localStorage.getItem(`veillee-invite-${id}`); }
function saveInvite(id, code) { if (code) localStorage.setItem(`veillee-invite-${id}`, code); }
function isHost() { return Boolean(table && table.you && table.info && table.info.host === table.you.seat); }

function leaveButton() {
  // in the lobby the seat is freed; during a match a bot plays it to the end (the server decides)
  return el("button", { type: "button", class: "ghost small", id: "leave", onclick: async () => {
    if (!window.confirm(T("leave_confirm"))) return;
    if (await api(`/api/tables/${table.info.id}/leave`, table.you.token)) {
      forgetSeat(table.info.id);
      location.href = "/";
    }
  } }, T("leave"));
}

function closeButton() {
  // only the host may close the table: the lobby or the match ends for everyone
  return el("button", { type: "button", class: "ghost small danger", id: "close-table", onclick: async () => {
    if (!window.confirm(T("close_confirm"))) return;
    await api(`/api/tables/${table.info.id}/close`, table.you.token);
  } }, T("close_table"));
}

function ended(info) {
  const text = info.status === "closed" ? T("closed") : T("broken");
  return el("section", { class: "card-panel lobby", id: "ended" }, [el("h1", {}, text), el("a", { class: "button primary", href: "/" }, T("new_table"))]);
}

async function openTable(id) {
  app.dataset.page = "table";
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("invite");
  if (fromLink) { saveInvite(id, fromLink); history.replaceState({}, "", location.pathname); } // not left in the address bar
  const answer = await fetch(`/api/tables/${id}`);
  if (!answer.ok) { app.replaceChildren(el("p", { class: "card-panel" }, T("no_table"))); return; }
  table = { id, info: await answer.json(), you: seatOf(id), state: null, log: [], ws: null, retry: 0, pending: null, path: [], drawing: null, seen: new Set(), chat: [], summary: null, names };
  rulesGame = table.info.game;
  const url = DRAWINGS[table.info.game];
  if (url) import(url).then((m) => { table.drawing = m; renderTable(); }).catch(() => {});
  connect();
  renderTable();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${table.id}`);
  table.ws = ws;
  ws.onopen = () => {
    if (!table || table.ws !== ws) { ws.close(); return; } // the page moved on (rematch, home) meanwhile
    table.retry = 0; table.online = true; hello();
  };
  ws.onmessage = (e) => { if (table && table.ws === ws) onMessage(JSON.parse(e.data), ws); };
  ws.onclose = () => {
    if (!table || table.ws !== ws) return; // this page moved on to another table (or home)
    table.online = false;
    renderTable();
    const delay = Math.min(5000, 300 * 2 ** table.retry++);
    setTimeout(() => { if (table && table.ws === ws) connect(); }, delay);
  };
}
window.addEventListener("online", () => { if (table && table.ws && table.ws.readyState > 1) connect(); });

function hello() {
  // a socket of a table the page left (a rematch opened meanwhile) says nothing
  if (!table || !table.ws || table.ws.readyState !== WebSocket.OPEN) return;
  table.ws.send(JSON.stringify({ type: "hello", token: table.you ? table.you.token : null, events_from: 0, lang: lang() }));
}

function onMessage(m, ws) {
  if (m.type === "welcome" || m.type === "table") {
    table.info = m.table;
    if (m.type === "welcome" && m.invite_code) saveInvite(table.id, m.invite_code);
    const greeting = m.type === "welcome" && !ws.greeted; // every connection starts with a spectator's welcome
    if (greeting) ws.greeted = true;
    if (m.type === "welcome" && !greeting && table.you && m.seat === null && m.table.status === "lobby") {
      forgetSeat(table.id); // the host removed us (or the seat was freed): back to the join form
      table.you = null;
      toast(T("removed"));
    } else if (m.type === "welcome" && table.you && m.seat === null && m.table.status !== "lobby") table.spectating = true;
  } else if (m.type === "state") {
    if (!m.present || (table.you && m.seat !== table.you.seat)) return; // before our hello
    if (table.state && m.version < table.state.version) return;
    const live = Boolean(table.state) && m.events_start > 0; // not a snapshot: these events just happened
    table.log.length = Math.min(table.log.length, m.events_start); // a snapshot (events_start 0) replaces the log
    table.log.push(...m.present.log);
    if (!table.state || m.version !== table.state.version) { table.path = []; table.only = null; }
    table.state = m;
    table.pending = null;
    table.deadline = m.turn_left == null ? null : Date.now() + m.turn_left * 1000;
    const mine = m.seat !== null && m.to_act === m.seat && m.legal.length > 0 && !m.over;
    if (live) {
      const summary = roundSummary(m.events, m.present.log, m.view);
      if (summary && !m.over) table.summary = summary;
    }
    const latest = m.present.log[m.present.log.length - 1];
    announce([live ? latest : "", mine ? T("your_turn") : ""].filter(Boolean).join(" — "));
    if (mine && !table.mine && live) chime(); // a turn that begins now, not one found on arrival
    table.mine = mine;
    turnSignal(mine);
  } else if (m.type === "error") {
    table.pending = null;
    if (m.code === "bad_token" && table.you && table.info.status === "lobby") { forgetSeat(table.id); table.you = null; }
    toast(errorText(m));
  } else if (m.type === "rematch") {
    table.rematch = m.table;
  } else if (m.type === "chat") {
    received(table, m);
    return;
  }
  renderTable();
}

// A chat line or a reaction, sent as is: the server checks who may write and how often.
function say(message) {
  if (!table || !table.ws || table.ws.readyState !== WebSocket.OPEN) return false;
  table.ws.send(JSON.stringify(message));
  return true;
}

function act(index) {
  const s = table.state;
  if (!s || table.pending !== null || index == null || table.online === false) return;
  table.pending = index;
  table.ws.send(JSON.stringify({ type: "act", action: s.legal[index], version: s.version, ref: index }));
  table.path = [];
  table.only = null;
  renderTable();
}

// Several legal actions for one clicked thing: open the deepest entry of the menu holding them all, showing
// only them. The menu itself is folded by the server (``present.menu``, the terminal's tree).
function offer(indexes) {
  if (!indexes.length) return;
  if (indexes.length === 1) return act(indexes[0]);
  const want = new Set(indexes);
  const path = [];
  let entries = table.state.present.menu;
  for (;;) {
    const holding = entries.filter((e) => e.actions.some((i) => want.has(i)));
    if (holding.length !== 1 || holding[0].action !== null) break;
    path.push(holding[0].label);
    entries = holding[0].entries;
  }
  table.path = path;
  table.only = want;
  renderTable();
  const first = document.querySelector(".menu button");
  if (first) first.focus();
}

function names() {
  // the server names seats in the page's language (« robot 2 (moyen) »); the lobby's seats are named here
  const shown = table.state && table.state.present && table.state.present.lang === lang() ? table.state.present.names : null;
  return table.info.seats.map((s, i) => (shown && shown[i]) || s.name || `${T("seat")} ${i + 1}`);
}

function renderTable() {
  if (!table) return;
  // nothing shown changed: keep the page as it is (a click in progress must not land on a replaced button)
  const s = table.state;
  const signature = JSON.stringify([table.info, s && s.version, s && s.present.lang, s && s.seat, table.log.length, table.path,
    [...(table.only || [])], table.pending, table.online, table.you, table.rematch, lang(),
    // the game's drawing loads late; the lobby does not show it, so its arrival must not re-render the join form
    table.info && table.info.status !== "lobby" && Boolean(table.drawing), table.summary]);
  if (signature === table.signature) return;
  table.signature = signature;
  chrome();
  const info = table.info;
  const title = (games.find((g) => g.name === info.game) || {}).title || info.game;
  document.getElementById("where").textContent = title;
  document.body.dataset.game = info.game;
  const parts = [];
  if (table.online === false) parts.push(el("div", { class: "banner", id: "offline" }, T("reconnecting")));
  if (info.status === "lobby") parts.push(lobby());
  else if (info.status === "closed" || info.status === "broken") parts.push(ended(info));
  else if (table.state) parts.push(...playing());
  else parts.push(el("p", { class: "loading" }, "…"));
  if (["lobby", "playing", "finished"].includes(info.status)) parts.push(chatPanel(table, say));
  // the chat panel is kept across re-renders: a move of the others must not take the focus out of it
  const focused = document.activeElement;
  const keep = table.chatPanel && focused && table.chatPanel.box.contains(focused) ? focused : null;
  const before = capture(app);
  app.replaceChildren(...parts);
  play(app, before);
  if (keep) keep.focus({ preventScroll: true });
  if (table.online === false) offline();
  // keyboard: on your turn, focus the first choice if the focus was lost with the old page
  if (document.activeElement === document.body || !document.activeElement) {
    const first = document.querySelector("#board button.playable, #menu button.choice");
    if (first) first.focus({ preventScroll: true });
  }
}

// While the connection is down, nothing sent would arrive: the board and the menu are shown but disabled
// (inert: no click, no focus) until the socket is back and the page re-renders.
function offline() {
  for (const part of app.querySelectorAll("#board, .choices, .lobby, #results")) {
    part.inert = true;
    part.setAttribute("aria-disabled", "true");
    part.classList.add("offline");
    for (const b of part.querySelectorAll("button, input, select")) b.disabled = true;
  }
}

function lobby() {
  const info = table.info;
  const you = table.you;
  const code = inviteOf(info.id);
  const link = `${location.origin}/tables/${info.id}${code ? `#invite=${code}` : ""}`;
  const host = isHost();
  const rows = info.seats.map((s, i) => {
    const label = s.kind === "empty" ? T("free_seat") : s.kind === "bot" ? `${T("bot")} (${T("lvl_" + s.level)})` : s.name;
    const row = el("li", { class: `seat ${s.kind}` }, [el("span", { class: "who" }, label)]);
    if (s.kind === "human") row.append(el("span", { class: s.connected ? "dot on" : "dot" , title: s.connected ? T("online") : T("away") }));
    if (info.host === i) row.append(el("span", { class: "tag host", title: T("host_help") }, T("host")));
    if (you && you.seat === i) row.append(el("span", { class: "tag" }, T("you")));
    if (s.kind === "empty" && host) {
      row.append(el("button", { type: "button", class: "ghost small", onclick: () => api(`/api/tables/${info.id}/bots`, you.token, { level: "random", seat: i }) }, `+ ${T("bot")}`));
    }
    if (s.kind !== "empty" && host && i !== info.host) {
      row.append(el("button", { type: "button", class: "ghost small remove", "aria-label": `${T("remove")} ${label}`, onclick: () => remove(i) }, T("remove")));
    }
    return row;
  });
  const box = el("section", { class: "card-panel lobby" }, [el("h1", {}, T("lobby_title")), el("ol", { class: "seat-list" }, rows)]);
  if (info.public || code) {
    const copy = el("button", { type: "button", class: "ghost", onclick: async () => { try { await navigator.clipboard.writeText(link); toast(T("copied")); } catch { toast(link); } } }, T("copy"));
    box.append(el("p", {}, T(info.public ? "share_public" : "share")), el("div", { class: "share" }, [el("input", { readOnly: true, value: link, id: "share-link", "aria-label": T("share") }), copy]));
  } else if (!you) box.append(el("p", { class: "lead", id: "private" }, T("private_table")));
  if (!you) {
    // kept across re-renders (a friend arriving must not wipe what one is typing)
    const name = table.joinName || (table.joinName = el("input", { id: "join-name", required: true, maxLength: 24, value: localStorage.getItem("veillee-name") || "", autocomplete: "nickname" }));
    const free = info.seats.some((s) => s.kind === "empty");
    if (!table.joinForm) {
      table.joinButton = el("button", { type: "submit", class: "primary", id: "join" }, T("join"));
      table.joinForm = el("form", { class: "join" }, [el("label", {}, [T("your_name"), name]), table.joinButton]);
    }
    const form = table.joinForm;
    table.joinButton.disabled = !free;
    table.joinButton.textContent = T("join");
    form.onsubmit = async (e) => {
      e.preventDefault();
      localStorage.setItem("veillee-name", name.value.trim());
      const joined = await api(`/api/tables/${info.id}/join`, null, { name: name.value.trim(), invite: inviteOf(info.id) });
      if (joined) {
        table.you = joined;
        saveSeat(info.id, joined);
        if (table.ws.readyState === WebSocket.OPEN) hello(); // else the opening socket says hello itself
        renderTable();
      }
    };
    box.append(form);
  } else if (host) {
    const full = info.seats.every((s) => s.kind !== "empty");
    box.append(el("button", { type: "button", class: "primary", id: "start", disabled: !full, onclick: () => api(`/api/tables/${info.id}/start`, you.token) }, full ? T("start") : T("waiting_friends")));
    box.append(el("div", { class: "row" }, [leaveButton(), closeButton()]));
  } else {
    const name = info.host === null ? "" : info.seats[info.host].name;
    box.append(el("p", { class: "lead", id: "waiting-host" }, T("waiting_host", name)));
    box.append(leaveButton());
  }
  return box;
}

async function remove(seat) {
  const answer = await fetch(`/api/tables/${table.info.id}/seats/${seat}`, { method: "DELETE", headers: { Authorization: `Bearer ${table.you.token}` } });
  if (!answer.ok) toast(errorText(await answer.json().catch(() => ({}))));
}

function playing() {
  const s = table.state;
  const p = s.present;
  const who = names();
  const mine = s.seat !== null && s.to_act === s.seat && s.legal.length > 0;
  const status = el("div", { class: `status ${mine ? "mine" : ""}`, id: "status" });
  if (s.over) status.append(T("over"));
  else if (mine) status.append(el("strong", {}, T("your_turn")));
  else if (s.to_act !== null) status.append(T("waiting_for", who[s.to_act]));
  // the clock is our own SVG: Debian's Chromium has no glyph for ⏱
  if (table.deadline && !s.over) status.append(el("span", { class: "timer", id: "timer-left" }, [icon("clock"), el("span", { class: "left", "data-deadline": table.deadline }, "")]));
  const out = [status];
  if (table.summary) {
    out.push(summaryPanel(table.summary, who, T, () => {
      table.summary = null;
      renderTable();
      const next = document.querySelector("#board button.playable, #menu button.choice");
      if (next) next.focus({ preventScroll: true });
    }));
  }
  // a spectator is told so, plainly: nothing here is theirs to play
  if (s.seat === null) out.unshift(el("p", { class: "banner watching", id: "spectating" }, T("spectating")));
  // the last thing that happened, so everyone sees what the one to act is answering
  const last = table.log[table.log.length - 1];
  if (last && !s.over) out.push(el("p", { class: "last-event", id: "last-event" }, markup(last)));
  // the drawing of the game, from the view; clicks offer legal actions
  const board = el("section", { class: "board", id: "board", "aria-label": T("table") });
  table.offered = new Set(); // the legal actions a click on the drawing offers (the menu folds them)
  if (table.drawing) {
    try {
      board.append(table.drawing.draw({ view: s.view, seat: s.seat, legal: mine ? s.legal : [], names: who, lang: lang(), T, el, markup, offer, pending: table.pending, seats: table.info.seats, fresh: freshness(), game: gameInfo(table.info.game), offered: table.offered }));
    } catch (err) { console.error(err); }
  }
  const text = el("details", { class: "screen", open: !table.drawing }, [el("summary", {}, T("text_view")), ...p.screen.map((l) => el("div", { class: "line" }, markup(l)))]);
  if (p.screen.length) board.append(text);
  out.push(board);
  if (mine) out.push(menu(s, table, act, renderTable));
  if (s.over) out.push(results(s));
  const first = Math.max(0, table.log.length - 40);
  const shown = table.shownLog || 0; // only lines not shown before slide in
  const logList = el("ol", { class: "log", id: "log", tabIndex: 0, "aria-label": T("log") }, table.log.slice(first).map((line, k) => el("li", { class: first + k >= shown && shown > 0 ? "new" : "" }, markup(line))));
  table.shownLog = table.log.length;
  out.push(el("section", { class: "log-box" }, [el("h2", {}, T("log")), logList]));
  if (table.you && s.seat !== null && !s.over && table.info.status === "playing") {
    out.push(isHost() ? el("div", { class: "row" }, [leaveButton(), closeButton()]) : leaveButton());
  }
  queueMicrotask(() => { logList.scrollTop = logList.scrollHeight; });
  return out;
}

function freshness() {
  // keys drawn for the first time get a short entrance animation
  const seen = table.seen;
  const now = new Set();
  return (key) => { now.add(key); const fresh = seen.size > 0 && !seen.has(key); queueMicrotask(() => seen.add(key)); return fresh; };
}

function results(s) {
  const who = names();
  const r = s.result || {};
  const order = (r.scores || []).map((_, i) => i).sort((a, b) => r.ranks[a] - r.ranks[b]);
  const rounds = s.view.round_scores || [];
  const head = [el("th", {}, "#"), el("th", {}, T("player")), ...rounds.map((_, i) => el("th", {}, `${T("round")} ${i + 1}`)), el("th", {}, T("score"))];
  const body = order.map((i) => el("tr", { class: (r.winners || []).includes(i) ? "winner" : "" }, [
    el("td", {}, String(r.ranks[i])), el("td", {}, who[i]),
    ...rounds.map((row) => el("td", {}, Array.isArray(row) ? String(row[i]) : typeof row === "object" && row && row.scores ? String(row.scores[i]) : "")),
    el("td", {}, String(r.scores[i])),
  ]));
  const winners = (r.winners || []).map((i) => who[i]).join(", ");
  // everybody a winner is a draw (Soupçons' round limit), not a list of winners
  const tie = who.length > 1 && (r.winners || []).length === who.length;
  const box = el("section", { class: "card-panel results", id: "results" }, [
    el("h2", { id: "outcome" }, tie ? T("tie") : T("winner", winners)),
    el("table", {}, [el("thead", {}, el("tr", {}, head)), el("tbody", {}, body)]),
  ]);
  if (table.you && !table.spectating) {
    box.append(el("button", { type: "button", class: "primary", id: "rematch", onclick: async (e) => {
      // the table may be left while the request runs (a second click, the back button): keep what is needed
      const here = table;
      if (!here || here.leaving) return;
      here.leaving = true;
      const button = e.currentTarget;
      button.disabled = true;
      const t = here.rematch ? { id: here.rematch } : await api(`/api/tables/${here.info.id}/rematch`, here.you.token);
      if (t && table === here) { saveSeat(t.id, here.you); history.pushState({}, "", `/tables/${t.id}`); route(); }
      else { here.leaving = false; button.disabled = false; }
    } }, T("rematch")));
  }
  const seat = s.seat === null ? "" : `seat=${s.seat}&`;
  box.append(el("a", { class: "button ghost", id: "replay-link", href: `/replay/${table.info.id}?${seat}step=0` }, T("watch_replay")));
  box.append(el("a", { class: "button ghost", href: "/" }, T("new_table")));
  return box;
}

// the turn timer and keyboard shortcuts
setInterval(() => {
  for (const t of document.querySelectorAll(".timer [data-deadline]")) t.textContent = `${Math.max(0, Math.ceil((Number(t.dataset.deadline) - Date.now()) / 1000))} s`;
}, 250);
document.addEventListener("keydown", (e) => {
  if (!table || e.target.closest("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
  const buttons = [...document.querySelectorAll(".menu button.choice")];
  if (/^[1-9]$/.test(e.key) && buttons[Number(e.key) - 1]) buttons[Number(e.key) - 1].click();
  else if (e.key === "Escape" && (table.path.length || table.only)) { table.path = []; table.only = null; renderTable(); }
  else if (e.key === "Escape" && table.summary) document.getElementById("round-continue").click();
});

async function route() {
  if (table && table.ws) { const ws = table.ws; table.ws = null; ws.close(); }
  table = null;
  turnSignal(false);
  if (other) { other.stop(); other = null; }
  if (!games.length) {
    const listed = await (await fetch("/api/games")).json();
    games = listed.games;
    botLevels = listed.bot_levels || botLevels;
  }
  const m = location.pathname.match(/^\/tables\/([\w.-]+)/);
  const replay = location.pathname.match(/^\/replay\/([\w.-]+)/);
  if (m) await openTable(m[1]);
  else if (replay) {
    app.dataset.page = "replay";
    rulesGame = null;
    chrome();
    const { openReplay } = await import("./replay.js");
    other = openReplay(app, games, replay[1], (game) => { if (rulesGame !== game) { rulesGame = game; chrome(); } });
  } else if (location.pathname === "/lobby") {
    app.dataset.page = "lobby";
    rulesGame = null;
    chrome();
    const { openLobby } = await import("./lobby.js");
    other = openLobby(app, games);
  } else await home();
}
window.addEventListener("popstate", route);
window.veilleeSend = (m) => table && table.ws && table.ws.send(JSON.stringify(m)); // for tests: what a page out of date would send
window.veilleeState = () => (table && table.state ? { ...table.state, log: table.log } : null); // for tests
chrome();
route();
