"""Bremer Stadtmusikanten compiled: the rules of `game.py` on flat integer arrays, with numba.

A batch of positions is one int32 array with a row per game and the fields of `BremenState` at
fixed columns (`S_*` below): each field's stack bottom to top, each animal's field, the robber,
scores, whose turn, phase, dice, the dice left in order, the turn's flags, the winner and the
history's length. A game's configuration is one int64 array (`C_*`) built from the same
`BremenGame`: seats, variant, colour tables, and the walks of `board.py` as tables (the fields
an animal reaches in exactly n steps, as a bit mask per field, steps, seat and single animal or
stack; every robber walk in `robber_paths` order), so the board still comes from `board.json`
alone. Each kernel function mirrors the method of `BremenState` it is named after, step for
step (the turbulent variant's trial landings on a copy of the row included), so a fast row and
a reference state convert both ways (`to_row`, `to_state`).

Chance is scheme 1 of `core.chance`, bit for bit (`core.fastrng.seeded_uniform`), then
`pick` over the same 36 rolls of 1/36 (or the starting seat).

numba is the `ludoteca[fast]` extra; only `ludoteca.vector` imports this module.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.api import CHANCE, TERMINAL
from ludoteca.core.fastrng import MASK64, seeded_uniform
from ludoteca.games.bremen.board import MAX_STEPS, load_board
from ludoteca.games.bremen.constants import (
    ANIMALS,
    MOVE,
    NEUTRAL,
    OVER,
    R_FACE,
    ROBBER,
    ROLL,
    START,
    TARGET,
)
from ludoteca.games.bremen.game import BremenGame, BremenState
from ludoteca.games.bremen.tensor import DICE_LEFT, MAX_SCORE, _colour_order, shape

Rows = npt.NDArray[np.int32]
Config = npt.NDArray[np.int64]
Seeds = npt.NDArray[np.uint64]
Work = npt.NDArray[np.int64]
Scratch = tuple[Rows, Work]
"""Two trial rows (`T_*`) and rows of int64 work space (`W_*`), so that no call allocates."""

_BOARD = load_board()
FIELDS = _BOARD.size
PATHS = len(_BOARD.robber_paths())
COLOURS = len(_BOARD.colours)
MAX_SEATS = BremenGame.max_players
HIGH = 4  # a stack holds at most one animal of each size
MAX_LEGAL = 2 * ANIMALS * FIELDS  # room for every legal action of one decision
PATH_WIDTH = MAX_STEPS + 2  # a robber walk: its steps, then its start and the fields entered
# -- configuration columns --------------------------------------------------------------------
C_PLAYERS, C_HARDER, C_TURBULENT, C_HOUSE, C_BRIDGES, C_ROBBER_BASE = range(6)
C_OWNER = 8  # seat of each colour (-1: neutral)
C_HOME = C_OWNER + COLOURS  # the start field each animal began on
C_STARTS = C_HOME + ANIMALS  # the start field of each colour
C_WALLS = C_STARTS + COLOURS  # per seat: the other colours' start fields, as a bit mask
C_OWN_STARTS = C_WALLS + MAX_SEATS  # per seat: its own start fields, as a bit mask
C_RELATIVE = C_OWN_STARTS + MAX_SEATS  # per seat and colour: the colour's place in its tensor
C_REACH = C_RELATIVE + MAX_SEATS * COLOURS  # ends of walks: [field, steps - 1, seat, single]
C_PATH_FIRST = C_REACH + FIELDS * MAX_STEPS * MAX_SEATS * 2  # robber walks from each field:
C_PATH_END = C_PATH_FIRST + FIELDS  # indices first..end-1
C_PATHS = C_PATH_END + FIELDS  # PATH_WIDTH per robber walk (-1 padding)
CONFIG_WIDTH = C_PATHS + PATHS * PATH_WIDTH
# -- position columns -------------------------------------------------------------------------
S_PHASE, S_TURN, S_PLAIN, S_RDIE, S_LEFT_COUNT, S_LEFT = range(6)  # S_LEFT: two dice in order
S_MOVED, S_MUST_LEAVE, S_ON_TOP, S_WINNER, S_ROBBER, S_STEP = range(7, 13)
S_SCORES = 13  # per seat (0 past the seats in play)
S_AT = S_SCORES + MAX_SEATS  # the field of each animal
S_HEIGHT = S_AT + ANIMALS  # animals on each field
S_STACK = S_HEIGHT + FIELDS  # HIGH per field, bottom to top (-1 padding)
ROW_WIDTH = S_STACK + HIGH * FIELDS
# -- scratch: the work arrays of the kernel's calls, made once per loop (`new_scratch`) ------
T_LEAVE, T_SEND, T_ROB = range(3)  # trial rows: `_can_leave`'s, `_sends_back`'s and a
# storm's landing, a robber walk's
W_PENDING, W_LEAVE_MOVES, W_LEAVE_PENDING, W_MOVES, W_ENDS, W_MASKS, W_SMALL = range(7)
RIDERS, SENT, MERGED = 0, HIGH, 2 * HIGH  # places in row W_SMALL: HIGH, HIGH and HIGH + 1 wide
STRANDED = 3 * HIGH + 1  # in row W_SMALL: 1 once an animal sent home found no start field
# where the turbulent set-up rule holds (`BremenState.stranded`)


def config(game: BremenGame) -> Config:
    """The kernel's view of `game`: seats, variant, colours and the board's walks as tables."""
    board = game.board
    n = game.num_players
    cfg = np.zeros(CONFIG_WIDTH, dtype=np.int64)
    cfg[C_PLAYERS] = n
    cfg[C_HARDER] = game.harder
    cfg[C_TURBULENT] = game.turbulent
    cfg[C_HOUSE] = board.house
    cfg[C_BRIDGES] = board.bridge_mask
    cfg[C_ROBBER_BASE] = game.robber_base
    cfg[C_OWNER : C_OWNER + COLOURS] = game.owner
    cfg[C_HOME : C_HOME + ANIMALS] = game.home
    cfg[C_STARTS : C_STARTS + COLOURS] = board.starts
    for seat in range(n):
        cfg[C_WALLS + seat] = game.walls[seat]
        cfg[C_OWN_STARTS + seat] = sum(1 << f for f in game.own_starts[seat])
        for j, colour in enumerate(_colour_order(game, seat)):
            cfg[C_RELATIVE + COLOURS * seat + colour] = j
        for field in range(FIELDS):
            for steps in range(1, MAX_STEPS + 1):
                for single in (0, 1):
                    ends = board.reach(field, steps, game.walls[seat], bool(single))
                    cfg[_reach_index(field, steps, seat, single)] = sum(1 << f for f in ends)
    cfg[C_PATH_FIRST : C_PATH_FIRST + FIELDS] = 0
    cfg[C_PATHS : C_PATHS + PATHS * PATH_WIDTH] = -1
    for index, path in enumerate(board.robber_paths()):
        start = path[0]
        if cfg[C_PATH_END + start] == 0:
            cfg[C_PATH_FIRST + start] = index
        cfg[C_PATH_END + start] = index + 1
        at = C_PATHS + PATH_WIDTH * index
        cfg[at] = len(path) - 1
        cfg[at + 1 : at + 1 + len(path)] = path
    return cfg


@njit(cache=True)
def new_scratch() -> Scratch:
    """The work arrays that every call generating or applying moves takes: a batch loop makes
    them once, so the calls themselves allocate nothing."""
    return np.zeros((3, ROW_WIDTH), dtype=np.int32), np.zeros((7, MAX_LEGAL), dtype=np.int64)


def num_actions(game: BremenGame) -> int:
    """Animal moves below `robber_base`, then one id per robber walk (see `game.py`)."""
    return int(game.robber_base + PATHS)


@njit(cache=True)
def _reach_index(field: int, steps: int, seat: int, single: int) -> int:
    return C_REACH + ((field * MAX_STEPS + steps - 1) * MAX_SEATS + seat) * 2 + single


# -- chance -----------------------------------------------------------------------------------
@njit(cache=True)
def chance_outcomes(
    cfg: Config, s: Rows, i: int, actions: npt.NDArray[np.int64], probs: npt.NDArray[np.float64]
) -> int:
    """`BremenState.chance_outcomes` into two arrays: the 36 rolls, or the starting seat."""
    phase = s[i, S_PHASE]
    if phase == ROLL:
        for k in range(36):
            actions[k], probs[k] = 10 * (k // 6 + 1) + k % 6 + 1, 1 / 36
        return 36
    if phase == START:
        players = cfg[C_PLAYERS]
        for k in range(players):
            actions[k], probs[k] = k, 1 / players
        return int(players)
    return 0


@njit(cache=True)
def chance_outcome(cfg: Config, s: Rows, i: int, u: float) -> int:
    """`core.chance.pick` over `chance_outcomes`, inline: no arrays in the hot loop."""
    total = 0.0
    if s[i, S_PHASE] == ROLL:
        for k in range(36):
            total += 1 / 36
            if u < total:
                return 10 * (k // 6 + 1) + k % 6 + 1
        return 66
    players = cfg[C_PLAYERS]
    for k in range(players):
        total += 1 / players
        if u < total:
            return k
    return int(players - 1)


# -- stacks -----------------------------------------------------------------------------------
_DEBRUIJN = 0x03F79D71B4CB0A89
_BIT_AT = np.zeros(64, dtype=np.int64)
for _bit in range(64):
    _BIT_AT[((_DEBRUIJN << _bit) & MASK64) >> 58] = _bit


@njit(cache=True)
def _lowest_bit(mask: int) -> int:
    """The index of the lowest set bit of a non-zero mask (a de Bruijn multiplication)."""
    low = np.uint64(mask & -mask)
    return int(_BIT_AT[(low * np.uint64(_DEBRUIJN)) >> np.uint64(58)])


@njit(cache=True)
def _size(animal: int) -> int:
    return 4 - (animal & 3)


@njit(cache=True)
def _owner(cfg: Config, animal: int) -> int:
    return int(cfg[C_OWNER + (animal >> 2)])


@njit(cache=True)
def _index_in_stack(s: Rows, i: int, animal: int) -> int:
    field = s[i, S_AT + animal]
    for k in range(s[i, S_HEIGHT + field]):
        if s[i, S_STACK + HIGH * field + k] == animal:
            return k
    return -1


@njit(cache=True)
def _put(s: Rows, i: int, animal: int, field: int) -> None:
    """Place one animal on a field at its place by size."""
    base = S_STACK + HIGH * field
    height = s[i, S_HEIGHT + field]
    place = 0
    while place < height and _size(s[i, base + place]) > _size(animal):
        place += 1
    for k in range(height, place, -1):
        s[i, base + k] = s[i, base + k - 1]
    s[i, base + place] = animal
    s[i, S_HEIGHT + field] = height + 1
    s[i, S_AT + animal] = field


@njit(cache=True)
def _start_colour(cfg: Config, field: int) -> int:
    for colour in range(COLOURS):
        if cfg[C_STARTS + colour] == field:
            return colour
    return -1


@njit(cache=True)
def _keeps_setup_rule(
    cfg: Config, s: Rows, i: int, animal: int, field: int, scratch: Scratch
) -> bool:
    """The start field's stack with `animal` put in by size: its bottom animal is not of the
    field's colour, and no animal sits on one of its own colour."""
    merged = scratch[1][W_SMALL, MERGED : MERGED + HIGH + 1]
    count = 0
    placed = False
    for k in range(s[i, S_HEIGHT + field]):
        other = s[i, S_STACK + HIGH * field + k]
        if not placed and _size(other) < _size(animal):
            merged[count] = animal
            count += 1
            placed = True
        merged[count] = other
        count += 1
    if not placed:
        merged[count] = animal
        count += 1
    if merged[0] >> 2 == _start_colour(cfg, field):
        return False
    for k in range(1, count):  # noqa: SIM110 (numba compiles loops, not all())
        if merged[k] >> 2 == merged[k - 1] >> 2:
            return False
    return True


