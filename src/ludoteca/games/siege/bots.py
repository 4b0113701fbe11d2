"""Bots for Belagerung.

`greedy` looks one move ahead: it plays a move that wins at once if there is one, else the move
after which the position's evaluation (`search.evaluate`, the same terms as the search bots
use) is best for it; ties are broken by its seeded generator. Its `weights` are those of
`search.WEIGHTS` and can be overridden one by one (`greedy:threat=1.0`):

- `knight`, `soldier`: material, per piece;
- `threat`: per knight that can jump onto the lord (doubled when the lord cannot move);
- `lord_moves`: per move the lord has (the defender likes a free lord);
- `in_castle`, `advance`: knights inside the castle, and rows gained by those outside it;
- `stuck`: per knight with no jump; `exposed`: per knight a defender could take next.

The general `alphabeta` and `minimax` agents (`ludoteca.agents.alphabeta`) search this game
with its hooks in `search.py`. `solved`, the `hard` bot, is alphabeta that first looks the
position up in the solver's table (see `SolvedAgent`).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.agents.alphabeta import AlphaBetaAgent
from ludoteca.agents.base import Agent, WeightedAgent
from ludoteca.core.api import Game, State
from ludoteca.games.siege.game import SiegeGame, SiegeState
from ludoteca.games.siege.perfect import PerfectAgent
from ludoteca.games.siege.search import WEIGHTS, evaluate
from ludoteca.games.siege.solve import position_of
from ludoteca.i18n import N_

if TYPE_CHECKING:
    from ludoteca.games.siege.fast_solve import FastSolver

WIN = 1_000.0


class GreedyAgent(WeightedAgent):
    """Plays the move with the best evaluation one move ahead (see the module docstring)."""

    name = "greedy"
    description = N_("takes a win when it sees one, else the best-looking position one move ahead")
    weights: ClassVar[dict[str, float]] = dict(WEIGHTS)

    def act(self, state: State) -> int:
        assert isinstance(state, SiegeState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        scored = [(self.score(state, action), action) for action in legal]
        return self.best(scored)

    def score(self, state: SiegeState, action: int) -> float:
        """The value for the mover of the position after `action`."""
        seat = state.current_player()
        after = state.clone()
        after.apply_action(action)
        if after.is_terminal():
            return WIN * after.returns()[seat]
        return evaluate(after, seat, self.w)


TABLE_VARIABLE = "LUDOTECA_SIEGE_TABLE"
"""The environment variable naming the solver's table file the `hard` bot plays from."""


class SolvedAgent(AlphaBetaAgent):
    """The `hard` bot: the solver's proven winning move where its table holds one for the
    position, else `alphabeta` (whose parameters and server limits it shares; its own: `table`).

    The table is a `.table` file that `ludoteca solve siege --checkpoint FILE` keeps beside its
    checkpoint, named by `table=PATH` or the environment variable `LUDOTECA_SIEGE_TABLE`;
    without one, or without numba, the bot is plain alphabeta. The proofs leave the quiet-move
    and repetition rules out and assume the opening rule, so the table is only asked under that
    rule, when the win ends before the quiet-move limit and no earlier position has occurred
    twice (no third occurrence can then cut the win short)."""

    name = "solved"
    description = N_("plays a proven win from the solver's table where it has one, else alphabeta")

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        super().__init__(game, seed, **{k: v for k, v in params.items() if k != "table"})
        self.params = params
        self.solver = _table_solver(game, params.get("table") or os.environ.get(TABLE_VARIABLE))
        self.from_table = 0
        """How many moves came from the table."""

    def act(self, state: State) -> int:
        assert isinstance(state, SiegeState)
        move = self.proven(state)
        if move is None:
            return super().act(state)
        self.from_table += 1
        return move

    def proven(self, state: SiegeState) -> int | None:
        """The table's winning move for the side to move, where it may be trusted (see above)."""
        if self.solver is None or max(state.seen.values(), default=0) >= 2:
            return None
        proven = self.solver.proven_move(position_of(state))
        if proven is None or proven[0] not in state.legal_actions():
            return None
        limit = state.game.max_quiet
        return proven[0] if not limit or state.quiet + proven[1] < limit else None


def _table_solver(game: Game, path: str | None) -> FastSolver | None:
    """The solver reading the table at `path`, if there is one it may be asked in `game`."""
    if not path or not isinstance(game, SiegeGame) or not game.opening_rule:
        return None
    if importlib.util.find_spec("numba") is None or not Path(path).is_file():
        return None
    # Only now that numba (the fast extra) is known to be there: the compiled half needs it.
    from ludoteca.games.siege.fast_solve import FastSolver, Table

    return FastSolver(game, table=Table.open(Path(path)))


AGENTS: dict[str, type[Agent]] = {
    "greedy": GreedyAgent,
    "solved": SolvedAgent,
    "perfect": PerfectAgent,
}

STRENGTHS: dict[str, str] = {"easy": "random", "medium": "greedy", "hard": "solved"}
"""The agent spec behind each named strength (see `ludoteca.agents.strengths`)."""
