"""The search bots and the solver on Belagerung: forced captures of the lord, legality, budget.

Positions are drawn with row 6 on top: N knight, S soldier, L lord.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca import agents
from ludoteca.agents.alphabeta import WIN, AlphaBetaAgent, hooks_for
from ludoteca.cli import app
from ludoteca.core.errors import InvalidOptionError
from ludoteca.games.siege.game import SiegeState
from ludoteca.games.siege.search import zobrist
from ludoteca.games.siege.solve import position_of, solve


def position(knights: list[str], soldiers: list[str], lord: str, turn: str) -> SiegeState:
    game = ludoteca.load("siege")
    obj = {"game": "siege", "knights": knights, "soldiers": soldiers, "lord": lord, "turn": turn}
    state = game.state_from_json(obj)
    assert isinstance(state, SiegeState)
    return state


def lord_in_one() -> SiegeState:
    #  6  ~ . # L ^ # . ~
    #  5  ~ . # S S # . ~
    #  4  ~ . N S # # . ~      the knight on c4 can take the lord or a soldier
    return position(["c4", "g1"], ["d4", "d5", "e5"], "d6", "attacker")


def lord_in_three() -> SiegeState:
    #  6  ~ . L # ^ # . ~      the lord in the corner, walled in by its own soldier
    #  5  ~ . # S # # . ~
    #  4  ~ . # # # # . ~
    #  3  ~ N # # # S . ~      Nb3-a5 (on the moat, immune) threatens Nxc6; no defence
    #  1  . . . . . . N .
    return position(["b3", "g1"], ["d5", "f3"], "c6", "attacker")


@pytest.mark.parametrize("spec", ["alphabeta:depth=1", "alphabeta", "minimax:depth=1", "greedy"])
def test_bots_take_the_lord_when_they_can(spec: str) -> None:
    state = lord_in_one()
    bot = agents.load(spec, state.game, seed=1)
    assert state.action_to_string(bot.act(state)) == "Nc4xd6"


@pytest.mark.parametrize("spec", ["alphabeta:depth=3", "minimax:depth=3"])
def test_search_finds_the_capture_of_the_lord_in_three(spec: str) -> None:
    """Whatever the defender replies, the bot's next move takes the lord."""
    state = lord_in_three()
    bot = agents.load(spec, state.game, seed=2)
    first = bot.act(state)
    state.apply_action(first)
    for reply in state.legal_actions():
        after = state.clone()
        after.apply_action(reply)
        after.apply_action(bot.act(after))
        assert after.is_terminal() and after.returns() == [1.0, -1.0]


def test_alphabeta_scores_a_forced_win_as_a_win() -> None:
    state = lord_in_three()
    bot = AlphaBetaAgent(state.game, seed=3, depth=5)
    bot.act(state)
    value, reached = bot.last
    assert value == WIN - 3  # three plies to the capture
    assert reached <= 3  # a proved win ends the deepening (the capture search may see it at 2)


def test_search_bots_never_play_an_illegal_move() -> None:
    """Seeded games of alphabeta and minimax against random: every choice is legal."""
    game = ludoteca.load("siege")
    rng = random.Random(5)
    specs = ["alphabeta:depth=2", "minimax:depth=1", "alphabeta:time=0.02", "alphabeta:depth=1"]
    for seed, bot_spec in enumerate(specs):
        seat = seed % 2
        bot = agents.load(bot_spec, game, seed=seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            action = bot.act(state) if state.current_player() == seat else rng.choice(legal)
            assert action in legal
            state.apply_action(action)


def test_zobrist_hash_tells_positions_apart() -> None:
    state = ludoteca.load("siege").new_initial_state(seed=1)
    same = ludoteca.load("siege").new_initial_state(seed=9)
    assert zobrist(state) == zobrist(same)
    state.apply_notation("Nb0-c2")
    assert zobrist(state) != zobrist(same)
    moved = lord_in_one()
    twin = moved.game.state_from_json({**moved.to_json(), "turn": "defender", "seen": None})
    assert zobrist(moved) != zobrist(twin)


def test_search_hooks_fall_back_for_a_game_without_them() -> None:
    """A game without a `search` module gets neutral evaluation and a JSON-based hash."""
    game = ludoteca.load("ludo", players=2)
    hooks = hooks_for(game)
    state = game.new_initial_state(seed=1)
    assert hooks.evaluate(state, 0) == 0.0
    assert hooks.key(state) == hooks.key(state.clone())
    assert hooks.order(state, [3, 1]) == [3, 1] and not hooks.noisy(state, 1)


def test_solver_proves_the_capture_in_three() -> None:
    progress = solve(start=position_of(lord_in_three()), max_depth=5)
    assert progress.winner == "attacker" and progress.win_plies == 3


def test_solver_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    checkpoint = tmp_path / "siege.json"
    first = solve(max_depth=4, checkpoint=checkpoint)
    assert (first.attacker_no_win_plies, first.defender_no_win_plies) == (3, 4)
    second = solve(max_depth=6, checkpoint=checkpoint)
    assert (second.attacker_no_win_plies, second.defender_no_win_plies) == (5, 6)
    assert second.log[4].startswith("depth 5")
    assert json.loads(checkpoint.read_text())["defender_no_win_plies"] == 6


def test_solve_command_runs_on_a_small_budget(tmp_path: Path) -> None:
    runner = CliRunner()
    checkpoint = tmp_path / "solve.json"
    result = runner.invoke(
        app, ["solve", "siege", "--depth", "6", "--time", "20", "--checkpoint", str(checkpoint)]
    )
    assert result.exit_code == 0, result.output
    assert "cannot force a win within 5 plies" in result.output
    assert checkpoint.exists()
    again = runner.invoke(app, ["solve", "siege", "--time", "0", "--checkpoint", str(checkpoint)])
    assert again.exit_code == 0 and "within 5 plies" in again.output  # only reports
    refused = runner.invoke(app, ["solve", "ludo"])
    assert refused.exit_code == 2 and "no solver" in refused.output


def test_alphabeta_keeps_to_its_time_budget() -> None:
    state = ludoteca.load("siege").new_initial_state(seed=1)
    bot = agents.load("alphabeta:depth=30,time=0.2", state.game, seed=1)
    began = time.monotonic()
    assert bot.act(state) in state.legal_actions()
    assert time.monotonic() - began < 1.5


def test_search_agents_refuse_games_of_more_than_two() -> None:
    with pytest.raises(ValueError, match="two-player"):
        AlphaBetaAgent(ludoteca.load("ludo", players=4))
    with pytest.raises(InvalidOptionError, match="depth"):
        agents.load("alphabeta:depth=0", ludoteca.load("siege"))