@njit(cache=True)
def _home_field(cfg: Config, s: Rows, i: int, animal: int, scratch: Scratch) -> int:
    """`BremenState.home_field`: where the animal goes when sent home now."""
    home = cfg[C_HOME + animal]
    if not cfg[C_TURBULENT]:
        return int(home)
    first = _start_colour(cfg, home)
    for k in range(COLOURS):
        field = cfg[C_STARTS + (first + k) % COLOURS]
        if _free_for(s, i, animal, field) and _keeps_setup_rule(cfg, s, i, animal, field, scratch):
            return int(field)
    scratch[1][W_SMALL, STRANDED] = 1  # only on a trial row: such moves are not legal
    for colour in range(COLOURS):
        field = cfg[C_STARTS + colour]
        if _free_for(s, i, animal, field):
            return int(field)
    return -1


@njit(cache=True)
def _free_for(s: Rows, i: int, animal: int, field: int) -> bool:
    """Whether `field` has no animal of `animal`'s size."""
    for j in range(s[i, S_HEIGHT + field]):
        if _size(s[i, S_STACK + HIGH * field + j]) == _size(animal):
            return False
    return True


@njit(cache=True)
def _send_home(cfg: Config, s: Rows, i: int, animal: int, scratch: Scratch) -> None:
    _put(s, i, animal, _home_field(cfg, s, i, animal, scratch))


