"""The progress bar of every long run of games (arena, tuning, balance reports)."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def games_progress(console: Console | None, unit: str = "games") -> Progress:
    """A bar with done/total `unit`, the time taken and the estimated time left.

    Without a console (library use, tests) the bar is not shown.
    """
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        disable=console is None,
    )
