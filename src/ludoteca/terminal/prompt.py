"""Reading a person's move: a number from the shown list, or the move in the game's notation."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ludoteca.core.api import State
from ludoteca.core.errors import NotationError
from ludoteca.i18n import DEFAULT, _, current, ngettext

MENU_LIMIT = 40
"""Most moves listed under the board; a longer list is shown on request ('moves')."""


def help_text(menu: Menu) -> str:
    """How to answer the move prompt, with examples from the moves of this position."""
    examples = ", ".join(menu.notations[:3])
    return _(
        "Type the number of a move from the list, or the move in notation (e.g. {examples}).\n"
        "Enter alone plays the only move when there is just one. 'moves' lists every move, "
        "'board' shows the board again, 'quit' saves the record and stops."
    ).format(examples=examples)


class Command(Enum):
    """Words understood at the move prompt besides moves."""

    HELP = "help"
    BOARD = "board"
    MOVES = "moves"
    QUIT = "quit"


_WORDS = {
    "?": Command.HELP,
    "h": Command.HELP,
    "help": Command.HELP,
    "b": Command.BOARD,
    "board": Command.BOARD,
    "moves": Command.MOVES,
    "list": Command.MOVES,
    "q": Command.QUIT,
    "quit": Command.QUIT,
    "exit": Command.QUIT,
}


class BadInput(Exception):
    """The typed text is neither a move of the list nor a command; the message says why."""


@dataclass(frozen=True)
class Menu:
    """The legal moves of the player to act, numbered from 1 in action order."""

    actions: tuple[int, ...]
    notations: tuple[str, ...]

    @classmethod
    def of(cls, state: State) -> Menu:
        actions = tuple(state.legal_actions())
        return cls(actions, tuple(state.action_to_string(a) for a in actions))

    def marks(self) -> dict[int, str]:
        """Action id -> its number, for drawing the numbers on the board."""
        return {action: str(number) for number, action in enumerate(self.actions, start=1)}

    def lines(self, limit: int | None = None) -> list[str]:
        """Each move as "1) 12-17"; with `limit`, the first ones and a line saying how many more."""
        lines = [f"{n}) {text}" for n, text in enumerate(self.notations, start=1)]
        if limit is None or len(lines) <= limit:
            return lines
        rest = len(lines) - limit
        more = ngettext(
            "... and {n} more ('moves' lists them all)",
            "... and {n} more ('moves' lists them all)",
            rest,
        ).format(n=rest)
        return [*lines[:limit], more]


def interpret(text: str, state: State, menu: Menu) -> int | Command:
    """The action or command meant by `text`.

    A whole number from 1 to the length of the list picks from the list (so with three moves,
    "3" is move 3, not the pawn on circle 3: write a circle's full move, e.g. 3-7, for that).
    """
    raw = text.strip()
    if not raw:
        if len(menu.actions) == 1:
            return menu.actions[0]
        raise BadInput(_("Type {numbers} or a move in notation.").format(numbers=_numbers(menu)))
    word = _WORDS.get(raw.lower())
    if word is not None:
        return word
    if raw.isdigit() and 1 <= int(raw) <= len(menu.actions):
        return menu.actions[int(raw) - 1]
    try:
        action = state.string_to_action(raw)
    except NotationError as exc:
        raise BadInput(
            _("{problem}. Type {numbers}, or ? for help.").format(
                problem=_unreadable(raw, exc), numbers=_numbers(menu)
            )
        ) from exc
    if action not in menu.actions:
        shown = ", ".join(menu.lines(MENU_LIMIT))
        raise BadInput(
            _("{typed!r} is not one of your moves now: {moves}.").format(typed=raw, moves=shown)
        )
    return action


def _unreadable(typed: str, error: NotationError) -> str:
    """Why `typed` is no move: in English the game's own message (it shows how moves are
    written; the games' messages are English), in another language the same in its words."""
    if current() == DEFAULT:
        return str(error)
    return _("{typed!r} is not a move in this game's notation").format(typed=typed)


def _numbers(menu: Menu) -> str:
    count = len(menu.actions)
    return _("1 (or Enter)") if count == 1 else _("a move number (1-{count})").format(count=count)
