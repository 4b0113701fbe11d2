// Table chat: seated players write, spectators read. Lines are shown as text, never as HTML.
import { _ } from "./i18n.js";
import { boot, card, el, notice, onMessage, onView, post } from "./events.js";

const MAX_LENGTH = 300;
let seats = null;
let lines = [];
const section = card("chat", "log-card", _("Chat"));
const list = el("ol", { class: "chat-log", "data-testid": "chat-log", "aria-live": "polite" });
section.append(list);
section.hidden = false;

if (boot.seat !== null) {
  const input = el("input", { name: "chat", autocomplete: "off", maxLength: MAX_LENGTH, "data-testid": "chat-input" });
  input.placeholder = _("Say something to the table");
  input.setAttribute("aria-label", _("Chat message"));
  const form = el("form", { class: "notation-form" }, input,
    el("button", { type: "submit", class: "button" }, _("Send")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      await post(`/api/tables/${boot.table}/chat`, { text });
      input.value = "";
    } catch (error) {
      notice(error.message);
    }
  });
  section.append(form);
} else {
  section.append(el("p", { class: "muted" }, _("Only the players can write here.")));
}

function draw() {
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  list.replaceChildren(...lines.map((line) => {
    const who = seats && seats[line.seat] ? seats[line.seat].name : String(line.seat);
    return el("li", {}, el("b", {}, who), " ", el("span", {}, line.text));
  }));
  if (atBottom) list.scrollTop = list.scrollHeight;
}

onMessage("chat-history", (message) => { lines = message.lines; draw(); });
onMessage("chat", (message) => { lines.push(message.line); draw(); });
onView((v) => {
  const first = seats === null;
  seats = v.seats;
  if (first) draw();
});