@njit(cache=True)
def _stay(s: Rows, i: int, animal: int, field: int) -> int:
    """How many animals on `field` are bigger than `animal` (they stay under it)."""
    base = S_STACK + HIGH * field
    stay = 0
    while stay < s[i, S_HEIGHT + field] and _size(s[i, base + stay]) > _size(animal):
        stay += 1
    return stay


@njit(cache=True)
def _lift_and_land(
    cfg: Config, s: Rows, i: int, animal: int, end: int, scratch: Scratch
) -> tuple[int, int]:
    """Move the animal with its riders onto `end`; returns (stay, sent) counts, the animals
    sent home in row `W_SMALL` of the scratch from `SENT` on."""
    source = s[i, S_AT + animal]
    source_base = S_STACK + HIGH * source
    index = _index_in_stack(s, i, animal)
    height = s[i, S_HEIGHT + source]
    riders = scratch[1][W_SMALL, RIDERS : RIDERS + HIGH]
    sent = scratch[1][W_SMALL, SENT : SENT + HIGH]
    for k in range(index, height):
        riders[k - index] = s[i, source_base + k]
        s[i, source_base + k] = -1
    s[i, S_HEIGHT + source] = index
    lifted = height - index
    base = S_STACK + HIGH * end
    stay = _stay(s, i, animal, end)
    victims = s[i, S_HEIGHT + end] - stay
    for k in range(victims):
        sent[k] = s[i, base + stay + k]
        s[i, base + stay + k] = -1
    for k in range(lifted):
        s[i, base + stay + k] = riders[k]
        s[i, S_AT + riders[k]] = end
    s[i, S_HEIGHT + end] = stay + lifted
    for k in range(victims):
        _send_home(cfg, s, i, sent[k], scratch)
    return stay, victims


