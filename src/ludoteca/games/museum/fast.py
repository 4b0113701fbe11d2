"""Raub im Kunstmuseum compiled: the rules of `game.py` on flat integer arrays, with numba.

A batch of positions is one int32 array with a row per game and the fields of `MuseumState` at
fixed columns (`S_*` below); a game's configuration (seats, options, and the museum and deck
tables) is one int64 array (`C_*`), built from the same `MuseumGame`. The widths of both come
from `board.json` and `deck.json` as `board.py` loads them, so there is no second copy of the
board or the deck. Each kernel function mirrors the method of `MuseumState` it is named after,
step for step, so a fast row and a reference state convert both ways (`to_row`, `to_state`) and
`ludoteca.vector.check` can compare the two engines action by action.

Chance is scheme 1 of `core.chance`, bit for bit (`core.fastrng.seeded_uniform`), then
`pick` over the same float probabilities (a card kind: copies left / cards left). The row keeps
the history's length (`S_STEP`), not the history itself.

numba is the `ludoteca[fast]` extra; only `ludoteca.vector` imports this module.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.core.api import CHANCE, TERMINAL
from ludoteca.core.fastrng import MASK64, seeded_uniform
from ludoteca.games.museum.board import ROOF, load_deck, load_museum
from ludoteca.games.museum.game import (
    DRAW,
    MOVE,
    NOBODY,
    OVER,
    PASS,
    ROB,
    ROB_ACTION,
    START,
    MuseumGame,
    MuseumState,
)
from ludoteca.games.museum.tensor import _max_score, shape

Rows = npt.NDArray[np.int32]
Config = npt.NDArray[np.int64]
Seeds = npt.NDArray[np.uint64]

_MUSEUM = load_museum()
_DECK = load_deck()
FIELDS = len(_MUSEUM.fields)
MARKS = len(_MUSEUM.pictures) + 1  # `MuseumState.marker` is indexed by picture number (0 unused)
KINDS = len(_DECK.kinds)
CARDS = _DECK.size
LINKS = max(len(n) for n in _MUSEUM.neighbours)  # neighbours of the best-connected field
MAX_SEATS = MuseumGame.max_players
NUM_ACTIONS = ROB_ACTION + 1
"""Action ids 0..43: the fields a move ends on, then PASS and ROB (see `game.py`)."""
assert FIELDS == PASS, "game.py numbers PASS right after the last field"
# -- configuration columns --------------------------------------------------------------------
C_PLAYERS, C_ROOF_BANKS, C_CHECK_ON_TURN, C_ROOF_BONUS, C_MARKERS, C_TOP = range(6)
C_VALUE = 8  # euros of each field (0 but for pictures)
C_PICTURE = C_VALUE + FIELDS  # 1 where the field is a picture
C_ELEVATOR = C_PICTURE + FIELDS  # 1 where the field is an elevator field (stop or shaft)
C_LINKS = C_ELEVATOR + FIELDS  # LINKS neighbours per field, sorted, -1 padding
C_CARD_PICTURE = C_LINKS + LINKS * FIELDS  # picture each card kind checks (0: elevator card)
C_CARD_STEPS = C_CARD_PICTURE + KINDS
C_CARD_COUNT = C_CARD_STEPS + KINDS
CONFIG_WIDTH = C_CARD_COUNT + KINDS
# -- position columns -------------------------------------------------------------------------
S_PHASE, S_START, S_TURN, S_STEP, S_DISCARDS, S_CAUGHT_COUNT = range(6)
S_PLACE = 6  # the field of each seat's thief (-1: no such seat)
S_MARKER = S_PLACE + MAX_SEATS  # the seat whose marker is on picture p (-1: none)
S_BANKED = S_MARKER + MARKS  # 1 where the marker on picture p is banked
S_LEFT = S_BANKED + MARKS  # cards of each kind still in the deck
S_DISCARD = S_LEFT + KINDS  # card kinds turned, in order (-1 padding)
S_CAUGHT = S_DISCARD + CARDS  # the seats caught in the last check, in order (-1 padding)
ROW_WIDTH = S_CAUGHT + MAX_SEATS


def config(game: MuseumGame) -> Config:
    """The kernel's view of `game`: seats, options, the museum and the deck in one int64 array."""
    museum, deck = game.museum, game.deck
    cfg = np.zeros(CONFIG_WIDTH, dtype=np.int64)
    cfg[C_PLAYERS] = game.num_players
    cfg[C_ROOF_BANKS] = game.roof_banks
    cfg[C_CHECK_ON_TURN] = game.check_on_turn
    cfg[C_ROOF_BONUS] = museum.roof_bonus
    cfg[C_MARKERS] = museum.markers_per_thief
    cfg[C_TOP] = _max_score(game)
    cfg[C_LINKS : C_LINKS + LINKS * FIELDS] = -1
    for field in museum.fields:
        cfg[C_VALUE + field.id] = field.value
        cfg[C_PICTURE + field.id] = field.kind == "picture"
        cfg[C_ELEVATOR + field.id] = field.in_elevator
        links = museum.neighbours[field.id]
        cfg[C_LINKS + LINKS * field.id : C_LINKS + LINKS * field.id + len(links)] = links
    for kind in deck.kinds:
        cfg[C_CARD_PICTURE + kind.id] = 0 if kind.picture is None else kind.picture
        cfg[C_CARD_STEPS + kind.id] = kind.steps
        cfg[C_CARD_COUNT + kind.id] = kind.count
    return cfg


