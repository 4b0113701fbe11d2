"""In Chromium: seats kept across reloads, presence, chat, rematch and takeback at the table."""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PLAY_FORCED_OFF,
    browser_marks,
    fill_table_form,
    open_table,
    sit_down,
)

pytestmark = browser_marks()

MY_TURN = "() => document.querySelector('#board.your-turn:not(.waiting) .movable') !== null"


@pytest.fixture
def browser(server: str) -> Any:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def new_page(browser: Any, width: int = 1280, height: int = 800) -> Any:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.set_default_timeout(15_000)
    page.add_init_script(PLAY_FORCED_OFF)  # the people here choose every move themselves
    return page


def test_your_tables_lists_the_table_after_a_reload_and_continues_the_seat(
    server: str, page: Any
) -> None:
    sit_down(page, server, "ludo", "greedy", listed=True)
    seat_url = page.url
    table_id = seat_url.split("/table/")[1].split("?")[0]
    page.goto(server + "/")
    page.reload()
    mine = page.get_by_test_id("your-tables")
    mine.wait_for(state="visible")
    assert mine.locator("li").count() == 1
    # The open tables' link leads this browser to its seat, not to the spectator view.
    assert "token=" in (page.locator(f'a[data-table="{table_id}"]').get_attribute("href") or "")
    mine.get_by_test_id("continue").click()
    page.wait_for_url("**/table/*?seat=0&token=*")
    assert page.url == seat_url
    page.wait_for_selector("#connection.online")
    assert page.locator(".crumbs .tag.you").count() == 1  # seated, not a spectator
    assert page.get_by_test_id("copy-my-link").is_visible()


def test_presence_and_chat_between_two_browsers(server: str, browser: Any) -> None:
    anna = new_page(browser)
    anna.goto(server + "/")
    setup = anna.locator('fieldset[data-game="ludo"]')
    setup.locator('select[name="seat1"]').select_option("human")
    anna.click('button[type="submit"]')
    anna.wait_for_selector("#connection.online")
    gathering = anna.locator("#gathering")
    gathering.wait_for(state="visible")
    assert anna.get_by_test_id("presence-1").get_attribute("data-online") == "false"
    invite = anna.locator("#invites input").first.input_value()

    ben = new_page(browser, 390, 844)
    ben.goto(invite)
    ben.wait_for_selector("#connection.online")
    anna.wait_for_selector('[data-testid="presence-1"][data-online="true"]')
    gathering.wait_for(state="hidden")  # both are here: the game has begun

    ben.get_by_test_id("chat-input").fill("<i>hallo</i> Anna")
    ben.get_by_test_id("chat-input").press("Enter")
    line = anna.get_by_test_id("chat-log").locator("li").last
    line.wait_for()
    assert "<i>hallo</i> Anna" in line.inner_text()  # shown as text, not as HTML
    assert anna.get_by_test_id("chat-log").locator("i").count() == 0


@pytest.mark.slow
def test_play_again_creates_a_joinable_table(server: str, page: Any) -> None:
    answer = page.request.post(
        server + "/api/tables",
        data={
            "game": "ludo",
            "players": 2,
            "seats": ["human", "greedy"],
            "speed": "fast",
            "seed": 3,
            "practice": True,
            "options": {"colours_per_seat": 1},
        },
    )
    assert answer.status == 201, answer.text()
    created = answer.json()
    table = created["id"]
    token = created["play"].split("token=")[1]
    finish_through_the_api(page, server, table, token)
    page.goto(server + created["play"])
    again = page.get_by_test_id("rematch")
    again.wait_for(state="visible")
    assert page.get_by_test_id("replay").is_visible()
    assert page.locator("#invites-panel").is_hidden()
    again.click()
    page.wait_for_url("**/table/*?seat=1&token=*")  # the first seat rotated
    assert table not in page.url
    page.wait_for_selector("#connection.online")
    assert page.locator("#seats li").first.inner_text().lower().count("(medium bot)") == 1