# -- legal moves ------------------------------------------------------------------------------
@njit(cache=True)
def _may_move(s: Rows, i: int, animal: int) -> bool:
    leave = s[i, S_MUST_LEAVE]
    if leave < 0:
        return True
    if s[i, S_AT + animal] != s[i, S_AT + leave]:
        return False
    return _index_in_stack(s, i, animal) <= _index_in_stack(s, i, leave)


@njit(cache=True)
def _sends_back(cfg: Config, s: Rows, i: int, animal: int, end: int, scratch: Scratch) -> bool:
    """Whether landing `animal` on `end` would send an animal "home" onto `end` itself."""
    if not cfg[C_TURBULENT]:
        base = S_STACK + HIGH * end
        for k in range(_stay(s, i, animal, end), s[i, S_HEIGHT + end]):
            if cfg[C_HOME + s[i, base + k]] == end:
                return True
        return False
    trial = scratch[0]
    trial[T_SEND] = s[i]
    scratch[1][W_SMALL, STRANDED] = 0
    victims = _lift_and_land(cfg, trial, T_SEND, animal, end, scratch)[1]
    if scratch[1][W_SMALL, STRANDED]:
        return True
    sent = scratch[1][W_SMALL, SENT : SENT + HIGH]
    for k in range(victims):  # noqa: SIM110 (numba compiles loops, not any())
        if trial[T_SEND, S_AT + sent[k]] == end:
            return True
    return False


@njit(cache=True)
def _storm_strands(cfg: Config, s: Rows, i: int, donkey: int, scratch: Scratch) -> bool:
    """Whether storming the house with `donkey`'s pyramid would send an animal home where the
    turbulent set-up rule holds on no start field."""
    if not cfg[C_TURBULENT]:
        return False
    trial = scratch[0]
    trial[T_ROB] = s[i]
    scratch[1][W_SMALL, STRANDED] = 0
    _storm(cfg, trial, T_ROB, donkey, scratch)
    return bool(scratch[1][W_SMALL, STRANDED])


@njit(cache=True)
def _moves_with(
    cfg: Config,
    s: Rows,
    i: int,
    steps: int,
    out: npt.NDArray[np.int64],
    count: int,
    pending: npt.NDArray[np.int64],
    scratch: Scratch,
    stop: bool,
) -> int:
    """`BremenState._moves_with` appended to `out` from `count`; returns the new count (with
    `stop`, as soon as a move needing no further test is found).

    A landing on an own start field that passes every other test is marked in `pending`: the
    caller still asks `_can_leave` (which itself runs this function on a trial row, where no
    such landing is allowed, as a move was made): no recursion for numba to compile.
    """
    turn = s[i, S_TURN]
    walls_seat = turn
    own_starts = cfg[C_OWN_STARTS + turn]
    house = cfg[C_HOUSE]
    robber = s[i, S_ROBBER]
    bridges = cfg[C_BRIDGES]
    moved = s[i, S_MOVED]
    fields = FIELDS
    for animal in range(ANIMALS):
        own = _owner(cfg, animal) == turn
        if animal == moved or not (own or animal & 3) or not _may_move(s, i, animal):
            continue
        field = s[i, S_AT + animal]
        height = s[i, S_HEIGHT + field] - _index_in_stack(s, i, animal)
        single = 1 if height == 1 else 0
        ends = cfg[_reach_index(field, steps, walls_seat, single)]
        size = _size(animal)
        while ends:
            end = _lowest_bit(ends)
            ends &= ends - 1
            if (bridges >> end) & 1 and s[i, S_HEIGHT + end]:
                continue
            action = (animal * fields + end) * MAX_STEPS + steps - 1
            if end == house or end == robber:  # noqa: SIM109 (numba: no mixed tuples)
                if (
                    own
                    and height == 4
                    and not (end == house and _storm_strands(cfg, s, i, animal, scratch))
                ):
                    out[count] = action
                    pending[count] = 0
                    count += 1
                    if stop:
                        return count
                continue
            base = S_STACK + HIGH * end
            target = s[i, S_HEIGHT + end]
            stay = 0
            while stay < target and _size(s[i, base + stay]) > size:
                stay += 1
            if not own and not (stay and _owner(cfg, s[i, base + stay - 1]) == turn):
                continue
            if stay < target and _sends_back(cfg, s, i, animal, end, scratch):
                continue
            check = 0
            if (own_starts >> end) & 1:
                if moved >= 0:
                    continue
                sends_own = False
                for k in range(stay, target):
                    if _owner(cfg, s[i, base + k]) == turn:
                        sends_own = True
                if sends_own:
                    continue
                check = 1
            out[count] = action
            pending[count] = check
            count += 1
            if stop and not check:
                return count
    return count


