"""The museum in words: every kind of action and chance outcome, in English, Dutch and German."""

from __future__ import annotations

import random
import re

import pytest

import ludoteca
from ludoteca import i18n
from ludoteca.games.museum.describe import (
    describe_action,
    describe_position,
    player_name,
    score_text,
)
from ludoteca.games.museum.game import MuseumState

NAMES = ("Anna", "Ben", "Cleo", "Dirk")
NOTATION = re.compile(r"\w+:\w|\d+/\d|\b[sE]\d\b|=\d|\bseat\b|\bhand \d|\bat risk \d|\d-\d")
"""Anything that looks like the museum's notation or the old panel jargon."""


def say(state: MuseumState, move: str, language: str = "en") -> str:
    with i18n.use(language):
        return describe_action(state, state.string_to_action(move), NAMES)


def test_the_first_start_player_is_named(museum) -> None:
    state = ludoteca.load("museum").new_initial_state(seed=1)
    assert say(state, "start:2") == "Cleo begins"
    assert say(state, "start:2", "de") == "Cleo beginnt"
    assert say(state, "start:2", "nl") == "Cleo begint"


def test_a_picture_card_names_the_guard_and_the_steps(museum) -> None:
    state = museum.position(phase="draw", discard=[], start="blue")
    assert say(state, "card:20/2") == "Ben turns the card: guard at picture 20, up to 2 steps"
    assert say(state, "card:3/1") == "Ben turns the card: guard at picture 3, up to 1 step"
    assert say(state, "card:20/2", "de") == (
        "Ben deckt die Karte auf: Aufseher bei Bild 20, bis zu 2 Schritte"
    )
    assert say(state, "card:20/2", "nl") == (
        "Ben draait de kaart om: bewaker bij schilderij 20, tot 2 stappen"
    )


def test_the_elevator_card_names_the_elevator(museum) -> None:
    state = museum.position(phase="draw", discard=[])
    assert say(state, "card:E/3") == "Anna turns the card: guard at the elevator, up to 3 steps"
    assert "Aufseher am Aufzug" in say(state, "card:E/3", "de")
    assert "bewaker bij de lift" in say(state, "card:E/3", "nl")


@pytest.mark.parametrize(
    ("start", "move", "english", "german"),
    [
        ("roof", "roof-22", "Anna moves to picture 22", "Anna zieht zu Bild 22"),
        (
            "27",
            "27-E4",
            "Anna moves to the elevator on floor 4",
            "Anna zieht zum Aufzug im 4. Stock",
        ),
        ("E4", "E4-s9", "Anna moves into the elevator shaft", "Anna zieht in den Aufzugsschacht"),
        ("24", "=24", "Anna stays at picture 24", "Anna bleibt bei Bild 24"),
        ("roof", "=roof", "Anna stays on the roof", "Anna bleibt auf dem Dach"),
        ("E4", "=E4", "Anna stays at the elevator on floor 4", "Anna bleibt am Aufzug im 4. Stock"),
        ("s9", "=s9", "Anna stays in the elevator shaft", "Anna bleibt im Aufzugsschacht"),
        ("22", "22-roof", "Anna climbs back to the roof", "Anna klettert zurück aufs Dach"),
    ],
)
def test_every_kind_of_move_in_words(museum, start, move, english, german) -> None:
    state = museum.position(thieves={"red": start}, discard=["4/3"])
    assert say(state, move) == english
    assert say(state, move, "de") == german
    dutch = say(state, move, "nl")
    assert dutch.startswith("Anna ") and not NOTATION.search(dutch)


def test_climbing_to_the_roof_secures_the_pictures_at_risk(museum) -> None:
    state = museum.position(thieves={"red": "22"}, markers={"red": {"at_risk": [22, 23]}})
    assert say(state, "22-roof") == "Anna climbs back to the roof and secures 2 pictures"
    assert say(state, "22-roof", "de") == "Anna klettert zurück aufs Dach und sichert 2 Bilder"
    assert say(state, "22-roof", "nl") == (
        "Anna klimt terug naar het dak en brengt 2 schilderijen in veiligheid"
    )


def test_without_roof_banking_the_roof_secures_nothing(museum) -> None:
    state = museum.position(
        thieves={"red": "22"}, markers={"red": {"at_risk": [23]}}, roof_banks=False
    )
    assert say(state, "22-roof") == "Anna climbs back to the roof"


