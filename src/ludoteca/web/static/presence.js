// Presence: a dot on each person's seat (connected or not), and while a table of several people
// waits for everyone to join, a card saying who is missing; its creator may start anyway.
import { _ } from "./i18n.js";
import { boot, card, el, notice, onMessage, onView, post } from "./events.js";

let presence = null;
let view = null;

function markSeats() {
  if (!presence || !view) return;
  const items = document.querySelectorAll("#seats > li");
  for (const seat of presence.humans) {
    const item = items[seat];
    if (!item) continue;
    const online = presence.connected.includes(seat);
    let dot = item.querySelector(".presence");
    if (!dot) {
      dot = el("span", { class: "presence", role: "img", "data-testid": `presence-${seat}` });
      item.querySelector(".seat-name").before(dot);
    }
    dot.dataset.online = String(online);
    dot.title = online ? _("connected") : _("not connected");
    dot.setAttribute("aria-label", dot.title);
  }
}

function start(bots) {
  post(`/api/tables/${boot.table}/start`, bots ? { bots } : {}).catch((error) => notice(error.message));
}

function showGathering() {
  const section = card("gathering", "status", _("Waiting for everyone to join"));
  section.hidden = !(presence && presence.waiting && view);
  if (section.hidden) return;
  const missing = presence.humans.filter((s) => !presence.joined.includes(s));
  const names = missing.map((s) => view.seats[s].name).join(", ");
  const parts = [el("p", { class: "muted" }, _("The game begins when every player has opened their link. Not here yet: {names}", { names }))];
  if (boot.seat !== null && boot.seat === presence.creator) {
    const now = el("button", { type: "button", class: "button primary", "data-testid": "start-now" }, _("Start now"));
    now.addEventListener("click", () => start(null));
    const bots = el("button", { type: "button", class: "button", "data-testid": "start-with-bots" }, _("Give the empty seats to bots"));
    bots.addEventListener("click", () => start("medium"));
    parts.push(el("div", { class: "button-line" }, now, bots));
  }
  section.replaceChildren(section.firstChild, ...parts);
}

onMessage("presence", (message) => {
  presence = message;
  markSeats();
  showGathering();
});
onView((v) => {
  view = v;
  markSeats();
  showGathering();
});
