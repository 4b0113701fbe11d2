// The replay: steps through the positions of a finished game, each drawn by the server.
import { _ } from "./i18n.js";

const panel = document.getElementById("replay");
const base = panel.dataset.base;
const last = Number(panel.dataset.last);
const slider = document.getElementById("slider");
const cache = new Map();
let step = 0;
let wanted = 0;

async function fetchStep(k) {
  if (!cache.has(k)) {
    cache.set(k, fetch(`${base}/${k}.json`).then((r) => {
      if (!r.ok) throw new Error(`step ${k}: ${r.status}`);
      return r.json();
    }));
  }
  return cache.get(k);
}

async function go(k) {
  k = Math.max(0, Math.min(last, k));
  wanted = k;
  const view = await fetchStep(k);
  if (wanted !== k) return; // a later request is on its way
  step = k;
  document.getElementById("board").innerHTML = view.svg;
  document.getElementById("caption").textContent = view.caption;
  document.getElementById("position").textContent = _("Position {step} of {last}", { step: k, last });
  slider.value = String(k);
  if (k < last) fetchStep(k + 1);
}

const moves = {
  first: () => 0,
  back: () => step - 1,
  forward: () => step + 1,
  last: () => last,
};
for (const button of panel.querySelectorAll("[data-go]")) {
  button.addEventListener("click", () => go(moves[button.dataset.go]()));
}
slider.addEventListener("input", () => go(Number(slider.value)));
document.addEventListener("keydown", (event) => {
  if (event.target === slider) return;
  const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
  if (keys[event.key]) { event.preventDefault(); go(moves[keys[event.key]]()); }
});
fetchStep(1);
