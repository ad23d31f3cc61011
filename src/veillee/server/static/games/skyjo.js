// Skyjo Action drawn: a 3×4 grid per player, cards coloured by value (blue below zero, cyan 0, green 1–4,
// yellow 5–8, red 9–12, Stars magenta), the piles, the drawn card, the Action market and each one's Actions.
import { clickable, icon, matching, seatBox } from "../common.js";

// Each kind of Action card has its colour and its icon (the short name says which; colours alone would not).
const ACTION_ICON = { "own-swap": "swap", "double-turn": "double", "draw-three": "three", revelation: "eye", reactivation: "recycle",
  defense: "shield", exchange: "swap", steal: "thief", meteors: "meteor" };

// The game's constants come from its declaration (ctx.game.constants, veillee.games.skyjo GAME): the grid's
// shape and slot names (r1c1…r3c4, as actions name them) and the Action cards' short names (as the terminal's).

function tone(card) {
  if (card === "star") return "star";
  const n = Number(card);
  return n < 0 ? "neg" : n === 0 ? "zero" : n <= 4 ? "low" : n <= 8 ? "mid" : "high";
}

function valueCard(ctx, card, cls, indexes, key, extra = {}) {
  const { el } = ctx;
  const label = card === "star" ? "★" : card;
  return clickable(ctx, "div", { class: `card sk ${tone(card)} ${cls}`, key, "data-card": card, ...extra }, [el("span", { class: "value", "aria-hidden": extra["aria-label"] ? "true" : null }, label)], indexes);
}

function actionCard(ctx, code, cls, indexes, key) {
  const { el } = ctx;
  const names = ctx.game.constants.action_short;
  const name = (names[ctx.lang] || names.en)[code];
  return clickable(ctx, "div", { class: `card sk action act-${code} ${cls}`, key, "data-card": code, title: name || code },
    [icon(ACTION_ICON[code] || "lightning"), el("span", { class: "label" }, name || code.replace(/-/g, " "))], indexes);
}

export function draw(ctx) {
  const { el, view: v, legal, T } = ctx;
  const top = v.discard.length ? v.discard[v.discard.length - 1] : null;
  const piles = el("div", { class: "piles" }, [
    el("div", { class: "pile" }, [clickable(ctx, "div", { class: "card back", "data-pile": "", "aria-label": `${T("pile")} (${v.pile_size})` }, el("span", { class: "count", "aria-hidden": "true" }, String(v.pile_size)), matching(legal, (a) => a.type === "draw")), T("pile")]),
    el("div", { class: "pile" }, [top ? valueCard(ctx, top, "", matching(legal, (a) => a.type === "take"), `discard-${v.discard.length}-${top}`) : el("div", { class: "slot-empty" }), T("discard")]),
  ]);
  if (v.drawn) piles.append(el("div", { class: "pile drawn" }, [valueCard(ctx, v.drawn, "", matching(legal, (a) => a.type === "discard"), `drawn-${v.drawn}`), T("drawn")]));
  for (const c of v.three || []) piles.append(el("div", { class: "pile" }, [valueCard(ctx, c, "", matching(legal, (a) => a.card === c && (a.type === "keep" || a.type === "put")), `three-${c}`)]));
  if (v.options && v.options.rules === "action" && v.market) {
    const market = el("div", { class: "row market" }, v.market.map((code, k) => code ? actionCard(ctx, code, "", matching(legal, (a) => a.type === "action" && a.market === k + 1), `market-${k}-${code}`) : el("div", { class: "slot-empty" })));
    piles.append(el("div", { class: "pile" }, [market, T("market")]));
    const used = v.action_discard || [];
    const last = used[used.length - 1];
    const reactivate = matching(legal, (a) => a.type === "reactivate");
    piles.append(el("div", { class: "pile" }, [last ? actionCard(ctx, last, "", reactivate, `used-${used.length}-${last}`) : el("div", { class: "slot-empty" }), T("action_discard")]));
  }
  const seats = el("div", { class: "seats" });
  const { columns, values } = ctx.game.constants;
  for (let s = 0; s < v.players; s++) {
    const grid = el("div", { class: "sk-grid", role: "group", "aria-label": T("grid_of", ctx.names[s]), style: `grid-template-columns: repeat(${columns}, max-content)` });
    let visible = 0;
    v.grids[s].forEach((cell, i) => {
      const slot = ctx.game.constants.slots[i];
      const row = Math.floor(i / columns) + 1, col = (i % columns) + 1;
      const place = `cell-${s}-${i}`;
      const offers = matching(legal, (a) => (a.slot === slot || a.slot2 === slot) && (a.target === undefined ? s === ctx.seat : a.target === s));
      if (cell === null) grid.append(el("div", { class: "card small slot-empty", "data-place": place }));
      else if (cell.up) {
        visible += values[cell.card] ?? Number(cell.card);
        grid.append(valueCard(ctx, cell.card, "small", offers, `${place}-${cell.card}`, { "data-place": place, "data-slot": slot, "aria-label": T("face_up", cell.card === "star" ? "★" : cell.card, row, col) }));
      } else {
        const name = T("face_down", row, col) + (cell.known ? ` (${cell.card})` : "");
        grid.append(clickable(ctx, "div", { class: "card small back", "data-slot": slot, "data-place": place, key: `${place}-back`, "data-card": "back", "aria-label": name }, cell.known ? el("span", { class: "count", "aria-hidden": "true" }, cell.card) : "", offers));
      }
    });
    const held = v.action_cards[s] || { playable: [], not_yet_playable: [] };
    const actions = el("div", { class: "row" }, [
      ...held.playable.map((c, k) => actionCard(ctx, c, "small", matching(legal, (a) => a.card === c && (s === ctx.seat ? a.type === "play" || a.type === "drop" : a.type === "steal" && a.target === s)), `act-${s}-${k}-${c}`)),
      ...held.not_yet_playable.map((c, k) => actionCard(ctx, c, "small later", [], `later-${s}-${k}-${c}`)),
    ]);
    const targeted = matching(legal, (a) => a.target === s && a.slot === undefined);
    const meta = [el("span", { class: "sum", title: T("visible") }, `Σ ${visible} ${T("visible")}`), ` · ${v.totals[s]} ${T("points")}${v.triggerer === s ? " · ★" : ""}`];
    const box = seatBox(ctx, s, meta, [grid, actions]);
    seats.append(targeted.length ? clickable(ctx, "div", { class: "target" }, box, targeted) : box);
  }
  return el("div", { class: "drawing skyjo" }, [piles, seats]);
}
