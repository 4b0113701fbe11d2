"""Every strength figure the docs quote, from one seeded, resumable command.

    .venv/bin/python benchmarks/strength_table.py run [--jobs 2] [--game G] [--skip KEY]
                                                      [--only KEY] [--plan]
    .venv/bin/python benchmarks/strength_table.py docs     # write the tables into the docs
    .venv/bin/python benchmarks/strength_table.py check    # exit 1 where a doc's table is stale

What is measured (`matchups()`): at every game and player count, each pair of neighbouring
levels (`easy` against `medium`, `medium` against `hard`, the specs of each game's
`bots.STRENGTHS`), and the agents the docs compare besides (`EXTRAS`: the tuned weights,
`careful` at larger tables). Two levels that name the same agent need no games. With two
players the higher agent plays the lower head to head; with n players one higher agent plays
n - 1 copies of the lower, and its win share is compared with the fair share 1/n.

Game i of every matchup is played on seed `SEED_BASE + i` with the measured agent in seat
i mod n (seat advantages cancel over a block), through `ludoteca.arena.match.play_game` (the
agents' seeds derived from the game's, as at any table). The measuring seeds lie in
[`SEED_BASE`, `SEED_BASE + SEED_SPAN`), disjoint from every seed an agent was tuned, trained
or designed on (`DESIGN_SEEDS`, checked by `check_seeds()` before every run and by a test).

Games are played in blocks, `block_size(n)` games each (a whole number of seat rotations), by
`--jobs` worker processes; each finished block is appended at once as one JSON line to
`RESULTS` (`benchmarks/results/strength.jsonl`), so a run that is stopped loses at most the
blocks in progress and the next run continues where it stopped. Blocks are scheduled so that
every matchup stays at about the same share of its games, so a run cut short has measured each
a little rather than a few completely. A block records a fingerprint of what it measured (the
specs and, for `tuned`, the weights file): new weights make the old blocks of that matchup
stale, and they are played again. Each game's actions are recorded as a digest, so a test
replays the first games and notices a rule change that alters play: the table is then
regenerated with the change (delete the game's lines from the results file and run again).

Win shares carry Wilson 95% intervals (`ludoteca.arena.stats.wilson_interval`); a draw (every
seat the same return) counts as the fair share 1/n (a half with two players), an unfinished
game as no win.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import re
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import ludoteca
from ludoteca import agents
from ludoteca.agents.tuned import weights_path
from ludoteca.agents.valued import SELFPLAY as SELFPLAY_NETS
from ludoteca.arena.match import play_game
from ludoteca.arena.schedule import game_seed
from ludoteca.arena.stats import is_draw, wilson_interval, win_shares
from ludoteca.arena.tune import SEED_LIMIT
from ludoteca.arena.workers import Workers
from ludoteca.review.net import net_path
from ludoteca.review.value import params_path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "strength.jsonl"
DOCS = (
    ROOT / "docs" / "agents.md",
    ROOT / "benchmarks" / "README.md",
    ROOT / "docs" / "tuning.md",
    ROOT / "docs" / "learning.md",
    *sorted(p for p in (ROOT / "docs" / "games").glob("*.md") if ".howto." not in p.name),
)
"""Every page with marked tables; a game's full rules page holds its game's rows in its own
language, `rules_<game>_<lang>`."""

SEED_BASE = 10**12
"""Game i of every matchup is played on seed SEED_BASE + i."""
SEED_SPAN = 10**6
"""The measuring range: [SEED_BASE, SEED_BASE + SEED_SPAN)."""

ARENA_DESIGN_SEEDS = (1, 2, 3, 4, 7, 11, 777, 778)
"""Tournament seeds of the `ludoteca arena` runs the docs name, on which agents were designed
or first measured (villa's `careful` on 2 and 1, bremen's guided mcts defaults on 1 and 4,
siege's search bots on 3, the tuned villa weights on 11, issue 34's checks on 777 and 778)."""

ARENA_DESIGN_GAMES = 10_000
"""Games per design tournament covered by the check (the largest run had 2,000)."""

DESIGN_SEEDS = (
    ("ludoteca tune (every tuned.json): seeds drawn from [0, 2**31)", range(0, SEED_LIMIT)),
    ("benchmarks/strength.py: game i on seed i, and the runs on 10000-12999", range(0, 13_000)),
    ("docs/agents.md's first measurements: seed 1000 + i", range(1000, 1000 + 4000)),
    (
        "the first look at bremen's 3- and 4-player weights: seed 5 * 10**11 + i",
        range(500_000_000_000, 500_000_000_000 + 1_000),
    ),
    (
        "benchmarks/strength.py --first 600000000000: the choice of bremen's 4-player weights",
        range(600_000_000_000, 600_000_000_000 + 10_000),
    ),
    (
        "benchmarks/strength.py --first 700000000000: the screening of bremen's 4-player search",
        range(700_000_000_000, 700_000_000_000 + 10_000),
    ),
    (
        "benchmarks/strength.py --first 8 * 10**11: ludo 2's and bremen 2's learned screened",
        range(800_000_000_000, 800_000_000_000 + 10_000),
    ),
    (
        "benchmarks/selfplay_screen.py: self-play networks screened before the table",
        range(900_000_000_000, 900_000_000_000 + 10_000),
    ),
)
"""Seeds used to tune, train, design or first measure an agent, as ranges."""


def arena_design_seeds() -> set[int]:
    """The game seeds of the design tournaments (`ludoteca arena --seed S`, games 0 to N-1)."""
    return {
        game_seed(seed, index) for seed in ARENA_DESIGN_SEEDS for index in range(ARENA_DESIGN_GAMES)
    }


def check_seeds() -> None:
    """Refuse to measure on a seed any agent was tuned, trained or designed on."""
    low, high = SEED_BASE, SEED_BASE + SEED_SPAN
    for what, seeds in DESIGN_SEEDS:
        if seeds.start < high and low < seeds.stop:
            raise SystemExit(f"the measuring seeds overlap {what}")
    clash = sorted(seed for seed in arena_design_seeds() if low <= seed < high)
    if clash:
        raise SystemExit(f"the measuring seeds overlap a design tournament's: {clash[:5]}")


@dataclass(frozen=True)
class Matchup:
    """One agent (`agent`, one seat) against `opponent` in every other seat."""

    game: str
    players: int
    agent: str
    opponent: str
    games: int
    """The number of games the table plays (a whole number of blocks)."""

    @property
    def key(self) -> str:
        return f"{self.game}/{self.players}/{self.agent}/{self.opponent}"


# Games per measured pair, sized by the cost of a game on the shared two-core machine
# (seconds of CPU per game, measured 2026-12-02): villa careful 1.1, bremen guided mcts 6.3
# (4.6 with four players at 500 simulations), ludo expectimax 0.4 (2 players) to 0.9 (6),
# museum tuned 0.1-0.2, siege solved 0.3, greedy against random 0.01-0.3.
LEVEL_GAMES = {
    ("easy", "medium"): {"villa": 36, "others": 120},
    ("medium", "hard"): {
        "ludo": {2: 240, 5: 480, "others": 60},
        "bremen": {2: 24, 3: 360, 4: 480},
        "museum": {"others": 360},
        "siege": {"others": 120},
        "villa": {3: 360, "others": 408},
    },
}
"""Games per level pair: by game, then by player count ("others": any other count)."""

MUSEUM_BEFORE_ELEVATOR = "greedy:risk=1.332,pace=2.539,bonus=0.7427,reach=1.606,decay=1.106"
"""Museum's tuned weights of 2026-11-29, tuned before the elevator correction (issue 34)."""

