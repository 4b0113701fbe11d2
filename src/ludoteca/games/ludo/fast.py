"""Mens erger je niet compiled: the rules of `game.py` on flat integer arrays, with numba.

A batch of positions is one int32 array with a row per game and the fields of `LudoState` at
fixed columns (`S_*` below); a game's configuration (board, colours, options) is one int64
array (`C_*`), built from the same `LudoGame`, so the board data still comes from `board.json`
alone. Each kernel function mirrors the method of `LudoState` it is named after, step for step,
down to the order pawns are kept in, so a fast row and a reference state convert both ways
(`to_row`, `to_state`) and `ludoteca.vector.check` can compare the two engines action by action.

Chance is scheme 1 of `core.chance`, bit for bit: SplitMix64 of the game's seed and the history
position in unsigned 64-bit arithmetic, then `pick` over the same float probabilities. The row
keeps the history's length (`S_STEP`), not the history itself.

numba is the `ludoteca[fast]` extra; only `ludoteca.vector` and `fast_search` (the compiled
`mcts`, found through `agents.kernels`) import this module.
"""

from __future__ import annotations

import itertools

import numpy as np
import numpy.typing as npt

from ludoteca.core.api import CHANCE, TERMINAL
from ludoteca.core.fastrng import MASK64, kernel, seeded_uniform
from ludoteca.games.ludo.game import MOVE, OVER, ROLL, START, LudoGame, LudoState
from ludoteca.games.ludo.tensor import GOALS, MAX_TRIES, shape

Rows = npt.NDArray[np.int32]
Config = npt.NDArray[np.int64]
Seeds = npt.NDArray[np.uint64]

MAX_COLOURS = 6
MAX_TRACK = 48
# -- configuration columns --------------------------------------------------------------------
C_TRACK, C_SIZE, C_COLOURS_IN_PLAY, C_PLAYERS, C_ENTER = range(5)
C_CAPTURE_OWN, C_CLEAR_START, C_MOVE_NEW_PAWN, C_GOAL_BOUNCE, C_GOAL_JUMP = range(5, 10)
C_THREE_TRIES, C_MUST_CAPTURE, C_PLAY_OUT, C_FIRST = range(10, 14)
C_COLOURS = 16  # the colours in play, in turn order
C_OWNER = C_COLOURS + MAX_COLOURS  # seat of each board colour (-1: not in play)
C_ENTRIES = C_OWNER + MAX_COLOURS  # track circle A of each board colour
CONFIG_WIDTH = C_ENTRIES + MAX_COLOURS
# -- position columns -------------------------------------------------------------------------
S_TURN, S_PHASE, S_DIE, S_MUST_MOVE, S_TRIES, S_FINISHED_COUNT, S_STEP = range(7)
S_FINISHED = 7  # seats in the order they finished
S_GOAL = S_FINISHED + MAX_COLOURS  # goal-circle bit mask per board colour
S_PAWNS = S_GOAL + MAX_COLOURS  # four progress values per board colour (-1: reserve)
S_OCCUPANT = S_PAWNS + 4 * MAX_COLOURS  # colour on each track circle (-1: empty)
ROW_WIDTH = S_OCCUPANT + MAX_TRACK


def config(game: LudoGame) -> Config:
    """The kernel's view of `game`: sizes, options and colour tables in one int64 array."""
    cfg = np.zeros(CONFIG_WIDTH, dtype=np.int64)
    cfg[C_TRACK] = game.track_length
    cfg[C_SIZE] = game.board.size
    cfg[C_COLOURS_IN_PLAY] = len(game.colours)
    cfg[C_PLAYERS] = game.num_players
    cfg[C_ENTER] = game.enter_action
    flags = (
        game.capture_own,
        game.clear_start,
        game.move_new_pawn,
        game.goal_bounce,
        game.goal_jump,
        game.three_tries,
        game.must_capture,
        game.play_out,
    )
    cfg[C_CAPTURE_OWN : C_PLAY_OUT + 1] = flags
    cfg[C_FIRST] = 0 if game.options["start_pawn_on_a"] else -1
    cfg[C_COLOURS : C_COLOURS + len(game.colours)] = game.colours
    size = game.board.size
    cfg[C_OWNER : C_OWNER + MAX_COLOURS] = -1
    cfg[C_OWNER : C_OWNER + size] = game.owner
    cfg[C_ENTRIES : C_ENTRIES + size] = game.entries
    return cfg


