"""Replaying a saved record: every move checked, told in words with its notation."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from ludoteca.core.api import State
from ludoteca.core.chance import KEYED
from ludoteca.core.record import Move, Record
from ludoteca.i18n import _, game_title, ngettext
from ludoteca.terminal import present


def load_record(path: Path) -> tuple[Record, list[State]]:
    """The record and every position, or a `StateFormatError` saying what is wrong."""
    record = Record.load(path)
    return record, record.states()


def move_line(number: int, move: Move, before: State, names: list[str] | None = None) -> Text:
    """One move as a log line: chance outcomes in words, players' moves in the game's sentence
    with their notation; players called by their names where the record names them."""
    named = names or present.seat_names(before.game, before)
    if move.player < 0:
        told = present.describe_chance(before, move.action, named)
        return Text(f"{number:5}. {told}", "cyan")
    return Text.assemble(f"{number:5}. ", present.told_move(before, move.action, named))


def replay(
    path: Path,
    console: Console,
    *,
    step: bool = False,
    fast: bool = False,
    read: Callable[[str], str] | None = None,
) -> State:
    """Print the game in `path` move by move and return its final position.

    With `step` the board follows every move, waiting for Enter unless `fast` ('q' stops early;
    the end of input lets the rest run through).
    """
    record, states = load_record(path)
    ask = read or (lambda prompt: console.input(prompt))
    game = states[0].game
    seats = record.seats
    names = record.names or []
    started = record.started or "?"
    name = game_title(game.title)
    if record.scheme == KEYED:  # its dice come from the secret: it has no seed to show
        heading = _("{game} · started {started}").format(game=name, started=started)
    else:
        heading = _("{game} · seed {seed} · started {started}").format(
            game=name, seed=record.seed, started=started
        )
    console.rule(Text(heading))
    for seat in range(game.num_players):
        console.print(Text(f"  {present.seat_name(game, seat, seats, names)}", style="dim"))
    defaults = {spec.name: spec.default for spec in game.option_specs}
    changed = {k: v for k, v in game.options.items() if v != defaults.get(k)}
    if changed:
        listed = ", ".join(f"{k}={v}" for k, v in changed.items())
        console.print(Text("  " + _("options: {options}").format(options=listed)))
    waiting = step and not fast
    for number, move in enumerate(record.moves, start=1):
        console.print(move_line(number, move, states[number - 1], names))
        if step:
            console.rule(_("position after move {number}").format(number=number), style="dim")
            console.print(present.board(states[number]))
            if waiting:
                try:
                    answer = ask(_("[Enter: next move, q: to the end] "))
                except EOFError:
                    answer = "q"
                if answer.strip().lower() in {"q", "quit"}:
                    waiting = False
    final = states[-1]
    if not step:
        console.rule(
            _("position after move {number}").format(number=len(record.moves)), style="dim"
        )
        console.print(present.board(final))
    if final.is_terminal():
        lines = present.result_lines(final, seats, names)
        console.print(Text(lines[0], style="bold green"))
        for line in lines[1:]:
            console.print(Text(line))
    else:
        console.print(
            Text(
                ngettext(
                    "The record stops after {n} move, before the end.",
                    "The record stops after {n} moves, before the end.",
                    len(record.moves),
                ).format(n=len(record.moves)),
                style="yellow",
            )
        )
    return final
