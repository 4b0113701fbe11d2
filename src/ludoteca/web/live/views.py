"""What one viewer of a table is sent: the board from their seat, whose turn, moves, log, result.

Each seat gets its own view (the board is interactive only for the seat to move); spectators
get the public one. The first human seat belongs to whoever created the table, so its view also
carries the invite links of the other human seats.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ludoteca.core.api import CHANCE, State
from ludoteca.core.chance import commitment
from ludoteca.core.errors import LudotecaError
from ludoteca.i18n import _, game_title, ngettext
from ludoteca.narration import Narrator, seat_colour
from ludoteca.store.tables import ABANDONED, CLOSED, FINISHED
from ludoteca.store.turn_clocks import BOT_MOVED
from ludoteca.web.http.errors import Forbidden
from ludoteca.web.table.analysable import unanalysable
from ludoteca.web.table.narrate import turn_start
from ludoteca.web.table.render import board_html, board_svg, click_paths, own_board
from ludoteca.web.table.result import describe_result, scores, standings
from ludoteca.web.table.table import BOT, HUMAN, Table
from ludoteca.web.table.turn_settings import FORFEIT, MOVE_TIME_LABELS


def seat_link(table: Table, seat: int) -> str:
    return f"/table/{table.id}?seat={seat}&token={table.seat(seat).token}"


def creator_seat(table: Table) -> int | None:
    """The first human seat: the creator is sent there, so its view holds the invites."""
    return next((i for i, s in enumerate(table.data.seats) if s.kind == HUMAN), None)


def result_view(table: Table) -> dict[str, Any] | None:
    """The result in words (`web/table/result.py`); the returns stay for scripts, not for the
    page."""
    returns = table.data.result
    if table.data.status != FINISHED or returns is None:
        return None
    names = table.names()
    resigned = resigned_seat(table)
    counted = scores(table.state) if resigned is None else [None] * len(returns)
    standing = standings(table.state) if resigned is None else None
    result = describe_result(returns, names, counted, standing)
    ranking = sorted(range(len(returns)), key=lambda seat: (result.places[seat], seat))
    lines = list(result.lines)
    if resigned is not None:  # a game of two: the winner, and why (no score, no 2nd place)
        if (table.data.ending or {}).get("why") == "timeout":
            lines = [lines[0], _("{name} ran out of time").format(name=names[resigned])]
        else:
            lines = [lines[0], _("{name} resigned").format(name=names[resigned])]
    return {
        "returns": returns,
        "winners": list(result.winners),
        "ranking": ranking,
        "places": list(result.places),
        "text": result.text,
        "lines": lines,
    }


def resigned_seat(table: Table) -> int | None:
    """The seat that resigned the game or forfeited it when its time ran out
    (`web.live.endings`), or None."""
    ending = table.data.ending or {}
    seat = ending.get("seat")
    out = ending.get("why") in {"resigned", "timeout"}
    return seat if out and isinstance(seat, int) else None


def headline(result: dict[str, Any], seat: int | None) -> str:
    """The result banner's title for this viewer."""
    if seat is not None and seat in result["winners"]:
        return _("You win!") if len(result["winners"]) == 1 else _("You share the win!")
    text: str = result["text"]
    return text[:1].upper() + text[1:]


