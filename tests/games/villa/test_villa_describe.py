"""Villa Paletti in words (`describe.py`): every kind of action and chance outcome, in English,
Dutch and German, without notation; player names, scores and the position for screen readers."""

from __future__ import annotations

import random
import re

import pytest
from villa_positions import TRIANGLE, Build

import ludoteca
from ludoteca import i18n
from ludoteca.core.chance import play_chance
from ludoteca.games.villa import hands
from ludoteca.games.villa.constants import DECLARE, FLOOR_BASE, PASS, PHASES, PLACE_BASE, PROTEST
from ludoteca.games.villa.describe import (
    describe_action,
    describe_position,
    level_word,
    player_name,
    score_text,
)
from ludoteca.games.villa.game import VillaGame, VillaState
from ludoteca.games.villa.parts import nearest_cell
from ludoteca.games.villa.record import column_id

NAMES = ["Anna", "Bram", "Carla", "Dirk"]
NOTATION = re.compile(
    r"\b[WKPC][1-5]\b|\w+:\w+|#\d|-?\d+,-?\d+|\blayout\b|\bslips (front|back|left|right)\b"
    r"|\bcolours \d|\br\d+\b|\bseat \d"
)
"""What must never reach a player's eyes: column codes, click tokens, grid points, chance names."""
LANGUAGES = ("en", "nl", "de")
EXACT = {"hands": "steady"}


def said(state: VillaState, action: int) -> dict[str, str]:
    """The action described in each language."""
    texts = {}
    for language in LANGUAGES:
        with i18n.use(language):
            texts[language] = describe_action(state, action, NAMES)
    return texts


def kind_of(state: VillaState, action: int) -> str:
    return f"{PHASES[state.phase]}:{action}" if state.is_chance_node() else PHASES[state.phase]


@pytest.mark.parametrize(("players", "options"), [(4, {}), (3, {"hand_error_mm": 5}), (2, EXACT)])
def test_every_action_of_random_games_is_described_without_notation(
    players: int, options: dict[str, object]
) -> None:
    game = ludoteca.load("villa", players=players, **options)
    rng = random.Random(players)
    kinds: set[str] = set()
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            assert isinstance(state, VillaState)
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                legal = state.legal_actions()
                pulls = [a for a in legal if a != DECLARE]
                action = rng.choice(pulls if pulls and rng.random() < 0.9 else legal)
            kinds.add(kind_of(state, action))
            for language, text in said(state, action).items():
                assert text and not NOTATION.search(text), (language, text)
            state.apply_action(action)
    assert {"turn", "place"} <= kinds


def test_the_set_up_and_the_colour_draw() -> None:
    state = VillaGame(players=3).new_initial_state(seed=1)
    assert said(state, 174) == {
        "en": "The villa is set up",
        "nl": "De villa wordt opgebouwd",
        "de": "Die Villa wird aufgebaut",
    }
    state.apply_action(174)
    text = said(state, 0)
    assert text["en"] == (
        "The colours are drawn: Anna plays white, Bram plays black, and Carla plays purple. "
        "The cyan columns are neutral"
    )
    assert "Anna speelt wit" in text["nl"] and "neutraal" in text["nl"]
    assert "Anna spielt Weiß" in text["de"] and "neutral" in text["de"]


def test_two_colours_each_with_two_players() -> None:
    state = VillaGame(players=2).new_initial_state(seed=1)
    state.apply_action(0)
    assert said(state, 0)["en"] == (
        "The colours are drawn: Anna plays white and purple and Bram plays black and cyan"
    )


LOADED = {
    "W1": (0, -60.0, 20.0),
    "K1": (0, 60.0, 20.0),
    "P1": (0, 0.0, -60.0),
    "W2": (0, 0, -20),
    "W4": (0, -30, 0),
    "W5": (0, 30, 0),
    "K3": (1, 40.0, -20.0),
    "P3": (1, 0.0, -60.0),
}
"""The blue floor on more columns than it needs: W2, W4 and W5 come out safely."""
FRONT = PLACE_BASE + nearest_cell(0, -40)
"""A free spot at the front of the blue floor."""


def test_a_pull_names_the_column_by_kind_and_colour_and_its_floor(build: Build) -> None:
    state = build(LOADED, options=EXACT)
    assert said(state, column_id("W2")) == {
        "en": "Anna pulls a thin white column from the base plate",
        "nl": "Anna trekt een dunne witte zuil van de grondplaat",
        "de": "Anna zieht eine dünne weiße Säule von der Grundplatte",
    }
    assert said(state, column_id("W4"))["en"] == (
        "Anna pulls the hexagonal white column from the base plate"
    )
    assert said(state, column_id("W5"))["de"] == (
        "Anna zieht die dicke weiße Säule von der Grundplatte"
    )
    with i18n.use("nl"):
        assert [level_word(level) for level in (1, 5)] == [
            "de blauwe verdieping",
            "de rode verdieping",
        ]


@pytest.mark.parametrize(
    ("outcome", "english"),
    [
        (hands.OUT, "The column comes out"),
        (hands.NOTICED, "The villa wobbles: the column is pushed back and may not be moved again"),
        (hands.COLLAPSE, "The villa collapses!"),
    ],
)
def test_each_pull_outcome(build: Build, outcome: int, english: str) -> None:
    state = build(LOADED)
    state.apply_action(column_id("W5"))
    assert PHASES[state.phase] == "pulling"
    texts = said(state, outcome)
    assert texts["en"] == english
    assert len(set(texts.values())) == 3


