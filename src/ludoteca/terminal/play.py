"""A game at the terminal: chance drawn from the seed, bots moving with a pause, people typing.

The record is saved however the game ends: finished, `quit` typed, input ended (EOF) or
Ctrl-C. `Session.run` returns how it ended; the command turns that into the exit code.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from ludoteca.core.api import State
from ludoteca.core.chance import play_chance
from ludoteca.core.errors import InvalidOptionError, LudotecaError
from ludoteca.core.record import Record
from ludoteca.core.registry import game_class, load
from ludoteca.i18n import _, game_title, ngettext
from ludoteca.terminal import present
from ludoteca.terminal.prompt import MENU_LIMIT, BadInput, Command, Menu, help_text, interpret
from ludoteca.terminal.screen import Screen
from ludoteca.terminal.seats import Seat, default_seats, load_seats, parse_options, split_seats

BOT_PAUSE = 0.8
"""Seconds a bot's move stays on screen before the game goes on."""
ROLL_PAUSE = 0.4
"""Seconds a chance outcome stays on screen when no person has to act next."""


class Ending(Enum):
    """How a session ended."""

    FINISHED = "finished"
    QUIT = "quit"
    INTERRUPTED = "interrupted"


class _Stop(Exception):
    """Unwinds the loop when the person stops the game; the session then saves and reports."""

    def __init__(self, ending: Ending, reason: str) -> None:
        super().__init__(reason)
        self.ending = ending
        self.reason = reason


@dataclass
class Options:
    """How the session behaves: pauses, auto-playing forced moves, where the record goes."""

    fast: bool = False
    auto_single: bool = False
    record: Path | None = None
    pause: Callable[[float], None] = field(default=time.sleep)


@dataclass
class Outcome:
    """What `Session.run` hands back: the last position, how it ended and where the record is."""

    state: State
    ending: Ending
    record_path: Path


def _drop_typeahead() -> None:
    """Forget keys pressed while bots moved, so they cannot answer a question not yet shown."""
    if not sys.stdin.isatty():
        return
    try:
        import termios  # POSIX terminals only (not on Windows)
    except ImportError:  # not a POSIX terminal
        return
    with contextlib.suppress(OSError, termios.error):
        termios.tcflush(sys.stdin, termios.TCIFLUSH)


