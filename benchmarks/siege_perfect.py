"""Belagerung: the `perfect` bot against another bot from positions of the solved layers.

    python benchmarks/siege_perfect.py --tables /work/siege-tables/default --positions 20

Draws `--positions` positions uniformly from the layers the tables count as solved (none over
already; seeded by `--seed`), and plays each twice without the opening rule: once with
`perfect` moving first, once with it moving second, against `--opponent` (default
`alphabeta`). Every game stays inside the solved layers (a move only ever reaches the same layer
or one solved before it). Prints perfect's wins, draws and losses with the 95% interval of its
score, and, game by game against the tables' value of perfect's side at the start, how often
it did worse (a bug if ever), as well, or better (an opponent's mistake).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from ludoteca import agents
from ludoteca.arena.stats import wilson_interval
from ludoteca.games.siege.game import SiegeGame, SiegeState
from ludoteca.games.siege.perfect import PerfectAgent
from ludoteca.games.siege.retro_check import DRAW, LOSS, WIN, Reader

RESULT = {WIN: 1, DRAW: 0, LOSS: -1}
"""The tables' values as the result for the side to move."""
PIECES = ("knights", "soldiers", "lord", "turn")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=Path, required=True)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", default="alphabeta")
    args = parser.parse_args()
    game = SiegeGame(opening_rule=False)
    reader = Reader(args.tables)
    rng = random.Random(args.seed)
    perfect = PerfectAgent(game, seed=args.seed, tables=str(args.tables))
    other = agents.load(args.opponent, game, seed=args.seed + 1)
    tally = {1: 0, 0: 0, -1: 0}
    versus_table = {"worse": 0, "as well": 0, "better": 0}
    sources: dict[str, int] = {}
    began = time.monotonic()
    played = 0
    while played < args.positions:
        position = reader.sample(rng)
        start = reader.state(*reader.decode(position))
        if start.is_terminal():
            continue
        played += 1
        mover = start.current_player()
        pieces = {k: v for k, v in start.to_json().items() if k in PIECES}
        for perfect_seat in (mover, 1 - mover):
            state = SiegeState.from_json(game, pieces)
            while not state.is_terminal():
                bot = perfect if state.current_player() == perfect_seat else other
                state.apply_action(bot.act(state))
                if bot is perfect:
                    kind = "shortest win" if "win in" in perfect.source else perfect.source
                    sources[kind] = sources.get(kind, 0) + 1
            result = int(state.returns()[perfect_seat])
            tally[result] += 1
            due = RESULT[reader.read(position)] * (1 if perfect_seat == mover else -1)
            versus_table["worse" if result < due else "better" if result > due else "as well"] += 1
        print(_summary(args, reader.done, played, tally, versus_table, sources, began), flush=True)


def _summary(
    args: argparse.Namespace,
    layers: int,
    played: int,
    tally: dict[int, int],
    versus_table: dict[str, int],
    sources: dict[str, int],
    began: float,
) -> str:
    """The figures so far (a line after each position, so a stopped run still has them)."""
    games = sum(tally.values())
    score = (tally[1] + tally[0] / 2) / games
    interval = wilson_interval(tally[1] + tally[0] / 2, games)
    return (
        f"perfect vs {args.opponent} from {played} positions of {layers:,} solved layers"
        f" (seed {args.seed}), {games} games, both sides: {tally[1]} won, {tally[0]} drawn,"
        f" {tally[-1]} lost; score {score:.1%} (95% {interval.low:.1%}-{interval.high:.1%});"
        f" against the tables' value: {versus_table}; moves by source: {sources};"
        f" {time.monotonic() - began:.0f} s"
    )


if __name__ == "__main__":
    main()
