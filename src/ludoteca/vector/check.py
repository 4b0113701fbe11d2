"""Equality of a game's compiled kernel with its reference engine, game by game, step by step.

    python -m ludoteca.vector.check ludo --games 10000      (or bremen, museum, siege)

Each game is played on the reference engine from its seed and replayed on the kernel;
`compare` says what must agree at every node (the whole position, the player to move, the legal
actions, the chance outcomes with their probabilities and the outcome drawn, observations,
returns, a round trip). What each game is checked on is its folder's plan
(`games/<id>/fast_check.py`, `core.contract.CheckPlan`): game `k` uses option set `k` of its
`option_sets()`, with the decisions of its `policy` (uniformly random legal actions when it has
none) and, where it has a `cut_off`, games compared up to that many actions.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from ludoteca.core.api import Game
from ludoteca.core.registry import game_module, load
from ludoteca.vector import compare, kernels
from ludoteca.vector.compare import Mismatch as Mismatch

PLAN = "fast_check"
"""The module of a game's folder that says what its kernel's equality check runs through."""


def plan(game_id: str) -> Any:
    """The check plan of `game_id` (a game with a kernel has one)."""
    found = game_module(game_id, PLAN)
    assert found is not None, f"{game_id} has no {PLAN}.py"
    return found


def check_game(game: Game, seed: int, rng: random.Random) -> int:
    """Play one game on the reference engine (decisions from the game's plan, else uniformly
    random from `rng`), replay it on the kernel and compare the two at every step; returns the
    game's length in actions."""
    rules = plan(game.id)
    policy = rules.policy(game, seed, rng) if hasattr(rules, "policy") else compare.uniform(rng)
    cut_off = rules.cut_off(game) if hasattr(rules, "cut_off") else None
    tensor = game_module(game.id, "tensor")
    assert tensor is not None
    return compare.check_game(
        _kernel(game.id), game.new_initial_state(seed), policy, tensor.encode, cut_off
    )


_KERNELS: dict[str, compare.Kernel] = {}


def _kernel(game_id: str) -> compare.Kernel:
    """One `compare.Kernel` per game and process: it keeps the configurations it made."""
    if game_id not in _KERNELS:
        _KERNELS[game_id] = compare.Kernel.of(game_id)
    return _KERNELS[game_id]


def run(
    game_id: str, games: int, seed: int = 0, start: int = 0, progress: bool = False
) -> dict[str, Any]:
    """Check games start..start+games-1 of `game_id` (game k: option set k, seed `seed` + k);
    a game with a cut-off also counts the games cut off before their end (`cut_off`)."""
    rules = plan(game_id)
    sets = rules.option_sets()
    rng = random.Random(seed)
    steps = cut = 0
    began = time.perf_counter()
    for k in range(start, start + games):
        game = load(game_id, **sets[k % len(sets)])
        length = check_game(game, seed + k, rng)
        steps += length
        cut += hasattr(rules, "cut_off") and length >= rules.cut_off(game)
        if progress and (k - start + 1) % 500 == 0:
            rate = steps / (time.perf_counter() - began)
            print(f"{k - start + 1} games, {steps} steps agree ({rate:,.0f} steps/s)", flush=True)
    done = {"games": games, "steps": steps, "option_sets": min(games, len(sets)), "of": len(sets)}
    return {**done, "cut_off": cut} if hasattr(rules, "cut_off") else done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=kernels(), help="a game with a compiled kernel")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0, help="game k is played with seed+k")
    parser.add_argument("--start", type=int, default=0, help="first game k (to split a run)")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    try:
        done = run(args.game, args.games, args.seed, args.start, progress=True)
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
