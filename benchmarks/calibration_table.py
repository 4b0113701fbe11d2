"""Calibration of the review value on the hard bots' games, at all 15 (game, players) pairs.

    benchmarks/calibration_table.py fit  [--game G] [--players N] [--jobs 1]
    benchmarks/calibration_table.py run  [--game G] [--players N] [--jobs 1]
    benchmarks/calibration_table.py docs

Every seat plays the pair's `hard` (`games/<id>/bots.py` STRENGTHS). `run` plays the pair's
`Pair.test` held-out games, game i on seed `TEST_BASE + i`, keeps `POSITIONS` decisions of each
(chosen by a generator seeded with the game's seed), and scores on those same positions the
value that review, "Analyse" and hints use (`review.net.shipped_value`: the shipped network or
the softmax value, under its calibration map where one is shipped) and today's softmax value
(`review/params`, no map): multi-class Brier scores, the constant forecast's (each seat's win
share over the test games themselves, which flatters it), the gain of the shipped value over
the softmax value with a 95% paired bootstrap over whole games, and the expected calibration
error of both (10 bins over every (position, seat) pair). Each block of `BLOCK` games is
appended as one JSON line to `RESULTS` with the digests of both models, so a stopped run
continues, and a block scored with other weights is scored again (from the games kept in
`.runs/calibration/`, without playing them again).

`fit` fits each pair's calibration map (`review.calibration_map`: a temperature and seat
biases over the shipped model's scores) on `Pair.fit` other games, game i on seed
`FIT_BASE + i`, and writes `review/maps/GAME-Np.json`; the test games are never used for it.
Where a network is shipped it fits one over the network and one over the softmax value and
keeps the one with the lower Brier score on those fitting games.
`docs` writes the table and the reliability plots (docs/calibration-GAME-Np.png) from `RESULTS`
into the marked block of docs/analysis.md.

Both seed ranges are checked against every seed an agent was tuned, trained or designed on and
against the strength table's (`strength_table.DESIGN_SEEDS`, `SEED_BASE`) before a run.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import random
import re
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

import ludoteca
from ludoteca.agents import strongest
from ludoteca.arena.match import play_game
from ludoteca.arena.workers import Workers
from ludoteca.core.api import Game, State
from ludoteca.i18n import game_title
from ludoteca.learn.positions import result_shares
from ludoteca.review.calibration import (
    Calibration,
    bin_sums,
    expected_calibration_error,
    paired_gain,
    reliability_bins,
    reliability_plot,
)
from ludoteca.review.calibration_map import (
    Calibrated,
    apply_map,
    fit_map,
    map_json,
    map_path,
    model_digest,
)
from ludoteca.review.net import NetModel, candidates, shipped_value
from ludoteca.review.value import TensorModel

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "calibration.jsonl"
CACHE = ROOT / ".runs" / "calibration"
DOC = ROOT / "docs" / "analysis.md"
TEST_BASE = 6 * 10**12
"""Held-out game i is played on seed TEST_BASE + i."""
FIT_BASE = TEST_BASE + 10**6
"""Map-fitting game i is played on seed FIT_BASE + i."""
SPAN = 10**6
POSITIONS = 30
BLOCK = 25
ECE_BAR = 0.03
BOOTSTRAP_SEED = 0


@dataclass(frozen=True)
class Pair:
    """One table size, with its numbers of held-out and map-fitting games (by its cost)."""

    game: str
    players: int
    test: int
    fit: int

    @property
    def key(self) -> str:
        return f"{self.game}-{self.players}p"


PAIRS = (
    Pair("bremen", 2, 400, 500),
    Pair("bremen", 3, 1000, 500),
    Pair("bremen", 4, 400, 500),
    Pair("siege", 2, 400, 500),
    Pair("ludo", 4, 1000, 500),
    Pair("ludo", 5, 200, 150),
    Pair("museum", 2, 300, 300),
    Pair("museum", 3, 300, 300),
    Pair("museum", 4, 300, 300),
    Pair("ludo", 2, 1000, 150),
    Pair("ludo", 3, 1000, 150),
    Pair("villa", 2, 100, 60),
    Pair("villa", 3, 100, 60),
    Pair("villa", 4, 100, 60),
    Pair("ludo", 6, 60, 40),
)
"""Cheap pairs first. A hard game costs about 0.01 s (bremen, ludo 4, siege once its tables
are read) to 0.1 s (museum), 0.2 s (ludo 2 and 3), 0.7 s (villa), 2 s (ludo 5) and 3 s (ludo 6;
both expectimax) of one core here. Ludo 2's 250 test games were extended to 1,000 in one run
after a first undecided look at its network of `expectimax`'s games; ludo 3's and bremen 3's
were raised to 1,000 before their new networks were scored (docs/analysis.md). Ludo 4's 400 were
extended to 1,000 in one run after a first undecided look at its residual network."""


def check_seeds() -> None:
    """Refuse seed ranges that meet any seed an agent was tuned, trained or designed on."""
    table = _strength_table()
    ranges = [*table.DESIGN_SEEDS, ("the strength table", range(table.SEED_BASE,
              table.SEED_BASE + table.SEED_SPAN))]  # fmt: skip
    for low in (TEST_BASE, FIT_BASE):
        for what, seeds in ranges:
            if seeds.start < low + SPAN and low < seeds.stop:
                raise SystemExit(f"the seeds from {low} overlap {what}")
        design = table.arena_design_seeds()
        if any(low <= seed < low + SPAN for seed in design):
            raise SystemExit(f"the seeds from {low} overlap a design tournament's")


def _strength_table() -> Any:
    path = ROOT / "benchmarks" / "strength_table.py"
    spec = importlib.util.spec_from_file_location("strength_table", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def load_pair(pair: Pair) -> Game:
    return ludoteca.load(pair.game, players=pair.players)


# ---------------------------------------------------------------------------------------------
# Games and positions


def play(game: Game, seed: int) -> dict[str, Any]:
    """One game of the pair's hard bot in every seat: its actions and result (kept in CACHE)."""
    result = play_game(game, [strongest(game)] * game.num_players, seed)
    return {
        "seed": seed,
        "actions": list(result.actions),
        "returns": list(result.returns),
        "finished": result.finished,
    }


