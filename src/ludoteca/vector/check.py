"""Equality of the compiled ludo kernel with the reference engine, game by game, step by step.

    python -m ludoteca.vector.check ludo --games 10000
    python -m ludoteca.vector.check siege --games 10000   (see `check_siege`)

Each game is played on the reference engine from its seed, with random legal moves; its
actions are then replayed on the kernel in one compiled pass. At every node the two must agree
on the whole position (the reference state as kernel row values equals the kernel's row, pawn
order and history length included), the player to move, the legal actions, the chance outcomes
with their probabilities and the outcome drawn from the seed (scheme 1 of `core.chance`: the
kernel draws its own, which must be the one the reference applied); every 8th step, one seat's
observation tensor; at the end, the returns and a round trip of the final state through a
kernel row. Game `k` uses option set `k` of `option_sets()`, which runs through every
combination of ludo's nine on/off options on every board and seating, and the schmidt ruleset.
`python -m ludoteca.vector.check museum` (and `bremen`) runs the same comparison for museum
(`check_museum`) and bremen (`check_bremen`).
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.chance import sample_outcome
from ludoteca.core.registry import load
from ludoteca.games.ludo import fast, tensor
from ludoteca.games.ludo.game import MOVE, OPTIONS, LudoGame, LudoState

SWITCHES = tuple(option.name for option in OPTIONS if isinstance(option.default, bool))
"""Ludo's on/off options (start_pawn_on_a ... play_out): 2**9 combinations."""
SEATINGS: tuple[dict[str, Any], ...] = (
    {"players": 2},
    {"players": 2, "colours_per_seat": 1},
    {"players": 3},
    {"players": 4},
    {"players": 2, "board": 6},
    {"players": 3, "board": 6},
    {"players": 3, "board": 6, "colours_per_seat": 1},
    {"players": 4, "board": 6},
    {"players": 5},
    {"players": 6},
)
"""Every board, player count and number of colours a seat plays."""


OBSERVE_EVERY = 8
"""Observation tensors are compared every 8th step (each time for the next seat) and at the
end; the position they encode is compared at every step."""


class Mismatch(AssertionError):
    """The two engines disagree; the message says where and how."""


def option_sets() -> list[dict[str, Any]]:
    """Every on/off combination on every seating, then the schmidt ruleset on every seating.

    Ordered so that any run of len(SEATINGS) consecutive sets covers every seating, and the
    first few hundred also flip each option on its own from the defaults.
    """
    defaults = {option.name: option.default for option in OPTIONS if option.name in SWITCHES}
    flipped = [{name: not defaults[name]} for name in SWITCHES]
    singles: list[dict[str, Any]] = [{}, *flipped, {"ruleset": "schmidt"}]
    combos = [
        dict(zip(SWITCHES, values, strict=True))
        for values in itertools.product((False, True), repeat=len(SWITCHES))
    ]
    return [{**seating, **switches} for switches in singles + combos for seating in SEATINGS]


def check_game(game: LudoGame, seed: int, rng: random.Random) -> int:
    """Play one random game on the reference engine, replay its actions on the kernel, and
    compare the two at every step; returns the game's length in actions."""
    ref = game.new_initial_state(seed)
    positions: list[int] = []
    players: list[int] = []
    legal_bits: list[int] = []
    drawn: list[int] = []
    tables: dict[tuple[tuple[int, float], ...], list[int]] = {}
    observed: list[tuple[int, int, Any]] = []
    while True:
        step = len(ref._history)
        positions += fast.row_values(ref)
        players.append(ref.current_player())
        terminal = ref.is_terminal()
        if step % OBSERVE_EVERY == 0 or terminal:
            seat = len(observed) % game.num_players
            observed.append((step, seat, tensor.encode(ref, seat)))
        if terminal:
            break
        if ref.is_chance_node():
            tables.setdefault(tuple(ref.chance_outcomes()), []).append(step)
            action = sample_outcome(ref)
            legal_bits.append(0)
            drawn.append(action)
        else:
            legal = ref.legal_actions()
            legal_bits.append(sum(1 << a for a in legal))
            action = rng.choice(legal)
            drawn.append(-1)
        ref.apply_action(action)
    actions = np.array(ref._history, dtype=np.int64)
    kernel = Replay(game, seed, actions, [(step, seat) for step, seat, _ in observed])
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
        ("legal actions (bit set)", kernel.legal_bits[:n], legal_bits),
        ("chance outcome drawn (-1: a decision)", kernel.drawn[:n], drawn),
    ):
        wrong = np.flatnonzero(ours != np.array(theirs, dtype=np.int64))
        if wrong.size:
            j = int(wrong[0])
            raise fail(j, what, int(ours[j]), theirs[j])
    for table, steps in tables.items():
        outcomes = [(int(a), float(p)) for a, p in table]
        for j in steps:
            count = kernel.counts[j]
            got = list(
                zip(
                    kernel.outcomes[j, :count].tolist(),
                    kernel.probs[j, :count].tolist(),
                    strict=True,
                )
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
        game: LudoGame,
        seed: int,
        actions: npt.NDArray[np.int64],
        observe: list[tuple[int, int]],
    ) -> None:
        n = len(actions)
        self.rows = np.empty((n + 1, fast.ROW_WIDTH), dtype=np.int32)
        self.players = np.empty(n + 1, dtype=np.int64)
        self.legal_bits = np.zeros(n + 1, dtype=np.int64)
        self.drawn = np.full(n + 1, -1, dtype=np.int64)
        self.counts = np.zeros(n + 1, dtype=np.int64)
        self.outcomes = np.zeros((n + 1, fast.MAX_COLOURS), dtype=np.int64)
        self.probs = np.zeros((n + 1, fast.MAX_COLOURS), dtype=np.float64)
        points = np.array(observe, dtype=np.int64).reshape(-1, 2)
        self.observed = np.zeros((len(points), fast.observation_size(game)), dtype=np.float32)
        _replay(
            fast.config(game),
            np.uint64(seed & fast.MASK64),
            actions,
            points,
            self.rows,
            self.players,
            self.legal_bits,
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
    legal_bits: npt.NDArray[np.int64],
    drawn: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64],
    outcomes: npt.NDArray[np.int64],
    probs: npt.NDArray[np.float64],
    observed: npt.NDArray[np.float32],
) -> None:
    s = np.empty((1, fast.ROW_WIDTH), dtype=np.int32)
    fast.initial(cfg, s, 0)
    buffer = np.empty(4, dtype=np.int64)
    point = 0
    for j in range(len(actions) + 1):
        rows[j] = s[0]
        players[j] = fast.current_player(cfg, s, 0)
        phase = s[0, fast.S_PHASE]
        if phase == MOVE:
            for k in range(fast.moves(cfg, s, 0, buffer)):
                legal_bits[j] |= np.int64(1) << buffer[k]
        elif phase < MOVE:
            counts[j] = fast.chance_outcomes(cfg, s, 0, outcomes[j], probs[j])
            u = fast.seeded_uniform(seed, s[0, fast.S_STEP])
            drawn[j] = fast.chance_outcome(cfg, s, 0, u)
        while point < len(points) and points[point, 0] == j:
            fast.encode(cfg, s, 0, points[point, 1], observed[point])
            point += 1
        if j < len(actions):
            fast.apply(cfg, s, 0, actions[j], buffer)


