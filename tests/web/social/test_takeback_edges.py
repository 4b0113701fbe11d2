"""Takebacks at their edges (issue 36, mutants that survived): a takeback while a bot still
thinks about the position it undid (`takeback.perform` without cancelling the bot's task), and
a request after one that was done.

The bot loop drops a move whose table changed meanwhile (`len(table.moves) == version`), but a
person who takes back and moves again brings the table back to the same number of moves: only
the cancelling in `perform` keeps the bot from playing, in the new position, the move it chose
for the old one. Here the bot's thinking is held until the person has moved again.
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar

import pytest

from ludoteca import agents
from ludoteca.core.api import State


class Held(agents.RandomAgent):
    """Thinks until `release` is set; notes each position it was asked about and its answer."""

    name = "held"
    release = threading.Event()
    asked: ClassVar[list[tuple[str, int]]] = []

    def act(self, state: State) -> int:
        assert self.release.wait(30), "the test never released the bot"
        action = state.legal_actions()[0]
        self.asked.append((str(state), action))
        return action


@pytest.fixture
def held_bot(monkeypatch: pytest.MonkeyPatch) -> type[Held]:
    monkeypatch.setitem(agents.GENERAL, "held", Held)
    Held.release = threading.Event()
    Held.asked = []
    return Held


def test_a_takeback_stops_the_bot_thinking_about_the_position_it_undid(
    web: Any, held_bot: type[Held]
) -> None:
    """docs/web.md: a takeback restores the position where the person made their move; the bot
    then chooses its move for the position that follows the person's new move, not the old."""
    table = web.create(game="siege", seats=["human", "held"], speed="fast")
    live = web.app.state.manager.tables[table.id]
    legal = web.view(table, 0)["legal"]
    first, other = legal[0]["action"], legal[-1]["action"]
    assert first != other
    assert web.act(table, 0, action=first).status_code == 200
    web.wait_for(lambda: live.thinking_since is not None)  # the bot thinks about the move

    taken = web.client.post(
        f"/api/tables/{table.id}/takeback", json={"seat": 0, "token": table.tokens[0]}
    )
    assert taken.status_code == 200 and taken.json()["state"] == "done"
    assert web.act(table, 0, action=other).status_code == 200
    position = str(live.state)  # the bot's move follows this one
    held_bot.release.set()
    web.wait_for(lambda: len(live.moves) == 2)

    bot_move = live.moves[1]
    assert bot_move.player == 1
    assert (position, bot_move.action) in held_bot.asked, (
        "the bot played in the new position the move it chose for the one taken back"
    )


def test_after_a_takeback_between_people_a_new_request_can_be_made(web: Any) -> None:
    """Once done, a takeback leaves no request behind: the next one is asked and answered."""
    table = web.create(game="siege", speed="fast")
    path = f"/api/tables/{table.id}/takeback"
    proof = {"seat": 0, "token": table.tokens[0]}
    for _ in range(2):
        web.play_first_moves(table, 1)
        asked = web.client.post(path, json=proof)
        assert asked.status_code == 200 and asked.json()["state"] == "asked", asked.text[:300]
        answer = {"seat": 1, "token": table.tokens[1], "accept": True}
        done = web.client.post(path + "/answer", json=answer)
        assert done.status_code == 200 and done.json()["state"] == "done", done.text[:300]
        assert web.view(table)["version"] == 0
