"""Equality of the compiled ludo kernel with the reference engine, game by game, step by step.

    python -m ludoteca.vector.check ludo --games 10000

Each game is played on both engines at once from the same seed: at every node the two must
agree on the whole position (the reference state converted to a kernel row equals the kernel's
row, pawn order and history length included), the player to move, the legal actions, the chance
outcomes with their probabilities, the outcome each draws from the seed (scheme 1 of
`core.chance`), every 8th step one seat's observation tensor, and at the end the returns and a round
trip of the final state through a kernel row. The moves are random
legal ones. Game `k` uses option set `k` of `option_sets()`, which runs through every
combination of ludo's nine on/off options on every board and seating, and the schmidt ruleset.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from typing import Any

import numpy as np

from ludoteca.core.chance import sample_outcome
from ludoteca.core.registry import load
from ludoteca.games.ludo import fast, tensor
from ludoteca.games.ludo.game import OPTIONS, LudoGame, LudoState

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
    singles = [{}, *({name: not defaults[name]} for name in SWITCHES), {"ruleset": "schmidt"}]
    combos = [
        dict(zip(SWITCHES, values, strict=True))
        for values in itertools.product((False, True), repeat=len(SWITCHES))
    ]
    return [{**seating, **switches} for switches in singles + combos for seating in SEATINGS]


def check_game(game: LudoGame, seed: int, rng: random.Random) -> int:
    """Play one random game on both engines in lockstep; returns its length in actions."""
    cfg = fast.config(game)
    ref = game.new_initial_state(seed)
    rows = fast.new_rows(1)
    seeds = np.array([fast.to_row(ref, rows, 0)], dtype=np.uint64)
    buffer = np.empty(4, dtype=np.int64)
    outcomes = np.empty(fast.MAX_COLOURS, dtype=np.int64)
    probs = np.empty(fast.MAX_COLOURS, dtype=np.float64)
    observed = np.empty(fast.observation_size(game), dtype=np.float32)
    final = np.empty(game.num_players, dtype=np.float64)
    while True:
        step = len(ref.history())

        def fail(what: str, ours: object, theirs: object, step: int = step) -> Mismatch:
            return Mismatch(
                f"{game!r} seed {seed}, step {step}: {what}: kernel {ours}, reference {theirs}"
            )

        values = rows[0].tolist()
        if values != fast.row_values(ref):
            raise fail("position", values, fast.row_values(ref))
        player = fast.current_player(cfg, rows, 0)
        if player != ref.current_player():
            raise fail("player to move", player, ref.current_player())
        if step % OBSERVE_EVERY == 0 or ref.is_terminal():
            seat = step // OBSERVE_EVERY % game.num_players
            observed[:] = 0.0
            fast.encode(cfg, rows, 0, seat, observed)
            if not np.array_equal(observed, tensor.encode(ref, seat)):
                raise fail(f"observation of seat {seat}", observed, tensor.encode(ref, seat))
        if ref.is_terminal():
            fast.returns(cfg, rows, 0, final)
            if final.tolist() != ref.returns():
                raise fail("returns", final.tolist(), ref.returns())
            check_round_trip(ref)
            return step
        if ref.is_chance_node():
            count = fast.chance_outcomes(cfg, rows, 0, outcomes, probs)
            table = list(zip(outcomes[:count].tolist(), probs[:count].tolist(), strict=True))
            if table != ref.chance_outcomes():
                raise fail("chance outcomes", table, ref.chance_outcomes())
            u = fast.seeded_uniform(seeds[0], rows[0, fast.S_STEP])
            action = fast.chance_outcome(cfg, rows, 0, u)
            if action != sample_outcome(ref):
                raise fail("chance outcome drawn", action, sample_outcome(ref))
        else:
            legal = buffer[: fast.moves(cfg, rows, 0, buffer)].tolist()
            if legal != ref.legal_actions():
                raise fail("legal actions", legal, ref.legal_actions())
            action = rng.choice(legal)
        ref.apply_action(action)
        fast.apply(cfg, rows, 0, action, buffer)


def check_round_trip(state: LudoState) -> None:
    """Reference -> kernel row -> reference gives back an equal state (history included)."""
    rows = fast.new_rows(1)
    seed = int(fast.to_row(state, rows, 0))
    back = fast.to_state(state.game, rows, 0, seed, state.history())
    if back.to_json() != state.to_json():
        raise Mismatch(f"round trip of {state.to_json()} gave {back.to_json()}")


def run(games: int, seed: int = 0, start: int = 0, progress: bool = False) -> dict[str, Any]:
    """Check games start..start+games-1 (game k: option set k, seed `seed` + k)."""
    sets = option_sets()
    rng = random.Random(seed)
    steps = 0
    began = time.perf_counter()
    for k in range(start, start + games):
        game = load("ludo", **sets[k % len(sets)])
        assert isinstance(game, LudoGame)
        steps += check_game(game, seed + k, rng)
        if progress and (k - start + 1) % 500 == 0:
            rate = steps / (time.perf_counter() - began)
            print(f"{k - start + 1} games, {steps} steps agree ({rate:,.0f} steps/s)", flush=True)
    covered = min(games, len(sets))
    return {"games": games, "steps": steps, "option_sets": covered, "of": len(sets)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["ludo"], help="a game with a compiled kernel")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0, help="game k is played with seed+k")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    try:
        done = run(args.games, args.seed, progress=True)
    except Mismatch as exc:
        print(f"MISMATCH: {exc}", file=sys.stderr)
        return 1
    print(
        f"ludo: {done['games']} games, {done['steps']} steps: the kernel and the reference engine"
        f" agree at every step ({done['option_sets']} of {done['of']} option sets,"
        f" {time.perf_counter() - began:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
