"""Hints (issue 18): against bots only, off until the seat turns them on, the value-best move."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.review.node import NodeValues, best
from ludoteca.review.rank import model_of

FITTED = {"ludo": 4, "bremen": 2, "museum": 4, "siege": 2, "villa": 4}
"""A player count of each game with a shipped value function (every count has one: issue 30)."""


def hints(web: Any, table: Any, seat: int = 0, on: bool = True) -> Any:
    body = {"seat": seat, "token": table.tokens[seat], "on": on}
    return web.client.post(f"/api/tables/{table.id}/hints", json=body)


def hint(web: Any, table: Any, seat: int = 0) -> Any:
    params = {"seat": seat, "token": table.tokens[seat]}
    return web.client.get(f"/api/tables/{table.id}/hint", params=params)


def my_turn(web: Any, table: Any, seat: int = 0) -> Any:
    live = web.app.state.manager.tables[table.id]
    web.wait_for(lambda: live.to_move() == seat and (live.bot_task is None or live.bot_task.done()))
    return live


def against_bots(web: Any, game: str = "ludo", seed: int = 5, players: int | None = None) -> Any:
    players = players or FITTED[game]
    return web.create(game=game, players=players, seats=["human"] + ["greedy"] * (players - 1),
                      speed="fast", seed=seed)  # fmt: skip


@pytest.mark.parametrize("game", sorted(FITTED))
def test_a_hint_is_a_legal_move_and_the_value_best_one(web: Any, game: str) -> None:
    table = against_bots(web, game)
    assert hints(web, table).json() == {"seat": 0, "on": True}
    live = my_turn(web, table)
    answer = hint(web, table)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    state = live.state
    assert body["action"] in state.legal_actions()
    assert body["notation"] == state.action_to_string(body["action"])
    valued = NodeValues(model_of(state.game), state.game.num_players).after_each(state)
    wanted = best(state, valued)
    assert body["value"] == pytest.approx(float(wanted[0]))
    assert body["value"] == max(float(v[0]) for v in valued)
    assert [m["value"] for m in body["moves"]] == sorted(
        (m["value"] for m in body["moves"]), reverse=True
    )
    assert body["moves"][0]["action"] == body["action"]
    assert body["text"].startswith("Hint: ") and len(body["text"]) > len("Hint: ")
    assert web.act(table, 0, action=body["action"]).status_code == 200  # and it can be played


@pytest.mark.parametrize(("game", "players"), [("ludo", 2), ("ludo", 6), ("museum", 3)])
def test_a_hint_is_given_at_every_table_size_the_lobby_offers(
    web: Any, game: str, players: int
) -> None:
    """Issue 30: "a hint at a 3-player table" answered "no fitted value function"."""
    table = against_bots(web, game, players=players)
    hints(web, table)
    live = my_turn(web, table)
    answer = hint(web, table)
    assert answer.status_code == 200, answer.text
    assert answer.json()["action"] in live.state.legal_actions()


def test_hints_are_off_until_turned_on(web: Any) -> None:
    table = against_bots(web)
    my_turn(web, table)
    body = hint(web, table).json()
    assert body["code"] == "hints_off"
    assert hints(web, table).status_code == 200
    assert hint(web, table).status_code == 200
    assert hints(web, table, on=False).json()["on"] is False
    assert hint(web, table).status_code == 409


def test_hints_are_refused_at_a_table_with_another_person(web: Any) -> None:
    table = web.create(game="ludo", players=4, seats=["human", "human", "greedy", "greedy"])
    answer = hints(web, table)
    assert answer.status_code == 403
    assert answer.json()["code"] == "hint_against_person"
    assert answer.json()["params"] == {"seat": 1}
    assert hint(web, table).json()["code"] == "hint_against_person"


def test_a_hint_needs_the_seat_link(web: Any) -> None:
    table = against_bots(web)
    hints(web, table)
    spectator = web.client.get(f"/api/tables/{table.id}/hint")
    assert spectator.status_code == 403 and spectator.json()["code"] == "not_seated"
    wrong = web.client.get(f"/api/tables/{table.id}/hint", params={"seat": 0, "token": "x"})
    assert wrong.status_code == 403 and wrong.json()["code"] == "wrong_token"


def test_no_hint_once_the_game_is_over(web: Any) -> None:
    table = against_bots(web)
    hints(web, table)
    my_turn(web, table)
    web.app.state.manager.tables[table.id].data.status = "abandoned"
    answer = hint(web, table)
    assert answer.status_code == 409 and answer.json()["code"] == "game_over"


def test_a_variant_without_a_value_function_has_no_hints(web: Any) -> None:
    """Value functions are fitted for the default options: one colour each at two is a variant."""
    table = web.create(game="ludo", players=2, seats=["human", "greedy"], speed="fast", seed=3,
                       options={"colours_per_seat": 1})  # fmt: skip
    hints(web, table)
    my_turn(web, table)
    answer = hint(web, table)
    assert answer.status_code == 409 and answer.json()["code"] == "no_hint"