BREMEN_4P_SEARCH = "mcts:iterations=500"
"""Bremen's guided `mcts` (`search.MCTS_DEFAULTS`) with 500 simulations a move, the candidate
for `hard` with four players (issue 30): screened on seeds 7 x 10^11 + 100 + i, where it won 22 of
36 against three `greedy`."""

LEARNED = (
    Matchup("ludo", 5, "learned", "greedy", 240),
    Matchup("bremen", 3, "learned", "greedy", 120),
    Matchup("bremen", 4, "learned", "greedy", 120),
    Matchup("museum", 2, "learned", "greedy", 120),
    Matchup("museum", 3, "learned", "greedy", 120),
    Matchup("villa", 3, "learned", "greedy", 48),
    Matchup("villa", 4, "learned", "greedy", 48),
)
"""The learned value's agent (`agents/valued.py`, issue 30): one `learned` against n - 1 `greedy`
where `hard` was `greedy` before it. Villa's games cost about ten seconds each (the pull odds of
every move's afterstate run the physics), so it has the fewest."""

SELFPLAY_GAMES = {"ludo": 240, "bremen": 120, "museum": 120, "siege": 120}
"""Games per table of a shipped self-play network's agent (`learned:net=selfplay`)."""


def selfplay_matchups() -> tuple[Matchup, ...]:
    """One `learned:net=selfplay` against n - 1 `greedy` at every table whose network trained
    by TD self-play is shipped (`review/nets/selfplay/GAME-Np.npz`, issue 30)."""
    found = []
    for path in sorted(SELFPLAY_NETS.glob("*-*p.npz")):
        game, players = path.stem.rsplit("-", 1)
        found.append(
            Matchup(game, int(players[:-1]), "learned:net=selfplay", "greedy", SELFPLAY_GAMES[game])
        )
    return tuple(found)


