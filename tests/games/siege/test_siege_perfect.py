"""The `perfect` bot (`perfect.py`, `fast_perfect.py`) on the tables of a reduced game: up to
two knights and one soldier, so every game from such a position stays inside the tables."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

pytest.importorskip("numba")

from ludoteca import agents
from ludoteca.agents.base import child_of
from ludoteca.core.api import State
from ludoteca.games.siege.board import load_board
from ludoteca.games.siege.game import KNIGHT, LORD, SIDES, SOLDIER, SiegeGame, SiegeState
from ludoteca.games.siege.perfect import PerfectAgent
from ludoteca.games.siege.retro_check import DRAW, LOSS, WIN, Reader

BOARD = load_board()
GAME = SiegeGame(opening_rule=False)
Placement = tuple[tuple[int, ...], tuple[int, ...], int, int]
"""(knights' fields, soldiers' fields, the lord's field, side to move)."""


def _state(placement: Placement) -> SiegeState:
    knights, soldiers, lord, side = placement
    name = BOARD.name
    return SiegeState.from_json(
        GAME,
        {
            "knights": [name(f) for f in knights],
            "soldiers": [name(f) for f in soldiers],
            "lord": name(lord),
            "turn": SIDES[side],
        },
    )


def _sample(tables: Path, value: int, count: int, seed: int) -> list[Placement]:
    """`count` positions drawn uniformly from the tables whose value for the side to move is
    `value`, none of them over already."""
    reader = Reader(tables)
    rng = random.Random(seed)
    found: list[Placement] = []
    while len(found) < count:
        position = reader.sample(rng)
        knights, soldiers, lord, side = reader.decode(position)
        placement = (tuple(knights), tuple(soldiers), lord, side)
        if reader.read(position) == value and not _state(placement).is_terminal():
            found.append(placement)
    return found


def _after(reader: Reader, state: SiegeState, action: int) -> int:
    """The result of playing `action` for the mover, by the rules or the tables: 1 won, 0 drawn,
    -1 lost."""
    child = child_of(state, action)
    assert isinstance(child, SiegeState)
    if child.is_terminal():
        return int(child.returns()[state.current_player()])
    return {WIN: -1, DRAW: 0, LOSS: 1}[reader.value_of(child)]


def _play(
    reader: Reader, perfect: PerfectAgent, opponent: agents.Agent, placement: Placement
) -> tuple[SiegeState, int, set[str]]:
    """A game from `placement`, perfect moving first, each of its moves checked to be legal and
    to keep the best result the position has. Returns the end, perfect's seat and where its
    moves came from (`PerfectAgent.source`, without the plies)."""
    state = _state(placement)
    seat = state.current_player()
    sources = set()
    while not state.is_terminal():
        if state.current_player() == seat:
            best = max(_after(reader, state, a) for a in state.legal_actions())
            action = perfect.act(state)
            assert action in state.legal_actions()
            assert _after(reader, state, action) == best, (state, perfect.source)
            sources.add(perfect.source.split(" in ")[0])
        else:
            action = opponent.act(state)
        state.apply_action(action)
    return state, seat, sources


@pytest.mark.parametrize("opponent", ["alphabeta", "greedy"])
def test_perfect_wins_every_sampled_won_position(small_tables: Path, opponent: str) -> None:
    reader = Reader(small_tables)
    perfect = PerfectAgent(GAME, seed=3, tables=str(small_tables))
    other = agents.load(opponent, GAME, seed=4)
    won = _sample(small_tables, WIN, 50, seed=11)
    assert {side for *_, side in won} == {0, 1}  # won positions of both sides
    for placement in won:
        end, seat, sources = _play(reader, perfect, other, placement)
        assert end.returns()[seat] == 1, placement
        assert sources == {"win"}, placement  # every move a proven shortest win


def test_perfect_keeps_a_drawn_position_drawn(small_tables: Path) -> None:
    reader = Reader(small_tables)
    perfect = PerfectAgent(GAME, seed=5, tables=str(small_tables))
    other = agents.load("alphabeta", GAME, seed=6)
    for placement in _sample(small_tables, DRAW, 10, seed=12):
        end, seat, sources = _play(reader, perfect, other, placement)
        assert end.returns()[seat] >= 0, placement
        assert "search" not in sources


def _key(state: State) -> Placement:
    assert isinstance(state, SiegeState)
    cells = state.cells
    knights = tuple(f for f, c in enumerate(cells) if c == KNIGHT)
    soldiers = tuple(f for f, c in enumerate(cells) if c == SOLDIER)
    return knights, soldiers, cells.index(LORD), state.turn


@cache
def _wins_within(placement: Placement, winner: int, plies: int) -> bool:
    """Whether `winner` captures within `plies` plies whatever the other side plays: a plain
    search on the rules engine, no tables (a reference for the bot's proof search)."""
    state = _state(placement)
    mover = state.current_player()
    if plies < 1 or (mover != winner and plies < 2):
        return False
    results = []
    for action in state.legal_actions():
        child = child_of(state, action)
        assert isinstance(child, SiegeState)
        if child.is_terminal():
            results.append(child.returns()[winner] > 0)
        else:
            results.append(_wins_within(_key(child), winner, plies - 1))
    return any(results) if mover == winner else all(results)


def test_perfect_wins_by_the_shortest_way(small_tables: Path) -> None:
    """The plies the bot reports are the fewest a plain search finds, and its move keeps to them
    (checked where the bot reports at most 5 plies: the reference search's reach)."""
    perfect = PerfectAgent(GAME, seed=7, tables=str(small_tables))
    lengths = []
    for placement in _sample(small_tables, WIN, 120, seed=13):
        state = _state(placement)
        action = perfect.act(state)
        plies = int(perfect.source.removeprefix("win in "))
        lengths.append(plies)
        if plies > 5:
            continue
        winner = state.current_player()
        shortest = next(d for d in (1, 3, 5) if _wins_within(placement, winner, d))
        assert plies == shortest, placement
        after = child_of(state, action)
        assert after.is_terminal() if plies == 1 else _wins_within(_key(after), winner, plies - 1)
    assert {1, 3, 5, 7} <= set(lengths)


def test_perfect_is_alphabeta_where_the_tables_cannot_answer(
    small_tables: Path, tmp_path: Path
) -> None:
    placement = _sample(small_tables, WIN, 1, seed=14)[0]
    state = _state(placement)
    without = PerfectAgent(GAME, seed=1)
    without.act(state)
    assert without.source == "search"
    # tables whose solve stopped early: the first layers only (one knight, no soldier)
    from ludoteca.games.siege.fast_retro import solve

    solve(tmp_path / "part", knights=2, soldiers=1, threads=1, stop_after=3)
    partial = PerfectAgent(GAME, seed=1, tables=str(tmp_path / "part"))
    partial.act(state)
    assert partial.source == "search"
    # under the opening rule, while the defender's first four moves are not all made
    opening = SiegeGame(opening_rule=True)
    start = PerfectAgent(opening, seed=1, tables=str(small_tables))
    start.act(opening.new_initial_state(seed=1))
    assert start.source == "search"


def test_perfect_past_its_search_budget_still_keeps_the_win(small_tables: Path) -> None:
    reader = Reader(small_tables)
    hurried = PerfectAgent(GAME, seed=2, tables=str(small_tables), nodes=1)
    patient = PerfectAgent(GAME, seed=2, tables=str(small_tables))
    for placement in _sample(small_tables, WIN, 20, seed=15):
        state = _state(placement)
        patient.act(state)
        if patient.source == "win in 1":
            continue
        action = hurried.act(state)
        assert hurried.source == "win"  # not proven the shortest: alphabeta chose
        assert _after(reader, state, action) == 1
