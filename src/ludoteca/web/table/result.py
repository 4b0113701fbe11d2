"""The end of a game in words: who won, who shares which place, with each game's own score.

Returns rank the seats, and where returns are equal the game's `describe.standing` (what its
rules page says counts next: ludo's pawns home); seats equal in both share a place. The words
come from the names and from the game's `describe.score_text` where it has one ("23.500 €",
"12 points"). Returns themselves
stay in the API and the records: a player reads "Red and Green share 2nd place", not "-0.33".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ludoteca.core.api import State
from ludoteca.core.registry import game_module
from ludoteca.i18n import N_, _, format_list, format_number

PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"), N_("8th"))


def place_name(place: int) -> str:
    """ "2nd" for 2, in the active language ("2e", "2.")."""
    if 1 <= place <= len(PLACES):
        return _(PLACES[place - 1])
    return _("place {number}").format(number=format_number(place))


@dataclass(frozen=True)
class Group:
    """Seats with equal returns, and the place they share (1 is the best)."""

    place: int
    seats: tuple[int, ...]


Standing = tuple[float, ...]


def ranking(returns: Sequence[float], standings: Sequence[Standing] | None = None) -> list[Group]:
    """The seats grouped by equal returns, best first; a group after k seats is at k + 1.

    `standings` (one per seat, from the game's `describe.standing`) order seats whose returns
    are equal by what the game's rules pages say counts next (ludo: pawns home, then how far
    they walked): only seats equal in both share a place."""
    keys = [(r, *(standings[seat] if standings else ())) for seat, r in enumerate(returns)]
    groups = []
    ahead = 0
    for key in sorted(set(keys), reverse=True):
        seats = tuple(seat for seat, k in enumerate(keys) if k == key)
        groups.append(Group(ahead + 1, seats))
        ahead += len(seats)
    return groups


def standings(state: State) -> list[Standing] | None:
    """Each seat's standing from the game's `describe.standing`, or None where it has none."""
    describe = game_module(state.game.id, "describe")
    standing: Callable[[State, int], Standing] | None = getattr(describe, "standing", None)
    if standing is None:
        return None
    return [standing(state, seat) for seat in range(state.game.num_players)]


def scores(state: State) -> list[str | None]:
    """Each seat's score in words from the game's `describe.score_text`, or None."""
    describe = game_module(state.game.id, "describe")
    score_text: Callable[[State, int], str | None] | None = getattr(describe, "score_text", None)
    seats = range(state.game.num_players)
    if score_text is None:
        return [None for _seat in seats]
    return [score_text(state, seat) for seat in seats]


def group_line(group: Group, names: Sequence[str], scores: Sequence[str | None]) -> str:
    """One sentence for a group: "Blue wins", "Anna wins with 23.500 €", "Red is 2nd",
    "Red and Green share 2nd place"."""
    who = [names[seat] for seat in group.seats]
    if len(who) == 1:
        seat = group.seats[0]
        score = scores[seat]
        if group.place == 1:
            if score:
                return _("{name} wins with {score}").format(name=who[0], score=score)
            return _("{name} wins").format(name=who[0])
        place = place_name(group.place)
        if score:
            return _("{name} is {place} with {score}").format(name=who[0], place=place, score=score)
        return _("{name} is {place}").format(name=who[0], place=place)
    listed = format_list(who)
    if group.place == 1:
        return _("{names} share the win").format(names=listed)
    return _("{names} share {place} place").format(names=listed, place=place_name(group.place))


@dataclass(frozen=True)
class Result:
    """The result for the page: the winners' sentence and one line per group."""

    text: str
    lines: tuple[str, ...]
    winners: tuple[int, ...]
    places: tuple[int, ...]
    """Each seat's place (1 is the best)."""


def describe_result(
    returns: Sequence[float],
    names: Sequence[str],
    scores: Sequence[str | None],
    standings: Sequence[Standing] | None = None,
) -> Result:
    """The result in words from returns, names and score texts (all one per seat), the seats
    with equal returns ordered by their `standings` where the game has them.

    When every seat ties the game is a draw: nobody wins (a villa that collapsed, a level
    two-player game), rather than everybody.
    """
    if len(set(returns)) == 1 and len(returns) > 1:
        standings = None  # a draw stays a draw
    groups = ranking(returns, standings)
    if len(groups) == 1 and len(returns) > 1:
        draw = _("Nobody wins (a draw)")
        return Result(draw, (draw,), (), tuple(1 for _seat in returns))
    lines = tuple(group_line(group, names, scores) for group in groups)
    places = [0] * len(returns)
    for group in groups:
        for seat in group.seats:
            places[seat] = group.place
    return Result(lines[0], lines, groups[0].seats, tuple(places))
