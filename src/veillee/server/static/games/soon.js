// SOON drawn: Day (sun, warm) and Night (moon, deep blue) cards, each suite from 1 to 8, your hand large.
import { clickable, icon, matching, seatBox } from "../common.js";

// The icon of each special card; their names come from the game's declaration (ctx.game.constants).
const SPECIAL = { EXPLORER: "explorer", LIGHTNING: "lightning", THIEF: "thief" };

function face(ctx, code, cls, indexes, key) {
  const { el } = ctx;
  if (SPECIAL[code]) {
    const name = ctx.game.constants.special_names[ctx.lang === "fr" ? "fr" : "en"][code];
    return clickable(ctx, "div", { class: `card soon special ${cls}`, key, "data-card": code, "aria-label": name },
      [icon(SPECIAL[code]), el("span", { class: "label" }, name)], indexes);
  }
  const day = code[0] === "D";
  const value = code.slice(1) === "J" ? "★" : code.slice(1);
  const name = `${day ? (ctx.lang === "fr" ? "Jour" : "Day") : ctx.lang === "fr" ? "Nuit" : "Night"} ${value === "★" ? "Joker" : value}`;
  return clickable(ctx, "div", { class: `card soon ${day ? "day" : "night"} ${cls}`, key, "data-card": code, "aria-label": name },
    [el("span", { class: "corner" }, day ? "☀" : "☾"), el("span", { class: "value" }, value)], indexes);
}

export function draw(ctx) {
  const { el, view: v, legal, T } = ctx;
  const uses = (card) => matching(legal, (a) => a.card === card || (SPECIAL[card] && ({ EXPLORER: "explore", LIGHTNING: "lightning", THIEF: "thief" })[card] === a.type));
  const pile = clickable(ctx, "div", { class: "card back", "data-pile": "", "aria-label": `${T("pile")} (${v.pile_size})` }, el("span", { class: "count", "aria-hidden": "true" }, String(v.pile_size)), matching(legal, (a) => a.type === "draw"));
  const top = v.discard.length ? v.discard[v.discard.length - 1] : null;
  const discard = top ? face(ctx, top, "", matching(legal, (a) => a.type === "take"), `discard-${v.discard.length}-${top}`) : el("div", { class: "slot-empty" });
  const piles = el("div", { class: "piles" }, [
    el("div", { class: "pile" }, [pile, T("pile")]),
    el("div", { class: "pile" }, [discard, T("discard")]),
    // the round and the goal, drawn (not only in the text view); express plays one round, with no goal
    el("div", { class: "round-info", id: "round-info" }, [`${T("round")} ${v.round}`, v.options.target ? ` · ${T("goal", v.options.target)}` : ""]),
  ]);
  const seats = el("div", { class: "seats" });
  const suiteLength = ctx.game.constants.suite_length;
  for (let s = 0; s < v.players; s++) {
    const suite = v.suites[s];
    const slots = [];
    for (let k = 0; k < suiteLength; k++) {
      slots.push(k < suite.length ? face(ctx, suite[k], "small", [], `suite-${s}-${k}-${suite[k]}`) : el("div", { class: "card small slot-empty" }));
    }
    const known = (v.known_in_hand[s] || []);
    const hidden = Math.max(0, v.hand_sizes[s] - (s === ctx.seat ? v.hand_sizes[s] : known.length));
    const handRow = s === ctx.seat ? [] : [...known.map((c, k) => face(ctx, c, "small", [], `known-${s}-${k}-${c}`)), ...Array.from({ length: hidden }, () => el("div", { class: "card small back" }))];
    const targeted = matching(legal, (a) => a.target === s);
    const suiteRow = clickable(ctx, "div", { class: "row suite", "aria-label": `${T("suite")} ${ctx.names[s]}` }, slots, targeted);
    seats.append(seatBox(ctx, s, `${v.totals[s]} ${T("points")} · ${T("hand_count")} ${v.hand_sizes[s]}`, [suiteRow, handRow.length ? el("div", { class: "row" }, handRow) : ""]));
  }
  // a card that can only be discarded does not glow like a card with a play: it is marked « discard only »
  const handCards = (v.hand || []).map((c, k) => {
    const all = uses(c);
    const discardOnly = all.length > 0 && all.every((i) => legal[i].type === "discard");
    const node = face(ctx, c, discardOnly ? "discard-only" : "", all, `hand-${c}-${k}`);
    if (discardOnly) node.title = T("discard_only");
    return node;
  });
  const hand = ctx.seat === null ? "" : el("section", { class: "hand-box" }, [el("h2", {}, T("hand")), el("div", { class: "row hand", id: "hand", "data-cards": JSON.stringify(v.hand || []) }, handCards)]);
  return el("div", { class: "drawing soon" }, [piles, seats, hand]);
}