def log_rows(log: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The move log as rows: each decision with the chance outcomes just before it (its roll).

    Chance outcomes with no decision after them (the game ended, or it waits) form a row of
    their own. Each entry gets its `index` in the log. `static/table.js` groups the live log
    the same way.
    """
    rows: list[dict[str, Any]] = []
    chance: list[dict[str, Any]] = []
    for index, logged in enumerate(log):
        entry = {**logged, "index": index}
        if entry["seat"] < 0:
            chance.append(entry)
        else:
            rows.append({"chance": chance, "seat": entry["seat"], "move": entry})
            chance = []
    if chance:
        rows.append({"chance": chance, "seat": None, "move": None})
    return rows


def status_line(table: Table, seat: int | None) -> str:
    """One sentence telling this viewer what is happening and what to do."""
    if table.data.status == FINISHED:
        result = result_view(table)
        assert result is not None
        if seat is not None and seat in result["winners"]:
            return _("Game over: you win ({result})").format(result=result["text"])
        return _("Game over: {result}").format(result=result["text"])
    if table.data.status == CLOSED:
        why = (table.data.ending or {}).get("why")
        if why == "idle":
            return _("This table was closed: nobody played at it for a long time")
        return _("This table was closed by {name}, who set it up").format(
            name=table.name(creator_seat(table) or 0)
        )
    if table.data.status == ABANDONED:
        count = len(table.moves)
        return ngettext(
            "This game was stopped after {n} action without an end",
            "This game was stopped after {n} actions without an end",
            count,
        ).format(n=count)
    if table.held:
        return _("Waiting for everyone to join")
    to_move = table.to_move()
    if to_move is None:
        return _("Waiting...")
    if to_move == seat:
        return _("Your turn: choose your move on the board (or below)")
    return _("Waiting for {player}...").format(player=table.name(to_move))


def legal_moves(
    state: State, narrator: Narrator | None = None, names: Sequence[str] = ()
) -> list[dict[str, Any]]:
    """The moves of the seat to act: id, notation, the move in words (`text`, in the active
    language, as the log tells it; the notation where no `narrator` is given) and, where the
    game has them, click tokens."""
    actions = state.legal_actions()
    paths = click_paths(state, actions)
    moves: list[dict[str, Any]] = []
    for action in actions:
        notation = state.action_to_string(action)
        text = notation if narrator is None else narrator.text(state, action, names)
        move: dict[str, Any] = {"action": action, "notation": notation, "text": text}
        if paths is not None:
            move["clicks"] = paths[action]
        moves.append(move)
    said = Counter(move["text"] for move in moves)
    for move in moves:  # moves the words cannot tell apart (villa's three thin columns)
        if said[move["text"]] > 1:
            move["text"] = _("{move} ({notation})").format(
                move=move["text"], notation=move["notation"]
            )
    return moves


def chance_view(table: Table) -> dict[str, Any]:
    """How the dice are drawn: the commitment to a keyed table's secret, or that it is practice;
    once the game is over, whether every outcome follows from the revealed secret (`verified`)
    and how many there were (`outcomes`)."""
    data = table.data
    view: dict[str, Any] = {"scheme": data.chance, "practice": data.practice}
    if data.secret is not None:
        view["commitment"] = commitment(data.secret)
        if not table.playing:
            view["verified"] = luck_verified(table)
            view["outcomes"] = sum(1 for move in table.moves if move.player == CHANCE)
    return view


def luck_verified(table: Table) -> bool:
    """Whether every chance outcome stored is the one the table's secret draws (the record's
    own check, `Record.states`, as `ludoteca replay` runs it)."""
    try:
        table.positions()
    except LudotecaError:
        return False
    return True


def pace_view(table: Table) -> dict[str, Any] | None:
    """A turn-based table's time per move, what happens when it runs out (`text`, a sentence),
    the deadline of the move it waits for and the moves whose time ran out; None: live play."""
    seconds, on_timeout = table.data.turn_seconds, table.data.on_timeout
    if seconds is None:
        return None
    label = MOVE_TIME_LABELS.get(seconds // 3600)
    per_move = _(label) if label else str(seconds // 3600)
    if on_timeout == FORFEIT:
        text = _("Turn-based: {time} per move. When time runs out, the seat forfeits.")
    else:
        text = _(
            "Turn-based: {time} per move. When time runs out, a bot ({strength}) plays the move."
        )
    clock = table.clock
    deadline = clock.deadline if clock is not None and clock.seat == table.to_move() else None
    return {
        "seconds": seconds,
        "on_timeout": on_timeout,
        "text": text.format(time=per_move, strength=_(on_timeout or "")),
        "deadline": deadline.isoformat() if deadline is not None else None,
        "timeouts": [t.to_json() for t in clock.timeouts] if clock is not None else [],
    }


def bot_played(table: Table) -> set[int]:
    """The moves a bot played for a person whose time ran out (`web.live.turn_clock`)."""
    clock = table.clock
    return {t.index for t in clock.timeouts if t.what == BOT_MOVED} if clock is not None else set()


def log_entries(table: Table, start: int) -> dict[str, list[Any]]:
    """The view's `log` (seat and notation) and `story` (with the sentence) from move `start`;
    a move a bot played because the person's time ran out says so."""
    moves = table.moves[start:]
    texts = table.texts()[start:]
    timed_out = bot_played(table)
    texts = [
        _("{move} (time ran out: a bot played it)").format(move=text)
        if start + i in timed_out
        else text
        for i, text in enumerate(texts)
    ]
    return {
        "log": [[m.player, m.notation] for m in moves],
        "story": [
            {"seat": m.player, "text": text, "notation": m.notation}
            for m, text in zip(moves, texts, strict=True)
        ],
    }