EXTRAS = (
    Matchup("ludo", 2, "expectimax", "greedy", 240),
    Matchup("ludo", 3, "expectimax", "greedy", 60),
    Matchup("ludo", 4, "expectimax", "greedy", 60),
    Matchup("ludo", 5, "expectimax", "greedy", 480),
    Matchup("ludo", 6, "expectimax", "greedy", 60),
    Matchup("bremen", 2, "mcts", "greedy", 24),
    Matchup("ludo", 2, "tuned", "greedy", 1200),
    Matchup("ludo", 4, "tuned", "greedy", 480),
    Matchup("bremen", 2, "tuned", "greedy", 1200),
    Matchup("bremen", 3, "tuned", "greedy", 360),
    Matchup("bremen", 4, "tuned", "greedy", 480),
    Matchup("bremen", 4, BREMEN_4P_SEARCH, "greedy", 480),
    Matchup("museum", 2, "tuned", "greedy", 360),
    Matchup("museum", 2, MUSEUM_BEFORE_ELEVATOR, "greedy", 120),
    Matchup("museum", 3, "tuned", "greedy", 240),
    Matchup("museum", 4, "tuned", "greedy", 360),
    Matchup("siege", 2, "tuned", "greedy", 1200),
    Matchup("villa", 2, "careful", "greedy", 408),
    Matchup("villa", 3, "careful", "greedy", 360),
    Matchup("villa", 4, "careful", "greedy", 1440),
    *LEARNED,
    *selfplay_matchups(),
    Matchup("ludo", 4, "learned:net=selfplay", "tuned", 480),
    Matchup("museum", 4, "learned:net=selfplay", "tuned", 360),
)
"""Matchups the docs quote besides the levels: agents whose parameters or rules were chosen on
games (expectimax's and bremen's guided mcts defaults, the tuned weights, careful's rules),
measured on seeds they never saw, whether or not they play a level."""


