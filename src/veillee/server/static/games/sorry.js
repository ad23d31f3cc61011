// Sorry! Revenge drawn: each player's four pawns in their colour (START side hollow, HOME side filled), the
// play pile with its running total, and your hand. The goal total and the pawn colours come from the game's
// declaration (ctx.game.constants, GET /api/games).
import { clickable, matching, seatBox } from "../common.js";

const NAMES = {
  PLAY2: ["Jouez-en 2", "Play 2"], TAKE2: ["Pigez-en 2", "Take 2"], STEAL: ["Vol", "Steal"], SORRY: ["SORRY!", "SORRY!"],
  DONT: ["Pas vraiment", "Not really"], REVERSE: ["⇄ Sens", "⇄ Reverse"],
};

function card(ctx, code, cls, indexes, key) {
  const { el } = ctx;
  const number = /^\d+$/.test(code);
  const slide = /^SLIDE(\d+)$/.exec(code);
  const label = number ? code : slide ? `${ctx.lang === "fr" ? "Glissade" : "Slide"} ${slide[1]}` : (NAMES[code] || [code, code])[ctx.lang === "fr" ? 0 : 1];
  const kind = number ? "num" : code === "SORRY" || code === "DONT" ? "sorry" : "act";
  return clickable(ctx, "div", { class: `card so ${kind} ${cls}`, key, "data-card": code }, [el("span", { class: number ? "value" : "label" }, label)], indexes);
}

export function draw(ctx) {
  const { el, view: v, legal, T } = ctx;
  const { target, colours } = ctx.game.constants;
  const top = v.pile.length ? v.pile[v.pile.length - 1] : null;
  const piles = el("div", { class: "piles" }, [
    el("div", { class: "pile" }, [el("div", { class: "card back", "data-pile": "", role: "img", "aria-label": `${T("pile")} (${v.draw_size})` }, el("span", { class: "count", "aria-hidden": "true" }, String(v.draw_size))), T("pile")]),
    el("div", { class: "pile" }, [top ? card(ctx, top, "", [], `pile-${v.pile.length}-${top}`) : el("div", { class: "slot-empty" }), T("play_pile")]),
    el("div", { class: "total-dial", "aria-label": T("total") }, [el("span", {}, String(v.total)), el("small", {}, `/ ${target}`)]),
    el("div", { class: "pile direction-box" }, [
      el("div", { class: "direction", id: "direction", role: "img", "aria-label": `${T("direction")} — ${T(v.direction === 1 ? "direction_up" : "direction_down")}`, title: T(v.direction === 1 ? "direction_up" : "direction_down") }, v.direction === 1 ? "↻" : "↺"),
      T("direction")]),
  ]);
  const seats = el("div", { class: "seats" });
  for (let s = 0; s < v.players; s++) {
    const colour = colours[s % colours.length];
    // the pawns still at the start, then those home: a pawn brought home moves from one group to the other
    const pawn = (where, k) => el("span", { class: `pawn ${colour} ${where === "home" ? "home" : ""}`, title: T(where === "home" ? "home" : "start_side"), "data-key": `pawn-${s}-${where}-${k}`, "data-card": `pawn-${s}` });
    const pawns = el("div", { class: "row pawns", "aria-hidden": "true" }, [
      el("span", { class: "pawn-area" }, [el("small", {}, T("start_side")), ...Array.from({ length: v.goal - v.home[s] }, (_, k) => pawn("start", k))]),
      el("span", { class: "pawn-area home-area" }, [el("small", {}, T("home")), ...Array.from({ length: v.home[s] }, (_, k) => pawn("home", k))]),
    ]);
    const box = seatBox(ctx, s, `${T("hand_count")} ${v.hand_sizes[s]} · ${T("home")} ${v.home[s]}/${v.goal}`, [pawns]);
    box.classList.add(`pawn-${colour}`);
    const targeted = matching(legal, (a) => a.target === s);
    seats.append(targeted.length ? clickable(ctx, "div", { class: "target" }, box, targeted) : box);
  }
  const hand = ctx.seat === null ? "" : el("section", { class: "hand-box" }, [el("h2", {}, T("hand")),
    el("div", { class: "row hand", id: "hand", "data-cards": JSON.stringify(v.hand || []) }, (v.hand || []).map((c, k) => card(ctx, c, "", matching(legal, (a) => a.card === c), `hand-${c}-${k}`)))]);
  return el("div", { class: "drawing sorry" }, [piles, seats, hand]);
}
