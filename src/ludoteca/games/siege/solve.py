"""Solving Belagerung: can either side force a win from the starting position?

A compact engine of its own (bitboards over the 64 field numbers of `board.py`, positions as
tuples) runs an iterative-deepening proof search per side: "can the attacker force the capture
of the lord within d plies?", and "can the defender force the capture of all four knights?".
On this board no side is ever left without a move (the tests check every placement), so a win
is always a capture made by the winner's own move: the attacker is tried at odd depths and the
defender at even ones. A transposition table remembers, per position, the
deepest depth at which it is proved *not* a win, and the depth of a proved win.

Repetitions and the quiet-move rule are left out of the search. That is sound for the
question asked: a shortest forced win never repeats a position (each of the winner's positions
is strictly nearer the win), and every depth searched is far below the 200-move limit.

The search is resumable: after each completed depth it writes a JSON checkpoint (depths
proved, nodes, seconds), and a later run with the same checkpoint starts at the next depth.
`legal_moves` is tested to agree with the rules engine on many random positions.
"""

from __future__ import annotations

import importlib.util
import json
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import Progress as RichProgress
from rich.progress import SpinnerColumn, TextColumn, TimeElapsedColumn

from ludoteca.core.errors import StateFormatError
from ludoteca.games.siege.board import Board, load_board
from ludoteca.games.siege.game import (
    ATTACKER,
    DEFENDER,
    KNIGHT,
    LORD,
    OPENING_MOVES,
    SIDES,
    SOLDIER,
    SPAN,
    SiegeGame,
    SiegeState,
)

if TYPE_CHECKING:
    from ludoteca.games.siege.fast_solve import FastSolver

Position = tuple[int, int, int, int, int, int]
"""(knights bits, soldiers bits, lord field or -1, side to move, opening moves made, unmoved
soldiers' bits)."""
Move = tuple[int, int]

NO_LORD = -1


class OutOfTime(Exception):
    """The search budget ran out in the middle of a depth."""


@dataclass(frozen=True)
class Tables:
    """Per field, bit masks and lists of where each piece may go: built once from the board."""

    jumps: tuple[tuple[int, ...], ...]
    jump_bits: tuple[int, ...]
    step_bits: tuple[int, ...]
    diagonal_bits: tuple[int, ...]
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    crowns: tuple[int, int]
    moat_bits: int
    start_bits: int

    @classmethod
    def of(cls, board: Board) -> Tables:
        def bits(fields: Iterable[int]) -> int:
            return sum(1 << f for f in fields)

        return cls(
            jumps=board.knight_jumps,
            jump_bits=tuple(bits(t) for t in board.knight_jumps),
            step_bits=tuple(bits(t for t, _ in s) for s in board.soldier_steps),
            diagonal_bits=tuple(bits(t for t, d in s if d) for s in board.soldier_steps),
            rays=board.lord_rays,
            crowns=board.crowns,
            moat_bits=bits(board.moat),
            start_bits=bits(board.soldier_starts),
        )


def _fields(bits: int) -> Iterator[int]:
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def position_of(state: SiegeState) -> Position:
    """The solver's form of an engine position."""
    cells = state.cells
    knights = sum(1 << f for f in range(SPAN) if cells[f] == KNIGHT)
    soldiers = sum(1 << f for f in range(SPAN) if cells[f] == SOLDIER)
    lord = cells.index(LORD) if LORD in cells else NO_LORD
    unmoved = sum(1 << f for f in state.unmoved)
    return (knights, soldiers, lord, state.turn, state.opening_moves, unmoved)


