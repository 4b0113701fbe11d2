"""Mens erger je niet and Belagerung on the real table page, at 1280x800 and on a phone
(390x844), in the middle of a game: measured, not judged by eye (issue 14).

No horizontal scroll; the board inside the viewport and not covering the status line; text
in the panels at least 12 CSS px; board labels at least 9 px as rendered; on a phone every
tap target of the board at least 32 px; pawns and pieces not told apart by colour alone; the
ludo board turned so the person's colour plays from the bottom.
"""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.request import Request, urlopen

import pytest
from browser_support import MEASURE, VIEWPORTS, browser_marks

pytestmark = browser_marks()


def post(url: str, body: dict[str, Any]) -> Any:
    request = Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urlopen(request) as response:
        return json.load(response)


def get(url: str) -> Any:
    with urlopen(url) as response:
        return json.load(response)


def midgame_table(server: str, game: str, players: int, moves: int) -> str:
    """A table with a person in seat 0 against random bots, after the person's first `moves`
    decisions (each the first legal move); returns the person's table link."""
    seats = ["human"] + ["random"] * (players - 1)
    created = post(
        server + "/api/tables",
        {
            "game": game,
            "players": players,
            "seats": seats,
            "seed": 3,
            "practice": True,
            "speed": "fast",
        },
    )
    link = created["play"]
    token = link.split("token=")[1]
    view_url = f"{server}/api/tables/{created['id']}?seat=0&token={token}"
    made = 0
    deadline = time.monotonic() + 30
    while made < moves:
        assert time.monotonic() < deadline, "the bots did not answer"
        view = get(view_url)
        assert view["status"] == "playing", "the game ended before the middle"
        if not view["your_turn"]:
            time.sleep(0.02)
            continue
        post(
            f"{server}/api/tables/{created['id']}/actions",
            {"seat": 0, "token": token, "action": view["legal"][0]["action"]},
        )
        made += 1
    deadline = time.monotonic() + 30
    while not get(view_url)["your_turn"]:  # the bots' turns, then the person's again
        assert time.monotonic() < deadline, "the bots did not answer"
        time.sleep(0.02)
    return server + link


def check_layout(page: Any, viewport: str) -> dict[str, Any]:
    width, height = VIEWPORTS[viewport]
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_selector("#connection.online")
    found: dict[str, Any] = page.evaluate(MEASURE)
    assert found["scroll"] <= 0, f"{viewport}: the page scrolls sideways by {found['scroll']} px"
    assert found["left"] >= 0 and found["right"] <= found["viewport"], found
    assert found["messageFree"], "something covers the status line"
    assert found["small"] == [], f"{viewport}: panel text under 12 px: {found['small']}"
    assert min(found["labels"]) >= 9, f"{viewport}: a board label of {min(found['labels'])} px"
    if viewport == "phone":
        assert found["taps"], "nothing to tap on the board"
        assert min(found["taps"]) >= 32, f"a tap target of {min(found['taps']):.1f} px"
    return found


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize(("players", "board"), [(4, 4), (6, 6)])
def test_ludo_table_reads_and_taps_well(
    server: str, page: Any, viewport: str, players: int, board: int
) -> None:
    page.goto(midgame_table(server, "ludo", players, moves=12))
    check_layout(page, viewport)
    # The person plays red: red's reserve sits below the die, at the bottom of the board.
    below = page.evaluate(
        """() => {
      const y = (s) => { const r = document.querySelector(`#board [data-spot="${s}"]`)
        .getBoundingClientRect(); return r.top + r.height / 2; };
      return y('red-reserve') > y('die') && y('red-a') > y('die');
    }"""
    )
    assert below, "the board is not turned to the person's colour"
    letters = page.evaluate(
        """() => [...document.querySelectorAll('#board [data-piece]')]
        .map((p) => (p.querySelector('text.letter') || {}).textContent || '')"""
    )
    assert letters and all(letters), "a pawn without its letter"


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_siege_table_reads_and_taps_well(server: str, page: Any, viewport: str) -> None:
    page.goto(midgame_table(server, "siege", 2, moves=6))
    check_layout(page, viewport)
    shapes = page.evaluate(
        """() => Object.fromEntries(['knight', 'soldier', 'lord'].map((kind) => {
          const piece = document.querySelector(`#board .piece.${kind}`);
          return [kind, piece ? [...piece.querySelectorAll('path')].map((p) =>
            p.getAttribute('d')).join(' ') : null];
        }))"""
    )
    drawn = [shape for shape in shapes.values() if shape]
    assert len(drawn) == len(set(drawn)) >= 2, "two kinds of piece share a shape"
