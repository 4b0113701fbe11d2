"""The `view` message of a table's sockets, encoded once for every socket that shares it.

After a step every socket of a table gets the view of its seat in its language. Sockets of the
same viewpoint (one seat open in two tabs, spectators reading the same language) get the same
view, so it is built and JSON-encoded once per viewpoint rather than once per socket. The text
is what Starlette's `send_json` would send (compact separators, UTF-8 as is).
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
        self._texts: dict[Viewpoint, str] = {}

    def text(self, seat: int | None, language: str) -> str:
        key = (seat, language)
        text = self._texts.get(key)
        if text is None:
            with use(language):
                text = encode({"type": "view", "view": table_view(self.table, seat)})
            self._texts[key] = text
        return text
