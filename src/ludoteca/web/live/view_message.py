"""The `view` message of a table's sockets, encoded once for every socket that shares it.

After a step every socket of a table gets the view of its seat in its language. Sockets of the
same viewpoint (one seat open in two tabs, spectators reading the same language) get the same
view, so it is built and JSON-encoded once per viewpoint rather than once per socket. The text
is compact JSON with UTF-8 as is (as Starlette's `send_json` sends), encoded by orjson: the
standard library's encoder took a tenth of the server's time under load.

A page that asks for deltas (`?delta=1` on its socket) gets, after its first full view, views
whose `log` and `story` hold only the entries from index `since` on (what it lacks): the whole
story grows with every action (tens of kilobytes late in a game) and would be encoded and sent
again at every step. A full view comes again when the moves it showed were taken back or the
names (and with them the story's sentences) changed. Such a delta also carries the board as
a patch of the markup the page shows (`web.table.board_patch`) where that is shorter.
"""

from __future__ import annotations

from typing import Any

import orjson

from ludoteca.i18n import use
from ludoteca.web.live.views import log_entries, table_view
from ludoteca.web.table.board_patch import Markup, board_patch
from ludoteca.web.table.table import Table

Viewpoint = tuple[int | None, str]
"""A seat (None: a spectator) and a language."""


def encode(message: dict[str, Any]) -> str:
    """A socket message as compact JSON text."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class ViewMessages:
    """The view messages of one step of `table`, built on first request per viewpoint."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._views: dict[Viewpoint, dict[str, Any]] = {}
        self._boards: dict[Viewpoint, Markup] = {}
        self._texts: dict[tuple[int | None, str, int | None, Markup | None], str] = {}

    def view(self, seat: int | None, language: str) -> dict[str, Any]:
        """The view of a viewpoint with no log or story (a delta from the last move on)."""
        view = self._views.get((seat, language))
        if view is None:
            with use(language):
                view = table_view(self.table, seat, len(self.table.moves))
            self._views[seat, language] = view
        return view

    def board(self, seat: int | None, language: str) -> Markup:
        """The board of a viewpoint's view in lines (what a delta socket keeps for the next)."""
        markup = self._boards.get((seat, language))
        if markup is None:
            markup = self._boards[seat, language] = Markup(self.view(seat, language)["svg"])
        return markup

    def text(
        self,
        seat: int | None,
        language: str,
        since: int | None = None,
        board: Markup | None = None,
    ) -> str:
        """The message for a viewpoint: the full view, or from `since` on a delta, its board
        patched from `board` (the markup the page shows) when given and worth it."""
        board = None if since is None else board
        key = (seat, language, since, board)
        text = self._texts.get(key)
        if text is None:
            view = self.view(seat, language)
            with use(language):
                view = {**view, **log_entries(self.table, since or 0), "since": since}
            if since is None:
                del view["since"]
            else:
                runs = None if board is None else board_patch(board, self.board(seat, language))
                if runs is not None:
                    del view["svg"]
                    view["svg_patch"] = runs
            text = self._texts[key] = encode({"type": "view", "view": view})
        return text
