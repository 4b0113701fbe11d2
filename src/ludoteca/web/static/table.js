// The live table: renders each view the server sends and sends the moves this seat makes.
const boot = JSON.parse(document.getElementById("boot").textContent);
const $ = (id) => document.getElementById(id);
const board = $("board");
let socket = null;
let version = -1;
let retries = 0;
let view = null;
let pending = null; // the newest view not drawn yet: fast bots may send several per frame

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

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
  badge.textContent = online ? "live" : "offline";
  badge.classList.toggle("online", online);
}

async function play(move) {
  board.classList.add("waiting");
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(move));
    return;
  }
  // No live connection: the HTTP API takes the same move and answers with the new view.
  const response = await fetch(`/api/tables/${boot.table}/actions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ seat: boot.seat, token: boot.token, ...move }),
  });
  const body = await response.json();
  if (response.ok) render(body);
  else showError(body.detail);
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
  for (const target of board.querySelectorAll("[data-target-of]")) {
    target.addEventListener("click", () => play({ action: Number(target.dataset.targetOf) }));
  }
}

function renderMoves(v) {
  $("moves-panel").hidden = !v.your_turn;
  const moves = $("moves");
  moves.replaceChildren(...v.legal.map((m) => {
    const button = el("button", { type: "button", class: "move", "data-action": m.action }, m.notation);
    button.addEventListener("click", () => play({ action: m.action }));
    const targets = () => board.querySelectorAll(`[data-target-of="${m.action}"], [data-action="${m.action}"]`);
    button.addEventListener("mouseenter", () => targets().forEach((t) => t.classList.add("hot")));
    button.addEventListener("mouseleave", () => targets().forEach((t) => t.classList.remove("hot")));
    return button;
  }));
}

// Each move with the chance outcome just before it (its roll); like `views.log_rows`.
function logRows(log) {
  const rows = [];
  let chance = null;
  for (const [player, notation] of log) {
    if (player < 0) {
      if (chance !== null) rows.push({ chance, seat: null, move: null });
      chance = notation;
    } else {
      rows.push({ chance, seat: player, move: notation });
      chance = null;
    }
  }
  if (chance !== null) rows.push({ chance, seat: null, move: null });
  return rows;
}

function renderLog(v, first) {
  const log = $("log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  const rows = logRows(v.log);
  log.replaceChildren(...rows.map((row) => {
    const item = el("li", { class: row.move === null ? "chance-only" : "move-entry" });
    if (row.chance !== null) item.append(el("span", { class: "chance" }, row.chance));
    if (row.move !== null) {
      item.append(el("b", {}, v.seats[row.seat].name), " ", el("span", { class: "notation" }, row.move));
    }
    return item;
  }));
  const moves = rows.filter((row) => row.move !== null).length;
  $("move-count").textContent = moves ? `(${moves})` : "";
  if (atBottom || first) log.scrollTop = log.scrollHeight;
}

function renderSeats(v) {
  $("seats").replaceChildren(...v.seats.map((s) => {
    const item = el("li", {}, el("span", { class: "seat-name" }, s.name), " ",
      el("span", { class: "muted" }, s.kind === "bot" ? s.agent : "human"));
    if (s.you) item.append(" ", el("span", { class: "tag you" }, "you"));
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
  $("ranking").replaceChildren(...v.result.ranking.map((seat) => {
    const value = v.result.returns[seat];
    return el("li", {}, v.seats[seat].label, " ",
      el("span", { class: "muted" }, (value >= 0 ? "+" : "") + value.toFixed(2)));
  }));
}

function renderInvites(v) {
  if (!v.invites) return;
  const origin = window.location.origin;
  for (const input of document.querySelectorAll("#invites input")) {
    input.value = origin + input.dataset.path;
  }
}

function render(v) {
  if (v.version < version) return; // an older view overtaken by a newer one
  const first = view === null;
  version = v.version;
  view = v;
  board.innerHTML = v.svg;
  board.classList.toggle("your-turn", v.your_turn);
  board.classList.remove("waiting");
  wireBoard();
  $("message").textContent = v.message;
  $("status").hidden = Boolean(v.result);
  $("status").classList.toggle("your-turn", v.your_turn);
  $("status").classList.toggle("over", v.status !== "playing");
  document.title = `${v.your_turn ? "● " : ""}${v.game.title} · ludoteca`;
  renderMoves(v);
  renderLog(v, first);
  renderSeats(v);
  renderResult(v);
  renderInvites(v);
  const over = v.status !== "playing";
  $("record-link").hidden = !over;
  $("replay-link").hidden = !over;
  document.body.dataset.status = v.status;
  document.body.dataset.version = String(v.version);
}

function schedule(v) {
  const waiting = pending !== null;
  pending = v;
  if (!waiting) requestAnimationFrame(() => { const next = pending; pending = null; render(next); });
}

function connect() {
  const params = new URLSearchParams();
  if (boot.seat !== null) {
    params.set("seat", boot.seat);
    params.set("token", boot.token);
  }
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${window.location.host}/ws/table/${boot.table}?${params}`);
  socket.addEventListener("open", () => { retries = 0; setOnline(true); });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") schedule(message.view);
    else if (message.error) showError(message.error);
  });
  socket.addEventListener("close", (event) => {
    setOnline(false);
    if (event.code >= 4400) return; // refused (unknown table, wrong token): retrying will not help
    const wait = Math.min(5000, 300 * 2 ** retries++);
    setTimeout(connect, wait);
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
      button.textContent = "Copied";
    } catch {
      document.execCommand("copy");
      button.textContent = "Copied";
    }
    setTimeout(() => { button.textContent = "Copy"; }, 1500);
  });
}

renderInvites({ invites: true });
wireBoard();
for (const button of document.querySelectorAll("#moves [data-action]")) {
  button.addEventListener("click", () => play({ action: Number(button.dataset.action) }));
}
connect();
