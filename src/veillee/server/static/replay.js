// The replay page (/replay/ID?seat=1&step=30): a finished match step by step, forward and back, as one seat
// or a spectator saw it. Every step comes from the server (GET /api/tables/ID/replay), which replays the
// record with the rules engine and sends that seat's view and narrated log: no rule lives here, and the
// board is drawn by the same static/games/*.js as the live table.
import { el, markup, T, lang } from "./common.js";
import "./texts_pages.js";

const DRAWINGS = { soon: "./games/soon.js", skyjo: "./games/skyjo.js", sorry: "./games/sorry.js", soupcons: "./games/soupcons.js" };

// A private table's replay needs its invite code (from the link's #invite=… or the page's own table) or
// a seat token of that table; both are sent as headers, never in the address.
function credentials(id) {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("invite");
  if (fromLink) localStorage.setItem(`veillee-invite-${id}`, fromLink);
  const headers = {};
  const code = localStorage.getItem(`veillee-invite-${id}`);
  if (code) headers["X-Invite-Code"] = code;
  const seat = JSON.parse(localStorage.getItem(`veillee-seat-${id}`) || "null");
  if (seat && seat.token) headers.Authorization = `Bearer ${seat.token}`;
  return { headers, code };
}

// A screen reader hears each step's news once (not the whole page again): the page itself is not live
// while a replay is shown, this one line is.
function announcer() {
  let node = document.getElementById("pages-announce");
  if (!node) {
    node = el("p", { id: "pages-announce", class: "sr-only", "aria-live": "polite" });
    document.body.append(node);
  }
  return node;
}

