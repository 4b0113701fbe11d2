"""`mcts` for Mens erger je niet compiled: the whole search on arrays, with numba.

The tree of `agents.mcts_tree` (UCT with per-seat totals, chance outcomes sampled, max^n
selection) kept in flat arrays, one entry per node: who moves, visits, per-seat totals, the
node's actions (a decision's legal moves in a shuffled expansion order, or a chance node's
outcomes) and the child reached by each. Selection, expansion, the rollout (uniformly random
legal moves, chance drawn by its probabilities, cut off after `depth` actions and scored by
`search.evaluate` squashed by tanh, as `agents.mcts` does) and backpropagation all run on the
rules kernel of `fast`. The searcher's randomness is its own counter-based SplitMix64 stream,
seeded from the agent's generator: never the game's seed, so the future dice stay unknown.

`rollout(game)` is the compiled rollout alone, for the Python tree; `Search` is the whole
search (see `ludoteca.agents.kernels` for how `mcts` finds them).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.api import CHANCE, TERMINAL, State
from ludoteca.core.fastrng import MASK64, kernel, next_uniform
from ludoteca.games.ludo import fast
from ludoteca.games.ludo.fast import (
    C_COLOURS,
    C_COLOURS_IN_PLAY,
    C_ENTRIES,
    C_OWNER,
    C_PLAYERS,
    C_TRACK,
    S_OCCUPANT,
    S_PAWNS,
    S_PHASE,
    Config,
    Rows,
)
from ludoteca.games.ludo.game import MOVE, OVER, ROLL, LudoGame, LudoState
from ludoteca.games.ludo.search import HIT, WEIGHTS

WIDTH = 6
"""The most children a node has: six die faces (a colour has at most four moves)."""
MAX_PATH = 4096
"""The deepest descent; below it a simulation rolls out from where it is."""
MARGIN = 64
"""Free nodes a batch of simulations keeps in hand; the arrays grow when fewer are left."""
Uints = npt.NDArray[np.uint64]
Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


# -- search.evaluate ---------------------------------------------------------------------------
@kernel
def _attackers(cfg: Config, s: Rows, i: int, colour: int, square: int) -> int:
    """`search.attackers`: other seats' pawns (or bring-ins) that could land on `square`."""
    track = cfg[C_TRACK]
    seat = cfg[C_OWNER + colour]
    count = 0
    for distance in range(1, 7):
        behind = (square - distance) % track
        other = s[i, S_OCCUPANT + behind]
        if (
            other >= 0
            and cfg[C_OWNER + other] != seat
            and (behind - cfg[C_ENTRIES + other] + track) % track + distance < track
        ):
            count += 1
    for k in range(cfg[C_COLOURS_IN_PLAY]):
        other = cfg[C_COLOURS + k]
        if cfg[C_ENTRIES + other] == square and cfg[C_OWNER + other] != seat:
            for j in range(4):
                if s[i, S_PAWNS + 4 * other + j] == -1:
                    count += 1
                    break
    return count


@kernel
def _race(cfg: Config, s: Rows, i: int, colour: int, reserve: float, goal: float) -> float:
    """`search.race`: the share of the race `colour` has run, risk of capture deducted."""
    track = cfg[C_TRACK]
    steps = 0.0
    for k in range(4):
        progress = s[i, S_PAWNS + 4 * colour + k]
        if progress == -1:
            steps -= reserve
        elif progress >= track:
            steps += track + goal
        else:
            square = (cfg[C_ENTRIES + colour] + progress) % track
            hits = _attackers(cfg, s, i, colour, square)
            steps += progress - hits * HIT * (progress + reserve)
    return float(steps / (4 * (track + goal)))


@kernel
def evaluate(
    cfg: Config, s: Rows, i: int, reserve: float, goal: float, out: Floats, scratch: Floats
) -> None:
    """`search.evaluate(state, seat)` of every seat into `out` (`scratch`: one float a seat)."""
    players = cfg[C_PLAYERS]
    out[:players] = 0.0
    scratch[:players] = 0.0
    for k in range(cfg[C_COLOURS_IN_PLAY]):
        colour = cfg[C_COLOURS + k]
        seat = cfg[C_OWNER + colour]
        out[seat] += _race(cfg, s, i, colour, reserve, goal)
        scratch[seat] += 1.0
    total = 0.0
    for seat in range(players):
        out[seat] /= scratch[seat]
        total += out[seat]
    for seat in range(players):
        out[seat] = out[seat] - (total - out[seat]) / (players - 1)


