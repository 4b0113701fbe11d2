// The live table: renders each view the server sends and sends the moves this seat makes.
// With pass-and-play (seats the lobby marked "here") the page holds several seats, one socket
// each, and shows the seat whose turn it is, after a "ready" screen that hands the device over.
import { boot, el } from "./events.js";
import { _, explain, language, ngettext } from "./i18n.js";
import { fitBoard } from "./fit.js";
import { rememberName, rememberedName } from "./names.js";
import { pageSeats } from "./seats.js";
import { timeLeft } from "./time-left.js";

const $ = (id) => document.getElementById(id);
const board = $("board");
const mine = pageSeats(boot);
const links = new Map(); // the seat each socket acts for (null: a spectator's) → its socket
let active = boot.seat; // the seat whose view is on the page
for (const held of mine.slice(1)) { // played here: nobody needs their invite
  const invite = document.querySelector(`#invites li[data-seat="${held.seat}"]`);
  if (invite) invite.hidden = true;
}
let version = -1;
let view = null;
let pending = null; // the newest view not drawn yet: fast bots may send several per frame
let clicked = []; // the click tokens chosen so far, for games whose moves take several clicks

function showError(message) {
  const toast = $("error");
  toast.textContent = message;
  toast.hidden = false;
  board.classList.remove("waiting");
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { toast.hidden = true; }, 5000);
}

function setOnline(online) {
  const badge = $("connection");
  badge.textContent = online ? _("live") : _("offline");
  badge.classList.toggle("online", online);
}

