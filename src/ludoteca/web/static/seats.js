// The seats this browser holds: every seat link it opened, kept in local storage so that a
// closed tab or a lost link never loses a seat (the lobby lists them under "Your tables").
const KEY = "ludoteca.seats";
const LIMIT = 50;

export function heldSeats() {
  try {
    const seats = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(seats) ? seats.filter((s) => s && s.table && s.token) : [];
  } catch {
    return [];
  }
}

function store(seats) {
  try {
    localStorage.setItem(KEY, JSON.stringify(seats.slice(0, LIMIT)));
  } catch {
    // private mode or full storage: the seat is simply not remembered
  }
}

export function remember(seat) {
  const others = heldSeats().filter((s) => !(s.table === seat.table && s.seat === seat.seat));
  store([{ ...seat, added: Date.now() }, ...others]);
}

export function forget(table) {
  store(heldSeats().filter((s) => s.table !== table));
}

export const seatPath = (s) => `/table/${s.table}?seat=${s.seat}&token=${encodeURIComponent(s.token)}`;

// Pass-and-play: the other seats this browser plays at `boot`'s table, for people at this
// screen. The lobby sends them in the address's fragment (`#here=<seat>.<token>,...`, never
// seen by a server); they are kept with the seats and the fragment leaves the address bar, so
// that a copied address carries no one else's seat.
export function hereSeats(boot) {
  const match = window.location.hash.match(/^#here=([\w.,-]+)$/);
  if (match) {
    for (const part of match[1].split(",")) {
      const [seat, token] = part.split(".");
      if (/^\d+$/.test(seat) && token) remember({ table: boot.table, seat: Number(seat), token, here: true });
    }
    history.replaceState(null, "", window.location.pathname + window.location.search);
  }
  return heldSeats().filter((s) => s.table === boot.table && s.here && s.seat !== boot.seat)
    .sort((a, b) => a.seat - b.seat);
}

// Every seat this page acts for: the address's own seat first, then the pass-and-play seats
// (`hereSeats`). Worked out once per page, so that the table and its features (takeback) hold
// the same seats whichever asks first.
let onThisPage = null;
export function pageSeats(boot) {
  if (onThisPage === null) {
    onThisPage = boot.seat === null ? [] : [{ seat: boot.seat, token: boot.token }, ...hereSeats(boot)];
  }
  return onThisPage;
}
