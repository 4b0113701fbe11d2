"""The PyTorch-against-JAX race (benchmarks/train_speed.py) times the step the trainers run: its
workloads are the shipped networks' shapes, its problem is the same for both libraries, and its
torch step computes the trainers' loss (JAX is not installed here; the race checks the two
libraries' losses against each other when it runs)."""

from __future__ import annotations

import numpy as np
import pytest

import ludoteca
from benchmark_support import load_benchmark
from ludoteca.games.bremen import tensor as bremen_tensor

pytest.importorskip("torch")
race = load_benchmark("train_speed")


def test_workloads_are_the_shipped_networks_shapes() -> None:
    museum = race.workload("selfplay/museum-2p.npz")
    assert museum == {"net": "selfplay/museum-2p.npz", "size": 269, "hidden": [64], "players": 2}
    for name in race.WORKLOADS:
        assert race.workload(name)["size"] > 0


def test_a_withdrawn_workload_keeps_its_games_observation_size() -> None:
    state = ludoteca.load("bremen", players=2).new_initial_state(seed=0)
    size = np.ravel(bremen_tensor.encode(state, 0)).size
    assert race.workload("bremen-2p.npz")["size"] == size


def test_problem_is_the_same_for_every_run() -> None:
    spec = race.workload("ludo-5p.npz")
    first, second = race.problem(spec, 3), race.problem(spec, 3)
    assert first.keys() == second.keys()
    assert all(np.array_equal(first[k], second[k]) for k in first)
    assert first["picks"].shape == (3, race.BATCH)
    assert [w.shape for w, _ in race.layers(first)] == [(287, 64), (64, 32), (32, 1)]


def test_torch_step_is_the_trainers_cross_entropy_and_learns() -> None:
    spec = {"net": "tiny", "size": 12, "hidden": [8], "players": 3}
    arrays = race.problem(spec, 300)
    pick = arrays["picks"][0]
    h = np.maximum(arrays["x"][pick] @ arrays["w0"] + arrays["b0"], 0)
    scores = (h @ arrays["w1"] + arrays["b1"])[..., 0]
    log_p = scores - np.log(np.exp(scores).sum(-1, keepdims=True))
    expected = -(arrays["y"][pick] * log_p).sum(-1).mean()
    step = race.torch_trainer(arrays, threads=1)
    losses = [step(i) for i in range(300)]
    assert losses[0] == pytest.approx(expected, rel=1e-5)
    assert np.mean(losses[-50:]) < np.mean(losses[:50])


def test_install_size_counts_the_library_and_its_requirements() -> None:
    assert race.install_bytes("torch") > 100e6