def positions(game: Game, record: dict[str, Any]) -> list[State]:
    """The kept decisions of a game: `POSITIONS` of them, chosen by its seed."""
    state = game.new_initial_state(seed=record["seed"])
    found = []
    for action in record["actions"]:
        if not state.is_chance_node():
            found.append(state.clone())
        state.apply_action(action)
    return random.Random(record["seed"]).sample(found, min(POSITIONS, len(found)))


def score_game(
    shipped: npt.NDArray[np.float64], softmax: npt.NDArray[np.float64], shares: Any
) -> dict[str, Any]:
    """One game's sums: positions, both squared errors, its result and both models' bins."""
    targets = np.broadcast_to(np.asarray(shares, dtype=np.float64), shipped.shape)
    return {
        "positions": len(targets),
        "shipped_sse": float(np.sum((shipped - targets) ** 2)),
        "softmax_sse": float(np.sum((softmax - targets) ** 2)),
        "shares": [float(s) for s in targets[0]],
        "shipped_bins": bin_sums(shipped, targets).tolist(),
        "softmax_bins": bin_sums(softmax, targets).tolist(),
    }


def digests(game: Game) -> dict[str, str]:
    return {
        "shipped": model_digest(shipped_value(game)),
        "softmax": model_digest(TensorModel.load(game)),
    }


def _name(model: Any) -> str:
    return "network" if isinstance(model, NetModel) else "softmax"


def kind(game: Game) -> str:
    """What the shipped value is: network or softmax value, with or without its map."""
    value = shipped_value(game)
    return f"{_name(value.model)} + map" if isinstance(value, Calibrated) else _name(value)


Block = tuple[Pair, int, list[dict[str, Any] | None]]
"""A pair, the block's first game index, and the games already played (None: play it)."""


def score_block(block: Block) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A block's results line, and the games it had to play (to be kept)."""
    pair, first, known = block
    game = load_pair(pair)
    shipped, softmax = shipped_value(game), TensorModel.load(game)
    models = {"shipped": model_digest(shipped), "softmax": model_digest(softmax)}  # as scored
    began = time.process_time()
    played, scored = [], []
    for offset, record in enumerate(known):
        if record is None:
            record = play(game, TEST_BASE + first + offset)
            played.append(record)
        if not record["finished"]:
            scored.append({"seed": record["seed"], "unfinished": True})
            continue
        states = positions(game, record)
        shares = result_shares(tuple(record["returns"]))
        scored.append({"seed": record["seed"], **score_game(shipped(states), softmax(states),
                                                            shares)})  # fmt: skip
    line = {
        "pair": pair.key,
        "agent": strongest(game),
        "kind": kind(game),
        "first": first,
        **models,
        "cpu_s": round(time.process_time() - began, 2),
        "games": scored,
    }
    return line, played


# ---------------------------------------------------------------------------------------------
# The results file


