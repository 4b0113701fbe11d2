// A guided first game (`/learn/<game>`): shows one step of the lesson, lights the piece (or the
// next field of its click path) that the lesson expects, and checks every click against it. A
// wrong click gets a friendly word and changes nothing; the right one asks the server for the
// next step, in which the move is played and the bot has answered (`web/pages/lessons.py`).
import { _, language } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const board = $("board");
let view = JSON.parse($("lesson-boot").textContent);
let clicked = 0; // how many tokens of the expected click path have been chosen
let busy = false;

function say(text, tone) {
  const feedback = $("lesson-feedback");
  feedback.textContent = text;
  feedback.dataset.tone = tone || "";
}

// The board's controls belong to the lesson: only the lit element is focusable and named.
// The other moves' glow ("movable") and landing spots are put away, so that only the lesson's
// move stands out.
function quieten() {
  for (const node of board.querySelectorAll("[tabindex], [data-action], [data-click]")) {
    node.removeAttribute("tabindex");
    if (node.getAttribute("role") === "button") node.removeAttribute("role");
    node.classList.remove("lesson-lit", "lesson-lit-html", "clickable", "hot", "movable");
  }
  for (const node of board.querySelectorAll(".lesson-ring, .lesson-hit")) node.remove();
  const expected = view.expected ? String(view.expected.action) : null;
  for (const node of board.querySelectorAll("[data-target-of]")) {
    node.classList.toggle("lesson-target", node.dataset.targetOf === expected);
  }
}

function litSelector() {
  const expected = view.expected;
  if (!expected) return null;
  if (expected.clicks) return `[data-click="${CSS.escape(expected.clicks[clicked])}"]`;
  return `[data-action="${expected.action}"]`;
}

// What a lit element is called: its own words where it has them, else the move in words.
function nameOf(node) {
  const title = [...node.children].find((child) => child.tagName.toLowerCase() === "title");
  return node.getAttribute("aria-label") || (title && title.textContent.trim()) || view.expected.text;
}

// A ring drawn over the lit element, on top of everything (a field's own glow may lie under
// its neighbours and its piece); an element of an HTML panel gets an outline instead.
const SVG_NS = "http://www.w3.org/2000/svg";
function ring(node) {
  const svg = node.ownerSVGElement;
  if (!svg || !node.getBBox) { node.classList.add("lesson-lit-html"); return; }
  const box = node.getBBox();
  const toSvg = svg.getScreenCTM().inverse().multiply(node.getScreenCTM());
  const corners = [[box.x, box.y], [box.x + box.width, box.y + box.height], [box.x, box.y + box.height], [box.x + box.width, box.y]]
    .map(([x, y]) => new DOMPoint(x, y).matrixTransform(toSvg));
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const unit = 1 / (svg.getScreenCTM().a || 1); // one CSS pixel in the board's units
  const pad = 3 * unit;
  const shape = document.createElementNS(SVG_NS, "rect");
  shape.setAttribute("class", "lesson-ring");
  shape.setAttribute("x", Math.min(...xs) - pad);
  shape.setAttribute("y", Math.min(...ys) - pad);
  shape.setAttribute("width", Math.max(...xs) - Math.min(...xs) + 2 * pad);
  shape.setAttribute("height", Math.max(...ys) - Math.min(...ys) + 2 * pad);
  shape.setAttribute("rx", 6 * unit);
  shape.setAttribute("stroke-width", 4 * unit);
  shape.setAttribute("aria-hidden", "true");
  // Under the ring, a tap area at least 44 CSS pixels square: a field on a phone is smaller.
  const hit = document.createElementNS(SVG_NS, "rect");
  const side = (w) => Math.max(w, 44 * unit);
  const [cx, cy] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
  const [w, h] = [side(Math.max(...xs) - Math.min(...xs)), side(Math.max(...ys) - Math.min(...ys))];
  for (const [key, value] of Object.entries({ x: cx - w / 2, y: cy - h / 2, width: w, height: h })) hit.setAttribute(key, value);
  hit.setAttribute("class", "lesson-hit");
  hit.setAttribute("data-lesson-hit", "");
  hit.setAttribute("aria-hidden", "true");
  svg.append(hit, shape);
}

function light() {
  quieten();
  const selector = litSelector();
  const svg = board.querySelector("svg");
  if (svg) svg.setAttribute("role", selector ? "group" : "img");
  if (!selector) return [];
  const shown = (node) => node.getClientRects().length > 0;
  const lit = [...board.querySelectorAll(selector)];
  // "clickable", as on a live table, where a game's board shows only what can be chosen.
  lit.forEach((node) => node.classList.add("lesson-lit", "clickable"));
  lit.sort((a, b) => shown(b) - shown(a));
  lit.forEach((node, i) => {
    if (shown(node)) ring(node);
    if (i === 0) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", nameOf(node));
    }
  });
  return lit;
}

function render(next, focus) {
  view = next;
  clicked = 0;
  board.innerHTML = view.board;
  $("board-description").textContent = view.position_text || "";
  $("lesson-progress").textContent = view.done ? _("Finished") : _("Step {step} of {count}", { step: view.step + 1, count: view.count });
  $("lesson-say").textContent = view.say;
  $("lesson-why").textContent = view.why;
  $("lesson-happened").replaceChildren(...view.happened.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  $("lesson-end").hidden = !view.done;
  board.dataset.step = String(view.step);
  const lit = light();
  if (focus) {
    const target = lit[0] || (view.done ? document.querySelector("#lesson-end a") : $("lesson-say"));
    if (target) target.focus({ preventScroll: !view.done });
  }
}

async function advance(byKeyboard) {
  const expected = view.expected;
  if (expected.clicks && clicked + 1 < expected.clicks.length) {
    // "selected", as on a live table: a game's board may show more on it (villa's zoom).
    for (const node of board.querySelectorAll(litSelector())) node.classList.add("lesson-chosen", "selected");
    clicked += 1;
    const lit = light();
    say(_("Good. Now the lit field."), "good");
    if (byKeyboard && lit[0]) lit[0].focus();
    return;
  }
  busy = true;
  board.classList.add("waiting");
  try {
    const response = await fetch(`${view.next}?lang=${encodeURIComponent(language)}`);
    if (!response.ok) throw new Error(String(response.status));
    render(await response.json(), true);
    say(view.done ? _("That's it: you have finished the lesson!") : _("Well done."), "good");
  } catch {
    say(_("The next step could not be loaded: check the connection and try again."), "bad");
  } finally {
    busy = false;
    board.classList.remove("waiting");
  }
}

function isRight(target) {
  const selector = litSelector();
  if (!selector || !target.closest) return false;
  if (target.closest(selector) || target.closest("[data-lesson-hit]")) return true;
  // A one-click move may also be chosen by its landing spot, as on a live table.
  return !view.expected.clicks && Boolean(target.closest(`[data-target-of="${view.expected.action}"]`));
}

board.addEventListener("click", (event) => {
  if (busy || !view.expected) return;
  event.preventDefault();
  event.stopPropagation();
  if (isRight(event.target)) advance(false);
  else say(_("Not that one: this lesson wants the lit piece. Nothing was moved."), "bad");
}, true);

board.addEventListener("keydown", (event) => {
  if (busy || !view.expected || (event.key !== "Enter" && event.key !== " ")) return;
  if (!isRight(event.target)) return;
  event.preventDefault();
  advance(true);
});

render(view, false);
