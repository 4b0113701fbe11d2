"""Bots for Mens erger je niet.

`greedy` scores each legal move by rules of thumb and plays the best one (ties broken by its
seeded generator). The score of a move, in units of "one whole lap of progress":

- progress: steps gained / track length;
- capture: +`capture` (plus the captured pawn's progress, which its owner loses); capturing a
  pawn of one's own seat costs that pawn's progress instead;
- goal: +`goal` for a pawn that reaches a goal circle from the track;
- safety: a pawn is *threatened* on a track circle when a pawn of another seat stands 1-6
  circles behind it (still before its own goal), or when the circle is another seat's A and that
  seat has pawns waiting (a 6 brings one in onto it). Leaving a threatened circle earns
  `escape` x (the pawn's progress + 0.25); landing on one costs `danger` x the same;
- clearing A: moving a pawn off its own A while pawns wait in reserve earns `clear_start`.
"""

from __future__ import annotations

from typing import ClassVar

from ludoteca.agents.base import Agent, WeightedAgent
from ludoteca.agents.strengths import Choice
from ludoteca.core.api import State
from ludoteca.games.ludo.game import RESERVE, LudoGame, LudoState
from ludoteca.i18n import N_


class GreedyAgent(WeightedAgent):
    """Plays the move with the best rule-of-thumb score (see the module docstring)."""

    name = "greedy"
    description = N_("values captures, reaching the goal and safety from capture")
    weights: ClassVar[dict[str, float]] = {
        "progress": 1.0,
        "capture": 1.0,
        "goal": 0.6,
        "escape": 1.0,
        "danger": 1.2,
        "clear_start": 0.3,
    }

    def act(self, state: State) -> int:
        assert isinstance(state, LudoState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        scored = [(self.score(state, action), action) for action in legal]
        return self.best(scored)

    def score(self, state: LudoState, action: int) -> float:
        """The rule-of-thumb value of playing `action` in `state`."""
        game: LudoGame = state.game
        w = self.w
        track = game.track_length
        colour = game.colours[state.turn]
        seat = game.owner[colour]
        entry = game.entries[colour]
        if action == game.enter_action:
            source, progress, target = -1, -1, 0
        else:
            source = action
            progress = state._progress(colour, action)
            target = state._target(colour, progress, state.die)
        value = w["progress"] * (target - max(progress, 0)) / track
        if target < track:
            square = (entry + target) % track
            victim = state.occupant[square]
            if victim >= 0:
                lost = 0.25 + state._progress(victim, square) / track
                value += (w["capture"] + lost) if game.owner[victim] != seat else -lost
            if _threatened(state, square, seat, ignore=source):
                value -= w["danger"] * (target / track + 0.25)
        elif progress < track:
            value += w["goal"]
        if 0 <= progress < track:
            if _threatened(state, source, seat, ignore=-1):
                value += w["escape"] * (progress / track + 0.25)
            if progress == 0 and RESERVE in state.pawns[colour]:
                value += w["clear_start"]
        return value


def _threatened(state: LudoState, square: int, seat: int, ignore: int) -> bool:
    """Whether a pawn of another seat could land on track circle `square` with its next roll."""
    game = state.game
    track = game.track_length
    for colour in game.colours:
        if game.owner[colour] == seat:
            continue
        if game.entries[colour] == square and RESERVE in state.pawns[colour]:
            return True
        for distance in range(1, 7):
            behind = (square - distance) % track
            if behind != ignore and state.occupant[behind] == colour:
                progress = state._progress(colour, behind)
                if progress + distance < track:
                    return True
    return False


AGENTS: dict[str, type[Agent]] = {"greedy": GreedyAgent}

STRENGTHS: dict[str, Choice] = {
    "easy": "random",
    "medium": "greedy",
    "hard": {4: "learned:net=selfplay", "others": "expectimax"},
}
"""The agent spec behind each named strength (see `ludoteca.agents.strengths`): `hard` names an
agent other than greedy only where the strength table (`benchmarks/strength_table.py`, seeds no
agent was tuned on) shows it stronger than greedy at 95%: expectimax with 2, 3, 5 and 6
players; with 4 the network trained by TD self-play (`learned:net=selfplay`, docs/learning.md),
which is also shown stronger than the tuned greedy that was `hard` there before it (expectimax
is not shown stronger than greedy with 4)."""