def read_lines(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def current(pair: Pair, lines: list[dict[str, Any]], wanted: dict[str, str]) -> dict[int, Any]:
    """The pair's blocks scored with today's models (the last line of a block wins)."""
    found = {}
    for line in lines:
        if line["pair"] == pair.key and all(line[k] == v for k, v in wanted.items()):
            found[line["first"]] = line
    return found


def cache_file(pair: Pair, game: Game, use: str) -> Path:
    """Where a pair's kept games of one use ("fit" or "test") lie, by the hard bot that played
    them: a new hard bot plays its own games, never reads another's."""
    agent = hashlib.sha256(strongest(game).encode()).hexdigest()[:8]
    return CACHE / f"{pair.key}-{agent}-{use}.jsonl"


def read_cache(path: Path) -> dict[int, dict[str, Any]]:
    return {r["seed"]: r for r in read_lines(path)}


def pending(pair: Pair, done: dict[int, Any], cache: dict[int, Any]) -> list[Block]:
    return [
        (pair, first, [cache.get(TEST_BASE + i) for i in range(first, min(first + BLOCK,
                                                                           pair.test))])
        for first in range(0, pair.test, BLOCK)
        if first not in done
    ]  # fmt: skip


def run(pairs: list[Pair], jobs: int, path: Path = RESULTS) -> None:
    check_seeds()
    blocks: list[Block] = []
    kept_in: dict[str, Path] = {}  # each pair's test games, by the pair's key
    lines = read_lines(path)
    for pair in pairs:
        game = load_pair(pair)
        kept_in[pair.key] = cache_file(pair, game, "test")
        done = current(pair, lines, {**digests(game), "agent": strongest(game)})
        blocks += pending(pair, done, read_cache(kept_in[pair.key]))
    path.parent.mkdir(parents=True, exist_ok=True)
    CACHE.mkdir(parents=True, exist_ok=True)
    # Unbuffered appends: each line is one write, so two runs of other pairs may share the file.
    with _progress() as progress, Workers(jobs) as workers, path.open("ab", buffering=0) as out:
        task = progress.add_task("blocks", total=len(blocks), pair="")
        for line, played in workers.in_order(score_block, blocks):
            with kept_in[line["pair"]].open("a") as kept:
                kept.writelines(json.dumps(r) + "\n" for r in played)
            out.write((json.dumps(line, sort_keys=True) + "\n").encode())
            progress.update(task, advance=1, pair=f"{line['pair']} from game {line['first']}")


def _progress() -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[pair]}"),
        TimeElapsedColumn(),
    )


# ---------------------------------------------------------------------------------------------
# Fitting the maps


def play_task(task: tuple[Pair, int]) -> dict[str, Any]:
    """A map-fitting game of the pair (a top-level function, for the worker processes)."""
    pair, seed = task
    return play(load_pair(pair), seed)


def fit(pair: Pair, jobs: int) -> Path:
    """Fit and write the pair's map from its fitting games (played once, kept in CACHE)."""
    check_seeds()
    game = load_pair(pair)
    cache_path = cache_file(pair, game, "fit")
    cache = read_cache(cache_path)
    missing = [i for i in range(pair.fit) if FIT_BASE + i not in cache]
    CACHE.mkdir(parents=True, exist_ok=True)
    with _progress() as progress, Workers(jobs) as workers, cache_path.open("a") as kept:
        task = progress.add_task(f"fit {pair.key}", total=len(missing), pair="")
        tasks = [(pair, FIT_BASE + i) for i in missing]
        for record in workers.in_order(play_task, tasks):
            kept.write(json.dumps(record) + "\n")
            cache[record["seed"]] = record
            progress.advance(task)
    models = candidates(game)
    states, targets = [], []
    for index in range(pair.fit):
        record = cache[FIT_BASE + index]
        if record["finished"]:
            kept_states = positions(game, record)
            states += kept_states
            targets += [result_shares(tuple(record["returns"]))] * len(kept_states)
    y = np.array(targets)
    fitted = []
    for model in models:  # the shipped network, and the softmax value beside it
        x = np.concatenate([model.logits(states[k : k + 512]) for k in range(0, len(y), 512)])
        temperature, bias = fit_map(x, y)
        error = float(np.mean(np.sum((apply_map(x, temperature, bias) - y) ** 2, axis=1)))
        fitted.append((error, model, temperature, bias))
    error, model, temperature, bias = min(fitted, key=lambda f: f[0])
    words = ["benchmarks/calibration_table.py", "fit", "--game", pair.game,
             "--players", str(pair.players)]  # fmt: skip
    about = {
        "agent": strongest(game),
        "command": shlex.join(words),
        "fitted_on": {
            "games": sum(1 for i in range(pair.fit) if cache[FIT_BASE + i]["finished"]),
            "positions": len(y),
            "seeds": f"{FIT_BASE} + i, i < {pair.fit}",
        },
        "brier_on_fitting_games": {_name(f[1]): round(f[0], 5) for f in fitted},
        "made": time.strftime("%Y-%m-%d", time.gmtime()),
    }
    path = map_path(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(map_json(model, temperature, bias, **about), indent=1) + "\n")
    return path


# ---------------------------------------------------------------------------------------------
# The table


