"""What "Your tables" and "My games" ask of the server (`web/live/your_tables.py`): whose turn,
who moved last and when, on both databases; the pages' answer in the reader's language."""

from __future__ import annotations

from datetime import datetime, timedelta

from web_support import WebKit


def test_turns_say_who_moved_last_and_when_newest_use_first(web: WebKit) -> None:
    fresh = web.create()
    played = web.create()
    web.play_first_moves(played, 2)
    answer = web.client.get("/api/turns", params={"tables": f"{fresh.id},{played.id},nope"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["unknown"] == ["nope"]
    rows = {row["id"]: row for row in body["tables"]}
    assert rows[fresh.id]["moves"] == 0 and rows[fresh.id]["last_mover"] is None
    assert rows[played.id]["moves"] == 2
    decisions = [entry[0] for entry in web.view(played)["log"] if entry[0] >= 0]
    assert rows[played.id]["last_mover"] == decisions[-1]
    now = datetime.now().astimezone()
    for row in rows.values():
        when = datetime.fromisoformat(row["played"])
        assert now - timedelta(minutes=5) < when <= now + timedelta(seconds=5)
    assert rows[played.id]["played"] >= rows[fresh.id]["played"]


def test_the_pages_get_the_same_summaries_in_the_readers_language(web: WebKit) -> None:
    table = web.create()
    english = web.client.get("/api/turns", params={"tables": table.id}).json()["tables"][0]
    dutch = web.client.get(
        "/my/tables", params={"tables": table.id}, headers={"Accept-Language": "nl"}
    ).json()["tables"][0]
    assert english["seats"][0] == "Red & Yellow" and dutch["seats"][0] == "Rood & Geel"
    assert {k: v for k, v in dutch.items() if k not in {"seats", "title"}} == {
        k: v for k, v in english.items() if k not in {"seats", "title"}
    }
