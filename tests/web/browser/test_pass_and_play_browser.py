"""Pass-and-play (issue 33): several people at one screen play their seats from one page.

The lobby marks a seat "plays here, on this device"; the creator's page then holds that seat
too, says by name whose turn it is before each of their turns, and waits for "Ready" so that
the device can be handed over. Mixed tables work: a seat by invite link and a bot beside them.
"""

from __future__ import annotations

import re
from typing import Any

from browser_support import PLAY_FORCED_OFF, browser_marks

from ludoteca.core.registry import load
from ludoteca.web.pages.routes import device_fragment
from ludoteca.web.table.new_table import TableRequest, here_from_form, new_table
from ludoteca.web.table.table import Table

pytestmark = browser_marks()

SEAT_TOKEN = re.compile(r"/table/(\w[\w-]*)\?seat=0&token=")


def new_page(chromium: Any, size: tuple[int, int] = (1280, 800)) -> Any:
    page = chromium.new_page(viewport={"width": size[0], "height": size[1]})
    page.set_default_timeout(15_000)
    page.add_init_script(PLAY_FORCED_OFF)
    return page


def lobby_table(
    page: Any, server: str, seats: list[tuple[str, str | None, bool]], **options: str
) -> None:
    """Ludo from the lobby: each seat (kind, name, here); fast bots; waits for the table."""
    page.goto(server + "/")
    page.select_option("#game-select", "ludo")
    setup = page.locator('fieldset[data-game="ludo"]')
    setup.locator('select[name="players"]').select_option(str(len(seats)))
    for i, (kind, name, here) in enumerate(seats):
        setup.locator(f'select[name="seat{i}"]').select_option(kind)
        if here:
            setup.get_by_test_id(f"here-{i}").check()
        if name is not None:
            setup.locator(f'input[name="name{i}"]').fill(name)
    if options:
        setup.locator("details.options summary").click()
        for option, value in options.items():
            setup.locator(f'select[name="option.{option}"]').select_option(value)
    page.check('input[name="speed"][value="fast"]')
    page.click('button[type="submit"]')
    page.wait_for_url(SEAT_TOKEN)
    page.wait_for_selector("#connection.online")


def to_move(page: Any) -> str:
    return str(page.locator("#seats li.to-move .seat-name").inner_text())


def step(page: Any) -> str | None:
    """One thing a person at the screen does: "Ready" for the next person, or a move. Returns
    the name the ready screen called, if it was shown."""
    ready = page.get_by_test_id("handover-ready")
    move = page.locator("#moves .move:visible").first
    page.wait_for_function(
        """() => document.body.dataset.status !== 'playing'
          || !document.getElementById('handover').hidden
          || (!document.getElementById('moves-panel').hidden
              && !document.getElementById('board').classList.contains('waiting')
              && document.querySelector('#moves .move:not([hidden])'))"""
    )
    if page.evaluate("document.body.dataset.status") != "playing":
        return None
    if ready.is_visible():
        called = str(page.locator("#handover-title").inner_text())
        ready.click()
        page.wait_for_selector("#handover", state="hidden")
        return called
    version = page.evaluate("document.body.dataset.version")
    move.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    return None


def test_two_people_play_a_ludo_table_to_the_end_on_one_page(server: str, chromium: Any) -> None:
    page = new_page(chromium)
    lobby_table(
        page, server, [("human", "Anna", False), ("human", "Ben", True)], colours_per_seat="1"
    )
    assert "#here" not in page.url, "the other seat's token leaves the address bar"
    assert page.locator("#invites li[data-seat='1']").is_hidden(), "Ben plays here: no invite"
    called: list[str] = []
    for _ in range(2000):
        if page.evaluate("document.body.dataset.status") != "playing":
            break
        name = step(page)
        if name is not None:
            called.append(name)
            person = name.removesuffix("'s turn")
            assert to_move(page) == person, "the ready screen names the one to move"
            page.wait_for_function(  # then the page is that person's: their seat, their moves
                f"document.getElementById('you-tag').textContent === '{person}'"
            )
            assert page.locator("#seats li.you .seat-name").inner_text() == person
    assert page.evaluate("document.body.dataset.status") == "finished"
    assert page.locator("#result").is_visible()
    assert {"Anna's turn", "Ben's turn"} <= set(called), called
    seats = page.locator("#seats li")
    assert "on this device" in seats.nth(0).inner_text() + seats.nth(1).inner_text()