def test_a_placement_says_where_on_the_top_floor(build: Build) -> None:
    state = build(LOADED, options=EXACT)
    state.apply_action(column_id("W5"))
    assert PHASES[state.phase] == "place" and FRONT in state.legal_actions()
    assert said(state, FRONT) == {
        "en": "Anna places it onto the blue floor, at the front",
        "nl": "Anna zet hem op de blauwe verdieping, vooraan",
        "de": "Anna stellt sie auf die blaue Etage, vorne",
    }


@pytest.mark.parametrize(
    ("direction", "english"),
    [
        (0, "The column stands exactly where it was put"),
        (1, "The column slips 2 mm to the right"),
        (2, "The column slips 2 mm to the back"),
        (3, "The column slips 2 mm to the left"),
        (4, "The column slips 2 mm to the front"),
    ],
)
def test_each_landing(build: Build, direction: int, english: str) -> None:
    state = build(LOADED, options={"hands": "shaky"})
    state.apply_action(column_id("W5"))
    state.apply_action(hands.OUT)
    state.apply_action(FRONT)
    assert PHASES[state.phase] == "landing"
    texts = said(state, direction)
    assert texts["en"] == english
    assert len(set(texts.values())) == 3


SOLID = {
    "W1": (0, -60.0, 20.0),
    "K1": (0, 60.0, 20.0),
    "P1": (0, 0.0, -60.0),
    "W2": (0, 0, -20),
    "W3": (1, -40.0, -20.0),
    "K3": (1, 40.0, -20.0),
    "P3": (1, 0.0, -60.0),
}


def test_declaring_protesting_and_passing(build: Build) -> None:
    state = build(SOLID)
    assert said(state, DECLARE)["en"] == "Anna declares that none of their columns can be pulled"
    state.apply_action(DECLARE)
    assert said(state, PASS)["en"] == "Bram does not protest"
    assert said(state, PROTEST) == {
        "en": "Bram protests: that column can be pulled!",
        "nl": "Bram protesteert: die zuil kan wel weg!",
        "de": "Bram protestiert: Diese Säule lässt sich ziehen!",
    }
    state.apply_action(PROTEST)
    assert said(state, column_id("W2"))["en"] == (
        "Bram tries to pull a thin white column from the base plate to prove the protest"
    )
    state.apply_action(column_id("W1"))
    state.apply_action(hands.NOTICED)
    assert PHASES[state.phase] == "penalty"
    assert said(state, column_id("K1"))["en"] == (
        "Anna pulls a thin black column from the base plate: it leaves the game if it comes out"
    )
    state.apply_action(column_id("K1"))
    assert said(state, hands.OUT)["en"] == "The column comes out and leaves the game"


def test_laying_a_floor(build: Build) -> None:
    state = build(SOLID, options=EXACT)
    state.apply_action(DECLARE)
    for _ in range(3):
        state.apply_action(PASS)
    assert PHASES[state.phase] == "floor"
    floors = state.legal_actions()
    cells = state.game.cells
    straight = next(a for a in floors if a - FLOOR_BASE < cells)
    turned = next(a for a in floors if (a - FLOOR_BASE) // cells == 3)
    assert said(state, straight)["en"] == "Anna lays the green floor on the villa"
    assert said(state, turned)["en"] == "Anna lays the green floor on the villa, turned 45°"
    assert said(state, turned)["nl"] == "Anna legt de groene verdieping op de villa, 45° gedraaid"


def test_player_names_score_and_position(build: Build) -> None:
    game = VillaGame(players=4)
    with i18n.use("nl"):
        assert player_name(game, 2) == "Speler 3"
    state = build({**TRIANGLE, "W5": (1, -60.0, -40.0), "K4": (1, 40.0, -20.0)}, options=EXACT)
    state.holder = 0
    assert score_text(state, 0) == "3 points, holds the builder's seal"
    assert score_text(state, 1) == "2 points"
    with i18n.use("de"):
        assert score_text(state, 0) == "3 Punkte, hat das Baumeistersiegel"
    text = describe_position(state, NAMES)
    assert text.startswith("The villa has 1 floor; the top is the blue floor.")
    assert "the thick white column" in text and "Anna (white): 3 points" in text
    assert text.endswith("Anna is to move.")
    with i18n.use("nl"):
        assert "bouwmeesterzegel" in describe_position(state, NAMES)


def test_nothing_to_score_before_the_set_up() -> None:
    state = VillaGame(players=2).new_initial_state(seed=3)
    assert score_text(state, 0) is None
    assert describe_position(state, NAMES) == "The villa is being set up."
    play_chance(state)
    assert score_text(state, 0) == "0 points"


def test_declining_the_penalty_is_described() -> None:
    """Issue 16: after a failed protest the declarer may decline the penalty (action `decline`)."""
    from villa_positions import failed_protest

    from ludoteca.games.villa.constants import DECLINE

    state = failed_protest()
    assert DECLINE in state.legal_actions()
    with i18n.use("de"):
        text = describe_action(state, DECLINE, ["Anna", "Ben", "Cleo", "Dora"])
    assert text == "Anna verzichtet auf die Strafe und legt die nächste Etage"
