"""Arena games in the web app's database: replayable tables, and exports that read back."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ludoteca.arena.config import ArenaConfig, configure
from ludoteca.arena.export import write_csv, write_json
from ludoteca.arena.match import GameResult
from ludoteca.arena.stats import summarise
from ludoteca.arena.store import ArenaStore, StoredGame
from ludoteca.arena.tournament import play_tournament
from ludoteca.core.api import CHANCE
from ludoteca.core.record import Record
from ludoteca.store.tables import Store
from ludoteca.web.server import create_app
from ludoteca.web.table.table import Table
from postgres_support import DATABASES, database_url

GAMES = 4


@pytest.fixture(params=DATABASES)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database, SQLite and PostgreSQL in turn."""
    return database_url(request, request.param, tmp_path)


def ludo_tournament(database: str) -> tuple[ArenaConfig, list[StoredGame]]:
    """Four two-player ludo games (dice: chance moves in every record)."""
    config = configure("ludo", "greedy,random", players=2, seed=5, max_actions=20_000)
    store = ArenaStore(database)
    play_tournament(config, GAMES, store)
    games = store.games(config, GAMES, with_actions=True)
    store.close()
    return config, games


def test_every_game_is_a_finished_bot_table_that_rebuilds_to_its_result(database: str) -> None:
    _, games = ludo_tournament(database)
    web_store = Store(database)
    for game in games:
        data = web_store.get(game.table_id)
        assert data is not None
        assert data.status == "finished" and data.speed == "fast"
        assert [(s.kind, s.agent) for s in data.seats] == [
            ("bot", spec) for spec in game.result.agents
        ]
        assert [m.action for m in data.moves] == list(game.result.actions)
        assert all(m.notation for m in data.moves)
        assert any(m.player == CHANCE for m in data.moves)
        table, owed = Table.build(data)
        assert owed == []
        assert table.state.is_terminal()
        assert tuple(table.state.returns()) == game.result.returns == tuple(data.result or ())


def test_the_browser_replays_an_arena_game(database: str) -> None:
    _, games = ludo_tournament(database)
    game = games[0]
    with TestClient(create_app(database, bot_delay=0.0)) as client:
        assert client.get(f"/table/{game.table_id}").status_code == 200
        page = client.get(f"/table/{game.table_id}/replay")
        assert page.status_code == 200 and 'id="slider"' in page.text
        record = Record.from_json(client.get(f"/table/{game.table_id}/record.json").json())
    assert tuple(record.replay().returns()) == game.result.returns
    assert record.seats == list(game.result.agents)


def test_a_game_over_the_cap_is_stored_abandoned_without_result(database: str) -> None:
    config = configure("siege", "greedy,random", seed=1, max_actions=3)
    store = ArenaStore(database)
    play_tournament(config, 2, store)
    games = store.games(config, 2)
    assert [g.result.finished for g in games] == [False, False]
    assert [g.length for g in games] == [3, 3]
    data = Store(database).get(games[0].table_id)
    assert data is not None and data.status == "abandoned" and data.result is None
    assert summarise(config.agents, [g.result for g in games]).unfinished == 2


def test_csv_and_json_exports_read_back(database: str, tmp_path: Path) -> None:
    config, games = ludo_tournament(database)
    summary = summarise(config.agents, [g.result for g in games])
    write_csv(tmp_path / "games.csv", config, games)
    write_json(tmp_path / "run.json", config, GAMES, games, summary)

    with (tmp_path / "games.csv").open(newline="") as file:
        rows = list(csv.DictReader(file))
    assert [int(r["index"]) for r in rows] == list(range(GAMES))
    for row, game in zip(rows, games, strict=True):
        assert int(row["seed"]) == game.result.seed
        assert (row["agent_0"], row["agent_1"]) == game.result.agents
        assert (float(row["return_0"]), float(row["return_1"])) == game.result.returns
        assert (row["finished"], int(row["length"]), row["table_id"]) == (
            "True",
            len(game.result.actions),
            game.table_id,
        )

    document = json.loads((tmp_path / "run.json").read_text())
    assert document["run"]["id"] == config.run_id
    assert document["run"]["agents"] == ["greedy", "random"]
    assert document["summary"]["finished"] == GAMES
    for obj, game in zip(document["games"], games, strict=True):
        assert GameResult.from_json(obj) == game.result
        assert obj["table_id"] == game.table_id
