"""Setting up a new table: the request (from the JSON API or the lobby form), checked in full.

Every mistake becomes a `BadRequest` with the message of the game API (`ludoteca.load`'s
errors for the game, player count and options; the agent loader's for bot names).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from ludoteca import agents
from ludoteca.core.api import Game
from ludoteca.core.chance import KEYED, SEED_BITS, SEEDED, new_secret, new_seed
from ludoteca.core.errors import LudotecaError
from ludoteca.core.options import OptionValue
from ludoteca.core.registry import load
from ludoteca.i18n import N_
from ludoteca.store.tables import SeatData, TableData
from ludoteca.web.http.errors import BadRequest
from ludoteca.web.http.limits import MAX_SEATS, MAX_SPEC, BotLimits
from ludoteca.web.table.people import clean_names
from ludoteca.web.table.table import BOT, HUMAN
from ludoteca.web.table.turn_settings import BOT as TIMEOUT_BOT
from ludoteca.web.table.turn_settings import MOVE_HOURS, pace

SPEEDS = (N_("normal"), N_("fast"))
Speed = Literal["normal", "fast"]


class TableRequest(BaseModel):
    """A new table: the game, its players and options, who sits where, how fast bots play."""

    model_config = ConfigDict(extra="forbid")

    game: str
    players: int | None = Field(default=None, ge=1, le=MAX_SEATS)
    seats: list[Annotated[str, StringConstraints(max_length=MAX_SPEC)]] | None = Field(
        default=None,
        max_length=MAX_SEATS,
        description='one per player: "human" or an agent spec like "greedy"',
    )
    names: list[str | None] | None = Field(
        default=None,
        description="one per player: a person's name (null: the seat's colour); bots ignore it",
    )
    options: dict[str, OptionValue | None] = Field(default_factory=dict, max_length=32)
    speed: Speed = "normal"
    practice: bool = Field(
        default=False,
        description="a practice table: its dice follow a seed (chosen or not) that can be known",
    )
    seed: int | None = Field(
        default=None, ge=0, lt=1 << SEED_BITS, description="only for a practice table"
    )
    listed: bool = Field(
        default=False,
        description="shown in the lobby's lists, for anyone to watch; else reached by its links",
    )
    takebacks: bool = Field(
        default=True,
        description="whether a person may take back their last move (the chance after it is"
        " drawn anew; the game is marked as one with takebacks)",
    )
    move_hours: int | None = Field(
        default=None,
        description="turn-based play: the time per move in hours (1, 8, 24 or 72); null: live",
    )
    on_timeout: str = Field(
        default=TIMEOUT_BOT,
        max_length=16,
        description='when a move\'s time runs out: "bot" (a bot plays the move) or "forfeit"',
    )
    timeout_bot: str = Field(
        default="medium",
        max_length=16,
        description='the strength of that bot: "easy", "medium" or "hard"',
    )


def configure_game(request: TableRequest) -> Game:
    if "players" in request.options:
        raise BadRequest(
            'the number of players is "players", not an option',
            code="bad_option",
            reason='"players" is not an option',
        )
    try:
        return load(request.game, players=request.players, **request.options)
    except LudotecaError as exc:
        raise BadRequest(str(exc), code="bad_option", reason=str(exc)) from exc


def check_agent(spec: str, game: Game, limits: BotLimits) -> None:
    """Load the agent once so that an unknown name, a bad parameter or a search beyond this
    server's limits is refused now."""
    try:
        agent = agents.load(spec, game, seed=0)
    except LudotecaError as exc:
        raise BadRequest(str(exc), code="bad_agent", agent=spec, reason=str(exc)) from exc
    except Exception as exc:  # an agent's own parameter checks may raise anything
        raise BadRequest(
            f"agent {spec!r}: {exc}", code="bad_agent", agent=spec, reason=str(exc)
        ) from exc
    breach = limits.breach(agent)
    if breach:
        raise BadRequest(f"agent {spec!r}: {breach}", code="bad_agent", agent=spec, reason=breach)


