"""Belagerung in words: each piece's move and each capture the rules allow, in three languages.

The positions are drawn from JSON (pieces by field) so a reader can picture them; seeded
random games check that every move of whole games describes without notation.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from ludoteca import i18n
from ludoteca.games.siege.describe import (
    describe_action,
    describe_position,
    player_name,
    score_text,
)
from ludoteca.games.siege.game import SPAN, SiegeGame, SiegeState

NAMES = ["Anna", "Bert"]
NOTATION = re.compile(r"\b[NSL][a-h][0-6]|[a-h][0-6][-x][a-h][0-6]")
"""What the notation looks like: `Nb0-c2`, `Sd4xc3`, `d6-f4`."""


def at(obj: dict[str, Any], **options: Any) -> SiegeState:
    state = SiegeGame(**options).state_from_json({"game": "siege", **obj})
    assert isinstance(state, SiegeState)
    return state


def move(state: SiegeState, source: str, target: str) -> int:
    board = state.game.board
    action = board.field(source) * SPAN + board.field(target)
    assert action in state.legal_actions()
    return action


MIDGAME = {
    "turn": "attacker",
    "knights": ["b0", "c2", "e5", "g3"],
    "soldiers": ["c5", "d3", "f4"],
    "lord": "d6",
}


def test_player_names_are_the_sides() -> None:
    game = SiegeGame()
    assert [player_name(game, s) for s in (0, 1)] == ["Attacker", "Defender"]
    with i18n.use("nl"):
        assert [player_name(game, s) for s in (0, 1)] == ["Aanvaller", "Verdediger"]
    with i18n.use("de"):
        assert [player_name(game, s) for s in (0, 1)] == ["Angreifer", "Verteidiger"]


def test_knight_moves_and_captures() -> None:
    state = at(MIDGAME)
    assert describe_action(state, move(state, "b0", "a2"), NAMES) == (
        "Anna jumps a knight from b0 to a2"
    )
    assert describe_action(state, move(state, "e5", "f3"), NAMES) == (
        "Anna jumps a knight from e5 to f3"
    )
    assert describe_action(state, move(state, "e5", "d3"), NAMES) == (
        "Anna jumps a knight from e5 to d3 and captures a soldier"
    )
    assert describe_action(state, move(state, "e5", "c6"), NAMES) == (
        "Anna jumps a knight from e5 to c6"
    )
    lord = at({**MIDGAME, "knights": ["b0", "c2", "e4", "g3"], "soldiers": ["c5", "d3"]})
    assert describe_action(lord, move(lord, "e4", "d6"), NAMES) == (
        "Anna jumps a knight from e4 to d6 and captures the lord"
    )
    with i18n.use("nl"):
        assert describe_action(state, move(state, "e5", "d3"), NAMES) == (
            "Anna springt met een ridder van e5 naar d3 en slaat een landsknecht"
        )
        assert describe_action(lord, move(lord, "e4", "d6"), NAMES) == (
            "Anna springt met een ridder van e4 naar d6 en neemt de burchtheer gevangen"
        )
    with i18n.use("de"):
        assert describe_action(state, move(state, "b0", "a2"), NAMES) == (
            "Anna springt mit einem Ritter von b0 nach a2"
        )


def test_soldier_and_lord_moves_and_captures() -> None:
    state = at({**MIDGAME, "turn": "defender", "knights": ["b0", "c2", "e5", "c4"]})
    assert describe_action(state, move(state, "d3", "d2"), NAMES) == (
        "Bert moves a soldier from d3 to d2"
    )
    assert describe_action(state, move(state, "d3", "c4"), NAMES) == (
        "Bert moves a soldier from d3 to c4 and captures a knight"
    )
    assert describe_action(state, move(state, "d6", "e5"), NAMES) == (
        "Bert moves the lord from d6 to e5 and captures a knight"
    )
    assert describe_action(state, move(state, "d6", "e6"), NAMES) == (
        "Bert moves the lord from d6 to e6"
    )
    with i18n.use("nl"):
        assert describe_action(state, move(state, "d6", "e5"), NAMES) == (
            "Bert zet de burchtheer van d6 naar e5 en slaat een ridder"
        )
        assert describe_action(state, move(state, "d3", "d2"), NAMES) == (
            "Bert zet een landsknecht van d3 naar d2"
        )
    with i18n.use("de"):
        assert describe_action(state, move(state, "d3", "c4"), NAMES) == (
            "Bert zieht einen Landsknecht von d3 nach c4 und schlägt einen Ritter"
        )


def test_siege_has_no_score_text() -> None:
    state = at(MIDGAME)
    assert score_text(state, 0) is None
    assert score_text(state, 1) is None


def test_describe_position_lists_the_pieces_and_the_turn() -> None:
    state = at(MIDGAME)
    assert describe_position(state, NAMES) == (
        "Position: 4 knights on b0, c2, e5, and g3; 3 soldiers on c5, d3, and f4; the lord"
        " on d6. Anna to move."
    )
    over = at({**MIDGAME, "lord": None})
    assert describe_position(over, NAMES).endswith("the lord is captured. Game over: Anna wins.")
    with i18n.use("nl"):
        assert describe_position(state, NAMES).startswith("Stelling: 4 ridders op b0")


@pytest.mark.parametrize("language", ["en", "nl", "de"])
def test_every_move_of_random_games_describes_without_notation(language: str) -> None:
    policy = random.Random(3)
    with i18n.use(language):
        for options in ({}, {"opening_rule": False, "lord_start": "e6"}):
            game = SiegeGame(**options)
            for _ in range(3):
                state = game.new_initial_state(seed=0)
                while not state.is_terminal() and len(state.history()) < 200:
                    action = policy.choice(state.legal_actions())
                    text = describe_action(state, action, NAMES)  # type: ignore[arg-type]
                    assert text and "{" not in text and not NOTATION.search(text), text
                    state.apply_action(action)
                text = describe_position(state, NAMES)  # type: ignore[arg-type]
                assert not NOTATION.search(text), text
