"""A strength ladder per table size: a round robin of the bots, with ratings and win shares.

    .venv/bin/python benchmarks/ladder.py run [--jobs 1] [--only GAME/N] [--plan]
    .venv/bin/python benchmarks/ladder.py docs    # the tables in docs/learning.md, the figure
    .venv/bin/python benchmarks/ladder.py check   # exit 1 where the docs differ from the results

The field of each (game, players) pair (`field()`): `random`, `greedy`, the pair's `hard` (read
from the game's `bots.STRENGTHS` when the command runs, so a new `hard` joins by itself), the
cheap named agents of `EXTRAS`, `learned` (the review value) and `learned:net=selfplay` where
`review/nets/selfplay/GAME-Np.npz` is shipped; a spec already in the field is not added twice.

Game i of a pair is seated as the arena seats its tournaments (`arena.schedule.seat_agents`:
blocks of k games for k agents, the b-th ordering of the field in block b, seats rotated within
it; with more agents than seats every game seats n different agents, with fewer an agent holds
several seats) and played on seed `SEED_BASE + i`, a range no agent was tuned, trained or
measured on (`check_seeds()`, before every run and in a test).

Games are played in blocks (`block_size(k)`, whole rotations) by `--jobs` workers; each finished
block is appended at once to `RESULTS` as one JSON line with every game's seats, returns and
action digest, and a fingerprint of the field (its specs and the weight files of `tuned` and
`learned` agents): a new `hard` or new weights make the pair's old blocks stale, and `run`
plays exactly the stale and missing blocks again.

Per pair `docs` writes the openskill ratings (`arena.stats.rate`, one update per finished game
in index order), each agent's win share with its Wilson 95% interval against its fair share
(the share of the seats it held; a draw counts as that share) and, with two players, the
head-to-head shares, between `<!-- ladder:GAME-N -->` markers in docs/learning.md, and the
ratings of all pairs in `FIGURE`. Unfinished games (over the action cap) count in none of them.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import re
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

import ludoteca
import strength_table
from ludoteca import agents
from ludoteca.agents.valued import SELFPLAY
from ludoteca.arena.match import GameResult, play_game
from ludoteca.arena.schedule import seat_agents
from ludoteca.arena.stats import Interval, rate, wilson_interval, win_shares
from ludoteca.arena.workers import Workers

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "ladder.jsonl"
DOC = ROOT / "docs" / "learning.md"
FIGURE = ROOT / "docs" / "learning-ladder.png"

SEED_BASE = 5 * 10**12
"""Game i of every pair is played on seed SEED_BASE + i."""
SEED_SPAN = 10**6
"""The ladder's range: [SEED_BASE, SEED_BASE + SEED_SPAN)."""

OTHER_SEEDS = (
    (
        "the strength table's measuring range",
        range(strength_table.SEED_BASE, strength_table.SEED_BASE + strength_table.SEED_SPAN),
    ),
    (
        "the learned agent's depth-2 trials (docs/learning.md): 2 x 10^12 + i",
        range(2 * 10**12, 2 * 10**12 + 10**6),
    ),
    (
        "the TD runs' strength checks (learn/td_command.py): 3 x 10^12 + i",
        range(3 * 10**12, 3 * 10**12 + 10**6),
    ),
    *strength_table.DESIGN_SEEDS,
)
"""Seed ranges other commands play on, which the ladder must not share."""


@dataclass(frozen=True)
class Pair:
    """One table size of the ladder and how many games it plays (a whole number of blocks)."""

    game: str
    players: int
    games: int

    @property
    def key(self) -> str:
        return f"{self.game}/{self.players}"


