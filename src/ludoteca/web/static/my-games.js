// "My games": every table this browser holds a seat at (mine.js), newest first, whose turn it
// is, the time left for the move at a turn-based table and when it was last played; the number
// waiting for you in the title and on the app's icon.
import { _ } from "./i18n.js";
import { badge, myTables, standing, yourTurn } from "./mine.js";
import { seatPath } from "./seats.js";
import { timeLeft } from "./time-left.js";

const list = document.getElementById("my-games-list");

function el(tag, attrs, ...children) { // events.js's helper needs a table page's boot data
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}
const title = document.title;
const REFRESH_MS = 30_000;
const relative = new Intl.RelativeTimeFormat(document.documentElement.lang, { numeric: "auto" });
const STEPS = [["day", 86_400], ["hour", 3_600], ["minute", 60]];

function ago(iso) {
  const seconds = (Date.parse(iso) - Date.now()) / 1000;
  for (const [unit, size] of STEPS) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  return _("just now");
}

function row({ table, seat }) {
  const mine = yourTurn({ table, seat });
  const link = el("a", { href: seatPath(seat), class: "my-game-title", "data-testid": "my-game" }, table.title);
  const people = el("span", { class: "my-game-people" }, table.seats.join(" · "));
  const state = el(mine ? "strong" : "span", { class: mine ? "your-turn-tag" : "muted" }, standing(table, seat.seat));
  const parts = [link, people, state];
  if (table.seconds_left !== null && table.seconds_left !== undefined) {
    const overdue = table.seconds_left <= 0;
    parts.push(el("span", { class: overdue ? "my-game-time overdue" : "my-game-time", "data-testid": "time-left" }, timeLeft(table.seconds_left)));
  }
  if (table.played) {
    const last = table.last_mover === null ? null : table.seats[table.last_mover];
    const when = ago(table.played);
    parts.push(el("span", { class: "muted my-game-when" }, last ? _("{name} moved {when}", { name: last, when }) : _("set up {when}", { when })));
  }
  const item = el("li", { class: mine ? "my-game your-turn" : "my-game" }, ...parts);
  return item;
}

async function show() {
  const rows = await myTables();
  list.replaceChildren(...rows.map(row));
  document.getElementById("my-games-empty").hidden = rows.length > 0;
  const waiting = rows.filter(yourTurn).length;
  document.title = waiting ? `(${waiting}) ${title}` : title;
  badge(waiting);
}

show();
setInterval(show, REFRESH_MS);
document.addEventListener("visibilitychange", () => { if (!document.hidden) show(); });