# -- the rollout -------------------------------------------------------------------------------
@kernel
def _rollout(
    cfg: Config,
    s: Rows,
    i: int,
    depth: int,
    reserve: float,
    goal: float,
    rng: Uints,
    buffer: Ints,
    out: Floats,
    scratch: Floats,
) -> None:
    """Random legal moves (chance by its probabilities) from row `i` to the end, or for
    `depth` actions (0: no limit) and then each seat's tanh(evaluate); the values into `out`."""
    left = depth if depth > 0 else -1
    count = fast.moves(cfg, s, i, buffer) if s[i, S_PHASE] == MOVE else 0
    while s[i, S_PHASE] != OVER:
        if left == 0:
            evaluate(cfg, s, i, reserve, goal, out, scratch)
            for seat in range(cfg[C_PLAYERS]):
                out[seat] = math.tanh(out[seat])
            return
        left -= 1
        if s[i, S_PHASE] == MOVE:
            if count == 0:
                count = fast.moves(cfg, s, i, buffer)
            action = buffer[int(next_uniform(rng, 0) * count)]
        else:
            action = fast.chance_outcome(cfg, s, i, next_uniform(rng, 0))
        count = fast.apply(cfg, s, i, action, buffer)
    fast.returns(cfg, s, i, out)


Rollout = Callable[[State, int, random.Random], list[float]]
"""Plays a simulation on from a state (left unchanged) to the end or `depth` actions; one value
per seat. Its randomness comes from the generator."""


def rollout(game: LudoGame) -> Rollout:
    """The compiled rollout for `game`, for the Python tree of `agents.mcts`."""
    cfg = fast.config(game)
    rows = fast.new_rows(1)
    rng = np.zeros(1, dtype=np.uint64)
    buffer = np.empty(4, dtype=np.int64)
    out = np.zeros(fast.MAX_COLOURS, dtype=np.float64)
    scratch = np.zeros(fast.MAX_COLOURS, dtype=np.float64)
    reserve, goal = WEIGHTS["reserve"], WEIGHTS["goal"]
    players = game.num_players

    def run(state: State, depth: int, generator: random.Random) -> list[float]:
        fast.to_row(state, rows, 0)  # type: ignore[arg-type]
        rng[0] = generator.getrandbits(64)
        _rollout(cfg, rows, 0, depth, reserve, goal, rng, buffer, out, scratch)
        values: list[float] = out[:players].tolist()
        return values

    return run


# -- the tree ----------------------------------------------------------------------------------
class Tree:
    """The node arrays of one search; node 0 is the root after `reset` or `compact`."""

    def __init__(self, capacity: int, players: int) -> None:
        self.used = np.zeros(1, dtype=np.int64)
        self.player = np.zeros(capacity, dtype=np.int8)
        self.visits = np.zeros(capacity, dtype=np.int64)
        self.totals = np.zeros((capacity, players), dtype=np.float64)
        self.count = np.zeros(capacity, dtype=np.int8)
        self.tried = np.zeros(capacity, dtype=np.int8)
        self.actions = np.zeros((capacity, WIDTH), dtype=np.int16)
        self.child = np.full((capacity, WIDTH), -1, dtype=np.int32)

    @property
    def capacity(self) -> int:
        return int(self.player.shape[0])

    def arrays(self) -> tuple[npt.NDArray[Any], ...]:
        """The arrays in the order the kernels take them."""
        return (
            self.used,
            self.player,
            self.visits,
            self.totals,
            self.count,
            self.tried,
            self.actions,
            self.child,
        )

    def child_of(self, node: int, action: int) -> int:
        """The child of `node` reached by `action`, or -1 if the search never went there."""
        player = int(self.player[node])
        if player == TERMINAL:
            return -1
        reach = self.count[node] if player == CHANCE else self.tried[node]
        for k in range(int(reach)):
            if self.actions[node, k] == action:
                return int(self.child[node, k])
        return -1


