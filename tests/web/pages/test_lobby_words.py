"""The lobby in words (issue 35.3): rule options by a title and a one-line explanation in the
reader's language, their values translated, the code name only in a tooltip; bots offered by
strength, the algorithms in an "Advanced" fold."""

from __future__ import annotations

import re
from typing import Any

import pytest

import ludoteca
from ludoteca.core.options import Option

WORDS = {
    "en": ("Three tries for a 6", "Dutch (the original)", "harder", "Bot: medium"),
    "nl": (
        "Drie keer gooien voor een 6",
        "Nederlands (het origineel)",
        "moeilijker",
        "Bot: gemiddeld",
    ),
    "de": (
        "Dreimal würfeln für eine 6",
        "niederländisch (das Original)",
        "schwieriger",
        "Bot: mittel",
    ),
}


def every_option() -> list[tuple[str, Option]]:
    return [
        (info.id, spec) for info in ludoteca.games() for spec in ludoteca.load(info.id).option_specs
    ]


@pytest.mark.parametrize(("game_id", "spec"), every_option(), ids=lambda v: getattr(v, "name", v))
def test_every_option_has_a_title_an_explanation_and_words_for_its_values(
    game_id: str, spec: Option
) -> None:
    assert spec.title and spec.title != spec.name and len(spec.title) <= 40
    assert spec.explain.endswith(".") and "\n" not in spec.explain
    assert not re.match(r"(true|false|[a-z_]+):", spec.explain)  # not "false: ..."
    words = [c for c in spec.choices if isinstance(c, str) and not re.fullmatch(r"[a-h]\d", c)]
    assert {value for value, _label in spec.labels} >= set(words), game_id


@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_lobby_shows_options_and_bots_in_words(web: Any, language: str) -> None:
    html = web.client.get(f"/?lang={language}").text
    three_tries, seed, harder, medium = WORDS[language]
    assert f"> {three_tries}</label>" in html
    assert f">{seed}</option>" in html and f">{harder}</option>" in html
    assert f">{medium}</option>" in html
    assert ': goal_bounce"' in html  # the code name in a tooltip ...
    texts = re.sub(r"<[^>]+>", "\n", html)
    shown = {line.strip() for line in texts.splitlines()}
    codes = ("start_pawn_on_a", "goal_bounce", "seed", "schmidt", "harder", "on_turn", "shaky")
    same_in_english = {"harder", "shaky"}  # English words that are also the code name
    for code in (c for c in codes if language != "en" or c not in same_in_english):
        assert code not in shown, code  # ... not as the words a person reads
    assert not re.search(r">\s*(false|true): ", html)
    # The algorithms sit in a hidden group, shown by the "Advanced" fold (static/lobby.js).
    groups = re.findall(r'<optgroup label="[^"]*" class="algorithms" hidden>', html)
    assert len(groups) == sum(info.max_players for info in ludoteca.games())
    assert html.count('class="advanced-bots"') == len(ludoteca.games())