class Rules:
    """Move generation and move making on `Position` tuples."""

    def __init__(self, board: Board) -> None:
        self.t = Tables.of(board)

    def knight_moves(self, pos: Position) -> list[Move]:
        knights = pos[0]
        jump_bits = self.t.jump_bits
        return [(f, to) for f in _fields(knights) for to in _fields(jump_bits[f] & ~knights)]

    def defender_moves(self, pos: Position) -> list[Move]:
        knights, soldiers, lord = pos[0], pos[1], pos[2]
        t = self.t
        prey = knights & ~t.moat_bits  # knights on the moat cannot be taken
        occupied = knights | soldiers | (1 << lord if lord >= 0 else 0)
        empty = ~occupied
        step_bits, diagonal_bits = t.step_bits, t.diagonal_bits
        moves = [
            (f, to)
            for f in _fields(soldiers)
            for to in _fields(step_bits[f] & empty | diagonal_bits[f] & prey)
        ]
        if lord >= 0:
            for ray in t.rays[lord]:
                for to in ray:
                    if empty >> to & 1:
                        moves.append((lord, to))
                        continue
                    if prey >> to & 1:
                        moves.append((lord, to))
                    break
            a, b = t.crowns
            if lord in t.crowns:
                other = b if lord == a else a
                if (empty | prey) >> other & 1:
                    moves.append((lord, other))
        return moves

    def capture_possible(self, pos: Position) -> bool:
        knights, soldiers, lord = pos[0], pos[1], pos[2]
        t = self.t
        prey = soldiers | (1 << lord if lord >= 0 else 0)
        if any(t.jump_bits[f] & prey for f in _fields(knights)):
            return True
        return any(knights >> to & 1 for _, to in self.defender_moves(pos))

    def takes_all_now(self, pos: Position, side: int) -> bool:
        """Whether `side`, to move, can win with this move: take the lord, or the last knight."""
        knights, lord = pos[0], pos[2]
        if side == ATTACKER:
            jump_bits = self.t.jump_bits
            return lord >= 0 and any(jump_bits[f] >> lord & 1 for f in _fields(knights))
        if knights & (knights - 1):
            return False
        return any(knights >> to & 1 for _, to in self.defender_moves(pos))

    def legal_moves(self, pos: Position) -> list[Move]:
        """The moves of the side to move, the opening exception included."""
        if pos[3] == ATTACKER:
            return self.knight_moves(pos)
        free = self.defender_moves(pos)
        if pos[4] >= OPENING_MOVES or self.capture_possible(pos):
            return free
        unmoved, starts = pos[5], self.t.start_bits
        opening = [m for m in free if unmoved >> m[0] & 1 and not starts >> m[1] & 1]
        return opening or free

    def play(self, pos: Position, move: Move) -> Position:
        knights, soldiers, lord, side, opened, unmoved = pos
        f, to = move
        here, there = 1 << f, 1 << to
        if side == ATTACKER:
            knights ^= here | there
            soldiers &= ~there
            if lord == to:
                lord = NO_LORD
        else:
            knights &= ~there
            if lord == f:
                lord = to
            else:
                soldiers ^= here | there
            if opened < OPENING_MOVES:
                opened += 1
        unmoved &= ~(here | there)
        return (knights, soldiers, lord, 1 - side, opened, unmoved)


def start_position() -> Position:
    """The starting position under the default rulings."""
    return position_of(SiegeGame().new_initial_state(seed=0))


@dataclass
class Progress:
    """What has been proved so far; the checkpoint file holds exactly this."""

    attacker_no_win_plies: int = 0
    defender_no_win_plies: int = 0
    winner: str | None = None
    win_plies: int | None = None
    nodes: int = 0
    seconds: float = 0.0
    start: list[int] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    def summary(self) -> str:
        if self.winner:
            return (
                f"solved: the {self.winner} wins (forced win in {self.win_plies} plies);"
                f" {self.nodes:,} nodes, {self.seconds:.0f} s"
            )
        return (
            f"not solved: the attacker cannot force a win within"
            f" {self.attacker_no_win_plies} plies, the defender not within"
            f" {self.defender_no_win_plies} plies; {self.nodes:,} nodes, {self.seconds:.0f} s"
        )


class Solver:
    """Iterative-deepening proof search with a transposition table, for one side at a time."""

    def __init__(
        self, rules: Rules, deadline: float | None = None, table_limit: int = 4_000_000
    ) -> None:
        self.rules = rules
        self.table_limit = table_limit
        self.deadline = deadline
        self.nodes = 0
        self.table: dict[tuple[Position, int], int] = {}
        """(position, winner) -> plies proved not enough (>= 0), or -plies of a proved win."""
        self.refutations: dict[tuple[Position, int], Move] = {}
        """(position, winner) -> the loser's reply that last refuted the winner there."""

    def wins(self, pos: Position, winner: int, depth: int) -> bool:
        """Whether `winner` can force a win within `depth` plies from `pos`."""
        if depth < 3 and pos[3] == winner:  # a later move of the winner would come too late
            self.nodes += 1
            return depth >= 1 and self.rules.takes_all_now(pos, winner)
        if depth < 2:
            return False
        key = (pos, winner)
        known = self.table.get(key)
        if known is not None:
            if known < 0:
                return -known <= depth
            if known >= depth:
                return False
        self.nodes += 1
        if self.nodes & 0x3FFF == 0 and self.deadline and time.monotonic() > self.deadline:
            raise OutOfTime
        if self.nodes & 0xFFFF == 0:
            self.trim()
        result = self._search(pos, winner, depth)
        if result:
            self.table[key] = -depth
        elif known is None or depth > known:
            self.table[key] = depth
        return result

    def _search(self, pos: Position, winner: int, depth: int) -> bool:
        rules = self.rules
        if pos[3] == winner:
            if rules.takes_all_now(pos, winner):
                return True
            return any(
                self.wins(rules.play(pos, move), winner, depth - 1)
                for move in _captures_first(pos, rules.legal_moves(pos))
            )
        if rules.takes_all_now(pos, 1 - winner):
            return False  # the loser wins at once
        key = (pos, winner)
        moves = _captures_first(pos, rules.legal_moves(pos))
        first = self.refutations.get(key)
        if first is not None:
            moves.remove(first)
            moves.insert(0, first)
        for move in moves:
            if not self.wins(rules.play(pos, move), winner, depth - 1):
                self.refutations[key] = move
                return False
        return True

    def trim(self) -> None:
        """Forget the table when it outgrows its budget (the search stays correct, only slower)."""
        if len(self.table) > self.table_limit:
            self.table.clear()
            self.refutations.clear()


