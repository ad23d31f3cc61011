// The home page's form: create a table of any game, with its declared options and the seats' occupants.
// Every option control is built from the game's declaration (GET /api/games), which the server validates
// with, so the page repeats no option list, range or default.
import { el, T, lang, toast, errorText } from "./common.js";

export function homeForm(games, botLevels, { onGame, created }) {
  const saved = JSON.parse(localStorage.getItem("veillee-home") || "{}");
  const gameSel = el("select", { id: "game", name: "game" }, games.map((g) => el("option", { value: g.name }, g.title)));
  gameSel.value = saved.game || "soon";
  const name = el("input", { id: "name", name: "name", required: true, maxLength: 24, value: localStorage.getItem("veillee-name") || "", autocomplete: "nickname" });
  const playersBox = el("div", { class: "seats-choice" });
  const optionsBox = el("div", { class: "options" });
  const listed = el("input", { type: "checkbox", id: "public", name: "public" });
  const timer = el("select", { id: "timer" }, [["", T("no_timer")], ["30", "30 s"], ["60", "1 min"], ["120", "2 min"]].map(([v, l]) => el("option", { value: v }, l)));
  const form = el("form", { class: "card-panel create" }, [
    el("h1", {}, T("create_title")),
    el("p", { class: "lead" }, T("create_lead")),
    el("label", {}, [T("your_name"), name]),
    el("label", {}, [T("game"), gameSel]),
    playersBox,
    optionsBox,
    el("label", {}, [T("timer"), timer]),
    el("label", { class: "option-check" }, [listed, T("public_table")]),
    el("button", { type: "submit", class: "primary", id: "create" }, T("create")),
  ]);
  const seats = [];
  function fill() {
    const g = games.find((x) => x.name === gameSel.value);
    onGame(g.name);
    const count = Math.min(Math.max(seats.length || 3, g.min_players), g.max_players);
    const countSel = el("select", { id: "players" }, range(g.min_players, Math.min(g.max_players, 8) + 1).map((n) => el("option", { value: n }, String(n))));
    countSel.value = String(count);
    const list = el("ol", { class: "seat-list" });
    function seatRows() {
      const n = Number(countSel.value);
      while (seats.length < n) seats.push(seats.length === 0 ? "you" : "friend");
      seats.length = n;
      list.replaceChildren(...seats.map((who, i) => {
        if (i === 0) return el("li", {}, T("you"));
        const sel = el("select", { "data-seat": i, "aria-label": `${T("seat")} ${i + 1}` }, [
          el("option", { value: "friend" }, T("friend")),
          ...botLevels.map((lvl) => el("option", { value: lvl }, `${T("bot")} (${T("lvl_" + lvl)})`)),
        ]);
        sel.value = who;
        sel.onchange = () => { seats[i] = sel.value; };
        return el("li", {}, sel);
      }));
    }
    countSel.onchange = () => { seatRows(); optionRows(); };
    seatRows();
    playersBox.replaceChildren(el("label", {}, [T("players"), countSel]), list);
    function optionRows() {
      const controls = (g.options || []).map((o) => optionControl(o, Number(countSel.value)));
      const main = controls.filter((c, i) => !g.options[i].advanced);
      const more = controls.filter((c, i) => g.options[i].advanced);
      optionsBox.replaceChildren(...main, ...(more.length ? [el("details", { class: "more-options" }, [el("summary", {}, T("more_options")), ...more])] : []));
    }
    optionRows();
  }
  gameSel.onchange = fill;
  fill();
  form.onsubmit = async (e) => {
    e.preventDefault();
    const g = gameSel.value;
    const options = {};
    for (const input of optionsBox.querySelectorAll("[data-option]")) {
      const value = optionValue(input);
      if (value !== undefined) options[input.dataset.option] = value;
    }
    localStorage.setItem("veillee-name", name.value.trim());
    localStorage.setItem("veillee-home", JSON.stringify({ game: g }));
    const body = { game: g, players: seats.length, options, name: name.value.trim(), turn_seconds: timer.value ? Number(timer.value) : null, public: listed.checked };
    const answer = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const table = await answer.json();
    if (!answer.ok) return toast(errorText(table));
    await created(table, seats);
  };
  return form;
}

// A form control for one declared option.
function optionControl(o, players) {
  const label = (o.label && o.label[lang()]) || o.name;
  const attrs = { "data-option": o.name, "data-kind": o.kind, title: o.help };
  let input;
  if (o.kind === "bool") {
    input = el("input", { ...attrs, type: "checkbox" });
    input.checked = Boolean(o.default);
    return el("label", { class: "option-check" }, [input, label]);
  }
  if (o.kind === "choice") {
    const names = (o.choice_labels && o.choice_labels[lang()]) || {};
    input = el("select", attrs, o.choices.map((c) => el("option", { value: c }, names[c] || c)));
    input.value = o.default;
  } else if (o.kind === "seat") {
    input = el("select", attrs, [el("option", { value: "" }, "—"), ...range(0, players).map((k) => el("option", { value: k }, `${T("seat")} ${k + 1}`))]);
    input.value = "";
  } else {
    input = el("input", { ...attrs, type: "number", min: o.minimum, max: o.maximum, step: 1, placeholder: o.nullable ? "—" : "" });
    input.value = o.default === null ? "" : String(o.default);
  }
  return el("label", {}, [label, input]);
}

// The value a control holds: undefined leaves the option to its default.
function optionValue(input) {
  if (input.dataset.kind === "bool") return input.checked;
  if (input.value === "") return input.dataset.kind === "seat" ? undefined : null;
  return input.dataset.kind === "choice" ? input.value : Number(input.value);
}

function range(a, b) { return Array.from({ length: b - a }, (_, i) => a + i); }
