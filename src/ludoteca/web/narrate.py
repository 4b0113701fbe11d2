"""What a move did, for people: its sentence in the log and its mark on the board.

A game tells it in its own words (`ludoteca.games.<id>.describe.describe_action`) and names the
board elements it touched (`ludoteca.games.<id>.svg.move_mark`); both look at the position
*before* the action. A game without them is told as "Name: notation" and leaves no mark.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ludoteca.core.api import CHANCE, Game, State
from ludoteca.core.marks import MoveMark
from ludoteca.core.registry import game_module
from ludoteca.i18n import _

Describe = Callable[[State, int, Sequence[str]], str]
Mark = Callable[[State, int], MoveMark]
Position = Callable[[State, Sequence[str]], str]


@dataclass(frozen=True)
class Narrator:
    """The friendly text and the marks of one game's moves (with their fallbacks)."""

    describe_action: Describe | None
    move_mark: Mark | None
    describe_position: Position | None = None

    @classmethod
    def of(cls, game: Game) -> Narrator:
        describe = game_module(game.id, "describe")
        svg = game_module(game.id, "svg")
        return cls(
            getattr(describe, "describe_action", None),
            getattr(svg, "move_mark", None),
            getattr(describe, "describe_position", None),
        )

    def text(self, before: State, action: int, names: Sequence[str]) -> str:
        """The sentence for `action` at `before`, in the active language."""
        if self.describe_action is not None:
            return self.describe_action(before, action, names)
        return fallback_text(before, action, names)

    def position(self, state: State, names: Sequence[str]) -> str | None:
        """The whole position in words for screen readers, where the game tells it."""
        if self.describe_position is None:
            return None
        return self.describe_position(state, names)

    def mark(self, before: State, action: int) -> MoveMark | None:
        """The board elements `action` touches, or None where the game draws no marks."""
        return self.move_mark(before, action) if self.move_mark is not None else None


def fallback_text(before: State, action: int, names: Sequence[str]) -> str:
    """ "Anna: 12-17" for a decision, "Chance: 6" for a chance outcome."""
    notation = before.action_to_string(action)
    player = before.current_player()
    if player == CHANCE or not 0 <= player < len(names):
        return _("Chance: {outcome}").format(outcome=notation)
    return _("{name}: {move}").format(name=names[player], move=notation)


def since_previous_turn(players: Sequence[int], seat: int | None, to_move: int | None) -> int:
    """Where the moves a viewer has not seen yet begin: after `seat`'s own last decision.

    A spectator (`seat` None) sees what the seat to move has not seen; with nobody to move
    (the game is over), the last turn: the last decision with the chance just before it.
    A seat that has not decided yet sees everything from the start.
    """
    viewer = seat if seat is not None else to_move
    if viewer is not None:
        mine = [i for i, player in enumerate(players) if player == viewer]
        return mine[-1] + 1 if mine else 0
    return turn_start(players, len(players))


def turn_start(players: Sequence[int], end: int) -> int:
    """The first move of the turn that ends at `end` (exclusive): the last decision before
    `end` and the chance outcomes just before that decision (its roll, its card)."""
    index = end - 1
    while index >= 0 and players[index] < 0:  # chance after the last decision: part of the turn
        index -= 1
    index -= 1  # past the decision
    while index >= 0 and players[index] < 0:
        index -= 1
    return max(index + 1, 0)
