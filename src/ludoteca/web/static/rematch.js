// After the game: "Play again" (a new table, same players and options, first seat rotated),
// the replay and the record in plain sight, the invite card put away. When anyone at the table
// starts the rematch, everyone here is offered their own seat at it with one click.
import { _ } from "./i18n.js";
import { boot, card, el, notice, onMessage, onView, post } from "./events.js";

let offered = null;

function show(v) {
  const over = v.status !== "playing";
  const invites = document.getElementById("invites-panel");
  if (over && invites) invites.hidden = true;
  const section = card("after-game", "result");
  section.hidden = !over;
  if (!over) return;
  const parts = [];
  if (offered) {
    parts.push(el("a", { href: offered, class: "button primary", "data-testid": "rematch-join" },
      boot.seat !== null ? _("Join the rematch") : _("Watch the rematch")));
  } else if (boot.seat !== null) {
    const again = el("button", { type: "button", class: "button primary", "data-testid": "rematch" }, _("Play again"));
    again.addEventListener("click", async () => {
      again.disabled = true;
      try {
        const answer = await post(`/api/tables/${boot.table}/rematch`);
        window.location.assign(answer.path);
      } catch (error) {
        again.disabled = false;
        notice(error.message);
      }
    });
    parts.push(again);
  }
  parts.push(el("a", { href: v.links.replay, class: "button", "data-testid": "replay" }, _("Replay the game")));
  if (v.links.analysis) parts.push(el("a", { href: v.links.analysis, class: "button", "data-testid": "analyse" }, _("Analyse")));
  parts.push(el("a", { href: v.links.record, class: "button", download: "" }, _("Download the record")));
  section.replaceChildren(el("div", { class: "button-line" }, ...parts));
  inView(section);
}

// The result and what to do next are where the eye lands: a page scrolled down to the board
// (a phone, where they sit above it) is brought back to them.
function inView(section) {
  const result = document.getElementById("result");
  const top = result.hidden ? section : result;
  const box = section.getBoundingClientRect();
  if (top.getBoundingClientRect().top < 0 || box.bottom > window.innerHeight) {
    window.scrollTo({ top: Math.max(0, top.getBoundingClientRect().top + window.scrollY - 8) });
  }
}

let last = null;
onView((v) => { last = v; show(v); });
onMessage("rematch", (message) => {
  offered = message.path;
  if (last) show(last);
});
