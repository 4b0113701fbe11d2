// A guided first game (`/learn/<game>`): shows one step of the lesson, lights the piece (or the
// next field of its click path) that the lesson expects, and checks every click against it. A
// wrong click gets a friendly word and changes nothing; the right one asks the server for the
// next step, in which the move is played and the bot has answered (`web/lesson_pages.py`).
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
function quieten() {
  for (const node of board.querySelectorAll("[tabindex], [data-action], [data-click]")) {
    node.removeAttribute("tabindex");
    if (node.getAttribute("role") === "button") node.removeAttribute("role");
    node.classList.remove("lesson-lit", "clickable", "hot");
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

function light() {
  quieten();
  const selector = litSelector();
  const svg = board.querySelector("svg");
  if (svg) svg.setAttribute("role", selector ? "group" : "img");
  if (!selector) return [];
  const lit = [...board.querySelectorAll(selector)];
  lit.forEach((node, i) => {
    node.classList.add("lesson-lit");
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
    for (const node of board.querySelectorAll(litSelector())) node.classList.add("lesson-chosen");
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
  if (target.closest(selector)) return true;
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
