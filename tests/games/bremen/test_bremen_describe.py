"""Bremer Stadtmusikanten in words: every kind of action, the names, scores and the position.

Positions are set up from JSON (animals a test does not place stand at home); the sentences are
checked in English, Dutch and German, and a few seeded random games of every option check that
every action of them reads without a notation token (`rH12-17`, `4+R`, `start:0`, `animal:rD`).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import ludoteca
from ludoteca import i18n
from ludoteca.games.bremen.describe import (
    describe_action,
    describe_position,
    player_name,
    score_text,
)
from ludoteca.games.bremen.game import BremenState

HOME = {"r": "0", "b": "6", "y": "12", "g": "18"}
KIND_ORDER = "DHCR"
NAMES = ["Anna", "Bert", "Cleo", "Dirk"]
NOTATION = re.compile(
    r"\b[rbyg][DHCR]\b|\b[rbyg][DHCR]\d|\d\+[\dR]|\bR:|start:|animal:|field:|die:|seat \d|/\d"
)
"""What players must never read: animal codes, rolls and walks in notation, click tokens."""


def setup(stacks: dict[str, list[str]], players: int = 4, **position: Any) -> BremenState:
    """A position with `stacks` placed and every other animal at home (standard variant)."""
    game = ludoteca.load("bremen", players=players, variant=position.pop("variant", "standard"))
    named = {animal for animals in stacks.values() for animal in animals}
    full = {field: list(animals) for field, animals in stacks.items()}
    for colour, home in HOME.items():
        for kind in KIND_ORDER:
            if colour + kind not in named:
                full.setdefault(home, []).append(colour + kind)
    for animals in full.values():
        animals.sort(key=lambda a: KIND_ORDER.index(a[1].upper()))
    state = game.state_from_json({"game": "bremen", "stacks": full, **position})
    assert isinstance(state, BremenState)
    return state


def said(state: BremenState, move: str, language: str = "en") -> str:
    """The sentence for the move written `move` (notation) at `state`."""
    action = state.string_to_action(move)
    assert action in state.legal_actions(), move
    with i18n.use(language):
        return describe_action(state, action, NAMES)


# -- names and scores --------------------------------------------------------------------------
def test_player_names_are_the_seat_colours_in_each_language() -> None:
    two = ludoteca.load("bremen", players=2)
    three = ludoteca.load("bremen", players=3)
    assert [player_name(two, s) for s in (0, 1)] == ["Red & Yellow", "Blue & Green"]
    assert [player_name(three, s) for s in (0, 1, 2)] == ["Red", "Blue", "Yellow"]
    with i18n.use("nl"):
        assert player_name(two, 0) == "Rood & Geel"
    with i18n.use("de"):
        assert player_name(two, 1) == "Blau & Grün"


def test_score_is_points_in_words() -> None:
    state = setup({}, players=2, scores=[1, 5])
    assert [score_text(state, s) for s in (0, 1)] == ["1 point", "5 points"]
    with i18n.use("nl"):
        assert score_text(state, 1) == "5 punten"
    with i18n.use("de"):
        assert score_text(state, 0) == "1 Punkt"


# -- chance ------------------------------------------------------------------------------------
def test_who_begins() -> None:
    state = ludoteca.load("bremen", players=3).new_initial_state(seed=1)
    assert state.is_chance_node()
    with i18n.use("de"):
        assert describe_action(state, 2, NAMES) == "Cleo beginnt"
    assert describe_action(state, 1, NAMES) == "Bert begins"


def test_a_roll_names_both_dice_or_the_robber() -> None:
    state = setup({}, turn=1)
    assert describe_action(state, 53, NAMES) == "Bert rolls 5 and 3"
    assert describe_action(state, 41, NAMES) == "Bert rolls 4 and R, so the robber walks 4 fields"
    assert describe_action(state, 11, NAMES) == "Bert rolls 1 and R, so the robber walks 1 field"
    with i18n.use("nl"):
        assert describe_action(state, 53, NAMES) == "Bert gooit 5 en 3"
        assert describe_action(state, 41, NAMES) == "Bert gooit 4 en R, dus loopt de rover 4 velden"
    with i18n.use("de"):
        assert describe_action(state, 41, NAMES) == (
            "Bert würfelt 4 und R, also läuft der Räuber 4 Felder"
        )


# -- animal moves ------------------------------------------------------------------------------
def test_a_move_names_the_animal_its_riders_and_both_fields() -> None:
    state = setup({}, phase="move", dice=[3, 2])
    assert said(state, "rD0-3") == "Anna moves the red donkey with 3 animals on top from 0 to 3"
    assert said(state, "rR0-2") == "Anna moves the red rooster from 0 to 2"
    assert said(state, "rC0-3", "nl") == "Anna zet de rode kat met 1 dier erop van 0 naar 3"
    assert said(state, "rH0-2", "de") == (
        "Anna zieht den roten Hund mit 2 Tieren darauf von 0 nach 2"
    )
    assert said(state, "rC0-2", "de") == "Anna zieht die rote Katze mit 1 Tier darauf von 0 nach 2"


def test_a_move_onto_a_bigger_animal_and_sending_home() -> None:
    """The seed's example: the dog with cat and rooster onto the foreign donkey, whose rooster
    goes home; sitting on a bigger animal earns another roll (said with the turn's last move)."""
    state = setup(
        {"5": ["bD", "bR"], "3": ["rD", "rH", "rC", "rR"]},
        phase="move",
        dice=[3, 2],
        dice_left=[2],
        moved="rD",
    )
    assert said(state, "rH3x5") == (
        "Anna moves the red dog with 2 animals on top from 3 to 5 onto the blue donkey"
        " and sends the blue rooster home; Anna rolls again"
    )
    assert said(state, "rH3x5", "nl") == (
        "Anna zet de rode hond met 2 dieren erop van 3 naar 5 op de blauwe ezel"
        " en stuurt de blauwe haan naar huis; Anna gooit nog een keer"
    )
    assert said(state, "rH3x5", "de") == (
        "Anna zieht den roten Hund mit 2 Tieren darauf von 3 nach 5 auf den blauen Esel"
        " und schickt den blauen Hahn nach Hause; Anna würfelt noch einmal"
    )


def test_a_foreign_animal_moves_onto_an_own_one() -> None:
    state = setup({"3": ["rD"], "5": ["bC"]}, phase="move", dice=[2, 4])
    assert said(state, "bC5-3") == "Anna moves the blue cat from 5 to 3 onto the red donkey"


def test_sending_several_home_lists_them() -> None:
    state = setup({"3": ["bH", "yR"], "25": ["rD"]}, phase="move", dice=[2, 4])
    assert said(state, "rD25x3/2") == (
        "Anna moves the red donkey from 25 to 3 and sends the blue dog and the yellow rooster home"
    )
    assert said(state, "rD25x3/2", "de").endswith(
        "und schickt den blauen Hund und den gelben Hahn nach Hause"
    )


def test_storming_the_house_and_its_bonus() -> None:
    state = setup({"41": ["rD", "bH", "rC", "gR"]}, phase="move", dice=[1, 5])
    assert said(state, "rD41-H/1") == (
        "Anna storms the robber's house with the pyramid from 41;"
        " the robber was at home: 1 extra point"
    )
    away = setup({"41": ["rD", "bH", "rC", "gR"]}, phase="move", dice=[1, 5], robber="30")
    assert said(away, "rD41-H/1") == "Anna storms the robber's house with the pyramid from 41"
    assert said(away, "rD41-H/1", "de") == "Anna stürmt mit der Pyramide von 41 das Räuberhaus"


def test_chasing_the_robber() -> None:
    state = setup({"25": ["rD", "bH", "rC", "gR"]}, phase="move", dice=[1, 5], robber="26")
    assert said(state, "rD25-26") == (
        "Anna moves the pyramid from 25 to 26 and chases the robber home"
    )
    assert said(state, "rD25-26", "nl") == (
        "Anna zet de piramide van 25 naar 26 en jaagt de rover naar huis"
    )


# -- the robber --------------------------------------------------------------------------------
def test_robber_walks_out_of_and_into_his_house_and_sends_home() -> None:
    state = setup({"40": ["bH"], "24": ["yC"]}, phase="robber", dice=[3, "R"], turn=2)
    assert said(state, "R:41-40-24") == (
        "Cleo moves the robber out of his house to 24 and sends the blue dog and the yellow cat"
        " home"
    )
    assert said(state, "R:41-40-24", "de") == (
        "Cleo zieht den Räuber aus seinem Haus nach 24 und schickt den blauen Hund und die gelbe"
        " Katze nach Hause"
    )
    away = setup({}, phase="robber", dice=[2, "R"], robber="40")
    assert said(away, "R:41-H") == "Anna moves the robber from 40 back into his house"
    assert said(away, "R:24-25") == "Anna moves the robber from 40 to 25"
    assert said(away, "R:24-25", "nl") == "Anna zet de rover van 40 naar 25"


# -- the position ------------------------------------------------------------------------------
def test_position_says_turn_scores_robber_and_stacks() -> None:
    state = setup({"27": ["bD", "rR"]}, players=2, phase="move", dice=[3, 2], scores=[2, 1])
    text = describe_position(state, ["Anna", "Bert"])
    assert text.startswith("Anna moves with 3 and 2. Anna: 2 points and Bert: 1 point.")
    assert "The robber is in his house." in text
    assert "On 27, from the bottom up: blue donkey and red rooster." in text
    with i18n.use("de"):
        text = describe_position(state, ["Anna", "Bert"])
    assert "Auf 27, von unten nach oben: blauer Esel und roter Hahn." in text


# -- whole games -------------------------------------------------------------------------------
GAMES = [
    (players, variant, seed)
    for seed, (players, variant) in enumerate(
        [
            (2, "standard"),
            (3, "harder"),
            (4, "turbulent"),
            (2, "harder+turbulent"),
        ]
    )
]


@pytest.mark.parametrize(("players", "variant", "seed"), GAMES)
def test_every_action_of_random_games_reads_without_notation(
    players: int, variant: str, seed: int
) -> None:
    game = ludoteca.load("bremen", players=players, variant=variant)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    names = [player_name(game, s) for s in range(players)]
    kinds: set[str] = set()
    for _ in range(250):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = rng.choice([a for a, _p in state.chance_outcomes()])
        else:
            action = rng.choice(state.legal_actions())
        for language in i18n.LANGUAGES:
            with i18n.use(language):
                text = describe_action(state, action, names)
                position = describe_position(state, names)
            assert text and not NOTATION.search(text), (language, text)
            assert not NOTATION.search(position), (language, position)
        kinds.add(state.to_json()["phase"])
        state.apply_action(action)
    assert {"start", "roll", "move"} <= kinds