def default_record_path(game_id: str, seed: int, now: datetime | None = None) -> Path:
    """`records/<game>-<timestamp>-<seed>.json` under the current directory."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    return Path("records") / f"{game_id}-{stamp}-{seed}.json"


class Session:
    """One game at the terminal; `run` plays it to the end or until the person stops."""

    def __init__(
        self,
        state: State,
        seats: Sequence[Seat],
        console: Console,
        options: Options,
        read: Callable[[Text], str] | None = None,
        live: bool | None = None,
    ) -> None:
        self.state = state
        self.seats = list(seats)
        self.names = [seat.spec for seat in self.seats]
        self.console = console
        self.options = options
        self.read = read or (lambda prompt: console.input(prompt))
        game = state.game
        seats_line = "   ".join(
            f"{present.seat_name(game, seat)}: {name}" for seat, name in enumerate(self.names)
        )
        title = _("{game} · seed {seed}").format(game=game_title(game.title), seed=state.seed)
        self.screen = Screen(console, title, seats_line, live)

    # -- the loop -----------------------------------------------------------------------------
    def run(self) -> Outcome:
        self._introduce()
        try:
            while not self.state.is_terminal():
                if self.state.is_chance_node():
                    self._resolve_chance()
                elif self.seats[self.state.current_player()].is_human:
                    self._human_turn()
                else:
                    self._bot_turn()
        except _Stop as stop:
            return self._finish(stop.ending, stop.reason)
        except KeyboardInterrupt:
            return self._finish(Ending.INTERRUPTED, _("interrupted (Ctrl-C)"))
        except LudotecaError:
            self._save()
            raise
        return self._finish(Ending.FINISHED, "")

    def _introduce(self) -> None:
        self.screen.show(self.state, force=True)

    def _resolve_chance(self) -> None:
        before = self.state.clone()
        for outcome in play_chance(self.state):
            self.screen.event(present.describe_chance(before, outcome), "cyan")
            before.apply_action(outcome)
            if not before.is_chance_node() and self._human_next(before):
                break  # the person's prompt follows at once; nothing to wait for
            self.screen.show(before)
            self._pause(ROLL_PAUSE)

    def _human_next(self, state: State) -> bool:
        player = state.current_player()
        return player >= 0 and self.seats[player].is_human

    def _bot_turn(self) -> None:
        state = self.state
        seat = self.seats[state.current_player()]
        assert seat.agent is not None
        action = seat.agent.act(state.clone_for_agent())
        self._apply(action)
        self._pause(BOT_PAUSE)

    def _human_turn(self) -> None:
        state = self.state
        menu = Menu.of(state)
        if len(menu.actions) == 1 and self.options.auto_single:
            self._apply(menu.actions[0], note=_(" (only move)"))
            self._pause(BOT_PAUSE)
            return
        self._show_menu(menu)
        while True:
            if self.screen.live:
                _drop_typeahead()
            try:
                text = self.read(self._prompt(menu))
            except EOFError:
                raise _Stop(Ending.QUIT, _("input ended")) from None
            try:
                choice = interpret(text, state, menu)
            except BadInput as exc:
                self.console.print(Text(str(exc), style="bold red"))
                continue
            if choice is Command.QUIT:
                raise _Stop(Ending.QUIT, _("stopped at your request"))
            if choice is Command.HELP:
                self.console.print(Text(help_text(menu), style="yellow"))
            elif choice is Command.MOVES:
                self.console.print(Text("   ".join(menu.lines()), style="green"))
            elif choice is Command.BOARD:
                self._show_menu(menu)
            else:
                assert isinstance(choice, int)
                self._apply(choice)
                return

    def _show_menu(self, menu: Menu) -> None:
        who = self._who(self.state)
        heading = Text.assemble("\n", (_("Your move, {who}:").format(who=who), "bold"))
        moves = Text("   ".join(menu.lines(MENU_LIMIT)), style="bold green")
        self.screen.show(self.state, menu.marks(), [heading, moves], force=True)

    def _prompt(self, menu: Menu) -> Text:
        if len(menu.actions) == 1:
            return Text(_("Move (1 or Enter; ? for help): "))
        return Text(_("Move (1-{count} or notation; ? for help): ").format(count=len(menu.actions)))

    def _apply(self, action: int, note: str = "") -> None:
        state = self.state
        before = state.clone()  # told after the game has checked the move
        state.apply_action(action, player=state.current_player())
        told = present.told_move(before, action, present.seat_names(before.game, before))
        self.screen.event(Text.assemble(told, note), "bold")
        self.screen.show(state)

    def _who(self, state: State) -> str:
        return present.mover(state, self.names)

    def _pause(self, seconds: float) -> None:
        if not self.options.fast:
            self.options.pause(seconds)

    # -- the end ------------------------------------------------------------------------------
    def _save(self) -> Path:
        path = self.options.record or default_record_path(self.state.game.id, self.state.seed)
        try:
            return Record.of(self.state, seats=self.names).save(path)
        except OSError as exc:
            raise LudotecaError(
                _("cannot save the record to {path}: {reason}").format(
                    path=path, reason=exc.strerror
                )
            ) from exc

    def _finish(self, ending: Ending, reason: str) -> Outcome:
        path = self._save()
        console = self.console
        if ending is Ending.FINISHED:
            self.screen.show(self.state, force=True)
            lines = present.result_lines(self.state, self.names)
            console.print(Text(lines[0], style="bold green"))
            for line in lines[1:]:
                console.print(Text(line))
        else:
            console.print(
                Text("\n" + _("Game stopped: {reason}.").format(reason=reason), style="bold yellow")
            )
        console.print(Text(_("Record saved to {path}").format(path=path)), soft_wrap=True)
        return Outcome(self.state, ending, path)


def start(
    game_id: str,
    seats_text: str | None,
    option_items: Sequence[str],
    *,
    seed: int | None,
    console: Console,
    options: Options,
    read: Callable[[Text], str] | None = None,
) -> Outcome:
    """Set up the game named on the command line and play it; bad names raise readable errors."""
    if options.record is not None and options.record.is_dir():
        raise LudotecaError(
            f"cannot save the record to {options.record}: it is a directory; name a file"
        )
    game_options: dict[str, Any] = parse_options(option_items)
    if seats_text is None:
        game = load(game_id, **game_options)
        specs = default_seats(game)
    else:
        specs = split_seats(seats_text)
        cls = game_class(game_id)
        if not cls.min_players <= len(specs) <= cls.max_players:
            raise InvalidOptionError(
                ngettext(
                    "--seats names {n} seat; {game} is played by {low} to {high} players",
                    "--seats names {n} seats; {game} is played by {low} to {high} players",
                    len(specs),
                ).format(n=len(specs), game=cls.id, low=cls.min_players, high=cls.max_players)
            )
        game = load(game_id, players=len(specs), **game_options)
    state = game.new_initial_state(seed=seed)
    seats = load_seats(specs, game, state.seed)
    return Session(state, seats, console, options, read).run()
