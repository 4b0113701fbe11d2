"""Training a value network (issue 30, `ludoteca train`): seeded steps lower the loss, a resumed
checkpoint ends with the weights of an uninterrupted run, the positions come from the compiled
kernel and equal the reference engine's tensors."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from ludoteca.analysis.selfplay import SelfPlay  # noqa: E402
from ludoteca.core.errors import InvalidOptionError  # noqa: E402
from ludoteca.core.registry import load  # noqa: E402
from ludoteca.learn.command import paired_gain  # noqa: E402
from ludoteca.learn.positions import (  # noqa: E402
    Plan,
    Positions,
    collect,
    deviating_game,
    encode_states,
    play_positions,
    replay_states,
)
from ludoteca.learn.train import Settings, Trainer, loss_of  # noqa: E402

RUN = SelfPlay("ludo", "greedy", 8, seed=3, players=2)
TINY = Settings(hidden=(16,), rate=3e-3, batch=64, check_every=50, seed=5)


@pytest.fixture(scope="module")
def data() -> Positions:
    return collect(Plan(RUN, per_game=40))


def split(data: Positions) -> tuple[tuple[object, object], tuple[object, object]]:
    fit, check = data.where(data.games < 6), data.where(data.games >= 6)
    return (fit.observations, fit.targets), (check.observations, check.targets)


def test_kernel_positions_are_the_reference_engines_tensors() -> None:
    on_kernel = play_positions((Plan(RUN, per_game=20), 1))
    on_reference = play_positions((Plan(RUN, per_game=20, compare=True), 1))
    assert on_kernel is not None and on_reference is not None
    assert np.array_equal(on_kernel[1], on_reference[1])  # the same decisions, the same numbers
    assert on_kernel[1].shape == (20, 2, 198)
    assert on_reference[3].shape == (20, 2) and np.allclose(on_reference[3].sum(axis=1), 1)
    assert np.allclose(on_kernel[2].sum(axis=1), 1.0)


def test_a_deviating_game_plays_one_random_move_and_the_agent_everywhere_else() -> None:
    import random

    from ludoteca.arena.match import play_game

    game = RUN.load_game()
    plain = play_game(game, ["greedy"] * 2, 11)
    actions, returns, point = deviating_game(game, "greedy", 11, 5, random.Random(1))
    again = deviating_game(game, "greedy", 11, 5, random.Random(1))
    assert (actions, returns, point) == again  # seeded: the same game twice
    assert returns is not None and point > 0
    assert list(plain.actions[:point]) == actions[:point]  # the agent's game up to the move


def test_deviated_positions_start_at_the_first_decision_after_the_random_move() -> None:
    import random

    from ludoteca.arena.match import play_game
    from ludoteca.learn.positions import DEVIATION_SALT, decision_nodes

    plain = play_positions((Plan(RUN, per_game=20), 2))
    deviated = play_positions((Plan(RUN, per_game=20, deviate=True), 2))
    assert plain is not None and deviated is not None
    extra = len(deviated[1]) - len(plain[1])
    assert 1 <= extra <= 20
    assert np.array_equal(deviated[1][: len(plain[1])], plain[1])  # the game's own, unchanged
    assert np.allclose(deviated[2].sum(axis=1), 1.0)
    game, seed = RUN.load_game(), RUN.game_seed(2)
    rng = random.Random(seed ^ DEVIATION_SALT)
    at = rng.randrange(sum(play_game(game, ["greedy"] * 2, seed).decisions))
    actions, _, point = deviating_game(game, "greedy", seed, at, rng)
    first = min(j for j in decision_nodes(game, seed, actions) if j > point)
    expected = encode_states(game, replay_states(game, seed, actions, [first]))
    assert np.array_equal(deviated[1][len(plain[1])], expected[0])


def test_reference_tensors_of_replayed_states_match_the_kernel() -> None:
    game = RUN.load_game()
    from ludoteca.arena.match import play_game

    result = play_game(game, ["greedy"] * 2, 4)
    states = replay_states(game, 4, list(result.actions), [0, 1, 2])
    assert len(states) == 3
    assert encode_states(game, states).shape == (3, 2, 198)
    assert encode_states(game, []).shape[0] == 0


def test_a_residual_network_starts_as_its_fixed_linear_score_and_learns_beside_it(
    data: Positions,
) -> None:
    train, validation = split(data)
    linear = np.random.default_rng(2).normal(0, 0.02, data.observations.shape[-1])
    decayed = replace(TINY, hidden=(32, 16), rate=1e-3, weight_decay=0.01)
    trainer = Trainer(decayed, train, validation, linear=linear)  # type: ignore[arg-type]
    vx, vy = validation
    scores = torch.from_numpy(np.asarray(vx, dtype=np.float64) @ linear)
    start = -(torch.from_numpy(np.asarray(vy)) * torch.log_softmax(scores, -1)).sum(-1).mean()
    assert trainer.validation_loss() == pytest.approx(float(start), rel=1e-4)
    before = loss_of(trainer.net, trainer.x, trainer.y).item()
    first = trainer.best_layers()[0][0]
    trainer.train_to(200)
    assert loss_of(trainer.net, trainer.x, trainer.y).item() < before  # on its own positions
    assert np.array_equal(trainer.net.linear.numpy(), linear.astype(np.float32))  # fixed
    # The hidden layers keep their size while the zero last layer grows: decay must not
    # erase them (Adam's coupled decay did, in a few hundred steps).
    assert np.abs(trainer.best_layers()[0][0]).mean() > 0.5 * np.abs(first).mean()


def test_a_few_hundred_seeded_steps_lower_the_loss_on_a_fixed_batch(data: Positions) -> None:
    train, validation = split(data)
    trainer = Trainer(TINY, train, validation)
    x, y = trainer.x[:256], trainer.y[:256]
    with torch.no_grad():
        before = float(loss_of(trainer.net, x, y))
    trainer.train_to(300)
    with torch.no_grad():
        after = float(loss_of(trainer.net, x, y))
    assert after < before - 0.05, (before, after)
    assert trainer.curve.steps == [50, 100, 150, 200, 250, 300]


def test_a_resumed_checkpoint_gives_the_weights_of_an_uninterrupted_run(
    data: Positions, tmp_path: Path
) -> None:
    train, validation = split(data)
    whole = Trainer(TINY, train, validation, tmp_path / "whole.ckpt")
    whole.train_to(200)
    first = Trainer(TINY, train, validation, tmp_path / "half.ckpt")
    first.train_to(100)  # the checkpoint is written at step 100, a check
    resumed = Trainer(TINY, train, validation, tmp_path / "half.ckpt")
    assert resumed.step == 100
    resumed.train_to(200)
    for (name, a), b in zip(
        whole.net.state_dict().items(), resumed.net.state_dict().values(), strict=True
    ):
        assert torch.equal(a, b), name
    assert resumed.curve == whole.curve and resumed.best_step == whole.best_step
    assert all(
        np.array_equal(a, b)
        for pair in zip(whole.best_layers(), resumed.best_layers(), strict=True)
        for a, b in zip(*pair, strict=True)
    )


def test_a_checkpoint_of_other_settings_is_refused(data: Positions, tmp_path: Path) -> None:
    train, validation = split(data)
    Trainer(TINY, train, validation, tmp_path / "c.ckpt").train_to(50)
    other = Settings(hidden=(8,), batch=64, check_every=50, seed=5)
    with pytest.raises(InvalidOptionError, match=r"checkpoint .* of another run"):
        Trainer(other, train, validation, tmp_path / "c.ckpt")


def test_the_paired_gain_is_positive_where_the_network_is_closer_to_the_results() -> None:
    targets = np.array([[1.0, 0.0]] * 40 + [[0.0, 1.0]] * 40)
    games = np.repeat(np.arange(20), 4)
    good = np.where(targets > 0, 0.7, 0.3)
    worse = np.full_like(targets, 0.5)
    mean, low, high = paired_gain(good, worse, targets, games, seed=0)
    assert mean == pytest.approx(0.5 - 0.18) and low == pytest.approx(high) and low > 0
    assert paired_gain(worse, good, targets, games, seed=0)[2] < 0


def test_training_stops_after_patience_checks_without_progress(data: Positions) -> None:
    train, validation = split(data)
    eager = Settings(hidden=(32,), rate=1e-2, batch=64, check_every=50, patience=3, seed=5)
    trainer = Trainer(eager, train, validation)
    trainer.train_to(20000)
    assert trainer.step < 20000
    assert trainer.step - trainer.best_step == 150
    assert min(trainer.curve.validation) == trainer.best_loss


def test_the_train_command_tests_the_network_and_keeps_it_unshipped(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from ludoteca.cli import app
    from ludoteca.review.net import NetModel

    words = ["train", "ludo", "--players", "2", "--games", "10", "--test-games", "4"]
    words += ["--steps", "100", "--check-every", "50", "--hidden", "8", "--jobs", "1"]
    words += ["--duel-games", "4"]
    result = CliRunner().invoke(app, [*words, "--work", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "Brier network" in result.output and "softmax" in result.output
    (weights,) = tmp_path.glob("ludo-2p-s0-????????.npz")  # not the positions
    model = NetModel.read(load("ludo", 2), weights)
    assert model.about["command"].startswith("ludoteca train ludo --players 2")
    assert model.about["test"]["games"] == 4


def test_the_train_command_refuses_bad_widths_in_one_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from ludoteca.cli import app

    result = CliRunner().invoke(app, ["train", "ludo", "--hidden", "wide", "--work", str(tmp_path)])
    assert result.exit_code == 2 and "--hidden is widths" in result.output
    assert "Traceback" not in result.output