@kernel
def _new_node(
    cfg: Config,
    w: Rows,
    used: Ints,
    player: npt.NDArray[np.int8],
    visits: Ints,
    totals: Floats,
    count: npt.NDArray[np.int8],
    tried: npt.NDArray[np.int8],
    actions: npt.NDArray[np.int16],
    child: npt.NDArray[np.int32],
    rng: Uints,
    buffer: Ints,
) -> int:
    """A node for the position in row 0 of `w`: a decision's moves shuffled (expansion order),
    a chance node's outcomes in order (`LudoState.chance_outcomes`)."""
    n = used[0]
    used[0] += 1
    who = fast.current_player(cfg, w, 0)
    player[n] = who
    visits[n] = 0
    totals[n, :] = 0.0
    tried[n] = 0
    child[n, :] = -1
    if who == CHANCE:
        if w[0, S_PHASE] == ROLL:
            size, first = 6, 1
        else:
            size, first = cfg[C_PLAYERS], 0
        for k in range(size):
            actions[n, k] = first + k
        count[n] = size
    elif who == TERMINAL:
        count[n] = 0
    else:
        size = fast.moves(cfg, w, 0, buffer)
        for k in range(size):
            actions[n, k] = buffer[k]
        for k in range(size - 1, 0, -1):  # Fisher-Yates
            j = int(next_uniform(rng, 0) * (k + 1))
            actions[n, k], actions[n, j] = actions[n, j], actions[n, k]
        count[n] = size
    return int(n)


@kernel
def _select(
    node: int,
    player: npt.NDArray[np.int8],
    visits: Ints,
    totals: Floats,
    tried: npt.NDArray[np.int8],
    child: npt.NDArray[np.int32],
    exploration: float,
) -> int:
    """UCB1 for the seat to move (`mcts_tree.Tree._select`): the index of the child."""
    seat = player[node]
    scale = exploration * math.sqrt(math.log(visits[node]))
    best, best_score = -1, -math.inf
    for k in range(tried[node]):
        c = child[node, k]
        score = totals[c, seat] / visits[c] + scale / math.sqrt(visits[c])
        if score > best_score:
            best, best_score = k, score
    return best


@njit(cache=True)
def _search(
    cfg: Config,
    root_row: Rows,
    w: Rows,
    simulations: int,
    exploration: float,
    depth: int,
    reserve: float,
    goal: float,
    rng: Uints,
    used: Ints,
    player: npt.NDArray[np.int8],
    visits: Ints,
    totals: Floats,
    count: npt.NDArray[np.int8],
    tried: npt.NDArray[np.int8],
    actions: npt.NDArray[np.int16],
    child: npt.NDArray[np.int32],
) -> int:
    """Up to `simulations` simulations from node 0 (the position `root_row`); returns how many
    ran: fewer when fewer than `MARGIN` free nodes are left (grow the arrays and go on)."""
    buffer = np.empty(4, dtype=np.int64)
    values = np.zeros(fast.MAX_COLOURS, dtype=np.float64)
    scratch = np.zeros(fast.MAX_COLOURS, dtype=np.float64)
    path = np.empty(MAX_PATH, dtype=np.int64)
    capacity = player.shape[0]
    players = cfg[C_PLAYERS]
    for done in range(simulations):
        if used[0] > capacity - MARGIN:
            return done
        w[0, :] = root_row[0, :]
        node = 0
        path[0] = 0
        length = 1
        while player[node] != TERMINAL and length < MAX_PATH:
            expand = False
            if player[node] == CHANCE:
                outcome = fast.chance_outcome(cfg, w, 0, next_uniform(rng, 0))
                k = outcome - actions[node, 0]
            elif tried[node] < count[node]:
                k = tried[node]
                expand = True
            else:
                k = _select(node, player, visits, totals, tried, child, exploration)
            if child[node, k] < 0 and used[0] >= capacity:
                break  # no room: roll out from here
            if expand:
                tried[node] += 1
            fast.apply(cfg, w, 0, actions[node, k], buffer)
            if child[node, k] < 0:
                child[node, k] = _new_node(
                    cfg, w, used, player, visits, totals, count, tried, actions, child, rng, buffer
                )
            node = child[node, k]
            path[length] = node
            length += 1
            if expand:
                break
        if w[0, S_PHASE] == OVER:
            fast.returns(cfg, w, 0, values)
        else:
            _rollout(cfg, w, 0, depth, reserve, goal, rng, buffer, values, scratch)
        for j in range(length):
            visited = path[j]
            visits[visited] += 1
            for seat in range(players):
                totals[visited, seat] += values[seat]
    return simulations


