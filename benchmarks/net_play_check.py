"""Does each shipped review network make `learned` no weaker than the softmax value would?

    benchmarks/net_play_check.py run  [--only GAME/N] [--seeds 240] [--jobs 2]
    benchmarks/net_play_check.py docs

The playing check `ludoteca train` makes before shipping (`ludoteca.learn.duel`), made on the
networks already shipped (`review/nets/GAME-Np.npz`), against the softmax value they replaced:
at each seed `learned` sits at seat `index mod n` against `greedy` at every other seat, once by
the network and once by the softmax value, on the same dice. Hints and the review's mistake
marks rank moves by the same value, so a network that plays worse gives worse hints. Seeds:
game i of `SelfPlay(..., SEED)`, a run seed no training used (training runs use small seeds,
their tests those plus `TEST_SEED_OFFSET`). `run` appends one JSON line per pair to `RESULTS`
with the network's digest (a pair measured with the same network and seed count is skipped);
`docs` writes the table into the marked block of docs/learning.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

import ludoteca
from ludoteca.analysis.selfplay import SelfPlay
from ludoteca.arena.stats import wilson_interval
from ludoteca.learn.duel import GAMES, OPPONENT, duel
from ludoteca.learn.ranking import LEVEL
from ludoteca.review.net import NETS

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results" / "net-play-check.jsonl"
DOCS = ROOT / "docs" / "learning.md"
SEED = 20_261_203
BEGIN, END = "<!-- net-play-check:begin -->", "<!-- net-play-check:end -->"


def shipped() -> list[tuple[str, int, Path]]:
    found = []
    for path in sorted(NETS.glob("*-*p.npz")):
        match = re.fullmatch(r"(\w+)-(\d)p", path.stem)
        if match:
            found.append((match[1], int(match[2]), path))
    return found


def recorded() -> list[dict[str, Any]]:
    if not RESULTS.exists():
        return []
    return [json.loads(line) for line in RESULTS.read_text().splitlines() if line.strip()]


def run(only: list[str], seeds: int, jobs: int) -> None:
    done = {(r["pair"], r["digest"], r["seeds"]) for r in recorded()}
    for game_id, players, path in shipped():
        pair = f"{game_id}/{players}"
        digest = digest_of(path)
        if (only and pair not in only) or (pair, digest, seeds) in done:
            continue
        ludoteca.load(game_id, players=players)  # a bad pair fails before any worker starts
        began = time.perf_counter()
        against = SelfPlay(game_id, OPPONENT, seeds, SEED, players)
        result = duel(against, path, jobs, softmax=True)
        line = {"pair": pair, "digest": digest, "seeds": seeds, "seed": SEED,
                "network": result.network, "softmax": result.current,
                "only_network": result.only_network, "only_softmax": result.only_current,
                "p_worse": round(result.p_worse, 4), "seconds": round(time.perf_counter() - began),
                "date": time.strftime("%Y-%m-%d", time.gmtime())}  # fmt: skip
        with RESULTS.open("a") as out:
            out.write(json.dumps(line, sort_keys=True) + "\n")
        print(f"{pair}: {line}", flush=True)


def digest_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def table() -> str:
    """One row per network measured (its most recent line), shipped or since withdrawn."""
    latest = {(r["pair"], r["digest"]): r for r in recorded()}
    live = {digest_of(path) for _, _, path in shipped()}
    rows = [
        "| game | players | network | `learned` wins by the network | by the softmax value |"
        " seeds where the network / the softmax did better | sign test p | plays worse |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (pair, digest), r in sorted(latest.items(), key=lambda item: (item[0][0], item[1]["date"])):
        game_id, players = str(pair).split("/")
        n = int(r["seeds"])
        cells = []
        for wins in (float(r["network"]), float(r["softmax"])):
            interval = wilson_interval(wins, n)
            cells.append(
                f"{wins:g} of {n} ({wins / n:.1%}, {interval.low:.1%}-{interval.high:.1%})"
            )
        p = float(r["p_worse"])
        shown = f"{p:.3f}" if p >= 0.001 else "< 0.001"
        status = f"`{digest[:8]}`, {'shipped' if digest in live else 'withdrawn'}"
        worse = "yes" if p < LEVEL else "no"
        rows.append(
            f"| {game_id} | {players} | {status} | {cells[0]} | {cells[1]} |"
            f" {r['only_network']} / {r['only_softmax']} | {shown} | {worse} |"
        )
    return "\n".join(rows)


def docs() -> None:
    text = DOCS.read_text()
    if BEGIN not in text or END not in text:
        sys.exit(f"{DOCS} has no {BEGIN} ... {END} block")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOCS.write_text(f"{head}{BEGIN}\n{table()}\n{END}{tail}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["run", "docs"])
    parser.add_argument("--only", action="append", default=[], help="GAME/N (repeatable)")
    parser.add_argument("--seeds", type=int, default=GAMES)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.command == "run":
        run(args.only, args.seeds, args.jobs)
    else:
        docs()


if __name__ == "__main__":
    main()
