"""The table page as the server sends it speaks the last move in its live region (issue 14 §3:
"aria-live for the last move"), before any script runs; table.js keeps it up to date."""

from __future__ import annotations

import re
from html import unescape

from web_support import WebKit


def live_region(html: str) -> str:
    found = re.search(r'<p id="last-move"[^>]*aria-live="polite"[^>]*>(.*?)</p>', html, re.S)
    assert found, "the table page has no polite live region for the last move"
    return unescape(found.group(1)).strip()


def test_the_live_region_says_the_roll_after_the_last_move(web: WebKit) -> None:
    """Ludo between two people: after the first move the next player's roll is made at once, and
    that roll (a row of chance of its own in the log) is what the region says."""
    table = web.create()
    web.play_first_moves(table, 1)
    story = web.view(table)["story"]
    last_move = max(i for i, entry in enumerate(story) if entry["seat"] >= 0)
    rolls = [entry["text"] for entry in story[last_move + 1 :]]
    assert rolls and "rolls" in rolls[-1]
    assert live_region(web.client.get(f"/table/{table.id}").text) == " ".join(rolls)


def test_a_new_table_says_nothing_wrong(web: WebKit) -> None:
    """Before anything happened the region is empty; after the start it says the start."""
    table = web.create(game="siege", seed=None)
    assert live_region(web.client.get(f"/table/{table.id}").text) == ""
