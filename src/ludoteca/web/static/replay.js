// The replay: steps through the positions of a finished game, each drawn by the server.
// Steps go by turns (a roll with the move that follows it) or, with the toggle, through every
// chance step; the move list jumps to a position; autoplay steps on at the chosen speed.
// `go` is exported, and every position shown is announced as a `replay:step` event (analysis.js).
import { _ } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const panel = $("replay");
const base = panel.dataset.base;
const last = Number(panel.dataset.last);
const slider = $("slider");
const list = $("move-list");
const cache = new Map();
let step = 0;
let wanted = 0;
let timer = null;

// The positions a step goes through: turn ends (with the start and the end), or all of them.
const turnSteps = [0, ...[...list.querySelectorAll("li[data-turn]")].map((li) => Number(li.dataset.turn))];
if (turnSteps[turnSteps.length - 1] !== last) turnSteps.push(last);
const allSteps = Array.from({ length: last + 1 }, (_unused, k) => k);
const steps = () => ($("every-chance").checked ? allSteps : turnSteps);

async function fetchStep(k) {
  if (!cache.has(k)) {
    cache.set(k, fetch(`${base}/${k}.json`).then((r) => {
      if (!r.ok) throw new Error(`step ${k}: ${r.status}`);
      return r.json();
    }));
  }
  return cache.get(k);
}

function markCurrent(k) {
  let current = null;
  for (const button of list.querySelectorAll("[data-step]")) {
    const target = $("every-chance").checked ? Number(button.dataset.step) : Number(button.dataset.turn);
    const on = target === k;
    button.classList.toggle("current", on);
    if (on) current = button;
  }
  if (current) current.scrollIntoView({ block: "nearest" });
}

export async function go(k) {
  k = Math.max(0, Math.min(last, k));
  wanted = k;
  const view = await fetchStep(k);
  if (wanted !== k) return; // a later request is on its way
  step = k;
  $("board").innerHTML = view.svg;
  $("caption").textContent = view.caption;
  $("position").textContent = _("Position {step} of {last}", { step: k, last });
  slider.value = String(k);
  document.body.dataset.step = String(k);
  markCurrent(k);
  document.dispatchEvent(new CustomEvent("replay:step", { detail: { step: k } }));
  const after = steps().find((s) => s > k);
  if (after !== undefined) fetchStep(after);
}

const nextStep = () => steps().find((s) => s > step) ?? last;
const previousStep = () => [...steps()].reverse().find((s) => s < step) ?? 0;
const moves = { first: () => 0, back: previousStep, forward: nextStep, last: () => last };
for (const button of panel.querySelectorAll("[data-go]")) {
  button.addEventListener("click", () => { stop(); go(moves[button.dataset.go]()); });
}
slider.addEventListener("input", () => { stop(); go(Number(slider.value)); });
document.addEventListener("keydown", (event) => {
  if (event.target === slider || event.target.tagName === "SELECT") return;
  const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
  if (keys[event.key]) { event.preventDefault(); stop(); go(moves[keys[event.key]]()); }
});
list.addEventListener("click", (event) => {
  const button = event.target.closest("[data-step]");
  if (!button) return;
  stop();
  go(Number($("every-chance").checked ? button.dataset.step : button.dataset.turn));
});
$("every-chance").addEventListener("change", () => markCurrent(step));

// Autoplay: one step per interval, stopping at the end or at any other control.
const playButton = $("autoplay");
function stop() {
  clearTimeout(timer);
  timer = null;
  playButton.textContent = `▶ ${playButton.dataset.play}`;
  playButton.setAttribute("aria-pressed", "false");
}
function tick() {
  if (step >= last) { stop(); return; }
  go(nextStep()).then(() => { if (timer !== null) timer = setTimeout(tick, Number($("speed").value)); });
}
playButton.addEventListener("click", () => {
  if (timer !== null) { stop(); return; }
  if (step >= last) go(0);
  playButton.textContent = `❚❚ ${playButton.dataset.pause}`;
  playButton.setAttribute("aria-pressed", "true");
  timer = setTimeout(tick, Number($("speed").value));
});
fetchStep(turnSteps[1] ?? 1);
