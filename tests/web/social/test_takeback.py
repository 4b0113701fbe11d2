"""Takeback: back to your previous decision against bots, a request between people."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from itertools import pairwise
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_social import ONE_COLOUR, finish, next_of

from ludoteca.core.api import CHANCE
from ludoteca.core.chance import keyed_uniform, pick
from ludoteca.core.record import Record
from ludoteca.store.social import Takeback
from ludoteca.store.tables import MoveData
from ludoteca.web.server import create_app
from ludoteca.web.social.takeback_story import TakebackNote, lines_before, with_takebacks
from ludoteca.web.table.new_table import request_from_form


def my_turn_again(web: Any, table: Any, seat: int = 0) -> Any:
    live = web.app.state.manager.tables[table.id]
    web.wait_for(lambda: live.to_move() == seat and (live.bot_task is None or live.bot_task.done()))
    return live


def chance_after(log: list[list[Any]], at: int) -> list[str]:
    """The chance outcomes (notations) of a log from move `at` on."""
    return [notation for player, notation in log[at:] if player == CHANCE]


def test_a_takeback_against_a_bot_restores_the_decision_and_draws_the_dice_anew(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29: the dice seen after a move, then taken back, must not be the dice to come.

    From the position taken back to (after `at` moves) the outcomes are drawn anew, keyed with
    the secret, the step and the takeback's number: checked here against that formula, and
    the record (with `"redraws"`) verifies and replays."""
    # reproducible
    monkeypatch.setattr("ludoteca.web.table.new_table.new_secret", lambda: "a1" * 16)
    table = web.create(seed=None, seats=["human", "greedy"], speed="fast")  # a fair table
    my_turn_again(web, table)
    before = web.view(table, 0)
    at = before["version"]
    choice = before["legal"][-1]["action"]
    assert web.act(table, 0, action=choice).status_code == 200
    live = my_turn_again(web, table)
    played = web.view(table, 0)["log"]
    assert any(p == 1 for p, _ in played[at:])  # the bot moved in between

    answer = web.client.post(
        f"/api/tables/{table.id}/takeback", json={"seat": 0, "token": table.tokens[0]}
    )
    assert answer.status_code == 200 and answer.json()["state"] == "done"
    after = web.view(table, 0)
    assert after["log"] == before["log"] and after["legal"] == before["legal"]
    assert after["your_turn"] and after["takebacks"] == {"allowed": True, "made": 1}
    stored = web.app.state.manager.store.get(table.id)
    assert [m.index for m in stored.moves] == list(range(at))  # the stored moves: the line
    assert stored.redraws == [at] and stored.taken_back == 1

    assert web.act(table, 0, action=choice).status_code == 200
    my_turn_again(web, table)
    secret = live.data.secret
    state = live.game.new_initial_state(seed=0)
    for index, move in enumerate(live.moves):  # every outcome from `at` on, keyed with 1
        if move.player == CHANCE:
            epoch = 1 if index >= at else 0
            u = keyed_uniform(secret, index, epoch)
            assert pick(state.chance_outcomes(), u) == move.action
        state.apply_action(move.action)
    record = live.record()
    assert record.chance_json()["redraws"] == [at]
    assert len(Record.from_json(record.to_json()).states()) == len(live.moves) + 1
    [kept] = web.client.get(f"/api/tables/{table.id}/takebacks").json()["takebacks"]
    assert kept["seat"] == 0 and kept["at"] == at
    assert [[p, n] for p, _, n in kept["undone"]] == played[at:]


