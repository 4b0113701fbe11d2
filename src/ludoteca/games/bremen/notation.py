"""Bremer Stadtmusikanten notation: reading and writing actions as text.

- a roll: `5+3` (plain die 5, R-die 3) or `5+R` (the robber walks 5);
- an animal move: animal, field it leaves, `-` (or `x` when it sends animals home), destination,
  e.g. `rD0-3`, `rH3x27`, `yD43-H` (storming the house). `/n` names the die when the same
  animal reaches the same field with both dice: `rD41-H/1`;
- a robber walk: `R:` and the fields he enters, e.g. `R:41-42-43`;
- the starting seat: `start:1`.

Fields are numbered as on the board picture; `H` is the robber's house.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ludoteca.core.errors import NotationError
from ludoteca.games.bremen.board import MAX_STEPS
from ludoteca.games.bremen.constants import (
    MOVE,
    OVER,
    R_FACE,
    ROBBER,
    ROLL,
    ROLL_ACTIONS,
    START,
    animal_name,
    parse_animal,
)

if TYPE_CHECKING:
    from ludoteca.games.bremen.game import BremenState

_MOVE = re.compile(r"^(?P<animal>[a-z]{2})(?P<source>\d+|h)?(?:-|x)(?P<to>\d+|h)(?:/(?P<die>\d))?$")
_ROLL = re.compile(r"^(?P<plain>[1-6])\s*\+\s*(?P<r>[2-6r])$")


def roll_to_string(action: int) -> str:
    plain, rdie = divmod(action, 10)
    return f"{plain}+{'R' if rdie == R_FACE else rdie}"


def action_to_string(state: BremenState, action: int) -> str:
    """The action in notation, as seen from `state` (see the module docstring)."""
    phase = state.phase
    game = state.game
    if phase == ROLL:
        if action in ROLL_ACTIONS:
            return roll_to_string(action)
        raise NotationError(f"a roll is 10·plain + R-die (11-66), not {action!r}")
    if phase == START:
        if type(action) is int and 0 <= action < game.num_players:
            return f"start:{action}"
        raise NotationError(f"the starting seat is 0-{game.num_players - 1}")
    paths = game.board.robber_paths()
    if type(action) is not int or not 0 <= action < game.robber_base + len(paths):
        raise NotationError(f"{action!r} is not a bremen action")
    if action >= game.robber_base:
        path = paths[action - game.robber_base]
        return "R:" + "-".join(game.board.names[f] for f in path[1:])
    return _move_to_string(state, action)


def _move_to_string(state: BremenState, action: int) -> str:
    game = state.game
    names = game.board.names
    animal, end, steps = game.split_move(action)
    sends = end != game.board.house and bool(state.arrival(animal, end)[1])
    text = f"{animal_name(animal)}{names[state.at[animal]]}{'x' if sends else '-'}{names[end]}"
    if state.phase == MOVE and len(_same_move(state, animal, end)) > 1:
        text += f"/{steps}"
    return text


def _same_move(state: BremenState, animal: int, end: int) -> list[int]:
    """The legal actions moving `animal` to `end` (one per die that gets it there)."""
    split = state.game.split_move
    return [a for a in state.legal_actions() if split(a)[:2] == (animal, end)]


def string_to_action(state: BremenState, text: str) -> int:
    """Read a move in notation; `NotationError` for text that names no action."""
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}")
    raw = text.strip()
    phase = state.phase
    if phase == ROLL:
        match = _ROLL.match(raw.lower())
        if match is None:
            raise NotationError(f"{text!r}: a roll is written plain+R-die, e.g. 5+3 or 5+R")
        rdie = match["r"]
        return 10 * int(match["plain"]) + (R_FACE if rdie == "r" else int(rdie))
    if phase == START:
        seat = raw.lower().removeprefix("start:")
        if seat.isdigit() and int(seat) < state.game.num_players:
            return int(seat)
        raise NotationError(f"{text!r}: the starting seat is written start:0 .. start:N-1")
    if phase == OVER:
        raise NotationError("the game is over")
    if raw[:2].upper() == "R:":
        return _read_robber(state, text, raw[2:])
    return _read_move(state, text, raw.lower())


def _read_robber(state: BremenState, text: str, walk: str) -> int:
    game = state.game
    try:
        fields = tuple(game.board.index(name) for name in walk.split("-"))
    except ValueError:
        fields = ()
    index = game.path_index.get((state.robber, *fields))
    if index is None:
        raise NotationError(
            f"{text!r} is no robber walk from {game.board.names[state.robber]}: write R: and"
            " the forest fields he enters, each next to the one before, e.g. R:41-42-43"
        )
    action = game.robber_base + index
    if state.phase == ROBBER and action not in state.legal_actions():
        effect = state._robber_effect(game.board.robber_paths()[index])
        for legal in state.legal_actions():
            if state._robber_effect(game.board.robber_paths()[legal - game.robber_base]) == effect:
                return legal
    return action


def _read_move(state: BremenState, text: str, raw: str) -> int:
    game = state.game
    match = _MOVE.match(raw.replace(" ", ""))
    try:
        if match is None:
            raise ValueError(text)
        animal = parse_animal(match["animal"])
        end = game.board.index(match["to"])
    except ValueError:
        raise NotationError(
            f"{text!r} is not a bremen move: write the animal (colour r/b/y/g, then D donkey,"
            " H dog, C cat, R rooster), the field it leaves and its destination, e.g. rD0-3,"
            " rH3x27, yD43-H; or a robber walk such as R:41-42-43"
        ) from None
    source = match["source"]
    if source is not None and game.board.index(source) != state.at[animal]:
        where = game.board.names[state.at[animal]]
        raise NotationError(f"{text!r}: {animal_name(animal)} stands on {where}, not {source}")
    die = match["die"]
    if die is not None:
        if not 1 <= int(die) <= MAX_STEPS:
            raise NotationError(f"{text!r}: a die shows 1-6")
        return game.move_action(animal, end, int(die))
    candidates = _same_move(state, animal, end) if state.phase == MOVE else []
    if len(candidates) > 1:
        dice = " or ".join(f"/{game.split_move(a)[2]}" for a in candidates)
        raise NotationError(f"{text!r}: both dice reach {match['to']}; add {dice}")
    if candidates:
        return candidates[0]
    return game.move_action(animal, end, state.left[0] if state.left else 1)
