"""TD(lambda) self-play (issue 30, `ludoteca train --method td`): the afterstates the kernel
encodes are the reference engine's, the lambda-returns are those of the formula, seeded
generations lower the loss on a fixed batch, a resumed checkpoint ends with the weights of an
uninterrupted run, and the weight files load without torch and are refused for another table."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from ludoteca import agents  # noqa: E402
from ludoteca.agents.base import child_of  # noqa: E402
from ludoteca.core.registry import game_module, load  # noqa: E402
from ludoteca.learn.afterstates import afterstates  # noqa: E402
from ludoteca.learn.td import LATER, TDSettings, TDTrainer, lambda_returns  # noqa: E402
from ludoteca.learn.td_command import TDJob, save_net  # noqa: E402
from ludoteca.learn.train import layers_of, loss_of  # noqa: E402
from ludoteca.review.net import NetModel  # noqa: E402
from ludoteca.review.value import NoValueFunctionError  # noqa: E402
from ludoteca.vector import simulator  # noqa: E402

TINY = TDSettings(hidden=(8,), rate=3e-3, games=6, steps=100, batch=64, seed=4)
MUSEUM2 = load("museum", 2)


def test_the_kernels_afterstates_are_the_reference_engines() -> None:
    batch = simulator("museum", 4, seed=9, players=3)
    encode = game_module("museum", "tensor").encode
    rng = np.random.default_rng(1)
    compared = 0
    for _ in range(25):
        moves = afterstates(batch)
        for entry in range(len(moves.games)):
            after = child_of(batch.state(int(moves.games[entry])), int(moves.actions[entry]))
            assert after.is_terminal() == moves.finished[entry]
            if not after.is_terminal():
                expected = np.stack([np.ravel(encode(after, seat)) for seat in range(3)])
                assert np.array_equal(expected.astype(np.float32), moves.observations[entry])
                compared += 1
        mask = batch.legal_mask()
        batch.step([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in mask])
    assert compared > 100


def test_lambda_returns_follow_the_formula() -> None:
    values = np.array([[0.5, 0.5], [0.6, 0.4], [0.2, 0.8], [0.0, 1.0]])
    assert np.allclose(lambda_returns(values, 0.0)[:-1], values[1:])  # TD(0): the next value
    assert np.allclose(lambda_returns(values, 1.0), values[-1])  # Monte Carlo: the result
    half = lambda_returns(values, 0.5)
    assert np.allclose(half[2], values[3])
    assert np.allclose(half[1], 0.5 * values[2] + 0.5 * values[3])
    assert np.allclose(half[0], 0.5 * values[1] + 0.5 * half[1])


def test_a_few_hundred_seeded_td_steps_lower_the_loss_on_a_fixed_batch() -> None:
    trainer = TDTrainer(MUSEUM2, TINY)
    fixed = trainer.play(0)
    x, y = torch.from_numpy(fixed.observations), torch.from_numpy(fixed.targets).float()
    assert fixed.games == TINY.games and len(x) > 100
    assert np.allclose(fixed.targets.sum(axis=1), 1.0)
    entropy = float(-(y * torch.log(y.clamp_min(1e-12))).sum(dim=-1).mean())

    def excess() -> float:
        """The cross-entropy above its floor, the targets' entropy (the KL divergence)."""
        with torch.no_grad():
            return float(loss_of(trainer.net, x, y)) - entropy

    before = excess()
    trainer.train_to(3)  # three generations of 100 steps, each on its own games
    assert excess() < before / 2, (before, excess())
    assert len(trainer.curve.loss) == 3 and trainer.generation == 3


