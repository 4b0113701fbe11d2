// Takeback: against bots a person takes back their last move at once (the dice after it are
// drawn anew); with other people at the table it is a request they accept or refuse. None
// where the table's creator turned takebacks off. On a shared screen (pass-and-play) the last
// person who moved there asks, and each other person there answers.
import { _ } from "./i18n.js";
import { boot, card, el, notice, onMessage, onView, post } from "./events.js";
import { pageSeats } from "./seats.js";

const held = new Map(pageSeats(boot).map((s) => [s.seat, s.token]));
const as = (seat) => ({ seat, token: held.get(seat) });

let view = null;
let asked = null;
const path = `/api/tables/${boot.table}/takeback`;

function name(seat) {
  return view ? view.seats[seat].name : String(seat);
}

function ask(seat) {
  post(path, as(seat)).then((answer) => {
    if (answer.state === "asked") notice(_("Takeback asked: waiting for the other players' answer"));
  }).catch((error) => notice(error.message));
}

function answer(seat, accept) {
  post(`${path}/answer`, { ...as(seat), accept }).catch((error) => notice(error.message));
}

function show() {
  if (boot.seat === null || !view) return;
  const section = card("takeback", "moves-panel");
  if (view.takebacks && !view.takebacks.allowed) {
    section.hidden = true;
    return;
  }
  // On a shared screen the last person to move there may take it back, whoever holds it now.
  const last = [...view.log].reverse().find(([player]) => player >= 0 && view.seats[player].kind === "human");
  const shared = held.size > 1;
  const seat = shared && last && held.has(last[0]) ? last[0] : view.seat;
  const mine = view.log.some(([player]) => player === seat);
  const playing = view.status === "playing";
  const parts = [];
  const answering = asked ? asked.waiting_for.filter((s) => held.has(s)) : [];
  if (answering.length) {
    parts.push(el("p", {}, _("{name} asks to take back their last move.", { name: name(asked.seat) })));
    for (const who of answering) {
      const yes = el("button", { type: "button", class: "button primary", "data-testid": "takeback-accept" }, _("Accept"));
      const no = el("button", { type: "button", class: "button", "data-testid": "takeback-refuse" }, _("Refuse"));
      yes.addEventListener("click", () => answer(who, true));
      no.addEventListener("click", () => answer(who, false));
      const line = el("div", { class: "button-line" }, yes, no);
      if (held.size > 1) line.prepend(el("span", {}, name(who)));
      parts.push(line);
    }
  } else if (playing && mine && !(asked && asked.seat === seat)) {
    const button = el("button", { type: "button", class: "button", "data-testid": "takeback" }, shared
      ? _("Take back {name}'s last move", { name: name(seat) }) : _("Take back my last move"));
    button.addEventListener("click", () => ask(seat));
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
