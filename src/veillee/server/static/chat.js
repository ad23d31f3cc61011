// Chat and quick reactions at a table: seated players write, everyone at the table reads (spectators too).
// Lines are shown as text, never as HTML; the server cleans, bounds and rate-limits them (messages.py).
import { el, T, announce } from "./common.js";

export const REACTIONS = ["hello", "well_played", "thanks", "oops", "wow", "hurry"];
const MAX = 200;

// The panel is built once per table and kept across re-renders, so that a line being typed is never lost.
export function chatPanel(table, send) {
  if (!table.chatPanel) {
    const list = el("ol", { class: "chat-log", id: "chat-log", tabIndex: 0 }); // scrollable: reachable by keyboard
    const input = el("input", { id: "chat-input", maxLength: MAX, autocomplete: "off" });
    const label = el("label", { class: "sr-only", for: "chat-input" });
    const button = el("button", { type: "submit", class: "ghost", id: "chat-send" });
    const form = el("form", { class: "chat-form", id: "chat-form" }, [label, input, button]);
    form.onsubmit = (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (text && send({ type: "chat", text })) input.value = "";
    };
    const reactions = el("div", { class: "reactions", role: "group", id: "reactions" }, REACTIONS.map((r) =>
      el("button", { type: "button", class: "ghost small", "data-reaction": r, onclick: () => send({ type: "react", reaction: r }) })));
    const note = el("p", { class: "lead", id: "chat-readonly" });
    const heading = el("h2", { id: "chat-title" });
    table.chatPanel = { box: el("section", { class: "chat-box", id: "chat", "aria-labelledby": "chat-title" }, [heading, list, reactions, form, note]), list, input, label, button, form, reactions, note, heading };
  }
  const p = table.chatPanel;
  const writer = Boolean(table.you) && !table.spectating;
  p.heading.textContent = T("chat");
  p.list.setAttribute("aria-label", T("chat"));
  p.label.textContent = T("chat_input");
  p.input.placeholder = T("chat_input");
  p.button.textContent = T("send");
  p.reactions.setAttribute("aria-label", T("reactions"));
  for (const b of p.reactions.querySelectorAll("button")) b.textContent = T(`react_${b.dataset.reaction}`);
  p.form.hidden = p.reactions.hidden = !writer;
  p.note.hidden = writer;
  p.note.textContent = T("chat_readonly");
  fill(table);
  return p.box;
}

function lineText(table, m, names) {
  const who = names[m.seat] || `${T("seat")} ${m.seat + 1}`;
  return T("said", who, m.reaction ? T(`react_${m.reaction}`) : m.text);
}

function fill(table) {
  const p = table.chatPanel;
  const names = table.names();
  p.list.replaceChildren(...table.chat.map((m) => el("li", { class: m.reaction ? "reaction" : "" }, lineText(table, m, names))));
  p.list.scrollTop = p.list.scrollHeight;
}

// A chat message from the server: kept (the last 100), shown, and said to screen readers.
export function received(table, m) {
  table.chat.push(m);
  if (table.chat.length > 100) table.chat.shift();
  if (table.chatPanel) fill(table);
  announce(lineText(table, m, table.names()));
}