def num_actions(game: MuseumGame) -> int:
    """The width of a legal-action mask."""
    return NUM_ACTIONS


# -- chance -----------------------------------------------------------------------------------
@njit(cache=True)
def chance_outcomes(
    cfg: Config, s: Rows, i: int, actions: npt.NDArray[np.int64], probs: npt.NDArray[np.float64]
) -> int:
    """`MuseumState.chance_outcomes` into two arrays: the starting seat, or a card kind."""
    phase = s[i, S_PHASE]
    if phase == START:
        players = cfg[C_PLAYERS]
        for k in range(players):
            actions[k], probs[k] = k, 1 / players
        return int(players)
    if phase == DRAW:
        total = 0
        for kind in range(KINDS):
            total += s[i, S_LEFT + kind]
        count = 0
        for kind in range(KINDS):
            left = s[i, S_LEFT + kind]
            if left:
                actions[count], probs[count] = kind, left / total
                count += 1
        return count
    return 0


@njit(cache=True)
def chance_outcome(cfg: Config, s: Rows, i: int, u: float) -> int:
    """`core.chance.pick` over `chance_outcomes`, inline: no arrays in the hot loop."""
    total = 0.0
    if s[i, S_PHASE] == START:
        players = cfg[C_PLAYERS]
        for k in range(players):
            total += 1 / players
            if u < total:
                return k
        return int(players - 1)
    cards = 0
    last = 0
    for kind in range(KINDS):
        cards += s[i, S_LEFT + kind]
        if s[i, S_LEFT + kind]:
            last = kind
    for kind in range(KINDS):
        left = s[i, S_LEFT + kind]
        if left:
            total += left / cards
            if u < total:
                return kind
    return last


# -- the rules (MuseumState's methods) --------------------------------------------------------
@njit(cache=True)
def current_player(cfg: Config, s: Rows, i: int) -> int:
    phase = s[i, S_PHASE]
    if phase in (MOVE, ROB):
        return int(s[i, S_TURN])
    if phase == OVER:
        return TERMINAL
    return CHANCE


@njit(cache=True)
def destinations(cfg: Config, s: Rows, i: int, seat: int, out: npt.NDArray[np.int64]) -> int:
    """`MuseumState.destinations` into `out` (sorted); returns how many.

    The museum is a tree: a depth-first walk that never turns back reaches each field by its
    one way; fields of other thieves (not the roof) are jumped without being counted.
    """
    start = s[i, S_PLACE + seat]
    if s[i, S_DISCARDS] == 0:
        out[0] = start
        return 1
    steps = cfg[C_CARD_STEPS + s[i, S_DISCARD + s[i, S_DISCARDS] - 1]]
    occupied = np.zeros(FIELDS, dtype=np.bool_)
    for other in range(cfg[C_PLAYERS]):
        place = s[i, S_PLACE + other]
        if other != seat and place != ROOF:
            occupied[place] = True
    reached = np.zeros(FIELDS, dtype=np.bool_)
    reached[start] = True
    here = np.empty(FIELDS, dtype=np.int64)
    came = np.empty(FIELDS, dtype=np.int64)
    used = np.empty(FIELDS, dtype=np.int64)
    here[0], came[0], used[0] = start, -1, 0
    top = 1
    while top:
        top -= 1
        field, back, cost = here[top], came[top], used[top]
        for k in range(LINKS):
            there = cfg[C_LINKS + LINKS * field + k]
            if there < 0 or there == back:
                continue
            jumped = occupied[there]
            step = cost if jumped else cost + 1
            if step > steps:
                continue
            if not jumped:
                reached[there] = True
            here[top], came[top], used[top] = there, field, step
            top += 1
    count = 0
    for field in range(FIELDS):
        if reached[field]:
            out[count] = field
            count += 1
    return count


