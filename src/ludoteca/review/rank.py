"""Rank the legal moves of a decision by the review's value function: the hint's engine.

The same valuation as a review's decision (`node.NodeValues.after_each`): every legal move is
valued by the model at the position it leads to, and the best is the one with the highest win
probability for the mover. It costs one model call over the alternatives, so it stays cheap
even for villa's ~190 placements.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ludoteca.core.api import Game, State
from ludoteca.core.errors import LudotecaError
from ludoteca.review.net import Model, shipped_value
from ludoteca.review.node import NodeValues

_MODELS: dict[str, Model] = {}


@dataclass(frozen=True)
class Ranked:
    """One legal move and the win probability it leaves the mover."""

    action: int
    notation: str
    value: float


def model_of(game: Game) -> Model:
    """The shipped model of `game`, loaded once per game, player count and options."""
    key = json.dumps([game.id, game.num_players, dict(game.options)], sort_keys=True)
    model = _MODELS.get(key)
    if model is None:
        model = _MODELS[key] = shipped_value(game)
    return model


def rank_moves(state: State) -> list[Ranked]:
    """Every legal move of a decision, the mover's best first (ties in legal order).

    Raises NoValueFunctionError for a game without a fitted value function.
    """
    if state.is_terminal() or state.is_chance_node():
        raise LudotecaError("only a decision has moves to rank")
    mover = state.current_player()
    values = NodeValues(model_of(state.game), state.game.num_players).after_each(state)
    ranked = [
        Ranked(action, state.action_to_string(action), float(value[mover]))
        for action, value in zip(state.legal_actions(), values, strict=True)
    ]
    return sorted(ranked, key=lambda move: -move.value)
