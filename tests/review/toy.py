"""A tiny race game for review tests, with its exact value function by full expectimax.

Three seats race to GOAL points. A chance node first picks who begins (1/3 each). On a turn the
mover either steps (+1 point, sure) or dashes (a chance node: +0 with 1/2, +2 with 1/3, +3
with 1/6); a seat with no points yet may only dash. The first to reach GOAL wins; after
MAX_TURNS turns the leaders share the win. Small enough to value every position exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from ludoteca.core.api import CHANCE, JSON, TERMINAL, Game, State
from ludoteca.review.value import win_shares

GOAL = 4
MAX_TURNS = 7
STEP, DASH = 0, 1
DASH_OUTCOMES = [(0, 1 / 2), (2, 1 / 3), (3, 1 / 6)]


class RaceGame(Game):
    id = "race"
    title = "Race"
    min_players = max_players = default_players = 3

    def new_initial_state(self, seed: int | None = None) -> RaceState:
        return RaceState(self, (0, 0, 0), turn=-1, turns=0, dashing=False)

    def _state_from_json(self, obj: JSON) -> RaceState:
        return RaceState(self, tuple(obj["scores"]), obj["turn"], obj["turns"], obj["dashing"])


class RaceState(State):
    def __init__(
        self, game: Game, scores: tuple[int, ...], turn: int, turns: int, dashing: bool
    ) -> None:
        super().__init__(game, 0)
        self.scores, self.turn, self.turns, self.dashing = scores, turn, turns, dashing

    def key(self) -> tuple[tuple[int, ...], int, int, bool]:
        return self.scores, self.turn, self.turns, self.dashing

    def over(self) -> bool:
        return max(self.scores) >= GOAL or self.turns >= MAX_TURNS

    def current_player(self) -> int:
        if self.over():
            return TERMINAL
        return CHANCE if self.turn < 0 or self.dashing else self.turn

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.current_player() != CHANCE:
            return []
        return DASH_OUTCOMES if self.dashing else [(seat, 1 / 3) for seat in range(3)]

    def _legal_actions(self) -> list[int]:
        return [DASH] if self.scores[self.turn] == 0 else [STEP, DASH]

    def _apply(self, action: int) -> None:
        if self.turn < 0:
            self.turn = action
        elif self.dashing or action == STEP:
            gained = action if self.dashing else 1
            scores = list(self.scores)
            scores[self.turn] += gained
            self.scores, self.dashing = tuple(scores), False
            self.turn, self.turns = (self.turn + 1) % 3, self.turns + 1
        else:
            self.dashing = True

    def returns(self) -> list[float]:
        if not self.over():
            return [0.0] * 3
        best = max(self.scores)
        return [1.0 if score == best else -1.0 for score in self.scores]

    def action_to_string(self, action: int) -> str:
        if self.current_player() == CHANCE:
            return f"+{action}" if self.dashing else f"seat {action} begins"
        return "dash" if action == DASH else "step"

    def string_to_action(self, text: str) -> int:
        return DASH if text == "dash" else STEP

    def clone(self) -> RaceState:
        other = RaceState(self.game, self.scores, self.turn, self.turns, self.dashing)
        other._history = self.history()
        return other

    def _position_json(self) -> JSON:
        return {"scores": list(self.scores), "turn": self.turn, "turns": self.turns,
                "dashing": self.dashing}  # fmt: skip

    def observation(self, seat: int) -> JSON:
        return self._position_json()


def exact(state: RaceState) -> tuple[float, ...]:
    """Win shares under best play by every seat (max^n expectimax; ties: the first move)."""
    return _exact(state.game, state.key())


@cache
def _exact(game: Game, key: tuple[tuple[int, ...], int, int, bool]) -> tuple[float, ...]:
    state = RaceState(game, *key)
    if state.is_terminal():
        return tuple(float(v) for v in win_shares(state))
    children = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        children.append(np.array(_exact(game, child.key())))
    if state.is_chance_node():
        expected = sum(p * v for (_, p), v in zip(state.chance_outcomes(), children, strict=True))
        return tuple(float(v) for v in expected)
    mover = state.current_player()
    return tuple(float(v) for v in max(children, key=lambda v: v[mover]))


def exact_values(states: Sequence[State]) -> npt.NDArray[np.float64]:
    """The toy game's value function (the `ValueFunction` protocol)."""
    return np.array([exact(s) for s in states if isinstance(s, RaceState)])
