"""Mens erger je niet in words: every kind of action and chance outcome, in three languages.

Positions are set up from JSON (the pawns by circle) so each sentence is checked against a
board a reader can picture; seeded random games check that every action of whole games, under
every option, describes without error and without notation.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import ludoteca
from ludoteca import i18n
from ludoteca.core.chance import sample_outcome
from ludoteca.games.ludo.describe import (
    describe_action,
    describe_position,
    player_name,
    score_text,
)
from ludoteca.games.ludo.game import LudoGame, LudoState

NAMES = ["Anna", "Bert", "Carla", "Dirk", "Eva", "Finn"]
NOTATION = re.compile(r"\d+[-x]\d|\b[Rr][-x]\d|start:|\b\d+-[a-d]\b|\b[a-d]-[a-d]\b")
"""What the notation looks like: `12-17`, `3x8`, `R-0`, `Rx10`, `start:1`, `38-b`."""


def position(players: int = 4, **options: Any) -> Any:
    game = LudoGame(players, **options)

    def at(obj: dict[str, Any]) -> LudoState:
        state = game.state_from_json({"game": "ludo", "players": players, **obj})
        assert isinstance(state, LudoState)
        return state

    return at


FOUR = {"red": ["R", "R", "R", "R"], "blue": ["R"] * 4, "yellow": ["R"] * 4, "green": ["R"] * 4}


def test_player_name_is_the_seats_colour_or_colours() -> None:
    assert player_name(LudoGame(4), 1) == "Blue"
    assert player_name(LudoGame(2), 0) == "Red & Yellow"
    with i18n.use("nl"):
        assert player_name(LudoGame(2), 1) == "Blauw & Groen"
    with i18n.use("de"):
        assert player_name(LudoGame(6, board=6), 5) == "Orange"
        assert player_name(LudoGame(6, board=6), 4) == "Lila"


def test_the_start_draw_names_who_begins() -> None:
    game = LudoGame(4)
    state = game.new_initial_state(seed=1)
    assert describe_action(state, 3, NAMES) == "Dirk begins"
    with i18n.use("nl"):
        assert describe_action(state, 3, NAMES) == "Dirk begint"
    with i18n.use("de"):
        assert describe_action(state, 3, NAMES) == "Dirk beginnt"


def test_a_roll_says_the_face_and_when_it_cannot_be_used() -> None:
    at = position()
    state = at({"turn": "red", "phase": "roll", "pawns": {**FOUR, "red": ["R", "R", "R", "12"]}})
    assert describe_action(state, 4, NAMES) == "Anna rolls a 4"
    waiting = at({"turn": "blue", "phase": "roll", "pawns": FOUR})
    assert describe_action(waiting, 3, NAMES) == "Bert rolls a 3 and cannot move"
    with i18n.use("nl"):
        assert describe_action(state, 6, NAMES) == "Anna gooit een 6"
        assert describe_action(waiting, 3, NAMES) == "Bert gooit een 3 en kan niet zetten"
    with i18n.use("de"):
        assert describe_action(state, 6, NAMES) == "Anna würfelt eine 6"
        assert describe_action(waiting, 2, NAMES) == "Bert würfelt eine 2 und kann nicht ziehen"


def test_a_seat_with_two_colours_names_the_colour_that_plays() -> None:
    at = position(2)
    state = at(
        {
            "turn": "yellow",
            "phase": "roll",
            "pawns": {
                "red": ["R"] * 4,
                "blue": ["R"] * 4,
                "yellow": ["22", "R", "R", "R"],
                "green": ["R"] * 4,
            },
        }
    )
    assert describe_action(state, 5, NAMES) == "Anna (Yellow) rolls a 5"
    with i18n.use("de"):
        assert describe_action(state, 5, NAMES) == "Anna (Gelb) würfelt eine 5"


def test_entering_a_pawn_and_sending_one_home() -> None:
    at = position()
    state = at({"turn": "blue", "phase": "move", "die": 6, "pawns": FOUR})
    enter = state.game.enter_action
    assert describe_action(state, enter, NAMES) == "Bert enters a pawn"
    blocked = at(
        {"turn": "blue", "phase": "move", "die": 6, "pawns": {**FOUR, "red": ["10", "R", "R", "R"]}}
    )
    assert describe_action(blocked, enter, NAMES) == "Bert enters a pawn and sends Anna home"
    with i18n.use("nl"):
        assert describe_action(blocked, enter, NAMES) == (
            "Bert zet een pion op het bord en slaat Anna eraf"
        )
    with i18n.use("de"):
        assert describe_action(blocked, enter, NAMES) == (
            "Bert setzt eine Figur ins Spiel und wirft Anna hinaus"
        )


def test_hitting_an_own_pawn_says_so_rather_than_naming_the_mover_twice() -> None:
    """Option capture_own (the seed's default): a pawn may end on an own pawn and send it home."""
    at = position()
    pawns = {**FOUR, "red": ["0", "5", "R", "R"]}
    entering = at({"turn": "red", "phase": "move", "die": 6, "pawns": pawns})
    enter = entering.game.enter_action
    assert describe_action(entering, enter, NAMES) == (
        "Anna enters a pawn and sends its own pawn home"
    )
    moving = at({"turn": "red", "phase": "move", "die": 5, "pawns": pawns})
    assert describe_action(moving, 0, NAMES) == "Anna moves from 0 to 5 and sends its own pawn home"
    with i18n.use("nl"):
        assert describe_action(moving, 0, NAMES) == (
            "Anna gaat van 0 naar 5 en slaat een eigen pion eraf"
        )
    with i18n.use("de"):
        assert describe_action(moving, 0, NAMES) == (
            "Anna zieht von 0 auf 5 und wirft eine eigene Figur hinaus"
        )


def test_a_move_on_the_track_names_both_circles_and_the_capture() -> None:
    at = position()
    pawns = {**FOUR, "red": ["12", "R", "R", "R"], "green": ["17", "R", "R", "R"]}
    state = at({"turn": "red", "phase": "move", "die": 5, "pawns": pawns})
    assert describe_action(state, 12, NAMES) == "Anna moves from 12 to 17 and sends Dirk home"
    quiet = at({"turn": "red", "phase": "move", "die": 4, "pawns": pawns})
    assert describe_action(quiet, 12, NAMES) == "Anna moves from 12 to 16"
    with i18n.use("nl"):
        assert describe_action(quiet, 12, NAMES) == "Anna gaat van 12 naar 16"
    with i18n.use("de"):
        assert describe_action(state, 12, NAMES) == (
            "Anna zieht von 12 auf 17 und wirft Dirk hinaus"
        )


def test_moves_into_and_inside_the_goal_and_the_last_pawn_home() -> None:
    at = position()
    state = at(
        {"turn": "red", "phase": "move", "die": 3, "pawns": {**FOUR, "red": ["38", "R", "R", "R"]}}
    )
    assert describe_action(state, 38, NAMES) == "Anna moves from 38 to goal circle b"
    inside = at(
        {"turn": "red", "phase": "move", "die": 2, "pawns": {**FOUR, "red": ["a", "R", "R", "R"]}}
    )
    track = state.game.track_length
    assert describe_action(inside, track, NAMES) == (
        "Anna moves from goal circle a to goal circle c"
    )
    last = at(
        {"turn": "red", "phase": "move", "die": 1, "pawns": {**FOUR, "red": ["39", "b", "c", "d"]}}
    )
    assert describe_action(last, 39, NAMES) == (
        "Anna moves from 39 to goal circle a: all four pawns are home"
    )
    with i18n.use("nl"):
        assert describe_action(state, 38, NAMES) == "Anna gaat van 38 naar eindvak b"
    with i18n.use("de"):
        assert describe_action(last, 39, NAMES) == (
            "Anna zieht von 39 auf Zielfeld a: alle vier Figuren sind im Ziel"
        )


def test_score_text_counts_pawns_home_over_all_the_seats_colours() -> None:
    at = position(2)
    state = at(
        {
            "turn": "red",
            "phase": "roll",
            "pawns": {
                "red": ["a", "b", "R", "R"],
                "blue": ["R"] * 4,
                "yellow": ["d", "R", "R", "R"],
                "green": ["c", "R", "R", "R"],
            },
        }
    )
    assert score_text(state, 0) == "3 pawns home"
    assert score_text(state, 1) == "1 pawn home"
    with i18n.use("nl"):
        assert score_text(state, 0) == "3 pionnen binnen"
    with i18n.use("de"):
        assert score_text(state, 1) == "1 Figur im Ziel"


def test_describe_position_lists_every_colour_and_the_turn() -> None:
    at = position()
    state = at(
        {"turn": "blue", "phase": "move", "die": 6, "pawns": {**FOUR, "red": ["12", "3", "a", "R"]}}
    )
    text = describe_position(state, NAMES)
    assert text.startswith("Red (Anna): 1 pawn waiting, on 3 and 12, 1 home. ")
    assert text.endswith("Bert to move with a 6.")
    with i18n.use("de"):
        assert "Rot (Anna): 1 Figur wartet, auf 3 und 12, 1 im Ziel" in describe_position(
            state, NAMES
        )


CONFIGS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 2},
    {"players": 3},
    {"players": 6, "board": 6},
    {"players": 2, "board": 6},
    {"players": 5, "ruleset": "schmidt", "three_tries": True, "must_capture": True},
    {"players": 3, "start_pawn_on_a": False, "goal_jump": False, "play_out": True},
]


@pytest.mark.parametrize("language", ["en", "nl", "de"])
@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items())
)
def test_every_action_of_random_games_describes_without_notation(
    config: dict[str, Any], language: str
) -> None:
    game = ludoteca.load("ludo", **config)
    names = NAMES[: game.num_players]
    policy = random.Random(7)
    with i18n.use(language):
        for seed in (1, 2):
            state = game.new_initial_state(seed=seed)
            steps = 0
            while not state.is_terminal() and steps < 400:
                if state.is_chance_node():
                    action = sample_outcome(state)
                else:
                    action = policy.choice(state.legal_actions())
                text = describe_action(state, action, names)  # type: ignore[arg-type]
                assert text and not NOTATION.search(text), text
                assert "{" not in text, text
                state.apply_action(action)
                steps += 1
            assert not NOTATION.search(describe_position(state, names))  # type: ignore[arg-type]
