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
with its hooks in `search.py`.
"""

from __future__ import annotations

from typing import ClassVar

from ludoteca.agents.base import Agent, WeightedAgent
from ludoteca.core.api import State
from ludoteca.games.siege.game import SiegeState
from ludoteca.games.siege.search import WEIGHTS, evaluate
from ludoteca.i18n import N_

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


AGENTS: dict[str, type[Agent]] = {"greedy": GreedyAgent}

STRENGTHS: dict[str, str] = {"easy": "random", "medium": "greedy", "hard": "alphabeta"}
"""The agent spec behind each named strength (see `ludoteca.agents.strengths`)."""
