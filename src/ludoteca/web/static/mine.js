// The tables this browser holds a seat at (seats.js), with what the server says of each
// (`/my/tables`, in the page's language): shared by the lobby's "Your tables" and the "My games" page.
import { _ } from "./i18n.js";
import { forget, heldSeats } from "./seats.js";

// Each held table once, newest first, your turn before the others and finished games last.
// A seat played on a shared screen (pass-and-play) is continued from its table's first seat.
export async function myTables() {
  const seats = heldSeats().filter((s) => !s.here);
  if (!seats.length) return [];
  const ids = [...new Set(seats.map((s) => s.table))];
  const response = await fetch(`/my/tables?tables=${ids.map(encodeURIComponent).join(",")}`);
  if (!response.ok) return [];
  const answer = await response.json();
  for (const id of answer.unknown) forget(id);
  const tables = new Map(answer.tables.map((t) => [t.id, t]));
  const rows = seats.filter((s) => tables.has(s.table)).map((s) => ({ seat: s, table: tables.get(s.table) }));
  const rank = (row) => (row.table.status !== "playing" ? 2 : yourTurn(row) ? 0 : 1);
  const when = (row) => Date.parse(row.table.played || "") || row.seat.added || 0;
  rows.sort((a, b) => rank(a) - rank(b) || when(b) - when(a));
  return rows;
}

export const yourTurn = (row) => row.table.status === "playing" && !row.table.waiting && row.table.to_move === row.seat.seat;

// Where the game stands, for the person at `seat`, in words.
export function standing(table, seat) {
  if (table.status !== "playing") return table.result ? _("Game over: {result}", { result: table.result }) : _("Game over");
  if (table.waiting) return _("Waiting for everyone to join");
  if (table.to_move === seat) return _("Your turn");
  if (table.to_move === null) return _("Waiting...");
  return _("{name} to move", { name: table.seats[table.to_move] });
}

// The number of games waiting for this person, on the installed app's icon where it can show one.
export function badge(count) {
  if (!("setAppBadge" in navigator)) return;
  (count ? navigator.setAppBadge(count) : navigator.clearAppBadge()).catch(() => {});
}
