"""`benchmarks/web_load.py` still measures what it claims against today's server (issue 19)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "web_load.py"


@pytest.mark.slow
def test_the_load_script_times_moves_at_a_few_tables(tmp_path: Path) -> None:
    figures = tmp_path / "figures.json"
    command = [sys.executable, str(SCRIPT), "--tables", "3", "--seconds", "3"]
    command += ["--think", "0.1", "0.2", "--json", str(figures)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=240, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    (row,) = json.loads(figures.read_text())["rounds"]
    assert row["tables"] == 3 and row["errors"] == 0
    assert row["moves"] > 0 and row["decisions_per_s"] > row["person_moves_per_s"] / 2
    assert 0 < row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"]
    assert row["server_cpu_ms_per_move"] > 0


def test_the_load_script_refuses_a_round_it_cannot_bound() -> None:
    command = [sys.executable, str(SCRIPT), "--tables", "3", "--seconds", "0"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and "--seconds" in done.stderr