@njit(cache=True)
def _can_leave(
    cfg: Config, s: Rows, i: int, animal: int, end: int, steps: int, scratch: Scratch
) -> bool:
    """Whether, after landing on an own start field, the other die can carry it off."""
    other = s[i, S_LEFT + 1] if s[i, S_LEFT] == steps else s[i, S_LEFT]
    trial = scratch[0]
    trial[T_LEAVE] = s[i]
    _lift_and_land(cfg, trial, T_LEAVE, animal, end, scratch)
    trial[T_LEAVE, S_MOVED] = animal
    trial[T_LEAVE, S_MUST_LEAVE] = animal
    trial[T_LEAVE, S_LEFT] = other
    trial[T_LEAVE, S_LEFT + 1] = 0
    trial[T_LEAVE, S_LEFT_COUNT] = 1
    work = scratch[1]
    moves, pending = work[W_LEAVE_MOVES], work[W_LEAVE_PENDING]
    return _moves_with(cfg, trial, T_LEAVE, other, moves, 0, pending, scratch, True) > 0


@njit(cache=True)
def animal_moves(cfg: Config, s: Rows, i: int, out: npt.NDArray[np.int64], scratch: Scratch) -> int:
    """`BremenState.animal_moves` into `out` (sorted); returns how many."""
    pending = scratch[1][W_PENDING]
    count = 0
    first = 0  # the moves with the first die: out[:first], ascending as generated
    left = s[i, S_LEFT_COUNT]
    for k in range(left):
        steps = s[i, S_LEFT + k]
        if k == 1 and steps == s[i, S_LEFT]:
            continue
        count = _moves_with(cfg, s, i, steps, out, count, pending, scratch, False)
        if k == 0:
            first = count
    kept = 0
    first_kept = 0
    for k in range(count):
        if pending[k]:
            rest, step = divmod(out[k], MAX_STEPS)
            animal, end = divmod(rest, FIELDS)
            if not _can_leave(cfg, s, i, animal, end, step + 1, scratch):
                continue
        out[kept] = out[k]
        kept += 1
        if k < first:
            first_kept = kept
    _merge(out, first_kept, kept, pending)
    return kept


@njit(cache=True)
def _any_move(cfg: Config, s: Rows, i: int, scratch: Scratch) -> bool:
    """Whether `animal_moves` would find a move, stopping at the first it finds."""
    work = scratch[1]
    out, pending = work[W_MOVES], work[W_PENDING]
    for k in range(s[i, S_LEFT_COUNT]):
        steps = s[i, S_LEFT + k]
        if k == 1 and steps == s[i, S_LEFT]:
            continue
        for j in range(_moves_with(cfg, s, i, steps, out, 0, pending, scratch, True)):
            if not pending[j]:
                return True
            rest, step = divmod(out[j], MAX_STEPS)
            animal, end = divmod(rest, FIELDS)
            if _can_leave(cfg, s, i, animal, end, step + 1, scratch):
                return True
    return False


@njit(cache=True)
def _merge(
    out: npt.NDArray[np.int64], first: int, count: int, spare: npt.NDArray[np.int64]
) -> None:
    """Sort `out[:count]`, two ascending runs split at `first` (one per die), using `spare`."""
    spare[:first] = out[:first]
    a, b = 0, first
    for k in range(count):
        if b >= count or (a < first and spare[a] < out[b]):
            out[k] = spare[a]
            a += 1
        else:
            out[k] = out[b]
            b += 1


@njit(cache=True)
def robber_moves(cfg: Config, s: Rows, i: int, out: npt.NDArray[np.int64], scratch: Scratch) -> int:
    """`BremenState.robber_moves`: one walk per distinct end and set of occupied fields."""
    start = s[i, S_ROBBER]
    steps = s[i, S_PLAIN]
    ends, masks = scratch[1][W_ENDS], scratch[1][W_MASKS]
    count = 0
    known = 0  # the effects seen, a walk that strands an animal included
    for index in range(cfg[C_PATH_FIRST + start], cfg[C_PATH_END + start]):
        at = C_PATHS + PATH_WIDTH * index
        if cfg[at] != steps:
            continue
        end = cfg[at + 1 + steps]
        mask = 0
        for k in range(2, steps + 2):
            field = cfg[at + k]
            if s[i, S_HEIGHT + field]:
                mask |= 1 << field
        seen = False
        for k in range(known):
            if ends[k] == end and masks[k] == mask:
                seen = True
                break
        if not seen:
            ends[known], masks[known] = end, mask
            known += 1
            if not _walk_strands(cfg, s, i, index, scratch):
                out[count] = cfg[C_ROBBER_BASE] + index
                count += 1
    return count


