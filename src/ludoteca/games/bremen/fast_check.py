"""Equality of the compiled bremen kernel with the reference engine, whole games step by step.

    python -m ludoteca.vector.check bremen --games 10000

The comparison of `compare` (position, player to move, legal actions, chance outcomes with their
probabilities and the one drawn, observations, returns, a round trip), over whole games. Game
`k` uses option set `k` of `option_sets()`: each variant on 2, 3 and 4 players.

Uniformly random bremen games are too long for the reference engine (the kernel's random
playouts average 100,000 to 500,000 actions before a pyramid storms the robbers' house): each
decision here is the `greedy` bot's (seeded with the game's seed) or, with probability 1/2, a
uniformly random legal action, so games end by the rules within hundreds of actions while random
moves still reach the positions greedy play avoids. A game still running at the length the
batched simulator cuts games off at (`interop.spaces.bounds`) is cut off there and counted.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.api import State
from ludoteca.core.fastrng import seeded_uniform
from ludoteca.games.bremen import fast, tensor
from ludoteca.games.bremen.bots import GreedyAgent
from ludoteca.games.bremen.game import MOVE, OPTIONS, ROBBER, BremenGame
from ludoteca.interop.spaces import bounds
from ludoteca.vector import compare
from ludoteca.vector.check import check_games

RANDOM_SHARE = 0.5
"""The share of decisions made uniformly at random; greedy makes the others."""


def option_sets() -> list[dict[str, Any]]:
    """Every variant, on every number of players (2-4)."""
    names = [option.name for option in OPTIONS]
    values = [
        option.choices if option.choices else (option.default, not option.default)
        for option in OPTIONS
    ]
    return [
        {"players": players, **dict(zip(names, combo, strict=True))}
        for combo in itertools.product(*values)
        for players in range(BremenGame.min_players, BremenGame.max_players + 1)
    ]


def policy(game: BremenGame, seed: int, rng: random.Random) -> compare.Policy:
    """Greedy's choice, or with probability `RANDOM_SHARE` a random legal action."""
    greedy = GreedyAgent(game, seed=seed)

    def choose(state: State, legal: list[int]) -> int:
        if rng.random() < RANDOM_SHARE:
            action: int = rng.choice(legal)
            return action
        return greedy.act(state)

    return choose


@njit(cache=True)
def _replay(
    cfg: fast.Config,
    seed: np.uint64,
    actions: npt.NDArray[np.int64],
    points: npt.NDArray[np.int64],
    offsets: npt.NDArray[np.int64],
    rows: fast.Rows,
    players: npt.NDArray[np.int64],
    legal_counts: npt.NDArray[np.int64],
    legal: npt.NDArray[np.int64],
    drawn: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64],
    outcomes: npt.NDArray[np.int64],
    probs: npt.NDArray[np.float64],
    observed: npt.NDArray[np.float32],
) -> None:
    """`compare.Replay`'s compiled pass: what the kernel says at each node of the game."""
    s = np.empty((1, fast.ROW_WIDTH), dtype=np.int32)
    fast.initial(cfg, s, 0)
    buffer = np.empty(fast.MAX_LEGAL, dtype=np.int64)
    scratch = fast.new_scratch()
    point = 0
    for j in range(len(actions) + 1):
        rows[j] = s[0]
        players[j] = fast.current_player(cfg, s, 0)
        phase = s[0, fast.S_PHASE]
        if phase in (ROBBER, MOVE):
            count = fast.legal_actions(cfg, s, 0, buffer, scratch)
            legal_counts[j] = count
            room = min(count, offsets[j + 1] - offsets[j]) if j + 1 < len(offsets) else 0
            legal[offsets[j] : offsets[j] + room] = buffer[:room]
        elif phase < ROBBER:
            counts[j] = fast.chance_outcomes(cfg, s, 0, outcomes[j], probs[j])
            u = seeded_uniform(seed, s[0, fast.S_STEP])
            drawn[j] = fast.chance_outcome(cfg, s, 0, u)
        while point < len(points) and points[point, 0] == j:
            fast.encode(cfg, s, 0, points[point, 1], observed[point])
            point += 1
        if j < len(actions):
            fast.apply(cfg, s, 0, actions[j], scratch)


KERNEL = compare.Kernel(fast, _replay, outcomes=36)


def check_game(game: BremenGame, seed: int, rng: random.Random) -> int:
    """Play one whole game on the reference engine (see the module docstring), replay it on the
    kernel and compare the two at every step; returns the game's length in actions."""
    return compare.check_game(
        KERNEL,
        game.new_initial_state(seed),
        policy(game, seed, rng),
        tensor.encode,
        bounds(game).max_length,
    )


def run(games: int, seed: int = 0, start: int = 0, progress: bool = False) -> dict[str, Any]:
    """Check whole games start..start+games-1 (game k: option set k, seed `seed` + k); the
    answer counts the games cut off (`cut_off`) beside those that ended by the rules."""
    rng = random.Random(seed)
    cut_off = 0

    def one(game: BremenGame, k: int) -> int:
        nonlocal cut_off
        steps = check_game(game, k, rng)
        cut_off += steps >= bounds(game).max_length
        return steps

    done = check_games("bremen", option_sets(), one, games, seed, start, progress)
    return {**done, "cut_off": cut_off}
