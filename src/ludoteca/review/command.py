"""`ludoteca review`: review a record with a progress bar, print the summary, write the files."""

from __future__ import annotations

import json
import shlex
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ludoteca.core.record import Record
from ludoteca.i18n import _, format_number
from ludoteca.review.marks import MARKS
from ludoteca.review.net import shipped_value
from ludoteca.review.report import render_review, seat_labels
from ludoteca.review.review import Review
from ludoteca.review.run import review_record
from ludoteca.terminal.progress import games_progress


def run_review(
    path: Path, html: Path | None, json_out: Path | None, jobs: int, console: Console
) -> Review:
    record = Record.load(path)
    states = record.states()
    shipped_value(states[0].game)  # no value function: say so before the bar appears
    start = time.perf_counter()
    with games_progress(console, unit=_("actions")) as progress:
        task = progress.add_task(_("review"), total=len(record.moves))
        review = review_record(record, jobs, lambda done: progress.advance(task, done))
    seconds = time.perf_counter() - start
    labels = seat_labels(record, states[0])
    console.print(summary_table(review, labels))
    if json_out is not None:
        document = {"game": record.game, "players": record.players, **review.to_json()}
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        console.print(_("JSON written to {path}").format(path=json_out))
    if html is not None:
        command = shlex.join(["ludoteca", "review", str(path), "--jobs", str(jobs)])
        html.parent.mkdir(parents=True, exist_ok=True)
        html.write_text(render_review(review, record, states, command, seconds), "utf-8")
        console.print(_("review written to {path}").format(path=html))
    console.print(_("{count} actions reviewed in {seconds} s").format(
        count=len(review.entries), seconds=format_number(round(seconds, 1))
    ))  # fmt: skip
    return review


def summary_table(review: Review, labels: list[str]) -> Table:
    """Per seat: decisions, average loss, marks, luck, result and luck-adjusted result."""
    table = Table(title=_("Skill and luck (percentage points of win probability)"))
    for heading in (_("seat"), _("unforced"), _("average loss"), *(_(m) for m in MARKS)):
        table.add_column(heading)
    for heading in (_("luck"), _("final"), _("luck-adjusted")):
        table.add_column(heading, justify="right")
    for seat in review.seats:
        table.add_row(
            labels[seat.seat],
            f"{seat.unforced}/{seat.decisions}",
            _points(seat.average_loss),
            *(str(seat.marks[m]) for m in MARKS),
            _points(seat.luck),
            _points(seat.final),
            _points(seat.luck_adjusted),
        )
    return table


def _points(value: float) -> str:
    return format_number(round(100 * value, 1))
