"""Turn-based play in Chromium (issue 33, items 2 and 4): the lobby's form makes a turn-based
siege table, My games shows the time left for the move by the server's clock (moved by the test
clock, not slept through), the bot plays the move when the time is up and the table's log says
so; axe-core finds nothing serious on the lobby with the turn-based choices open nor on My games,
at both sizes. `LUDOTECA_SHOTS=<folder>` also keeps screenshots of both pages at both sizes."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_support import VIEWPORTS, browser_marks, live_server
from test_accessibility_browser import browser, check, lobby_ready

pytestmark = browser_marks()
browser = browser  # the accessibility tests' Chromium (a fixture), one for this module


@pytest.fixture
def timed_server(tmp_path: Path) -> Iterator[str]:
    """The app with its test clock on (`POST /api/test/clock` moves it)."""
    with live_server(tmp_path / "turns.db", test_clock=True) as url:
        yield url


def move_clock(server: str, seconds: float) -> None:
    answer = httpx.post(server + "/api/test/clock", json={"seconds": seconds})
    assert answer.status_code == 200, answer.text


def choose_turn_based(page: Any) -> None:
    lobby_ready(page)
    page.get_by_test_id("pace-turn").check()
    page.get_by_test_id("turn-options").wait_for()


def shoot(page: Any, name: str) -> None:
    folder = os.environ.get("LUDOTECA_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


@pytest.mark.slow  # a table from the lobby, three pages and the bots' moves: about 10 s
def test_a_turn_based_table_from_the_lobby_shows_its_time_left_and_the_bot_plays_when_it_is_up(
    timed_server: str, browser: Any
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(15_000)
    page.goto(timed_server + "/")
    assert page.get_by_test_id("turn-options").is_hidden()  # live play is the default
    page.select_option("#game-select", "siege")
    setup = page.locator('fieldset[data-game="siege"]')
    setup.locator('select[name="seat1"]').select_option("medium")
    choose_turn_based(page)
    page.get_by_test_id("move-hours").select_option("1")
    page.get_by_test_id("timeout-strength").select_option("easy")
    page.get_by_test_id("timeout-forfeit").check()
    assert page.get_by_test_id("timeout-strength").is_hidden()  # no bot to choose for a forfeit
    page.get_by_test_id("timeout-bot").check()
    shoot(page, "lobby-turn-based-desktop")
    page.click('button[type="submit"]')
    page.wait_for_url("**/table/*?seat=0&token=*")
    page.wait_for_selector("#connection.online")
    pace = page.get_by_test_id("pace").inner_text()
    assert pace == "Turn-based: 1 hour per move. When time runs out, a bot (easy) plays the move."
    table = page.url.split("/table/")[1].split("?")[0]
    move_clock(timed_server, 20 * 60)
    page.goto(timed_server + "/my")
    left = page.get_by_test_id("time-left")
    left.wait_for()
    assert left.inner_text() == "40 min left"
    shoot(page, "my-games-desktop")
    page.goto(timed_server + "/my?lang=nl")
    page.get_by_test_id("time-left").wait_for()
    assert page.get_by_test_id("time-left").inner_text() == "nog 40 min"
    move_clock(timed_server, 40 * 60)  # the hour is up: the easy bot moves for the person
    page.goto(timed_server + "/my?lang=en")
    page.get_by_test_id("my-game").click()
    page.wait_for_selector("#connection.online")
    page.wait_for_selector("#log-card :text('(time ran out: a bot played it)')")
    shoot(page, "table-after-timeout-desktop")
    turns = httpx.get(f"{timed_server}/api/turns?tables={table}").json()["tables"][0]
    assert turns["to_move"] == 0 and turns["seconds_left"] == 3600  # the bot answered: a new hour


@pytest.mark.slow  # axe reads each page for seconds
@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
def test_the_lobby_with_the_turn_based_choices_and_my_games_pass_axe(
    timed_server: str, browser: Any, viewport: str
) -> None:
    page = browser.new_page()
    page.set_default_timeout(15_000)
    check(page, viewport, timed_server + "/", choose_turn_based)
    shoot(page, f"lobby-turn-based-{viewport}")
    made = httpx.post(
        timed_server + "/api/tables",
        json={"game": "siege", "seats": ["human", "medium"], "move_hours": 8},
    ).json()
    page.goto(timed_server + made["seats"][0]["link"])
    page.wait_for_selector("#connection.online")  # the seat is kept by this browser

    def my_games_ready(page: Any) -> None:
        page.get_by_test_id("time-left").wait_for()

    check(page, viewport, timed_server + "/my", my_games_ready)
    assert page.get_by_test_id("time-left").inner_text() == "8 h left"
    shoot(page, f"my-games-{viewport}")


def test_the_table_page_counts_down_the_time_left_for_the_move(server: str, browser: Any) -> None:
    """Beside whose turn it is, a turn-based table's page says how long the move may take; a
    live table's says nothing of time. The server's clock and this device's are the system's."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.set_default_timeout(15_000)
    for hours, expected in ((24, ("1 d left", "23 h 59 min left")), (None, None)):
        made = httpx.post(
            server + "/api/tables",
            json={"game": "siege", "seats": ["human", "human"], "move_hours": hours},
        ).json()
        page.goto(server + made["seats"][0]["link"])
        page.wait_for_selector("#connection.online")
        line = page.get_by_test_id("move-time")
        if expected is None:
            assert line.is_hidden()
        else:
            line.wait_for()
            assert line.inner_text() in expected
