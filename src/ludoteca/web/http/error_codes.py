"""Every error code the web layer answers with: its status, its meaning and its message to show.

An error body carries a stable, machine-readable `code` beside the English `detail`, and the
values that went into the message as `params`. Scripts and pages pick the message to show by
the code, translated (`text`, with `{name}` placeholders filled from `params`), so the API
stays English while a player reads their own language. docs/web.md lists the same table;
`tests/web/http/test_error_codes.py` keeps the two and every raise site in step.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.i18n import N_


@dataclass(frozen=True)
class ErrorCode:
    """One kind of error: the HTTP `status`, what it means (for the docs) and what to show."""

    status: int
    meaning: str
    text: str
    """The message for a person, marked for translation; its placeholders are params' keys."""


CODES: dict[str, ErrorCode] = {
    # -- the request itself ---------------------------------------------------------------
    "validation_error": ErrorCode(
        422,
        "the body or a parameter is malformed (not JSON, a missing or mistyped field)",
        N_("The request was not understood."),
    ),
    "too_large": ErrorCode(
        413, "the request body is over `limit` bytes", N_("That is too long to send.")
    ),
    "bad_message": ErrorCode(
        422,
        "a WebSocket message is not a JSON object with a whole-number `action` or a text"
        " `notation`",
        N_("The table did not understand that message."),
    ),
    "message_too_long": ErrorCode(
        422,
        "a WebSocket message is over `limit` characters",
        N_("That message is too long (at most {limit} characters)."),
    ),
    "bad_seat": ErrorCode(
        400, "the seat of a link is not a number", N_("The seat of this link is not a number.")
    ),
    # -- finding things ------------------------------------------------------------------
    "no_such_page": ErrorCode(
        404, "nothing at this address", N_("There is nothing at this address: check the link.")
    ),
    "unknown_table": ErrorCode(
        404, "there is no table `table`", N_("There is no such table (it may have been removed).")
    ),
    "unknown_game": ErrorCode(404, "there is no game `game`", N_("There is no game {game}.")),
    "no_rules_page": ErrorCode(
        404, "no rules page `game` in this installation", N_("There is no rules page {game}.")
    ),
    "no_picture": ErrorCode(
        404, "no picture `name` among the rules pages", N_("There is no picture {name}.")
    ),
    "no_such_step": ErrorCode(
        404,
        "a replay step outside 0..`last`",
        N_("Step {step} is outside this game (0-{last})."),
    ),
    "game_not_over": ErrorCode(
        409,
        "the record, replay, rematch or analysis of a game still being played",
        N_("The game is still being played: this opens once it is over."),
    ),
    "too_many_tables": ErrorCode(
        400,
        "more than `limit` tables asked for at once",
        N_("Ask for at most {limit} tables at once."),
    ),
    # -- seats and tokens ----------------------------------------------------------------
    "token_without_seat": ErrorCode(
        403,
        "a token was given without its seat",
        N_("This link is incomplete: use the whole seat link."),
    ),
    "no_such_seat": ErrorCode(
        403,
        "the table has no seat `seat` (0..`last`)",
        N_("This table has no seat {seat}."),
    ),
    "bot_seat": ErrorCode(
        403, "seat `seat` is played by the bot `agent`", N_("Seat {seat} is played by a bot.")
    ),
    "wrong_token": ErrorCode(
        403,
        "the token does not belong to seat `seat`",
        N_("This seat link is not valid: use the link you were given."),
    ),
    "spectator": ErrorCode(
        403,
        "a spectator tried to move or to name a seat",
        N_("Spectators cannot do that: open a seat link to play."),
    ),
    "not_seated": ErrorCode(
        403,
        "only a seated player may do this (chat, start, rematch, takeback, leave)",
        N_("Only a player at this table can do that: use your seat link."),
    ),
    "not_creator": ErrorCode(
        403,
        "only the table's creator (its first human seat) may start it early, list, end or"
        " delete it",
        N_("Only the player who set up the table can do that."),
    ),
    # -- moves -----------------------------------------------------------------------------
    "not_started": ErrorCode(
        409,
        "the table waits for its players or its creator",
        N_("The game begins when every player has joined or the creator starts it."),
    ),
    "already_started": ErrorCode(
        409, "the game has already begun", N_("The game has already begun.")
    ),
    "game_over": ErrorCode(
        409,
        "the game is over (`status`: finished, abandoned or closed)",
        N_("The game is over: no more moves."),
    ),
    "not_your_turn": ErrorCode(
        409, "it is `player`'s turn", N_("It is {player}'s turn, not yours.")
    ),
    "action_or_notation": ErrorCode(
        422,
        'neither or both of "action" and "notation" were sent',
        N_("Send either a move number or a move in notation."),
    ),
    "bad_notation": ErrorCode(
        422,
        "`notation` cannot be read as a move of this game (`detail` says how to write one)",
        N_("“{notation}” is not a move in this game's notation."),
    ),
    "illegal_move": ErrorCode(
        422,
        "`move` is not legal now (`detail` lists the legal moves)",
        N_("{move} is not allowed now."),
    ),
    "table_busy": ErrorCode(
        409,
        "another server process runs this table now",
        N_("The table is busy: try again in a moment."),
    ),
    "table_broken": ErrorCode(
        409,
        "the stored moves of `table` no longer replay (`reason`)",
        N_("This table cannot be rebuilt from its stored moves."),
    ),
    # -- setting up a table ----------------------------------------------------------------
    "no_game": ErrorCode(400, "no game was chosen", N_("Choose a game.")),
    "bad_players": ErrorCode(
        400,
        "the number of players is not a whole number up to `limit`",
        N_("The number of players is a whole number up to {limit}."),
    ),
    "bad_option": ErrorCode(
        400,
        "the game does not accept a player count or an option (`reason`: the game's message)",
        N_("The game cannot be set up like that: {reason}"),
    ),
    "bad_agent": ErrorCode(
        400,
        "the bot `agent` is unknown, badly written or over this server's limits (`reason`)",
        N_("The bot {agent} cannot play here: {reason}"),
    ),
    "wrong_seat_count": ErrorCode(
        400,
        "`players` players need as many seats, not `count`",
        N_("{players} players need {players} seats, not {count}."),
    ),
    "seed_not_practice": ErrorCode(
        400,
        'a seed was chosen for a table that is not a practice table ("practice": true)',
        N_("Only a practice table can have a chosen seed."),
    ),
    "bad_speed": ErrorCode(
        400, "the speed is not one of `speeds`", N_("The speed is one of {speeds}.")
    ),
    "bad_move_time": ErrorCode(
        400,
        "a turn-based table's time per move is not one of `hours` (hours)",
        N_("The time per move is one of {hours} hours."),
    ),
    "bad_on_timeout": ErrorCode(
        400,
        "what happens when a move's time runs out is not one of `choices`",
        N_("When time runs out, a bot plays the move or the seat forfeits ({choices})."),
    ),
    "bad_timeout_bot": ErrorCode(
        400,
        "the bot that plays a move whose time ran out is not one of `strengths`",
        N_("The bot that plays when time runs out is one of {strengths}."),
    ),
    "bad_name": ErrorCode(
        400,
        "a name holds characters other than letters, digits, spaces and punctuation",
        N_("A name holds letters, digits, spaces and punctuation only."),
    ),
    "name_too_long": ErrorCode(
        400,
        "a name is over `limit` characters",
        N_("A name has at most {limit} characters."),
    ),
    "wrong_name_count": ErrorCode(
        400,
        "`names` does not have one entry per seat",
        N_("{seats} players need {seats} names, not {count}."),
    ),
    # -- around the game -----------------------------------------------------------------
    "chat_empty": ErrorCode(422, "a chat line without text", N_("A chat line needs some text.")),
    "chat_too_long": ErrorCode(
        422,
        "a chat line over `limit` characters",
        N_("A chat line is at most {limit} characters, not {length}."),
    ),
    "rate_limited": ErrorCode(
        429,
        "a seat writes to the chat too fast (over `lines` lines in `seconds` s); `wait`:"
        " seconds to wait",
        N_("Slow down: wait {wait} s before writing again."),
    ),
    "nothing_to_take_back": ErrorCode(
        409,
        "the seat has not moved yet, or the game is over",
        N_("There is nothing to take back."),
    ),
    "takebacks_off": ErrorCode(
        409,
        "the table's creator turned takebacks off",
        N_("Takebacks are off at this table."),
    ),
    "takeback_waiting": ErrorCode(
        409,
        "a takeback request already waits for answers",
        N_("A takeback request is already waiting for answers."),
    ),
    "no_takeback_request": ErrorCode(
        409,
        "no takeback request waits (a move since may have withdrawn it)",
        N_("No takeback request is waiting."),
    ),
    "own_takeback_request": ErrorCode(
        409,
        "the asker tried to answer their own takeback request",
        N_("You asked for this takeback: the other players answer it."),
    ),
    # -- analysis ------------------------------------------------------------------------------
    "cannot_analyse": ErrorCode(
        409,
        "the game has no value function fitted at this player count or with these options",
        N_("This game cannot be analysed: no value function is fitted for it."),
    ),
    "too_many_analyses": ErrorCode(
        429,
        "as many analyses as the server runs at once are under way",
        N_("Too many games are being analysed right now: try again in a minute."),
    ),
    "no_analysis": ErrorCode(
        404, "the table has not been analysed yet", N_("This game has not been analysed yet.")
    ),
    "not_a_decision": ErrorCode(
        404,
        "action `index` of the analysis is not a decision",
        N_("Action {index} is not a decision of this game."),
    ),
    # -- hints -------------------------------------------------------------------------------
    "hint_against_person": ErrorCode(
        403,
        "hints are given only when every other seat is a bot; seat `seat` is a person",
        N_("Hints are only for a game against bots."),
    ),
    "hints_off": ErrorCode(
        409, "hints are off for this seat: turn them on first", N_("Turn hints on first.")
    ),
    "no_hint": ErrorCode(
        409,
        "game `game` with this player count or these options has no fitted value function",
        N_("There are no hints for this game with these players or options."),
    ),
    # -- notifications ---------------------------------------------------------------------
    "push_off": ErrorCode(
        409,
        "this site sends no push notifications (no `notify` extra)",
        N_("This site sends no notifications while the page is closed."),
    ),
    "mail_off": ErrorCode(
        409, "this site sends no mail (no SMTP server configured)", N_("This site sends no mail.")
    ),
    "bad_address": ErrorCode(422, "not an e-mail address", N_("That is not an e-mail address.")),
}
