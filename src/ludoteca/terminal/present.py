"""How a game looks in the terminal, asked of the game's own `text` module by name.

Each game has `ludoteca.games.<id>.text` with `render_text(state)` and, for colour,
`render_rich(state, marks)`. It may also define these optional hooks; without them the
generic fallbacks below are used (a seat's name comes from `Game.seat_name`):

- `side_label(state) -> str`: who is to act (also at a chance node, e.g. the colour to roll);
- `describe_chance(state, action) -> str`: a chance outcome in words, e.g. "Blue rolls 6",
  where `state` is the chance node before `action`.

The fallback of `side_label` reads the string `turn` of `state.to_json()` when a game provides
one. Without `describe_chance`, and for every player's move, the game's own sentence is told
(`ludoteca.narration`, as on the web table); a player's move with its notation after it, so it
can be typed again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from ludoteca.core.api import CHANCE, Game, State
from ludoteca.core.registry import game_module
from ludoteca.i18n import _, format_list
from ludoteca.narration import Narrator, seat_colour


def _hook(game: Game, name: str) -> Callable[..., Any] | None:
    module = game_module(game.id, "text")
    hook = getattr(module, name, None) if module is not None else None
    return hook if callable(hook) else None


def board(state: State, marks: Mapping[int, str] | None = None) -> RenderableType:
    """The position in colour, with `marks` (action -> label) drawn where the game can."""
    render_rich = _hook(state.game, "render_rich")
    if render_rich is not None:
        rendered: RenderableType = render_rich(state, marks or None)
        return rendered
    render_text = _hook(state.game, "render_text")
    return Text(render_text(state) if render_text is not None else str(state))


def seat_names(game: Game, state: State | None = None) -> list[str]:
    """What the move sentences call each seat: its colour in the active language ("Blue"),
    from `state` where the game gives the seats their colours in play (villa's seal)."""
    return [seat_colour(game, seat, state) for seat in range(game.num_players)]


def told_move(before: State, action: int, names: Sequence[str]) -> Text:
    """A player's move in words with its notation in brackets, the position `before` it:
    "Blue moves a pawn from 10 to 15 [10-15]" (a game without sentences: "Blue: 10-15")."""
    narrator = Narrator.of(before.game)
    sentence = narrator.text(before, action, names)
    if narrator.describe_action is None:  # the fallback already ends in the notation
        return Text(sentence)
    return Text.assemble(sentence, " [", (before.action_to_string(action), "bold"), "]")


def seat_label(game: Game, seat: int) -> str:
    """What a seat plays ("red"), or "" when the game does not say."""
    return game.seat_name(seat) or ""


def _named_side(state: State) -> str:
    """The game's name for the side to act, or "" when it has none."""
    hook = _hook(state.game, "side_label")
    if hook is not None:
        return str(hook(state))
    turn = state.to_json().get("turn")
    return turn if isinstance(turn, str) else ""


def describe_chance(state: State, action: int, names: Sequence[str] = ()) -> str:
    """A chance outcome in words; `state` is the chance node it resolves. Without the game's
    own terminal wording, its sentence from the web table ("Blue rolls a 6"), calling the
    seats by `names` where a record gives them, else by their colours."""
    assert state.current_player() == CHANCE
    hook = _hook(state.game, "describe_chance")
    if hook is not None:
        return str(hook(state, action))
    return Narrator.of(state.game).text(state, action, list(names) or seat_names(state.game, state))


def mover(state: State, seats: Sequence[str] = (), names: Sequence[str] = ()) -> str:
    """The side to act with its seat: "red (seat 0, human)"; with names, "Anna (red)"."""
    player = state.current_player()
    side = _named_side(state)
    if 0 <= player < len(names):
        return with_side(names[player], side)
    if not side:
        return seat_name(state.game, player, seats)
    if 0 <= player < len(seats):
        return _("{side} (seat {n}, {who})").format(side=side, n=player, who=seats[player])
    return _("{side} (seat {n})").format(side=side, n=player)


def seat_name(game: Game, seat: int, seats: Sequence[str] = (), names: Sequence[str] = ()) -> str:
    """A seat as people read it: "red (seat 0, human)"; with names (a record made at a table
    that had them), the name with the side where the name does not tell it: "Anna (red)"."""
    label = seat_label(game, seat)
    if seat < len(names):
        return with_side(names[seat], label)
    if seat < len(seats):
        who = _("seat {n}, {who}").format(n=seat, who=seats[seat])
    else:
        who = _("seat {n}").format(n=seat)
    return f"{label} ({who})" if label else who


def with_side(name: str, side: str) -> str:
    """ "Anna (red)"; just the name where it already holds the side ("Red (hard bot)")."""
    if not side or any(s.casefold() in name.casefold() for s in (side, _(side))):
        return name
    return f"{name} ({side})"


def result_lines(state: State, seats: Sequence[str] = (), names: Sequence[str] = ()) -> list[str]:
    """The outcome of a finished game: the winner (or the ranking) and each seat's return."""
    returns = state.returns()
    order = sorted(range(len(returns)), key=lambda seat: -returns[seat])
    best = returns[order[0]]
    winners = [seat for seat in order if returns[seat] == best]
    if len(winners) == len(returns):
        headline = _("The game is drawn.")
    elif len(winners) == 1:
        headline = _("{name} wins!").format(name=seat_name(state.game, winners[0], seats, names))
    else:
        listed = format_list([seat_name(state.game, seat, seats, names) for seat in winners])
        headline = _("Shared win: {names}.").format(names=listed)
    lines = [headline]
    for rank, seat in enumerate(order, start=1):
        lines.append(f"  {rank}. {seat_name(state.game, seat, seats, names)}: {returns[seat]:+.3g}")
    return lines
