"""`ludoteca analyze`: self-play a game (and each value of one option), then write the report."""

from __future__ import annotations

import shlex
import time
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace

from rich.console import Console

from ludoteca.agents import strongest
from ludoteca.analysis.selfplay import SelfPlay, self_play
from ludoteca.analysis.summary import Summary, summarize
from ludoteca.arena.cluster import Cluster, Runner, open_runner
from ludoteca.core.api import Game
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.options import OptionValue
from ludoteca.terminal.progress import games_progress


@dataclass(frozen=True)
class Analysis:
    """A finished analysis: the run, its numbers, and those of each compared option value."""

    run: SelfPlay
    game: Game
    summary: Summary
    compare: str | None
    variants: tuple[tuple[str, Summary], ...]
    skipped: tuple[tuple[str, str], ...]
    """Compared values the game refused, with the reason."""
    seconds: float

    @property
    def command(self) -> str:
        """The command that plays the same games again (the number of jobs does not matter)."""
        run = self.run
        words = ["ludoteca", "analyze", run.game, "--agent", run.agent, "--games", str(run.games)]
        words += ["--players", str(self.game.num_players)]
        for name, value in run.options.items():
            words += ["--option", f"{name}={show_value(value)}"]
        if self.compare is not None:
            words += ["--compare", self.compare]
        words += ["--seed", str(run.seed)]
        return " ".join(shlex.quote(word) for word in words)


def option_values(game: Game, name: str) -> list[OptionValue]:
    """The values `--compare name` plays: the option's choices, or true and false."""
    specs = {spec.name: spec for spec in game.option_specs}
    if name not in specs:
        valid = ", ".join(sorted(specs)) or "none"
        raise InvalidOptionError(f"{game.id} has no option {name!r} to compare; options: {valid}")
    spec = specs[name]
    if spec.choices:
        return list(spec.choices)
    if spec.kind is bool:
        return [True, False]
    raise InvalidOptionError(
        f"option {name!r} takes any {spec.kind.__name__}: --compare needs an option with a fixed"
        " set of values"
    )


def analyze(
    run: SelfPlay,
    compare: str | None = None,
    jobs: int | None = 1,
    console: Console | None = None,
    cluster: Cluster | None = None,
) -> Analysis:
    """Play `run` (and one run per value of `compare`, on the same seeds) and summarise them.

    Without an agent the game's strongest plays. A compared value that gives the same game as
    the main run reuses its games instead of playing them again; a value the game refuses with
    these players and options (ludo's four-colour board for five) is skipped, with the reason.
    With a `cluster` the games are Ray tasks there (one connection for every run).
    """
    game = run.load_game()
    if not run.agent:
        run = replace(run, agent=strongest(game))
    plans, skipped = _variant_plans(run, game, compare) if compare is not None else ([], [])
    played: dict[Game, Summary] = {}
    start = time.perf_counter()
    on_cluster: AbstractContextManager[Runner | None] = (
        nullcontext() if cluster is None else open_runner(cluster, jobs)
    )
    with on_cluster as runner, games_progress(console or Console()) as progress:

        def summary_of(plan: SelfPlay, label: str) -> Summary:
            configured = plan.load_game()
            if configured not in played:
                task = progress.add_task(label, total=plan.games)
                games = self_play(
                    plan, jobs or 1, lambda done: progress.advance(task, done), runner
                )
                played[configured] = summarize(configured, games)
            return played[configured]

        summary = summary_of(run, "self-play")
        variants = tuple((label, summary_of(plan, f"{compare}={label}")) for label, plan in plans)
    return Analysis(
        run=run,
        game=game,
        summary=summary,
        compare=compare,
        variants=variants,
        skipped=tuple(skipped),
        seconds=time.perf_counter() - start,
    )


def _variant_plans(
    run: SelfPlay, game: Game, compare: str
) -> tuple[list[tuple[str, SelfPlay]], list[tuple[str, str]]]:
    """One run per value of `compare` that the game accepts, and the refused values' reasons."""
    plans, skipped = [], []
    for value in option_values(game, compare):
        plan = replace(run, options={**run.options, compare: value})
        try:
            plan.load_game()
        except InvalidOptionError as exc:
            skipped.append((show_value(value), str(exc)))
        else:
            plans.append((show_value(value), plan))
    return plans, skipped


def show_value(value: OptionValue | None) -> str:
    """An option value as typed on the command line (`true`, not `True`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
