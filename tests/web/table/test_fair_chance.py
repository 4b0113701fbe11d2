"""Fair chance at web tables (issue 17, finding 5): nobody can know a die in advance.

The creator could choose the seed (and so every die), and a 48-bit seed is found from about 40
public outcomes. Now each table draws a 128-bit secret, publishes its SHA-256 at creation and
reveals it with the record at the end; a chosen seed only makes a practice table.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.core.chance import KEYED, SEEDED, keyed_uniform, pick
from ludoteca.core.errors import StateFormatError
from ludoteca.core.record import Record
from ludoteca.web.server import create_app

LEGACY = Path(__file__).parents[2] / "core" / "legacy"


def test_a_chosen_seed_needs_a_practice_table(web: Any) -> None:
    body = {"game": "ludo", "players": 2, "seats": ["human", "human"], "seed": 7}
    response = web.client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert "practice" in response.json()["detail"]
    table = web.create(seed=7)  # practice: true
    assert web.view(table)["chance"] == {"scheme": SEEDED, "practice": True}
    assert web.view(table, 0)["chance"]["practice"]  # every seat is shown it


def test_the_commitment_matches_the_revealed_secret_and_every_outcome_verifies(
    web: Any,
) -> None:
    table = web.create(seed=None, seats=["random", "random"], speed="fast")
    chance = web.view(table)["chance"]
    assert chance["scheme"] == KEYED and not chance["practice"]
    published = chance["commitment"]
    assert web.client.get(f"/table/{table.id}/record.json").status_code == 409  # not yet
    assert published in web.client.get(f"/table/{table.id}").text  # on the page too
    web.wait_until_over(table)
    obj = web.client.get(f"/table/{table.id}/record.json").json()
    secret = obj["chance"]["secret"]
    assert len(bytes.fromhex(secret)) >= 16
    assert hashlib.sha256(bytes.fromhex(secret)).hexdigest() == published
    record = Record.from_json(obj)
    positions = record.states()  # replay checks every outcome against the secret
    drawn = 0
    for position, move in zip(positions, record.moves, strict=False):
        if move.player < 0:  # recomputed here from the published formula
            u = keyed_uniform(secret, len(position.history()))
            assert pick(position.chance_outcomes(), u) == move.action
            drawn += 1
    assert drawn > 10


def test_two_tables_never_share_a_secret(web: Any) -> None:
    first, second = web.create(seed=None), web.create(seed=None)
    assert web.view(first)["chance"]["commitment"] != web.view(second)["chance"]["commitment"]


def test_a_forged_outcome_in_a_keyed_record_is_refused(web: Any) -> None:
    table = web.create(seed=None, seats=["random", "random"], speed="fast")
    web.wait_until_over(table)
    obj = web.client.get(f"/table/{table.id}/record.json").json()
    obj["chance"]["secret"] = "00" * 16  # a different secret: commitment no longer matches
    with pytest.raises(StateFormatError, match="commitment"):
        Record.from_json(obj)


@pytest.mark.sqlite_only  # a table stored before secrets, in a file
def test_an_unfinished_table_made_before_secrets_continues_exactly(tmp_path: Path) -> None:
    """A database from before issue 17 (no chance columns) opens and rolls the same dice."""
    database = tmp_path / "old.db"
    shutil.copy(LEGACY / "unfinished.db", database)
    saved = json.loads((LEGACY / "unfinished.json").read_text(encoding="utf-8"))
    # Idle closing off: the file's table was last touched when it was made, and by now it is
    # older than the idle limit (web.live.idle would close it on the first sweep).
    app = create_app(f"sqlite:///{database}", bot_delay=0.0, idle_hours=0)
    with TestClient(app) as client:
        view = client.get(f"/api/tables/{saved['id']}").json()
        assert view["chance"] == {"scheme": SEEDED, "practice": False}
        assert app.state.manager.tables[saved["id"]].state.to_json() == saved["state"]
        seat = view["to_move"]
        token = saved["tokens"][str(seat)]
        legal = client.get(f"/api/tables/{saved['id']}", params={"seat": seat, "token": token})
        action = legal.json()["legal"][0]["action"]
        moved = client.post(
            f"/api/tables/{saved['id']}/actions",
            json={"seat": seat, "token": token, "action": action},
        )
        assert moved.status_code == 200, moved.text
        live = app.state.manager.tables[saved["id"]].state
    expected = Record.from_json(
        {
            "format": "ludoteca-record",
            "version": 1,
            "game": "ludo",
            "players": 2,
            "options": saved["state"]["options"],
            "seed": saved["state"]["seed"],
            "seats": ["human", "human"],
            "moves": [
                {"player": p, "action": a, "notation": n}
                for p, a, n in zip(
                    [m[0] for m in moved.json()["log"]],
                    live.history(),
                    [m[1] for m in moved.json()["log"]],
                    strict=True,
                )
            ],
        }
    )
    assert expected.replay() == live  # the dice after the restart follow the old seed
