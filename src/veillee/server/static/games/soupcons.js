// Soupçons drawn: the circle of Night/Day cards in the middle, each player's Porte (open or closed), the
// offer in progress, and your hand of Masques. Game facts come from the declaration (ctx.game.constants).
import { clickable, icon, matching, seatBox } from "../common.js";

function mask(ctx, code, cls, indexes, key) {
  const { el } = ctx;
  const serpent = code === ctx.game.constants.serpent;
  return clickable(ctx, "div", { class: `card sp ${serpent ? "serpent" : "mask"} ${cls}`, key, "data-card": code },
    [serpent ? icon("serpent") : el("span", { class: "value" }, code)], indexes);
}

export function draw(ctx) {
  const { el, view: v, legal, T } = ctx;
  const circle = el("div", { class: "circle", "aria-label": T("table") }, Object.entries(v.table).map(([value, side]) =>
    el("div", { class: `nd ${side}`, title: side }, [el("span", { class: "glyph" }, side === "day" ? "☀" : side === "night" ? "☾" : "·"), el("span", { class: "value" }, value)])));
  const seats = el("div", { class: "seats" });
  for (let s = 0; s < v.players; s++) {
    const door = v.doors[s];
    const offer = v.offer && (v.offer.giver === s || v.offer.receiver === s) ? el("div", { class: "offer-note" },
      v.offer.giver === s ? `→ ${ctx.names[v.offer.receiver]}${v.offer.claim ? ` « ${v.offer.claim} »` : ""}` : `← ${ctx.names[v.offer.giver]}`) : "";
    const backs = s === ctx.seat ? [] : Array.from({ length: v.hand_sizes[s] }, () => el("div", { class: "card small back" }));
    const box = seatBox(ctx, s, `${T("doors")} ${T(door === "open" ? "open" : "closed")} ${door === "open" ? "◻" : "■"}`, [el("div", { class: "row" }, backs), offer]);
    const targeted = matching(legal, (a) => a.target === s);
    seats.append(targeted.length ? clickable(ctx, "div", { class: "target" }, box, targeted) : box);
  }
  const hand = ctx.seat === null ? "" : el("section", { class: "hand-box" }, [el("h2", {}, T("hand")),
    el("div", { class: "row hand", id: "hand", "data-cards": JSON.stringify(v.hand || []) }, (v.hand || []).map((c, k) => mask(ctx, c, "", matching(legal, (a) => a.card === c), `hand-${c}-${k}`)))]);
  return el("div", { class: "drawing soupcons" }, [circle, seats, hand]);
}