def test_a_resumed_checkpoint_gives_the_weights_of_an_uninterrupted_run(tmp_path: Path) -> None:
    whole = TDTrainer(MUSEUM2, TINY, tmp_path / "whole.ckpt")
    whole.train_to(2)
    TDTrainer(MUSEUM2, TINY, tmp_path / "half.ckpt").train_to(1)
    resumed = TDTrainer(MUSEUM2, TINY, tmp_path / "half.ckpt")
    assert resumed.generation == 1
    resumed.train_to(2)
    for (name, a), b in zip(
        whole.net.state_dict().items(), resumed.net.state_dict().values(), strict=True
    ):
        assert torch.equal(a, b), name
    assert resumed.curve.loss == whole.curve.loss
    other = TDSettings(**{**TINY.__dict__, "lam": 0.3})
    with pytest.raises(Exception, match="another run"):
        TDTrainer(MUSEUM2, other, tmp_path / "whole.ckpt")


SMOOTHED = TDSettings(**{**TINY.__dict__, "rate_half_life": 2, "average": 0.9})


def test_the_rate_halves_over_its_half_life() -> None:
    trainer = TDTrainer(MUSEUM2, SMOOTHED)
    assert [trainer.rate_at(g) for g in (0, 2, 4)] == pytest.approx([3e-3, 1.5e-3, 0.75e-3])
    assert TDTrainer(MUSEUM2, TINY).rate_at(50) == TINY.rate


def test_the_averaged_weights_resume_identically_and_are_the_runs_result(tmp_path: Path) -> None:
    whole = TDTrainer(MUSEUM2, SMOOTHED, tmp_path / "whole.ckpt")
    whole.train_to(2)
    TDTrainer(MUSEUM2, SMOOTHED, tmp_path / "half.ckpt").train_to(1)
    resumed = TDTrainer(MUSEUM2, SMOOTHED, tmp_path / "half.ckpt")
    resumed.train_to(2)
    assert whole.average is not None and resumed.average is not None
    for a, b in zip(whole.average.parameters(), resumed.average.parameters(), strict=True):
        assert torch.equal(a, b)
    assert resumed.optimiser.param_groups[0]["lr"] == pytest.approx(SMOOTHED.rate * 0.5**0.5)
    live, mean = layers_of(whole.net)[0][0], layers_of(whole.average)[0][0]
    assert not np.array_equal(live, mean)  # the average lags the live weights...
    assert np.array_equal(whole.layers()[0][0], mean)  # ...and is what the run yields
    command = TDJob("museum", 2, SMOOTHED).command()
    assert "--rate-half-life 2 --average 0.9" in command
    assert "--average" not in TDJob("museum", 2, TINY).command()


def test_settings_added_later_leave_older_checkpoints_resumable() -> None:
    older = json.loads(TDTrainer(MUSEUM2, TINY)._fingerprint())[0]  # as before they existed
    assert not set(LATER) & set(older) and older["lam"] == TINY.lam
    assert json.loads(TDTrainer(MUSEUM2, SMOOTHED)._fingerprint())[0]["average"] == 0.9


def test_games_versus_greedy_play_greedys_moves_and_resume_identically(tmp_path: Path) -> None:
    rivals = TDSettings(**{**TINY.__dict__, "games": 2, "steps": 10, "versus_greedy": 0.5})
    trainer = TDTrainer(MUSEUM2, rivals)
    greedy = agents.load("greedy", MUSEUM2, seed=1)
    batch = trainer.batch
    batch.reset(5)
    moves = afterstates(batch)
    for i in range(batch.batch):
        entry = trainer._greedy_pick(
            greedy, moves.games, moves.actions, int(np.argmax(moves.games == i))
        )
        assert moves.games[entry] == i
        assert moves.actions[entry] == greedy.act(batch.state(i).clone_for_agent())
    self_play = TDTrainer(MUSEUM2, TDSettings(**{**rivals.__dict__, "versus_greedy": 0.0}))
    assert not np.array_equal(self_play.play(0).targets, trainer.play(0).targets)
    whole = TDTrainer(MUSEUM2, rivals, tmp_path / "whole.ckpt")
    whole.train_to(2)
    TDTrainer(MUSEUM2, rivals, tmp_path / "half.ckpt").train_to(1)
    resumed = TDTrainer(MUSEUM2, rivals, tmp_path / "half.ckpt")
    resumed.train_to(2)
    for a, b in zip(whole.net.parameters(), resumed.net.parameters(), strict=True):
        assert torch.equal(a, b)
    assert "--versus-greedy 0.5" in TDJob("museum", 2, rivals).command()