def check_round_trip(state: LudoState) -> None:
    """Reference -> kernel row -> reference gives back an equal state (history included)."""
    rows = fast.new_rows(1)
    seed = int(fast.to_row(state, rows, 0))
    back = fast.to_state(state.game, rows, 0, seed, state.history())
    if back.to_json() != state.to_json():
        raise Mismatch(f"round trip of {state.to_json()} gave {back.to_json()}")


def check_games(
    game_id: str,
    sets: list[dict[str, Any]],
    check_one: Callable[[Any, int], int],
    games: int,
    seed: int,
    start: int,
    progress: bool,
) -> dict[str, Any]:
    """Check games start..start+games-1 of `game_id` (game k: option set k, seed `seed` + k)
    with `check_one(game, seed)`, which returns the steps it compared; every kernel's command."""
    steps = 0
    began = time.perf_counter()
    for k in range(start, start + games):
        steps += check_one(load(game_id, **sets[k % len(sets)]), seed + k)
        if progress and (k - start + 1) % 500 == 0:
            rate = steps / (time.perf_counter() - began)
            print(f"{k - start + 1} games, {steps} steps agree ({rate:,.0f} steps/s)", flush=True)
    return {"games": games, "steps": steps, "option_sets": min(games, len(sets)), "of": len(sets)}


def run(games: int, seed: int = 0, start: int = 0, progress: bool = False) -> dict[str, Any]:
    """Check games start..start+games-1 (game k: option set k, seed `seed` + k)."""
    rng = random.Random(seed)
    return check_games(
        "ludo",
        option_sets(),
        lambda game, k: check_game(game, k, rng),
        games,
        seed,
        start,
        progress,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "game", choices=["ludo", "siege", "museum", "bremen"], help="a game with a compiled kernel"
    )
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0, help="game k is played with seed+k")
    parser.add_argument("--start", type=int, default=0, help="first game k (to split a run)")
    parser.add_argument("--length", type=int, help="bremen: actions checked per game (200)")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    try:
        if args.game == "siege":
            from ludoteca.vector import check_siege

            done = check_siege.run(args.games, args.seed, args.start, progress=True)
        elif args.game == "museum":
            from ludoteca.vector import check_museum

            done = check_museum.run(args.games, args.seed, args.start, progress=True)
        elif args.game == "bremen":
            from ludoteca.vector import check_bremen

            length = args.length or check_bremen.LENGTH
            done = check_bremen.run(args.games, args.seed, args.start, True, length)
        else:
            done = run(args.games, args.seed, args.start, progress=True)
    except Mismatch as exc:
        print(f"MISMATCH: {exc}", file=sys.stderr)
        return 1
    print(
        f"{args.game}: games {args.start}-{args.start + args.games - 1} ({done['games']}),"
        f" {done['steps']} steps: the kernel and the reference engine"
        f" agree at every step ({done['option_sets']} of {done['of']} option sets,"
        f" {time.perf_counter() - began:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