export function openReplay(app, games, id, setRulesGame) {
  const wasLive = app.getAttribute("aria-live");
  app.setAttribute("aria-live", "off");
  const params = new URLSearchParams(location.search);
  const { headers, code } = credentials(id);
  const seatParam = params.get("seat");
  const here = { id, step: Math.max(0, Number(params.get("step")) || 0), seat: seatParam === null || seatParam === "" ? null : Number(seatParam), data: null, drawing: null, error: null, loading: null };
  const gameInfo = (name) => games.find((g) => g.name === name);

  async function load(step, seat) {
    const query = new URLSearchParams({ step: String(step), lang: lang() });
    if (seat !== null) query.set("seat", String(seat));
    const ticket = {};
    here.loading = ticket;
    const answer = await fetch(`/api/tables/${id}/replay?${query}`, { headers });
    const body = await answer.json().catch(() => ({}));
    if (here.loading !== ticket) return; // a later step was asked for meanwhile
    if (!answer.ok) { here.error = (lang() === "fr" ? body.message_fr : body.message) || T("error"); render(); return; }
    here.error = null;
    here.data = body;
    here.step = body.step;
    here.want = body.step;
    here.seat = body.seat;
    setRulesGame(body.game);
    if (!here.drawing && DRAWINGS[body.game]) {
      try { here.drawing = await import(DRAWINGS[body.game]); } catch { here.drawing = null; }
    }
    history.replaceState({}, "", shareLink(false));
    render();
    const news = body.present.log.slice(body.events_start - body.log_start).join(" ").replace(/\[\/?[a-z_]+\]/g, "");
    announcer().textContent = `${T("step", body.step, body.steps)}. ${body.step === 0 ? T("setup") : news}`;
  }

  function shareLink(withCode) {
    const q = new URLSearchParams();
    if (here.seat !== null) q.set("seat", String(here.seat));
    q.set("step", String(here.step));
    const secret = withCode && code && here.data && !here.data.public ? `#invite=${code}` : "";
    return `${withCode ? location.origin : ""}/replay/${id}?${q}${secret}`;
  }

  // the step asked for last (keys pressed quickly count from it, not from the step still loading)
  const go = (step) => {
    if (!here.data) return;
    here.want = Math.min(here.data.steps, Math.max(0, step));
    load(here.want, here.seat);
  };

  function controls(d) {
    const names = d.present.names;
    // first and last go to a step; previous and next (-1, +1) move from the step asked for last
    const button = (key, label, target, disabled) => el("button", { type: "button", class: "ghost", id: `replay-${key}`, disabled,
      onclick: () => go(key === "prev" || key === "next" ? (here.want ?? here.step) + target : target) }, label);
    const slider = el("input", { type: "range", id: "replay-step", min: 0, max: d.steps, value: d.step, "aria-label": T("step_slider"), "aria-valuetext": T("step", d.step, d.steps) });
    slider.onchange = () => go(Number(slider.value));
    const seatSel = el("select", { id: "replay-seat" }, [el("option", { value: "" }, T("spectator")), ...names.map((n, i) => el("option", { value: String(i) }, n))]);
    seatSel.value = d.seat === null ? "" : String(d.seat);
    seatSel.onchange = () => load(here.step, seatSel.value === "" ? null : Number(seatSel.value));
    const link = el("input", { readOnly: true, id: "replay-link", value: shareLink(true), "aria-label": T("replay_link") });
    return el("section", { class: "card-panel replay-controls", role: "group", "aria-label": T("replay_controls") }, [
      el("div", { class: "row replay-buttons" }, [
        button("first", `◀◀ ${T("first")}`, 0, d.step === 0),
        button("prev", `◀ ${T("prev")}`, -1, d.step === 0),
        el("output", { id: "replay-count", for: "replay-step" }, T("step", d.step, d.steps)),
        button("next", `${T("next")} ▶`, +1, d.step === d.steps),
        button("last", `${T("last")} ▶▶`, d.steps, d.step === d.steps),
      ]),
      slider,
      el("div", { class: "row replay-options" }, [
        el("label", {}, [T("point_of_view"), seatSel]),
        el("label", { class: "grow" }, [T("replay_link"), el("div", { class: "share" }, [link])]),
      ]),
      el("p", { class: "lead small-print" }, T("replay_keys")),
    ]);
  }

  function results(d) {
    const r = d.result;
    const who = d.present.names;
    const order = r.scores.map((_, i) => i).sort((a, b) => r.ranks[a] - r.ranks[b]);
    return el("section", { class: "card-panel results", id: "replay-results" }, [
      el("h2", {}, T("winner", (r.winners || []).map((i) => who[i]).join(", "))),
      el("table", {}, [
        el("thead", {}, el("tr", {}, [el("th", { scope: "col" }, "#"), el("th", { scope: "col" }, T("player")), el("th", { scope: "col" }, T("score"))])),
        el("tbody", {}, order.map((i) => el("tr", { class: r.winners.includes(i) ? "winner" : "" }, [el("td", {}, String(r.ranks[i])), el("td", {}, who[i]), el("td", {}, String(r.scores[i]))]))),
      ]),
    ]);
  }

  function render() {
    const title = (gameInfo(here.data ? here.data.game : "") || {}).title || "";
    document.getElementById("where").textContent = `${T("replay_title")}${title ? ` — ${title}` : ""}`;
    if (here.error) { app.replaceChildren(el("section", { class: "card-panel", id: "replay-error" }, [el("h1", {}, T("replay_title")), el("p", { role: "alert" }, here.error)])); return; }
    const d = here.data;
    if (!d) return;
    const who = d.present.names;
    // present.log narrates the events from log_start on (this step's, and up to 100 lines before them)
    const now = d.present.log.slice(d.events_start - d.log_start);
    const happened = el("p", { class: "last-event", id: "replay-event" }, d.step === 0 ? T("setup") : now.length ? markup(now.join(" · ")) : "—");
    const board = el("section", { class: "board", id: "board", "aria-label": T("table") });
    if (here.drawing) {
      try {
        board.append(here.drawing.draw({ view: d.view, seat: d.seat, legal: [], names: who, lang: lang(), T, el, markup, offer: () => {}, pending: null, seats: [], fresh: () => false, game: gameInfo(d.game) }));
      } catch (err) { console.error(err); }
    }
    if (d.present.screen.length) board.append(el("details", { class: "screen", open: !here.drawing }, [el("summary", {}, T("text_view")), ...d.present.screen.map((l) => el("div", { class: "line" }, markup(l)))]));
    const first = Math.max(0, d.present.log.length - 40);
    const log = el("ol", { class: "log", id: "log", start: d.log_start + first + 1, tabindex: 0, "aria-label": T("log") }, d.present.log.slice(first).map((line, k) => el("li", { class: d.log_start + first + k >= d.events_start && d.step > 0 ? "new" : "" }, markup(line))));
    const status = el("div", { class: "status", id: "status" }, d.over ? T("over") : d.to_act !== null ? T("waiting_for", who[d.to_act]) : "");
    const parts = [el("h1", { class: "sr-only" }, `${T("replay_title")} — ${title}`), controls(d), status, happened, board];
    if (d.over && d.result) parts.push(results(d));
    parts.push(el("section", { class: "log-box" }, [el("h2", {}, T("log")), log]));
    const focused = document.activeElement && document.activeElement.id;
    app.replaceChildren(...parts);
    queueMicrotask(() => { log.scrollTop = log.scrollHeight; });
    if (focused) { const again = document.getElementById(focused); if (again && !again.disabled) again.focus({ preventScroll: true }); }
  }

  function keys(e) {
    if (!here.data || e.ctrlKey || e.metaKey || e.altKey || e.target.closest("input, select, textarea")) return;
    const at = here.want ?? here.step;
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: here.data.steps };
    if (e.key in moves) { e.preventDefault(); go(moves[e.key]); }
  }
  document.addEventListener("keydown", keys);
  load(here.step, here.seat);
  return {
    render: () => load(here.step, here.seat),
    stop: () => {
      document.removeEventListener("keydown", keys);
      announcer().textContent = "";
      if (wasLive === null) app.removeAttribute("aria-live"); else app.setAttribute("aria-live", wasLive);
    },
  };
}
