"""A mistake at the table is told in the player's language (issue 15: "errors shown to players").

The API answers in English with a code; the page picks the code's translated message.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from browser_support import PLAY_FORCED_OFF, browser_marks

pytestmark = browser_marks()

TYPO = "zz9"
SHOWN = {
    "nl": "„zz9” is geen zet in de notatie van dit spel.",
    "de": "„zz9“ ist kein Zug in der Notation dieses Spiels.",
    "en": "'zz9' is not a ludo move",  # English shows the game's own explanation of its notation
}


def seat_to_move(server: str) -> str:
    """The link of the seat to move at a new practice ludo table of two people."""
    body = {"game": "ludo", "players": 2, "seats": ["human", "human"], "practice": True, "seed": 7}
    request = urllib.request.Request(
        server + "/api/tables", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        created: dict[str, Any] = json.load(response)
    with urllib.request.urlopen(f"{server}/api/tables/{created['id']}") as response:
        to_move = json.load(response)["to_move"]
    link: str = created["seats"][to_move]["link"]
    return link if link.startswith("http") else server + link


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_a_wrong_notation_is_told_in_the_players_language(
    page: Any, server: str, language: str
) -> None:
    # Without it the page rolls for the person after 0.7 s; after three rolls without a 6 the
    # turn passes and the notation box hides between the typing and the Enter (a failure seen
    # once on a loaded machine, most likely this).
    page.add_init_script(PLAY_FORCED_OFF)
    page.goto(f"{seat_to_move(server)}&lang={language}")
    page.wait_for_selector("#connection.online")
    page.fill("#notation", TYPO)
    page.press("#notation", "Enter")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error").startswith(SHOWN[language])
