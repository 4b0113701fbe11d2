"""Win rate of ludo bots: one agent against random opponents over seeded games.

    python benchmarks/ludo_strength.py --agent greedy --games 1000 --players 4

Each game gets its seed from its index; the measured agent takes every seat in turn (game i puts
it in seat i mod players), so seat advantages cancel out.
"""

from __future__ import annotations

import argparse
import math
import time

import ludoteca
from ludoteca import agents
from ludoteca.core.chance import play_chance


def play(game: ludoteca.Game, specs: list[str], seed: int) -> list[float]:
    state = game.new_initial_state(seed=seed)
    bots = [agents.load(spec, game, seed=seed * 31 + seat) for seat, spec in enumerate(specs)]
    while True:
        play_chance(state)
        if state.is_terminal():
            return state.returns()
        state.apply_action(bots[state.current_player()].act(state))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    game = ludoteca.load("ludo", players=args.players)
    wins = 0
    start = time.perf_counter()
    for i in range(args.games):
        seat = i % args.players
        specs = [args.opponent] * args.players
        specs[seat] = args.agent
        wins += play(game, specs, seed=i)[seat] > 0
    rate = wins / args.games
    half = 1.96 * math.sqrt(rate * (1 - rate) / args.games)
    print(
        f"{args.agent} vs {args.players - 1}x {args.opponent}, {args.games} games:"
        f" won {wins} ({rate:.1%} ± {half:.1%}, 95% CI; fair share {1 / args.players:.1%})"
        f" in {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