@njit(cache=True)
def legal_actions(cfg: Config, s: Rows, i: int, out: npt.NDArray[np.int64]) -> int:
    """The legal actions of the thief to act into `out` (sorted); returns how many."""
    if s[i, S_PHASE] == ROB:
        out[0], out[1] = PASS, ROB_ACTION
        return 2
    return destinations(cfg, s, i, s[i, S_TURN], out)


@njit(cache=True)
def hand(cfg: Config, s: Rows, i: int, seat: int) -> int:
    """Markers the thief still holds."""
    held = cfg[C_MARKERS]
    for picture in range(MARKS):
        if s[i, S_MARKER + picture] == seat:
            held -= 1
    return int(held)


@njit(cache=True)
def can_rob(cfg: Config, s: Rows, i: int, seat: int) -> bool:
    place = s[i, S_PLACE + seat]
    return bool(
        cfg[C_PICTURE + place] and s[i, S_MARKER + place] == NOBODY and hand(cfg, s, i, seat) > 0
    )


@njit(cache=True)
def _catch(s: Rows, i: int, seat: int) -> None:
    """Caught: the markers at risk come back to the thief, which restarts on the roof."""
    for picture in range(MARKS):
        if s[i, S_MARKER + picture] == seat and not s[i, S_BANKED + picture]:
            s[i, S_MARKER + picture] = NOBODY
    s[i, S_PLACE + seat] = ROOF
    s[i, S_CAUGHT + s[i, S_CAUGHT_COUNT]] = seat
    s[i, S_CAUGHT_COUNT] += 1


@njit(cache=True)
def _clear_caught(s: Rows, i: int) -> None:
    s[i, S_CAUGHT : S_CAUGHT + MAX_SEATS] = -1
    s[i, S_CAUGHT_COUNT] = 0


@njit(cache=True)
def _catch_in_elevator(cfg: Config, s: Rows, i: int) -> None:
    _clear_caught(s, i)
    for seat in range(cfg[C_PLAYERS]):
        if cfg[C_ELEVATOR + s[i, S_PLACE + seat]]:
            _catch(s, i, seat)


@njit(cache=True)
def _turn_card(cfg: Config, s: Rows, i: int, kind: int) -> None:
    s[i, S_DISCARD + s[i, S_DISCARDS]] = kind
    s[i, S_DISCARDS] += 1
    s[i, S_LEFT + kind] -= 1
    s[i, S_PHASE] = MOVE
    s[i, S_TURN] = s[i, S_START]
    if cfg[C_CHECK_ON_TURN] and cfg[C_CARD_PICTURE + kind] == 0:
        _catch_in_elevator(cfg, s, i)


@njit(cache=True)
def _guard(cfg: Config, s: Rows, i: int) -> None:
    picture = cfg[C_CARD_PICTURE + s[i, S_DISCARD + s[i, S_DISCARDS] - 1]]
    players = cfg[C_PLAYERS]
    if picture == 0:
        if not cfg[C_CHECK_ON_TURN]:
            _catch_in_elevator(cfg, s, i)
    else:
        _clear_caught(s, i)
        for seat in range(players):
            place = s[i, S_PLACE + seat]
            if place == ROOF:
                continue
            if place == picture or (
                s[i, S_MARKER + picture] == seat and not s[i, S_BANKED + picture]
            ):
                _catch(s, i, seat)
    s[i, S_START] = (s[i, S_START] + 1) % players
    s[i, S_TURN] = s[i, S_START]
    left = 0
    for kind in range(KINDS):
        left += s[i, S_LEFT + kind]
    s[i, S_PHASE] = DRAW if left else OVER


