"""Belagerung's solver and alphabeta, on the compiled kernel and in Python, in one process.

    python benchmarks/siege_search_speed.py                  # solver to 15 plies, alphabeta depth 5
    python benchmarks/siege_search_speed.py --solver-depth 13 --alphabeta-depth 4

The solver proves "no forced win" from the starting position up to `--solver-depth` plies,
once on each engine (`solve.solve(compiled=...)`, a fresh table each); alphabeta chooses a move
in the same positions of seeded random games on each engine (`fast_alphabeta.FastAlphaBeta` and
`agents.alphabeta.AlphaBeta`, which must choose the same moves); last, the `hard` bot
(`solved`: compiled alphabeta by default, without a table file here) and the same bot with
`compiled=0` choose a move in `--bot-positions` positions, and its median time per move is
reported. Times are CPU seconds; the compiled code is compiled (or loaded from numba's cache)
before anything is timed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import ludoteca
from ludoteca import agents
from ludoteca.agents.alphabeta import AlphaBeta, hooks_for
from ludoteca.games.siege.fast_alphabeta import FastAlphaBeta
from ludoteca.games.siege.game import SiegeGame, SiegeState
from ludoteca.games.siege.solve import solve


def positions(game: SiegeGame, count: int) -> list[SiegeState]:
    rng = random.Random(5)
    found: list[SiegeState] = []
    while len(found) < count:
        state = game.new_initial_state(seed=len(found))
        for _ in range(rng.randrange(0, 20)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            found.append(state)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solver-depth", type=int, default=15)
    parser.add_argument("--alphabeta-depth", type=int, default=5)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--bot-positions", type=int, default=20)
    args = parser.parse_args()
    solve(max_depth=3, compiled=True, table_slots=1 << 10)  # compile before timing
    rates = {}
    for compiled in (True, False):
        start = time.process_time()
        done = solve(max_depth=args.solver_depth, compiled=compiled, table_slots=1 << 22)
        seconds = time.process_time() - start
        rates[compiled] = done.nodes / seconds
        print(
            f"solver, {'compiled' if compiled else 'Python'}: {args.solver_depth} plies,"
            f" {done.nodes:,} positions, {seconds:.1f} s, {rates[compiled]:,.0f} positions/s"
        )
    print(f"solver: compiled / Python = {rates[True] / rates[False]:.1f}x positions/s")
    game = ludoteca.load("siege")
    assert isinstance(game, SiegeGame)
    quick, slow = FastAlphaBeta(game), AlphaBeta(hooks_for(game))
    opening = game.new_initial_state(seed=0)
    quick.best(opening, 1, 0, opening.legal_actions())  # compile before timing
    chosen: dict[str, list[int]] = {}
    for name, engine in (("compiled", quick), ("Python", slow)):
        before, start = engine.nodes, time.process_time()
        chosen[name] = [
            engine.best(state, args.alphabeta_depth, 0, state.legal_actions())[0]
            for state in positions(game, args.positions)
        ]
        seconds = time.process_time() - start
        nodes = engine.nodes - before
        rates[name == "compiled"] = nodes / seconds
        print(
            f"alphabeta, {name}: depth {args.alphabeta_depth}, {args.positions} positions,"
            f" {nodes:,} nodes, {seconds:.2f} s, {nodes / seconds:,.0f} nodes/s"
        )
    if chosen["compiled"] != chosen["Python"]:
        sys.exit(f"the engines chose different moves: {chosen}")
    print(f"alphabeta: compiled / Python = {rates[True] / rates[False]:.1f}x nodes/s, same moves")
    hard_bot(game, args.bot_positions)


def hard_bot(game: SiegeGame, count: int) -> None:
    """The `hard` bot's median CPU time per move, compiled (its default) and in Python."""
    medians = {}
    moves: dict[str, list[int]] = {}
    for spec in ("solved", "solved:compiled=0"):
        bot = agents.load(spec, game, seed=7)
        times = []
        moves[spec] = []
        for state in positions(game, count):
            start = time.process_time()
            moves[spec].append(bot.act(state))
            times.append(time.process_time() - start)
        medians[spec] = statistics.median(times)
        print(
            f"hard bot ({spec}): {count} positions, median {1000 * medians[spec]:.1f} ms,"
            f" max {1000 * max(times):.1f} ms CPU per move"
        )
    if moves["solved"] != moves["solved:compiled=0"]:
        sys.exit(f"the hard bots chose different moves: {moves}")
    ratio = medians["solved:compiled=0"] / medians["solved"]
    print(f"hard bot: Python / compiled = {ratio:.1f}x time per move, same moves")


if __name__ == "__main__":
    main()
