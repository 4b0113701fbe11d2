"""ludoteca: five board games to play in the browser or the terminal and to study with bots."""

from ludoteca.core import CHANCE, TERMINAL, Game, Record, State, games, load, play_chance

__all__ = ["CHANCE", "TERMINAL", "Game", "Record", "State", "games", "load", "play_chance"]
__version__ = "0.1.0"