def num_actions(game: LudoGame) -> int:
    """Action ids 0..L+4 (see `game.py`): the width of a legal-action mask."""
    return game.enter_action + 1


# -- chance (core.chance scheme 1) ------------------------------------------------------------
SIXTHS = tuple(itertools.accumulate([1 / 6] * 6))
"""The sums `core.chance.pick` compares a die's uniform draw with, summed as it sums them."""


@kernel
def chance_outcomes(
    cfg: Config, s: Rows, i: int, actions: npt.NDArray[np.int64], probs: npt.NDArray[np.float64]
) -> int:
    """`LudoState.chance_outcomes` into two arrays: die faces 1/6 each, or the first seat."""
    phase = s[i, S_PHASE]
    if phase == ROLL:
        for k in range(6):
            actions[k], probs[k] = k + 1, 1 / 6
        return 6
    if phase == START:
        players = cfg[C_PLAYERS]
        for k in range(players):
            actions[k], probs[k] = k, 1 / players
        return int(players)
    return 0


@kernel
def chance_outcome(cfg: Config, s: Rows, i: int, u: float) -> int:
    """`core.chance.pick` over `chance_outcomes`, inline: no arrays in the hot loop."""
    if s[i, S_PHASE] == ROLL:  # u * 6 is the face but near a boundary `pick`'s sums decide
        face = min(int(u * 6.0), 5)
        while face > 0 and u < SIXTHS[face - 1]:
            face -= 1
        while face < 5 and u >= SIXTHS[face]:
            face += 1
        return face + 1
    first, count, p = 0, cfg[C_PLAYERS], 1 / cfg[C_PLAYERS]
    total = 0.0
    for k in range(count):
        total += p
        if u < total:
            return int(first + k)
    return int(first + count - 1)


# -- the rules (LudoState's methods) ----------------------------------------------------------
@kernel
def current_player(cfg: Config, s: Rows, i: int) -> int:
    phase = s[i, S_PHASE]
    if phase == MOVE:
        return int(cfg[C_OWNER + cfg[C_COLOURS + s[i, S_TURN]]])
    if phase == OVER:
        return TERMINAL
    return CHANCE


@kernel
def _progress(cfg: Config, colour: int, square: int) -> int:
    track = cfg[C_TRACK]
    if square >= track:
        return square
    return int((square - cfg[C_ENTRIES + colour] + track) % track)


@kernel
def _square(cfg: Config, colour: int, progress: int) -> int:
    track = cfg[C_TRACK]
    if progress >= track:
        return progress
    return int((cfg[C_ENTRIES + colour] + progress) % track)


@kernel
def _goal_path_blocked(
    cfg: Config, s: Rows, i: int, colour: int, progress: int, die: int, target: int
) -> bool:
    track = cfg[C_TRACK]
    last = track + 3
    mask = s[i, S_GOAL + colour]
    if progress >= track:
        mask &= ~(1 << (progress - track))
    for circle in range(max(progress + 1, track), min(progress + die, last) + 1):
        if circle != target and (mask >> (circle - track)) & 1:
            return True
    if progress + die > last:
        for circle in range(last - 1, target, -1):
            if (mask >> (circle - track)) & 1:
                return True
    return False


