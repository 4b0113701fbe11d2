"""A tournament on the screen: the progress bar while it plays, then its tables."""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.table import Table

from ludoteca.arena.stats import AgentStats, Interval, Summary
from ludoteca.core.api import Game


def _plus_minus(mean: float, interval: Interval | None) -> str:
    if interval is None:
        return f"{mean:+.2f}"
    return f"{mean:+.2f} ± {(interval.high - interval.low) / 2:.2f}"


def _wins(wins: float) -> str:
    return f"{wins:g}" if wins == int(wins) else f"{wins:.2f}"


def _ranked(summary: Summary) -> list[AgentStats]:
    """Agents by openskill ordinal (mu - 3 sigma), best first."""
    return sorted(summary.agents, key=lambda a: a.ordinal, reverse=True)


def results_table(summary: Summary) -> Table:
    """Wins, draws, mean return and win rate of each agent over finished games."""
    table = Table(title="Results (finished games, 95% intervals)", box=box.SIMPLE_HEAD)
    table.add_column("agent", overflow="fold", min_width=8)
    for header in ("games", "wins", "draws", "mean return", "win rate"):
        table.add_column(header, justify="right", no_wrap=True)
    for agent in _ranked(summary):
        rate = agent.win_interval
        table.add_row(
            agent.agent,
            str(agent.games),
            _wins(agent.wins),
            str(agent.draws),
            _plus_minus(agent.mean_return, agent.return_interval),
            f"{agent.win_rate:.2f} ({rate.low:.2f}-{rate.high:.2f})",
        )
    return table


def ratings_table(summary: Summary) -> Table:
    """The openskill ratings, and how long each agent thought per move."""
    table = Table(title="Ratings (openskill Plackett-Luce) and thinking time", box=box.SIMPLE_HEAD)
    table.add_column("agent", overflow="fold", min_width=8)
    for header in ("mu", "sigma", "ordinal", "median ms/move"):
        table.add_column(header, justify="right", no_wrap=True)
    for agent in _ranked(summary):
        table.add_row(
            agent.agent,
            f"{agent.mu:.2f}",
            f"{agent.sigma:.2f}",
            f"{agent.ordinal:.2f}",
            f"{agent.median_ms:.2f}",
        )
    return table


def seats_table(summary: Summary, game: Game) -> Table:
    """Mean return and wins of every agent in every seat (finished games)."""
    table = Table(title="Per seat: mean return (wins / games)", box=box.SIMPLE_HEAD)
    table.add_column("agent", overflow="fold")
    for seat in range(game.num_players):
        table.add_column(game.seat_name(seat) or f"seat {seat}", justify="right")
    cells = {(s.agent, s.seat): s for s in summary.seats}
    for agent in summary.agents:
        row = [agent.agent]
        for seat in range(game.num_players):
            stats = cells.get((agent.agent, seat))
            row.append(
                "–"
                if stats is None
                else f"{stats.mean_return:+.3f} ({_wins(stats.wins)}/{stats.games})"
            )
        table.add_row(*row)
    return table


def print_summary(console: Console, summary: Summary, game: Game, max_actions: int) -> None:
    console.print(results_table(summary))
    console.print(ratings_table(summary))
    console.print(seats_table(summary, game))
    line = f"{summary.games} games: {summary.finished} finished, {summary.draws} drawn"
    if summary.unfinished:
        line += (
            f", [yellow]{summary.unfinished} unfinished[/yellow] (stopped after {max_actions}"
            " actions; left out of the statistics)"
        )
    console.print(line)


def print_replay_hint(console: Console, database: str, table_id: str | None) -> None:
    """How to watch a game of the tournament in the browser."""
    if table_id is None:
        return
    console.print(
        f"Replay any game in the browser: [bold]ludoteca serve --database {database}[/bold],"
        f" then open http://127.0.0.1:8000/table/{table_id}/replay (every game's table id is"
        " in the CSV and JSON exports)",
        soft_wrap=True,
    )
