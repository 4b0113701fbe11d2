"""The value of each fitted game's first position, worked out once and shipped.

A review values every position it passes. The first one is a chance node whose value is the
expectation over every way the game can begin: in villa that is 1,000 layouts times 24 colour
orders, some 24,000 decisions and a minute of CPU, the same in every game. It depends only on
the model's weights (which fix the options and player count), so `python -m
ludoteca.review.starts` computes it for every file in `params/` and keeps it in
`review/starts.json` with a digest of the weights (of the network where one is shipped,
`review.net`); a refitted model whose digest no longer matches simply has its start computed
again, as before, and the command recomputes only such stale entries (`--all`: every one).
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from ludoteca.core.api import Game
from ludoteca.core.registry import load
from ludoteca.review.net import NETS, Model, shipped_value
from ludoteca.review.node import NodeValues, position_key
from ludoteca.review.value import PARAMS, Values, params_path

STARTS = Path(__file__).with_name("starts.json")


def digest(model: Model) -> str:
    """The weights' fingerprint: a start value holds only for the weights it came from."""
    return hashlib.sha256(model.weights.tobytes()).hexdigest()[:16]


def shipped(model: Model) -> dict[str, Values]:
    """The shipped node value of `model`'s first position, by position; {} when it is stale."""
    data = json.loads(STARTS.read_text(encoding="utf-8")) if STARTS.exists() else {}
    entry = data.get(params_path(model.game).stem)
    if entry is None or entry["weights"] != digest(model):
        return {}
    return {entry["position"]: np.asarray(entry["value"], dtype=np.float64)}


def review_values(game: Game) -> NodeValues:
    """The values a review of `game` uses (NoValueFunctionError where none is fitted)."""
    model = shipped_value(game)
    return NodeValues(model, game.num_players, shipped(model))


def compute(game: Game) -> dict[str, Any]:
    """The entry of `game`'s first position, worked out from the model (slow for villa)."""
    model = shipped_value(game)
    start = game.new_initial_state(seed=0)
    value = NodeValues(model, game.num_players).node(start)
    return {"weights": digest(model), "position": position_key(start), "value": value.tolist()}


def main() -> int:
    """Bring `review/starts.json` up to date for every fitted model (`--all`: recompute even
    the entries whose weights are unchanged)."""
    again = "--all" in sys.argv[1:]
    known = json.loads(STARTS.read_text(encoding="utf-8")) if STARTS.exists() else {}
    entries: dict[str, Any] = {}
    for path in sorted(PARAMS.glob("*p.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        began = time.perf_counter()
        game = load(data["game"], data["players"], **data["options"])
        old = known.get(path.stem)
        if not again and old is not None and old["weights"] == digest(shipped_value(game)):
            entries[path.stem] = old
            continue
        entries[path.stem] = compute(game)
        kind = "network" if (NETS / f"{path.stem}.npz").exists() else "softmax"
        print(f"{path.stem} ({kind}): {time.perf_counter() - began:.1f} s", flush=True)
    STARTS.write_text(json.dumps(entries, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
