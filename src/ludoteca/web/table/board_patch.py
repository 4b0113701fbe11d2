"""A board's markup as a patch of the one a page already shows (`?delta=1` sockets).

From one step to the next most lines of a board's SVG stay the same (the track, the houses,
the legend); only the pieces, marks and captions move. A delta view therefore carries, instead
of the whole markup (20-40 KB, encoded, compressed and parsed at every step), a list of runs:
`[start, count]` copies that many lines of the previous markup from line `start`, a string
stands for new lines as they are. Joined with newlines, the runs give the new markup exactly;
`static/table.js` (`patched`) rebuilds it the same way.
"""

from __future__ import annotations

Run = list[int] | str

WORTH_IT = 0.6
"""A patch is sent only when its new text is under this share of the whole markup."""


class Markup:
    """A board's markup in lines, with the index where each distinct line first occurs: worked
    out once per view and kept by the sockets it was sent to, for their next patch."""

    __slots__ = ("first", "lines", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = text.split("\n")
        count = len(self.lines)
        self.first = dict(zip(reversed(self.lines), range(count - 1, -1, -1), strict=True))


def board_patch(old: Markup, new: Markup) -> list[Run] | None:
    """The runs that turn `old` into `new`, or None when sending `new` whole is as good."""
    before, after, first = old.lines, new.lines, old.first
    runs: list[Run] = []
    fresh: list[str] = []
    fresh_size = 0
    at = 0
    follows = -1  # the line of `before` after the last copied run
    while at < len(after):
        line = after[at]
        start = (
            follows if 0 <= follows < len(before) and before[follows] == line else first.get(line)
        )
        if start is None:
            fresh.append(line)
            fresh_size += len(line) + 1
            at += 1
            continue
        count = 1
        while (
            at + count < len(after)
            and start + count < len(before)
            and before[start + count] == after[at + count]
        ):
            count += 1
        if fresh:
            runs.append("\n".join(fresh))
            fresh = []
        runs.append([start, count])
        at += count
        follows = start + count
    if fresh:
        runs.append("\n".join(fresh))
    return runs if fresh_size < WORTH_IT * len(new.text) else None


def patched(old: str, runs: list[Run]) -> str:
    """`new` again from `old` and `board_patch(old, new)` (what the page does, for tests and
    for whoever reads the socket from Python)."""
    before = old.split("\n")
    return "\n".join(
        run if isinstance(run, str) else "\n".join(before[run[0] : run[0] + run[1]]) for run in runs
    )
