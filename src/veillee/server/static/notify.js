// « Your turn »: a short chime made with WebAudio (off by default, the choice kept in localStorage), and the
// tab's title and icon, which change while it is your turn so that a player in another tab sees it.
import { T } from "./common.js";

const KEY = "veillee-sound";
const TITLE = "veillée";
let audio = null;
let plainIcon = null;
// the page's icon with a red dot in its corner: no file to fetch, drawn like the page's own icon
const TURN_ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect x='3' y='1' width='10' height='14' rx='2' fill='%23f2c14e'/%3E%3Ccircle cx='12' cy='4' r='4' fill='%23e03131'/%3E%3C/svg%3E";

export function soundOn() { return localStorage.getItem(KEY) === "on"; }

// The header's toggle: a button whose aria-pressed tells the state; turning it on plays the chime once (the
// click is the gesture browsers ask for before a page may make a sound).
export function soundButton(button) {
  button.hidden = false;
  button.setAttribute("aria-pressed", String(soundOn()));
  button.title = T("sound");
  button.setAttribute("aria-label", T("sound"));
  button.onclick = () => {
    const on = !soundOn();
    localStorage.setItem(KEY, on ? "on" : "off");
    button.setAttribute("aria-pressed", String(on));
    if (on) chime();
  };
}

// Two soft notes; nothing when the sound is off. Counted in window.veilleeChimes (read by the browser tests).
export function chime() {
  if (!soundOn()) return false;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const start = audio.currentTime + 0.01;
    [660, 880].forEach((frequency, k) => {
      const at = start + k * 0.16;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.28);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.3);
    });
    window.veilleeChimes = (window.veilleeChimes || 0) + 1;
    return true;
  } catch {
    return false; // no audio device: the title and the icon still tell
  }
}

// The tab while it is (or is no longer) your turn: « ● Your turn — veillée » and the icon with a red dot.
export function turnSignal(mine) {
  const link = document.querySelector("link[rel='icon']");
  if (link && plainIcon === null) plainIcon = link.href;
  document.title = mine ? `● ${T("your_turn")} — ${TITLE}` : TITLE;
  if (link) link.href = mine ? TURN_ICON : plainIcon;
  document.body.dataset.yourTurn = String(mine);
}
