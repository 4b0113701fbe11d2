"""`benchmarks/calibration_table.py`: its statistics on synthetic games, the resume of its
results file, and the docs writer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from benchmark_support import load_benchmark

table = load_benchmark("calibration_table")
PAIR = table.Pair("bremen", 2, 2, 1)


def _line(first: int, games: list[dict[str, Any]], shipped: str = "s1") -> dict[str, Any]:
    return {"pair": PAIR.key, "agent": "tuned", "kind": "softmax + map", "first": first,
            "shipped": shipped, "softmax": "m1", "cpu_s": 0.0, "games": games}  # fmt: skip


def _game(shipped: np.ndarray, softmax: np.ndarray, shares: list[float]) -> dict[str, Any]:
    return {"seed": 0, **table.score_game(shipped, softmax, shares)}


def test_the_row_of_synthetic_games() -> None:
    # Game 1: seat 0 wins; game 2: seat 1. The shipped value is right with 0.8, softmax 0.6.
    win0, win1 = [1.0, 0.0], [0.0, 1.0]
    one = _game(np.array([[0.8, 0.2]] * 2), np.array([[0.6, 0.4]] * 2), win0)
    two = _game(np.array([[0.2, 0.8]] * 2), np.array([[0.4, 0.6]] * 2), win1)
    stale = _game(np.array([[0.0, 1.0]] * 2), np.array([[0.0, 1.0]] * 2), win0)
    lines = [_line(0, [stale], shipped="old"), _line(0, [one]), _line(1, [two])]
    row = table.summarise(PAIR, lines)
    assert row.games == 2 and row.positions == 4
    assert row.shipped == pytest.approx(0.08) and row.softmax == pytest.approx(0.32)
    assert row.constant == pytest.approx(0.5)  # each seat wins half: 0.5 everywhere
    assert row.gain == pytest.approx((0.24, 0.24, 0.24))
    assert row.shipped_ece == pytest.approx(0.2) and row.softmax_ece == pytest.approx(0.4)
    assert not row.meets  # its ECE is above 0.03
    assert (
        "| bremen | 2 | `tuned` | 2 (4) | softmax + map | 0.0800 | 0.3200 |"
        in table.table([row])[2]
    )


def _timeless(line: str) -> dict[str, Any]:
    return {k: v for k, v in json.loads(line).items() if k != "cpu_s"}


def test_a_stopped_run_continues_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table, "BLOCK", 1)
    monkeypatch.setattr(table, "CACHE", tmp_path / "cache")
    results = tmp_path / "results.jsonl"
    table.run([PAIR], 1, results)
    whole = results.read_text().splitlines()
    assert [json.loads(x)["first"] for x in whole] == [0, 1]
    results.write_text(whole[0] + "\n")  # stopped after the first block
    played: list[int] = []
    score = table.score_block
    monkeypatch.setattr(table, "score_block", lambda b: played.append(b[1]) or score(b))
    table.run([PAIR], 1, results)
    assert played == [1]
    again = [_timeless(x) for x in results.read_text().splitlines()]
    assert again == [_timeless(x) for x in whole]  # the same games, the same figures
    table.run([PAIR], 1, results)
    assert played == [1]  # nothing left to do


def test_the_docs_writer_fills_only_the_marked_block() -> None:
    one = _game(np.array([[0.8, 0.2]]), np.array([[0.6, 0.4]]), [1.0, 0.0])
    row = table.summarise(PAIR, [_line(0, [one])])
    text = "before\n<!-- calibration-table -->\nold\n<!-- /calibration-table -->\nafter\n"
    done = table.render(text, [row])
    assert done.startswith("before\n<!-- calibration-table -->\n| game |")
    assert done.endswith("(calibration-bremen-2p.png)\n<!-- /calibration-table -->\nafter\n")
    assert "old" not in done and table.render(done, [row]) == done


def test_the_seeds_meet_no_design_or_strength_table_seed() -> None:
    table.check_seeds()
    assert table.TEST_BASE + table.SPAN <= table.FIT_BASE
