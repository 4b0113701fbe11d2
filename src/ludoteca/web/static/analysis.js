// The analysis under the replay's board (issue 18): "Analyse" starts it on the server, the bar
// follows it (polling, so a reload finds the run again), then the page draws each seat's win
// probability as a line (click it, or Enter on a marked move's dot, to go there), marks the move list with ?! ? ??,
// tells the better move of a marked decision (and draws it on the board on request, from the
// seat the replay is seen from), and sums up each seat's play against its luck in words.
import { _, explain, formatNumber, formatPercent } from "./i18n.js";
import { go, viewer } from "./replay.js";

const $ = (id) => document.getElementById(id);
const section = $("analysis");
const table = section?.dataset.table;
const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 500;
const DASHES = ["", "7 4", "2 3", "10 3 2 3"]; // a seat's line is told by more than its colour
const RADIUS = { inaccuracy: 4, mistake: 5.5, blunder: 7 };
let analysis = null;
let step = Number(document.body.dataset.step || 0);
let showingBetter = false;

function svg(name, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

function html(name, attributes = {}, ...children) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

const percent = (p) => formatPercent(Math.round(p * 100) / 100); // as the language writes it
const tenths = (p) => formatNumber(Math.abs(Math.round(p * 1000) / 10)); // points of win chance

function showError(answer) {
  const box = $("analysis-error");
  box.textContent = explain(answer);
  box.hidden = false;
  $("analysis-progress").hidden = true;
  $("analyse").disabled = false;
}

function showProgress(body) {
  $("analysis-progress").hidden = false;
  $("analysis-bar").value = body.percent;
  $("analysis-percent").textContent = formatPercent(body.percent / 100);
  section.dataset.status = "running";
}

async function load() {
  const answer = await fetch(`/table/${table}/analysis.json`);
  const body = await answer.json();
  if (!answer.ok) return showError(body);
  if (body.status === "running") {
    $("analyse").disabled = true;
    showProgress(body);
    setTimeout(load, POLL_MS);
  } else if (body.status === "done") {
    analysis = body.analysis;
    render();
  } else if (body.status === "failed") {
    showError(body);
  } else if (section.hasAttribute("data-start")) {
    section.removeAttribute("data-start");
    start();
  }
}

async function start() {
  $("analyse").disabled = true;
  $("analysis-error").hidden = true;
  showProgress({ percent: 0 });
  const answer = await fetch(`/api/tables/${table}/analysis`, { method: "POST" });
  if (!answer.ok) return showError(await answer.json());
  load();
}

// -- the graph: each seat's win probability at every position, the marks as dots --------------
function drawGraph() {
  const plot = $("graph-plot");
  const width = Math.max(280, plot.clientWidth || 600);
  const height = width < 500 ? 170 : 200;
  const left = 62, right = 10, top = 10, bottom = 34;
  const last = analysis.points.length - 1;
  const x = (k) => left + (k * (width - left - right)) / Math.max(1, last);
  const y = (p) => top + (1 - p) * (height - top - bottom);
  const chart = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, width, height, class: "graph-svg", role: "group",
    "aria-label": _("Win probability over the game: click a point to go to that position"),
    "data-testid": "graph",
  });
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    chart.append(svg("line", { x1: left, x2: width - right, y1: y(p), y2: y(p), class: p === 0.5 ? "grid half" : "grid" }));
    if (p * 2 === Math.round(p * 2)) {
      chart.append(svg("text", { x: left - 6, y: y(p) + 4, class: "tick", "text-anchor": "end" }, percent(p)));
    }
  }
  const ticks = Math.min(width < 500 ? 4 : 6, last);
  for (let t = 0; t <= ticks; t++) {
    const k = Math.round((t * last) / Math.max(1, ticks));
    const anchor = t === ticks ? "end" : t === 0 ? "start" : "middle";
    chart.append(svg("text", { x: x(k), y: height - bottom + 15, class: "tick", "text-anchor": anchor }, formatNumber(k)));
  }
  chart.append(svg("text", { x: (left + width - right) / 2, y: height - 3, class: "axis", "text-anchor": "middle" }, _("Position")));
  const middle = (top + height - bottom) / 2;
  chart.append(svg("text", { x: 12, y: middle, class: "axis", "text-anchor": "middle",
    transform: `rotate(-90 12 ${middle})` }, _("Win chance")));
  for (const seat of analysis.seats) {
    const line = analysis.points.map((values, k) => `${x(k).toFixed(1)},${y(values[seat.seat]).toFixed(1)}`).join(" ");
    chart.append(svg("polyline", { points: line, fill: "none", stroke: seat.ink, "stroke-width": 2.2,
      "stroke-dasharray": DASHES[seat.seat % DASHES.length], "stroke-linejoin": "round" }));
  }
  chart.append(svg("line", { id: "graph-cursor", x1: x(step), x2: x(step), y1: top, y2: height - bottom, class: "cursor" }));
  for (const mark of analysis.marks) {
    const seat = analysis.seats[mark.seat];
    const value = analysis.points[mark.step][mark.seat];
    const dot = svg("circle", {
      cx: x(mark.step), cy: y(value), r: RADIUS[mark.mark], fill: seat.ink, class: "graph-mark",
      tabindex: 0, role: "button", "data-step": mark.step, "data-graph-point": mark.mark,
      "aria-label": `${mark.symbol} ${mark.label}: ${mark.played}`,
    }, svg("title", {}, `${mark.symbol} ${mark.label}: ${mark.played}`));
    chart.append(dot);
  }
  chart.addEventListener("click", (event) => {
    const dot = event.target.closest("[data-step]");
    if (dot) return go(Number(dot.dataset.step));
    const box = chart.getBoundingClientRect();
    const at = ((event.clientX - box.left) * width) / box.width;
    go(Math.round(((at - left) * last) / (width - left - right)));
  });
  chart.addEventListener("keydown", (event) => {
    const dot = event.target.closest("[data-step]");
    if (dot && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); go(Number(dot.dataset.step)); }
  });
  chart.dataset.x0 = String(x(0));
  chart.dataset.x1 = String(x(last));
  plot.replaceChildren(chart);
  moveCursor();
}