async function play(move) {
  board.classList.add("waiting");
  const link = links.get(active);
  if (link && link.socket && link.socket.readyState === WebSocket.OPEN) {
    link.socket.send(JSON.stringify(move));
    return;
  }
  // No live connection: the HTTP API takes the same move and answers with the new view.
  const held = mine.find((s) => s.seat === active);
  const response = await fetch(`/api/tables/${boot.table}/actions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ seat: active, token: held ? held.token : null, ...move }),
  });
  const body = await response.json();
  if (response.ok) render(body);
  else showError(explain(body));
}

// An image's parts are hidden from screen readers and may hold nothing to tab to: a board with
// moves to tab through is a group of buttons, otherwise one picture with its description.
function boardRole() {
  const svg = board.querySelector("svg");
  if (svg) svg.setAttribute("role", svg.querySelector("[tabindex]") ? "group" : "img");
}

function wireBoard() {
  for (const piece of board.querySelectorAll("[data-action]")) {
    const action = Number(piece.dataset.action);
    const targets = board.querySelectorAll(`[data-target-of="${action}"]`);
    piece.setAttribute("tabindex", "0");
    piece.setAttribute("role", "button");
    piece.addEventListener("click", () => play({ action }));
    piece.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); play({ action }); }
    });
    const hot = (on) => targets.forEach((t) => t.classList.toggle("hot", on));
    for (const [name, on] of [["mouseenter", true], ["mouseleave", false], ["focus", true], ["blur", false]]) {
      piece.addEventListener(name, () => hot(on));
    }
  }
  boardRole();
  for (const target of board.querySelectorAll("[data-target-of]")) {
    target.addEventListener("click", () => play({ action: Number(target.dataset.targetOf) }));
  }
}

// Click paths: each legal move may list the tokens (`data-click` on the board) a person clicks
// to choose it. A move is played once the clicked tokens are its whole path and no other move's
// path goes on from there; when one does, clicking the last token again plays the exact move.
const startsWith = (path, prefix) => prefix.length <= path.length && prefix.every((t, i) => path[i] === t);
const samePath = (a, b) => a.length === b.length && startsWith(a, b);
const pathMoves = () => (view && view.your_turn ? view.legal.filter((m) => m.clicks) : []);

function paintClicks() {
  const moves = pathMoves();
  const open = moves.filter((m) => startsWith(m.clicks, clicked));
  const next = new Set(open.filter((m) => m.clicks.length > clicked.length).map((m) => m.clicks[clicked.length]));
  const exact = open.find((m) => samePath(m.clicks, clicked));
  if (exact) next.add(clicked[clicked.length - 1]);
  for (const node of board.querySelectorAll("[data-click]")) {
    const live = next.has(node.dataset.click);
    node.classList.toggle("clickable", live);
    node.classList.toggle("selected", clicked.includes(node.dataset.click));
    // The chosen token stays focusable: Enter on it again lets it go (see `choose`).
    if (live || clicked.includes(node.dataset.click)) { node.setAttribute("tabindex", "0"); node.setAttribute("role", "button"); }
    else { node.removeAttribute("tabindex"); node.removeAttribute("role"); }
  }
  showButtons(clicked.length > 0 && moves.length > 0 ? open.map((m) => m.action) : null);
  boardRole();
  $("selection").hidden = clicked.length === 0;
  $("selection-text").textContent = clicked.map(clickLabel).filter(Boolean).join(" → ");
}

// What a chosen click token is called where players read it: the element's own words (its
// aria-label, its SVG title or a button's text), never the token itself ("animal:rD").
function clickLabel(token) {
  const node = document.querySelector(`[data-click="${CSS.escape(token)}"]`);
  if (!node) return "";
  const title = [...node.children].find((child) => child.tagName.toLowerCase() === "title");
  const words = node.getAttribute("aria-label") || (title && title.textContent)
    || (node.tagName === "BUTTON" ? node.textContent : "");
  return words.trim();
}

// The move buttons for `actions` (null: every legal move); a list too long to scan is left to
// the board and the notation box, with a line saying so.
const BUTTON_LIMIT = 40;
function showButtons(actions) {
  const count = actions === null ? (view ? view.legal.length : 0) : actions.length;
  const shown = actions === null ? null : new Set(actions);
  const many = count > BUTTON_LIMIT;
  for (const button of document.querySelectorAll("#moves .move")) {
    button.hidden = many || (shown !== null && !shown.has(Number(button.dataset.action)));
  }
  $("moves-note").hidden = !many;
  $("moves-note").textContent = ngettext("{n} possible move: click the board, or type it below.", "{n} possible moves: click the board, or type one below.", count);
}

function resetClicks() {
  clicked = [];
  paintClicks();
}

function choose(token) {
  const moves = pathMoves();
  const exact = moves.find((m) => samePath(m.clicks, clicked));
  if (exact && token === clicked[clicked.length - 1]) { clicked = []; play({ action: exact.action }); return; }
  const longer = [...clicked, token];
  if (moves.some((m) => startsWith(m.clicks, longer))) clicked = longer;
  else if (clicked.length === 1 && token === clicked[0]) clicked = []; // a second click lets go
  else clicked = moves.some((m) => m.clicks[0] === token) ? [token] : [];
  const open = moves.filter((m) => startsWith(m.clicks, clicked));
  if (clicked.length && open.length === 1 && samePath(open[0].clicks, clicked)) {
    clicked = [];
    play({ action: open[0].action });
    return;
  }
  paintClicks();
}

board.addEventListener("click", (event) => {
  if (board.classList.contains("waiting") || !pathMoves().length) return;
  const node = event.target.closest("[data-click]");
  if (node && node.classList.contains("clickable")) choose(node.dataset.click);
  else if (!event.target.closest("[data-action], [data-target-of]")) resetClicks();
});
board.addEventListener("keydown", (event) => {
  if (!event.target.closest) return;
  if (event.key in ARROWS) { stepFocus(event); return; }
  const node = event.target.closest("[data-click].clickable, [data-click].selected");
  if (node && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); choose(node.dataset.click); }
});

// The arrow keys move the focus to the nearest board control that way, so that a board with
// many targets (villa's ~160 squares) is not a long walk with Tab.
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const CONTROLS = "[data-action], [data-click][tabindex]";
function centre(node) {
  const box = node.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}
function stepFocus(event) {
  const from = event.target.closest(CONTROLS);
  if (!from) return;
  event.preventDefault();
  const [dx, dy] = ARROWS[event.key];
  const [x, y] = centre(from);
  let best = null;
  let score = Infinity;
  for (const node of board.querySelectorAll(CONTROLS)) {
    const [nx, ny] = centre(node);
    const ahead = (nx - x) * dx + (ny - y) * dy;
    if (node === from || ahead < 1) continue;
    const aside = Math.abs((nx - x) * dy - (ny - y) * dx);
    if (ahead + 2 * aside < score) { score = ahead + 2 * aside; best = node; }
  }
  if (best) best.focus();
}
document.addEventListener("keydown", (event) => { if (event.key === "Escape" && clicked.length) resetClicks(); });
$("selection-clear").addEventListener("click", resetClicks);

function renderMoves(v) {
  $("moves-panel").hidden = !v.your_turn;
  const moves = $("moves");
  moves.replaceChildren(...v.legal.map((m) => {
    // The move in words; its notation on demand ("Show notation"), as in the log.
    const button = el("button", { type: "button", class: "move", "data-action": m.action, title: m.notation },
      m.text || m.notation, " ", el("code", { class: "notation" }, m.notation));
    button.addEventListener("click", () => play({ action: m.action }));
    const tokens = (m.clicks || []).map((t) => `[data-click="${CSS.escape(t)}"]`);
    const targets = () => board.querySelectorAll(
      [`[data-target-of="${m.action}"]`, `[data-action="${m.action}"]`, ...tokens].join(", "));
    button.addEventListener("mouseenter", () => targets().forEach((t) => t.classList.add("hot")));
    button.addEventListener("mouseleave", () => targets().forEach((t) => t.classList.remove("hot")));
    return button;
  }));
  showButtons(null);
  $("notation").placeholder = v.legal.length ? _("or type a move, e.g. {example}", { example: v.legal[0].notation }) : _("or type a move");
}

// Each decision with the chance outcomes just before it (its roll); like `views.log_rows`.
function logRows(story) {
  const rows = [];
  let chance = [];
  for (const entry of story) {
    if (entry.seat < 0) chance.push(entry);
    else { rows.push({ chance, move: entry }); chance = []; }
  }
  if (chance.length) rows.push({ chance, move: null });
  return rows;
}

function renderLog(v, first) {
  const log = $("log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  const rows = logRows(v.story.map((entry, index) => ({ ...entry, index })));
  log.replaceChildren(...rows.map((row) => {
    const entries = row.move ? [...row.chance, row.move] : row.chance;
    const notation = entries.map((e) => e.notation).join(" · ");
    const item = el("li", { class: row.move ? "move-entry" : "chance-only", title: notation });
    for (const e of row.chance) item.append(el("span", { class: "chance" }, e.text), " ");
    if (row.move) item.append(el("span", { class: "say" }, row.move.text));
    item.append(el("code", { class: "notation" }, notation));
    if (entries.some((e) => e.index >= v.unseen)) item.classList.add("fresh");
    return item;
  }));
  const moves = rows.filter((row) => row.move !== null).length;
  $("move-count").textContent = moves ? `(${moves})` : "";
  if (atBottom || first) log.scrollTop = log.scrollHeight;
}

// The live region (#last-move) says in words what happened since the view before: the moves
// and rolls of the others (and one's own, confirmed). A first view or a takeback says the last row.
const SAY_AT_MOST = 8;
function announce(v, before) {
  let entries = before && before.story.length < v.story.length ? v.story.slice(before.story.length) : [];
  if (!entries.length) {
    const rows = logRows(v.story);
    const row = rows[rows.length - 1];
    entries = row ? [...row.chance, ...(row.move ? [row.move] : [])] : [];
  }
  const text = entries.slice(-SAY_AT_MOST).map((e) => e.text).join(" ");
  const region = $("last-move");
  if (region.textContent !== text) region.textContent = text;
}

function renderSeats(v) {
  $("seats").replaceChildren(...v.seats.map((s) => {
    const item = el("li", { "data-seat": String(s.seat) }, el("span", { class: "seat-name" }, s.name));
    if (s.kind !== "bot" && s.entered) item.append(" ", el("span", { class: "muted" }, s.colour));
    if (s.you) item.append(" ", el("span", { class: "tag you" }, _("you")));
    else if (mine.some((m) => m.seat === s.seat)) item.append(" ", el("span", { class: "tag" }, _("on this device")));
    if (s.seat === v.to_move) item.append(" ", el("span", { class: "to-move-mark" }, _("to move")));
    item.classList.toggle("to-move", s.seat === v.to_move);
    item.classList.toggle("you", s.you);
    return item;
  }));
}

function renderResult(v) {
  const banner = $("result");
  banner.hidden = !v.result;
  if (!v.result) return;
  $("result-title").textContent = v.result.headline;
  const lines = v.result.lines.filter((line) => line !== v.result.headline);
  $("ranking").replaceChildren(...lines.map((line) => el("li", {}, line)));
}

// A game's own board (`view.board`: a module under /static/games/<id>/, e.g. villa's 3D villa)
// is drawn instead of the SVG where it can run (the module's `mount` returns null without the
// WebGL it needs); the SVG stays one click away, behind the switch.
let ownBoard = null; // null: not tried yet, false: none here, else the module's handle
let flat = false;

async function loadOwnBoard(v) {
  ownBoard = false;
  try {
    const module = await import(v.board.module);
    const handle = module.mount($("board-own"), { play: (action) => play({ action }) });
    if (!handle) return;
    ownBoard = handle;
    handle.update(view);
    showOwnBoard();
  } catch (error) {
    console.warn("the game's own board could not start; the SVG board stays", error);
  }
}

function showOwnBoard() {
  const own = Boolean(ownBoard) && !flat;
  $("board-own").hidden = !own;
  board.hidden = own;
  const toggle = $("board-switch");
  toggle.hidden = !ownBoard;
  if (ownBoard) toggle.textContent = own ? ownBoard.flatName() : ownBoard.name();
}

$("board-switch").addEventListener("click", () => {
  flat = !flat;
  showOwnBoard();
  if (!flat && ownBoard) ownBoard.update(view);
});

// A redraw replaces the board and the move buttons; a keyboard player keeps their place. The
// focused control is found again by what it stands for (its move, click token or target); when
// that is gone (the move was played), the focus goes to the first control left, else the board.
const FOCUS_KEYS = { action: "data-action", click: "data-click", targetOf: "data-target-of" };
function focusPlace() {
  const node = document.activeElement;
  const root = [board, $("moves")].find((r) => node && node !== r && r.contains(node));
  if (!root) return null;
  const key = Object.keys(FOCUS_KEYS).find((k) => node.dataset && node.dataset[k] !== undefined);
  return { root, selector: key ? `[${FOCUS_KEYS[key]}="${CSS.escape(node.dataset[key])}"]` : null };
}
function restoreFocus(place) {
  if (!place || (document.activeElement && document.activeElement !== document.body)) return;
  const shown = (node) => node && node.getClientRects().length > 0 && node.matches("[tabindex], button");
  const again = place.selector ? place.root.querySelector(place.selector) : null;
  const first = [...place.root.querySelectorAll(`${CONTROLS}, button`)].find(shown);
  const target = shown(again) ? again : first || board;
  target.focus({ preventScroll: true });
}
board.setAttribute("tabindex", "-1"); // the focus's last resort, out of the Tab order

// At a turn-based table, the time left for the move it waits for, counted down while the page
// is open: the deadline is the server's, read by this device's clock (NTP keeps them in step).
const MOVE_TIME_MS = 30_000;
function showMoveTime() {
  const line = $("move-time");
  const deadline = view && view.status === "playing" && view.pace ? view.pace.deadline : null;
  line.hidden = !deadline;
  if (deadline) line.textContent = timeLeft((Date.parse(deadline) - Date.now()) / 1000);
}
setInterval(showMoveTime, MOVE_TIME_MS);

function render(v) {
  if (v.version < version) return; // an older view overtaken by a newer one
  const first = view === null;
  const previous = view;
  version = v.version;
  view = v;
  const place = focusPlace();
  const before = first ? null : piecePlaces();
  if (v.board && ownBoard === null) loadOwnBoard(v);
  else if (v.board && ownBoard && !flat) ownBoard.update(v);
  board.innerHTML = v.svg;
  if (before) slidePieces(before);
  $("board-description").textContent = v.position_text || "";
  board.classList.toggle("your-turn", v.your_turn);
  board.classList.remove("waiting");
  wireBoard();
  clicked = [];
  paintClicks();
  $("message").textContent = v.message;
  showMoveTime();
  $("status").hidden = Boolean(v.result);
  $("status").classList.toggle("your-turn", v.your_turn);
  $("status").classList.toggle("over", v.status !== "playing");
  document.title = `${v.your_turn ? "● " : ""}${v.game.title} · ludoteca`;
  renderMoves(v);
  renderLog(v, first);
  announce(v, previous);
  renderSeats(v);
  renderResult(v);
  if (v.seat !== null && v.seat !== undefined && $("you-tag")) $("you-tag").textContent = v.seats[v.seat].name;
  const over = v.status !== "playing";
  $("record-link").hidden = !over;
  $("replay-link").hidden = !over;
  document.body.dataset.status = v.status;
  document.body.dataset.version = String(v.version);
  restoreFocus(place);
  document.dispatchEvent(new CustomEvent("table:view", { detail: v })); // for events.js
  if (first) fitBoard($("status").hidden ? $("result") : $("status"), board);
}

// Pieces slide from where they stood to where they stand now (FLIP: measure, swap the board,
// then play each moved piece's offset back to zero). A game marks its pieces `data-piece`.
const SLIDE_MS = 350;
const still = window.matchMedia("(prefers-reduced-motion: reduce)");

function piecePlaces() {
  const places = new Map();
  for (const node of board.querySelectorAll("[data-piece]")) {
    const box = node.getBoundingClientRect();
    places.set(node.dataset.piece, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  }
  return places;
}

function slidePieces(before) {
  if (still.matches) return;
  for (const node of board.querySelectorAll("[data-piece]")) {
    const old = before.get(node.dataset.piece);
    if (!old || typeof node.getScreenCTM !== "function") continue;
    const box = node.getBoundingClientRect();
    const dx = old.x - (box.x + box.width / 2);
    const dy = old.y - (box.y + box.height / 2);
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
    // A CSS transform of an SVG element is in its parent's user units: map the screen offset
    // back through the parent's transform (the board may be scaled or turned).
    const ctm = node.parentNode.getScreenCTM ? node.parentNode.getScreenCTM() : null;
    if (!ctm) continue;
    const inv = ctm.inverse();
    const ux = inv.a * dx + inv.c * dy;
    const uy = inv.b * dx + inv.d * dy;
    const own = node.transform && node.transform.baseVal.numberOfItems
      ? node.transform.baseVal.consolidate().matrix : null;
    const base = own ? `matrix(${own.a}, ${own.b}, ${own.c}, ${own.d}, ${own.e}, ${own.f})` : "";
    node.animate(
      [{ transform: `translate(${ux}px, ${uy}px) ${base}` }, { transform: base || "none" }],
      { duration: SLIDE_MS, easing: "ease-out" },
    );
  }
}

// After the first view the server sends deltas: `log` and `story` hold the entries from index
// `since` on (web/live/view_message.py), and the board may come as `svg_patch`, runs over the lines
// of the board shown (web/table/board_patch.py). Merged into the view received before on the same
// socket, they make it whole.
function whole(received, v) {
  if (v.since === undefined) return v;
  if (received === null || received.log.length < v.since) return null; // cannot happen: resync
  const merged = { ...v, log: received.log.slice(0, v.since).concat(v.log) };
  merged.story = received.story.slice(0, v.since).concat(v.story);
  if (v.svg_patch !== undefined) merged.svg = patched(received.svg, v.svg_patch);
  delete merged.since;
  delete merged.svg_patch;
  return merged;
}

// A run is [start, count] (lines of the board before) or a string (new lines as they are).
function patched(before, runs) {
  const lines = before.split("\n");
  const text = (run) =>
    typeof run === "string" ? run : lines.slice(run[0], run[0] + run[1]).join("\n");
  return runs.map(text).join("\n");
}

function schedule(v) {
  const waiting = pending !== null;
  pending = v;
  if (!waiting) {
    requestAnimationFrame(() => {
      const next = pending;
      pending = null;
      render(next);
      // "Live" once the socket's first view is on the board, not merely when it opens.
      const first = links.get(boot.seat);
      const live = first && first.socket.readyState === WebSocket.OPEN;
      if (live && !$("connection").classList.contains("online")) setOnline(true);
    });
  }
}

// Pass-and-play: a view that gives one of this page's other seats the turn hands the device
// over to its person ("ready" first, so that nobody sees another's turn by accident); the seat
// on the page sees every other view of its own.
const handover = $("handover");
let handingTo = null;

function arrived(seat, v) {
  if (seat === active) { schedule(v); return; }
  if (!v.your_turn || handingTo === seat) return;
  handingTo = seat;
  const person = v.seats[seat];
  $("handover-title").textContent = _("{name}'s turn", { name: person.name });
  $("handover-colour").textContent = person.colour;
  handover.hidden = false;
  $("handover-ready").focus();
}

if (handover) {
  $("handover-ready").addEventListener("click", () => {
    if (handingTo === null) return;
    active = handingTo;
    handingTo = null;
    handover.hidden = true;
    const link = links.get(active);
    if (link && link.received) schedule(link.received);
  });
}

function connect(held) {
  const seat = held ? held.seat : null;
  const primary = seat === boot.seat;
  const link = links.get(seat) || { retries: 0, received: null, socket: null };
  links.set(seat, link);
  const params = new URLSearchParams();
  if (held) {
    params.set("seat", held.seat);
    params.set("token", held.token);
  }
  params.set("delta", "1");
  // The page's language, however the page chose it (?lang=, the cookie or Accept-Language):
  // a socket handshake need not carry the browser's Accept-Language (proxies, some browsers).
  params.set("lang", language);
  link.received = null;
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${window.location.host}/ws/table/${boot.table}?${params}`);
  link.socket = socket;
  socket.addEventListener("open", () => { link.retries = 0; });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") {
      link.received = whole(link.received, message.view);
      if (link.received === null) socket.close(); // reconnects, and gets a whole view first
      else arrived(seat, link.received);
    }
    else if (message.type === "error") { if (seat === active) showError(explain(message)); }
    else {
      if (message.type === "takeback" && message.state === "done") version = -1; // views go back
      // Chat, presence, takeback and the rest come on every socket: the page's own seat's tell.
      if (primary) document.dispatchEvent(new CustomEvent("table:message", { detail: message })); // events.js
    }
  });
  socket.addEventListener("close", (event) => {
    if (primary) setOnline(false);
    if (event.code >= 4400) return; // refused (unknown table, wrong token): retrying will not help
    const wait = Math.min(5000, 300 * 2 ** link.retries++);
    setTimeout(() => connect(held), wait);
  });
}

