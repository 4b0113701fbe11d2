"""What a look-ahead search needs to know about Bremer Stadtmusikanten: `evaluate(state, seat)`.

The knowledge is the greedy bot's (`bots.py`): points come from storming the house with a
pyramid (a donkey carrying a dog, a cat and a rooster), and a pyramid is worth more the fewer
land steps it has left. Each seat's *prospect* is its score plus the points it can expect
from the stacks on the board. For every donkey's stack of height h at `d` land steps from
the house (around the start fields of the donkey owner's opponents), the chance that it
storms is estimated as

    `built[h] * reach ** turns`,  turns = ceil(d / `stride`) (a pyramid moves once a turn),

and that chance is shared out as the storm shares it: one point per animal to its owner, and
the bonus point to the donkey's owner (`bonus` of it while the robber is out: chasing him
back first costs a turn). The value for `seat` is its prospect minus the mean prospect of the
other seats, divided by the seven points that win, and kept in [-1, 1].
"""

from __future__ import annotations

import math

from ludoteca.games.bremen.constants import ANIMALS, NEUTRAL, TARGET
from ludoteca.games.bremen.game import BremenState

WEIGHTS: dict[str, float] = {"reach": 0.8, "stride": 4.5, "bonus": 0.5}
BUILT: tuple[float, ...] = (0.0, 0.15, 0.3, 0.5, 1.0)
"""Chance that a donkey's stack of 0-4 animals becomes a pyramid that storms (by height)."""


def evaluate(state: BremenState, seat: int) -> float:
    """The position's value for `seat` in [-1, 1] (see the module docstring)."""
    prospects = [float(points) for points in state.scores]
    for donkey in range(0, ANIMALS, 4):  # animal ids 4 * colour + 0 are the donkeys
        owner = state.owner(donkey)
        if owner == NEUTRAL:
            continue
        chance = storm_chance(state, donkey, owner)
        if chance <= 0:
            continue
        for animal in state.carried(donkey):
            rider_owner = state.owner(animal)
            if rider_owner != NEUTRAL:
                prospects[rider_owner] += chance
        robber_home = state.robber == state.game.board.house
        prospects[owner] += chance * (1.0 if robber_home else WEIGHTS["bonus"])
    n = len(prospects)
    others = (sum(prospects) - prospects[seat]) / (n - 1)
    return max(-1.0, min(1.0, (prospects[seat] - others) / TARGET))


def storm_chance(state: BremenState, donkey: int, owner: int) -> float:
    """How likely the stack on `donkey` is to storm the house some day (a rough estimate)."""
    game = state.game
    stack = state.stacks[state.at[donkey]]
    if stack[0] != donkey:
        return 0.0
    steps = game.board.land_steps(game.walls[owner])[state.at[donkey]]
    if steps < 0:
        return 0.0
    turns = math.ceil(steps / WEIGHTS["stride"])
    return BUILT[len(stack)] * WEIGHTS["reach"] ** turns


MCTS_DEFAULTS: dict[str, str] = {
    "iterations": "600",
    "depth": "4",
    "rollout": "greedy",
    "guide": "greedy",
}
"""The `mcts` settings for this game (see `ludoteca.agents.mcts`): with 40 to 150 moves a turn,
plain UCT spends its simulations trying each once and lost 9 of 10 to `greedy`; guided by the
greedy bot's ranking, with greedy rollouts cut off after four actions, it beats `greedy`
(docs/agents.md), at about a second a move."""