function moveCursor() {
  const chart = $("graph-plot").querySelector("svg");
  const cursor = $("graph-cursor");
  if (!chart || !cursor) return;
  const last = analysis.points.length - 1;
  const x0 = Number(chart.dataset.x0), x1 = Number(chart.dataset.x1);
  const at = x0 + ((x1 - x0) * step) / Math.max(1, last);
  cursor.setAttribute("x1", at);
  cursor.setAttribute("x2", at);
}

function drawLegend() {
  $("graph-legend").replaceChildren(...analysis.seats.map((seat) => html("li", {},
    html("span", { class: "swatch", style: `--seat: ${seat.ink}`, "data-dash": DASHES[seat.seat % DASHES.length] ? "1" : "0", "aria-hidden": "true" }),
    seat.name)));
}

// -- the move list: a mark after each marked decision ----------------------------------------
function markMoves() {
  const list = $("move-list");
  for (const old of list.querySelectorAll(".move-mark")) old.remove();
  for (const mark of analysis.marks) {
    const button = list.querySelector(`[data-step="${mark.step}"]`);
    if (!button) continue;
    button.append(html("span", { class: `move-mark ${mark.mark}`, title: mark.label },
      html("span", { "aria-hidden": "true" }, ` ${mark.symbol}`),
      html("span", { class: "visually-hidden" }, ` (${mark.label})`)));
  }
}

// -- the better move of the decision that led to the position shown ---------------------------
function showBetter() {
  const mark = analysis?.marks.find((m) => m.step === step);
  const box = $("better");
  showingBetter = false;
  $("better-show").setAttribute("aria-pressed", "false");
  $("better-show").textContent = _("Show the better move on the board");
  box.hidden = !mark;
  if (!mark) return;
  box.dataset.mark = mark.mark;
  $("better-text").textContent = _("{symbol} {mark} by {player} (−{loss} points of win chance): {played}. Better: {better}.", {
    symbol: mark.symbol, mark: mark.label, player: mark.name, loss: tenths(mark.loss),
    played: mark.played, better: mark.better,
  });
}

$("better-show")?.addEventListener("click", async () => {
  const mark = analysis?.marks.find((m) => m.step === step);
  if (!mark) return;
  if (showingBetter) { go(step); return; }
  const from = viewer() === null ? "" : `?seat=${viewer()}`;
  const answer = await fetch(`/table/${table}/analysis/${mark.index}.json${from}`);
  const body = await answer.json();
  if (!answer.ok) return showError(body);
  $("board").innerHTML = body.svg;
  $("caption").textContent = _("Better: {better}", { better: body.better });
  showingBetter = true;
  document.body.dataset.better = String(mark.index);
  $("better-show").setAttribute("aria-pressed", "true");
  $("better-show").textContent = _("Show the move played");
});

// -- the summary: one card per seat, its figures in words (web/coach/view.py), and what
// each figure means, once, under the cards ---------------------------------------------------
function drawSummary() {
  const labels = Object.fromEntries(analysis.legend.map((f) => [f.key, f.label]));
  const cards = analysis.summary.map((s) => html("li", { class: "summary-card", "data-testid": "summary-card" },
    html("h3", {}, html("span", { class: "swatch", style: `--seat: ${analysis.seats[s.seat].ink}`, "aria-hidden": "true" }), s.name),
    html("dl", {}, ...s.figures.flatMap((f) => [html("dt", {}, labels[f.key]), html("dd", { "data-figure": f.key }, f.value)]))));
  const legend = html("dl", { class: "summary-legend" },
    ...analysis.legend.flatMap((f) => [html("dt", {}, f.label), html("dd", {}, f.explain)]));
  $("analysis-summary").replaceChildren(
    html("ul", { class: "summary-cards", "aria-label": _("Each player's play against their luck") }, ...cards),
    html("details", { class: "summary-help" }, html("summary", {}, _("What the figures mean")), legend));
}

function render() {
  $("analysis-progress").hidden = true;
  $("analyse").hidden = true;
  $("analysis-intro").hidden = true;
  for (const id of ["graph", "analysis-summary"]) $(id).hidden = false;
  drawLegend();
  drawGraph();
  markMoves();
  drawSummary();
  showBetter();
  section.dataset.status = "done";
}

if (section && $("analyse")) {
  $("analyse").addEventListener("click", start);
  document.addEventListener("replay:step", (event) => {
    step = event.detail.step;
    if (!analysis) return;
    moveCursor();
    showBetter();
    delete document.body.dataset.better;
  });
  let drawnWidth = 0;
  new ResizeObserver(() => {
    const width = $("graph-plot").clientWidth;
    if (analysis && width !== drawnWidth) { drawnWidth = width; drawGraph(); }
  }).observe($("graph-plot"));
  load();
}