def test_the_undone_line_tells_nothing_of_the_dice_to_come(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The issue's oracle: move, read the dice, take back, move again, 60 times. Before, the
    first die after the move was the same every time; now it agrees with the one of the line
    before about one time in six, and the 60 dice are spread as a fair die's (chi-square)."""
    # reproducible
    monkeypatch.setattr("ludoteca.web.table.new_table.new_secret", lambda: "5e" * 16)
    table = web.create(seed=None, seats=["human", "greedy"], speed="fast")
    my_turn_again(web, table)
    at = web.view(table, 0)["version"]
    choice = web.view(table, 0)["legal"][0]["action"]
    path = f"/api/tables/{table.id}/takeback"
    firsts = []
    for _cycle in range(60):
        assert web.act(table, 0, action=choice).status_code == 200
        my_turn_again(web, table)
        firsts.append(chance_after(web.view(table, 0)["log"], at + 1)[0])
        assert web.client.post(path, json={"seat": 0, "token": table.tokens[0]}).status_code == 200
    agree = sum(a == b for a, b in pairwise(firsts))
    assert agree < 20, firsts  # expected 59 / 6 = 9.8; the oracle gave 59
    counts = Counter(firsts)
    chi_square = sum((counts[str(face)] - 10) ** 2 / 10 for face in range(1, 7))
    assert chi_square < 20.5, counts  # 5 degrees of freedom, p = 0.001
    live = web.app.state.manager.tables[table.id]
    assert live.data.redraws == [at] * 60
    assert len(live.record().states()) == len(live.moves) + 1


def test_the_creator_can_turn_takebacks_off(web: Any) -> None:
    table = web.create(seats=["human", "greedy"], speed="fast", takebacks=False)
    my_turn_again(web, table)
    web.play_first_moves(table, 1)
    my_turn_again(web, table)
    answer = web.client.post(
        f"/api/tables/{table.id}/takeback", json={"seat": 0, "token": table.tokens[0]}
    )
    assert answer.status_code == 409
    assert answer.json()["code"] == "takebacks_off"
    assert "turned takebacks off" in answer.json()["detail"]
    assert web.view(table, 0)["takebacks"] == {"allowed": False, "made": 0}
    dutch = web.client.post(
        f"/api/tables/{table.id}/takeback?lang=nl", json={"seat": 0, "token": table.tokens[0]}
    )
    assert dutch.json()["code"] == "takebacks_off"


def test_the_lobby_form_turns_takebacks_off() -> None:
    fields = [("game", "ludo"), ("takebacks", "false")]
    assert request_from_form(fields).takebacks is False
    assert request_from_form([*fields, ("takebacks", "true")]).takebacks is True
    assert request_from_form([("game", "ludo")]).takebacks is True


@pytest.mark.parametrize("game", ["ludo", "bremen", "museum", "siege", "villa"])
def test_every_game_takes_back_to_the_same_position(web: Any, game: str) -> None:
    """Any game: after a takeback the position is the one before the move; the game played on
    from there is a valid record."""
    table = web.create(game=game, seats=["human", "random"], speed="fast", seed=5)
    my_turn_again(web, table)
    before = web.view(table, 0)
    choice = before["legal"][0]["action"]
    web.act(table, 0, action=choice)
    my_turn_again(web, table)
    path = f"/api/tables/{table.id}/takeback"
    assert web.client.post(path, json={"seat": 0, "token": table.tokens[0]}).status_code == 200
    after = web.view(table, 0)
    assert (after["log"], after["svg"]) == (before["log"], before["svg"])
    web.act(table, 0, action=choice)
    live = my_turn_again(web, table)
    assert len(live.record().states()) == len(live.moves) + 1


def test_nothing_to_take_back_before_the_first_move(web: Any) -> None:
    table = web.create(seats=["human", "greedy"], speed="fast", seed=11)
    my_turn_again(web, table)
    path = f"/api/tables/{table.id}/takeback"
    if not any(p == 0 for p, _ in web.view(table)["log"]):
        answer = web.client.post(path, json={"seat": 0, "token": table.tokens[0]})
        assert answer.status_code == 409 and "not made a move" in answer.json()["detail"]
    assert web.client.post(path, json={}).status_code == 403


def test_between_people_a_takeback_is_a_request_the_other_answers(web: Any) -> None:
    table = web.create()
    mover = web.view(table)["to_move"]
    other = 1 - mover
    version = web.view(table)["version"]
    web.play_first_moves(table, 1)
    path = f"/api/tables/{table.id}/takeback"
    proof = {"seat": mover, "token": table.tokens[mover]}
    other_proof = {"seat": other, "token": table.tokens[other]}
    with web.client.websocket_connect(f"/ws/table/{table.id}") as watching:
        next_of(watching, "presence")  # greeted: what follows is news
        asked = web.client.post(path, json=proof).json()
        assert asked["state"] == "asked" and asked["waiting_for"] == [other]
        assert next_of(watching, "takeback")["state"] == "asked"
        assert web.client.post(path, json=proof).status_code == 409  # one at a time
        own = web.client.post(path + "/answer", json={**proof, "accept": True})
        assert own.status_code == 409 and "other players answer" in own.json()["detail"]
        refused = web.client.post(path + "/answer", json={**other_proof, "accept": False})
        assert refused.json()["state"] == "refused"
        assert next_of(watching, "takeback")["state"] == "refused"
        assert web.view(table)["version"] > version  # nothing was taken back

        web.client.post(path, json=proof)
        assert next_of(watching, "takeback")["state"] == "asked"
        done = web.client.post(path + "/answer", json={**other_proof, "accept": True}).json()
        assert done["state"] == "done" and done["at"] == version
        assert next_of(watching, "takeback")["state"] == "done"
    assert web.view(table)["version"] == version and web.view(table)["to_move"] == mover


@pytest.mark.parametrize(("bot", "seed"), [(2, 4), (1, 6)], ids=["bot-last", "person-last"])
def test_bots_playing_on_do_not_withdraw_a_request(
    database: str, make_kit: Any, bot: int, seed: int
) -> None:
    """Nor do the dice rolled meanwhile (chance's moves, player -1, are no seat's: with a
    person in the last seat, `seats[-1]` must not count them). At normal speed the bot waits
    half a second, so it moves after the request (at fast speed its reply is stored with the
    person's move, before any request)."""
    app = create_app(database, bot_delay=0.5)
    with TestClient(app) as client:
        web = make_kit(app, client)
        seats = ["human"] * 3
        seats[bot] = "greedy"
        table = web.create(players=3, seats=seats, speed="normal", seed=seed)
        live = web.app.state.manager.tables[table.id]
        people = {seat for seat in range(3) if seat != bot}
        mover = (bot - 1) % 3  # the person the bot plays after
        (other,) = people - {mover}
        web.wait_for(lambda: live.to_move() in people)
        while live.to_move() != mover:
            web.play_first_moves(table, 1)
            web.wait_for(lambda: live.to_move() in people)
        web.play_first_moves(table, 1)
        path = f"/api/tables/{table.id}/takeback"
        web.client.post(path, json={"seat": mover, "token": table.tokens[mover]})
        asked = len(live.moves)
        at = max(m.index for m in live.moves if m.player == mover)
        web.wait_for(lambda: live.to_move() in people)
        played_on = [m.player for m in live.moves[asked:]]
        assert bot in played_on and -1 in played_on  # the bot moved, the dice rolled since
        answer = web.client.post(
            path + "/answer", json={"seat": other, "token": table.tokens[other], "accept": True}
        )
        assert answer.status_code == 200 and answer.json()["at"] == at
        assert live.to_move() == mover and len(live.moves) == at


def test_a_move_withdraws_a_waiting_request(web: Any) -> None:
    table = web.create()
    mover = web.view(table)["to_move"]
    web.play_first_moves(table, 1)
    path = f"/api/tables/{table.id}/takeback"
    web.client.post(path, json={"seat": mover, "token": table.tokens[mover]})
    web.play_first_moves(table, 1)
    other = next(s for s in (0, 1) if s != mover)
    late = web.client.post(
        path + "/answer", json={"seat": other, "token": table.tokens[other], "accept": True}
    )
    assert late.status_code == 409 and "no takeback request" in late.json()["detail"]


@pytest.mark.slow
def test_the_record_is_the_final_line_of_play_with_the_takebacks_beside_it(web: Any) -> None:
    table = web.create(seats=["human", "greedy"], speed="fast", options=ONE_COLOUR, seed=3)
    my_turn_again(web, table)
    web.play_first_moves(table, 1)
    my_turn_again(web, table)
    path = f"/api/tables/{table.id}/takeback"
    undone = web.client.post(path, json={"seat": 0, "token": table.tokens[0]}).json()["undone"]
    finish(web, table)
    body = web.client.get(f"/table/{table.id}/record.json").json()
    record = Record.from_json(body)
    assert len(record.states()) == len(record.moves) + 1  # a valid, replayable game
    [kept] = body["takebacks"]
    assert kept["undone"] == undone and kept["seat"] == 0


# -- takebacks in the replay --------------------------------------------------------------------


def moves(*spec: tuple[int, int]) -> list[MoveData]:
    """Moves numbered from 0: (player, action) pairs, the action doubling as notation."""
    return [MoveData(i, p, a, str(a)) for i, (p, a) in enumerate(spec)]


def taken(at: int, *spec: tuple[int, int]) -> Takeback:
    undone = [MoveData(at + i, p, a, str(a)) for i, (p, a) in enumerate(spec)]
    return Takeback(0, at, undone, datetime.now(UTC))


def test_the_line_before_each_takeback_is_rebuilt_from_the_final_line() -> None:
    """Played a b c d e, took back d e; played x, took back b c x; played y z."""
    a, b, c, d, e, x, y, z = ((i % 2, i) for i in range(8))
    first = taken(3, d, e)
    second = taken(1, b, c, x)
    final = moves(a, y, z)
    before_first, before_second = lines_before(final, [first, second])
    assert [(m.player, m.action) for m in before_first] == [a, b, c, d, e]
    assert [(m.player, m.action) for m in before_second] == [a, b, c, x]


def test_a_takeback_is_listed_after_the_roll_it_kept() -> None:
    """Turns end at positions 2 (roll, move), 3 (move) and 5; takebacks went back to after
    positions 1 (the roll kept), 2 and 2 again (listed in the order they were made)."""
    entries = [{"step": k} for k in range(1, 6)]
    turns = [
        {"step": 2, "entries": entries[:2]},
        {"step": 3, "entries": entries[2:3]},
        {"step": 5, "entries": entries[3:]},
    ]
    roll, move, again = (TakebackNote(at, 0, f"note {at}", [], at + 1) for at in (1, 2, 2))
    listed = with_takebacks(turns, [roll, move, again])
    told = [[item.get("takeback", item.get("entry")) for item in t["parts"]] for t in listed]
    assert told == [[entries[0], roll, entries[1]], [move, again, entries[2]], entries[3:]]
    assert [t["step"] for t in listed] == [2, 3, 5]


@pytest.mark.slow
def test_the_replay_lists_each_takeback_with_the_moves_taken_back(web: Any) -> None:
    """'Anna took back moves 5 to 9', and those moves in words, folded away in the move list."""
    table = web.create(
        seats=["human", "greedy"], names=["Anna", None], speed="fast", options=ONE_COLOUR, seed=3
    )
    my_turn_again(web, table)
    web.play_first_moves(table, 1)
    my_turn_again(web, table)
    path = f"/api/tables/{table.id}/takeback"
    done = web.client.post(path, json={"seat": 0, "token": table.tokens[0]}).json()
    finish(web, table)
    page = web.client.get(f"/table/{table.id}/replay").text
    first, last = done["at"] + 1, done["at"] + len(done["undone"])
    assert f'data-takeback-at="{done["at"]}"' in page
    assert f"Anna took back moves {first} to {last}" in page
    undone = page.split('class="undone"')[1].split("</ol>")[0]
    assert undone.count("<li") == len(done["undone"])
    assert "Anna" in undone and "Yellow (medium bot)" in undone  # in words, with the names
    notations = [n for _p, _a, n in done["undone"]]
    assert all(f'title="{n}"' in undone for n in notations)
    dutch = web.client.get(f"/table/{table.id}/replay?lang=nl").text
    assert f"Anna nam zetten {first} tot en met {last} terug" in dutch