@kernel
def _target(cfg: Config, s: Rows, i: int, colour: int, progress: int, die: int) -> int:
    track = cfg[C_TRACK]
    last = track + 3
    target = progress + die
    if target > last:
        if not cfg[C_GOAL_BOUNCE]:
            return -1
        target = 2 * last - target
        if target < track:
            return -1
    if target == progress:
        return -1
    if target >= track:
        if (s[i, S_GOAL + colour] >> (target - track)) & 1:
            return -1
        if not cfg[C_GOAL_JUMP] and _goal_path_blocked(cfg, s, i, colour, progress, die, target):
            return -1
        return target
    if not cfg[C_CAPTURE_OWN]:
        square = (cfg[C_ENTRIES + colour] + target) % track
        if s[i, S_OCCUPANT + square] == colour:
            return -1
    return target


@kernel
def _captures(cfg: Config, s: Rows, i: int, colour: int, square: int, die: int) -> bool:
    track = cfg[C_TRACK]
    target = _target(cfg, s, i, colour, _progress(cfg, colour, square), die)
    if target >= track:
        return False
    victim = s[i, S_OCCUPANT + (cfg[C_ENTRIES + colour] + target) % track]
    return bool(victim >= 0 and cfg[C_OWNER + victim] != cfg[C_OWNER + colour])


@kernel
def moves(cfg: Config, s: Rows, i: int, out: npt.NDArray[np.int64]) -> int:
    """The legal actions of the colour to move into `out` (sorted); returns how many."""
    colour = cfg[C_COLOURS + s[i, S_TURN]]
    die = s[i, S_DIE]
    entry = cfg[C_ENTRIES + colour]
    pawns = S_PAWNS + 4 * colour
    must = s[i, S_MUST_MOVE]
    if must >= 0:
        if _target(cfg, s, i, colour, _progress(cfg, colour, must), die) >= 0:
            out[0] = must
            return 1
        return 0
    waiting = False
    for k in range(4):
        if s[i, pawns + k] == -1:
            waiting = True
    if die == 6 and waiting and (cfg[C_CAPTURE_OWN] or s[i, S_OCCUPANT + entry] != colour):
        out[0] = cfg[C_ENTER]
        return 1
    count = 0
    for k in range(4):
        p = s[i, pawns + k]
        if p >= 0 and _target(cfg, s, i, colour, p, die) >= 0:
            out[count] = _square(cfg, colour, p)
            count += 1
    if count > 1:
        if cfg[C_CLEAR_START] and waiting and s[i, S_OCCUPANT + entry] == colour:
            for k in range(count):
                if out[k] == entry:
                    out[0] = entry
                    return 1
        if cfg[C_MUST_CAPTURE]:
            captures = 0
            for k in range(count):
                if _captures(cfg, s, i, colour, out[k], die):
                    out[captures] = out[k]
                    captures += 1
            if captures:
                count = captures
        for k in range(1, count):  # insertion sort: at most four moves
            value = out[k]
            j = k - 1
            while j >= 0 and out[j] > value:
                out[j + 1] = out[j]
                j -= 1
            out[j + 1] = value
    return count


@kernel
def _stuck(cfg: Config, s: Rows, i: int, colour: int) -> bool:
    track = cfg[C_TRACK]
    pawns = S_PAWNS + 4 * colour
    for k in range(4):
        if 0 <= s[i, pawns + k] < track:
            return False
    for k in range(4):
        p = s[i, pawns + k]
        if p >= 0:
            for die in range(1, 6):
                if _target(cfg, s, i, colour, p, die) >= 0:
                    return False
    return True


@kernel
def _is_finished(s: Rows, i: int, seat: int) -> bool:
    for k in range(s[i, S_FINISHED_COUNT]):  # noqa: SIM110 (numba compiles loops, not any())
        if s[i, S_FINISHED + k] == seat:
            return True
    return False