@njit(cache=True)
def _compact(
    root: int,
    used: Ints,
    player: npt.NDArray[np.int8],
    visits: Ints,
    totals: Floats,
    count: npt.NDArray[np.int8],
    tried: npt.NDArray[np.int8],
    actions: npt.NDArray[np.int16],
    child: npt.NDArray[np.int32],
    new_used: Ints,
    new_player: npt.NDArray[np.int8],
    new_visits: Ints,
    new_totals: Floats,
    new_count: npt.NDArray[np.int8],
    new_tried: npt.NDArray[np.int8],
    new_actions: npt.NDArray[np.int16],
    new_child: npt.NDArray[np.int32],
) -> None:
    """Copy the subtree under `root` into the new arrays, breadth first: `root` becomes node 0."""
    order = np.empty(used[0], dtype=np.int64)
    order[0] = root
    size = 1
    for n in range(used[0]):
        if n >= size:
            break
        old = order[n]
        new_player[n] = player[old]
        new_visits[n] = visits[old]
        new_totals[n, :] = totals[old, :]
        new_count[n] = count[old]
        new_tried[n] = tried[old]
        new_actions[n, :] = actions[old, :]
        for k in range(WIDTH):
            c = child[old, k]
            if c >= 0:
                order[size] = c
                new_child[n, k] = size
                size += 1
            else:
                new_child[n, k] = -1
    new_used[0] = size


class Search:
    """The compiled `mcts` for one ludo game: `act` searches from a state and plays the most
    visited move; with `reuse` the subtree reached since the last search is kept."""

    def __init__(
        self, game: LudoGame, exploration: float, depth: int, reuse: bool, seed: int
    ) -> None:
        self.game = game
        self.cfg = fast.config(game)
        self.exploration = exploration
        self.depth = depth
        self.reuse = reuse
        self.rng = np.array([seed & MASK64], dtype=np.uint64)
        self.root_row = fast.new_rows(1)
        self.walker = fast.new_rows(1)
        self.tree = Tree(4096, game.num_players)
        self.history: list[int] | None = None
        """The root's history while the tree is kept (None: start afresh)."""

    def act(self, state: LudoState, iterations: int, seconds: float, rng: random.Random) -> int:
        """Search `iterations` simulations (0: no limit) or `seconds` (0: none), whichever ends
        first; the most visited move, ties broken by `rng`."""
        self._root_for(state)
        deadline = time.monotonic() + seconds if seconds else math.inf
        chunk = iterations if iterations and not seconds else 64
        done = 0
        while not iterations or done < iterations:
            want = min(chunk, iterations - done) if iterations else chunk
            ran = self._run(want)
            done += ran
            if ran < want:
                self._grow()
            if time.monotonic() >= deadline:
                break
        return self.best(rng)

    def best(self, rng: random.Random) -> int:
        """The root's most visited move; ties go to `rng`."""
        tree = self.tree
        tried = int(tree.tried[0])
        children = tree.child[0, :tried]
        visits = tree.visits[children]
        top = visits.max()
        return int(rng.choice([int(tree.actions[0, k]) for k in range(tried) if visits[k] == top]))

    def root_visits(self) -> int:
        return int(self.tree.visits[0])

    def _run(self, simulations: int) -> int:
        return int(
            _search(
                self.cfg,
                self.root_row,
                self.walker,
                simulations,
                self.exploration,
                self.depth,
                WEIGHTS["reserve"],
                WEIGHTS["goal"],
                self.rng,
                *self.tree.arrays(),
            )
        )

    def _root_for(self, state: LudoState) -> None:
        """Node 0 for `state`: the subtree reached since the last search, or a fresh root."""
        fast.to_row(state, self.root_row, 0)
        history = state.history()
        node = self._descend(history)
        tree = self.tree
        if node is not None and tree.player[node] == state.current_player():
            self._compact(node, max(4096, 2 * int(tree.used[0])))
        else:
            tree.used[0] = 0
            self.walker[0, :] = self.root_row[0, :]
            _new_node(self.cfg, self.walker, *tree.arrays(), self.rng, np.empty(4, np.int64))  # type: ignore[call-arg]
        self.history = history if self.reuse else None

    def _descend(self, history: list[int]) -> int | None:
        known = self.history
        if known is None or history[: len(known)] != known:
            return None
        node = 0
        for action in history[len(known) :]:
            node = self.tree.child_of(node, action)
            if node < 0:
                return None
        return node

    def _grow(self) -> None:
        self._compact(0, 2 * self.tree.capacity)

    def _compact(self, root: int, capacity: int) -> None:
        new = Tree(capacity, self.game.num_players)
        _compact(root, *self.tree.arrays(), *new.arrays())
        self.tree = new
