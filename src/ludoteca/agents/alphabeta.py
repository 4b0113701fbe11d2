"""Game-tree search for two-player zero-sum games of perfect information.

`AlphaBetaAgent` ("alphabeta"): iterative-deepening negamax with alpha-beta pruning, a
transposition table keyed by a hash of the position, move ordering (the table's best move, two
killer moves per ply, then the game's own hint) and a quiescence search that follows "noisy"
moves (captures) past the depth, within a depth and an optional time budget. `MinimaxAgent`
("minimax") is the plain fixed-depth minimax with the same evaluation, kept as a yardstick.

A game tunes the search through an optional module `ludoteca.games.<id>.search` with any of:

- `evaluate(state, seat) -> float`: how good an unfinished position is for `seat`, in units well
  below `WIN` (default: 0, so only finished games count);
- `zobrist(state) -> int`: a hash of the position (default: a hash of its JSON, without the
  history);
- `order(state, actions) -> list[int]`: the actions, most promising first (default: as given);
- `noisy(state, action) -> bool`: whether the quiescence search follows `action` (default: none);
- `compiled(game, quiescence)`: the same search compiled for the game (the `AlphaBeta` engine's
  `best` and `nodes`), or None; siege has one (`games/siege/fast_alphabeta.py`). `alphabeta` uses it
  whenever the game has one and numba is installed (the same moves, many times faster; numba's
  cache spares later processes the compiling); `compiled=0` keeps the Python search, and
  `compiled=1` insists on the compiled one (an error where there is none).

Finished games score `WIN` times the return, less one per ply, so a nearer win is preferred.
Ties at the root are broken by the agent's seeded generator.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ludoteca.agents.base import Agent
from ludoteca.core.api import Game, State
from ludoteca.core.registry import game_module
from ludoteca.i18n import N_

WIN = 10_000.0
EXACT, LOWER, UPPER = range(3)
TABLE_LIMIT = 1_000_000
"""Entries kept in the transposition table; it is cleared when it grows past this."""


@dataclass(frozen=True)
class Hooks:
    """The game-specific parts of the search, or the generic fallbacks."""

    evaluate: Callable[[State, int], float]
    key: Callable[[State], int]
    order: Callable[[State, list[int]], list[int]]
    noisy: Callable[[State, int], bool]


def _no_value(state: State, seat: int) -> float:
    return 0.0


def _json_key(state: State) -> int:
    position = {k: v for k, v in state.to_json().items() if k not in {"history", "seed"}}
    return hash(json.dumps(position, sort_keys=True))


def _as_given(state: State, actions: list[int]) -> list[int]:
    return actions


def _quiet(state: State, action: int) -> bool:
    return False


def hooks_for(game: Game) -> Hooks:
    """The game's search hooks, each falling back to the generic one when not defined."""
    module = game_module(game.id, "search")
    return Hooks(
        evaluate=getattr(module, "evaluate", _no_value),
        key=getattr(module, "zobrist", _json_key),
        order=getattr(module, "order", _as_given),
        noisy=getattr(module, "noisy", _quiet),
    )


def compiled_engine(game: Game, quiescence: int) -> Any:
    """The game's compiled search (`search.compiled(game, quiescence)`, with `AlphaBeta.best`
    and `nodes`), or None where it has none or its extra is not installed."""
    make = getattr(game_module(game.id, "search"), "compiled", None)
    return None if make is None else make(game, quiescence)


def searchable(game: Game) -> bool:
    """Whether the search applies: two players, zero-sum (every game here) and no chance."""
    return game.num_players == 2 and not game.has_chance


def _check_game(game: Game) -> None:
    if game.num_players != 2:
        raise ValueError(f"search agents play two-player games, not {game.num_players} players")
    if game.has_chance:
        raise ValueError(
            f"search agents play games without chance; {game.id} has dice, cards or a random"
            " set-up (try mcts or expectimax)"
        )


def terminal_value(state: State, seat: int, ply: int) -> float:
    """A finished game's score for `seat`: the return times `WIN`, a nearer win higher."""
    result = state.returns()[seat]
    return result * WIN - math.copysign(ply, result) if result else 0.0


