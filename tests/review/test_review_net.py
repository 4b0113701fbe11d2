"""The learned value networks (issue 30): every shipped weight file loads with numpy alone, fits
its game's observation size and gives win probabilities that sum to one; a file for another
game, player count or observation size is refused with a clear message."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import ludoteca
from ludoteca.review import net
from ludoteca.review.calibration_map import Calibrated, model_digest
from ludoteca.review.net import NETS, NetModel, base_value, candidates, shipped_value
from ludoteca.review.value import NoValueFunctionError, TensorModel

SHIPPED = sorted(NETS.glob("*.npz"))


def random_net(game: ludoteca.Game, seed: int = 0, width: int | None = None) -> NetModel:
    rng = np.random.default_rng(seed)
    size = width if width is not None else net._observation_size(game)
    layers = [
        (rng.normal(0, 0.1, (size, 8)), rng.normal(0, 0.1, 8)),
        (rng.normal(0, 0.1, (8, 1)), rng.normal(0, 0.1, 1)),
    ]
    return NetModel(game, layers, {"command": "test"})


def some_states(game: ludoteca.Game, count: int = 6) -> list[ludoteca.State]:
    state = game.new_initial_state(seed=11)
    states = []
    rng = np.random.default_rng(1)
    while len(states) < count and not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            continue
        states.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))])
    return states


def _pair(path: Path) -> tuple[str, int]:
    game_id, players = path.stem.split("-")
    return game_id, int(players.rstrip("p"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_a_shipped_weight_file_loads_without_torch_and_gives_win_probabilities(path: Path) -> None:
    game_id, players = _pair(path)
    script = (
        "import sys; sys.modules['torch'] = None\n"  # any import of torch fails
        "import ludoteca\n"
        "from ludoteca.review.net import NetModel\n"
        f"game = ludoteca.load({game_id!r}, {players})\n"
        f"model = NetModel.read(game, __import__('pathlib').Path({str(path)!r}))\n"
        "state = game.new_initial_state(seed=3)\n"
        "print(model([state])[0].sum())\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert float(done.stdout) == pytest.approx(1.0)
    model = NetModel.read(ludoteca.load(game_id, players), path)
    size = net._observation_size(model.game) + model.evaluation  # the evaluation follows
    assert model.layers[0][0].shape[0] == size
    assert model.linear is None or model.linear.shape == (size,)
    values = model(some_states(model.game))
    assert np.allclose(values.sum(axis=1), 1.0) and np.all(values > 0)
    assert path.stat().st_size < 2_000_000
    assert model.about["command"].startswith("ludoteca train")


def test_a_shipped_network_is_the_value_reviews_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = ludoteca.load("ludo", 2)
    base = base_value(game)
    assert isinstance(base, NetModel if (NETS / "ludo-2p.npz").exists() else TensorModel)
    shipped = shipped_value(game)
    inner = shipped.model if isinstance(shipped, Calibrated) else shipped  # under its map
    assert model_digest(inner) in [model_digest(model) for model in candidates(game)]
    random_net(game).save(tmp_path / "ludo-2p.npz")
    monkeypatch.setattr(net, "NETS", tmp_path)
    model = shipped_value(game)
    assert isinstance(model, NetModel)  # the shipped map was fitted on other weights: ignored
    values = model(some_states(game))
    assert values.shape == (len(values), 2) and np.allclose(values.sum(axis=1), 1.0)


def test_a_saved_network_reads_back_to_the_same_values(tmp_path: Path) -> None:
    game = ludoteca.load("museum", 3)
    made = random_net(game, seed=4)
    made.save(tmp_path / "m.npz")
    read = NetModel.read(game, tmp_path / "m.npz")
    states = some_states(game)
    assert np.allclose(read(states), made(states), atol=1e-6)  # float32 on disk


def test_a_file_for_another_player_count_is_refused(tmp_path: Path) -> None:
    random_net(ludoteca.load("ludo", 4)).save(tmp_path / "ludo-2p.npz")
    with pytest.raises(
        NoValueFunctionError, match=r"for ludo with 4 players .* not for ludo with 2"
    ):
        NetModel.read(ludoteca.load("ludo", 2), tmp_path / "ludo-2p.npz")


def test_a_file_for_another_game_is_refused(tmp_path: Path) -> None:
    random_net(ludoteca.load("siege", 2)).save(tmp_path / "x.npz")
    with pytest.raises(NoValueFunctionError, match="for siege with 2 players"):
        NetModel.read(ludoteca.load("bremen", 2), tmp_path / "x.npz")


def test_a_file_of_another_observation_size_is_refused(tmp_path: Path) -> None:
    game = ludoteca.load("ludo", 4)
    random_net(game, width=net._observation_size(game) + 3).save(tmp_path / "x.npz")
    with pytest.raises(NoValueFunctionError, match="reads observations of 203 numbers"):
        NetModel.read(game, tmp_path / "x.npz")


def test_a_file_that_is_no_weight_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "x.npz").write_bytes(b"not a zip")
    with pytest.raises(NoValueFunctionError, match="is not a ludoteca weight file"):
        NetModel.read(ludoteca.load("ludo", 4), tmp_path / "x.npz")


def residual_of_softmax(game: ludoteca.Game) -> NetModel:
    """A residual network whose network part is zero: the softmax value itself."""
    softmax = TensorModel.load(game)
    size = len(softmax.weights)
    layers = [(np.ones((size, 4)), np.zeros(4)), (np.zeros((4, 1)), np.zeros(1))]
    return NetModel(game, layers, {}, softmax.weights, softmax.evaluation)


def test_a_residual_network_with_nothing_learned_is_the_softmax_value() -> None:
    game = ludoteca.load("bremen", 3)
    states = some_states(game)
    assert TensorModel.load(game).evaluation  # bremen's value reads the game's evaluation
    assert np.allclose(residual_of_softmax(game)(states), TensorModel.load(game)(states))


def test_a_saved_residual_network_reads_back_with_its_linear_part(tmp_path: Path) -> None:
    game = ludoteca.load("bremen", 3)
    made = residual_of_softmax(game)
    made.layers[1] = (np.full((4, 1), 0.01), np.zeros(1))
    made.save(tmp_path / "r.npz")
    read = NetModel.read(game, tmp_path / "r.npz")
    assert read.evaluation and read.linear is not None
    states = some_states(game)
    assert np.allclose(read(states), made(states), atol=1e-5)
    assert not np.allclose(read(states), TensorModel.load(game)(states), atol=1e-5)
