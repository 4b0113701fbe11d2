"""Bremer Stadtmusikanten positions as JSON: what `to_json` writes and `from_json` reads.

Stacks are listed per field, bottom to top, by animal name (`rD` red donkey, `bH` blue dog,
`yC` yellow cat, `gR` green rooster); fields without animals are left out. A test sets up any
position by writing only what matters: missing keys take their start-of-turn defaults.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.api import JSON
from ludoteca.core.errors import StateFormatError
from ludoteca.games.bremen.constants import (
    ANIMALS,
    MOVE,
    OVER,
    PHASES,
    R_FACE,
    ROBBER,
    animal_name,
    parse_animal,
    size_of,
)

if TYPE_CHECKING:
    from ludoteca.games.bremen.game import BremenState


def position_json(state: BremenState) -> JSON:
    """The position without the game header and history (shared with `observation`)."""
    names = state.game.board.names
    plain, rdie = state.dice
    return {
        "turn": state.turn,
        "phase": PHASES[state.phase],
        "dice": [plain, "R" if rdie == R_FACE else rdie] if plain else None,
        "dice_left": list(state.left),
        "moved": animal_name(state.moved) if state.moved >= 0 else None,
        "must_leave": animal_name(state.must_leave) if state.must_leave >= 0 else None,
        "landed_on_top": state.on_top,
        "robber": names[state.robber],
        "scores": list(state.scores),
        "winner": state.winner if state.winner >= 0 else None,
        "stacks": {
            names[field]: [animal_name(a) for a in stack]
            for field, stack in enumerate(state.stacks)
            if stack
        },
    }


def read_position(state: BremenState, obj: JSON) -> BremenState:
    """Fill `state`, new from `BremenGame._state_from_json`, with the position of `obj`."""
    game = state.game
    if "stacks" in obj:
        _place(state, obj["stacks"])
    board = game.board
    state.robber = board.index(str(obj.get("robber", "H")))
    if not board.is_robber_field(state.robber) or state.stacks[state.robber]:
        raise StateFormatError("the robber stands on an empty forest field, a bridge or H")
    n = game.num_players
    state.scores = [int(s) for s in obj.get("scores", [0] * n)]
    if len(state.scores) != n:
        raise StateFormatError(f"scores needs one number per seat ({n})")
    state.turn = int(obj.get("turn", 0))
    if not 0 <= state.turn < n:
        raise StateFormatError(f"turn {state.turn} is not a seat (0-{n - 1})")
    phase = obj.get("phase", "roll")
    if phase not in PHASES:
        raise StateFormatError(f"phase {phase!r} is not one of {', '.join(PHASES)}")
    state.phase = PHASES.index(phase)
    _read_turn(state, obj)
    winner = obj.get("winner")
    state.winner = -1 if winner is None else int(winner)
    if (state.phase == OVER) != (state.winner >= 0):
        raise StateFormatError("a finished game (phase 'over') names its winner, and only it")
    state._history = [int(a) for a in obj.get("history", [])]
    return state


def _place(state: BremenState, stacks: dict[str, Any]) -> None:
    board = state.game.board
    state.stacks = [[] for _ in range(board.size)]
    seen: set[int] = set()
    for name, animals in stacks.items():
        field = board.index(str(name))
        ids = [parse_animal(str(a)) for a in animals]
        sizes = [size_of(a) for a in ids]
        if sizes != sorted(set(sizes), reverse=True):
            raise StateFormatError(f"field {name}: a stack goes strictly from big to small")
        if board.is_bridge(field) and len(ids) > 1:
            raise StateFormatError(f"field {name}: an animal on a bridge stands alone")
        if seen & set(ids):
            raise StateFormatError(f"field {name}: an animal stands on two fields")
        seen |= set(ids)
        state.stacks[field] = ids
        for animal in ids:
            state.at[animal] = field
    if len(seen) != ANIMALS:
        missing = sorted(animal_name(a) for a in set(range(ANIMALS)) - seen)
        raise StateFormatError(f"every animal stands somewhere; missing: {', '.join(missing)}")


def _read_turn(state: BremenState, obj: JSON) -> None:
    """Dice, dice still to use, and what the first move of the turn left behind."""
    dice = obj.get("dice")
    if dice:
        plain, rdie = dice
        state.dice = (int(plain), R_FACE if str(rdie).upper() == "R" else int(rdie))
    if state.phase == ROBBER and state.dice[1] != R_FACE:
        raise StateFormatError("a robber move needs dice with R, e.g. [4, 'R']")
    if state.phase != MOVE:
        return
    if not state.dice[0] or state.dice[1] == R_FACE:
        raise StateFormatError("a position in phase 'move' needs two numbers on the dice")
    state.left = [int(v) for v in obj.get("dice_left", list(state.dice))]
    moved = obj.get("moved")
    state.moved = -1 if moved is None else parse_animal(moved)
    must_leave = obj.get("must_leave")
    state.must_leave = -1 if must_leave is None else parse_animal(must_leave)
    state.on_top = bool(obj.get("landed_on_top", False))
    if not state.left or not state.animal_moves():
        raise StateFormatError("no legal move with these dice here: use phase 'roll'")
