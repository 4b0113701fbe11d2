"""The terminal screen: a board with a short log under it, redrawn after every change.

On a real terminal the screen is cleared and redrawn, so the board stays in one place. When
output goes to a pipe or a file, the log is printed line by line instead and the board only
where a person has to decide and at the end, so the output stays readable as a transcript.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence

from rich.console import Console, Group, RenderableType
from rich.text import Text

from ludoteca.core.api import State
from ludoteca.terminal import present

LOG_LINES = 10
"""Most log lines kept under the board on a live screen."""
SCREEN_ROWS = 22
"""Rows a live screen needs besides the log (title, board, prompt), to fit the log to the height."""


class Screen:
    """Where a game is shown; `live` redraws in place, otherwise it prints a transcript."""

    def __init__(
        self, console: Console, title: str, header: str = "", live: bool | None = None
    ) -> None:
        self.console = console
        self.title = title
        self.header = Text(header, style="dim")
        self.live = console.is_terminal and not console.is_dumb_terminal if live is None else live
        self.log: deque[Text] = deque(maxlen=LOG_LINES)
        if not self.live:
            console.rule(Text(title))
            if header:
                console.print(self.header)

    def event(self, text: str | Text, style: str = "") -> None:
        """Add a line to the log (printed at once when not live)."""
        line = Text.assemble(text, style=style)
        self.log.append(line)
        if not self.live:
            self.console.print(line)

    def show(
        self,
        state: State,
        marks: Mapping[int, str] | None = None,
        footer: Sequence[RenderableType] = (),
        *,
        force: bool = False,
    ) -> None:
        """Draw the position; when not live only if `force` (a decision point or the end)."""
        console = self.console
        if self.live:
            console.clear()
            console.rule(Text(self.title), style="bold")
            if self.header:
                console.print(self.header)
            console.print(present.board(state, marks))
            room = max(3, console.height - SCREEN_ROWS)
            console.print(Group(Text(""), *list(self.log)[-room:]))
        elif force:
            console.print(present.board(state, marks))
        for item in footer if self.live or force else ():
            console.print(item)
