// A table page opened with a seat link remembers it (see seats.js) and offers "copy my link";
// the spectator page of a table where this browser holds a seat offers to continue there.
import { _ } from "./i18n.js";
import { boot, el } from "./events.js";
import { heldSeats, remember, seatPath } from "./seats.js";

const links = document.querySelector(".links");

if (boot.seat !== null) {
  remember({ table: boot.table, seat: boot.seat, token: boot.token });
  const copy = el("button", { type: "button", class: "link-button", "data-testid": "copy-my-link" }, _("Copy my link"));
  copy.title = _("Your seat's own link: open it on any device to continue playing");
  copy.addEventListener("click", async () => {
    const link = boot.base + seatPath(boot); // the address other devices reach (web/http/addresses.py)
    try {
      await navigator.clipboard.writeText(link);
      copy.textContent = _("Copied");
    } catch {
      window.prompt(_("Your seat's link"), link);
    }
    setTimeout(() => { copy.textContent = _("Copy my link"); }, 1500);
  });
  links.prepend(copy);
} else {
  const mine = heldSeats().filter((s) => s.table === boot.table);
  for (const seat of mine) {
    links.prepend(el("a", { href: seatPath(seat), class: "button primary", "data-testid": "continue-seat" }, _("Continue at your seat")));
  }
}
