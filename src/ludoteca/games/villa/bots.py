"""Bots for Villa Paletti.

`greedy` judges every choice by the physics and the pull odds of `hands.py`:

- pulling (own turn): for each column it may pull, the odds p_out, p_noticed, p_collapse from
  the margin left without it; value = p_out x (`points` x the column's value + `seal` if
  standing it on top would win the seal) - p_collapse x `collapse` - p_noticed x `noticed`.
  It declares instead when no pull is worth more than `declare` (no safe pull is left);
- placing: the grid point whose resulting smallest margin is largest (the villa's weakest
  floor kept as safe as possible), capped at `safe_mm` so that among safe points the one
  nearest the top floor's centroid wins;
- protesting: protest when some column of the declarer would come out with probability at
  least `protest_odds`; the protest pull (and a penalty pull) takes the column most likely
  to come out, a penalty preferring the protester's most valuable column; the penalty is
  declined when that pull risks more (p_collapse x `collapse`: a collapse loses the game)
  than it gains (p_out x `points` x the column's value);
- laying a floor: among up to `floor_samples` legal places, the one with the largest margin
  minus `own_support` mm for each own column the floor rests on ("zorg ervoor dat het plateau
  op zo min mogelijk eigen zuilen komt te staan").
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from ludoteca.agents.base import Agent, WeightedAgent
from ludoteca.agents.strengths import Choice
from ludoteca.core.api import State
from ludoteca.games.villa import hands
from ludoteca.games.villa.constants import (
    DECLARE,
    DECLINE,
    FLOOR,
    FLOOR_BASE,
    PASS,
    PENALTY,
    PLACE,
    PLACE_BASE,
    PROTEST,
    PROTEST_PULL,
    PROTESTING,
)
from ludoteca.games.villa.game import VillaState
from ludoteca.games.villa.parts import cell_xy, grid
from ludoteca.games.villa.structure import FloorSpot, Villa
from ludoteca.i18n import N_


class GreedyAgent(WeightedAgent):
    """Pulls what the physics says is safe, for points; see the module docstring."""

    name = "greedy"
    description = N_("pulls the safest columns for points, places to keep the margin")
    weights: ClassVar[dict[str, float]] = {
        "points": 1.0,
        "seal": 2.0,
        "collapse": 20.0,
        "noticed": 0.5,
        "declare": 0.3,
        "protest_odds": 0.9,
        "safe_mm": 12.0,
        "own_support": 4.0,
        "floor_samples": 120.0,
    }

    def act(self, state: State) -> int:
        assert isinstance(state, VillaState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == PLACE:
            return self._place(state, legal)
        if phase == FLOOR:
            return self._floor(state, legal)
        if phase == PROTESTING:
            return PROTEST if self._protest_odds(state) >= self.w["protest_odds"] else PASS
        if phase == PROTEST_PULL:
            return self._likeliest(state, legal)
        if phase == PENALTY:
            return self._penalty(state, [a for a in legal if a != DECLINE])
        return self._turn(state, legal)

    # -- pulling ------------------------------------------------------------------------------
    def _odds(self, state: VillaState, column: int) -> dict[int, float]:
        odds = dict.fromkeys((hands.OUT, hands.NOTICED, hands.COLLAPSE), 0.0)
        odds.update(hands.pull_odds(state.villa.margin_without(column)))
        return odds

    def _value(self, state: VillaState, column: int) -> float:
        return float(state.villa.kind(column).value)

    def _likeliest(self, state: VillaState, columns: list[int]) -> int:
        """The column most likely to come out; the most valuable among equals."""
        return max(columns, key=lambda c: (self._odds(state, c)[hands.OUT], self._value(state, c)))

    def _penalty(self, state: VillaState, columns: list[int]) -> int:
        """The penalty pull, or DECLINE when it risks more than it gains."""
        column = self._likeliest(state, columns)
        odds = self._odds(state, column)
        gain = odds[hands.OUT] * self.w["points"] * self._value(state, column)
        return column if gain > odds[hands.COLLAPSE] * self.w["collapse"] else DECLINE

    def _turn(self, state: VillaState, legal: list[int]) -> int:
        w = self.w
        best, choice = w["declare"], DECLARE
        seat = state.mover
        holder_points = state.points(state.holder) if state.holder >= 0 else 0
        for column in legal:
            if column == DECLARE:
                continue
            odds = self._odds(state, column)
            gain = w["points"] * self._value(state, column)
            owns = state.colour_of(column) in state.colours[seat]
            if owns and state.holder != seat and state.points(seat) + gain > holder_points:
                gain += w["seal"]
            value = (
                odds[hands.OUT] * gain
                - odds[hands.COLLAPSE] * w["collapse"]
                - odds[hands.NOTICED] * w["noticed"]
            )
            if value > best + 1e-9 or (abs(value - best) < 1e-9 and self.rng.random() < 0.5):
                best, choice = value, column
        return choice

    def _protest_odds(self, state: VillaState) -> float:
        columns = state.pullable(state.colours[state.declarer])
        return max((self._odds(state, c)[hands.OUT] for c in columns), default=0.0)

    # -- placing --------------------------------------------------------------------------------
    def _place(self, state: VillaState, legal: list[int]) -> int:
        villa = state.villa
        cells = np.array([a - PLACE_BASE for a in legal])
        xs, ys = grid()
        mass = villa.kind(state.pulled).mass
        margins = villa.margins_with_load(mass, xs[cells], ys[cells])
        spot = villa.floors[-1]
        spread = np.hypot(xs[cells] - spot.x, ys[cells] - spot.y)
        score = np.minimum(margins, self.w["safe_mm"]) - 1e-3 * spread
        return int(legal[int(np.argmax(score))])

    # -- laying a floor --------------------------------------------------------------------------
    def _floor(self, state: VillaState, legal: list[int]) -> int:
        count = int(self.w["floor_samples"])
        sample = legal if len(legal) <= count else self.rng.sample(legal, count)
        own = set(state.colours[state.mover])
        scored = []
        for action in sample:
            turn, cell = divmod(action - FLOOR_BASE, state.game.cells)
            trial = state.villa.clone()
            trial.floors.append(FloorSpot(*cell_xy(cell), turn))
            supports = trial.supports(len(trial.floors) - 1)
            mine = sum(state.colour_of(c) in own for c in supports)
            scored.append((trial.margin() - self.w["own_support"] * mine, action))
        return max(scored)[1]


class CarefulAgent(GreedyAgent):
    """`greedy` that looks at what a declaration leads to before it declares.

    Greedy declares as soon as no pull is worth `declare`. But the declarer must lay the next
    floor, and where that floor falls wherever it lies, the declaration loses the game: this
    bot pulls instead, the pull least likely to bring the villa down (one the villa cannot
    spare is noticed and simply ends the turn, leaving the opponent to face the same villa).
    And where no floor is left to lay, a declaration passes and the holder of the seal wins
    once everyone has passed: without the seal, this bot pulls for it (`_chase`). It lays a
    floor where the villa stands if it can, before weighing its own supports.
    """

    name = "careful"
    description = N_("greedy, but never declares when the next floor would bring the villa down")

    def _turn(self, state: VillaState, legal: list[int]) -> int:
        choice = super()._turn(state, legal)
        pulls = [a for a in legal if a != DECLARE]
        if choice != DECLARE or not pulls:
            return choice
        floors = floor_actions(state)
        if not floors and state.holder != state.mover:
            return self._chase(state, pulls)
        if floors and not any(_with_floor(state, floor).stands() for floor in floors):
            return self._safest(state, pulls)
        return choice

    def _chase(self, state: VillaState, columns: list[int]) -> int:
        """With no floor left to lay, a declaration only passes, and once every seat has
        passed the holder of the seal wins: a seat without it pulls for it instead, risk or
        not (a fall loses no more than the end does); a pull that is noticed passes too."""
        seat = state.mover
        holder_points = state.points(state.holder) if state.holder >= 0 else 0

        def chance(column: int) -> float:
            odds = self._odds(state, column)
            value = self._value(state, column)
            takes = state.colour_of(column) in state.colours[seat] and (
                state.points(seat) + value > holder_points
            )
            return odds[hands.OUT] * (2.0 * takes + value / 3) + 0.1 * odds[hands.NOTICED]

        return max(columns, key=chance)

    def _safest(self, state: VillaState, columns: list[int]) -> int:
        """The pull least likely to bring the villa down; the greedy value among equals."""

        def risk(column: int) -> float:
            odds = self._odds(state, column)
            return odds[hands.COLLAPSE] - 1e-3 * odds[hands.OUT] * self._value(state, column)

        return min(columns, key=risk)

    def _floor(self, state: VillaState, legal: list[int]) -> int:
        count = int(self.w["floor_samples"])
        sample = legal if len(legal) <= count else self.rng.sample(legal, count)
        own = set(state.colours[state.mover])
        scored = []
        for action in sample:
            trial = _with_floor(state, action)
            supports = trial.supports(len(trial.floors) - 1)
            mine = sum(state.colour_of(c) in own for c in supports)
            margin = trial.margin()
            scored.append((margin > 0, margin - self.w["own_support"] * mine, action))
        return max(scored)[2]


def _with_floor(state: VillaState, action: int) -> Villa:
    turn, cell = divmod(action - FLOOR_BASE, state.game.cells)
    trial = state.villa.clone()
    trial.floors.append(FloorSpot(*cell_xy(cell), turn))
    return trial


def floor_actions(state: VillaState) -> list[int]:
    """The actions that would lay the next floor at each of its places, were it laid now."""
    cells = state.game.cells
    return [FLOOR_BASE + turn * cells + cell for turn, cell in state.villa.floor_spots()]


AGENTS: dict[str, type[Agent]] = {"greedy": GreedyAgent, "careful": CarefulAgent}

STRENGTHS: dict[str, Choice] = {
    "easy": "random",
    "medium": "greedy",
    "hard": "careful",
}
"""The agent spec behind each named strength (see `ludoteca.agents.strengths`): `careful` beats
`greedy` at every table size on seeds it was not designed on (the strength table of
docs/agents.md, `benchmarks/strength_table.py`); at four players only over 1,440 games, the
first 360 of which had left it undecided (docs/agents.md says how that look is accounted for)."""
