// Cards and pawns move from where they were to where they are, so a player sees what happened (a draw, a
// discard, a swap, a steal, a pawn brought home). Each drawn thing carries data-key (where it is) and
// data-card (what it is): after a re-render, a key that is new is animated from the spot of a key of the same
// card that went away, else from the same place (a card turned over), else from where hidden cards come from
// (the seat's face-down cards, or the draw pile). With prefers-reduced-motion, nothing moves: the arrived
// things are outlined for a moment instead. No rule here: only positions before and after.

const DURATION = 450;
const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
window.veilleeMotion = []; // what was animated, for the browser tests: {key, mode, dx, dy}

function box(node) { const r = node.getBoundingClientRect(); return { x: r.left, y: r.top }; }

// Where every keyed thing is now (before a re-render replaces the page).
export function capture(root) {
  const keyed = new Map();
  for (const node of root.querySelectorAll("[data-key]")) keyed.set(node.dataset.key, { card: node.dataset.card || "", place: node.dataset.place || "", at: box(node) });
  const places = new Map();
  for (const node of root.querySelectorAll("[data-place]")) places.set(node.dataset.place, box(node));
  const hidden = new Map(); // per seat: a face-down card of theirs; "" : the draw pile
  for (const node of root.querySelectorAll(".seat-box[data-seat]")) {
    const back = node.querySelector(".card.back");
    if (back) hidden.set(node.dataset.seat, box(back));
  }
  const pile = root.querySelector("[data-pile]");
  if (pile) hidden.set("", box(pile));
  return { keyed, places, hidden };
}

// Animate what arrived since ``before`` (nothing on the first drawing of a table).
export function play(root, before) {
  if (!before || !before.keyed.size) return;
  const gone = new Map(); // card -> the spots of keys of that card that went away
  const now = new Set([...root.querySelectorAll("[data-key]")].map((n) => n.dataset.key));
  for (const [key, old] of before.keyed) if (!now.has(key)) (gone.get(old.card) || gone.set(old.card, []).get(old.card)).push(old.at);
  const still = reduced();
  for (const node of root.querySelectorAll("[data-key]")) {
    if (before.keyed.has(node.dataset.key)) continue;
    const to = box(node);
    let from = (gone.get(node.dataset.card || "") || []).shift();
    let mode = "move";
    if (!from && node.dataset.place && before.places.has(node.dataset.place)) { from = before.places.get(node.dataset.place); mode = "flip"; }
    if (!from) {
      const seat = node.closest(".seat-box[data-seat]");
      from = (seat && before.hidden.get(seat.dataset.seat)) || before.hidden.get("");
    }
    if (!from) continue;
    const dx = Math.round(from.x - to.x), dy = Math.round(from.y - to.y);
    if (mode === "move" && Math.abs(dx) < 2 && Math.abs(dy) < 2) mode = "flip";
    node.classList.remove("fresh");
    if (still) {
      mode = "highlight";
      node.classList.add("arrived"); // an outline, no movement
      setTimeout(() => node.classList.remove("arrived"), 1500);
    } else if (mode === "flip") {
      node.animate([{ transform: "rotateY(90deg)" }, { transform: "none" }], { duration: DURATION * 0.7, easing: "ease-out" });
    } else {
      node.animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 5 }, { transform: "none", zIndex: 5 }], { duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)" });
    }
    window.veilleeMotion.push({ key: node.dataset.key, mode, dx, dy });
    if (window.veilleeMotion.length > 300) window.veilleeMotion.splice(0, 100);
  }
}
