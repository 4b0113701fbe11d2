"""Names at a table and the result in words, with fake games (no game's own texts needed)."""

from __future__ import annotations

import types
from typing import Any

import pytest

from ludoteca import narration
from ludoteca.i18n import use
from ludoteca.narration import seat_colour
from ludoteca.web.http.errors import BadRequest
from ludoteca.web.table import people
from ludoteca.web.table.people import NAME_LIMIT, clean_name, clean_names, display_name
from ludoteca.web.table.result import describe_result, place_name, ranking


class FakeGame:
    """Only what naming asks of a game: an id and the seats' own names."""

    id = "fake"

    def __init__(self, seat_names: list[str | None]) -> None:
        self._names = seat_names

    def seat_name(self, seat: int) -> str | None:
        return self._names[seat]


def use_describe(monkeypatch: pytest.MonkeyPatch, module: Any) -> None:
    monkeypatch.setattr(narration, "game_module", lambda game_id, name: module)


def game(*names: str | None) -> Any:
    return FakeGame(list(names))


def test_a_seat_is_named_by_the_games_player_name_where_it_has_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    describe = types.SimpleNamespace(player_name=lambda g, seat: ["Red & Yellow", "Blue"][seat])
    use_describe(monkeypatch, describe)
    assert seat_colour(game("red", "blue"), 0) == "Red & Yellow"


def test_without_player_name_the_seat_name_is_capitalised(monkeypatch: pytest.MonkeyPatch) -> None:
    use_describe(monkeypatch, None)
    assert seat_colour(game("blue", None), 0) == "Blue"
    assert seat_colour(game("blue", None), 1) == "Player 2"  # never "seat 1"


def test_bots_are_named_by_strength_in_the_readers_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_describe(monkeypatch, types.SimpleNamespace(player_name=lambda g, seat: "Blue"))
    levels = {"easy": "random", "medium": "greedy", "hard": "greedy"}
    monkeypatch.setattr(people, "strengths", lambda g: levels)
    assert display_name(game("blue"), 0, entered=None, agent="hard") == "Blue (hard bot)"
    assert display_name(game("blue"), 0, entered=None, agent="medium") == "Blue (medium bot)"
    # Issue 29.9: an agent chosen by name is called by the strongest level it is here; only
    # an agent no level stands for keeps its own name.
    assert display_name(game("blue"), 0, entered=None, agent="greedy") == "Blue (hard bot)"
    assert display_name(game("blue"), 0, entered=None, agent="random") == "Blue (easy bot)"
    assert display_name(game("blue"), 0, entered=None, agent="mcts") == "Blue (mcts bot)"
    with use("de"):
        assert display_name(game("blue"), 0, entered=None, agent="hard") == "Blue (schwerer Bot)"


def test_a_person_is_called_by_the_name_they_entered(monkeypatch: pytest.MonkeyPatch) -> None:
    use_describe(monkeypatch, None)
    assert display_name(game("red"), 0, entered="Anna", agent=None) == "Anna"
    assert display_name(game("red"), 0, entered=None, agent=None) == "Red"


def test_entered_names_are_tidied_and_limited() -> None:
    assert clean_name("  Anna   Maria ") == "Anna Maria"
    assert clean_name("   ") is None
    assert clean_name(None) is None
    with pytest.raises(BadRequest, match="at most"):
        clean_name("x" * (NAME_LIMIT + 1))
    with pytest.raises(BadRequest, match="letters"):
        clean_name("Anna\u0000")
    with pytest.raises(BadRequest, match="2 players need 2 names"):
        clean_names(["Anna"], 2)
    assert clean_names(None, 2) == [None, None]


@pytest.mark.parametrize("name", ["<b>x</b>", "Anna 😀", "Ben+Cas", "Dé €", "x‍y", "A‮B", ""])
def test_a_name_holds_letters_digits_spaces_and_punctuation_only(name: str) -> None:
    """Issue 29, item 5: docs/web.md allows letters, digits, spaces and punctuation, but
    markup and emoji were accepted. Symbols (`<`, `+`, `€`, emoji), format characters
    (a zero-width joiner, a right-to-left override) and private characters are refused."""
    with pytest.raises(BadRequest, match="letters, digits, spaces and punctuation"):
        clean_name(name)


def test_names_of_every_script_with_accents_and_punctuation_are_kept() -> None:
    for name in ("José", "Zoë", "Anne-Marie O'Brien", "李小龙", "Ana (2)", "Ébène, Ç."):
        assert clean_name(name) == name
    assert clean_name("Anna Maria B.	C") == "Anna Maria B. C"  # separators: a space


def test_equal_returns_share_a_place_and_the_next_place_skips() -> None:
    groups = ranking([1.0, -1 / 3, -1 / 3, -1 / 3])
    assert [(g.place, g.seats) for g in groups] == [(1, (0,)), (2, (1, 2, 3))]
    groups = ranking([0.5, 0.5, -0.5, -0.5])
    assert [(g.place, g.seats) for g in groups] == [(1, (0, 1)), (3, (2, 3))]


def test_one_winner_wins_and_ties_are_told_as_ties() -> None:
    names = ["Blue", "Red", "Green", "Yellow"]
    result = describe_result([1.0, -1 / 3, -1 / 3, -1 / 3], names, [None] * 4)
    assert result.text == "Blue wins"
    assert result.lines == ("Blue wins", "Red, Green, and Yellow share 2nd place")
    assert result.places == (1, 2, 2, 2)
    shared = describe_result([0.5, 0.5, -1.0], names[:3], [None] * 3)
    assert shared.lines == ("Blue and Red share the win", "Green is 3rd")
    assert shared.winners == (0, 1)


def test_when_everyone_ties_nobody_wins() -> None:
    result = describe_result([0.0, 0.0], ["Cyan & Purple", "Black & White"], [None, None])
    assert result.text == "Nobody wins (a draw)"
    assert (result.lines, result.winners, result.places) == ((result.text,), (), (1, 1))


def test_the_games_score_is_named_with_the_result() -> None:
    result = describe_result([1.0, -1.0], ["Anna", "Red"], ["23.500 €", "7.000 €"])
    assert result.lines == ("Anna wins with 23.500 €", "Red is 2nd with 7.000 €")


def test_no_raw_return_reaches_the_words() -> None:
    result = describe_result([-0.33, 1.0, -0.33, -0.33], ["A", "B", "C", "D"], [None] * 4)
    assert not any("0.33" in line or "-" in line for line in result.lines)


def test_places_are_written_in_each_language() -> None:
    assert place_name(2) == "2nd"
    with use("nl"):
        assert place_name(2) == "2e"
    with use("de"):
        assert place_name(2) == "2."
    assert place_name(11) == "place 11"
