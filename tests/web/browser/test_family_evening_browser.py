"""A family's first evening (issue 35) in a real browser: invite links with QR codes, a phone
that keeps what is played in view, the replay from one's own seat, the small helps at the
table, and resigning from the page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_support import CHROMIUM_ARGS, browser_marks, live_server, sized

pytestmark = browser_marks()

IN_VIEW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.top >= -0.5 && box.bottom <= window.innerHeight + 0.5 && box.left >= -0.5
    && box.right <= window.innerWidth + 0.5;
}"""
"""Whether the element is wholly inside the viewport (no scrolling needed to see it)."""

SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"


@pytest.fixture
def local(tmp_path: Path) -> Iterator[str]:
    """A server that knows it listens on 127.0.0.1 only, as `make serve` starts it."""
    with live_server(tmp_path / "local.db", listen="127.0.0.1") as url:
        yield url


def create(server: str, **body: Any) -> dict[str, Any]:
    made = httpx.post(f"{server}/api/tables", json=body, timeout=10)
    assert made.status_code == 201, made.text
    created: dict[str, Any] = made.json()
    return created


def token(link: str) -> str:
    return link.split("token=")[1]


def resign(server: str, table: dict[str, Any], seat: int) -> None:
    link = next(s["link"] for s in table["seats"] if s["seat"] == seat)
    proof = {"seat": seat, "token": token(link)}
    assert httpx.post(f"{server}/api/tables/{table['id']}/leave", json=proof).status_code == 200


def test_each_invite_link_has_a_qr_code_and_a_note_on_a_server_only_here(local: str) -> None:
    table = create(local, game="ludo", players=3, seats=["human"] * 3)
    with sized("phone", CHROMIUM_ARGS) as page:
        page.goto(local + table["play"])
        codes = page.get_by_test_id("invite-qr")
        assert codes.count() == 3
        for index in range(3):
            box = codes.nth(index).bounding_box()
            assert box is not None and box["width"] >= 90 and box["height"] >= 90
        link = page.locator("#invites input").first
        assert link.input_value().startswith(local + f"/table/{table['id']}?seat=1&token=")
        note = page.get_by_test_id("local-only")
        assert note.is_visible() and "make serve HOST=0.0.0.0" in note.inner_text()
        assert page.evaluate(SIDEWAYS) <= 0


def test_a_phone_keeps_the_museum_board_and_the_replay_steps_in_view(local: str) -> None:
    museum = create(local, game="museum", players=2, seats=["human", "greedy"], speed="fast")
    siege = create(
        local, game="siege", players=2, seats=["random", "greedy"], seed=5, practice=True
    )
    with sized("phone", CHROMIUM_ARGS) as page:
        page.goto(local + museum["play"])
        page.wait_for_selector("#connection.online")
        assert page.evaluate(IN_VIEW, "#status"), "the status line is in view"
        assert page.evaluate(IN_VIEW, "#board svg.museum-board"), "the whole museum in view"
        assert page.evaluate(SIDEWAYS) <= 0
        page.wait_for_function(
            f"fetch('/api/tables/{siege['id']}').then((r) => r.json())"
            ".then((v) => v.status !== 'playing')"
        )
        page.goto(f"{local}/table/{siege['id']}/replay?analyse=1")
        page.wait_for_selector('[data-testid="graph"]')
        for step in range(3):
            page.click('#replay-steps [data-go="forward"]')
            page.wait_for_function(f"document.body.dataset.step !== '{step}'")
            assert page.evaluate(IN_VIEW, "#board svg") and page.evaluate(IN_VIEW, "#replay-steps")
        cards = page.get_by_test_id("summary-card")
        assert cards.count() == 2  # one card per player, nothing cut off sideways
        for index in range(2):
            box = cards.nth(index).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert page.evaluate(SIDEWAYS) <= 0
        assert "%" not in page.locator("#analysis-summary ul").inner_text()


def test_a_friend_on_a_phone_sees_join_the_rematch_without_scrolling(local: str) -> None:
    """Museum's house is the tallest board: the rematch must not wait below it."""
    table = create(local, game="museum", players=2, seats=["human", "human"], speed="fast")
    friend = next(s["link"] for s in table["seats"] if s["seat"] == 1)
    with sized("phone", CHROMIUM_ARGS) as page:
        page.goto(local + friend)
        page.wait_for_selector("#connection.online")
        resign(local, table, 0)
        asked = {"seat": 0, "token": token(table["play"])}
        assert (
            httpx.post(f"{local}/api/tables/{table['id']}/rematch", json=asked).status_code == 200
        )
        join = page.get_by_test_id("rematch-join")
        join.wait_for()
        assert page.evaluate(IN_VIEW, "#result")
        assert page.evaluate(IN_VIEW, '[data-testid="rematch-join"]')


