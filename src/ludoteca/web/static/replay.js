// The replay: steps through the positions of a finished game, each drawn by the server.
// Steps go by turns (a roll with the move that follows it) or, with the toggle, through every
// chance step; the move list jumps to a position; autoplay steps on at the chosen speed.
// The board is drawn from the seat of whoever opens it (the page's `?seat=`, else a seat this
// browser holds at the table, seats.js), a spectator's view for strangers; "Turn the board"
// goes round the seats and the spectator's view.
// `go` and `viewer` are exported, and every position shown is announced as a `replay:step`
// event (analysis.js).
import { _ } from "./i18n.js";
import { fitBoard } from "./fit.js";
import { heldSeats } from "./seats.js";

const $ = (id) => document.getElementById(id);
const panel = $("replay");
const base = panel.dataset.base;
const last = Number(panel.dataset.last);
const slider = $("slider");
const list = $("move-list");
const cache = new Map();
const names = JSON.parse(panel.dataset.names);
const table = base.split("/")[2];
const held = heldSeats().find((s) => s.table === table);
let seat = panel.dataset.seat !== "" ? Number(panel.dataset.seat) : held ? held.seat : null;
let step = 0;
let wanted = 0;
let timer = null;

// The positions a step goes through: turn ends (with the start and the end), or all of them.
const turnSteps = [0, ...[...list.querySelectorAll("li[data-turn]")].map((li) => Number(li.dataset.turn))];
if (turnSteps[turnSteps.length - 1] !== last) turnSteps.push(last);
const allSteps = Array.from({ length: last + 1 }, (_unused, k) => k);
const steps = () => ($("every-chance").checked ? allSteps : turnSteps);

export const viewer = () => seat;

async function fetchStep(k) {
  const key = `${seat}:${k}`;
  if (!cache.has(key)) {
    const from = seat === null ? "" : `?seat=${seat}`;
    cache.set(key, fetch(`${base}/${k}.json${from}`).then((r) => {
      if (!r.ok) throw new Error(`step ${k}: ${r.status}`);
      return r.json();
    }));
  }
  return cache.get(key);
}

function markCurrent(k) {
  let current = null;
  for (const button of list.querySelectorAll("[data-step]")) {
    const target = $("every-chance").checked ? Number(button.dataset.step) : Number(button.dataset.turn);
    const on = target === k;
    button.classList.toggle("current", on);
    if (on) current = button;
  }
  if (current) scrollWithin(list, current);
}

// The move list scrolls to the current move by itself, never the page: on a phone the list is
// below the board, and scrolling the page there would push the board out of view.
function scrollWithin(box, item) {
  const outer = box.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top;
  else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom;
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
for (const button of document.querySelectorAll("[data-go]")) {
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
// Turning the board: the next seat's view, after the last seat a spectator's, then the first.
function showViewpoint() {
  $("viewpoint").textContent = seat === null ? _("Seen by a spectator") : _("Seen by {name}", { name: names[seat] });
  document.body.dataset.viewer = seat === null ? "" : String(seat);
}
$("turn-board").addEventListener("click", () => {
  seat = seat === null ? 0 : seat + 1 < names.length ? seat + 1 : null;
  showViewpoint();
  go(step);
});

showViewpoint();
if (seat !== null && panel.dataset.seat === "") go(0); // drawn as a spectator: redraw from the seat
else fetchStep(turnSteps[1] ?? 1);
fitBoard(document.querySelector(".status-card"), $("replay-steps"));
