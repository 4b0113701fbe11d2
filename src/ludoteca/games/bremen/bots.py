"""Bots for Bremer Stadtmusikanten.

`greedy` scores each legal action by rules of thumb, read straight off the position (no
look-ahead), and plays the best one (ties broken by its seeded generator). Terms and weights
(`GreedyAgent.weights`, each overridable as a parameter):

- `storm`: per point the mover gains by storming the house (points to other seats count
  against it at the same rate);
- `chase`: for chasing the robber (one point);
- `on_top`: for landing on a bigger animal (the extra roll);
- `send_home`: per opponent animal sent home (by a landing or by the robber), times the size
  of the stack it stood in; `lose_own`: the same, negative, for own animals;
- `build`: for each animal in the stack an own donkey ends up carrying (a pyramid in the
  making), and `pyramid` once more when the move completes a pyramid;
- `approach`: per step an own donkey comes closer to the house by land (around the foreign
  start fields), times the share of a pyramid it carries (its stack height / 4);
- `robber_far`: per step the robber ends away from the mover's nearest pyramid.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import ClassVar

from ludoteca.agents.base import Agent, WeightedAgent
from ludoteca.agents.strengths import Choice
from ludoteca.core.api import State
from ludoteca.games.bremen.board import Board
from ludoteca.games.bremen.constants import ROBBER, is_donkey, size_of
from ludoteca.games.bremen.game import BremenState
from ludoteca.i18n import N_


class GreedyAgent(WeightedAgent):
    """Plays the action with the best rule-of-thumb score (see the module docstring)."""

    name = "greedy"
    description = N_("storms, chases, lands on top and sends strong opponents home")
    weights: ClassVar[dict[str, float]] = {
        "storm": 10.0,
        "chase": 8.0,
        "on_top": 3.0,
        "send_home": 0.6,
        "lose_own": 0.8,
        "build": 0.7,
        "pyramid": 2.0,
        "approach": 0.8,
        "robber_far": 0.2,
    }

    def act(self, state: State) -> int:
        assert isinstance(state, BremenState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        score = self.robber_score if state.phase == ROBBER else self.move_score
        return self.best((score(state, action), action) for action in legal)

    def ranked(self, state: BremenState) -> list[int]:
        """The legal actions, best score first, equals in legal order (`mcts:guide=greedy`
        tries moves in this order)."""
        score = self.robber_score if state.phase == ROBBER else self.move_score
        return sorted(state.legal_actions(), key=lambda action: -score(state, action))

    def move_score(self, state: BremenState, action: int) -> float:
        """The value of an animal move: points, the extra roll, victims, pyramid building."""
        game = state.game
        board = game.board
        w = self.w
        animal, end, _ = game.split_move(action)
        turn = state.turn
        riders = state.carried(animal)
        if end == board.house:
            gained = sum(1 if state.owner(a) == turn else -1 for a in riders if state.owner(a) >= 0)
            return w["storm"] * (gained + (state.robber == board.house))
        if end == state.robber:
            return w["chase"]
        stay, sent = state.arrival(animal, end)
        value = w["on_top"] * bool(stay and not (game.harder and sent))
        value += self._victims(state, sent, len(state.stacks[end]))
        distance = board.land_steps(game.walls[turn])
        base = stay[0] if stay else animal
        if is_donkey(base) and state.owner(base) == turn:
            height = len(stay) + len(riders)
            value += w["build"] * height + w["pyramid"] * (height == 4 and len(stay) > 0)
        if is_donkey(animal) and state.owner(animal) == turn:
            closer = distance[state.at[animal]] - distance[end]
            value += w["approach"] * closer * len(riders) / 4
        return value

    def robber_score(self, state: BremenState, action: int) -> float:
        """The value of a robber walk: whom he sends home, and how far he ends from us."""
        game = state.game
        walk = game.board.robber_paths()[action - game.robber_base]
        value = sum(self._victims(state, state.stacks[f], len(state.stacks[f])) for f in walk[1:])
        ours = [
            state.at[a]
            for a in range(16)
            if is_donkey(a) and state.owner(a) == state.turn and len(state.carried(a)) >= 3
        ]
        if ours:
            gaps = hops(game.board)
            value += self.w["robber_far"] * min(gaps[walk[-1]][f] for f in ours)
        return value

    def _victims(self, state: BremenState, sent: list[int], height: int) -> float:
        value = 0.0
        for animal in sent:
            owner = state.owner(animal)
            if owner == state.turn:
                value -= self.w["lose_own"] * height * size_of(animal) / 4
            elif owner >= 0:
                value += self.w["send_home"] * height
        return value


@cache
def hops(board: Board) -> tuple[tuple[int, ...], ...]:
    """Steps between any two fields along any links (how near the robber ends to a stack)."""
    table = []
    for start in range(board.size):
        steps = [board.size] * board.size
        steps[start] = 0
        queue = deque([start])
        while queue:
            field = queue.popleft()
            for nxt in board.neighbours[field]:
                if steps[nxt] == board.size:
                    steps[nxt] = steps[field] + 1
                    queue.append(nxt)
        table.append(tuple(steps))
    return tuple(table)


AGENTS: dict[str, type[Agent]] = {"greedy": GreedyAgent}

STRENGTHS: dict[str, Choice] = {
    "easy": "random",
    "medium": "greedy",
    "hard": {2: "tuned", 3: "tuned", "others": "mcts:iterations=500"},
}
"""The agent spec behind each named strength (see `ludoteca.agents.strengths`): `hard` names an
agent other than greedy only where the strength table (`benchmarks/strength_table.py`, seeds no
agent was tuned on) shows it stronger than greedy at 95%: the tuned greedy with two players
(`tuned.json`) and with three (`tuned-3p.json`, tuned at that count), and with four the guided
`mcts` (`search.MCTS_DEFAULTS`) at 500 simulations a move (about 360 ms), which wins well over a
quarter against three greedy, where the weights tuned at four (`tuned-4p.json`) were not shown
stronger. With two players the guided `mcts` is not shown stronger in the few games its second a
move allowed."""