@kernel
def _next_turn(cfg: Config, s: Rows, i: int) -> None:
    count = cfg[C_COLOURS_IN_PLAY]
    turn = s[i, S_TURN]
    for _ in range(count):
        turn = (turn + 1) % count
        colour = cfg[C_COLOURS + turn]
        if s[i, S_GOAL + colour] != 15 and not _is_finished(s, i, cfg[C_OWNER + colour]):
            break
    s[i, S_TURN] = turn
    s[i, S_PHASE] = ROLL
    s[i, S_DIE] = 0
    s[i, S_TRIES] = 0
    s[i, S_MUST_MOVE] = -1


@kernel
def _roll(cfg: Config, s: Rows, i: int, die: int, buffer: npt.NDArray[np.int64]) -> int:
    s[i, S_DIE] = die
    count = moves(cfg, s, i, buffer)
    if count:
        s[i, S_PHASE] = MOVE
        return count
    s[i, S_MUST_MOVE] = -1
    if die == 6:
        s[i, S_TRIES] = 0
    elif (
        cfg[C_THREE_TRIES]
        and s[i, S_TRIES] < 2
        and _stuck(cfg, s, i, cfg[C_COLOURS + s[i, S_TURN]])
    ):
        s[i, S_TRIES] += 1
    else:
        _next_turn(cfg, s, i)
    return 0


@kernel
def _pawn_index(s: Rows, i: int, colour: int, progress: int) -> int:
    """`pawns.index(progress)`: the first of the colour's pawns at that progress."""
    for k in range(4):
        if s[i, S_PAWNS + 4 * colour + k] == progress:
            return S_PAWNS + 4 * colour + k
    return -1


@kernel
def _capture(cfg: Config, s: Rows, i: int, square: int) -> None:
    victim = s[i, S_OCCUPANT + square]
    if victim >= 0:
        s[i, _pawn_index(s, i, victim, _progress(cfg, victim, square))] = -1


@kernel
def _move(cfg: Config, s: Rows, i: int, action: int) -> None:
    track = cfg[C_TRACK]
    colour = cfg[C_COLOURS + s[i, S_TURN]]
    entry = cfg[C_ENTRIES + colour]
    s[i, S_PHASE] = ROLL
    s[i, S_TRIES] = 0
    if action == cfg[C_ENTER]:
        s[i, _pawn_index(s, i, colour, -1)] = 0
        _capture(cfg, s, i, entry)
        s[i, S_OCCUPANT + entry] = colour
        s[i, S_MUST_MOVE] = entry if cfg[C_MOVE_NEW_PAWN] else -1
        return
    s[i, S_MUST_MOVE] = -1
    die = s[i, S_DIE]
    progress = _progress(cfg, colour, action)
    target = _target(cfg, s, i, colour, progress, die)
    s[i, _pawn_index(s, i, colour, progress)] = target
    if progress < track:
        s[i, S_OCCUPANT + action] = -1
    else:
        s[i, S_GOAL + colour] &= ~(1 << (progress - track))
    if target < track:
        square = (entry + target) % track
        _capture(cfg, s, i, square)
        s[i, S_OCCUPANT + square] = colour
        if die != 6:
            _next_turn(cfg, s, i)
        return
    s[i, S_GOAL + colour] |= 1 << (target - track)
    seat = cfg[C_OWNER + colour]
    if s[i, S_GOAL + colour] == 15 and _seat_home(cfg, s, i, seat):
        s[i, S_FINISHED + s[i, S_FINISHED_COUNT]] = seat
        s[i, S_FINISHED_COUNT] += 1
        players = cfg[C_PLAYERS]
        if not cfg[C_PLAY_OUT] or s[i, S_FINISHED_COUNT] == players - 1:
            if cfg[C_PLAY_OUT]:
                for other in range(players):
                    if not _is_finished(s, i, other):
                        s[i, S_FINISHED + s[i, S_FINISHED_COUNT]] = other
                        s[i, S_FINISHED_COUNT] += 1
            s[i, S_PHASE] = OVER
            s[i, S_DIE] = 0
            return
        _next_turn(cfg, s, i)
    elif die != 6 or s[i, S_GOAL + colour] == 15:
        _next_turn(cfg, s, i)