def new_table(request: TableRequest, limits: BotLimits | None = None) -> TableData:
    """The stored form of a new table, with a fresh id, a secret token per human and its chance:
    a fresh secret (scheme 2), or for a practice table a seed (scheme 1)."""
    limits = limits or BotLimits()
    game = configure_game(request)
    seats = request.seats if request.seats is not None else [HUMAN] * game.num_players
    if len(seats) != game.num_players:
        raise BadRequest(
            f"{game.num_players} players need {game.num_players} seats, not {len(seats)}",
            code="wrong_seat_count",
            players=game.num_players,
            count=len(seats),
        )
    names = clean_names(request.names, game.num_players)
    specs = []
    for spec, name in zip(seats, names, strict=True):
        text = spec.strip()
        if text.lower() == HUMAN:
            specs.append(SeatData(HUMAN, token=secrets.token_urlsafe(16), name=name))
        else:
            check_agent(text, game, limits)
            specs.append(SeatData(BOT, agent=text))
    if request.seed is not None and not request.practice:
        raise BadRequest(
            'a chosen seed is allowed only for a practice table ("practice": true), shown as'
            " such to every seat",
            code="seed_not_practice",
        )
    fair = not request.practice
    timing = pace(request.move_hours, request.on_timeout, request.timeout_bot)
    return TableData(
        id=secrets.token_urlsafe(6),
        game=game.id,
        players=game.num_players,
        options=dict(game.options),
        seed=0 if fair else new_seed() if request.seed is None else request.seed,
        seats=specs,
        speed=request.speed,
        created=datetime.now(UTC),
        chance=KEYED if fair else SEEDED,
        secret=new_secret() if fair else None,
        practice=request.practice,
        listed=request.listed,
        takebacks_allowed=request.takebacks,
        turn_seconds=timing.turn_seconds,
        on_timeout=timing.on_timeout,
    )


def here_from_form(fields: Iterable[tuple[str, str]]) -> list[int]:
    """The seats the lobby's form marks "on this device" (`here<i>`): people at the creator's
    screen, whose turns the creator's page plays too (pass-and-play). The last value wins, as
    for every checkbox of the form."""
    form = dict(fields)
    return sorted(
        int(key.removeprefix("here"))
        for key, value in form.items()
        if key.startswith("here") and key.removeprefix("here").isdigit() and value == "true"
    )


def request_from_form(fields: Iterable[tuple[str, str]]) -> TableRequest:
    """Read the lobby's form: game, players, seat0..seatN-1, name0..nameN-1, option.<name>,
    speed, listed, takebacks, and the pace (`pace` "live" or "turn", with `move_hours`,
    `on_timeout` and `timeout_bot`).

    Checkboxes come after a hidden "false" field of the same name, so the last value wins.
    Empty values mean "the game's default".
    """
    form: dict[str, str] = {}
    for key, value in fields:
        form[key] = value
    game = form.get("game", "").strip()
    if not game:
        raise BadRequest("choose a game", code="no_game")
    players_text = form.get("players", "").strip()
    players: int | None = None
    if players_text:
        if not players_text.isdigit():
            raise BadRequest(
                f"the number of players is a whole number, not {players_text!r}",
                code="bad_players",
                limit=MAX_SEATS,
                players=players_text,
            )
        if len(players_text) > 3 or int(players_text) > MAX_SEATS:
            raise BadRequest(
                f"the number of players is at most {MAX_SEATS}",
                code="bad_players",
                limit=MAX_SEATS,
                players=players_text,
            )
        players = int(players_text)
    options: dict[str, OptionValue | None] = {
        key.removeprefix("option."): value
        for key, value in form.items()
        if key.startswith("option.") and value.strip()
    }
    seats: list[str] | None = None
    names: list[str | None] | None = None
    if players is not None:
        seats = [form.get(f"seat{i}", HUMAN) or HUMAN for i in range(players)]
        names = [form.get(f"name{i}") for i in range(players)]
    speed = form.get("speed", "normal")
    if speed not in SPEEDS:
        listed = ", ".join(SPEEDS)
        raise BadRequest(
            f"speed is one of {listed}, not {speed!r}", code="bad_speed", speeds=listed, speed=speed
        )
    return TableRequest(
        game=game,
        players=players,
        seats=seats,
        names=names,
        options=options,
        speed=speed,  # type: ignore[arg-type]
        listed=form.get("listed") == "true",
        takebacks=form.get("takebacks", "true") == "true",
        move_hours=move_hours_from_form(form),
        on_timeout=form.get("on_timeout", TIMEOUT_BOT),
        timeout_bot=form.get("timeout_bot", "medium"),
    )


def move_hours_from_form(form: dict[str, str]) -> int | None:
    """The form's time per move: None for live play (the default)."""
    if form.get("pace", "live") == "live":
        return None
    hours = form.get("move_hours", "").strip()
    if not hours.isdigit() or len(hours) > 3:
        raise BadRequest(
            f"the time per move is a whole number of hours, not {hours!r}",
            code="bad_move_time",
            hours=", ".join(str(h) for h in MOVE_HOURS),
            value=hours,
        )
    return int(hours)
