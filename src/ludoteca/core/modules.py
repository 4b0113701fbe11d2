"""A game's own modules, found by name: `ludoteca.games.<id>.<name>` (the game-folder contract,
`core.contract`). A leaf of `core`, so that the API's classes can reach a game's modules too."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from types import ModuleType


@cache
def game_module(game_id: str, name: str) -> ModuleType | None:
    """A game's own module `ludoteca.games.<id>.<name>` (`text`, `svg`, `bots`, `search`,
    `solve`), or None when the game has none. An import error inside it is raised, not hidden."""
    full = f"ludoteca.games.{game_id}.{name}"
    try:
        return importlib.import_module(full)
    except ModuleNotFoundError as exc:
        if exc.name == full:
            return None
        raise


def has_game_module(game_id: str, name: str) -> bool:
    """Whether game `game_id`'s folder has the module `name`, found without importing it (so
    that asking costs nothing, and needs no extra the module itself would import)."""
    return importlib.util.find_spec(f"ludoteca.games.{game_id}.{name}") is not None