@njit(cache=True)
def _next_robber(cfg: Config, s: Rows, i: int, order: int) -> None:
    players = cfg[C_PLAYERS]
    for index in range(order, players):
        seat = (s[i, S_START] + index) % players
        if can_rob(cfg, s, i, seat):
            s[i, S_PHASE] = ROB
            s[i, S_TURN] = seat
            return
    _guard(cfg, s, i)


@njit(cache=True)
def _move(cfg: Config, s: Rows, i: int, field: int) -> None:
    seat = s[i, S_TURN]
    s[i, S_PLACE + seat] = field
    if field == ROOF and cfg[C_ROOF_BANKS]:
        for picture in range(MARKS):
            if s[i, S_MARKER + picture] == seat:
                s[i, S_BANKED + picture] = 1
    players = cfg[C_PLAYERS]
    if (seat - s[i, S_START]) % players < players - 1:
        s[i, S_TURN] = (seat + 1) % players
    else:
        _next_robber(cfg, s, i, 0)


@njit(cache=True)
def apply(cfg: Config, s: Rows, i: int, action: int) -> None:
    """`State.apply_action` for an action known to be legal (chance outcomes included)."""
    phase = s[i, S_PHASE]
    if phase == START:
        s[i, S_START] = action
        s[i, S_TURN] = action
        s[i, S_PHASE] = DRAW
    elif phase == DRAW:
        _turn_card(cfg, s, i, action)
    elif phase == MOVE:
        _move(cfg, s, i, action)
    else:
        seat = s[i, S_TURN]
        if action == ROB_ACTION:
            s[i, S_MARKER + s[i, S_PLACE + seat]] = seat
        players = cfg[C_PLAYERS]
        _next_robber(cfg, s, i, (seat - s[i, S_START]) % players + 1)
    s[i, S_STEP] += 1


@njit(cache=True)
def initial(cfg: Config, s: Rows, i: int) -> None:
    """`MuseumState.__init__`: every thief on the roof, the full deck, before the first seat."""
    s[i, :] = 0
    s[i, S_PLACE : S_PLACE + MAX_SEATS] = -1
    s[i, S_PLACE : S_PLACE + cfg[C_PLAYERS]] = ROOF
    s[i, S_MARKER : S_MARKER + MARKS] = NOBODY
    for kind in range(KINDS):
        s[i, S_LEFT + kind] = cfg[C_CARD_COUNT + kind]
    s[i, S_DISCARD : S_DISCARD + CARDS] = -1
    s[i, S_CAUGHT : S_CAUGHT + MAX_SEATS] = -1
    s[i, S_PHASE] = START


@njit(cache=True)
def resolve_chance(cfg: Config, s: Rows, seeds: Seeds, i: int, max_length: int) -> None:
    """Draw chance outcomes from the game's seed until a thief must act, the game ends or the
    length cap is reached (`interop.episode.Episode._resolve_chance`)."""
    while s[i, S_PHASE] < MOVE and s[i, S_STEP] < max_length:
        apply(cfg, s, i, chance_outcome(cfg, s, i, seeded_uniform(seeds[i], s[i, S_STEP])))


@njit(cache=True)
def scores(cfg: Config, s: Rows, i: int, out: npt.NDArray[np.int64]) -> None:
    """`MuseumState.scores` into `out`."""
    for seat in range(cfg[C_PLAYERS]):
        out[seat] = cfg[C_ROOF_BONUS] if s[i, S_PLACE + seat] == ROOF else 0
    for picture in range(1, MARKS):
        owner = s[i, S_MARKER + picture]
        if owner != NOBODY:
            out[owner] += cfg[C_VALUE + picture]


@njit(cache=True)
def returns(cfg: Config, s: Rows, i: int, out: npt.NDArray[np.float64]) -> None:
    """`MuseumState.returns` into `out`: seats outscored less seats outscoring, over n - 1."""
    players = cfg[C_PLAYERS]
    out[:players] = 0.0
    if s[i, S_PHASE] != OVER:
        return
    totals = np.empty(players, dtype=np.int64)
    scores(cfg, s, i, totals)
    for seat in range(players):
        net = 0
        for other in range(players):
            net += (totals[seat] > totals[other]) - (totals[seat] < totals[other])
        out[seat] = net / (players - 1)


