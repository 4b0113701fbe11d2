"""Fixtures for the museum tests: `museum` sets up positions from their JSON form."""

from __future__ import annotations

from typing import Any

import pytest

import ludoteca
from ludoteca.core.api import State
from ludoteca.core.errors import LudotecaError

COLOURS = ("red", "blue", "green", "yellow")


class MuseumKit:
    """Builds museum positions the way a rules test reads them: only what matters is named.

    Thieves left out of `thieves` stand on the roof; markers left out are in hand. `discard`
    lists the cards turned so far (the last is the current card).
    """

    def position(
        self,
        thieves: dict[str, str] | None = None,
        discard: list[str] | None = None,
        players: int = 4,
        phase: str = "move",
        start: str = "red",
        turn: str | None = None,
        markers: dict[str, dict[str, list[int]]] | None = None,
        **options: Any,
    ) -> State:
        game = ludoteca.load("museum", players=players, **options)
        obj = {
            "game": "museum",
            "players": players,
            "phase": phase,
            "start_player": start,
            "turn": turn or start,
            "discard": discard if discard is not None else ["4/3"],
            "thieves": thieves or {},
            "markers": markers or {},
        }
        return game.state_from_json(obj)

    @staticmethod
    def notations(state: State) -> list[str]:
        return [state.action_to_string(a) for a in state.legal_actions()]

    @staticmethod
    def targets(state: State) -> list[str]:
        """The fields the thief to move may end on, by name, sorted as the actions are."""
        return [state.action_to_string(a).split("-")[-1].lstrip("=") for a in state.legal_actions()]

    @staticmethod
    def play(state: State, *moves: str) -> State:
        """Apply moves, robbing decisions and cards (`card:4/3`) in notation, in turn."""
        for move in moves:
            state.apply_notation(move)
        return state

    @staticmethod
    def thieves(state: State) -> dict[str, str]:
        places: dict[str, str] = state.to_json()["thieves"]
        return places

    @staticmethod
    def markers(state: State, colour: str) -> dict[str, list[int]]:
        held: dict[str, list[int]] = state.to_json()["markers"][colour]
        return held

    @staticmethod
    def rejects(state: State, error: type[LudotecaError], match: str, action: Any) -> None:
        """`action` raises `error` and leaves the state exactly as it was."""
        before = state.to_json()
        legal = state.legal_actions()
        with pytest.raises(error, match=match):
            if isinstance(action, str):
                state.apply_notation(action)
            else:
                state.apply_action(action)
        assert state.to_json() == before
        assert state.legal_actions() == legal


@pytest.fixture
def museum() -> MuseumKit:
    return MuseumKit()
