"""The guided first games over HTTP (`web/pages/lessons.py`): the page, each step as JSON in the
request's language, and the errors for an unknown game or step. No storage is involved."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from ludoteca.lessons import lesson_of

pytestmark = pytest.mark.sqlite_only


def test_the_page_shows_the_first_step_with_its_board(client: TestClient) -> None:
    page = client.get("/learn/siege")
    assert page.status_code == 200
    assert "Your first four moves must each take a different soldier off its start field." in (
        page.text
    )
    assert "<svg" in page.text and "/static/lesson.js" in page.text


def test_a_step_as_json_names_the_expected_move_and_what_happened(client: TestClient) -> None:
    step = client.get("/learn/ludo/1.json").json()
    assert step["step"] == 1 and step["count"] == 8 and not step["done"]
    assert step["expected"]["clicks"] is None  # ludo: one click on the pawn
    assert f'data-action="{step["expected"]["action"]}"' in step["board"]
    assert step["happened"][0] == "Red moves from 0 to 3"
    assert step["next"] == "/learn/ludo/2.json"
    siege = client.get("/learn/siege/0.json").json()
    assert siege["expected"]["clicks"] == ["d4", "d3"]  # the soldier, then its field


def test_steps_follow_the_request_language(client: TestClient) -> None:
    step = client.get("/learn/ludo/7.json?lang=de").json()
    assert step["say"].startswith("Gelb hatte keine Figur im Spiel")
    assert "Gelb würfelt eine 3 und kann nicht ziehen" in step["happened"]


def test_the_last_step_is_the_end(client: TestClient) -> None:
    found = lesson_of("museum")
    assert found is not None
    last = len(found.steps)
    end = client.get(f"/learn/museum/{last}.json").json()
    assert end["done"] and end["expected"] is None and end["next"] is None
    assert end["why"].startswith("Blue was caught")


def test_unknown_game_and_step(client: TestClient) -> None:
    missing = client.get("/learn/chess/0.json")
    assert missing.status_code == 404 and missing.json()["code"] == "unknown_game"
    beyond = client.get("/learn/ludo/9.json")
    assert beyond.status_code == 404 and beyond.json()["code"] == "no_such_step"
    assert beyond.json()["params"] == {"step": 9, "last": 8}
    assert client.get("/learn/chess").status_code == 404
    assert client.get("/learn/ludo?step=-1").status_code == 404