PAIRS = (
    Pair("siege", 2, 480),
    Pair("ludo", 4, 480),
    Pair("ludo", 2, 480),
    Pair("ludo", 3, 480),
    Pair("museum", 2, 480),
    Pair("museum", 3, 480),
    Pair("museum", 4, 480),
    Pair("ludo", 5, 240),
    Pair("bremen", 2, 96),
    Pair("ludo", 6, 120),
    Pair("bremen", 4, 120),
    Pair("bremen", 3, 120),
    Pair("villa", 4, 60),
    Pair("villa", 3, 60),
    Pair("villa", 2, 72),
)
"""The 15 table sizes, cheapest first, games sized by cost (CPU seconds of one game on the
shared two-core machine, 2026-12-02, from the strength table's blocks and one timed game each:
`learned` costs 0.05-0.5 s a game in ludo, 0.1-0.3 s in museum and siege, 1.3-1.7 s in bremen and
4-10 s in villa, where every pull's odds run the physics; `expectimax` 0.3-0.8 s in ludo; a
bremen game of `learned` against `random` about 4 s): the whole ladder took 2,325 s of one core
on 2026-12-02, a modest size, whose intervals are wide in bremen and villa."""

EXTRAS: dict[tuple[str, int], tuple[str, ...]] = {
    ("ludo", 2): ("tuned",),
    ("bremen", 2): ("tuned",),
    ("museum", 2): ("tuned",),
    ("ludo", 4): ("tuned",),
    ("museum", 4): ("tuned",),
}
"""Today's other named agents in the two-player fields where they are cheap, and ludo 4's and
museum 4's `hard` before the self-play networks (issue 30: the new `hard` in the same field as
the one it replaced). Left out: bremen's guided `mcts` (9 s a game, a tenth of the ladder
alone), villa's `tuned` (no weights shipped)."""


