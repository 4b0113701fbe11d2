// The flat (SVG) villa, where the 3D one cannot run or is switched off (`svg.py`, `panel.py`).
// On a touch screen the first tap on a point of the enlarged grid only shows the column's
// footprint there (a mouse shows it on hover); a second tap on that point places the column
// through the table's click paths. A tapped zone of the top view brings its enlarged grid
// into sight (on a phone it is below the picture).
const board = document.getElementById("board");
let touch = false;

function preview(cell) {
  for (const other of board.querySelectorAll(".villa-zoom .cell.preview")) other.classList.remove("preview");
  cell.classList.add("preview");
}

if (board && !board.dataset.villaFlat) {
  board.dataset.villaFlat = "on";
  board.addEventListener("pointerdown", (event) => { touch = event.pointerType !== "mouse"; }, true);
  board.addEventListener("click", (event) => {
    if (board.classList.contains("waiting")) return;
    const cell = event.target.closest(".villa-zoom .cell.clickable");
    if (cell) {
      if (touch && !cell.classList.contains("preview")) {
        event.stopPropagation(); // the table's click paths do not see this tap
        preview(cell);
      }
      return;
    }
    const zone = event.target.closest(".villa-board .zone.clickable");
    if (zone) {
      const key = zone.dataset.click.split(":")[1];
      requestAnimationFrame(() => {
        const zoom = board.querySelector(`.villa-zoom[data-zone="${key}"]`);
        if (zoom) zoom.scrollIntoView({ block: "nearest" });
      });
    }
  }, true);
}