class OutOfTime(Exception):
    """The time budget ran out inside an iteration."""


@dataclass
class Entry:
    depth: int
    flag: int
    value: float
    move: int | None


class AlphaBeta:
    """One search engine with its transposition table (kept from move to move)."""

    def __init__(self, hooks: Hooks, quiescence: int = 4) -> None:
        self.hooks = hooks
        self.quiescence = quiescence
        self.table: dict[int, Entry] = {}
        self.killers: dict[int, list[int]] = {}
        self.nodes = 0
        self.deadline = math.inf

    def best(
        self, state: State, depth: int, seconds: float, shuffled: list[int]
    ) -> tuple[int, float, int]:
        """(action, value, depth completed) for the player to move; `shuffled` breaks ties."""
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        self.killers = {}
        self.deadline = time.monotonic() + seconds if seconds > 0 else math.inf
        seat = state.current_player()
        choice, value, reached = shuffled[0], -math.inf, 0
        for target in range(1, depth + 1):
            try:
                choice, value = self._root(state, seat, target, shuffled, choice)
            except OutOfTime:
                break
            reached = target
            if abs(value) > WIN / 2:
                break  # a forced result: deeper search changes nothing
        return choice, value, reached

    def _root(
        self, state: State, seat: int, depth: int, shuffled: list[int], first: int
    ) -> tuple[int, float]:
        moves = list(self.hooks.order(state, list(shuffled)))
        moves.remove(first)
        moves.insert(0, first)
        alpha, best = -math.inf, first
        for action in moves:
            value = self._child(state, action, seat, depth - 1, alpha, math.inf, 1)
            if value > alpha:
                alpha, best = value, action
        return best, alpha

    def _child(
        self, state: State, action: int, seat: int, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        """The value for `seat` of playing `action` in `state`."""
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal():
            return terminal_value(child, seat, ply)
        if child.current_player() == seat:
            return self._search(child, seat, depth, alpha, beta, ply)
        return -self._search(child, 1 - seat, depth, -beta, -alpha, ply)

    def _search(
        self, state: State, seat: int, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        if depth <= 0:
            return self._quiesce(state, seat, alpha, beta, ply, self.quiescence)
        self._tick()
        key = self.hooks.key(state)
        entry = self.table.get(key)
        hint = None
        if entry is not None:
            hint = entry.move
            if entry.depth >= depth:
                if entry.flag == EXACT:
                    return entry.value
                if entry.flag == LOWER:
                    alpha = max(alpha, entry.value)
                else:
                    beta = min(beta, entry.value)
                if alpha >= beta:
                    return entry.value
        start_alpha = alpha
        best_value, best_move = -math.inf, None
        for action in self._ordered(state, hint, ply):
            value = self._child(state, action, seat, depth - 1, alpha, beta, ply + 1)
            if value > best_value:
                best_value, best_move = value, action
            alpha = max(alpha, value)
            if alpha >= beta:
                self._remember_killer(ply, action)
                break
        flag = UPPER if best_value <= start_alpha else LOWER if best_value >= beta else EXACT
        self.table[key] = Entry(depth, flag, best_value, best_move)
        return best_value

    def _quiesce(
        self, state: State, seat: int, alpha: float, beta: float, ply: int, left: int
    ) -> float:
        """The evaluation, or better if a noisy move improves on it (captures are optional)."""
        self._tick()
        stand = self.hooks.evaluate(state, seat)
        if stand >= beta or left <= 0:
            return stand
        alpha = max(alpha, stand)
        best = stand
        noisy = [a for a in state.legal_actions() if self.hooks.noisy(state, a)]
        for action in self.hooks.order(state, noisy):
            child = state.clone()
            child.apply_action(action)
            if child.is_terminal():
                value = terminal_value(child, seat, ply + 1)
            elif child.current_player() == seat:
                value = self._quiesce(child, seat, alpha, beta, ply + 1, left - 1)
            else:
                value = -self._quiesce(child, 1 - seat, -beta, -alpha, ply + 1, left - 1)
            best = max(best, value)
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return best

    def _ordered(self, state: State, hint: int | None, ply: int) -> list[int]:
        moves = self.hooks.order(state, state.legal_actions())
        front = [m for m in [hint, *self.killers.get(ply, [])] if m is not None and m in moves]
        for action in reversed(list(dict.fromkeys(front))):
            moves.remove(action)
            moves.insert(0, action)
        return moves

    def _remember_killer(self, ply: int, action: int) -> None:
        killers = self.killers.setdefault(ply, [])
        if action not in killers:
            killers.insert(0, action)
            del killers[2:]

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 0x3FF == 0 and time.monotonic() > self.deadline:
            raise OutOfTime


SWITCH: dict[str, bool | None] = {
    "auto": None,
    **dict.fromkeys(("1", "true", "yes"), True),
    **dict.fromkeys(("0", "false", "no"), False),
}
"""`compiled=`: None, use the compiled search where there is one; True, insist; False, never."""


class AlphaBetaAgent(Agent):
    """Iterative-deepening alpha-beta (see the module docstring); `depth`, `time` in seconds."""

    name = "alphabeta"
    description = N_("alpha-beta search with a transposition table, to a depth or time budget")

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        _check_game(game)
        unknown = set(params) - {"depth", "time", "quiescence", "compiled"}
        if unknown:
            raise ValueError(
                f"alphabeta takes depth, time, quiescence, compiled; not {', '.join(unknown)}"
            )
        super().__init__(game, seed, **params)
        self.depth = int(params.get("depth", 3))
        self.seconds = float(params.get("time", 0))
        if self.depth < 1 or self.seconds < 0:
            raise ValueError("alphabeta needs depth >= 1 and time >= 0")
        quiescence = int(params.get("quiescence", 4))
        wanted = str(params.get("compiled", "auto")).lower()
        if wanted not in SWITCH:
            raise ValueError(f"alphabeta's compiled is auto, 1 or 0; not {wanted!r}")
        engine = None if SWITCH[wanted] is False else compiled_engine(game, quiescence)
        if engine is None and SWITCH[wanted]:
            raise ValueError(
                f"alphabeta:compiled=1 needs numba (pip install 'ludoteca[fast]') and a game"
                f" with a compiled search (siege); {game.id} has none here"
            )
        self.engine: Any = engine or AlphaBeta(hooks_for(game), quiescence)
        self.last: tuple[float, int] = (0.0, 0)
        """The value and the depth reached of the last move chosen."""

    @classmethod
    def plays(cls, game: Game) -> bool:
        return searchable(game)

    def act(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        shuffled = self.rng.sample(legal, len(legal))
        action, value, reached = self.engine.best(state, self.depth, self.seconds, shuffled)
        self.last = (value, reached)
        return int(action)


class MinimaxAgent(Agent):
    """Plain minimax to a fixed `depth` with the game's evaluation: no pruning, no table."""

    name = "minimax"
    description = N_("plain fixed-depth minimax, the yardstick for alphabeta")

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        _check_game(game)
        unknown = set(params) - {"depth"}
        if unknown:
            raise ValueError(f"minimax takes depth; not {', '.join(unknown)}")
        super().__init__(game, seed, **params)
        self.depth = int(params.get("depth", 3))
        if self.depth < 1:
            raise ValueError("minimax needs depth >= 1")
        self.hooks = hooks_for(game)

    @classmethod
    def plays(cls, game: Game) -> bool:
        return searchable(game)

    def act(self, state: State) -> int:
        legal = state.legal_actions()
        seat = state.current_player()
        best, choice = -math.inf, legal[0]
        for action in self.rng.sample(legal, len(legal)):
            value = self._value(state, action, seat, self.depth - 1, 1)
            if value > best:
                best, choice = value, action
        return choice

    def _value(self, state: State, action: int, seat: int, depth: int, ply: int) -> float:
        """The value for `seat` of `action` when both sides look `depth` more plies ahead."""
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal():
            return terminal_value(child, seat, ply)
        mover = child.current_player()
        if depth <= 0:
            return self.hooks.evaluate(child, seat)
        values = [self._value(child, a, mover, depth - 1, ply + 1) for a in child.legal_actions()]
        return max(values) if mover == seat else -max(values)