def test_the_replay_is_drawn_from_this_browsers_seat_and_turns(local: str) -> None:
    table = create(local, game="ludo", players=2, seats=["human", "greedy"], names=["Anna", None])
    with sized("desktop", CHROMIUM_ARGS) as page:
        page.goto(local + table["play"])  # the browser remembers its seat (seats.js)
        page.wait_for_selector("#connection.online")
        resign(local, table, 0)
        page.goto(f"{local}/table/{table['id']}/replay")
        page.wait_for_function("document.body.dataset.viewer === '0'")
        page.wait_for_function("document.body.dataset.step === '0'")
        mine = httpx.get(f"{local}/table/{table['id']}/replay/0.json?seat=0").json()["svg"]
        spectator = httpx.get(f"{local}/table/{table['id']}/replay/0.json").json()["svg"]
        assert mine != spectator
        drawn = page.evaluate("document.querySelector('#board svg').getAttribute('viewBox')")
        assert drawn == re.search(r'viewBox="([^"]+)"', mine).group(1)  # type: ignore[union-attr]
        viewpoint = page.get_by_test_id("viewpoint")
        assert viewpoint.inner_text() == "Seen by Anna"
        page.get_by_test_id("turn-board").click()
        page.wait_for_function("document.body.dataset.viewer === '1'")
        assert viewpoint.inner_text() == "Seen by Blue & Green (medium bot)"
        page.get_by_test_id("turn-board").click()
        page.wait_for_function("document.body.dataset.viewer === ''")
        assert viewpoint.inner_text() == "Seen by a spectator"


def test_the_small_helps_at_the_table(local: str) -> None:
    """Seat choices aligned, the name remembered, a forced move played, hints explained,
    resigning from the page, and the luck verified after it."""
    with sized("desktop", CHROMIUM_ARGS) as page:
        page.goto(local + "/")
        setup = page.locator('fieldset[data-game="ludo"]')
        setup.locator('select[name="players"]').select_option("4")
        tops = [setup.locator(f'select[name="seat{i}"]').bounding_box()["y"] for i in range(4)]
        assert max(tops) - min(tops) < 1, tops  # player 2-4 level with player 1
        setup.locator('input[name="name0"]').fill("Anna")
        setup.locator('select[name="players"]').select_option("2")
        setup.locator('select[name="seat1"]').select_option("human")
        page.click('button[type="submit"]')
        page.wait_for_url("**/table/*?seat=0&token=*")
        why = page.get_by_test_id("hints-why")
        why.wait_for()
        assert "only for a game against bots" in why.inner_text()
        page.goto(local + "/")
        assert (
            page.locator('fieldset[data-game="ludo"] input[name="name0"]').input_value() == "Anna"
        )

        # Seed 1: Red's first decision is its only legal move; nobody clicks it.
        forced = create(
            local,
            game="ludo",
            players=2,
            seats=["human", "greedy"],
            seed=1,
            practice=True,
            options={"colours_per_seat": 1},
        )
        page.goto(local + forced["play"])
        assert page.get_by_test_id("play-forced").is_checked()
        page.wait_for_function(
            f"""fetch('/api/tables/{forced["id"]}').then((r) => r.json())
              .then((v) => v.log.some(([player]) => player === 0))"""
        )  # Red's move, played without a click

        fair = create(local, game="ludo", players=2, seats=["human", "greedy"])
        page.goto(local + fair["play"])
        page.on("dialog", lambda dialog: dialog.accept())
        page.get_by_test_id("resign").click()
        page.wait_for_function("document.body.dataset.status === 'finished'")
        assert "resigned" in page.locator("#result").inner_text()
        verdict = page.get_by_test_id("luck-verdict")
        verdict.wait_for()
        assert verdict.inner_text().startswith("Verified")
        page.get_by_test_id("luck-check").click()
        page.wait_for_url(f"**/table/{fair['id']}/luck")
        assert "the same as the fingerprint" in page.inner_text("main")
