"""Shared fixtures: `ludo` sets up Mens erger je niet positions from their JSON form;
`seed_spy` registers an agent that notes the seed of every state it is handed; `postgres_url`
is a fresh database on the session's throwaway PostgreSQL (`postgres_support`).
Slow checks are sampled unless `--slow=all` (`slow_sample`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import ludoteca
import postgres_support
import slow_sample
from ludoteca import agents
from ludoteca.core.api import State
from ludoteca.core.errors import LudotecaError
from ludoteca.i18n.catalog import _active as _active_language


def pytest_addoption(parser: pytest.Parser) -> None:
    slow_sample.add_option(parser)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    left_out = set(slow_sample.dropped(config, items))
    if left_out:
        config.hook.pytest_deselected(items=list(left_out))
        items[:] = [item for item in items if item not in left_out]


JSON_FIELDS = ("must_move", "tries", "finished", "history", "seed")


class LudoKit:
    """Builds ludo positions the way a rules test reads them: only the pawns that matter.

    Colours left out of `pawns` keep all four pawns in reserve, so a test names just the
    pawns of its situation.
    """

    def game(self, players: int = 4, **options: Any) -> ludoteca.Game:
        return ludoteca.load("ludo", players=players, **options)

    def position(
        self,
        pawns: dict[str, list[str]],
        turn: str = "red",
        phase: str = "roll",
        die: int | None = None,
        players: int = 4,
        **extra: Any,
    ) -> State:
        """A position from the pawns that matter; `extra` holds JSON fields and game options."""
        fields = {key: extra.pop(key) for key in JSON_FIELDS if key in extra}
        game: Any = self.game(players, **extra)
        names = [game.colour_name(c) for c in game.colours]
        unknown = set(pawns) - set(names)
        assert not unknown, f"colours {unknown} are not in play ({names})"
        obj = {
            "game": "ludo",
            "players": players,
            "turn": turn,
            "phase": phase,
            "die": die,
            "pawns": {name: pawns.get(name, ["R", "R", "R", "R"]) for name in names},
            **fields,
        }
        return game.state_from_json(obj)

    @staticmethod
    def notations(state: State) -> list[str]:
        """The legal actions in notation, in action order."""
        return [state.action_to_string(a) for a in state.legal_actions()]

    @staticmethod
    def assert_pawns(state: State, **expected: list[str]) -> None:
        """Each named colour's pawns are exactly `expected` (order does not matter)."""
        pawns = state.to_json()["pawns"]
        for name, places in expected.items():
            assert sorted(pawns[name]) == sorted(places), f"{name}: {pawns[name]} != {places}"

    @staticmethod
    def play(state: State, *moves: int | str) -> State:
        """Apply die faces (ints at chance nodes) and moves (notation) in turn."""
        for move in moves:
            if isinstance(move, int):
                assert state.is_chance_node(), f"a die roll {move} was given, but a seat must move"
                state.apply_action(move)
            else:
                state.apply_notation(move)
        return state

    @staticmethod
    def rejects(
        state: State, error: type[LudotecaError], match: str, action: Any, player: int | None = None
    ) -> None:
        """`action` raises `error` (message matching `match`) and leaves the state exactly as is."""
        before = state.to_json()
        legal = state.legal_actions()
        with pytest.raises(error, match=match):
            if isinstance(action, str):
                state.apply_notation(action, player)
            else:
                state.apply_action(action, player)
        assert state.to_json() == before
        assert state.legal_actions() == legal


@pytest.fixture
def ludo() -> LudoKit:
    return LudoKit()


@pytest.fixture
def seed_spy(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Registers the agent `seedspy` (random moves) for one test; the list it returns fills
    with the seed of every state the agent is handed, so a test can check that code letting
    agents choose hands them `clone_for_agent()`, not the game's own seed."""
    seen: list[int] = []

    class SeedSpy(agents.RandomAgent):
        name = "seedspy"

        def act(self, state: State) -> int:
            seen.append(state.seed)
            return super().act(state)

    monkeypatch.setitem(agents.GENERAL, "seedspy", SeedSpy)
    return seen


@pytest.fixture(autouse=True)
def _english_unless_a_test_says_otherwise(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Every test starts in English, whatever the machine's `LANG` and whatever a `--lang` run
    before it in the same worker activated (the terminal sets the language for its context)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    token = _active_language.set("en")
    yield
    _active_language.reset(token)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[postgres_support.Cluster]:
    """One PostgreSQL server per test process, started when a test first needs it."""
    binaries = postgres_support.find_binaries()
    if binaries is None:
        if postgres_support.required():
            pytest.fail(
                f"PostgreSQL is required (${postgres_support.REQUIRED_VARIABLE}) but initdb"
                f" was not found in ${postgres_support.BIN_VARIABLE}, on the PATH or in"
                f" {postgres_support.DEBIAN}/*/bin"
            )
        pytest.skip("PostgreSQL is not installed (initdb not found)")
    cluster = postgres_support.Cluster(binaries)
    yield cluster
    cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: postgres_support.Cluster) -> Iterator[str]:
    """The SQLAlchemy URL of an empty database of this test's own."""
    with postgres_cluster.database() as url:
        yield url
