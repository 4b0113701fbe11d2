// "Play forced moves for me" (on unless switched off, remembered by the browser): when this
// seat's only legal move is on offer, it is played after a moment, as the person would have to.
import { onView, seated } from "./events.js";

const KEY = "ludoteca.play-forced";
const PAUSE_MS = 700; // long enough to see whose turn it was
const toggle = document.getElementById("play-forced");

function wanted() {
  try {
    return localStorage.getItem(KEY) !== "0";
  } catch {
    return true;
  }
}

if (seated && toggle) {
  toggle.checked = wanted();
  toggle.addEventListener("change", () => {
    try {
      localStorage.setItem(KEY, toggle.checked ? "1" : "0");
    } catch {
      // private mode: on for this page only
    }
  });
  let timer = null;
  onView((v) => {
    clearTimeout(timer);
    if (!toggle.checked || !v.your_turn || v.legal.length !== 1) return;
    timer = setTimeout(() => {
      const only = document.querySelector(`#moves .move[data-action="${v.legal[0].action}"]`);
      if (only && document.body.dataset.version === String(v.version)) only.click();
    }, PAUSE_MS);
  });
}
