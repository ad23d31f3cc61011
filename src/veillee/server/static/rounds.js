// Between rounds: a summary of the round that just ended, shown until the player closes it, built only from
// the events the engine sends (a round's scores and totals, a pawn brought home) and the view's goal.
import { el, markup } from "./common.js";

// The summary of the last round that ended among ``events`` (raw, as sent) with their narration ``log``, or
// null. SOON and Skyjo end a round with ``round_end`` (scores, totals); Sorry! Revenge with ``pawn`` (a
// race to the total won: a pawn home); Soupçons with ``round_end`` (no points: its narration says it all).
export function roundSummary(events, log, view) {
  for (let k = events.length - 1; k >= 0; k--) {
    const e = events[k];
    if (!e || (e.type !== "round_end" && e.type !== "pawn")) continue;
    const said = [log[k]];
    for (let j = k - 1; j >= 0 && events[j] && ["final_reveal", "lines", "twenty_one"].includes(events[j].type); j--) said.unshift(log[j]);
    const goal = view.options && view.options.target ? view.options.target : view.goal || null;
    if (e.type === "pawn") {
      return { round: view.round > 1 ? view.round - 1 : view.round, said, goal, home: view.home, scorer: e.seat };
    }
    return { round: e.round, said, goal, scores: e.scores || null, totals: e.totals || null };
  }
  return null;
}

export function summaryPanel(summary, names, T, close) {
  const rows = names.map((name, seat) => {
    const cells = [el("th", { scope: "row" }, name)];
    if (summary.scores) cells.push(el("td", {}, String(summary.scores[seat])), el("td", {}, String(summary.totals[seat])));
    if (summary.home) cells.push(el("td", {}, `${summary.home[seat]} / ${summary.goal}`));
    return el("tr", { class: summary.scorer === seat ? "winner" : "" }, cells);
  });
  const head = [el("th", { scope: "col" }, T("player"))];
  if (summary.scores) head.push(el("th", { scope: "col" }, T("round_points")), el("th", { scope: "col" }, T("total")));
  if (summary.home) head.push(el("th", { scope: "col" }, T("pawns_home")));
  const parts = [el("h2", { id: "round-summary-title" }, T("round_over", summary.round))];
  for (const line of summary.said) if (line) parts.push(el("p", { class: "said" }, markup(line)));
  if (summary.scores || summary.home) parts.push(el("table", {}, [el("thead", {}, el("tr", {}, head)), el("tbody", {}, rows)]));
  if (summary.goal && summary.scores) parts.push(el("p", { class: "goal" }, T("goal", summary.goal)));
  parts.push(el("button", { type: "button", class: "primary", id: "round-continue", onclick: close }, T("continue")));
  return el("section", { class: "card-panel round-summary", id: "round-summary", role: "region", "aria-labelledby": "round-summary-title" }, parts);
}