@njit(cache=True)
def encode(cfg: Config, s: Rows, i: int, seat: int, out: npt.NDArray[np.float32]) -> None:
    """`tensor.encode(state, seat)` into `out` (already zeroed)."""
    n = cfg[C_PLAYERS]
    pictures = MARKS - 1
    for player in range(n):
        out[(player - seat) % n * FIELDS + s[i, S_PLACE + player]] = 1.0
    at = n * FIELDS
    banked_at = at + n * pictures
    for picture in range(1, MARKS):
        owner = s[i, S_MARKER + picture]
        if owner != NOBODY:
            out[at + (owner - seat) % n * pictures + picture - 1] = 1.0
            out[banked_at + picture - 1] = s[i, S_BANKED + picture]
    at = banked_at + pictures
    phase = s[i, S_PHASE]
    done = s[i, S_DISCARDS] if phase in (DRAW, OVER) else s[i, S_DISCARDS] - 1
    for k in range(done):  # `guarded`: the pictures of the cards whose check is done
        picture = cfg[C_CARD_PICTURE + s[i, S_DISCARD + k]]
        if picture:
            out[at + picture - 1] = 1.0
    at += pictures
    out[at + phase] = 1.0
    at += OVER + 1
    if phase != START:
        out[at + (s[i, S_START] - seat) % n] = 1.0
    at += n
    if current_player(cfg, s, i) >= 0:
        out[at + (s[i, S_TURN] - seat) % n] = 1.0
    at += n
    if s[i, S_DISCARDS]:
        out[at + s[i, S_DISCARD + s[i, S_DISCARDS] - 1]] = 1.0
    at += KINDS
    for kind in range(KINDS):
        out[at + kind] = s[i, S_LEFT + kind] / cfg[C_CARD_COUNT + kind]
    at += KINDS
    for k in range(s[i, S_CAUGHT_COUNT]):
        out[at + (s[i, S_CAUGHT + k] - seat) % n] = 1.0
    at += n
    totals = np.empty(n, dtype=np.int64)
    scores(cfg, s, i, totals)
    for player in range(n):
        out[at + (player - seat) % n] = totals[player] / cfg[C_TOP]


# -- conversion both ways ---------------------------------------------------------------------
def new_rows(batch: int) -> Rows:
    return np.zeros((batch, ROW_WIDTH), dtype=np.int32)


def row_values(state: MuseumState) -> list[int]:
    """Reference `state` as the values of a kernel row, column by column."""
    n = state.game.num_players
    values = [
        state.phase,
        state.start_player,
        state.turn,
        len(state._history),
        len(state.discard),
        len(state.caught),
    ]
    values += state.place + [-1] * (MAX_SEATS - n)
    values += state.marker
    values += [int(b) for b in state.banked]
    values += state.left
    values += state.discard + [-1] * (CARDS - len(state.discard))
    values += state.caught + [-1] * (MAX_SEATS - len(state.caught))
    return values


def to_row(state: MuseumState, rows: Rows, i: int) -> np.uint64:
    """Write reference `state` into row `i`; returns its seed for the kernel's seed array."""
    rows[i, :] = row_values(state)
    return np.uint64(state.seed & MASK64)


def to_state(
    game: MuseumGame, rows: Rows, i: int, seed: int, history: list[int] | None = None
) -> MuseumState:
    """The reference state of row `i`.

    The row keeps only the history's length; pass the actions (`history`) to get a state that
    continues with the same chance outcomes. Without them the state has an empty history, so its
    chance draws restart at step 0 of `seed`.
    """
    row = rows[i]
    if history is not None and len(history) != row[S_STEP]:
        raise ValueError(f"the row has {row[S_STEP]} actions of history, not {len(history)}")
    n = game.num_players
    state = MuseumState(game, seed)
    state.phase = int(row[S_PHASE])
    state.start_player = int(row[S_START])
    state.turn = int(row[S_TURN])
    state.place = [int(p) for p in row[S_PLACE : S_PLACE + n]]
    state.marker = [int(m) for m in row[S_MARKER : S_MARKER + MARKS]]
    state.banked = [bool(b) for b in row[S_BANKED : S_BANKED + MARKS]]
    state.left = [int(c) for c in row[S_LEFT : S_LEFT + KINDS]]
    state.discard = [int(k) for k in row[S_DISCARD : S_DISCARD + row[S_DISCARDS]]]
    state.caught = [int(c) for c in row[S_CAUGHT : S_CAUGHT + row[S_CAUGHT_COUNT]]]
    state._history = list(history or [])
    return state


def observation_size(game: MuseumGame) -> int:
    return int(shape(game)[0])
