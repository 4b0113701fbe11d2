"""The move buttons name each move in words in the player's language, the notation on demand
(issue 29.9, 35.3): `rD0-2`, `pull C1`, `declare`, `=roof`, `Nb1-d2` and `R-20` were the
buttons' only text, on English, Dutch and German pages alike."""

from __future__ import annotations

import html as markup
import re
from typing import Any

import pytest

import ludoteca

BUTTON = re.compile(
    r'<button type="button" class="move" data-action="(\d+)" title="([^"]*)">(.*?) '
    r'<code class="notation">(.*?)</code></button>'
)


def seat_to_move(web: Any, game: str) -> tuple[Any, int]:
    info = next(i for i in ludoteca.games() if i.id == game)
    table = web.create(
        game=game, players=info.default_players, seats=["human"] * info.default_players
    )
    web.wait_for(lambda: web.view(table)["to_move"] in table.tokens)
    return table, web.view(table)["to_move"]


@pytest.mark.parametrize("game", ["ludo", "bremen", "museum", "siege", "villa"])
def test_the_move_buttons_say_the_move_in_the_pages_language(web: Any, game: str) -> None:
    table, seat = seat_to_move(web, game)
    legal = web.view(table, seat)["legal"]
    assert legal and all(move["text"] != move["notation"] for move in legal)
    assert len({move["text"] for move in legal}) == len(legal)  # each button tells its move
    link = f"/table/{table.id}?seat={seat}&token={table.tokens[seat]}"
    buttons: dict[str, list[tuple[str, str]]] = {}
    for language in ("en", "nl", "de"):
        page = web.client.get(f"{link}&lang={language}").text
        found = BUTTON.findall(page)
        assert len(found) == len(legal), f"{game} in {language}: {len(found)} of {len(legal)}"
        buttons[language] = [
            (markup.unescape(text), markup.unescape(code)) for _a, _t, text, code in found
        ]
        for _action, title, text, code in found:
            assert title == code and text != code  # words, and the notation on demand
    notations = [code for _text, code in buttons["en"]]
    assert [code for _text, code in buttons["nl"]] == notations  # the notation is one for all
    assert [text for text, _code in buttons["nl"]] != [text for text, _code in buttons["en"]]
    assert [text for text, _code in buttons["de"]] != [text for text, _code in buttons["en"]]
