// On a phone a page opens at its top bar, and a tall board (museum's house) would reach below
// the screen: the board is drawn at most as tall as the screen leaves (app.css), and where the
// top bar still pushes it out of view, the page scrolls once so that the status line is at the
// top and the board, with what plays it (`last`: the move buttons, the replay's steps), below.
const phone = window.matchMedia("(max-width: 980px)");

export function fitBoard(first, last) {
  if (!phone.matches || window.scrollY > 0 || !first || !last) return;
  const bottom = last.getBoundingClientRect().bottom;
  if (bottom > window.innerHeight) window.scrollTo({ top: first.getBoundingClientRect().top + window.scrollY - 4 });
}
