"""Equality of the compiled siege kernel with the reference engine, game by game, step by step.

    python -m ludoteca.vector.check siege --games 10000

Each game is played on the reference engine with random legal moves (seeded); its actions are
then replayed on the kernel in one compiled pass. At every node the two must agree on the whole
position (the reference state as kernel row values, the repetition table included, equals the
kernel's row), the player to move and the legal actions; every 8th step and at the end, one
side's observation tensor; at the end, the returns and a round trip of the final state through
a kernel row. Game `k` uses option set `k` of `option_sets()`: every combination of the opening
rule, the lord's start and three quiet-move limits (none among them). A game with no quiet-move
limit is cut off after `CUT_OFF` actions (the kernel's repetition table is sized for that).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.games.siege import fast, tensor
from ludoteca.games.siege.fast import MAX_MOVES
from ludoteca.games.siege.game import SiegeGame, SiegeState
from ludoteca.vector.check import check_games
from ludoteca.vector.compare import OBSERVE_EVERY, Mismatch

CUT_OFF = 2_000


def option_sets() -> list[dict[str, Any]]:
    """The defaults first, then every combination of siege's options."""
    combos = itertools.product((True, False), ("d6", "e6"), (200, 30, 0))
    return [
        {"opening_rule": rule, "lord_start": lord, "max_quiet_moves": quiet}
        for rule, lord, quiet in combos
    ]


def check_game(game: SiegeGame, seed: int, rng: random.Random) -> int:
    """Play one random game on the reference engine, replay it on the kernel, compare every
    step; returns the game's length in actions."""
    ref = game.new_initial_state(seed)
    positions: list[list[int]] = []
    players: list[int] = []
    legal: list[list[int]] = []
    observed: list[tuple[int, int, Any]] = []
    while True:
        step = len(ref._history)
        positions.append(fast.row_values(ref))
        players.append(ref.current_player())
        over = ref.is_terminal() or step >= CUT_OFF
        if step % OBSERVE_EVERY == 0 or over:
            seat = len(observed) % 2
            observed.append((step, seat, tensor.encode(ref, seat).ravel()))
        legal.append(ref.legal_actions())
        if over:
            break
        ref.apply_action(rng.choice(legal[-1]))
    actions = np.array(ref._history, dtype=np.int64)
    n = len(actions)
    cfg = fast.config(game, fast.capacity(game, CUT_OFF))
    kernel = Replay(game, cfg, actions, [(step, seat) for step, seat, _ in observed])

    def fail(step: int, what: str, ours: object, theirs: object) -> Mismatch:
        return Mismatch(
            f"{game!r} seed {seed}, step {step}: {what}: kernel {ours}, reference {theirs}"
        )

    for j in range(n + 1):
        mine = positions[j]
        if kernel.rows[j, : len(mine)].tolist() != mine:
            raise fail(j, "position", kernel.rows[j, : len(mine)].tolist(), mine)
        if kernel.players[j] != players[j]:
            raise fail(j, "player to move", int(kernel.players[j]), players[j])
        ours = kernel.legal[j, : kernel.counts[j]].tolist()
        if ours != legal[j]:
            raise fail(j, "legal actions", ours, legal[j])
    for k, (step, seat, expected) in enumerate(observed):
        if not np.array_equal(kernel.observed[k], expected):
            raise fail(step, f"observation of seat {seat}", kernel.observed[k], expected)
    final = np.empty(2, dtype=np.float64)
    fast.returns(kernel.rows[n:], 0, final)
    if final.tolist() != ref.returns():
        raise fail(n, "returns", final.tolist(), ref.returns())
    check_round_trip(ref, cfg)
    return n


class Replay:
    """The kernel's side of one game: the reference's actions applied to a kernel row, with
    what `check_game` compares recorded at each step (row `j`: before action `j`)."""

    def __init__(
        self,
        game: SiegeGame,
        cfg: fast.Config,
        actions: npt.NDArray[np.int64],
        observe: list[tuple[int, int]],
    ) -> None:
        n = len(actions)
        self.rows = np.zeros((n + 1, fast.row_width(int(cfg[fast.C_CAPACITY]))), dtype=np.int64)
        self.players = np.empty(n + 1, dtype=np.int64)
        self.legal = np.zeros((n + 1, 2 * MAX_MOVES), dtype=np.int64)
        self.counts = np.zeros(n + 1, dtype=np.int64)
        points = np.array(observe, dtype=np.int64).reshape(-1, 2)
        self.observed = np.zeros((len(points), fast.observation_size(game)), dtype=np.float32)
        _replay(
            cfg, actions, points, self.rows, self.players, self.legal, self.counts, self.observed
        )


@njit(cache=True)
def _replay(
    cfg: fast.Config,
    actions: npt.NDArray[np.int64],
    points: npt.NDArray[np.int64],
    rows: fast.Rows,
    players: npt.NDArray[np.int64],
    legal: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64],
    observed: npt.NDArray[np.float32],
) -> None:
    s = np.zeros((1, rows.shape[1]), dtype=np.int64)
    scratch = np.empty(2 * MAX_MOVES, dtype=np.int64)
    fast.initial(cfg, s, 0)
    point = 0
    for j in range(len(actions) + 1):
        rows[j] = s[0]
        players[j] = fast.current_player(s, 0)
        counts[j] = fast.moves(cfg, s, 0, legal[j])
        while point < len(points) and points[point, 0] == j:
            fast.encode(cfg, s, 0, points[point, 1], observed[point])
            point += 1
        if j < len(actions):
            fast.apply(cfg, s, 0, actions[j], scratch)


def check_round_trip(state: SiegeState, cfg: fast.Config) -> None:
    """Reference -> kernel row -> reference gives back an equal state (history included)."""
    rows = fast.new_rows(cfg, 1)
    seed = int(fast.to_row(state, cfg, rows, 0))
    back = fast.to_state(state.game, rows, 0, seed, state.history())
    if back.to_json() != state.to_json():
        raise Mismatch(f"round trip of {state.to_json()} gave {back.to_json()}")


def run(games: int, seed: int = 0, start: int = 0, progress: bool = False) -> dict[str, Any]:
    """Check games start..start+games-1 (game k: option set k, moves from seed `seed` + k)."""

    def one(game: SiegeGame, k: int) -> int:
        return check_game(game, k, random.Random(k))

    return check_games("siege", option_sets(), one, games, seed, start, progress)
