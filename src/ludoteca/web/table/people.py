"""Who sits at a table, in words: a person's entered name, a seat's colour, a bot's strength.

A seat without a person's name is called by its colour (`ludoteca.narration.seat_colour`, e.g.
"Red & Yellow"). Bots are named by the strength the lobby offered ("Blue (hard bot)"), also
when chosen by the agent that strength is. Names are built in the active language each time they
are shown, so two players at one table read them in their own languages; only a person's own
name is stored.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import reduce

from ludoteca.agents.strengths import LEVELS, strengths
from ludoteca.core.api import Game, State
from ludoteca.i18n import N_, _
from ludoteca.narration import seat_colour
from ludoteca.store.tables import BOT, SeatData
from ludoteca.web.http.errors import BadRequest

NAME_LIMIT = 24
"""The longest name a person may enter (characters): it has to fit a seat list on a phone."""

BOT_NAMES = {
    "easy": N_("{name} (easy bot)"),
    "medium": N_("{name} (medium bot)"),
    "hard": N_("{name} (hard bot)"),
}
"""Whole phrases per strength, so each language can inflect the adjective."""
assert set(BOT_NAMES) == set(LEVELS)


def strength_of(game: Game, agent: str) -> str | None:
    """The strength the lobby offers that `agent` plays at this table: the level itself, or
    for an agent chosen by name the strongest level that is this agent here (`greedy` is
    ludo's `medium`); None for an agent no level stands for."""
    name = agent.strip()
    if name in LEVELS:
        return name
    levels = strengths(game)
    return next((level for level in reversed(LEVELS) if levels[level] == name), None)


def bot_name(game: Game, seat: int, agent: str, state: State | None = None) -> str:
    """ "Blue (hard bot)", also for a bot chosen by the agent a strength stands for; "Blue
    (mcts bot)" for an agent no strength of this table is."""
    colour = seat_colour(game, seat, state)
    level = strength_of(game, agent)
    if level is not None:
        return _(BOT_NAMES[level]).format(name=colour)
    return _("{name} ({agent} bot)").format(name=colour, agent=agent)


def display_name(
    game: Game,
    seat: int,
    *,
    entered: str | None,
    agent: str | None,
    state: State | None = None,
) -> str:
    """What every page calls the seat: the entered name, the bot's name or the colour (from
    `state` where the game's seats get their colours in play, `narration.seat_colour`)."""
    if agent is not None:
        return bot_name(game, seat, agent, state)
    return entered or seat_colour(game, seat, state)


def seat_names(game: Game, seats: Sequence[SeatData], state: State | None = None) -> list[str]:
    """Every seat's name as pages show it (`display_name`), in the active language."""
    return [
        display_name(game, i, entered=s.name, agent=s.agent if s.kind == BOT else None, state=state)
        for i, s in enumerate(seats)
    ]


def versus(names: Sequence[str]) -> str:
    """The players of a table in one line: "Anna vs Blue (hard bot)"."""
    pair = _("{first} vs {second}")
    return reduce(lambda left, right: pair.format(first=left, second=right), names)


NAME_CHARACTERS = frozenset("LMNP")
"""What a name may hold, by Unicode category: letters (L, with their accents, M), digits and
other numbers (N) and punctuation (P), beside spaces; no symbols (`<`, `+`, `€`, emoji) and no
control or format characters."""


def clean_name(text: str | None) -> str | None:
    """A name as entered, tidied (every run of spaces and separators one space); None for an
    empty one.

    Refused with `BadRequest`: a character other than letters, digits, spaces and punctuation
    (`NAME_CHARACTERS`), or more than `NAME_LIMIT` characters.
    """
    if text is None:
        return None
    spaced = "".join(" " if unicodedata.category(ch)[0] == "Z" else ch for ch in text)
    name = " ".join(spaced.split())
    if not name:
        return None
    if any(ch != " " and unicodedata.category(ch)[0] not in NAME_CHARACTERS for ch in name):
        raise BadRequest(
            "a name holds letters, digits, spaces and punctuation only", code="bad_name"
        )
    if len(name) > NAME_LIMIT:
        raise BadRequest(
            f"a name has at most {NAME_LIMIT} characters, not {len(name)}",
            code="name_too_long",
            limit=NAME_LIMIT,
            length=len(name),
        )
    return name


def clean_names(names: Sequence[str | None] | None, seats: int) -> list[str | None]:
    """One tidied name (or None) per seat; `BadRequest` for a list of the wrong length."""
    if names is None:
        return [None] * seats
    if len(names) != seats:
        raise BadRequest(
            f"{seats} players need {seats} names (null for none), not {len(names)}",
            code="wrong_name_count",
            seats=seats,
            count=len(names),
        )
    return [clean_name(name) for name in names]
