"""Tuning by self-play: the cross-entropy method alone, the games it plays, `ludoteca tune`."""

from __future__ import annotations

import json
import types
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import ludoteca
from ludoteca.agents import parse_spec
from ludoteca.agents.base import RandomAgent
from ludoteca.arena.cem import CemSettings, Points, Scores, maximise
from ludoteca.arena.tune import TuneSettings, greedy_spec, matches, tune, weights_at
from ludoteca.cli import app
from ludoteca.core.errors import InvalidOptionError

runner = CliRunner()
OPTIMUM = np.array([1.5, -0.7, 0.3])


def noisy_bowl(rng: np.random.Generator) -> Callable[[Points], Scores]:
    """A quadratic with its top at OPTIMUM, plus noise as large as its values near the top."""

    def score(points: Points) -> Scores:
        distance: Scores = ((points - OPTIMUM) ** 2).sum(axis=1)
        return -distance + rng.normal(0.0, 0.3, len(points))

    return score


def search(seed: int, generations: int = 40) -> list[tuple[float, ...]]:
    """The mean after each generation of a search of the noisy bowl."""
    score = noisy_bowl(np.random.default_rng(seed + 1000))
    cem = CemSettings(generations=generations, population=24)
    return [g.mean for g in maximise(score, np.zeros(3), cem, np.random.default_rng(seed))]


def test_cem_finds_the_top_of_a_noisy_quadratic() -> None:
    final = np.array(search(seed=5)[-1])
    assert np.abs(final - OPTIMUM).max() < 0.25


def test_cem_repeats_its_search_from_the_same_seed_and_not_from_another() -> None:
    assert search(seed=7, generations=5) == search(seed=7, generations=5)
    assert search(seed=7, generations=5) != search(seed=8, generations=5)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), elite=st.floats(0.05, 1.0))
def test_cem_spread_never_falls_below_its_floor(seed: int, elite: float) -> None:
    cem = CemSettings(generations=6, population=8, elite_fraction=elite, min_spread=0.1)
    target = np.array([0.2, 0.2])

    def score(points: Points) -> Scores:
        exact: Scores = -((points - target) ** 2).sum(axis=1)
        return exact

    for generation in maximise(score, np.zeros(2), cem, np.random.default_rng(seed)):
        assert min(generation.spread) >= 0.1
        assert generation.best >= generation.average


@pytest.mark.parametrize(
    ("field", "value"), [("generations", 0), ("population", 1), ("elite_fraction", 0.0)]
)
def test_cem_refuses_settings_it_cannot_run(field: str, value: float) -> None:
    base: dict[str, float] = {"generations": 3, "population": 8}
    with pytest.raises(ValueError, match=field):
        CemSettings(**{**base, field: value})  # type: ignore[arg-type]


@given(z=st.lists(st.floats(-3, 3), min_size=6, max_size=6))
def test_weights_keep_their_sign_and_the_spec_carries_them_exactly(z: list[float]) -> None:
    defaults = {"a": 1.0, "b": 10.0, "c": 0.2, "d": 0.05, "e": 120.0, "f": 0.9}
    weights = weights_at(defaults, z)
    assert all(weights[k] > 0 for k in defaults)
    name, params = parse_spec(greedy_spec(weights))
    assert name == "greedy"
    assert {k: float(v) for k, v in params.items()} == weights


def test_every_candidate_plays_the_same_seeds_from_every_seat() -> None:
    tuning = TuneSettings("ludo", 2, generations=1, population=2, games=6, seed=0)
    batch = matches(tuning, ["greedy:a=1", "greedy:a=2"], seeds=[11, 22, 33])
    first, second = batch[:6], batch[6:]
    assert [(m.seed, m.seat) for m in first] == [(m.seed, m.seat) for m in second]
    assert [(m.seed, m.seat) for m in first] == [
        (11, 0),
        (11, 1),
        (22, 0),
        (22, 1),
        (33, 0),
        (33, 1),
    ]
    assert {m.candidate for m in first} == {"greedy:a=1"}


TINY = ["--generations", "2", "--population", "3", "--games", "4", "--seed", "9"]


def test_tune_writes_the_same_file_twice_from_the_same_seed(tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for path in (first, second):
        result = runner.invoke(app, ["tune", "bremen", *TINY, "--out", str(path)])
        assert result.exit_code == 0, result.output
    assert first.read_bytes() == second.read_bytes()
    data = json.loads(first.read_text())
    greedy = ludoteca.agents.available(ludoteca.load("bremen", players=2))["greedy"]
    assert set(data["weights"]) == set(greedy.weights)  # type: ignore[attr-defined]
    provenance = data["provenance"]
    assert provenance["command"] == "ludoteca tune bremen --players 2 " + " ".join(TINY)
    assert (provenance["seed"], provenance["population"], provenance["games_per_candidate"]) == (
        9,
        3,
        4,
    )
    assert [g["generation"] for g in provenance["history"]] == [1, 2]
    assert data["weights"] == provenance["history"][-1]["weights"]


@pytest.mark.slow
def test_worker_processes_do_not_change_the_result() -> None:
    tuning = TuneSettings("siege", 2, generations=2, population=4, games=4, seed=3)
    assert tune(tuning, jobs=2).to_json() == tune(tuning, jobs=1).to_json()


def test_a_different_seed_tunes_differently() -> None:
    a = tune(TuneSettings("siege", 2, generations=1, population=3, games=2, seed=1))
    b = tune(TuneSettings("siege", 2, generations=1, population=3, games=2, seed=2))
    assert a.weights != b.weights


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["ludo", "--generations", "0"], "--generations must be at least 1"),
        (["ludo", "--population", "1"], "--population must be at least 2"),
        (["ludo", "--games", "0"], "--games must be at least 1"),
        (["ludo", "--jobs", "0"], "--jobs must be at least 1"),
        (["ludo", "--option", "board"], "--option 'board' is not key=value"),
        (["ludo", "--players", "9"], "player"),
        (["chess"], "unknown game 'chess'"),
    ],
)
def test_bad_arguments_get_one_clear_line(args: list[str], message: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["tune", *args, "--out", str(tmp_path / "t.json")])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "t.json").exists()


def test_a_game_without_a_weighted_greedy_cannot_be_tuned(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bots = types.SimpleNamespace(AGENTS={"greedy": RandomAgent})
    monkeypatch.setattr("ludoteca.agents.tuned.game_module", lambda game_id, name: bots)
    result = runner.invoke(app, ["tune", "ludo", *TINY, "--out", str(tmp_path / "t.json")])
    assert result.exit_code == 2
    assert "ludo has no greedy bot with weights to tune" in result.output


def test_settings_refuse_a_negative_seed() -> None:
    with pytest.raises(InvalidOptionError, match="--seed"):
        TuneSettings("ludo", 2, generations=1, population=2, games=1, seed=-1)
