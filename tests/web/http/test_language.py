"""The language of the pages: chosen by URL, cookie or browser; the API stays English."""

from __future__ import annotations

import json
import re
from typing import Any

from socket_support import next_view, socket_path


def html_language(html: str) -> str:
    found = re.search(r'<html lang="(\w+)">', html)
    assert found, "the page has no language"
    return found.group(1)


def script_texts(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="i18n">(.*?)</script>', html, re.S)
    assert found, "the page carries no texts for its scripts"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_the_lobby_speaks_the_browser_language(web: Any) -> None:
    page = web.client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}).text
    assert html_language(page) == "de"
    assert "Neuer Tisch" in page and "New table" not in page
    assert html_language(web.client.get("/", headers={"Accept-Language": "fr"}).text) == "en"


def test_lang_in_the_url_wins_and_is_remembered_in_a_cookie(web: Any) -> None:
    response = web.client.get("/?lang=nl", headers={"Accept-Language": "de"})
    assert html_language(response.text) == "nl"
    assert "Nieuwe tafel" in response.text
    assert "lang=nl" in response.headers["set-cookie"]
    later = web.client.get("/", headers={"Accept-Language": "de"})
    assert html_language(later.text) == "nl"


def test_the_switch_keeps_the_page_and_its_seat_link(web: Any) -> None:
    table = web.create()
    token = table.tokens[0]
    page = web.client.get(f"/table/{table.id}?seat=0&token={token}&lang=de").text
    assert f'href="/table/{table.id}?seat=0&amp;token={token}&amp;lang=nl"' in page
    assert 'data-language="de" aria-current="true"' in page


def test_the_scripts_get_their_texts_in_the_page_language(web: Any) -> None:
    table = web.create()
    page = web.client.get(f"/table/{table.id}?lang=de").text
    texts = script_texts(page)
    assert texts["language"] == "de"
    assert texts["messages"]["Copied"] == "Kopiert"
    assert texts["plural"] == ["one", "other"]
    forms = texts["messages"]["{n} possible move: click the board, or type it below."]
    assert forms[0].startswith("{n} möglicher") and forms[1].startswith("{n} mögliche")


def test_the_api_answers_in_english_whatever_the_browser_says(web: Any) -> None:
    table = web.create()
    seat = 1 - web.view(table)["to_move"]
    response = web.client.post(
        f"/api/tables/{table.id}/actions",
        json={"seat": seat, "token": table.tokens[seat], "action": 0},
        headers={"Accept-Language": "de", "Cookie": "lang=nl"},
    )
    assert response.status_code == 409
    assert "turn" in response.json()["detail"]


def test_each_socket_gets_views_in_its_own_language(web: Any) -> None:
    table = web.create()
    mover = web.view(table)["to_move"]
    other = 1 - mover
    with (
        web.client.websocket_connect(socket_path(table, mover) + "&lang=nl") as dutch,
        web.client.websocket_connect(socket_path(table, other) + "&lang=de") as german,
    ):
        assert next_view(dutch)["message"].startswith("Jij bent aan de beurt")
        assert next_view(german)["message"].startswith("Warten auf")
        web.play_first_moves(table, 1)
        dutch_message, german_message = next_view(dutch)["message"], next_view(german)["message"]
        if web.view(table)["to_move"] == mover:
            assert dutch_message.startswith("Jij bent aan de beurt")
            assert german_message.startswith("Warten auf")
        else:
            assert dutch_message.startswith("Wachten op")
            assert german_message.startswith("Du bist am Zug")
