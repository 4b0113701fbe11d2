"""The step-for-step comparison of a compiled kernel with the reference engine, for every game.

A game is played on the reference engine from its seed (`play`: decisions from a policy, chance
from the seed) and recorded as a `Trace`; its actions are then replayed on the kernel in one
compiled pass (`vector.engine`'s replay loop over the game's kernel, see `Kernel`) and the
two must agree at every node on the whole position (the reference state as kernel row values,
`fast.row_values`, equals the kernel's row), the player to move, the legal actions, the chance
outcomes with their probabilities and the outcome drawn from the seed (scheme 1 of
`core.chance`: the kernel draws its own, which must be the one the reference applied); every
`OBSERVE_EVERY`th step (each time for the next seat) and at the end, one seat's observation
tensor; at the end, the returns and a round trip of the final state through a kernel row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ludoteca.core.api import Game, State
from ludoteca.core.chance import sample_outcome
from ludoteca.core.fastrng import MASK64
from ludoteca.interop.spaces import bounds
from ludoteca.vector import engine

OBSERVE_EVERY = 8
"""Observation tensors are compared every 8th step (each time for the next seat) and at the
end; the position they encode is compared at every step."""

Policy = Callable[[State, list[int]], int]
"""Picks the action of a decision from the state and its legal actions."""


class Mismatch(AssertionError):
    """The two engines disagree; the message says where and how."""


@dataclass
class Trace:
    """The reference's side of one game, node by node (node `j`: before action `j`)."""

    positions: list[list[int]] = field(default_factory=list)
    """Each node's position as kernel row values (siege's grow with its repetition table)."""
    players: list[int] = field(default_factory=list)
    legal: list[int] = field(default_factory=list)
    """The legal actions of every node one after the other (none at a chance node)."""
    offsets: list[int] = field(default_factory=lambda: [0])
    """Node `j`'s legal actions are `legal[offsets[j]:offsets[j + 1]]`."""
    drawn: list[int] = field(default_factory=list)
    """The chance outcome applied at each node (-1 at a decision)."""
    tables: list[tuple[int, list[tuple[int, float]]]] = field(default_factory=list)
    observed: list[tuple[int, int, Any]] = field(default_factory=list)
    """(node, seat, the reference's tensor)."""


@dataclass
class Kernel:
    """One game's compiled side: its kernel (`engine.Kernel`) and the replay loop compiled over
    it, with the configurations it made."""

    parts: engine.Kernel
    configs: dict[tuple[Game, int], Any] = field(default_factory=dict)

    @classmethod
    def of(cls, game_id: str) -> Kernel:
        return cls(engine.kernel(game_id))

    @property
    def replay(self) -> Callable[..., None]:
        replay: Callable[..., None] = engine.loops(self.parts.game_id).replay
        return replay

    def config(self, game: Game, max_length: int) -> Any:
        """The kernel's configuration of `game`, made once per option set (it tabulates the
        board)."""
        if (game, max_length) not in self.configs:
            self.configs[game, max_length] = self.parts.config(game, max_length)
        return self.configs[game, max_length]


def play(
    ref: State,
    policy: Policy,
    row_values: Callable[[Any], list[int]],
    encode: Callable[[Any, int], Any],
    cut_off: int | None = None,
) -> Trace:
    """Play `ref` to its end (or `cut_off` actions), recording what the kernel must match."""
    trace = Trace()
    seats = ref.game.num_players
    while True:
        step = len(ref._history)
        trace.positions.append(row_values(ref))
        trace.players.append(ref.current_player())
        over = ref.is_terminal() or (cut_off is not None and step >= cut_off)
        if step % OBSERVE_EVERY == 0 or over:
            seat = len(trace.observed) % seats
            trace.observed.append((step, seat, np.ravel(encode(ref, seat))))
        if over:
            return trace
        if ref.is_chance_node():
            trace.tables.append((step, ref.chance_outcomes()))
            action = sample_outcome(ref)
            trace.drawn.append(action)
        else:
            legal = ref.legal_actions()
            trace.legal += legal
            action = policy(ref, legal)
            trace.drawn.append(-1)
        trace.offsets.append(len(trace.legal))
        ref.apply_action(action)


class Replay:
    """The kernel's side of one game: the reference's actions applied to a kernel row, with
    everything `compare` checks recorded at each node (row `j`: before action `j`)."""

    def __init__(
        self, kernel: Kernel, game: Game, cfg: Any, seed: int, trace: Trace, actions: Any
    ) -> None:
        n = len(actions)
        parts = kernel.parts
        self.rows = parts.new_rows(cfg, n + 1)
        self.players = np.empty(n + 1, dtype=np.int64)
        self.legal_counts = np.zeros(n + 1, dtype=np.int64)
        self.legal = np.full(trace.offsets[-1], -1, dtype=np.int64)
        self.drawn = np.full(n + 1, -1, dtype=np.int64)
        self.counts = np.zeros(n + 1, dtype=np.int64)
        self.outcomes = np.zeros((n + 1, parts.MAX_OUTCOMES), dtype=np.int64)
        self.probs = np.zeros((n + 1, parts.MAX_OUTCOMES), dtype=np.float64)
        points = np.array([(step, seat) for step, seat, _ in trace.observed], dtype=np.int64)
        self.observed = np.zeros((len(points), parts.observation_size(game)), dtype=np.float32)
        kernel.replay(
            cfg,
            np.uint64(seed & MASK64),
            actions,
            points.reshape(-1, 2),
            np.array(trace.offsets, dtype=np.int64),
            self.rows,
            self.players,
            self.legal_counts,
            self.legal,
            self.drawn,
            self.counts,
            self.outcomes,
            self.probs,
            self.observed,
        )


