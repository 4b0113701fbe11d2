"""The retrograde solver (`fast_retro.py`) against a brute-force solve on the rules engine, its
tables' round trip and resume, and the independent checker (`retro_check.py`)."""

from __future__ import annotations

import shutil
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from ludoteca.games.siege.board import load_board
from ludoteca.games.siege.fast_retro import RetroTables, solve
from ludoteca.games.siege.game import SIDES, SiegeGame, SiegeState
from ludoteca.games.siege.retro_check import (
    DRAW,
    LOSS,
    WIN,
    Reader,
    check_sample,
    expected_value,
)

BOARD = load_board()
GAME = SiegeGame(opening_rule=False, max_quiet_moves=0)
Key = tuple[tuple[int, ...], tuple[int, ...], int, int]
"""(knights' fields, soldiers' fields, the lord's field, side to move)."""


def _positions(knights: int, soldiers: int) -> list[Key]:
    """Every placement of 1..knights knights, 0..soldiers soldiers and the lord, either side to
    move (enumerated from the board, not from the solver's layers)."""
    walk = [f for f in BOARD.fields if BOARD.on_grid(f) and f not in BOARD.moat]
    out = []
    for n in range(1, knights + 1):
        for ks in combinations(BOARD.fields, n):
            for lord in sorted(BOARD.castle - set(ks)):
                free = [f for f in walk if f not in ks and f != lord]
                for s in range(soldiers + 1):
                    for ss in combinations(free, s):
                        out += [(ks, ss, lord, 0), (ks, ss, lord, 1)]
    return out


def _key(state: SiegeState) -> Key:
    cells = state.cells
    return (
        tuple(f for f in range(len(cells)) if cells[f] == 1),
        tuple(f for f in range(len(cells)) if cells[f] == 2),
        cells.index(3),
        state.turn,
    )


def _flip(theirs: int | None) -> int:
    """A child's value for the side that moved into it (undecided counts as drawn)."""
    return LOSS if theirs == WIN else WIN if theirs == LOSS else DRAW


def brute_force(knights: int, soldiers: int) -> dict[Key, int]:
    """Values by plain fixpoint iteration over the whole game graph, moves from `game.py`: a
    position is won when a child is lost for the opponent (or the move wins the game), lost when
    every child is won for the opponent (or it has no move); what never settles is drawn."""
    name = BOARD.name
    children: dict[Key, list[int | Key]] = {}
    value: dict[Key, int] = {}
    for ks, ss, lord, side in _positions(knights, soldiers):
        state = SiegeState.from_json(
            GAME,
            {
                "knights": [name(f) for f in ks],
                "soldiers": [name(f) for f in ss],
                "lord": name(lord),
                "turn": SIDES[side],
            },
        )
        key = (ks, ss, lord, side)
        if state.is_terminal():
            value[key] = LOSS
            continue
        kids: list[int | Key] = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            if child.is_terminal():
                kids.append(WIN if child.returns()[side] > 0 else LOSS)
            else:
                kids.append(_key(child))
        children[key] = kids
    changed = True
    while changed:
        changed = False
        for key, kids in children.items():
            if key in value:
                continue
            theirs = [k if isinstance(k, int) else _flip(value.get(k)) for k in kids]
            if WIN in theirs:
                value[key], changed = WIN, True
            elif all(v == LOSS for v in theirs):
                value[key], changed = LOSS, True
    return {key: value.get(key, DRAW) for key in children.keys() | value.keys()}