def table_view(table: Table, seat: int | None, since: int | None = None) -> dict[str, Any]:
    """The JSON view of `table` for `seat` (None: a spectator); with `since`, a delta: the log
    and the story hold only the entries from that index on (`web.live.view_message`)."""
    state = table.state
    game = table.game
    to_move = table.to_move()
    interactive = seat is not None and seat == to_move
    names = table.names()
    unseen = table.unseen_from(seat)
    last = table.last_moves(unseen)
    result = result_view(table)
    if result is not None:
        result["headline"] = headline(result, seat)
    view: dict[str, Any] = {
        "table": table.id,
        "game": {"id": game.id, "title": game_title(game.title)},
        "players": game.num_players,
        "options": dict(game.options),
        "speed": table.data.speed,
        "status": table.data.status,
        "ending": table.data.ending,
        "listed": table.data.listed,
        "takebacks": {"allowed": table.data.takebacks_allowed, "made": table.data.taken_back},
        "pace": pace_view(table),
        "creator": creator_seat(table),
        "seat": seat,
        "seats": [
            {
                "seat": i,
                "name": names[i],
                "colour": seat_colour(game, i, state),
                "kind": spec.kind,
                "agent": spec.agent if spec.kind == BOT else None,
                "entered": spec.name,
                "you": i == seat,
            }
            for i, spec in enumerate(table.data.seats)
        ],
        "to_move": to_move,
        "your_turn": interactive,
        "message": status_line(table, seat),
        "svg": board_html(state, seat=seat, interactive=interactive, last_moves=last),
        "position_text": table.position_text(names),
        "last_moves": [mark.to_json() for mark in last],
        "unseen": unseen,
        "legal": legal_moves(state, table.narrator, names) if interactive else [],
        **log_entries(table, since or 0),
        "version": len(table.moves),
        "result": result,
        "chance": chance_view(table),
        "links": {
            "spectate": f"/table/{table.id}",
            "record": f"/table/{table.id}/record.json",
            "replay": f"/table/{table.id}/replay",
        },
    }
    if since is not None:
        view["since"] = since
    if unanalysable(game) is None:  # the replay's "Analyse", started at once (web.coach.analysis)
        view["links"]["analysis"] = f"/table/{table.id}/replay?analyse=1"
    board = own_board(state)
    if board is not None:
        view["board"] = board
    if seat is not None:
        view["observation"] = state.observation(seat)
        if seat == creator_seat(table):
            view["invites"] = [
                {"seat": i, "name": names[i], "path": seat_link(table, i)}
                for i, spec in enumerate(table.data.seats)
                if spec.kind == HUMAN and i != seat
            ]
    return view


def replay_steps(table: Table) -> list[dict[str, Any]]:
    """The move list of a replay: one entry per move with its position, seat, turn and text.

    `turn` is the position the move's turn ends at (its decision; the chance just before a
    decision belongs to it), so the replay can step by turns or through every chance step.
    """
    players = [m.player for m in table.moves]
    ends = turn_ends(players)
    return [
        {"step": i + 1, "seat": m.player, "turn": ends[i], "text": text, "notation": m.notation}
        for i, (m, text) in enumerate(zip(table.moves, table.texts(), strict=True))
    ]


def replay_turns(steps: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The move list grouped by turn: each turn's end position and its entries."""
    turns: list[dict[str, Any]] = []
    for entry in steps:
        if not turns or turns[-1]["step"] != entry["turn"]:
            turns.append({"step": entry["turn"], "entries": []})
        turns[-1]["entries"].append(entry)
    return turns


def turn_ends(players: Sequence[int]) -> list[int]:
    """For each move, the position (1 + index of the decision) its turn ends at."""
    ends = [len(players)] * len(players)
    end = len(players)
    for index in range(len(players) - 1, -1, -1):
        if players[index] >= 0:
            end = index + 1
        ends[index] = end
    return ends


def replay_view(table: Table, step: int, seat: int | None = None) -> dict[str, Any]:
    """Position `step` (0: the start) of a finished game, drawn from `seat` (None: as a
    spectator sees it), with the moves of the turn that led to it marked."""
    positions = table.positions()
    state = positions[step]
    players = [m.player for m in table.moves]
    start = turn_start(players, step)
    texts = table.texts()
    caption = " · ".join(texts[start:step]) if step > 0 else _("Start")
    marks = [mark for mark in table.marks()[start:step] if mark is not None]
    return {
        "step": step,
        "last": len(positions) - 1,
        "caption": caption,
        "svg": board_svg(state, seat=seat, interactive=False, last_moves=marks),
    }


def viewer_seat(table: Table, seat: int | None) -> int | None:
    """The seat a replay is drawn from, checked (None: a spectator's view)."""
    if seat is None or 0 <= seat < len(table.data.seats):
        return seat
    last = len(table.data.seats) - 1
    raise Forbidden(
        f"there is no seat {seat} at this table (0-{last})",
        code="no_such_seat",
        seat=seat,
        last=last,
    )