@njit(cache=True)
def _walk_strands(cfg: Config, s: Rows, i: int, index: int, scratch: Scratch) -> bool:
    """Whether robber walk `index` would send an animal home where the turbulent set-up rule
    holds on no start field."""
    if not cfg[C_TURBULENT]:
        return False
    trial = scratch[0]
    trial[T_ROB] = s[i]
    scratch[1][W_SMALL, STRANDED] = 0
    _send_all_home(cfg, trial, T_ROB, index, scratch)
    return bool(scratch[1][W_SMALL, STRANDED])


@njit(cache=True)
def legal_actions(
    cfg: Config, s: Rows, i: int, out: npt.NDArray[np.int64], scratch: Scratch
) -> int:
    """The legal actions of the seat to act into `out` (sorted); returns how many."""
    if s[i, S_PHASE] == ROBBER:
        return robber_moves(cfg, s, i, out, scratch)
    return animal_moves(cfg, s, i, out, scratch)


@njit(cache=True)
def current_player(cfg: Config, s: Rows, i: int) -> int:
    phase = s[i, S_PHASE]
    if phase in (ROBBER, MOVE):
        return int(s[i, S_TURN])
    if phase == OVER:
        return TERMINAL
    return CHANCE


# -- carrying out -----------------------------------------------------------------------------
@njit(cache=True)
def _clear_turn(s: Rows, i: int) -> None:
    s[i, S_LEFT_COUNT] = 0
    s[i, S_LEFT] = 0
    s[i, S_LEFT + 1] = 0
    s[i, S_MOVED] = -1
    s[i, S_MUST_LEAVE] = -1
    s[i, S_ON_TOP] = 0


@njit(cache=True)
def _end_turn(cfg: Config, s: Rows, i: int) -> None:
    if s[i, S_PHASE] == OVER:
        return
    if not s[i, S_ON_TOP]:
        s[i, S_TURN] = (s[i, S_TURN] + 1) % cfg[C_PLAYERS]
    s[i, S_PHASE] = ROLL
    s[i, S_PLAIN] = 0
    s[i, S_RDIE] = 0
    _clear_turn(s, i)


@njit(cache=True)
def _check_end(cfg: Config, s: Rows, i: int) -> None:
    """Seven points end the game; most points wins, then whoever moved most recently."""
    n = cfg[C_PLAYERS]
    best = -1
    for seat in range(n):
        if s[i, S_SCORES + seat] >= TARGET:
            best = max(best, s[i, S_SCORES + seat])
    if best < 0:
        return
    for back in range(n):
        seat = (s[i, S_TURN] - back) % n
        if s[i, S_SCORES + seat] == best:
            s[i, S_WINNER] = seat
            break
    s[i, S_PHASE] = OVER
    _clear_turn(s, i)


@njit(cache=True)
def _score(cfg: Config, s: Rows, i: int, seat: int, points: int) -> None:
    if seat == NEUTRAL:
        return
    s[i, S_SCORES + seat] += points
    _check_end(cfg, s, i)


@njit(cache=True)
def _storm(cfg: Config, s: Rows, i: int, donkey: int, scratch: Scratch) -> None:
    """Each animal's owner scores 1, the donkey's owner 1 more if the robber is home."""
    field = s[i, S_AT + donkey]
    base = S_STACK + HIGH * field
    index = _index_in_stack(s, i, donkey)
    height = s[i, S_HEIGHT + field]
    pyramid = scratch[1][W_SMALL, RIDERS : RIDERS + HIGH]
    for k in range(index, height):
        pyramid[k - index] = s[i, base + k]
    size = height - index
    for k in range(height):
        s[i, base + k] = -1
    s[i, S_HEIGHT + field] = 0
    for k in range(size):
        _send_home(cfg, s, i, pyramid[k], scratch)
    house = cfg[C_HOUSE]
    bonus = s[i, S_ROBBER] == house
    s[i, S_ROBBER] = house
    for k in range(size):
        _score(cfg, s, i, _owner(cfg, pyramid[k]), 1)
    if bonus:
        _score(cfg, s, i, _owner(cfg, donkey), 1)
    if s[i, S_PHASE] != OVER:
        s[i, S_ON_TOP] = 0
        _end_turn(cfg, s, i)


