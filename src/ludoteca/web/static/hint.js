// Hints: a person alone against bots may turn hints on and ask for the move the review's value
// function likes best; the page says it in words and lights it on the board (its piece, its
// target and every click of its path) and among the move buttons, until the next position.
import { _, explain, language, ngettext } from "./i18n.js";
import { boot, card, el, notice, onView, post, seated } from "./events.js";

let view = null;
let on = false;
let shown = null; // the hint on the board now: {action, text}
const base = `/api/tables/${boot.table}`;

const alone = (v) => v.seats.every((s) => s.seat === boot.seat || s.kind === "bot");

function light(action) {
  const move = view.legal.find((m) => m.action === action);
  const selectors = [`[data-target-of="${action}"]`, `[data-action="${action}"]`,
    ...((move && move.clicks) || []).map((t) => `[data-click="${CSS.escape(t)}"]`)];
  const lit = `#board :is(${selectors.join(", ")}), #moves [data-action="${action}"]`;
  for (const node of document.querySelectorAll(lit)) {
    node.classList.add("hint");
  }
}

async function ask() {
  const params = new URLSearchParams({ seat: boot.seat, token: boot.token });
  const response = await fetch(`${base}/hint?${params}`);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    notice(explain(body) || response.statusText);
    return;
  }
  if (!view || !view.your_turn) return; // the turn passed while it was worked out
  // The API answers in English; the page names the move in its own language, as its buttons do.
  const move = view.legal.find((m) => m.action === body.action);
  const text = move && move.text ? _("Hint: {move} ({notation})", { move: move.text, notation: move.notation }) : body.text;
  shown = { action: body.action, text };
  light(body.action);
  show();
}

function switched(event) {
  const wanted = event.target.checked;
  post(`${base}/hints`, { on: wanted })
    .then((answer) => { on = answer.on; show(); })
    .catch((error) => { event.target.checked = on; notice(error.message); });
}

function show() {
  if (!seated || !view) return;
  const section = card("hint", "moves-panel");
  section.hidden = view.status !== "playing";
  if (section.hidden) return;
  if (!alone(view)) { // say why there are none, rather than hide them without a word
    const others = view.seats.filter((s) => s.seat !== boot.seat && s.kind !== "bot").map((s) => s.name);
    section.replaceChildren(el("p", { class: "muted", "data-testid": "hints-why" },
      ngettext("No hints: they are only for a game against bots, and {names} plays here too.",
        "No hints: they are only for a game against bots, and {names} play here too.", others.length,
        { names: new Intl.ListFormat(language).format(others) })));
    return;
  }
  const toggle = el("input", { type: "checkbox", id: "hints-on", checked: on, "data-testid": "hints-on" });
  toggle.addEventListener("change", switched);
  const parts = [el("label", { class: "toggle" }, toggle, " ", _("Hints"))];
  if (on) {
    const button = el("button", { type: "button", class: "button", "data-testid": "hint",
      disabled: !view.your_turn }, _("Show a hint"));
    button.addEventListener("click", ask);
    parts.push(button);
  }
  if (on && shown) parts.push(el("p", { class: "hint-text", "data-testid": "hint-text", role: "status" }, shown.text));
  section.replaceChildren(...parts);
}

onView((v) => {
  if (!view || v.version !== view.version) shown = null; // a new position: the hint is old
  view = v;
  if (shown) light(shown.action); // the same position drawn again (a name, a presence)
  show();
});
