"""The board picture of any game, from the game's own `ludoteca.games.<id>.svg` module.

The web layer knows no game: it asks the game's renderer for an SVG in which the legal moves
carry `data-action` (and their landing spots `data-target-of`). A game without a renderer is
shown as its text board, so it can still be played with the move buttons.
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable
from functools import cache
from typing import Protocol

from ludoteca.core.api import State


class _Renderer(Protocol):
    def __call__(self, state: State, *, seat: int | None, interactive: bool) -> str: ...


@cache
def _renderer(game_id: str) -> _Renderer | None:
    name = f"ludoteca.games.{game_id}.svg"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise
    render: Callable[..., str] = module.render_svg
    return render


def board_svg(state: State, seat: int | None = None, interactive: bool = False) -> str:
    """Markup for the board of `state` as `seat` sees it (spectators: None)."""
    render = _renderer(state.game.id)
    if render is None:
        return f'<pre class="board-text">{html.escape(str(state))}</pre>'
    return render(state, seat=seat, interactive=interactive)
