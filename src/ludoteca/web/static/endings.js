// The table's life beside its game (web/live/endings.py): a seated person may resign (a game of two)
// or leave (a bot plays on); the creator may list the table in the lobby, end it or delete it.
// Every step that cannot be undone asks first.
import { _ } from "./i18n.js";
import { boot, card, el, notice, onMessage, onView, post, seated } from "./events.js";

const base = `/api/tables/${boot.table}`;

function ask(question, path, then) {
  return async () => {
    if (!window.confirm(question)) return;
    try {
      then(await post(`${base}/${path}`));
    } catch (error) {
      notice(error.message);
    }
  };
}

function button(text, testid, action, primary = false) {
  const node = el("button", { type: "button", class: primary ? "button primary" : "button", "data-testid": testid }, text);
  node.addEventListener("click", action);
  return node;
}

function listedSwitch(v) {
  const box = el("input", { type: "checkbox", checked: v.listed, "data-testid": "listed" });
  box.addEventListener("change", async () => {
    try {
      await post(`${base}/listed`, { listed: box.checked });
    } catch (error) {
      box.checked = !box.checked;
      notice(error.message);
    }
  });
  return el("label", { class: "toggle" }, box, " ", _("Listed in the lobby: anyone may watch"));
}

function show(v) {
  const creator = seated && boot.seat === v.creator;
  const playing = v.status === "playing";
  const section = card("table-life", "chance-panel", _("This table"));
  section.hidden = !(creator || (seated && playing && v.seats[boot.seat].kind !== "bot"));
  if (section.hidden) return;
  const parts = [];
  if (creator) parts.push(el("p", {}, listedSwitch(v)));
  const buttons = [];
  if (seated && playing) {
    const two = v.seats.length === 2;
    const other = v.seats.find((s) => s.seat !== boot.seat);
    buttons.push(two
      ? button(_("Resign"), "resign", ask(_("Resign this game? {name} wins it.", { name: other.name }), "leave", () => {}))
      : button(_("Leave the game"), "leave", ask(_("Leave this game? A bot (medium) plays your colours to the end, and your link no longer opens this seat."), "leave", () => window.location.assign(v.links.spectate))));
  }
  if (creator && playing) {
    buttons.push(button(_("End the table"), "end-table", ask(_("End the game for everyone? The table is kept with its moves, but nobody can play on."), "end", () => {})));
  }
  if (creator) {
    buttons.push(button(_("Delete the table"), "delete-table", ask(_("Delete this table and everything about it (moves, chat, analysis) for everyone? This cannot be undone."), "delete", () => window.location.assign("/"))));
  }
  if (buttons.length) parts.push(el("div", { class: "button-line" }, ...buttons));
  section.replaceChildren(section.firstChild, ...parts);
}

onView(show);
onMessage("deleted", () => {
  notice(_("This table was deleted by the player who set it up."));
  document.body.dataset.status = "deleted";
});
