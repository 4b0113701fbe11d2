"""What one viewer of a table is sent: the board from their seat, whose turn, moves, log, result.

Each seat gets its own view (the board is interactive only for the seat to move); spectators
get the public one. The first human seat belongs to whoever created the table, so its view also
carries the invite links of the other human seats.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.api import State
from ludoteca.core.chance import commitment
from ludoteca.i18n import _, format_list, ngettext
from ludoteca.web.render import board_svg, click_paths
from ludoteca.web.storage import ABANDONED, FINISHED
from ludoteca.web.table import BOT, HUMAN, Table, seat_name


def seat_link(table: Table, seat: int) -> str:
    return f"/table/{table.id}?seat={seat}&token={table.seat(seat).token}"


def creator_seat(table: Table) -> int | None:
    """The first human seat: the creator is sent there, so its view holds the invites."""
    return next((i for i, s in enumerate(table.data.seats) if s.kind == HUMAN), None)


def result_view(table: Table) -> dict[str, Any] | None:
    returns = table.data.result
    if table.data.status != FINISHED or returns is None:
        return None
    best = max(returns)
    winners = [seat for seat, value in enumerate(returns) if value == best]
    names = [seat_name(table.game, seat) for seat in winners]
    if len(names) == 1:
        text = _("{name} wins").format(name=names[0])
    else:
        text = _("{names} share the win").format(names=format_list(names))
    ranking = sorted(range(len(returns)), key=lambda seat: -returns[seat])
    return {"returns": returns, "winners": winners, "ranking": ranking, "text": text}


def headline(result: dict[str, Any], seat: int | None) -> str:
    """The result banner's title for this viewer."""
    if seat is not None and seat in result["winners"]:
        return _("You win!") if len(result["winners"]) == 1 else _("You share the win!")
    text: str = result["text"]
    return text[:1].upper() + text[1:]


def log_rows(log: list[list[Any]]) -> list[dict[str, Any]]:
    """The move log as rows: each move with the chance outcome just before it (its roll).

    A chance outcome followed by another (a roll that moved nothing) gets a row of its own.
    `static/table.js` groups the live log the same way.
    """
    rows: list[dict[str, Any]] = []
    chance: str | None = None
    for player, notation in log:
        if player < 0:
            if chance is not None:
                rows.append({"chance": chance, "seat": None, "move": None})
            chance = notation
        else:
            rows.append({"chance": chance, "seat": player, "move": notation})
            chance = None
    if chance is not None:
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
    if table.data.status == ABANDONED:
        count = len(table.moves)
        return ngettext(
            "This game was stopped after {n} action without an end",
            "This game was stopped after {n} actions without an end",
            count,
        ).format(n=count)
    to_move = table.to_move()
    if to_move is None:
        return _("Waiting...")
    if to_move == seat:
        return _("Your turn: click a highlighted piece (or pick a move below)")
    return _("Waiting for {player}...").format(player=table.label(to_move))


def legal_moves(state: State) -> list[dict[str, Any]]:
    """The moves of the seat to act: id, notation and, where the game has them, click tokens."""
    actions = state.legal_actions()
    paths = click_paths(state, actions)
    moves: list[dict[str, Any]] = []
    for action in actions:
        move: dict[str, Any] = {"action": action, "notation": state.action_to_string(action)}
        if paths is not None:
            move["clicks"] = paths[action]
        moves.append(move)
    return moves


def chance_view(table: Table) -> dict[str, Any]:
    """How the dice are drawn: the commitment to a keyed table's secret, or that it is practice."""
    data = table.data
    view: dict[str, Any] = {"scheme": data.chance, "practice": data.practice}
    if data.secret is not None:
        view["commitment"] = commitment(data.secret)
    return view


def table_view(table: Table, seat: int | None) -> dict[str, Any]:
    """The JSON view of `table` for `seat` (None: a spectator)."""
    state = table.state
    game = table.game
    to_move = table.to_move()
    interactive = seat is not None and seat == to_move
    result = result_view(table)
    if result is not None:
        result["headline"] = headline(result, seat)
    view: dict[str, Any] = {
        "table": table.id,
        "game": {"id": game.id, "title": game.title},
        "players": game.num_players,
        "options": dict(game.options),
        "speed": table.data.speed,
        "status": table.data.status,
        "seat": seat,
        "seats": [
            {
                "seat": i,
                "name": seat_name(game, i),
                "kind": spec.kind,
                "agent": spec.agent if spec.kind == BOT else None,
                "label": table.label(i),
                "you": i == seat,
            }
            for i, spec in enumerate(table.data.seats)
        ],
        "to_move": to_move,
        "your_turn": interactive,
        "message": status_line(table, seat),
        "svg": board_svg(state, seat=seat, interactive=interactive),
        "legal": legal_moves(state) if interactive else [],
        "log": [[m.player, m.notation] for m in table.moves],
        "version": len(table.moves),
        "result": result,
        "chance": chance_view(table),
        "links": {
            "spectate": f"/table/{table.id}",
            "record": f"/table/{table.id}/record.json",
            "replay": f"/table/{table.id}/replay",
        },
    }
    if seat is not None:
        view["observation"] = state.observation(seat)
        if seat == creator_seat(table):
            view["invites"] = [
                {"seat": i, "label": table.label(i), "path": seat_link(table, i)}
                for i, spec in enumerate(table.data.seats)
                if spec.kind == HUMAN and i != seat
            ]
    return view


def replay_view(table: Table, step: int) -> dict[str, Any]:
    """Position `step` (0: the start) of a finished game, drawn for spectators."""
    positions = table.positions()
    state = positions[step]
    move = table.moves[step - 1] if step > 0 else None
    if move is None:
        caption = _("Start")
    elif move.player < 0:
        caption = _("Chance: {outcome}").format(outcome=move.notation)
    else:
        caption = f"{seat_name(table.game, move.player)}: {move.notation}"
    return {
        "step": step,
        "last": len(positions) - 1,
        "caption": caption,
        "svg": board_svg(state, seat=None, interactive=False),
    }
