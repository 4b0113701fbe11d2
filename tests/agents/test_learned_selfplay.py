"""`learned:net=selfplay` (issue 30): the agent of a network trained by TD self-play values each
move's afterstate by the network (with `depth=2`, after the dice or cards and the best reply),
plays legal moves reproducibly, and refuses a file of another table or kind with a clear
message. The shipped folder is replaced by one holding a network of a few seeded generations
(`weights`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from ludoteca import agents  # noqa: E402
from ludoteca.agents import valued  # noqa: E402
from ludoteca.agents.base import child_of  # noqa: E402
from ludoteca.agents.valued import LearnedAgent  # noqa: E402
from ludoteca.arena.match import play_game  # noqa: E402
from ludoteca.core.api import State  # noqa: E402
from ludoteca.core.errors import InvalidOptionError  # noqa: E402
from ludoteca.core.registry import load  # noqa: E402
from ludoteca.learn.td import TDSettings, TDTrainer  # noqa: E402
from ludoteca.learn.td_command import TDJob, save_net  # noqa: E402
from ludoteca.review.net import NetModel  # noqa: E402
from ludoteca.review.value import win_shares  # noqa: E402

TINY = TDSettings(hidden=(8,), games=4, steps=20, batch=32, seed=2)


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = load("museum", 3)
    trainer = TDTrainer(game, TINY)
    trainer.train_to(1)
    path = tmp_path_factory.mktemp("selfplay") / "museum-3p.npz"
    save_net(TDJob("museum", 3, TINY, generations=1), trainer, path)
    return path


@pytest.fixture
def weights(trained: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The trained file, shipped: `learned:net=selfplay` at three-player museum reads it."""
    monkeypatch.setattr(valued, "SELFPLAY", trained.parent)
    return trained


SPEC = "learned:net=selfplay"


def test_it_plays_the_move_whose_afterstate_the_network_values_most(weights: Path) -> None:
    game = load("museum", 3)
    model = NetModel.read(game, weights)
    state = game.new_initial_state(seed=11)
    bot = agents.load(SPEC, game, seed=1)
    checked = 0
    while checked < 12 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        legal = state.legal_actions()
        action = bot.act(state.clone())
        assert action in legal
        seat = state.current_player()
        values = model([child_of(state, a) for a in legal])[:, seat]
        assert values[legal.index(action)] >= values.max() - 1e-12  # read without the dice
        state.apply_action(action)
        checked += 1
    assert checked == 12


def test_a_seeded_game_against_greedy_is_legal_and_replays_alike(weights: Path) -> None:
    game = load("museum", 3)
    specs = [SPEC, "greedy", "greedy"]
    first, again = play_game(game, specs, 23), play_game(game, specs, 23)
    assert first.finished and first.actions == again.actions
    other = play_game(game, specs, 24)
    assert other.actions != first.actions


def test_a_file_of_another_table_or_kind_is_refused_clearly(
    weights: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (weights.parent / "museum-2p.npz").write_bytes(weights.read_bytes())  # a 3-player file
    with pytest.raises(
        InvalidOptionError, match=r"for museum with 3 players.*not for museum with 2"
    ):
        agents.load(SPEC, load("museum", 2))
    with pytest.raises(
        InvalidOptionError, match="no self-play network is shipped for museum with 4"
    ):
        agents.load(SPEC, load("museum", 4))
    with pytest.raises(InvalidOptionError, match=r"net=review or net=selfplay, not '/tmp/x\.npz'"):
        agents.load("learned:net=/tmp/x.npz", load("museum", 3))
    review_net = NetModel(load("museum", 3), NetModel.read(load("museum", 3), weights).layers, {})
    review_net.save(tmp_path / "museum-3p.npz")
    monkeypatch.setattr(valued, "SELFPLAY", tmp_path)
    with pytest.raises(InvalidOptionError, match="not a network of afterstate values"):
        agents.load(SPEC, load("museum", 3))


def test_the_agent_reads_the_network_not_the_review_value(weights: Path) -> None:
    game = load("museum", 3)
    model = NetModel.read(game, weights)
    for bot in (agents.load(SPEC, game, seed=1), LearnedAgent.playing(game, model, seed=1)):
        assert isinstance(bot, LearnedAgent) and isinstance(bot.model, NetModel)
        assert bot.chain == 0 and np.array_equal(bot.model.weights, model.weights)


def _expanded(state: State, chain: int = 0) -> list[tuple[float, State]]:
    """The positions behind `state`'s chance nodes, up to `valued.CHAIN` in a row."""
    if not state.is_chance_node() or chain >= valued.CHAIN:
        return [(1.0, state)]
    return [
        (p * q, leaf)
        for action, p in state.chance_outcomes()
        for q, leaf in _expanded(child_of(state, action), chain + 1)
    ]


def _two_ply(model: NetModel, state: State, action: int, mover: int) -> float:
    """The mover's value of `action`: over the dice or cards after it, the afterstate of the
    best reply of the seat to move (by its own value), or the position itself where no one
    chooses."""
    value = 0.0
    for weight, leaf in _expanded(child_of(state, action)):
        if leaf.is_terminal():
            row = np.array(win_shares(leaf))
        elif leaf.is_chance_node():
            row = model([leaf])[0]
        else:
            seat = leaf.current_player()
            rows = model([child_of(leaf, reply) for reply in leaf.legal_actions()])
            row = rows[int(np.argmax(rows[:, seat]))]
        value += weight * row[mover]
    return value


def test_depth_2_values_each_move_by_the_best_reply_after_the_dice(weights: Path) -> None:
    game = load("museum", 3)
    model = NetModel.read(game, weights)
    bot = agents.load(f"{SPEC},depth=2,width=64", game, seed=3)
    state = game.new_initial_state(seed=5)
    checked = 0
    while checked < 4 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        legal, mover = state.legal_actions(), state.current_player()
        action = bot.act(state.clone())
        if len(legal) > 1:
            values = [_two_ply(model, state, a, mover) for a in legal]
            assert values[legal.index(action)] == pytest.approx(max(values), abs=1e-9)
            checked += 1
        state.apply_action(action)
    assert checked == 4
