"""Win rate of a bot: one agent against copies of an opponent over seeded games, for any game.

    python benchmarks/strength.py --game ludo --agent greedy --games 1000 --players 4
    python benchmarks/strength.py --game bremen --players 2 --option variant=harder
    python benchmarks/strength.py --game bremen --players 4 --agent tuned --opponent greedy \
        --first 600000000000

Each game gets its seed from its index: game i on seed `--first` + i, so candidates can be
compared on seeds no tuning run draws and the strength table does not measure on. The measured
agent takes every seat in turn (game i puts it in seat i mod players), so seat advantages
cancel out. A shared win counts as a fraction.
"""

from __future__ import annotations

import argparse
import time

import ludoteca
from ludoteca import agents
from ludoteca.arena.stats import wilson_interval
from ludoteca.core.chance import play_chance


def play(game: ludoteca.Game, specs: list[str], seed: int) -> list[float]:
    state = game.new_initial_state(seed=seed)
    bots = [agents.load(spec, game, seed=seed * 31 + seat) for seat, spec in enumerate(specs)]
    while True:
        play_chance(state)
        if state.is_terminal():
            return state.returns()
        state.apply_action(bots[state.current_player()].act(state.clone_for_agent()))


def share_of_win(returns: list[float], seat: int) -> float:
    """1 for the sole winner, 1/k for each of k seats sharing the best return, else 0."""
    best = max(returns)
    winners = [s for s, value in enumerate(returns) if value == best]
    if len(winners) == len(returns) or seat not in winners:
        return 0.0
    return 1 / len(winners)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ludo")
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--option", action="append", default=[], help="a game option, k=v")
    parser.add_argument("--first", type=int, default=0, help="the seed of game 0")
    args = parser.parse_args()
    options = dict(text.split("=", 1) for text in args.option)
    game = ludoteca.load(args.game, players=args.players, **options)
    wins = 0.0
    start = time.perf_counter()
    for i in range(args.games):
        seat = i % args.players
        specs = [args.opponent] * args.players
        specs[seat] = args.agent
        wins += share_of_win(play(game, specs, seed=args.first + i), seat)
    rate = wins / args.games
    interval = wilson_interval(wins, args.games)
    print(
        f"{args.game}: {args.agent} vs {args.players - 1}x {args.opponent}, {args.games} games"
        f" on seeds {args.first}+: won {wins:g} ({rate:.1%}, Wilson 95% {interval.low:.1%}-"
        f"{interval.high:.1%}; fair share {1 / args.players:.1%}) in"
        f" {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