@dataclass(frozen=True)
class Row:
    pair: Pair
    agent: str
    kind: str
    games: int
    positions: int
    shipped: float
    softmax: float
    constant: float
    gain: tuple[float, float, float]
    shipped_ece: float
    softmax_ece: float
    shipped_bins: npt.NDArray[np.float64]
    softmax_bins: npt.NDArray[np.float64]

    @property
    def meets(self) -> bool:
        return self.gain[1] > 0 and self.shipped_ece <= ECE_BAR


def summarise(pair: Pair, lines: list[dict[str, Any]]) -> Row | None:
    """The pair's row from its newest scoring (the digests of its last line), or None."""
    mine = [line for line in lines if line["pair"] == pair.key]
    if not mine:
        return None
    wanted = {"shipped": mine[-1]["shipped"], "softmax": mine[-1]["softmax"]}
    blocks = current(pair, mine, wanted)
    games = [g for first in sorted(blocks) for g in blocks[first]["games"]
             if not g.get("unfinished")]  # fmt: skip
    counts = np.array([g["positions"] for g in games], dtype=np.float64)
    shipped = np.array([g["shipped_sse"] for g in games])
    softmax = np.array([g["softmax_sse"] for g in games])
    shares = np.array([g["shares"] for g in games])
    rates = (counts[:, None] * shares).sum(axis=0) / counts.sum()
    constant = float((counts * ((shares - rates) ** 2).sum(axis=1)).sum() / counts.sum())
    shipped_bins = np.sum([g["shipped_bins"] for g in games], axis=0)
    softmax_bins = np.sum([g["softmax_bins"] for g in games], axis=0)
    last = mine[-1]
    return Row(
        pair, last["agent"], last["kind"], len(games), int(counts.sum()),
        float(shipped.sum() / counts.sum()), float(softmax.sum() / counts.sum()), constant,
        paired_gain(softmax - shipped, counts, BOOTSTRAP_SEED),
        expected_calibration_error(shipped_bins), expected_calibration_error(softmax_bins),
        shipped_bins, softmax_bins,
    )  # fmt: skip


def table(rows: list[Row]) -> list[str]:
    head = [
        "| game | players | hard bot | test games (positions) | shipped value | Brier shipped"
        " | Brier softmax | constant | gain (95%) | ECE shipped | ECE softmax | meets |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    body = []
    for r in rows:
        mean, low, high = r.gain
        body.append(
            f"| {r.pair.game} | {r.pair.players} | `{r.agent}` | {r.games} ({r.positions:,})"
            f" | {r.kind} | {r.shipped:.4f} | {r.softmax:.4f} | {r.constant:.4f}"
            f" | {mean:+.4f} ({low:+.4f} to {high:+.4f}) | {r.shipped_ece:.3f}"
            f" | {r.softmax_ece:.3f} | {'yes' if r.meets else 'no'} |"
        )
    return head + body


def figure_name(pair: Pair) -> str:
    return f"calibration-{pair.key}.png"


def figures(rows: list[Row]) -> list[str]:
    return [
        f"![{r.pair.game} with {r.pair.players} players: reliability of the shipped value"
        f" (blue) and the softmax value (grey) on the hard bots' held-out games]"
        f"({figure_name(r.pair)})"
        for r in rows
    ]


MARKER = re.compile(r"(<!-- calibration-table -->\n)(.*?)(<!-- /calibration-table -->)", re.S)


def render(text: str, rows: list[Row]) -> str:
    """`text` with its marked block holding the table and the figures of `rows`."""
    body = "\n".join([*table(rows), "", *[f"{f}\n" for f in figures(rows)]]).rstrip() + "\n"
    return MARKER.sub(lambda m: m.group(1) + body + m.group(3), text)


def plot(row: Row, directory: Path) -> None:
    game = load_pair(row.pair)
    calibration = Calibration(row.positions, row.games, row.shipped, row.constant,
                              reliability_bins(row.shipped_bins))  # fmt: skip
    title = f"{game_title(game.title)} {row.pair.players}p"
    compare = reliability_bins(row.softmax_bins)
    reliability_plot(calibration, title, directory / figure_name(row.pair), compare)


def docs(path: Path = RESULTS, doc: Path = DOC) -> None:
    lines = read_lines(path)
    rows = [row for pair in PAIRS if (row := summarise(pair, lines)) is not None]
    for row in rows:
        plot(row, doc.parent)
    doc.write_text(render(doc.read_text(), rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["run", "fit", "docs"])
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, action="append", help="only this many players")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    chosen = [p for p in PAIRS if (not args.game or p.game in args.game)
              and (not args.players or p.players in args.players)]  # fmt: skip
    if args.command == "run":
        run(chosen, args.jobs)
    elif args.command == "fit":
        for pair in chosen:
            print(f"wrote {fit(pair, args.jobs).relative_to(ROOT)}")
    else:
        docs()


if __name__ == "__main__":
    main()