def block_size(players: int) -> int:
    """Games per block: a whole number of seat rotations, about a dozen games."""
    return players * max(1, 12 // players)


def _by_count(choice: dict[Any, Any], key: Any) -> Any:
    return choice.get(key, choice.get("others"))


@dataclass(frozen=True)
class LevelPair:
    game: str
    players: int
    lower: str
    higher: str
    lower_spec: str
    higher_spec: str

    @property
    def same(self) -> bool:
        return self.lower_spec == self.higher_spec


def level_pairs() -> list[LevelPair]:
    """Every game, player count and pair of neighbouring levels, with their specs."""
    pairs = []
    for info in ludoteca.games():
        first = ludoteca.load(info.id)
        for players in range(first.min_players, first.max_players + 1):
            table = agents.strengths(ludoteca.load(info.id, players=players))
            for lower, higher in zip(agents.LEVELS, agents.LEVELS[1:], strict=False):
                pairs.append(
                    LevelPair(info.id, players, lower, higher, table[lower], table[higher])
                )
    return pairs


def matchups() -> list[Matchup]:
    """What the table measures: the level pairs that name two agents, and `EXTRAS`; one
    matchup per game, player count and pair of specs, with the most games asked of it."""
    wanted: dict[str, Matchup] = {}
    for pair in level_pairs():
        if pair.same:
            continue
        by_game = _by_count(LEVEL_GAMES[(pair.lower, pair.higher)], pair.game)
        if isinstance(by_game, dict):
            by_game = _by_count(by_game, pair.players)
        games = int(by_game)
        found = Matchup(pair.game, pair.players, pair.higher_spec, pair.lower_spec, games)
        wanted[found.key] = _larger(wanted.get(found.key), found)
    for extra in EXTRAS:
        wanted[extra.key] = _larger(wanted.get(extra.key), extra)
    for matchup in wanted.values():
        if matchup.games % block_size(matchup.players):
            raise SystemExit(f"{matchup.key}: {matchup.games} games are not whole blocks")
        if matchup.games > SEED_SPAN:
            raise SystemExit(f"{matchup.key}: more games than measuring seeds")
    return list(wanted.values())


def _larger(old: Matchup | None, new: Matchup) -> Matchup:
    return new if old is None or new.games > old.games else old


def fingerprint(matchup: Matchup) -> str:
    """What a block measured: the specs, the weights file of a `tuned` agent and the value file
    of a `learned` one."""
    parts = [matchup.key]
    names = (agents.parse_spec(matchup.agent)[0], agents.parse_spec(matchup.opponent)[0])
    if "tuned" in names:
        parts.append(tuned_weights(matchup.game, matchup.players))
    if "learned" in names:
        parts.append(learned_value(matchup.game, matchup.players, matchup.agent))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def tuned_weights(game_id: str, players: int) -> str:
    """The weights a game's `tuned` agent plays with at a table of `players` (the count's own
    file, else the general `tuned.json`), as sorted JSON."""
    path = weights_path(game_id, players)
    return json.dumps(json.loads(path.read_text())["weights"], sort_keys=True)


def learned_value(game_id: str, players: int, spec: str = "learned") -> str:
    """A digest of the value file the `learned` agent plays by (with `net=selfplay` its
    self-play network; else the review network where one is shipped, else the softmax
    weights)."""
    game = _game(game_id, players)
    if agents.parse_spec(spec)[1].get("net") == "selfplay":
        return hashlib.sha256(net_path(game, SELFPLAY_NETS).read_bytes()).hexdigest()
    path = net_path(game)
    if not path.exists():
        path = params_path(game)
    return hashlib.sha256(path.read_bytes()).hexdigest()


def digest(actions: Iterable[int]) -> str:
    """A short digest of one game's actions."""
    return hashlib.sha256(",".join(map(str, actions)).encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Block:
    matchup: Matchup
    first: int
    """The index of its first game (game i: seed SEED_BASE + i, measured seat i mod n)."""


@cache
def _game(game_id: str, players: int) -> ludoteca.Game:
    return ludoteca.load(game_id, players=players)


def specs_of(matchup: Matchup, index: int) -> list[str]:
    specs = [matchup.opponent] * matchup.players
    specs[index % matchup.players] = matchup.agent
    return specs


def play_block(block: Block) -> dict[str, Any]:
    """Play one block; its record, a line of the results file."""
    matchup = block.matchup
    game = _game(matchup.game, matchup.players)
    size = block_size(matchup.players)
    wins = 0.0
    draws = unfinished = 0
    digests = []
    start = time.process_time()
    for index in range(block.first, block.first + size):
        seat = index % matchup.players
        result = play_game(game, specs_of(matchup, index), SEED_BASE + index)
        digests.append(digest(result.actions))
        if not result.finished:
            unfinished += 1
        elif is_draw(result.returns):
            draws += 1
        else:
            wins += win_shares(result.returns)[seat]
    return {
        "key": matchup.key,
        "fingerprint": fingerprint(matchup),
        "first": block.first,
        "games": size,
        "wins": wins,
        "draws": draws,
        "unfinished": unfinished,
        "digests": digests,
        "cpu_s": round(time.process_time() - start, 2),
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
        "commit": _commit(),
    }


@cache
def _commit() -> str:
    try:
        done = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return ""
    return done.stdout.strip()


def read_results(path: Path = RESULTS) -> dict[tuple[str, str, int], dict[str, Any]]:
    """The recorded blocks by (matchup key, fingerprint, first game); a later line wins."""
    found: dict[tuple[str, str, int], dict[str, Any]] = {}
    if not path.exists():
        return found
    for line in path.read_text().splitlines():
        if line.strip():
            record = json.loads(line)
            found[(record["key"], record["fingerprint"], record["first"])] = record
    return found


def pending(plan: list[Matchup], done: dict[tuple[str, str, int], Any]) -> list[Block]:
    """The blocks still to play, in the order that keeps every matchup at about the same share
    of its games: a run stopped early has measured each matchup a little."""
    todo: list[tuple[float, int, Block]] = []
    for order, matchup in enumerate(plan):
        size, mark = block_size(matchup.players), fingerprint(matchup)
        missing = [
            first
            for first in range(0, matchup.games, size)
            if (matchup.key, mark, first) not in done
        ]
        recorded = matchup.games // size - len(missing)
        for number, first in enumerate(missing):
            share = (recorded + number + 1) * size / matchup.games
            todo.append((share, order, Block(matchup, first)))
    return [block for _, _, block in sorted(todo, key=lambda item: item[:2])]


@dataclass(frozen=True)
class Tally:
    """What the recorded blocks of one matchup add up to."""

    games: int
    wins: float
    draws: int
    unfinished: int
    cpu_s: float
    dates: tuple[str, ...]

    players: int

    @property
    def score(self) -> float:
        """The wins, each draw counting as the fair share 1/players (a half with two)."""
        return self.wins + self.draws / self.players

    @property
    def rate(self) -> float:
        return self.score / self.games if self.games else 0.0


def tally(matchup: Matchup, done: dict[tuple[str, str, int], dict[str, Any]]) -> Tally:
    mark = fingerprint(matchup)
    records = [
        done[(matchup.key, mark, first)]
        for first in range(0, matchup.games, block_size(matchup.players))
        if (matchup.key, mark, first) in done
    ]
    return Tally(
        games=sum(r["games"] for r in records),
        wins=sum(r["wins"] for r in records),
        draws=sum(r["draws"] for r in records),
        unfinished=sum(r["unfinished"] for r in records),
        cpu_s=sum(r["cpu_s"] for r in records),
        dates=tuple(sorted({r["date"] for r in records})),
        players=matchup.players,
    )


# ---------------------------------------------------------------------------------------------
# The docs' tables


def verdict(found: Tally, players: int) -> str:
    """Stronger, weaker or not shown either way, at 95%, against the fair share 1/players."""
    if not found.games:
        return "not measured"
    interval = wilson_interval(found.score, found.games)
    fair = 1 / players
    if interval.low > fair:
        return "**stronger**"
    if interval.high < fair:
        return "weaker"
    return "not shown stronger"


def cell(found: Tally, players: int) -> str:
    """`61.4% (56.5%-66.0%) of 400, stronger`: the win share with its Wilson interval."""
    if not found.games:
        return "not measured"
    interval = wilson_interval(found.score, found.games)
    text = (
        f"{found.rate:.1%} ({interval.low:.1%}-{interval.high:.1%}) of {found.games:,},"
        f" {verdict(found, players)}"
    )
    extra = []
    if found.draws:
        extra.append(f"{found.draws} drawn")
    if found.unfinished:
        extra.append(f"{found.unfinished} unfinished")
    return text + (f" ({', '.join(extra)})" if extra else "")


def _measured(spec: str, players: int, against: str) -> str:
    others = "" if players == 2 else f"{players - 1} x "
    return f"`{spec}` against {others}`{against}`"


def levels_table(done: dict[tuple[str, str, int], dict[str, Any]]) -> list[str]:
    plan = {m.key: m for m in matchups()}
    lines = [
        "| game | players | easy | medium | hard | medium against easy | hard against medium |",
        "|---|---:|---|---|---|---|---|",
    ]
    by_table: dict[tuple[str, int], list[LevelPair]] = {}
    for pair in level_pairs():
        by_table.setdefault((pair.game, pair.players), []).append(pair)
    for (game_id, players), pairs in by_table.items():
        cells = []
        for pair in pairs:
            if pair.same:
                cells.append(f"same agent (`{pair.higher_spec}`)")
                continue
            key = Matchup(game_id, players, pair.higher_spec, pair.lower_spec, 0).key
            cells.append(cell(tally(plan[key], done), players))
        specs = [pairs[0].lower_spec, pairs[0].higher_spec, pairs[1].higher_spec]
        lines.append(
            f"| {game_id} | {players} | "
            + " | ".join(f"`{spec}`" for spec in specs)
            + " | "
            + " | ".join(cells)
            + " |"
        )
    return lines


def extras_table(
    done: dict[tuple[str, str, int], dict[str, Any]], agent: str | None = None
) -> list[str]:
    plan = {m.key: m for m in matchups()}
    lines = [
        "| game | players | matchup | won (Wilson 95%) | fair share |",
        "|---|---:|---|---|---:|",
    ]
    for extra in EXTRAS:
        if agent is not None and extra.agent != agent:
            continue
        found = tally(plan[extra.key], done)
        lines.append(
            f"| {extra.game} | {extra.players} |"
            f" {_measured(extra.agent, extra.players, extra.opponent)} |"
            f" {cell(found, extra.players)} | {1 / extra.players:.0%} |"
        )
    return lines


def footer(done: dict[tuple[str, str, int], dict[str, Any]]) -> list[str]:
    plan = matchups()
    found = [tally(m, done) for m in plan]
    games = sum(t.games for t in found)
    asked = sum(m.games for m in plan)
    most = max((m.games for m in plan), default=0)
    dates = sorted({d for t in found for d in t.dates})
    when = f"{dates[0]} to {dates[-1]}" if len(dates) > 1 else (dates[0] if dates else "never")
    lines = [
        "",
        f"{games:,} games of the {asked:,} planned, played {when} on measuring seeds"
        f" {SEED_BASE:,} + i for game i (i below {most:,}), the measured agent in seat i mod"
        " the players; no agent was tuned or designed on these seeds"
        " (`benchmarks/strength_table.py`, which checks it).",
    ]
    return lines


RULES_WORDS = {
    "en": {
        "head": "| players | medium against easy | hard against medium |",
        "against": "against",
        "of": "of",
        "stronger": "stronger",
        "not": "not shown stronger",
        "weaker": "weaker",
        "same": "the same bot",
        "drawn": "drawn",
        "unmeasured": "not measured",
        "foot": "Win shares with their 95% interval (Wilson), one bot of the higher level against"
        " the lower level in every other seat, stronger where the interval lies above the fair"
        " share (1 of the players); on seeds no bot was tuned or designed on;"
        " written by `benchmarks/strength_table.py docs` from its results (docs/agents.md).",
    },
    "nl": {
        "head": "| spelers | gemiddeld tegen makkelijk | moeilijk tegen gemiddeld |",
        "against": "tegen",
        "of": "van",
        "stronger": "sterker",
        "not": "niet aangetoond sterker",
        "weaker": "zwakker",
        "same": "dezelfde bot",
        "drawn": "remise",
        "unmeasured": "niet gemeten",
        "foot": "Winstaandelen met hun 95%-interval (Wilson), één bot van het hogere niveau tegen"
        " het lagere niveau op elke andere plaats, sterker waar het interval boven het eerlijke"
        " deel ligt (1 van het aantal spelers); op seeds waarop geen bot is afgesteld of"
        " ontworpen; geschreven door `benchmarks/strength_table.py docs` uit zijn resultaten"
        " (docs/agents.md).",
    },
    "de": {
        "head": "| Spieler | mittel gegen leicht | schwer gegen mittel |",
        "against": "gegen",
        "of": "von",
        "stronger": "stärker",
        "not": "nicht als stärker gezeigt",
        "weaker": "schwächer",
        "same": "derselbe Bot",
        "drawn": "remis",
        "unmeasured": "nicht gemessen",
        "foot": "Gewinnanteile mit ihrem 95-%-Intervall (Wilson), ein Bot der höheren Stufe gegen"
        " die niedrigere auf jedem anderen Platz, stärker, wo das Intervall über dem gerechten"
        " Anteil liegt (1 durch die Spielerzahl); auf Seeds, auf denen kein Bot abgestimmt oder"
        " entworfen wurde; geschrieben von `benchmarks/strength_table.py docs` aus seinen"
        " Ergebnissen (docs/agents.md).",
    },
}
"""The rules pages' words for their game's rows (the pages are translated by hand, not through
the catalogs, so their tables are too)."""


def _percent(value: float, language: str) -> str:
    text = f"{value:.1%}"
    return text if language == "en" else text.replace(".", ",")


def rules_cell(found: Tally, players: int, language: str) -> str:
    words = RULES_WORDS[language]
    if not found.games:
        return words["unmeasured"]
    interval = wilson_interval(found.score, found.games)
    shown = {
        "**stronger**": f"**{words['stronger']}**",
        "not shown stronger": words["not"],
        "weaker": words["weaker"],
    }[verdict(found, players)]
    text = (
        f"{_percent(found.rate, language)} ({_percent(interval.low, language)}-"
        f"{_percent(interval.high, language)}) {words['of']} {found.games:,}, {shown}"
    )
    if language != "en":
        text = text.replace(f"{found.games:,}", f"{found.games:,}".replace(",", "."))
    return text + (f" ({found.draws} {words['drawn']})" if found.draws else "")


def rules_table(
    done: dict[tuple[str, str, int], dict[str, Any]], game_id: str, language: str
) -> list[str]:
    """A rules page's table: its game's levels at each player count, in the page's language."""
    plan = {m.key: m for m in matchups()}
    words = RULES_WORDS[language]
    lines = [words["head"], "|---:|---|---|"]
    by_count: dict[int, list[LevelPair]] = {}
    for pair in level_pairs():
        if pair.game == game_id:
            by_count.setdefault(pair.players, []).append(pair)
    for players, pairs in by_count.items():
        cells = []
        for pair in pairs:
            if pair.same:
                cells.append(f"{words['same']} (`{pair.higher_spec}`)")
                continue
            key = Matchup(game_id, players, pair.higher_spec, pair.lower_spec, 0).key
            found = rules_cell(tally(plan[key], done), players, language)
            cells.append(f"`{pair.higher_spec}` {words['against']} `{pair.lower_spec}`: {found}")
        lines.append(f"| {players} | " + " | ".join(cells) + " |")
    return [*lines, "", words["foot"]]


TABLES = {
    "levels": lambda done: levels_table(done) + footer(done),
    "extras": lambda done: extras_table(done) + footer(done),
    "tuned": lambda done: extras_table(done, agent="tuned") + footer(done),
    "learned": lambda done: extras_table(done, agent="learned") + footer(done),
    "selfplay": lambda done: extras_table(done, agent="learned:net=selfplay") + footer(done),
}
"""The tables the docs hold, by marker name: `<!-- strength-table:NAME -->` and
`<!-- /strength-table:NAME -->` lines enclose each."""

MARKER = re.compile(
    r"(<!-- strength-table:(?P<name>\w+) -->\n)(?P<body>.*?)(<!-- /strength-table:(?P=name) -->)",
    re.DOTALL,
)


def render(text: str, done: dict[tuple[str, str, int], dict[str, Any]]) -> str:
    """`text` with every marked table regenerated from `done`."""

    def fill(match: re.Match[str]) -> str:
        name = match["name"]
        if name.startswith("rules_"):
            _, game_id, language = name.split("_")
            body = "\n".join(rules_table(done, game_id, language)) + "\n"
        else:
            body = "\n".join(TABLES[name](done)) + "\n"
        return match.group(1) + body + match.group(4)

    return MARKER.sub(fill, text)


def stale_docs(path: Path = RESULTS) -> list[Path]:
    """The docs whose marked tables differ from what the results file gives."""
    done = read_results(path)
    return [doc for doc in DOCS if render(doc.read_text(), done) != doc.read_text()]


# ---------------------------------------------------------------------------------------------
# The command


def run(plan: list[Matchup], jobs: int, path: Path = RESULTS) -> None:
    check_seeds()
    blocks = pending(plan, read_results(path))
    total = len(blocks)
    print(f"{total} blocks to play ({sum(block_size(b.matchup.players) for b in blocks)} games)")
    path.parent.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with Workers(jobs) as workers, path.open("a") as out:
        for number, record in enumerate(workers.as_finished(play_block, blocks), start=1):
            out.write(json.dumps(record, sort_keys=True) + "\n")
            out.flush()
            elapsed = time.perf_counter() - start
            print(
                f"[{number}/{total}] {record['key']} games {record['first']}-"
                f"{record['first'] + record['games'] - 1}: won {record['wins']:g}"
                f" ({record['cpu_s']:.0f} s CPU; {elapsed:.0f} s)",
                flush=True,
            )


def _iter_plan(args: argparse.Namespace) -> Iterator[Matchup]:
    for matchup in matchups():
        if args.game and matchup.game not in args.game:
            continue
        if args.skip and any(word in matchup.key for word in args.skip):
            continue
        if args.only and not any(word in matchup.key for word in args.only):
            continue
        yield matchup


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["run", "docs", "check"])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--skip", action="append", help="leave out the matchups whose key holds this (repeatable)"
    )
    parser.add_argument(
        "--only", action="append", help="only the matchups whose key holds this (repeatable)"
    )
    parser.add_argument("--plan", action="store_true", help="list what run would play")
    parser.add_argument("--results", type=Path, default=RESULTS)
    args = parser.parse_args()
    if args.command == "run":
        plan = list(_iter_plan(args))
        if args.plan:
            done = read_results(args.results)
            for matchup in plan:
                found = tally(matchup, done)
                print(f"{matchup.key}: {found.games} of {matchup.games} games recorded")
            return
        run(plan, args.jobs, args.results)
    elif args.command == "docs":
        done = read_results(args.results)
        for doc in DOCS:
            text = doc.read_text()
            new = render(text, done)
            if new != text:
                doc.write_text(new)
                print(f"wrote {doc.relative_to(ROOT)}")
    else:
        stale = stale_docs(args.results)
        for doc in stale:
            print(f"{doc.relative_to(ROOT)}: its strength tables differ from {RESULTS.name}")
        sys.exit(1 if stale else 0)


if __name__ == "__main__":
    main()