def block_size(agents_count: int) -> int:
    """Games per block: whole rotations of the field (k games each), about a dozen."""
    return agents_count * max(1, 12 // agents_count)


@cache
def _game(game_id: str, players: int) -> ludoteca.Game:
    return ludoteca.load(game_id, players=players)


def field(game_id: str, players: int, selfplay: Path = SELFPLAY) -> tuple[str, ...]:
    """The agents of one pair's round robin, in seating order, without duplicates."""
    game = _game(game_id, players)
    specs = ["random", "greedy", agents.strengths(game)["hard"]]
    specs += [*EXTRAS.get((game_id, players), ()), "learned"]
    if (selfplay / f"{game_id}-{players}p.npz").exists():
        specs.append("learned:net=selfplay")
    return tuple(dict.fromkeys(specs))


def fingerprint(pair: Pair, specs: Sequence[str]) -> str:
    """What a block measured: the pair, its field in order, and the weights its agents read."""
    parts = [pair.key, *specs]
    for spec in specs:
        name = agents.parse_spec(spec)[0]
        if name == "tuned":
            parts.append(strength_table.tuned_weights(pair.game, pair.players))
        elif name == "learned":
            parts.append(strength_table.learned_value(pair.game, pair.players, spec))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def check_seeds(pairs: Sequence[Pair] = PAIRS) -> None:
    """Refuse to play where another command plays: the ladder's seeds are its own."""
    low, high = SEED_BASE, SEED_BASE + SEED_SPAN
    if max(p.games for p in pairs) > SEED_SPAN:
        raise SystemExit("more games than the ladder has seeds")
    for what, seeds in OTHER_SEEDS:
        if seeds.start < high and low < seeds.stop:
            raise SystemExit(f"the ladder's seeds overlap {what}")
    clash = sorted(s for s in strength_table.arena_design_seeds() if low <= s < high)
    if clash:
        raise SystemExit(f"the ladder's seeds overlap a design tournament's: {clash[:5]}")


@dataclass(frozen=True)
class Block:
    pair: Pair
    specs: tuple[str, ...]
    mark: str
    first: int


def play_block(block: Block) -> dict[str, Any]:
    """Play one block of a pair's round robin; its record, a line of the results file."""
    pair = block.pair
    game = _game(pair.game, pair.players)
    start = time.process_time()
    games = []
    for index in range(block.first, block.first + block_size(len(block.specs))):
        result = play_game(game, seat_agents(index, block.specs, pair.players), SEED_BASE + index)
        games.append(
            {
                "index": index,
                "agents": list(result.agents),
                "returns": list(result.returns),
                "finished": result.finished,
                "decisions": list(result.decisions),
                "digest": strength_table.digest(result.actions),
                "median_ms": [round(m, 3) for m in result.median_ms],
            }
        )
    return {
        "pair": pair.key,
        "fingerprint": block.mark,
        "field": list(block.specs),
        "first": block.first,
        "games": games,
        "cpu_s": round(time.process_time() - start, 2),
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
        "commit": strength_table._commit(),
    }


Done = dict[tuple[str, str, int], dict[str, Any]]


def read_results(path: Path = RESULTS) -> Done:
    """The recorded blocks by (pair, fingerprint, first game); a later line wins."""
    found: Done = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                record = json.loads(line)
                found[(record["pair"], record["fingerprint"], record["first"])] = record
    return found


def pending(pairs: Sequence[Pair], done: Done) -> list[Block]:
    """The blocks not recorded under the pair's current fingerprint, pair by pair in order."""
    todo = []
    for pair in pairs:
        specs = field(pair.game, pair.players)
        mark, size = fingerprint(pair, specs), block_size(len(specs))
        if pair.games % size:
            raise SystemExit(f"{pair.key}: {pair.games} games are not whole blocks of {size}")
        todo += [
            Block(pair, specs, mark, first)
            for first in range(0, pair.games, size)
            if (pair.key, mark, first) not in done
        ]
    return todo


def run(pairs: Sequence[Pair], jobs: int, path: Path = RESULTS) -> int:
    """Play the pairs' missing blocks, each appended as it finishes; the number played."""
    check_seeds()
    blocks = pending(pairs, read_results(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    columns = ("{task.description}", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns) as progress, Workers(jobs) as workers, path.open("a") as out:
        task = progress.add_task("ladder blocks", total=len(blocks))
        for record in workers.as_finished(play_block, blocks):
            out.write(json.dumps(record, sort_keys=True) + "\n")
            out.flush()
            progress.advance(task)
            first = record["first"]
            progress.console.print(
                f"{record['pair']} games {first}-{first + len(record['games']) - 1}"
                f" ({record['cpu_s']:.0f} s CPU)"
            )
    return len(blocks)


# ---------------------------------------------------------------------------------------------
# What the results say


@dataclass(frozen=True)
class Standing:
    """One agent of a pair's round robin, over its finished games."""

    agent: str
    games: int
    score: float
    fair: float
    """The mean of its seats' share of the table (1/n where it held one seat)."""
    mu: float
    sigma: float
    ordinal: float
    median_ms: float

    @property
    def interval(self) -> Interval:
        return wilson_interval(self.score, self.games)

    @property
    def share(self) -> float:
        return self.score / self.games if self.games else 0.0


@dataclass(frozen=True)
class Ladder:
    pair: Pair
    specs: tuple[str, ...]
    results: tuple[GameResult, ...]
    """Every recorded game under the current fingerprint, in index order."""
    cpu_s: float
    dates: tuple[str, ...]

    @property
    def finished(self) -> list[GameResult]:
        return [r for r in self.results if r.finished]


def ladder(pair: Pair, done: Done) -> Ladder:
    """The recorded games of `pair` under its current field and weights."""
    specs = field(pair.game, pair.players)
    mark = fingerprint(pair, specs)
    records = [
        done[(pair.key, mark, first)]
        for first in range(0, pair.games, block_size(len(specs)))
        if (pair.key, mark, first) in done
    ]
    results = tuple(
        GameResult(
            game=pair.game,
            players=pair.players,
            options={},
            seed=SEED_BASE + g["index"],
            agents=tuple(g["agents"]),
            actions=(),
            returns=tuple(g["returns"]),
            finished=g["finished"],
            decisions=tuple(g["decisions"]),
            median_ms=tuple(g["median_ms"]),
        )
        for record in records
        for g in record["games"]
    )
    return Ladder(
        pair,
        specs,
        results,
        cpu_s=sum(r["cpu_s"] for r in records),
        dates=tuple(sorted({r["date"] for r in records})),
    )


def scores(result: GameResult) -> dict[str, tuple[float, float]]:
    """``agent -> (its share of the win, its fair share)``; in a draw each takes its fair share."""
    n = len(result.agents)
    shares = win_shares(result.returns)
    draw = len(set(result.returns)) == 1
    found: dict[str, tuple[float, float]] = {}
    for seat, agent in enumerate(result.agents):
        won, fair = found.get(agent, (0.0, 0.0))
        found[agent] = (won + (1 / n if draw else shares[seat]), fair + 1 / n)
    return found


def standings(table: Ladder) -> list[Standing]:
    """Each agent's rating and win share, best ordinal first."""
    finished = table.finished
    ratings = rate(table.specs, finished)
    per: dict[str, list[tuple[float, float]]] = {spec: [] for spec in table.specs}
    times: dict[str, list[float]] = {spec: [] for spec in table.specs}
    for result in finished:
        for agent, won in scores(result).items():
            per[agent].append(won)
        for seat, agent in enumerate(result.agents):
            if result.decisions[seat]:
                times[agent].append(result.median_ms[seat])
    found = [
        Standing(
            agent=spec,
            games=len(per[spec]),
            score=sum(w for w, _ in per[spec]),
            fair=statistics.fmean(f for _, f in per[spec]) if per[spec] else 0.0,
            mu=ratings[spec].mu,
            sigma=ratings[spec].sigma,
            ordinal=ratings[spec].ordinal(),
            median_ms=statistics.median(times[spec]) if times[spec] else 0.0,
        )
        for spec in table.specs
    ]
    return sorted(found, key=lambda s: s.ordinal, reverse=True)


def head_to_head(table: Ladder, agent: str, other: str) -> tuple[float, int]:
    """`agent`'s score and games against `other` in the two-player games they played."""
    score, games = 0.0, 0
    for result in table.finished:
        if set(result.agents) == {agent, other}:
            score += scores(result)[agent][0]
            games += 1
    return score, games


def verdict(interval: Interval, fair: float) -> str:
    if interval.low > fair:
        return "**above**"
    if interval.high < fair:
        return "below"
    return "not shown either way"


def _pct(score: float, games: int) -> str:
    if not games:
        return "no games"
    interval = wilson_interval(score, games)
    return f"{score / games:.1%} ({interval.low:.1%}-{interval.high:.1%}) of {games:,}"


def command(pair: Pair) -> str:
    return f"nice -n 19 .venv/bin/python benchmarks/ladder.py run --only {pair.key} --jobs 1"


def levels(pair: Pair) -> dict[str, str]:
    """The levels each spec plays at the pair's table (`greedy` is `medium` and often `hard`)."""
    found: dict[str, list[str]] = {}
    for level, spec in agents.strengths(_game(pair.game, pair.players)).items():
        found.setdefault(spec, []).append(level)
    return {spec: ", ".join(names) for spec, names in found.items()}


def block_lines(pair: Pair, done: Done) -> list[str]:
    """The marked block of one pair in docs/learning.md."""
    table = ladder(pair, done)
    named = levels(pair)
    lines = [
        f"**{pair.game}, {pair.players} players** (`{command(pair)}`)",
        "",
        "| agent | level | ordinal | mu | sigma | win share (Wilson 95%) | fair share"
        " | against fair | median ms/move |",
        "|---|---|---:|---:|---:|---|---:|---|---:|",
    ]
    for s in standings(table):
        lines.append(
            f"| `{s.agent}` | {named.get(s.agent, '')} |"
            f" {s.ordinal:.2f} | {s.mu:.2f} | {s.sigma:.2f} |"
            f" {_pct(s.score, s.games)} | {s.fair:.0%} |"
            f" {verdict(s.interval, s.fair) if s.games else 'not measured'} | {s.median_ms:.1f} |"
        )
    if pair.players == 2:
        lines += ["", "| row against column | " + " | ".join(f"`{s}`" for s in table.specs) + " |"]
        lines.append("|---|" + "---|" * len(table.specs))
        for agent in table.specs:
            cells = [
                "" if agent == other else _pct(*head_to_head(table, agent, other))
                for other in table.specs
            ]
            lines.append(f"| `{agent}` | " + " | ".join(cells) + " |")
    finished = len(table.finished)
    when = ", ".join(table.dates) if table.dates else "never"
    unfinished = len(table.results) - finished
    lines += [
        "",
        f"{len(table.results):,} of {pair.games:,} games played ({when}, {table.cpu_s:,.0f} s of"
        f" CPU), seeds {SEED_BASE:,} + i for game i"
        + (f"; {unfinished} unfinished, left out" if unfinished else "")
        + ".",
    ]
    return lines


MARKER = re.compile(
    r"(<!-- ladder:(?P<name>[a-z]+-\d) -->\n)(?P<body>.*?)(<!-- /ladder:(?P=name) -->)", re.DOTALL
)


def render(text: str, done: Done) -> str:
    """`text` with every marked ladder block regenerated from `done`."""
    pairs = {f"{p.game}-{p.players}": p for p in PAIRS}

    def fill(match: re.Match[str]) -> str:
        body = "\n".join(block_lines(pairs[match["name"]], done)) + "\n"
        return match.group(1) + body + match.group(4)

    return MARKER.sub(fill, text)


def draw_figure(done: Done, path: Path = FIGURE) -> None:
    """The ratings of every pair, mu with its 95% interval (mu ± 1.96 sigma), one panel each."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ordered = sorted(PAIRS, key=lambda p: (p.game, p.players))
    fig, axes = plt.subplots(3, 5, figsize=(17, 9), constrained_layout=True)
    for axis, pair in zip(axes.flat, ordered, strict=True):
        table = ladder(pair, done)
        axis.set_title(f"{pair.game}, {pair.players} players", fontsize=10)
        if not table.finished:
            axis.text(0.5, 0.5, "not played yet", ha="center", transform=axis.transAxes)
            axis.set_axis_off()
            continue
        rows = list(reversed(standings(table)))
        ys = range(len(rows))
        axis.errorbar(
            [s.mu for s in rows], ys, xerr=[1.96 * s.sigma for s in rows], fmt="o", capsize=3
        )
        axis.set_yticks(list(ys), [s.agent.replace(":net=", "\n") for s in rows], fontsize=8)
        axis.set_xlabel("openskill mu (95%)", fontsize=8)
        axis.grid(axis="x", alpha=0.3)
    fig.suptitle("Strength ladder: a round robin per table size (benchmarks/ladder.py)")
    fig.savefig(path, dpi=80, metadata={"Software": None})
    plt.close(fig)


def stale(path: Path = RESULTS) -> bool:
    return render(DOC.read_text(), read_results(path)) != DOC.read_text()


def _pairs(only: Sequence[str] | None) -> list[Pair]:
    if not only:
        return list(PAIRS)
    known = {p.key for p in PAIRS}
    unknown = sorted(set(only) - known)
    if unknown:
        raise SystemExit(f"no pair {', '.join(unknown)}; the pairs: {', '.join(sorted(known))}")
    return [p for p in PAIRS if p.key in only]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["run", "docs", "check"])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", action="append", help="GAME/N, e.g. ludo/2 (repeatable)")
    parser.add_argument("--plan", action="store_true", help="list what run would play")
    parser.add_argument("--results", type=Path, default=RESULTS)
    args = parser.parse_args()
    pairs = _pairs(args.only)
    done = read_results(args.results)
    if args.command == "run":
        if args.plan:
            for pair in pairs:
                table = ladder(pair, done)
                print(
                    f"{pair.key}: {', '.join(table.specs)}; {len(table.results)} of"
                    f" {pair.games} games recorded"
                )
            return
        played = run(pairs, args.jobs, args.results)
        print(f"{played} blocks played")
    elif args.command == "docs":
        text = DOC.read_text()
        new = render(text, done)
        if new != text:
            DOC.write_text(new)
            print(f"wrote {DOC.relative_to(ROOT)}")
        draw_figure(done)
        print(f"wrote {FIGURE.relative_to(ROOT)}")
    else:
        if stale(args.results):
            print(f"{DOC.relative_to(ROOT)}: its ladder blocks differ from {RESULTS.name}")
            sys.exit(1)


if __name__ == "__main__":
    main()
