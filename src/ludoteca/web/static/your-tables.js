// The lobby's "Your tables": every seat this browser holds (seats.js), with whose turn it is and
// a link that continues the seat. The open tables' links lead such a player to their seat too.
import { _ } from "./i18n.js";
import { forget, heldSeats, seatPath } from "./seats.js";

const section = document.getElementById("your-tables");
const list = document.getElementById("your-tables-list");

function state(table, seat) {
  if (table.status !== "playing") return table.result ? _("Game over: {result}", { result: table.result }) : _("Game over");
  if (table.waiting) return _("Waiting for everyone to join");
  if (table.to_move === seat) return _("Your turn");
  if (table.to_move === null) return _("Waiting...");
  return _("{name} to move", { name: table.seats[table.to_move] });
}

function item(table, seat) {
  const li = document.createElement("li");
  const link = document.createElement("a");
  link.href = seatPath(seat);
  link.dataset.testid = "continue";
  link.textContent = `${table.title} · ${table.seats[seat.seat]}`;
  const status = document.createElement(table.to_move === seat.seat && table.status === "playing" ? "strong" : "span");
  status.className = table.to_move === seat.seat ? "your-turn-tag" : "muted";
  status.textContent = state(table, seat.seat);
  li.append(link, " ", status);
  return li;
}

async function show() {
  // A seat played on a shared screen (pass-and-play) is continued from its table's first seat.
  const seats = heldSeats().filter((s) => !s.here);
  for (const link of document.querySelectorAll("a[data-table]")) {
    const mine = seats.find((s) => s.table === link.dataset.table);
    if (mine) link.href = seatPath(mine);
  }
  if (!seats.length) return;
  const ids = [...new Set(seats.map((s) => s.table))];
  const response = await fetch(`/api/turns?tables=${ids.map(encodeURIComponent).join(",")}`);
  if (!response.ok) return;
  const answer = await response.json();
  for (const id of answer.unknown) forget(id);
  const tables = new Map(answer.tables.map((t) => [t.id, t]));
  const rows = seats.filter((s) => tables.has(s.table)).map((s) => ({ seat: s, table: tables.get(s.table) }));
  const playing = (row) => (row.table.status === "playing" ? 0 : 1);
  rows.sort((a, b) => playing(a) - playing(b) || b.seat.added - a.seat.added);
  list.replaceChildren(...rows.map((row) => item(row.table, row.seat)));
  section.hidden = rows.length === 0;
}

show();
