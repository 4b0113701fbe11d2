"""Screen a self-play network not shipped yet: its agent against a bot, before the table.

    benchmarks/selfplay_screen.py --weights .runs/td/ludo-4p-td-s5-g600.npz --opponent tuned \
        [--games 200] [--depth 1] [--jobs 2]

`ludoteca train --method td` checks its network against `greedy` only; a candidate for `hard`
must also beat today's `hard` (issue 30), which no spec can name while the network is a file in
a work folder. Game i is played on seed FIRST + i with the network's agent
(`LearnedAgent.playing`, as `learned:net=selfplay,depth=D` plays a shipped one) at seat i mod n
and the opponent at every other seat; the line printed is its win share with its Wilson 95%
interval against the fair share 1/n (a draw or an unfinished game counts as the fair share).

The default seeds, 9 x 10^11 + i, are registered as design seeds in `strength_table.py`: a
network chosen by this screening is measured afterwards on the table's own seeds.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ludoteca import agents
from ludoteca.agents.valued import LearnedAgent
from ludoteca.arena.match import play_bots
from ludoteca.arena.stats import wilson_interval
from ludoteca.arena.workers import Workers
from ludoteca.core.registry import load
from ludoteca.learn.duel import seat_share
from ludoteca.review.net import NetModel
from ludoteca.terminal.seats import agent_seed

FIRST = 9 * 10**11
"""The seed of game 0 (`strength_table.DESIGN_SEEDS` names the range)."""


def play_one(task: tuple[str, int, Path, str, int, int]) -> float:
    """The network's win share in one game (a worker's task: everything travels by name)."""
    game_id, players, weights, opponent, depth, seed_index = task
    game = load(game_id, players)
    seed = FIRST + seed_index
    seat = seed_index % game.num_players
    model = NetModel.read(game, weights)
    bots = [agents.load(opponent, game, seed=agent_seed(seed, s)) for s in range(players)]
    bots[seat] = LearnedAgent.playing(game, model, seed=agent_seed(seed, seat), depth=depth)
    names = tuple("candidate" if s == seat else opponent for s in range(players))
    return seat_share(play_bots(game, bots, names, seed).returns, seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", type=Path, required=True)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--depth", type=int, default=1, choices=(1, 2))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if not args.weights.exists():
        raise SystemExit(f"no weight file at {args.weights}")
    game_id, players = args.weights.name.split("-")[:2]
    count = int(players.rstrip("p"))
    tasks = [
        (game_id, count, args.weights, args.opponent, args.depth, i) for i in range(args.games)
    ]
    with Workers(args.jobs) as workers:
        won = sum(workers.in_order(play_one, tasks))
    share = wilson_interval(won, args.games)
    print(
        f"{game_id}/{count} {args.weights.name} (depth {args.depth}) against"
        f" {count - 1} x {args.opponent}:"
        f" {won:g} of {args.games}, {won / args.games:.1%} ({share.low:.1%}-{share.high:.1%}),"
        f" fair share {1 / count:.0%}; seeds {FIRST} + i"
    )


if __name__ == "__main__":
    main()
