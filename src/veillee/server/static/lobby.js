// The lobby page (/lobby): public tables waiting for players, playing and finished, from GET /api/lobby.
// Private tables are never listed by the server. The list refreshes itself; it is redrawn only when it
// changed, so a screen reader is not read the same list again every few seconds.
import { el, T } from "./common.js";
import "./texts_pages.js";

const EVERY = 5000;

export function openLobby(app, games) {
  let data = null;
  let shown = "";
  let timer = null;
  const title = (name) => (games.find((g) => g.name === name) || {}).title || name;

  function section(kind, heading) {
    const tables = (data && data[kind]) || [];
    const id = `lobby-${kind}`;
    if (!tables.length) return el("section", { class: "lobby-part", "aria-labelledby": id }, [el("h2", { id }, heading), el("p", { class: "lead" }, T("no_tables"))]);
    const head = el("tr", {}, [T("game"), T("players"), T("seats_free"), T("status"), T("action")].map((h) => el("th", { scope: "col" }, h)));
    const rows = tables.map((t) => {
      const people = t.seats.filter((s) => s.kind !== "empty").map((s) => (s.kind === "bot" ? `${T("bot")} (${T("lvl_" + s.level)})` : s.name));
      const free = t.seats.filter((s) => s.kind === "empty").length;
      const link = kind === "waiting" ? [`/tables/${t.id}`, T("join_table")] : kind === "playing" ? [`/tables/${t.id}`, T("watch")] : [`/replay/${t.id}`, T("replay")];
      return el("tr", { "data-table": t.id }, [
        el("td", { "data-label": T("game") }, title(t.game)),
        el("td", { "data-label": T("players") }, people.join(", ") || "—"),
        el("td", { "data-label": T("seats_free") }, `${free} / ${t.players}`),
        el("td", { "data-label": T("status") }, T(`status_${t.status}`)),
        el("td", {}, el("a", { class: "button ghost small", href: link[0], "aria-label": `${link[1]} — ${title(t.game)} (${people.join(", ")})` }, link[1])),
      ]);
    });
    return el("section", { class: "lobby-part", "aria-labelledby": id }, [
      el("h2", { id }, heading),
      el("div", { class: "table-scroll" }, el("table", { class: "lobby-table" }, [el("thead", {}, head), el("tbody", {}, rows)])),
    ]);
  }

  function render(force) {
    const key = JSON.stringify(data);
    if (!force && key === shown) return;
    shown = key;
    document.getElementById("where").textContent = T("lobby");
    app.replaceChildren(el("section", { class: "card-panel lobby-list", id: "lobby-list" }, [
      el("h1", {}, T("lobby")),
      el("p", { class: "lead" }, T("lobby_lead")),
      section("waiting", T("waiting_tables")),
      section("playing", T("playing_tables")),
      section("finished", T("finished_tables")),
      el("p", { class: "lead small-print" }, T("refreshed")),
      el("a", { class: "button primary", href: "/" }, T("create_table")),
    ]));
  }

  async function refresh() {
    try {
      const answer = await fetch("/api/lobby");
      if (answer.ok) { data = await answer.json(); render(false); }
    } catch { /* offline a moment: the next refresh tries again */ }
  }

  // the list changes by itself: it is not read out again at each change (the page is not live here)
  const wasLive = app.getAttribute("aria-live");
  app.setAttribute("aria-live", "off");
  refresh();
  timer = setInterval(refresh, EVERY);
  return {
    render: () => render(true),
    stop: () => {
      clearInterval(timer);
      if (wasLive === null) app.removeAttribute("aria-live"); else app.setAttribute("aria-live", wasLive);
    },
  };
}
