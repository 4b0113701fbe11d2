"""What a move did and who made it, in words, for every front end (the web's log, the terminal).

A game tells a move in its own words (`ludoteca.games.<id>.describe.describe_action`) and names
the board elements it touched (`ludoteca.games.<id>.svg.move_mark`); both look at the position
*before* the action. A game without them is told as "Name: notation" and leaves no mark. A seat
is called by what the game calls it (`describe.player_name`, else `Game.seat_name`).
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


def seat_colour(game: Game, seat: int, state: State | None = None) -> str:
    """The seat's default name in the active language: its colour(s), e.g. "Blue". A game
    whose seats get their colours in play (villa's seal) names them from `state` with its
    `describe.seat_name(state, seat)`, where a state is given."""
    describe = game_module(game.id, "describe")
    in_play: Callable[[State, int], str] | None = getattr(describe, "seat_name", None)
    if state is not None and in_play is not None:
        return in_play(state, seat)
    player_name: Callable[[Game, int], str] | None = getattr(describe, "player_name", None)
    if player_name is not None:
        return player_name(game, seat)
    name = game.seat_name(seat)
    if not name:
        return _("Player {number}").format(number=seat + 1)
    return _(name).title()