@kernel
def _seat_home(cfg: Config, s: Rows, i: int, seat: int) -> bool:
    for k in range(cfg[C_COLOURS_IN_PLAY]):
        colour = cfg[C_COLOURS + k]
        if cfg[C_OWNER + colour] == seat and s[i, S_GOAL + colour] != 15:
            return False
    return True


@kernel
def apply(cfg: Config, s: Rows, i: int, action: int, buffer: npt.NDArray[np.int64]) -> int:
    """`State.apply_action` for an action known to be legal (chance outcomes included).

    A die roll that leaves a decision writes its legal moves into `buffer` and returns how
    many (so a playout need not work them out again); every other action returns 0.
    """
    phase = s[i, S_PHASE]
    count = 0
    if phase == ROLL:
        count = _roll(cfg, s, i, action, buffer)
    elif phase == MOVE:
        _move(cfg, s, i, action)
    else:  # START: seat k's first colour is colours[k], so the turn index is the seat
        s[i, S_TURN] = action
        s[i, S_PHASE] = ROLL
    s[i, S_STEP] += 1
    return count


@kernel
def initial(cfg: Config, s: Rows, i: int) -> None:
    """`LudoState.__init__`: the position before the starting seat is drawn."""
    s[i, :] = 0
    first = cfg[C_FIRST]
    s[i, S_OCCUPANT : S_OCCUPANT + MAX_TRACK] = -1
    s[i, S_PAWNS : S_PAWNS + 4 * MAX_COLOURS] = -1
    s[i, S_FINISHED : S_FINISHED + MAX_COLOURS] = -1
    for k in range(cfg[C_COLOURS_IN_PLAY]):
        colour = cfg[C_COLOURS + k]
        s[i, S_PAWNS + 4 * colour] = first
        if first == 0:
            s[i, S_OCCUPANT + cfg[C_ENTRIES + colour]] = colour
    s[i, S_PHASE] = START
    s[i, S_MUST_MOVE] = -1


@kernel
def resolve_chance(
    cfg: Config, s: Rows, seeds: Seeds, i: int, max_length: int, buffer: npt.NDArray[np.int64]
) -> None:
    """Draw chance outcomes from the game's seed until a seat must act, the game ends or the
    length cap is reached (`interop.episode.Episode._resolve_chance`)."""
    while s[i, S_PHASE] < MOVE and s[i, S_STEP] < max_length:
        u = seeded_uniform(seeds[i], s[i, S_STEP])
        apply(cfg, s, i, chance_outcome(cfg, s, i, u), buffer)


@kernel
def returns(cfg: Config, s: Rows, i: int, out: npt.NDArray[np.float64]) -> None:
    """`LudoState.returns` into `out`."""
    players = cfg[C_PLAYERS]
    out[:players] = 0.0
    if s[i, S_PHASE] != OVER:
        return
    if cfg[C_PLAY_OUT]:
        for rank in range(s[i, S_FINISHED_COUNT]):
            out[s[i, S_FINISHED + rank]] = 1 - 2 * rank / (players - 1)
        return
    winner = s[i, S_FINISHED]
    for seat in range(players):
        out[seat] = 1.0 if seat == winner else -1 / (players - 1)


