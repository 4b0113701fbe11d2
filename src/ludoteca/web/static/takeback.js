// Takeback: against bots a person takes back their last move at once (the dice after it are
// drawn anew); with other people at the table it is a request they accept or refuse. None
// where the table's creator turned takebacks off.
import { _ } from "./i18n.js";
import { boot, card, el, notice, onMessage, onView, post } from "./events.js";

let view = null;
let asked = null;
const path = `/api/tables/${boot.table}/takeback`;

function name(seat) {
  return view ? view.seats[seat].name : String(seat);
}

function ask() {
  post(path).then((answer) => {
    if (answer.state === "asked") notice(_("Takeback asked: waiting for the other players' answer"));
  }).catch((error) => notice(error.message));
}

function answer(accept) {
  post(`${path}/answer`, { accept }).catch((error) => notice(error.message));
}

function show() {
  if (boot.seat === null || !view) return;
  const section = card("takeback", "moves-panel");
  if (view.takebacks && !view.takebacks.allowed) {
    section.hidden = true;
    return;
  }
  const mine = view.log.some(([player]) => player === boot.seat);
  const playing = view.status === "playing";
  const parts = [];
  if (asked && asked.waiting_for.includes(boot.seat)) {
    const yes = el("button", { type: "button", class: "button primary", "data-testid": "takeback-accept" }, _("Accept"));
    const no = el("button", { type: "button", class: "button", "data-testid": "takeback-refuse" }, _("Refuse"));
    yes.addEventListener("click", () => answer(true));
    no.addEventListener("click", () => answer(false));
    parts.push(el("p", {}, _("{name} asks to take back their last move.", { name: name(asked.seat) })),
      el("div", { class: "button-line" }, yes, no));
  } else if (playing && mine && !(asked && asked.seat === boot.seat)) {
    const button = el("button", { type: "button", class: "button", "data-testid": "takeback" }, _("Take back my last move"));
    button.addEventListener("click", ask);
    parts.push(button);
  }
  section.hidden = parts.length === 0;
  section.replaceChildren(...parts);
}

// Moves made by people: one more withdraws a request (bots play on meanwhile).
const peopleMoves = (v) => v.log.filter(([player]) => player >= 0 && v.seats[player].kind === "human").length;

onView((v) => {
  if (asked && view && peopleMoves(v) !== peopleMoves(view)) asked = null;
  view = v;
  show();
});
onMessage("takeback", (message) => {
  asked = message.state === "asked" ? message : null;
  if (message.state === "done") notice(_("{name} took back a move.", { name: name(message.seat) }));
  if (message.state === "refused") notice(_("The takeback was refused."));
  show();
});