$("notation-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("notation").value.trim();
  if (text) play({ notation: text });
  $("notation").value = "";
});

for (const button of document.querySelectorAll("#invites .copy")) {
  button.addEventListener("click", async () => {
    const input = button.previousElementSibling;
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      button.textContent = _("Copied");
    } catch {
      document.execCommand("copy");
      button.textContent = _("Copied");
    }
    setTimeout(() => { button.textContent = _("Copy"); }, 1500);
  });
}

const nameForm = $("name-form");
if (nameForm) {
  if (!$("name-input").value) $("name-input").value = rememberedName(); // saved with "Save"
  nameForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    rememberName($("name-input").value);
    const response = await fetch(`/api/tables/${boot.table}/name`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seat: boot.seat, token: boot.token, name: $("name-input").value }),
    });
    if (!response.ok) showError(explain(await response.json()));
    // The new name arrives with the next view over the socket, for every seat alike.
  });
}

const notationToggle = $("show-notation");
const NOTATION_KEY = "ludoteca.show-notation";
function showNotation(on) {
  $("log").classList.toggle("show-notation", on);
  $("moves").classList.toggle("show-notation", on);
  notationToggle.checked = on;
}
notationToggle.addEventListener("change", () => {
  localStorage.setItem(NOTATION_KEY, notationToggle.checked ? "1" : "0");
  showNotation(notationToggle.checked);
});
showNotation(localStorage.getItem(NOTATION_KEY) === "1");

wireBoard();
for (const button of document.querySelectorAll("#moves [data-action]")) {
  button.addEventListener("click", () => play({ action: Number(button.dataset.action) }));
}
if (mine.length) mine.forEach(connect);
else connect(null);
