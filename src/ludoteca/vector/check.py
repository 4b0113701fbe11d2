"""Equality of the compiled ludo kernel with the reference engine, game by game, step by step.

    python -m ludoteca.vector.check ludo --games 10000
    python -m ludoteca.vector.check siege --games 10000   (see `check_siege`)

Each game is played on the reference engine from its seed, with random legal moves, and
replayed on the kernel; `compare` says what must agree at every node (the whole position, pawn
order and history length included, the player to move, the legal actions, the chance outcomes
with their probabilities and the outcome drawn, observations, returns, a round trip). Game `k`
uses option set `k` of `option_sets()`, which runs through every combination of ludo's nine
on/off options on every board and seating, and the schmidt ruleset.
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

from ludoteca.core.fastrng import seeded_uniform
from ludoteca.core.registry import load
from ludoteca.games.ludo import fast, tensor
from ludoteca.games.ludo.game import MOVE, OPTIONS, LudoGame
from ludoteca.vector import compare
from ludoteca.vector.compare import Mismatch

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
    buffer = np.empty(4, dtype=np.int64)
    point = 0
    for j in range(len(actions) + 1):
        rows[j] = s[0]
        players[j] = fast.current_player(cfg, s, 0)
        phase = s[0, fast.S_PHASE]
        if phase == MOVE:
            count = fast.moves(cfg, s, 0, buffer)
            legal_counts[j] = count
            room = min(count, offsets[j + 1] - offsets[j]) if j + 1 < len(offsets) else 0
            legal[offsets[j] : offsets[j] + room] = buffer[:room]
        elif phase < MOVE:
            counts[j] = fast.chance_outcomes(cfg, s, 0, outcomes[j], probs[j])
            u = seeded_uniform(seed, s[0, fast.S_STEP])
            drawn[j] = fast.chance_outcome(cfg, s, 0, u)
        while point < len(points) and points[point, 0] == j:
            fast.encode(cfg, s, 0, points[point, 1], observed[point])
            point += 1
        if j < len(actions):
            fast.apply(cfg, s, 0, actions[j], buffer)


KERNEL = compare.Kernel(fast, _replay, outcomes=fast.MAX_COLOURS)


def check_game(game: LudoGame, seed: int, rng: random.Random) -> int:
    """Play one random game on the reference engine, replay it on the kernel and compare the
    two at every step; returns the game's length in actions."""
    return compare.check_game(
        KERNEL, game.new_initial_state(seed), compare.uniform(rng), tensor.encode
    )


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

            done = check_bremen.run(args.games, args.seed, args.start, progress=True)
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
        + (f"; {done['cut_off']} cut off before their end" if "cut_off" in done else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
