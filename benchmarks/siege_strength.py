"""Belagerung bots head to head: wins, draws and losses per side over seeded games.

    python benchmarks/siege_strength.py --agent alphabeta --opponent random --games 200
    python benchmarks/siege_strength.py --agent alphabeta:depth=3 --opponent minimax:depth=3

Game i uses seed i; the measured agent plays `--games` games as the attacker and as many as the
defender (the opponent takes the other side), so a line per side shows where it wins.
"""

from __future__ import annotations

import argparse
import time

import ludoteca
from ludoteca import agents


def play(game: ludoteca.Game, specs: list[str], seed: int) -> list[float]:
    state = game.new_initial_state(seed=seed)
    bots = [agents.load(spec, game, seed=seed * 31 + seat) for seat, spec in enumerate(specs)]
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].act(state.clone_for_agent()))
    return state.returns()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="alphabeta")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--games", type=int, default=200, help="games per side")
    parser.add_argument("--option", action="append", default=[], help="a game option, k=v")
    args = parser.parse_args()
    options = dict(text.split("=", 1) for text in args.option)
    game = ludoteca.load("siege", **options)
    start = time.perf_counter()
    totals = [0, 0, 0]
    for seat, side in enumerate(("attacker", "defender")):
        tally = {1.0: 0, 0.0: 0, -1.0: 0}
        for i in range(args.games):
            specs = [args.opponent, args.opponent]
            specs[seat] = args.agent
            tally[play(game, specs, seed=i)[seat]] += 1
        won, drawn, lost = tally[1.0], tally[0.0], tally[-1.0]
        totals = [totals[0] + won, totals[1] + drawn, totals[2] + lost]
        print(f"{args.agent} as {side} vs {args.opponent}: {won} won, {drawn} drawn, {lost} lost")
    games = 2 * args.games
    score = (totals[0] + totals[1] / 2) / games
    print(
        f"siege: {args.agent} vs {args.opponent}, {games} games: {totals[0]} won, {totals[1]}"
        f" drawn, {totals[2]} lost (score {score:.1%}) in {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