@kernel
def encode(cfg: Config, s: Rows, i: int, seat: int, out: npt.NDArray[np.float32]) -> None:
    """`tensor.encode(state, seat)` into `out` (already zeroed)."""
    track = cfg[C_TRACK]
    row = track + GOALS + 1
    count = cfg[C_COLOURS_IN_PLAY]
    players = cfg[C_PLAYERS]
    origin = cfg[C_ENTRIES + cfg[C_COLOURS + seat]]
    for j in range(count):
        colour = cfg[C_COLOURS + (j + seat) % count]
        base = j * row
        offset = cfg[C_ENTRIES + colour] - origin
        reserve = 0
        for k in range(4):
            progress = s[i, S_PAWNS + 4 * colour + k]
            if progress == -1:
                reserve += 1
            elif progress < track:
                out[base + (progress + offset + track) % track] = 1.0
            else:
                out[base + progress] = 1.0
        out[base + track + GOALS] = reserve / 4
    at = count * row
    out[at + (s[i, S_TURN] - seat + count) % count] = 1.0
    at += count
    out[at + s[i, S_PHASE]] = 1.0
    at += 4
    if s[i, S_DIE]:
        out[at + s[i, S_DIE] - 1] = 1.0
    at += 6
    out[at] = 1.0 if s[i, S_MUST_MOVE] >= 0 else 0.0
    out[at + 1] = min(s[i, S_TRIES], MAX_TRIES) / MAX_TRIES
    at += 2
    for rank in range(s[i, S_FINISHED_COUNT]):
        out[at + (s[i, S_FINISHED + rank] - seat + players) % players] = (players - rank) / players


# -- conversion both ways ---------------------------------------------------------------------
def new_rows(batch: int) -> Rows:
    return np.zeros((batch, ROW_WIDTH), dtype=np.int32)


def row_values(state: LudoState) -> list[int]:
    """Reference `state` as the values of a kernel row, column by column."""
    size = state.game.board.size
    finished = state.finished
    values = [
        state.turn,
        state.phase,
        state.die,
        state.must_move,
        state.tries,
        len(finished),
        len(state._history),
    ]
    values += finished
    values += _PADDING[MAX_COLOURS - len(finished)]
    values += state.goal_mask
    values += _ZEROS[MAX_COLOURS - size]
    for pawns in state.pawns:
        values += pawns or _PADDING[4]
    values += _PADDING[4 * (MAX_COLOURS - size)]
    values += state.occupant
    values += _PADDING[MAX_TRACK - len(state.occupant)]
    return values


_PADDING = [[-1] * n for n in range(MAX_TRACK + 1)]
_ZEROS = [[0] * n for n in range(MAX_COLOURS + 1)]


def to_row(state: LudoState, rows: Rows, i: int) -> np.uint64:
    """Write reference `state` into row `i`; returns its seed for the kernel's seed array."""
    rows[i, :] = row_values(state)
    return np.uint64(state.seed & MASK64)


def to_state(
    game: LudoGame, rows: Rows, i: int, seed: int, history: list[int] | None = None
) -> LudoState:
    """The reference state of row `i`.

    The row keeps only the history's length; pass the actions (`history`) to get a state that
    continues with the same chance outcomes. Without them the state has an empty history, so its
    chance draws restart at step 0 of `seed`.
    """
    row = rows[i]
    if history is not None and len(history) != row[S_STEP]:
        raise ValueError(f"the row has {row[S_STEP]} actions of history, not {len(history)}")
    state = LudoState(game, seed)
    state.turn = int(row[S_TURN])
    state.phase = int(row[S_PHASE])
    state.die = int(row[S_DIE])
    state.must_move = int(row[S_MUST_MOVE])
    state.tries = int(row[S_TRIES])
    state.finished = [int(x) for x in row[S_FINISHED : S_FINISHED + row[S_FINISHED_COUNT]]]
    for colour in game.colours:
        state.goal_mask[colour] = int(row[S_GOAL + colour])
        state.pawns[colour] = [int(p) for p in row[S_PAWNS + 4 * colour : S_PAWNS + 4 * colour + 4]]
    state.occupant = [int(c) for c in row[S_OCCUPANT : S_OCCUPANT + game.track_length]]
    state._history = list(history or [])
    return state


def observation_size(game: LudoGame) -> int:
    return int(shape(game)[0])
