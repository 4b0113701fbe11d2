"""OpenSpiel's MCTSBot against ludoteca's `mcts` at the same simulation budget.

    python benchmarks/openspiel_mcts.py --game ludo --simulations 50 --games 20
    python benchmarks/openspiel_mcts.py --game siege --simulations 100 --games 20

Both search with random rollouts played to the end of the game (ours: `rollout=random,depth=0`),
each move afresh (ours: `reuse=false`), with the same exploration constant, and both play a
move with one legal action at once; OpenSpiel's bot plays through `ludoteca.interop.openspiel`
and ours through the `LudotecaBot` adapter, so the games are played by OpenSpiel's own
`evaluate_bots`. Game i seats OpenSpiel's bot in seat i mod 2, so seat advantages cancel out;
each game's chance events and both bots' seeds come from its index. A draw (siege) counts half.
Prints OpenSpiel's win rate with its 95% confidence interval.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import evaluate_bots, mcts
from rich.progress import Progress

from ludoteca.interop.openspiel import LudotecaBot, load_game


class ForcedMovesFirst:
    """OpenSpiel's MCTSBot, except that a move with one legal action is played at once.

    Our `mcts` does that already; without it most of OpenSpiel's time in ludo goes into
    searching forced moves, which changes no result.
    """

    def __init__(self, game: Any, simulations: int, uct_c: float, seed: int) -> None:
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        self._bot = mcts.MCTSBot(game, uct_c, simulations, evaluator, solve=False, random_state=rng)

    def step(self, state: Any) -> int:
        legal: list[int] = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        action: int = self._bot.step(state)
        return action

    def restart_at(self, state: Any) -> None:
        self._bot.restart_at(state)

    def inform_action(self, state: Any, player: int, action: int) -> None:
        self._bot.inform_action(state, player, action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ludo", choices=("ludo", "siege"))
    parser.add_argument("--simulations", type=int, default=50, help="per move, for both bots")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--uct-c", type=float, default=1.4, help="exploration, both bots")
    parser.add_argument("--option", action="append", default=[], help="a game option, k=v")
    args = parser.parse_args()
    options = dict(text.split("=", 1) for text in args.option)
    game = load_game(args.game, players=2, **options)
    ours = f"mcts:iterations={args.simulations},rollout=random,depth=0,reuse=false,c={args.uct_c}"
    score = 0.0
    start = time.perf_counter()
    with Progress() as progress:
        task = progress.add_task(f"{args.game}: OpenSpiel MCTS vs {ours}", total=args.games)
        for i in range(args.games):
            seat = i % 2
            bots = [LudotecaBot(game, ours, seed=2 * i), LudotecaBot(game, ours, seed=2 * i)]
            bots[seat] = ForcedMovesFirst(game, args.simulations, args.uct_c, seed=2 * i + 1)
            rng = np.random.RandomState(i)
            returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
            score += 1.0 if returns[seat] > 0 else 0.5 if returns[seat] == 0 else 0.0
            progress.advance(task)
    rate = score / args.games
    half = 1.96 * math.sqrt(rate * (1 - rate) / args.games)
    elapsed = time.perf_counter() - start
    print(
        f"{args.game}: OpenSpiel MCTSBot ({args.simulations} simulations, uct_c={args.uct_c})"
        f" vs {ours}: OpenSpiel wins {rate:.1%} ± {half:.1%} (95% CI) of {args.games} games"
        f" in {elapsed:.0f} s"
    )


if __name__ == "__main__":
    main()