def test_a_takeback_against_a_bot_restores_the_decision_with_the_same_dice(
    server: str, page: Any
) -> None:
    page.add_init_script(PLAY_FORCED_OFF)  # the decision restored waits for this person
    sit_down(page, server, "ludo", "greedy")
    page.wait_for_function(MY_TURN)
    before = page.locator("#log").inner_text()
    moves = page.locator("#moves .move").all_inner_texts()
    version = page.evaluate("document.body.dataset.version")
    page.locator("#board .movable").first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {version}")
    page.wait_for_function(MY_TURN)
    page.get_by_test_id("takeback").click()
    page.wait_for_function(
        "(text) => document.getElementById('log').innerText === text", arg=before
    )
    page.wait_for_function(MY_TURN)
    assert page.locator("#moves .move").all_inner_texts() == moves  # the same roll to play


def test_between_people_a_takeback_is_asked_and_accepted(server: str, browser: Any) -> None:
    answer = new_page(browser).request.post(
        server + "/api/tables", data={"game": "ludo", "players": 2, "seed": 7, "practice": True}
    )
    assert answer.status == 201, answer.text()
    pages = []
    for seat in answer.json()["seats"]:
        page = new_page(browser)
        page.goto(server + seat["link"])
        page.wait_for_function("() => document.body.dataset.version !== undefined")
        pages.append(page)
    mover = next(p for p in pages if p.evaluate(MY_TURN))
    other = next(p for p in pages if p is not mover)
    before = mover.locator("#log").inner_text()
    version = mover.evaluate("document.body.dataset.version")
    mover.locator("#board .movable").first.click()
    mover.wait_for_function(f"() => Number(document.body.dataset.version) > {version}")
    mover.get_by_test_id("takeback").click()
    other.get_by_test_id("takeback-accept").click()
    mover.wait_for_function(
        "(text) => document.getElementById('log').innerText === text", arg=before
    )
    mover.wait_for_function(MY_TURN)

    mover.get_by_test_id("sound-toggle").click()  # off by default, remembered once on
    assert mover.get_by_test_id("sound-toggle").inner_text() == "Sound: on"
    mover.reload()
    assert mover.get_by_test_id("sound-toggle").inner_text() == "Sound: on"


def finish_through_the_api(page: Any, server: str, table: str, token: str) -> None:
    """Seat 0 plays its first legal move until the bot game is over (the page away)."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        view = page.request.get(f"{server}/api/tables/{table}?seat=0&token={token}").json()
        if view["status"] != "playing":
            return
        if view["your_turn"]:
            page.request.post(
                f"{server}/api/tables/{table}/actions",
                data={"seat": 0, "token": token, "action": view["legal"][0]["action"]},
            )
        else:
            time.sleep(0.01)
    raise AssertionError("the game did not end")


@pytest.mark.slow
def test_the_replay_and_the_lobby_show_a_takeback_with_the_names(server: str, page: Any) -> None:
    """Take back against a bot, finish: the replay lists the takeback and its moves."""
    fill_table_form(page, server, "ludo", "greedy", options={"colours_per_seat": "1"})
    page.fill('fieldset[data-game="ludo"] input[name="name0"]', "Anna")
    page.check("#listed")  # shown in the lobby's lists (tables are private by default)
    page.add_init_script(PLAY_FORCED_OFF)
    open_table(page)
    page.wait_for_function(MY_TURN)
    version = page.evaluate("document.body.dataset.version")
    page.locator("#board .movable").first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {version}")
    page.wait_for_function(MY_TURN)
    page.get_by_test_id("takeback").click()
    page.wait_for_function(f"() => document.body.dataset.version === '{version}'")
    table, token = page.url.split("/table/")[1].split("?")[0], page.url.split("token=")[1]
    page.goto(server + "/")  # away from the table while the game is played to its end
    finish_through_the_api(page, server, table, token)

    page.goto(f"{server}/table/{table}/replay")
    note = page.get_by_test_id("takeback-note")
    assert note.count() == 1
    assert note.locator("summary").inner_text().startswith("↶ Anna took back move")
    undone = note.locator(".undone li")
    assert undone.first.is_hidden()  # folded away: not part of the game that was finished
    note.locator("summary").click()
    assert undone.first.is_visible() and "Anna" in undone.first.inner_text()
    # The note sits in the move list, whose turns still step the replay.
    assert page.locator("#move-list li[data-turn]").count() > 1

    assert page.get_by_test_id("with-takebacks").inner_text() == "(with takebacks)"

    page.goto(server + "/")
    finished = page.locator("#finished-tables + ul")
    assert "Anna vs Yellow (medium bot)" in finished.inner_text()
    assert "(with takebacks)" in finished.inner_text()  # marked: its dice were drawn anew