@pytest.fixture(scope="module")
def weights(tmp_path_factory: pytest.TempPathFactory) -> Path:
    trainer = TDTrainer(MUSEUM2, TINY)
    trainer.train_to(1)
    path = tmp_path_factory.mktemp("td") / "museum-2p.npz"
    save_net(TDJob("museum", 2, TINY, generations=1), trainer, path)
    return path


SHIPPED = sorted((Path(__file__).parents[2] / "src/ludoteca/review/nets/selfplay").glob("*.npz"))


@pytest.mark.parametrize("name", [p.name for p in SHIPPED])
def test_every_shipped_selfplay_file_loads_without_torch(name: str, tmp_path: Path) -> None:
    check_without_torch(SHIPPED[[p.name for p in SHIPPED].index(name)])


def test_a_written_weight_file_loads_without_torch(weights: Path) -> None:
    check_without_torch(weights)


def check_without_torch(path: Path) -> None:
    """Read `path` in a fresh interpreter where torch cannot be imported; its win
    probabilities of the game's first afterstates sum to one."""
    game_id, players = path.stem.split("-")[0], int(path.stem.split("-")[1].rstrip("p"))
    script = f"""
import sys
sys.modules["torch"] = None
import numpy as np
from ludoteca.agents.base import child_of
from ludoteca.core.registry import load
from ludoteca.review.net import NetModel
game = load({game_id!r}, {players})
model = NetModel.read(game, __import__("pathlib").Path({str(path)!r}))
assert model.about["values"] == "afterstates"
state = game.new_initial_state(seed=3)
while state.is_chance_node():
    state.apply_action(state.chance_outcomes()[0][0])
p = model([child_of(state, a) for a in state.legal_actions()])
assert p.shape == (len(state.legal_actions()), {players}), p.shape
assert np.allclose(p.sum(axis=1), 1.0) and (p >= 0).all()
assert "torch" not in [m for m in sys.modules if sys.modules[m] is not None]
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


def test_a_file_for_another_table_is_refused_clearly(weights: Path) -> None:
    with pytest.raises(NoValueFunctionError, match=r"museum with 2 players.*not for museum with 3"):
        NetModel.read(load("museum", 3), weights)
    with pytest.raises(NoValueFunctionError, match=r"museum with 2 players.*not for ludo"):
        NetModel.read(load("ludo", 2), weights)


def test_the_td_command_trains_checks_and_keeps_the_weights_unshipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from ludoteca.cli import app
    from ludoteca.learn import td_command

    shipped = tmp_path / "shipped"  # where --ship would write, instead of the package
    monkeypatch.setattr(td_command, "SELFPLAY", shipped)

    words = ["train", "museum", "--players", "2", "--method", "td", "--generations", "2"]
    words += ["--per-generation", "4", "--td-steps", "10", "--hidden", "8"]
    words += ["--strength-every", "2", "--strength-games", "2", "--ship"]
    result = CliRunner().invoke(app, [*words, "--work", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "2 generations of 4 games" in result.output and "of 2 vs greedy" in result.output
    assert "not shipped (--ship ships only above the fair share at 95%)" in result.output
    model = NetModel.read(MUSEUM2, tmp_path / "museum-2p-td-s0.npz")
    assert model.about["command"].startswith("ludoteca train museum --players 2 --method td")
    assert model.about["generations"] == 2 and len(model.about["strength_checks"]) == 1
    assert (tmp_path / "museum-2p-td-s0-g2.npz").exists()  # the check's weights, kept
    assert not shipped.exists()


def test_the_td_command_refuses_a_game_without_a_kernel_in_one_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from ludoteca.cli import app

    words = ["train", "villa", "--method", "td", "--work", str(tmp_path)]
    result = CliRunner().invoke(app, words)
    assert result.exit_code != 0 and "villa has no compiled kernel" in result.output
    assert "Traceback" not in result.output