def make_solver(
    deadline: float | None,
    checkpoint: Path | None,
    compiled: bool | None,
    table_slots: int | None = None,
) -> Solver | FastSolver:
    """The compiled solver when numba is installed (or `compiled` says so), else this module's.

    The compiled one keeps its table beside the checkpoint (`.table`, a memory-mapped file), so
    a resumed run starts with every position earlier runs proved."""
    if compiled is None:
        compiled = importlib.util.find_spec("numba") is not None
    if not compiled:
        return Solver(Rules(load_board()), deadline)
    # Only now that numba (the fast extra) is known to be there: the compiled half needs it.
    from ludoteca.games.siege.fast_solve import DEFAULT_SLOTS, FastSolver, Table

    path = None if checkpoint is None else checkpoint.with_suffix(".table")
    return FastSolver(SiegeGame(), deadline, Table.create(table_slots or DEFAULT_SLOTS, path))


def _captures_first(pos: Position, moves: list[Move]) -> list[Move]:
    """Captures before quiet moves: the order in which moves are tried."""
    enemy = pos[1] | (1 << pos[2] if pos[2] >= 0 else 0) if pos[3] == ATTACKER else pos[0]
    captures = [move for move in moves if enemy >> move[1] & 1]
    if not captures:
        return moves
    return captures + [move for move in moves if not enemy >> move[1] & 1]


def solve(
    *,
    seconds: float | None = None,
    max_depth: int = 200,
    checkpoint: Path | None = None,
    start: Position | None = None,
    report: Callable[[Progress], None] | None = None,
    compiled: bool | None = None,
    table_slots: int | None = None,
) -> Progress:
    """Deepen both sides' searches in turn until one wins, the depth or the time runs out.

    `compiled`: search on the compiled kernel (`fast_solve`); None: whenever numba is there.
    `table_slots`: the size of its table when a new one is made (default `DEFAULT_SLOTS`)."""
    pos = start if start is not None else start_position()
    progress = Progress(start=list(pos))
    if checkpoint is not None and checkpoint.exists():
        try:
            progress = Progress(**json.loads(checkpoint.read_text("utf-8")))
        except (ValueError, TypeError) as exc:
            raise StateFormatError(f"{checkpoint} is not a siege solver checkpoint: {exc}") from exc
        if progress.start != list(pos):
            raise StateFormatError(f"{checkpoint} belongs to another starting position")
    begun = time.monotonic()
    before = progress.seconds
    solver = make_solver(
        None if seconds is None else begun + seconds, checkpoint, compiled, table_slots
    )
    try:
        while progress.winner is None and (seconds is None or seconds > 0):  # 0: only report
            depth = max(progress.attacker_no_win_plies, progress.defender_no_win_plies) + 1
            if depth > max_depth:
                break
            winner = ATTACKER if (depth % 2 == 1) == (pos[3] == ATTACKER) else DEFENDER
            won = solver.wins(pos, winner, depth)
            progress.nodes += solver.nodes
            solver.nodes = 0
            progress.seconds = before + time.monotonic() - begun
            if won:
                progress.winner, progress.win_plies = SIDES[winner], depth
            elif winner == ATTACKER:
                progress.attacker_no_win_plies = depth
                progress.defender_no_win_plies = max(progress.defender_no_win_plies, depth - 1)
            else:
                progress.defender_no_win_plies = depth
                progress.attacker_no_win_plies = max(progress.attacker_no_win_plies, depth - 1)
            progress.log.append(
                f"depth {depth}: {SIDES[winner]} {'wins' if won else 'cannot force a win'};"
                f" nodes {progress.nodes:,}, table {len(solver.table):,},"
                f" {progress.seconds:.1f} s"
            )
            if checkpoint is not None:
                _keep_table(solver)
                checkpoint.write_text(json.dumps(asdict(progress), indent=1), "utf-8")
            if report is not None:
                report(progress)
    except OutOfTime:
        progress.nodes += solver.nodes
        progress.seconds = before + time.monotonic() - begun
        _keep_table(solver)  # what the unfinished depth proved is kept for the next run
    return progress


def _keep_table(solver: Solver | FastSolver) -> None:
    if not isinstance(solver, Solver):
        solver.table.flush()


def run(
    console: Console,
    *,
    seconds: float | None,
    max_depth: int,
    checkpoint: Path | None,
) -> Progress:
    """`ludoteca solve siege`: the search with a Rich progress line per completed depth."""
    with RichProgress(
        SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), console=console
    ) as bar:
        task = bar.add_task("searching", total=None)

        def report(progress: Progress) -> None:
            bar.console.print(progress.log[-1])
            depth = max(progress.attacker_no_win_plies, progress.defender_no_win_plies) + 1
            bar.update(task, description=f"searching depth {depth}")

        result = solve(
            seconds=seconds,
            max_depth=max_depth,
            checkpoint=checkpoint,
            report=report,
        )
    console.print(result.summary())
    return result
