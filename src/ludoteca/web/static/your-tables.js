// The lobby's "Your tables": every table this browser holds a seat at (mine.js), with whose turn
// it is and a link that continues the seat. The open tables' links lead such a player there too.
import { badge, myTables, standing, yourTurn } from "./mine.js";
import { heldSeats, seatPath } from "./seats.js";

const section = document.getElementById("your-tables");
const list = document.getElementById("your-tables-list");

function item({ table, seat }) {
  const li = document.createElement("li");
  const link = document.createElement("a");
  link.href = seatPath(seat);
  link.dataset.testid = "continue";
  link.textContent = `${table.title} · ${table.seats[seat.seat]}`;
  const status = document.createElement(yourTurn({ table, seat }) ? "strong" : "span");
  status.className = table.to_move === seat.seat ? "your-turn-tag" : "muted";
  status.textContent = standing(table, seat.seat);
  li.append(link, " ", status);
  return li;
}

async function show() {
  const seats = heldSeats().filter((s) => !s.here);
  for (const link of document.querySelectorAll("a[data-table]")) {
    const mine = seats.find((s) => s.table === link.dataset.table);
    if (mine) link.href = seatPath(mine);
  }
  const rows = await myTables();
  list.replaceChildren(...rows.map(item));
  section.hidden = rows.length === 0;
  badge(rows.filter(yourTurn).length);
}

show();
