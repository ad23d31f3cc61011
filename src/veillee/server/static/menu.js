// The menu of the legal actions, as the server folds it (``present.menu``, the terminal's tree): digits pick
// its entries, sub-menus open in place, Back (or Escape) returns to the top.
import { el, markup, T } from "./common.js";

// The entries under the opened path (labels of the sub-menus opened, in order), restricted to ``only``.
function menuEntries(s, table) {
  let entries = boardFold(s.present.menu, table);
  for (const label of table.path) {
    const next = entries.find((e) => e.action === null && e.label === label);
    if (!next) return boardFold(s.present.menu, table);
    entries = next.entries;
  }
  return table.only ? entries.filter((e) => e.actions.some((i) => table.only.has(i))) : entries;
}

// Many single choices that are each a click on the drawing (« Turn over row 1, column 1 » … twelve times) would
// repeat the grid in the menu: they fold into one entry that opens them, so the menu stays complete for the
// keyboard and screen readers while the eye goes to the cards. The server's menu is otherwise shown as is.
function boardFold(entries, table) {
  const offered = table.offered || new Set();
  const onBoard = entries.filter((e) => e.action !== null && offered.has(e.action));
  if (onBoard.length < 9) return entries; // a grid's places, not the few piles and market cards
  const group = { label: T("on_board", onBoard.length), action: null, entries: onBoard, actions: onBoard.map((e) => e.action) };
  const out = [];
  for (const e of entries) {
    if (!onBoard.includes(e)) out.push(e);
    else if (e === onBoard[0]) out.push(group);
  }
  return out;
}

export function menu(s, table, act, renderTable) {
  const entries = menuEntries(s, table);
  const list = el("div", { class: "menu", id: "menu", role: "group", "aria-label": T("choices") });
  entries.forEach((entry, n) => {
    // the label in one span: bare text runs would each be a flex item, spaced apart (« votre 5 , votre »)
    const label = [n < 9 ? el("kbd", {}, String(n + 1)) : "", el("span", { class: "label" }, markup(entry.label))];
    const b = el("button", { type: "button", class: entry.action !== null ? "choice" : "choice sub", disabled: table.pending !== null, "data-index": entry.action ?? "" }, label);
    b.onclick = () => {
      if (entry.action !== null) act(entry.action);
      else { table.path = [...table.path, entry.label]; renderTable(); const f = document.querySelector(".menu button"); if (f) f.focus(); }
    };
    list.append(b);
  });
  if (table.path.length || table.only) {
    list.append(el("button", { type: "button", class: "ghost menu-back", onclick: () => { table.path = []; table.only = null; renderTable(); } }, `← ${T("back")}`));
  }
  const heading = table.path.map((label) => label.replace(/ …$/, "")).join(" › ");
  return el("section", { class: "choices" }, [el("h2", {}, heading ? markup(heading) : T("choose")), list]);
}
