"""Thinking time of every agent per move, at its default budget, in every game.

    python benchmarks/agent_cost.py --positions 20
    python benchmarks/agent_cost.py --game villa --players 2
    python benchmarks/agent_cost.py --game bremen --players 3 --agent learned --agent hard

The positions are taken from seeded games between greedy bots (every few decisions, only where
there is a real choice), so every agent is timed on the same positions. Prints the median and
the 90th percentile of the process time per move, in milliseconds. A table for
`benchmarks/README.md`.
"""

from __future__ import annotations

import argparse
import statistics
import time

import ludoteca
from ludoteca import agents
from ludoteca.core.api import State
from ludoteca.core.chance import play_chance


def positions(game: ludoteca.Game, count: int, every: int = 3) -> list[State]:
    """`count` positions with more than one legal move, from seeded greedy games."""
    found: list[State] = []
    seed = 0
    while len(found) < count:
        bots = [agents.load("greedy", game, seed=seed * 10 + s) for s in range(game.num_players)]
        state = game.new_initial_state(seed=seed)
        decision = 0
        while len(found) < count and len(state.history()) < 5000:
            play_chance(state)
            if state.is_terminal():
                break
            if len(state.legal_actions()) > 1 and decision % every == 0:
                found.append(state.clone())
            decision += 1
            state.apply_action(bots[state.current_player()].act(state.clone_for_agent()))
        seed += 1
    return found


def cost_ms(spec: str, game: ludoteca.Game, sample: list[State]) -> list[float]:
    """Process time of one `act` per position, each by a fresh agent (no tree carried over)."""
    times = []
    for index, state in enumerate(sample):
        agent = agents.load(spec, game, seed=index)
        start = time.process_time()
        agent.act(state.clone_for_agent())
        times.append(1000 * (time.process_time() - start))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (default: every game)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument(
        "--agent", action="append", help="time only this agent spec (repeatable; default: all)"
    )
    args = parser.parse_args()
    print(
        f"| game | agent | median ms | 90th pct ms |  ({args.positions} positions, "
        f"{args.players} players)"
    )
    print("| --- | --- | ---: | ---: |")
    for game_id in args.game or [info.id for info in ludoteca.games()]:
        game = ludoteca.load(game_id, players=args.players)
        sample = positions(game, args.positions)
        for name in args.agent or sorted(agents.available(game)):
            times = sorted(cost_ms(name, game, sample))
            p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
            print(
                f"| {game_id} | {name} | {statistics.median(times):.1f} | {p90:.1f} |", flush=True
            )


if __name__ == "__main__":
    main()
