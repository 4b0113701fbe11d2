"""Equality of the compiled bremen kernel with the reference engine, game by game, step by step.

    python -m ludoteca.vector.check bremen --games 10000

The same comparison as `check` makes for ludo: each game is played on the reference engine from
its seed with random legal actions, then replayed on the kernel in one compiled pass; at every
node the two must agree on the whole position (the reference state as kernel row values equals
the kernel's row: every stack bottom to top, each animal's field, robber, scores, turn, phase,
dice, the dice left in order, the turn's flags, winner, history length), the player to move,
the legal actions (compared as sorted lists: there are 7,948 action ids), the chance outcomes
with their probabilities and the outcome drawn from the seed; every 8th step one seat's
observation tensor; at the end the returns and a round trip of the last state through a row.
Game `k` uses option set `k` of `option_sets()`: each variant on 2, 3 and 4 players.

Random bremen games are long (most run past 10,000 actions before a pyramid storms the house),
so a game is checked up to `LENGTH` actions unless `length` says otherwise; the tests and the
docs say which lengths were run.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.chance import sample_outcome
from ludoteca.games.bremen import fast, tensor
from ludoteca.games.bremen.game import MOVE, OPTIONS, ROBBER, BremenGame, BremenState
from ludoteca.games.ludo.fast import MASK64, seeded_uniform
from ludoteca.vector.check import OBSERVE_EVERY, Mismatch, check_games

OUTCOMES = 36
LENGTH = 200
"""Actions of each game checked by default (chance included)."""


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


def check_game(game: BremenGame, seed: int, rng: random.Random, length: int = LENGTH) -> int:
    """Play one random game on the reference engine (its first `length` actions), replay its
    actions on the kernel, and compare the two at every step; returns the actions checked."""
    ref = game.new_initial_state(seed)
    positions: list[int] = []
    players: list[int] = []
    legal: list[int] = []
    offsets = [0]
    drawn: list[int] = []
    tables: list[tuple[int, list[tuple[int, float]]]] = []
    observed: list[tuple[int, int, Any]] = []
    while True:
        step = len(ref._history)
        positions += fast.row_values(ref)
        players.append(ref.current_player())
        terminal = ref.is_terminal() or step >= length
        if step % OBSERVE_EVERY == 0 or terminal:
            seat = len(observed) % game.num_players
            observed.append((step, seat, tensor.encode(ref, seat)))
        if terminal:
            break
        if ref.is_chance_node():
            tables.append((step, ref.chance_outcomes()))
            action = sample_outcome(ref)
            drawn.append(action)
        else:
            choices = ref.legal_actions()
            legal += choices
            action = rng.choice(choices)
            drawn.append(-1)
        offsets.append(len(legal))
        ref.apply_action(action)
    actions = np.array(ref._history, dtype=np.int64)
    kernel = Replay(game, seed, actions, [(step, seat) for step, seat, _ in observed], offsets)
    n = len(actions)

    def fail(step: int, what: str, ours: object, theirs: object) -> Mismatch:
        return Mismatch(
            f"{game!r} seed {seed}, step {step}: {what}: kernel {ours}, reference {theirs}"
        )

    mine = np.array(positions, dtype=np.int32).reshape(n + 1, fast.ROW_WIDTH)
    wrong = np.flatnonzero((kernel.rows != mine).any(axis=1))
    if wrong.size:
        j = int(wrong[0])
        raise fail(j, "position", kernel.rows[j].tolist(), mine[j].tolist())
    for what, ours, theirs in (
        ("player to move", kernel.players, players),
        ("number of legal actions", kernel.legal_counts[:n], np.diff(offsets).tolist()),
        ("chance outcome drawn (-1: a decision)", kernel.drawn[:n], drawn),
    ):
        wrong = np.flatnonzero(ours != np.array(theirs, dtype=np.int64))
        if wrong.size:
            j = int(wrong[0])
            raise fail(j, what, int(ours[j]), theirs[j])
    wrong = np.flatnonzero(kernel.legal != np.array(legal, dtype=np.int64))
    if wrong.size:
        j = int(np.searchsorted(offsets, wrong[0], side="right")) - 1
        ours = kernel.legal[offsets[j] : offsets[j + 1]].tolist()
        raise fail(j, "legal actions", ours, legal[offsets[j] : offsets[j + 1]])
    for j, outcomes in tables:
        count = kernel.counts[j]
        got = list(
            zip(kernel.outcomes[j, :count].tolist(), kernel.probs[j, :count].tolist(), strict=True)
        )
        if got != outcomes:
            raise fail(j, "chance outcomes", got, outcomes)
    for k, (step, seat, expected) in enumerate(observed):
        if not np.array_equal(kernel.observed[k], expected):
            raise fail(step, f"observation of seat {seat}", kernel.observed[k], expected)
    final = np.empty(game.num_players, dtype=np.float64)
    fast.returns(fast.config(game), kernel.rows[n:], 0, final)
    if final.tolist() != ref.returns():
        raise fail(n, "returns", final.tolist(), ref.returns())
    check_round_trip(ref)
    return n


class Replay:
    """The kernel's side of one game: the reference's actions applied to a kernel row, with
    everything `check_game` compares recorded at each step (row `j`: before action `j`)."""

    def __init__(
        self,
        game: BremenGame,
        seed: int,
        actions: npt.NDArray[np.int64],
        observe: list[tuple[int, int]],
        offsets: list[int],
    ) -> None:
        n = len(actions)
        self.rows = np.empty((n + 1, fast.ROW_WIDTH), dtype=np.int32)
        self.players = np.empty(n + 1, dtype=np.int64)
        self.legal_counts = np.zeros(n + 1, dtype=np.int64)
        self.legal = np.full(offsets[-1], -1, dtype=np.int64)
        self.drawn = np.full(n + 1, -1, dtype=np.int64)
        self.counts = np.zeros(n + 1, dtype=np.int64)
        self.outcomes = np.zeros((n + 1, OUTCOMES), dtype=np.int64)
        self.probs = np.zeros((n + 1, OUTCOMES), dtype=np.float64)
        points = np.array(observe, dtype=np.int64).reshape(-1, 2)
        self.observed = np.zeros((len(points), fast.observation_size(game)), dtype=np.float32)
        _replay(
            fast.config(game),
            np.uint64(seed & MASK64),
            actions,
            points,
            self.rows,
            self.players,
            np.array(offsets, dtype=np.int64),
            self.legal_counts,
            self.legal,
            self.drawn,
            self.counts,
            self.outcomes,
            self.probs,
            self.observed,
        )


@njit(cache=True)
def _replay(
    cfg: fast.Config,
    seed: np.uint64,
    actions: npt.NDArray[np.int64],
    points: npt.NDArray[np.int64],
    rows: fast.Rows,
    players: npt.NDArray[np.int64],
    offsets: npt.NDArray[np.int64],
    legal_counts: npt.NDArray[np.int64],
    legal: npt.NDArray[np.int64],
    drawn: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64],
    outcomes: npt.NDArray[np.int64],
    probs: npt.NDArray[np.float64],
    observed: npt.NDArray[np.float32],
) -> None:
    s = np.empty((1, fast.ROW_WIDTH), dtype=np.int32)
    fast.initial(cfg, s, 0)
    buffer = np.empty(fast.MAX_LEGAL, dtype=np.int64)
    point = 0
    for j in range(len(actions) + 1):
        rows[j] = s[0]
        players[j] = fast.current_player(cfg, s, 0)
        phase = s[0, fast.S_PHASE]
        if phase in (ROBBER, MOVE):
            count = fast.legal_actions(cfg, s, 0, buffer)
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
            fast.apply(cfg, s, 0, actions[j])


def check_round_trip(state: BremenState) -> None:
    """Reference -> kernel row -> reference gives back an equal state (history included)."""
    rows = fast.new_rows(1)
    seed = int(fast.to_row(state, rows, 0))
    back = fast.to_state(state.game, rows, 0, seed, state.history())
    if back.to_json() != state.to_json():
        raise Mismatch(f"round trip of {state.to_json()} gave {back.to_json()}")


def run(
    games: int, seed: int = 0, start: int = 0, progress: bool = False, length: int = LENGTH
) -> dict[str, Any]:
    """Check games start..start+games-1 (game k: option set k, seed `seed` + k), each up to
    `length` actions."""
    rng = random.Random(seed)

    def one(game: BremenGame, k: int) -> int:
        return check_game(game, k, rng, length)

    return check_games("bremen", option_sets(), one, games, seed, start, progress)
