"""The game API, chance, errors, options, records and the registry. Imports no game."""

from ludoteca.core.api import CHANCE, JSON, TERMINAL, Game, State
from ludoteca.core.chance import play_chance, sample_outcome
from ludoteca.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    LudotecaError,
    NotationError,
    StateFormatError,
    UnknownAgentError,
    UnknownGameError,
    WrongPlayerError,
)
from ludoteca.core.options import Option
from ludoteca.core.record import Record
from ludoteca.core.registry import GameInfo, game_class, games, load, register

__all__ = [
    "CHANCE",
    "JSON",
    "TERMINAL",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "InvalidOptionError",
    "LudotecaError",
    "NotationError",
    "Option",
    "Record",
    "State",
    "StateFormatError",
    "UnknownAgentError",
    "UnknownGameError",
    "WrongPlayerError",
    "game_class",
    "games",
    "load",
    "play_chance",
    "register",
    "sample_outcome",
]
