"""ludoteca: five board games to play in the browser or the terminal and to study with bots."""

# The catalogue package `ludoteca.games` is imported first, so that the function `games()`
# bound below is what `ludoteca.games` names (a subpackage import would otherwise replace it).
import ludoteca.games as _catalogue  # noqa: F401
from ludoteca.core import CHANCE, TERMINAL, Game, Record, State, games, load, play_chance
from ludoteca.core.compiled import use_keyed_cache as _use_keyed_cache

# Before any kernel compiles: numba's cache in a folder named by every kernel's source.
_use_keyed_cache()

__all__ = ["CHANCE", "TERMINAL", "Game", "Record", "State", "games", "load", "play_chance"]
__version__ = "0.1.0"