def test_robbing_and_passing_in_words(museum) -> None:
    state = museum.position(thieves={"red": "12"}, phase="rob", discard=["4/3"])
    assert say(state, "rob") == "Anna puts a marker on picture 12 (€5,000)"
    assert say(state, "rob", "de") == "Anna legt einen Markierungsstein auf Bild 12 (5.000\xa0€)"
    assert say(state, "rob", "nl") == "Anna legt een markeersteen op schilderij 12 (€\xa05.000)"
    assert say(state, "pass") == "Anna leaves picture 12 unmarked"
    assert say(state, "pass", "de") == "Anna lässt Bild 12 unmarkiert"
    assert say(state, "pass", "nl") == "Anna laat schilderij 12 ongemarkeerd"


def test_the_move_that_ends_the_round_tells_who_is_caught(museum) -> None:
    """The guard checks the card's picture after the last thief has moved (seed: the guard)."""
    state = museum.position(
        players=2,
        thieves={"red": "4", "blue": "5"},
        markers={"red": {"at_risk": [4]}, "blue": {"banked": [5]}},
        discard=["4/3"],
        start="red",
        turn="blue",
    )
    assert say(state, "=5") == "Ben stays at picture 5. Anna is caught"
    assert say(state, "=5", "de") == "Ben bleibt bei Bild 5. Anna wird erwischt"
    assert say(state, "=5", "nl") == "Ben blijft bij schilderij 5. Anna wordt betrapt"
    both = museum.position(
        players=2,
        thieves={"red": "E1", "blue": "E2"},
        discard=["E/3"],
        start="red",
        turn="blue",
        elevator_check="after_move",
    )
    assert say(both, "=E2") == "Ben stays at the elevator on floor 2. Anna and Ben are caught"


def test_the_turned_elevator_card_tells_who_is_caught(museum) -> None:
    """Seed: "Wird diese Karte umgedreht, werden alle Spieler erwischt, die sich auf einem
    Aufzugsfeld befinden" (the default `elevator_check=on_turn`): the card's sentence names them,
    and the move that ends that round names nobody again."""
    state = museum.position(
        players=2, thieves={"red": "E1", "blue": "12"}, discard=["4/3"], phase="draw", start="red"
    )
    lift = next(a for a in state.legal_actions() if "E/" in state.action_to_string(a))
    with i18n.use("en"):
        text = describe_action(state, lift, NAMES)
    assert text.startswith("Anna turns the card: guard at the elevator")
    assert text.endswith("Anna is caught")
    after = state.clone()
    after.apply_action(lift)
    assert "caught" not in say(after, "=roof")


def test_score_is_money_in_the_language(museum) -> None:
    state = museum.position(thieves={"red": "roof"}, markers={"red": {"banked": [1, 28]}})
    with i18n.use("de"):
        assert score_text(state, 0) == "15.500\xa0€"
    with i18n.use("en"):
        assert score_text(state, 0) == "€15,500"
        assert player_name(state.game, 3) == "Yellow"
    with i18n.use("nl"):
        assert player_name(state.game, 0) == "Rood"


def test_the_position_in_words(museum) -> None:
    state = museum.position(
        players=2,
        thieves={"red": "12", "blue": "roof"},
        markers={"red": {"at_risk": [13], "banked": [22]}},
        discard=["20/2"],
    )
    text = describe_position(state, NAMES)
    assert text == (
        "Round 1 of 32. Card: guard at picture 20, up to 2 steps. Anna: at picture 12,"
        " 2 pictures marked (1 at risk), €6,000. Ben: on the roof, 0 pictures marked, €5,000."
        " Anna to move."
    )
    with i18n.use("de"):
        german = describe_position(state, NAMES)
    assert german.startswith("Runde 1 von 32. Karte: Aufseher bei Bild 20")
    assert "Ben: auf dem Dach" in german


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4}, {"roof_banks": False}])
def test_random_games_describe_every_action_without_notation(options) -> None:
    game = ludoteca.load("museum", **options)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
            for language in ("en", "nl", "de"):
                with i18n.use(language):
                    text = describe_action(state, action, NAMES)
                    assert text and not NOTATION.search(text), (language, text)
            state.apply_action(action)
        for language in ("en", "nl", "de"):
            with i18n.use(language):
                text = describe_position(state, NAMES)
                assert not NOTATION.search(text), text
