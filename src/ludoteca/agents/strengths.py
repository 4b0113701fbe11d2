"""Named strengths: `easy`, `medium` and `hard` stand for a game's agent specs of rising skill.

People choose an opponent by how hard it plays, not by algorithm; each game lists in its
`bots.STRENGTHS` which agent spec plays each level, chosen from the strength table
(`benchmarks/strength_table.py`, docs/agents.md): `hard` names an agent other than `medium`'s only
where that table shows it stronger at 95% on seeds it was not tuned on. `agents.load("hard",
game)` loads the game's `hard` spec.
"""

from __future__ import annotations

from ludoteca.core.api import Game
from ludoteca.core.registry import game_module
from ludoteca.i18n import N_

LEVELS = (N_("easy"), N_("medium"), N_("hard"))
"""The levels, weakest first; `N_` marks them for the catalogs (pages show them translated)."""


Choice = str | dict[int | str, str]
"""A level's agent spec, or specs by player count with `"others"` for the remaining counts
(an agent tuned for two players may play worse than a simpler one at a table of four)."""


def strengths(game: Game) -> dict[str, str]:
    """The agent spec of each level for `game` (every level is defined for every game)."""
    table: dict[str, Choice] = getattr(game_module(game.id, "bots"), "STRENGTHS", {})
    missing = [level for level in LEVELS if level not in table]
    if missing:
        raise LookupError(f"{game.id} defines no agent for the strengths {', '.join(missing)}")
    return {level: _for_table(table[level], game.num_players) for level in LEVELS}


def _for_table(choice: Choice, players: int) -> str:
    return choice if isinstance(choice, str) else choice.get(players, choice["others"])


def resolve(spec: str, game: Game) -> str:
    """`spec` with a strength name replaced by its agent spec; any other spec unchanged."""
    name = spec.strip()
    return strengths(game)[name] if name in LEVELS else spec


def strongest(game: Game) -> str:
    """The spec of the strongest agent ludoteca has for `game` (its `hard` level)."""
    return strengths(game)["hard"]
