// The lobby form: shows the chosen game's setup and as many seats as there are players, with a
// name field for each seat a person takes here; the first person's name is the one typed last time.
import { rememberName, rememberedName } from "./names.js";
const select = document.getElementById("game-select");
const setups = document.querySelectorAll(".game-setup");

function showSeats(setup) {
  const players = Number(setup.querySelector(".players-select").value);
  for (const row of setup.querySelectorAll(".seat-row")) {
    const used = Number(row.dataset.seat) < players;
    row.hidden = !used;
    row.querySelector("select").disabled = !used;
    showName(row);
  }
}

// A person's seat past the first is either invited (a link to send) or "here": played on this
// device by someone at the same screen (pass-and-play), who then has a name field too.
function showName(row) {
  const seat = row.querySelector("select");
  const name = row.querySelector(".seat-name-input");
  const here = row.querySelector(".here-input");
  const person = !seat.disabled && seat.value === "human";
  if (here) {
    here.disabled = !person;
    here.closest(".here-toggle").hidden = !person;
  }
  const named = person && (!here || here.checked);
  name.hidden = !named;
  name.disabled = !named;
}

function showGame() {
  for (const setup of setups) {
    const chosen = setup.dataset.game === select.value;
    setup.hidden = !chosen;
    setup.disabled = !chosen;
    if (chosen) showSeats(setup);
  }
}

select.addEventListener("change", showGame);
for (const setup of setups) {
  setup.querySelector(".players-select").addEventListener("change", () => showSeats(setup));
  for (const row of setup.querySelectorAll(".seat-row")) {
    row.querySelector("select").addEventListener("change", () => showName(row));
    const here = row.querySelector(".here-input");
    if (here) here.addEventListener("change", () => showName(row));
  }
}
// The bots by algorithm are offered only with the "Advanced" fold open; closing it puts a seat
// that had one back on the medium strength.
for (const setup of setups) {
  const fold = setup.querySelector(".advanced-bots");
  const showAlgorithms = () => {
    for (const group of setup.querySelectorAll("optgroup.algorithms")) {
      group.hidden = !fold.open;
      const seat = group.parentElement;
      if (!fold.open && group.contains(seat.selectedOptions[0])) {
        seat.value = "medium";
        showName(seat.closest(".seat-row"));
      }
    }
  };
  fold.addEventListener("toggle", showAlgorithms);
  showAlgorithms();
}
showGame();
for (const input of document.querySelectorAll('.seat-name-input[name="name0"]')) {
  if (!input.value) input.value = rememberedName();
}
document.getElementById("table-form").addEventListener("submit", () => {
  const chosen = document.querySelector(".game-setup:not([disabled]) .seat-name-input[name=name0]:not([disabled])");
  if (chosen) rememberName(chosen.value);
});
// Turn-based play: the time per move and what happens when it runs out are asked only when
// chosen, and the strength of the bot only when a bot is to play the move.
const turnOptions = document.getElementById("turn-options");
function showPace() {
  const turnBased = document.querySelector('input[name="pace"]:checked').value === "turn";
  turnOptions.hidden = !turnBased;
  turnOptions.disabled = !turnBased;
  const forfeit = turnOptions.querySelector('input[name="on_timeout"][value="forfeit"]').checked;
  const strength = turnOptions.querySelector(".timeout-bot");
  strength.hidden = forfeit;
  strength.querySelector("select").disabled = forfeit;
}
for (const input of document.querySelectorAll('input[name="pace"], input[name="on_timeout"]')) {
  input.addEventListener("change", showPace);
}
showPace();