def check_game(
    kernel: Kernel,
    ref: State,
    policy: Policy,
    encode: Callable[[Any, int], Any],
    cut_off: int | None = None,
) -> int:
    """Play `ref` to its end (or `cut_off` actions) on the reference engine, replay it on the
    kernel and compare the two at every node; returns the game's length in actions."""
    game = ref.game
    cfg = kernel.config(game, cut_off or bounds(game).max_length)
    trace = play(ref, policy, kernel.parts.row_values, encode, cut_off)
    actions = np.array(ref._history, dtype=np.int64)
    n = len(actions)
    kernel_side = Replay(kernel, game, cfg, ref.seed, trace, actions)

    def fail(step: int, what: str, ours: object, theirs: object) -> Mismatch:
        return Mismatch(
            f"{game!r} seed {ref.seed}, step {step}: {what}: kernel {ours}, reference {theirs}"
        )

    _compare_positions(kernel_side, trace, fail)
    for what, ours, theirs in (
        ("player to move", kernel_side.players, trace.players),
        ("number of legal actions", kernel_side.legal_counts[:n], np.diff(trace.offsets)),
        ("chance outcome drawn (-1: a decision)", kernel_side.drawn[:n], trace.drawn),
    ):
        wrong = np.flatnonzero(ours != np.asarray(theirs, dtype=np.int64))
        if wrong.size:
            j = int(wrong[0])
            raise fail(j, what, int(ours[j]), int(theirs[j]))
    wrong = np.flatnonzero(kernel_side.legal != np.array(trace.legal, dtype=np.int64))
    if wrong.size:
        j = int(np.searchsorted(trace.offsets, wrong[0], side="right")) - 1
        span = slice(trace.offsets[j], trace.offsets[j + 1])
        raise fail(j, "legal actions", kernel_side.legal[span].tolist(), trace.legal[span])
    _compare_chance(kernel_side, trace, fail)
    for k, (step, seat, expected) in enumerate(trace.observed):
        if not np.array_equal(kernel_side.observed[k], expected):
            raise fail(step, f"observation of seat {seat}", kernel_side.observed[k], expected)
    final = np.empty(game.num_players, dtype=np.float64)
    kernel.parts.returns(cfg, kernel_side.rows[n:], 0, final)
    if final.tolist() != ref.returns():
        raise fail(n, "returns", final.tolist(), ref.returns())
    check_round_trip(kernel, ref, cfg)
    return n


def _compare_positions(
    kernel_side: Replay, trace: Trace, fail: Callable[[int, str, object, object], Mismatch]
) -> None:
    """Each node's row against the reference's row values; a row may hold more than the
    position (siege's repetition table has room to spare), so only its first values count."""
    widths = {len(values) for values in trace.positions}
    if len(widths) == 1:  # one array comparison for the whole game
        mine = np.array(trace.positions, dtype=kernel_side.rows.dtype)
        rows = kernel_side.rows[:, : mine.shape[1]]
        wrong = np.flatnonzero((rows != mine).any(axis=1))
        if wrong.size:
            j = int(wrong[0])
            raise fail(j, "position", rows[j].tolist(), mine[j].tolist())
        return
    for j, values in enumerate(trace.positions):
        ours = kernel_side.rows[j, : len(values)].tolist()
        if ours != values:
            raise fail(j, "position", ours, values)


def _compare_chance(
    kernel_side: Replay, trace: Trace, fail: Callable[[int, str, object, object], Mismatch]
) -> None:
    """The outcomes and probabilities of every chance node, as exact floats."""
    for j, outcomes in trace.tables:
        count = kernel_side.counts[j]
        got = list(
            zip(
                kernel_side.outcomes[j, :count].tolist(),
                kernel_side.probs[j, :count].tolist(),
                strict=True,
            )
        )
        if got != outcomes:
            raise fail(j, "chance outcomes", got, outcomes)


def check_round_trip(kernel: Kernel, state: State, cfg: Any) -> None:
    """Reference -> kernel row -> reference gives back an equal state (history included)."""
    parts = kernel.parts
    rows = parts.new_rows(cfg, 1)
    seed = int(parts.to_row(state, cfg, rows, 0))
    back = parts.to_state(state.game, rows, 0, seed, state.history())
    if back.to_json() != state.to_json():
        raise Mismatch(f"round trip of {state.to_json()} gave {back.to_json()}")


def uniform(rng: Any) -> Policy:
    """Uniformly random legal actions from `rng` (a `random.Random`)."""

    def policy(state: State, legal: list[int]) -> int:
        action: int = rng.choice(legal)
        return action

    return policy
