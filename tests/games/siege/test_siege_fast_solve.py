"""The compiled proof search gives the answers of the Python one, and keeps them on disk."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from pathlib import Path

import pytest

pytest.importorskip("numba")

import ludoteca
from ludoteca import agents
from ludoteca.games.siege import fast_solve
from ludoteca.games.siege.board import load_board
from ludoteca.games.siege.bots import TABLE_VARIABLE, SolvedAgent
from ludoteca.games.siege.fast_solve import FastSolver, Reach, Table, symmetric, to_stack
from ludoteca.games.siege.game import ATTACKER, DEFENDER, SiegeGame, SiegeState
from ludoteca.games.siege.solve import Rules, Solver, position_of, solve


def state_of(knights: list[str], soldiers: list[str], lord: str, turn: str) -> SiegeState:
    obj = {"game": "siege", "knights": knights, "soldiers": soldiers, "lord": lord, "turn": turn}
    state = ludoteca.load("siege").state_from_json(obj)
    assert isinstance(state, SiegeState)
    return state


def lord_in_three() -> SiegeState:
    #  6  ~ . L # ^ # . ~      the lord in the corner, walled in by its own soldier
    #  5  ~ . # S # # . ~
    #  4  ~ . # # # # . ~
    #  3  ~ N # # # S . ~      Nb3-a5 (on the moat, immune) threatens Nxc6; no defence
    #  1  . . . . . . N .
    return state_of(["b3", "g1"], ["d5", "f3"], "c6", "attacker")


def small_table() -> Table:
    return Table.create(slots=1 << 16)


def test_the_board_is_its_own_mirror_image() -> None:
    """Columns a-h mirrored: the castle, the moat, the crowns, the start squares and every move
    table map onto themselves, so mirrored positions share a table entry."""
    assert symmetric(load_board())


def bits(fields: Iterable[int]) -> int:
    return sum(1 << f for f in set(fields))


def test_the_reach_bounds_follow_the_board_s_move_tables() -> None:
    """One knight move captures on its jumps' fields, one lord move reaches its rays (and the
    other crown field); more moves reach at least as far, no moves reach nothing or stay put."""
    board = load_board()
    reach = Reach.of(board)
    for f in board.fields:
        assert reach.captures[0, f] == 0 and reach.captures[1, f] == bits(board.knight_jumps[f])
        assert reach.lord[0, f] == 1 << f
        steps = {t for ray in board.lord_rays[f] for t in ray} | {f}
        if f in board.crowns:
            steps |= set(board.crowns)
        assert reach.lord[1, f] == bits(steps)
        for table in (reach.captures, reach.lord):
            assert all(table[m, f] & ~table[m + 1, f] == 0 for m in range(10))


def test_the_reach_cut_keeps_the_python_solver_s_answers() -> None:
    """Positions deeper into random games, where knights are far from the lord or outnumber
    the defender's moves left: the cut fires at some of them, and every answer up to 7 plies is
    still the Python search's."""
    game = SiegeGame()
    rules, reach = Rules(game.board), Reach.of(game.board)
    rng = random.Random(7)
    fired = {True: 0, False: 0}
    for _ in range(8):
        state = game.new_initial_state(seed=0)
        for _ in range(rng.randrange(6, 40)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        pos = position_of(state)
        fast = FastSolver(game, table=small_table())
        for depth in range(2, 8):
            for winner in (ATTACKER, DEFENDER):
                cut = fast_solve._out_of_reach(
                    to_stack(pos), 0, winner, depth, reach.captures, reach.lord
                )
                fired[bool(cut)] += 1
                expected = Solver(rules).wins(pos, winner, depth)
                assert fast.wins(pos, winner, depth) == expected, (pos, winner, depth)
                assert not (cut and expected)
    assert fired[True] > 0 and fired[False] > 0


def test_same_answers_as_the_python_solver_from_the_start() -> None:
    progress = [solve(max_depth=7, compiled=flag, table_slots=1 << 16) for flag in (False, True)]
    assert [line.split(";")[0] for line in progress[0].log] == [
        line.split(";")[0] for line in progress[1].log
    ]
    assert [p.attacker_no_win_plies for p in progress] == [7, 7]
    assert [p.defender_no_win_plies for p in progress] == [6, 6]


def test_same_answers_on_positions_of_random_games() -> None:
    """Positions a few random moves into the game, mirrored ones among them, both winners, every
    horizon up to 5 plies: wins and non-wins alike."""
    game = SiegeGame()
    rules = Rules(game.board)
    rng = random.Random(20)
    answers = {True: 0, False: 0}
    for _ in range(12):
        state = game.new_initial_state(seed=0)
        for _ in range(rng.randrange(4, 30)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        pos = position_of(state)
        fast = FastSolver(game, table=small_table())
        for depth in range(1, 6):
            for winner in (ATTACKER, DEFENDER):
                expected = Solver(rules).wins(pos, winner, depth)
                assert fast.wins(pos, winner, depth) == expected, (pos, winner, depth)
                answers[expected] += 1
    assert answers[True] > 0 and answers[False] > 0


def test_compiled_solver_proves_the_capture_in_three_and_keeps_the_move() -> None:
    start = position_of(lord_in_three())
    progress = solve(start=start, max_depth=5, compiled=True)
    assert progress.winner == "attacker" and progress.win_plies == 3
    solver = FastSolver(SiegeGame(), table=small_table())
    assert solver.wins(start, ATTACKER, 3)
    proven = solver.proven_move(start)
    assert proven is not None and proven[1] == 3
    after = lord_in_three()
    after.apply_action(proven[0])  # Nb3-a5 or Nb3-d4: either threatens Nxc6 unanswerably
    assert Solver(Rules(after.game.board)).wins(position_of(after), ATTACKER, 2)
    assert solver.proven_move(position_of(after)) is None  # a defender's turn: no move kept


def test_the_table_file_resumes_a_run(tmp_path: Path) -> None:
    """A checkpointed run keeps its table beside the checkpoint; the next run reads it and
    proves the next depths with fewer nodes than from nothing."""
    checkpoint = tmp_path / "siege.json"
    first = solve(max_depth=9, checkpoint=checkpoint, compiled=True, table_slots=1 << 16)
    assert (tmp_path / "siege.table").exists()
    assert json.loads(checkpoint.read_text())["attacker_no_win_plies"] == 9
    other = checkpoint.with_name("other.json")
    again = solve(max_depth=9, checkpoint=other, compiled=True, table_slots=1 << 16)
    assert again.nodes == first.nodes  # a fresh table searches the same tree
    resumed = FastSolver(SiegeGame(), table=Table.create(path=tmp_path / "siege.table"))
    assert not resumed.wins(position_of(SiegeGame().new_initial_state(seed=0)), ATTACKER, 9)
    assert resumed.nodes < 10  # answered from the table


def test_a_table_of_the_wrong_size_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="power of two slots"):
        Table.create(slots=1000)
    broken = tmp_path / "broken.table"
    broken.write_bytes(b"x" * 100)
    with pytest.raises(ValueError, match="power of two slots"):
        Table.create(path=broken)


def test_hard_bot_plays_the_proven_move_from_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A position whose win the table holds gets its proven move; without the table, or under
    other rules, the bot is alphabeta."""
    path = tmp_path / "siege.table"
    solver = FastSolver(SiegeGame(), table=Table.create(slots=1 << 12, path=path))
    state = lord_in_three()
    assert solver.wins(position_of(state), ATTACKER, 3)
    solver.table.flush()
    proven = solver.proven_move(position_of(state))
    assert proven is not None
    monkeypatch.setenv(TABLE_VARIABLE, str(path))
    bot = agents.load("hard", state.game, seed=1)
    assert isinstance(bot, SolvedAgent)
    assert bot.act(state) == proven[0] and bot.from_table == 1
    start = state.game.new_initial_state(seed=0)
    assert bot.act(start) in start.legal_actions() and bot.from_table == 1  # not in the table
    other_rules = ludoteca.load("siege", opening_rule=False)
    assert SolvedAgent(other_rules, seed=1).solver is None
    monkeypatch.delenv(TABLE_VARIABLE)
    assert SolvedAgent(state.game, seed=1).solver is None


def test_hard_bot_keeps_to_a_servers_limits() -> None:
    """`solved` is alphabeta with a table: a web server's search limits apply to it."""
    from ludoteca.web.http.limits import BotLimits

    bot = agents.load("solved:depth=1000", SiegeGame(), seed=1)
    assert BotLimits().breach(bot) == "solved depth=1000 is over this server's limit of 8"