@njit(cache=True)
def _move(cfg: Config, s: Rows, i: int, action: int, scratch: Scratch) -> None:
    rest, step = divmod(action, MAX_STEPS)
    animal, end = divmod(rest, FIELDS)
    steps = step + 1
    if s[i, S_LEFT] == steps:  # `left.remove(steps)`: the first die showing it
        s[i, S_LEFT] = s[i, S_LEFT + 1]
    s[i, S_LEFT + s[i, S_LEFT_COUNT] - 1] = 0
    s[i, S_LEFT_COUNT] -= 1
    s[i, S_MOVED] = animal
    s[i, S_MUST_LEAVE] = -1
    house = cfg[C_HOUSE]
    if end == house:
        _storm(cfg, s, i, animal, scratch)
        return
    stay, victims = _lift_and_land(cfg, s, i, animal, end, scratch)
    if end == s[i, S_ROBBER]:
        s[i, S_ROBBER] = house
        _score(cfg, s, i, s[i, S_TURN], 1)
    elif stay and not (cfg[C_HARDER] and victims):
        s[i, S_ON_TOP] = 1
    if (cfg[C_OWN_STARTS + s[i, S_TURN]] >> end) & 1:
        s[i, S_MUST_LEAVE] = animal
    if s[i, S_PHASE] == OVER:
        return
    if _any_move(cfg, s, i, scratch):
        return
    _end_turn(cfg, s, i)


@njit(cache=True)
def _rob(cfg: Config, s: Rows, i: int, action: int, scratch: Scratch) -> None:
    index = action - cfg[C_ROBBER_BASE]
    _send_all_home(cfg, s, i, index, scratch)
    at = C_PATHS + PATH_WIDTH * index
    s[i, S_ROBBER] = cfg[at + 1 + cfg[at]]
    _end_turn(cfg, s, i)


@njit(cache=True)
def _send_all_home(cfg: Config, s: Rows, i: int, index: int, scratch: Scratch) -> None:
    """`BremenState._send_all_home`: every animal on the fields robber walk `index` enters."""
    at = C_PATHS + PATH_WIDTH * index
    steps = cfg[at]
    for k in range(2, steps + 2):
        field = cfg[at + k]
        base = S_STACK + HIGH * field
        while s[i, S_HEIGHT + field]:
            animal = s[i, base]
            for j in range(s[i, S_HEIGHT + field] - 1):
                s[i, base + j] = s[i, base + j + 1]
            s[i, S_HEIGHT + field] -= 1
            s[i, base + s[i, S_HEIGHT + field]] = -1
            _send_home(cfg, s, i, animal, scratch)


@njit(cache=True)
def _roll(cfg: Config, s: Rows, i: int, action: int, scratch: Scratch) -> None:
    plain, rdie = divmod(action, 10)
    s[i, S_PLAIN] = plain
    s[i, S_RDIE] = rdie
    s[i, S_ON_TOP] = 0
    s[i, S_MOVED] = -1
    s[i, S_MUST_LEAVE] = -1
    if rdie == R_FACE:
        s[i, S_PHASE] = ROBBER
        if cfg[C_TURBULENT] and not robber_moves(cfg, s, i, scratch[1][W_MOVES], scratch):
            _end_turn(cfg, s, i)  # every walk would strand an animal: the roll is lost
        return
    s[i, S_LEFT] = plain
    s[i, S_LEFT + 1] = rdie
    s[i, S_LEFT_COUNT] = 2
    s[i, S_PHASE] = MOVE
    if not _any_move(cfg, s, i, scratch):
        _end_turn(cfg, s, i)


@njit(cache=True)
def apply(cfg: Config, s: Rows, i: int, action: int, scratch: Scratch) -> None:
    """`State.apply_action` for an action known to be legal (chance outcomes included)."""
    phase = s[i, S_PHASE]
    if phase == ROLL:
        _roll(cfg, s, i, action, scratch)
    elif phase == MOVE:
        _move(cfg, s, i, action, scratch)
    elif phase == ROBBER:
        _rob(cfg, s, i, action, scratch)
    else:
        s[i, S_TURN] = action
        s[i, S_PHASE] = ROLL
    s[i, S_STEP] += 1


@njit(cache=True)
def initial(cfg: Config, s: Rows, i: int) -> None:
    """`BremenState.__init__`: the animals on their start fields, biggest first."""
    s[i, :] = 0
    s[i, S_STACK : S_STACK + HIGH * FIELDS] = -1
    for size in range(4, 0, -1):
        for animal in range(ANIMALS):
            if _size(animal) == size:
                _put(s, i, animal, cfg[C_HOME + animal])
    s[i, S_ROBBER] = cfg[C_HOUSE]
    s[i, S_PHASE] = START
    s[i, S_MOVED] = -1
    s[i, S_MUST_LEAVE] = -1
    s[i, S_WINNER] = -1


@njit(cache=True)
def resolve_chance(
    cfg: Config, s: Rows, seeds: Seeds, i: int, max_length: int, scratch: Scratch
) -> None:
    """Draw chance outcomes from the game's seed until a seat must act, the game ends or the
    length cap is reached (`interop.episode.Episode._resolve_chance`)."""
    while s[i, S_PHASE] < ROBBER and s[i, S_STEP] < max_length:
        u = seeded_uniform(seeds[i], s[i, S_STEP])
        apply(cfg, s, i, chance_outcome(cfg, s, i, u), scratch)


