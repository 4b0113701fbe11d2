"""The board picture of any game, from the game's own `ludoteca.games.<id>.svg` module.

The web layer knows no game: it asks the game's renderer for an SVG in which the legal moves
carry `data-action` (and their landing spots `data-target-of`). A game whose moves take several
clicks (a piece, then one of its destinations; a path field by field) also defines
`click_path(state, action) -> list[str]`: the tokens a person clicks, in order, to choose the
action, each drawn on the board as `data-click="TOKEN"` (see `static/table.js`). A game without a
renderer is shown as its text board, so it can still be played with the move buttons.

A renderer that takes `last_moves` is given the marks of the moves a viewer has not seen yet
(`ludoteca.core.marks`); one that does not is called without them.

A game may also bring a board of its own for the browser: `games/<id>/static/board.js` (served
at `/static/games/<id>/`), an ES module the table page loads, drawing from what the game's
`board_data.board_data(state)` returns (villa: its 3D villa). The SVG stays as the fallback.
"""

from __future__ import annotations

import html
import inspect
import sys
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from ludoteca.core.api import State
from ludoteca.core.marks import MoveMark
from ludoteca.core.registry import game_class, game_module, games


def _svg_module(game_id: str) -> ModuleType | None:
    return game_module(game_id, "svg")


def _renderer(game_id: str) -> Callable[..., str] | None:
    module = _svg_module(game_id)
    if module is None:
        return None
    render: Callable[..., str] = module.render_svg
    return render


@cache
def takes_last_moves(render: Callable[..., Any]) -> bool:
    """Whether a renderer accepts `last_moves` (by name or through `**kwargs`)."""
    parameters = inspect.signature(render).parameters.values()
    return any(
        p.name == "last_moves" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters
    )


def click_paths(state: State, actions: Sequence[int]) -> dict[int, list[str]] | None:
    """Each action's click tokens, or None for a game whose moves are one click each."""
    module = _svg_module(state.game.id)
    click_path: Callable[[State, int], list[str]] | None = getattr(module, "click_path", None)
    if click_path is None:
        return None
    return {action: list(click_path(state, action)) for action in actions}


def board_html(
    state: State,
    seat: int | None = None,
    interactive: bool = False,
    last_moves: Sequence[MoveMark] = (),
) -> str:
    """The board and, for a game with a `panel.py` (its `panel_html`), its HTML panel after it.

    A panel is the game's side information (cards, accounts) as HTML the page can reflow.
    """
    board = board_svg(state, seat, interactive, last_moves)
    panel: Callable[..., str] | None = getattr(
        game_module(state.game.id, "panel"), "panel_html", None
    )
    return board if panel is None else board + panel(state, seat=seat, interactive=interactive)


def board_svg(
    state: State,
    seat: int | None = None,
    interactive: bool = False,
    last_moves: Sequence[MoveMark] = (),
) -> str:
    """Markup for the board of `state` as `seat` sees it (spectators: None), with the marks
    of `last_moves` where the game draws them."""
    render = _renderer(state.game.id)
    if render is None:
        return f'<pre class="board-text">{html.escape(str(state))}</pre>'
    return draw(render, state, seat=seat, interactive=interactive, last_moves=last_moves)


def draw(
    render: Callable[..., str],
    state: State,
    *,
    seat: int | None,
    interactive: bool,
    last_moves: Sequence[MoveMark],
) -> str:
    """Call `render`, passing `last_moves` only to a renderer that takes them."""
    if last_moves and takes_last_moves(render):
        return render(state, seat=seat, interactive=interactive, last_moves=tuple(last_moves))
    return render(state, seat=seat, interactive=interactive)


@cache
def game_static_folders() -> dict[str, Path]:
    """Each game's `static/` folder (beside its game module), by id, for the games with one."""
    folders = {}
    for info in games():
        source = sys.modules[game_class(info.id).__module__].__file__
        folder = Path(str(source)).parent / "static"
        if folder.is_dir():
            folders[info.id] = folder
    return folders


def own_board(state: State) -> dict[str, Any] | None:
    """The game's own browser board for `state`: its module's URL and the data it draws, or
    None for a game without one (its `static/board.js` and `board_data.board_data`)."""
    game_id = state.game.id
    module = game_module(game_id, "board_data")
    folder = game_static_folders().get(game_id)
    if module is None or folder is None or not (folder / "board.js").is_file():
        return None
    return {"module": f"/static/games/{game_id}/board.js", "data": module.board_data(state)}