def test_a_mixed_table_two_here_one_invited_one_bot(server: str, chromium: Any) -> None:
    tablet = new_page(chromium, (390, 844))
    lobby_table(
        tablet,
        server,
        [
            ("human", "Anna", False),
            ("human", "Ben", True),
            ("human", None, False),
            ("medium", None, False),
        ],
    )
    invites = tablet.locator("#invites li[data-seat]")
    assert [invites.nth(i).get_attribute("data-seat") for i in range(invites.count())] == ["1", "2"]
    assert tablet.locator("#invites li[data-seat='1']").is_hidden()
    link = tablet.locator("#invites li[data-seat='2'] input").input_value()
    friend = new_page(chromium)
    friend.goto(link)
    friend.wait_for_selector("#connection.online")
    turns = {"Anna": 0, "Ben": 0, "friend": 0}
    for _ in range(400):
        if min(turns.values()) >= 2 or tablet.evaluate("document.body.dataset.status") != "playing":
            break
        if friend.locator("#moves .move:visible").count():
            version = friend.evaluate("document.body.dataset.version")
            friend.locator("#moves .move:visible").first.click()
            friend.wait_for_function(f"document.body.dataset.version !== '{version}'")
            turns["friend"] += 1
        elif tablet.get_by_test_id("handover-ready").is_visible():
            assert step(tablet) in {"Anna's turn", "Ben's turn"}
        elif tablet.locator("#moves .move:visible").count():
            turns[to_move(tablet).split()[0]] += 1
            step(tablet)
        else:
            tablet.wait_for_timeout(50)
    assert min(turns.values()) >= 2, turns


def test_on_a_shared_screen_the_last_mover_takes_back_and_the_other_answers_there(
    server: str, chromium: Any
) -> None:
    page = new_page(chromium)
    lobby_table(
        page, server, [("human", "Anna", False), ("human", "Ben", True)], colours_per_seat="1"
    )
    for _ in range(200):  # until a person has moved and the device went to the other one
        name = step(page)
        if name is not None and page.get_by_test_id("takeback").is_visible():
            break
    mover = page.locator("#log .move-entry .say").last.inner_text()
    taker = "Ben" if name == "Anna's turn" else "Anna"
    button = page.get_by_test_id("takeback")
    assert button.inner_text() == f"Take back {taker}'s last move"
    moves = page.locator("#log .move-entry").count()
    button.click()
    accept = page.get_by_test_id("takeback-accept")
    accept.wait_for()
    assert page.locator("#takeback .button-line span").inner_text() == name.removesuffix("'s turn")
    accept.click()
    page.wait_for_selector("#handover:not([hidden])")
    assert page.locator("#handover-title").inner_text() == f"{taker}'s turn", mover
    page.get_by_test_id("handover-ready").click()
    page.wait_for_function(f"document.querySelectorAll('#log .move-entry').length < {moves}")


def test_the_device_fragment_holds_only_other_peoples_seats() -> None:
    fields = [("here1", "true"), ("here2", "true"), ("here3", "false"), ("hereX", "true")]
    assert here_from_form(fields) == [1, 2]
    data = new_table(TableRequest(game="ludo", players=3, seats=["human", "greedy", "human"]))
    game = load("ludo", players=3)
    table = Table(data, game, game.new_initial_state())
    fragment = device_fragment(table, [0, 1, 2, 7])
    assert fragment == f"#here=2.{data.seats[2].token}", "not the creator's, a bot's or none"
    assert device_fragment(table, []) == ""
