"""Does `learned` win as often with the network as with the value it would replace? The second
check before shipping.

The ranking check (`ranking.py`) asks whether a network's first move is the bot's own move; a
network can pass it and still play worse: bremen 3's residual network agreed with `tuned` at
22% of 200 decisions (the shipped value at 25%, not shown worse) and then won 15 of 120 games
against two `greedy`, where the shipped value wins 34. So the check plays: at each of `games`
seeds, `learned` sits at seat `index mod n` against `greedy` at every other seat, once by the
network and once by the shipped value, on the same dice. The comparison is paired by seed: the
network fails when, over the seeds where one of the two did better than the other, it did
better at so few that a one-sided sign test at 5% says it plays worse.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ludoteca import agents
from ludoteca.agents.valued import LearnedAgent
from ludoteca.analysis.selfplay import SelfPlay
from ludoteca.arena.match import play_bots
from ludoteca.arena.stats import is_draw, win_shares
from ludoteca.arena.workers import Workers
from ludoteca.learn.ranking import Paired
from ludoteca.review.net import Model, NetModel, base_value
from ludoteca.review.value import TensorModel
from ludoteca.terminal.seats import agent_seed

OPPONENT = "greedy"
"""The bot `learned` plays against: `medium`, the level a `hard` must beat."""
GAMES = 240
"""Seeds per check (480 games, about ten minutes of two cores at bremen with three players).
By a simulation of the test it catches a fall from 27% to 16% wins nearly nine times in ten
(six in ten at 120 seeds), a fall from 22% to 16% four times in ten: bremen 3's residual
network fell that far (24 wins against 30 on its first 120 seeds, 59 against 80 on 360, where
the test refuses it at p = 0.034). More seeds (`--duel-games`) for a closer call."""


@dataclass(frozen=True)
class Duel(Paired):
    """`learned`'s win shares by each value at the same seeds, and the seeds that differ."""

    cases: int
    """Seeds played (two games each)."""
    network: float
    current: float
    """`learned`'s wins by the value shipped today (`review.net.base_value`)."""
    only_network: int
    """Seeds where `learned` did better by the network than by the shipped value."""
    only_current: int


def seat_share(returns: tuple[float, ...], seat: int) -> float:
    """A seat's win share; a draw (or an unfinished game) is the fair share."""
    return 1 / len(returns) if is_draw(returns) else win_shares(returns)[seat]


def play_pair(task: tuple[SelfPlay, Path, int, bool]) -> tuple[float, float]:
    """`learned`'s win share at game `index` of `run`, by the network at `path` and by the
    shipped value, or the softmax value with `softmax` (a worker's task: everything it needs
    travels by name)."""
    run, path, index, softmax = task
    game = run.load_game()
    seed, seat = run.game_seed(index), index % game.num_players
    names = tuple("learned" if s == seat else run.agent for s in range(game.num_players))
    shares = []
    model: Model
    for model in (
        NetModel.read(game, path),
        TensorModel.load(game) if softmax else base_value(game),
    ):
        bots = [agents.load(run.agent, game, seed=agent_seed(seed, s)) for s in range(len(names))]
        bots[seat] = LearnedAgent.playing(game, model, seed=agent_seed(seed, seat))
        shares.append(seat_share(play_bots(game, bots, names, seed).returns, seat))
    return shares[0], shares[1]


def duel(
    run: SelfPlay,
    path: Path,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    softmax: bool = False,
) -> Duel:
    """`learned` by the network saved at `path` and by the shipped value (by the softmax value
    with `softmax`: to check a network already shipped), against `run.agent` at every other
    seat, at the seeds of `run`'s games."""
    tasks = [(run, path, index, softmax) for index in range(run.games)]
    pairs = []
    with Workers(jobs) as workers:
        for pair in workers.in_order(play_pair, tasks):
            pairs.append(pair)
            if progress is not None:
                progress(1)
    return Duel(
        cases=len(pairs),
        network=sum(a for a, _ in pairs),
        current=sum(b for _, b in pairs),
        only_network=sum(a > b for a, b in pairs),
        only_current=sum(b > a for a, b in pairs),
    )