@njit(cache=True)
def returns(cfg: Config, s: Rows, i: int, out: npt.NDArray[np.float64]) -> None:
    """`BremenState.returns` into `out`."""
    players = cfg[C_PLAYERS]
    out[:players] = 0.0
    if s[i, S_PHASE] != OVER:
        return
    for seat in range(players):
        out[seat] = 1.0 if seat == s[i, S_WINNER] else -1 / (players - 1)


@njit(cache=True)
def encode(cfg: Config, s: Rows, i: int, seat: int, out: npt.NDArray[np.float32]) -> None:
    """`tensor.encode(state, seat)` into `out` (already zeroed)."""
    n = cfg[C_PLAYERS]
    for animal in range(ANIMALS):
        slot = 4 * cfg[C_RELATIVE + COLOURS * seat + (animal >> 2)] + (animal & 3)
        out[slot * FIELDS + s[i, S_AT + animal]] = 1.0
    at = ANIMALS * FIELDS
    out[at + s[i, S_ROBBER]] = 1.0
    at += FIELDS
    out[at + (s[i, S_TURN] - seat) % n] = 1.0
    at += n
    out[at + s[i, S_PHASE]] = 1.0
    at += OVER + 1
    if s[i, S_PLAIN]:
        out[at + s[i, S_PLAIN] - 1] = 1.0
        out[at + MAX_STEPS + s[i, S_RDIE] - 1] = 1.0
    at += 2 * MAX_STEPS
    for k in range(s[i, S_LEFT_COUNT]):
        out[at + s[i, S_LEFT + k] - 1] += 1 / DICE_LEFT
    at += MAX_STEPS
    for column in (S_MOVED, S_MUST_LEAVE):
        animal = s[i, column]
        if animal >= 0:
            out[at + 4 * cfg[C_RELATIVE + COLOURS * seat + (animal >> 2)] + (animal & 3)] = 1.0
        at += ANIMALS
    out[at] = float(s[i, S_ON_TOP])
    at += 1
    for player in range(n):
        out[at + (player - seat) % n] = min(s[i, S_SCORES + player], MAX_SCORE) / MAX_SCORE
    at += n
    if s[i, S_WINNER] >= 0:
        out[at + (s[i, S_WINNER] - seat) % n] = 1.0


# -- conversion both ways ---------------------------------------------------------------------
def new_rows(batch: int) -> Rows:
    return np.zeros((batch, ROW_WIDTH), dtype=np.int32)


def row_values(state: BremenState) -> list[int]:
    """Reference `state` as the values of a kernel row, column by column."""
    n = state.game.num_players
    left = list(state.left)
    values = [
        state.phase,
        state.turn,
        state.dice[0],
        state.dice[1],
        len(left),
        *(left + [0] * (2 - len(left))),
        state.moved,
        state.must_leave,
        int(state.on_top),
        state.winner,
        state.robber,
        len(state._history),
    ]
    values += state.scores + [0] * (MAX_SEATS - n)
    values += state.at
    values += [len(stack) for stack in state.stacks]
    for stack in state.stacks:
        values += stack + [-1] * (HIGH - len(stack))
    return values


def to_row(state: BremenState, rows: Rows, i: int) -> np.uint64:
    """Write reference `state` into row `i`; returns its seed for the kernel's seed array."""
    rows[i, :] = row_values(state)
    return np.uint64(state.seed & MASK64)


def to_state(
    game: BremenGame, rows: Rows, i: int, seed: int, history: list[int] | None = None
) -> BremenState:
    """The reference state of row `i`.

    The row keeps only the history's length; pass the actions (`history`) to get a state that
    continues with the same chance outcomes. Without them the state has an empty history, so its
    chance draws restart at step 0 of `seed`.
    """
    row = rows[i]
    if history is not None and len(history) != row[S_STEP]:
        raise ValueError(f"the row has {row[S_STEP]} actions of history, not {len(history)}")
    state = BremenState(game, seed)
    state.phase = int(row[S_PHASE])
    state.turn = int(row[S_TURN])
    state.dice = (int(row[S_PLAIN]), int(row[S_RDIE]))
    state.left = [int(v) for v in row[S_LEFT : S_LEFT + row[S_LEFT_COUNT]]]
    state.moved = int(row[S_MOVED])
    state.must_leave = int(row[S_MUST_LEAVE])
    state.on_top = bool(row[S_ON_TOP])
    state.winner = int(row[S_WINNER])
    state.robber = int(row[S_ROBBER])
    state.scores = [int(v) for v in row[S_SCORES : S_SCORES + game.num_players]]
    state.at = [int(f) for f in row[S_AT : S_AT + ANIMALS]]
    state.stacks = [
        [int(a) for a in row[S_STACK + HIGH * f : S_STACK + HIGH * f + row[S_HEIGHT + f]]]
        for f in range(FIELDS)
    ]
    state._history = list(history or [])
    return state


def observation_size(game: BremenGame) -> int:
    return int(shape(game)[0])
