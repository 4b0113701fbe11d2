"""The `view` message of a table's sockets, encoded once for every socket that shares it.

After a step every socket of a table gets the view of its seat in its language. Sockets of the
same viewpoint (one seat open in two tabs, spectators reading the same language) get the same
view, so it is built and JSON-encoded once per viewpoint rather than once per socket. The text
is what Starlette's `send_json` would send (compact separators, UTF-8 as is).

A page that asks for deltas (`?delta=1` on its socket) gets, after its first full view, views
whose `log` and `story` hold only the entries from index `since` on (what it lacks): the whole
story grows with every action (tens of kilobytes late in a game) and would be encoded and sent
again at every step. A full view comes again when the moves it showed were taken back or the
names (and with them the story's sentences) changed.
"""

from __future__ import annotations

import json
from typing import Any

from ludoteca.i18n import use
from ludoteca.web.table import Table
from ludoteca.web.views import table_view

Viewpoint = tuple[int | None, str]
"""A seat (None: a spectator) and a language."""


def encode(message: dict[str, Any]) -> str:
    """A socket message as the text Starlette's `send_json` sends."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class ViewMessages:
    """The view messages of one step of `table`, built on first request per viewpoint."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._views: dict[Viewpoint, dict[str, Any]] = {}
        self._texts: dict[tuple[int | None, str, int | None], str] = {}

    def text(self, seat: int | None, language: str, since: int | None = None) -> str:
        """The message for a viewpoint: the full view, or from `since` on a delta."""
        key = (seat, language, since)
        text = self._texts.get(key)
        if text is None:
            view = self._views.get((seat, language))
            if view is None:
                with use(language):
                    view = self._views[seat, language] = table_view(self.table, seat)
            if since is not None:
                log, story = view["log"][since:], view["story"][since:]
                view = {**view, "since": since, "log": log, "story": story}
            text = self._texts[key] = encode({"type": "view", "view": view})
        return text
