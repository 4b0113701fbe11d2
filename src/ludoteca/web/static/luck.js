// The luck card (templates/_chance.html): when the game ends, the fingerprint gives way to the
// server's check of the revealed secret, with a link to check it oneself.
import { _ } from "./i18n.js";
import { onView } from "./events.js";

onView((v) => {
  const over = document.getElementById("luck-over");
  if (!over || v.chance.verified === undefined || !over.hidden) return;
  document.getElementById("luck-playing").hidden = true;
  document.getElementById("luck-verdict").textContent = v.chance.verified
    ? _("Verified: the secret is revealed, it matches the fingerprint published before the first roll, and every roll, card and draw of the game follows from it.")
    : _("Not verified: the rolls stored do not all follow from the secret.");
  over.hidden = false;
});