@pytest.mark.slow
@pytest.mark.parametrize(("knights", "soldiers"), [(1, 1), (2, 0)])
def test_retro_equals_brute_force_minimax_position_by_position(
    tmp_path: Path, knights: int, soldiers: int
) -> None:
    directory = tmp_path / "t"
    solve(directory, knights=knights, soldiers=soldiers, threads=1)
    reader = Reader(directory)
    expected = brute_force(knights, soldiers)
    wrong = []
    slots = set()
    for (ks, ss, lord, side), want in expected.items():
        slot = reader.index(list(ks), list(ss), lord, side)
        slots.add(slot)
        got = reader.read(slot)
        if got != want:
            wrong.append((ks, ss, lord, side, got, want))
    assert not wrong, wrong[:5]  # mirror images share a slot, so this checks the symmetry too
    assert len(slots) == int(reader.layers[:, 6].sum())  # and every slot is some position
    assert len(slots) < 0.7 * len(expected)
    assert {WIN, LOSS} <= set(expected.values())  # the test has teeth: both results occur


def test_retro_tables_round_trip_and_resume_change_nothing(
    small_tables: Path, tmp_path: Path
) -> None:
    whole = np.fromfile(small_tables / "values.bin", dtype=np.uint8)
    again = RetroTables.open(small_tables)
    assert again.done == len(again.layers)
    assert np.array_equal(np.asarray(again.values), whole)
    # stopped in the middle (twice, one of them inside a checkpoint interval), then resumed
    resumed = tmp_path / "resumed"
    half = len(again.layers) // 2
    first = solve(resumed, knights=2, soldiers=1, threads=2, stop_after=half)
    assert first.layers_done == half
    assert RetroTables.open(resumed).done == half
    # a layer written after the last checkpoint but not counted is solved again on resume
    second = solve(resumed, knights=2, soldiers=1, threads=2, stop_after=half + 3)
    assert second.layers_done == half + 3
    solve(resumed, knights=2, soldiers=1, threads=1)
    assert np.array_equal(np.fromfile(resumed / "values.bin", dtype=np.uint8), whole)
    stats = np.load(small_tables / "stats.npy")[:, :6]
    assert np.array_equal(np.load(resumed / "stats.npy")[:, :6], stats)


def test_retro_two_threads_write_the_tables_of_one(small_tables: Path, tmp_path: Path) -> None:
    """The layer's blocks run on two threads that read each other's fresh values: that may save
    passes but must not change a value (the least fixpoint does not depend on the order)."""
    solve(tmp_path / "two", knights=2, soldiers=1, threads=2)
    whole = np.fromfile(small_tables / "values.bin", dtype=np.uint8)
    assert np.array_equal(np.fromfile(tmp_path / "two" / "values.bin", dtype=np.uint8), whole)
    stats = np.load(small_tables / "stats.npy")[:, :6]
    assert np.array_equal(np.load(tmp_path / "two" / "stats.npy")[:, :6], stats)


def test_retro_checker_finds_every_sampled_value_best_of_its_children(small_tables: Path) -> None:
    report = check_sample(small_tables, 2000, seed=5)
    assert report.checked == 2000
    assert report.mismatches == []
    assert report.counts["won"] and report.counts["lost"]


def test_retro_checker_catches_a_corrupted_table(small_tables: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(small_tables, broken)
    values = np.memmap(broken / "values.bin", dtype=np.uint8, mode="r+")
    swap = {DRAW: DRAW, WIN: LOSS, LOSS: WIN, 3: 3}
    lut = np.array(
        [sum(swap[b >> (2 * k) & 3] << (2 * k) for k in range(4)) for b in range(256)], np.uint8
    )
    values[:] = lut[values]  # won and lost swapped everywhere
    values.flush()
    report = check_sample(broken, 200, seed=1)
    decided = report.counts["won"] + report.counts["lost"]
    assert decided > 50
    assert len(report.mismatches) >= decided // 2


def test_retro_checker_scores_terminals_by_the_rules() -> None:
    reader_game = SiegeGame(opening_rule=False, max_quiet_moves=0)
    # the knight on c4 takes the lord on d6 at once: won for the attacker to move
    state = SiegeState.from_json(reader_game, {"knights": ["c4"], "soldiers": [], "lord": "d6"})

    class NoTable:
        def value_of(self, _state: SiegeState) -> int | None:
            return None

    assert expected_value(NoTable(), state) == WIN  # type: ignore[arg-type]
