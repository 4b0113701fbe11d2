"""The catalogue of games: ids mapped to their classes, imported only when first used."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.core.api import Game
from ludoteca.core.errors import UnknownGameError
from ludoteca.core.modules import game_module as game_module
from ludoteca.core.modules import has_game_module as has_game_module
from ludoteca.core.options import stored_options

_CATALOGUE: dict[str, str] = {}
_CATALOGUE_MODULE = "ludoteca.games"


@dataclass(frozen=True)
class GameInfo:
    """What the lobby and `ludoteca games` show about a game."""

    id: str
    title: str
    min_players: int
    max_players: int
    default_players: int

    def __str__(self) -> str:
        return f"{self.id}: {self.title} ({self.players_text} players)"

    @property
    def players_text(self) -> str:
        """ "2-6", or "2" for a game with one player count."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"


def register(game_id: str, target: str) -> None:
    """Register a game class given as ``"package.module:ClassName"``."""
    _CATALOGUE[game_id] = target


def _catalogue() -> dict[str, str]:
    if not _CATALOGUE:
        importlib.import_module(_CATALOGUE_MODULE)
    return _CATALOGUE


def game_class(game_id: str) -> type[Game]:
    """The class of a registered game; an unknown id names the valid ones."""
    catalogue = _catalogue()
    if game_id not in catalogue:
        raise UnknownGameError(
            f"unknown game {game_id!r}; valid games: {', '.join(sorted(catalogue))}"
        )
    module_name, _, class_name = catalogue[game_id].partition(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), class_name)
    return cls


def games() -> list[GameInfo]:
    """Every registered game, in catalogue order."""
    infos = []
    for game_id in _catalogue():
        cls = game_class(game_id)
        infos.append(
            GameInfo(game_id, cls.title, cls.min_players, cls.max_players, cls.default_players)
        )
    return infos


def load(game_id: str, players: int | None = None, **options: Any) -> Game:
    """A configured game: `load("ludo", players=4, three_tries=True)`."""
    return game_class(game_id)(players, **options)


def load_stored(game_id: str, players: int, options: Mapping[str, Any]) -> Game:
    """The game of a stored record or table: options it lacks take their `legacy` values."""
    cls = game_class(game_id)
    return cls(players, **stored_options(cls.option_specs, options))
