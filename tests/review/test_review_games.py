"""Every game with a shipped value function reviews a short record; the CLI writes JSON and HTML
with one entry per action, and a game or record it cannot review is one clear line."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from ludoteca.arena.match import play_game
from ludoteca.cli import app
from ludoteca.core.record import Record
from ludoteca.core.registry import GameInfo, load
from ludoteca.core.registry import games as registered_games
from ludoteca.review.net import shipped_value
from ludoteca.review.review import CHANCE, DECISION
from ludoteca.review.run import review_record
from ludoteca.review.value import PARAMS, NoValueFunctionError, TensorModel

runner = CliRunner()
FITTED = sorted({path.stem.split("-")[0] for path in PARAMS.glob("*.json")})
SLOW = {"villa", "bremen"}
"""Games whose reviews value many positions per action (villa's placements, bremen's rolls)."""
GAMES = [pytest.param(g, marks=pytest.mark.slow) if g in SLOW else g for g in FITTED]
SHORT = 24
"""Actions of the short records: enough for decisions and chance nodes in every game."""


def short_record(game_id: str, seed: int = 7, players: int | None = None) -> Record:
    """The first actions of a seeded game between greedy bots, as a record."""
    game = load(game_id, players)
    played = play_game(game, ["greedy"] * game.num_players, seed)
    state = game.new_initial_state(seed=seed)
    for action in played.actions[:SHORT]:
        state.apply_action(action)
    return Record.of(state)


def test_every_game_has_a_fitted_value_function() -> None:
    assert FITTED == ["bremen", "ludo", "museum", "siege", "villa"]


@pytest.mark.parametrize("info", registered_games(), ids=lambda info: info.id)
def test_every_player_count_the_lobby_offers_has_a_value_function(info: GameInfo) -> None:
    """Issue 30: the value function existed for 5 of the 15 (game, player count) pairs."""
    for players in range(info.min_players, info.max_players + 1):
        game = load(info.id, players)
        state = game.new_initial_state(seed=3)
        values = shipped_value(game)([state])[0]
        assert values.shape == (players,) and values.sum() == pytest.approx(1.0)


@pytest.mark.parametrize(("game_id", "players"), [("ludo", 2), ("museum", 3), ("ludo", 6)])
def test_a_game_of_another_size_reviews_from_the_command(
    game_id: str, players: int, tmp_path: Path
) -> None:
    """Issue 30: `ludoteca review` of a two-player museum game said there was no value."""
    path = short_record(game_id, players=players).save(tmp_path / "game.json")
    out_json = tmp_path / "review.json"
    result = runner.invoke(app, ["review", str(path), "--json", str(out_json)])
    assert result.exit_code == 0, result.output
    document = json.loads(out_json.read_text())
    assert len(document["entries"]) == SHORT and len(document["seats"]) == players
    assert all(sum(e["before"]) == pytest.approx(1.0) for e in document["entries"])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_short_record_reviews_with_one_entry_per_action(game_id: str) -> None:
    record = short_record(game_id)
    review = review_record(record)
    assert [e.index for e in review.entries] == list(range(len(record.moves)))
    for entry, move in zip(review.entries, record.moves, strict=True):
        assert entry.action == move.action and entry.notation == move.notation
        assert entry.kind == (CHANCE if move.player == -1 else DECISION)
        assert sum(entry.before) == pytest.approx(1.0)
        assert entry.loss is None or entry.loss >= 0
    for seat in review.seats:
        assert seat.luck + seat.decision_change == pytest.approx(seat.final - seat.initial)


@pytest.mark.parametrize("game_id", FITTED)
def test_the_model_gives_probabilities_for_every_seat(game_id: str) -> None:
    game = load(game_id)
    state = game.new_initial_state(seed=3)
    values = TensorModel.load(game)([state])[0]
    assert values.shape == (game.num_players,)
    assert values.sum() == pytest.approx(1.0) and np.all(values > 0)


@pytest.mark.slow
def test_jobs_do_not_change_the_review() -> None:
    record = short_record("museum", seed=11)
    assert review_record(record, jobs=2) == review_record(record, jobs=1)


def test_review_command_writes_json_with_one_entry_per_action_and_html(tmp_path: Path) -> None:
    path = short_record("ludo").save(tmp_path / "game.json")
    out_json, out_html = tmp_path / "review.json", tmp_path / "review.html"
    result = runner.invoke(
        app, ["review", str(path), "--json", str(out_json), "--html", str(out_html)]
    )
    assert result.exit_code == 0, result.output
    document = json.loads(out_json.read_text())
    assert len(document["entries"]) == SHORT and len(document["seats"]) == 4
    assert {"index", "kind", "seat", "before", "notation", "best", "loss", "mark", "forced",
            "luck"} <= set(document["entries"][0])  # fmt: skip
    page = out_html.read_text()
    assert "<svg" in page and "Win probability" in page and "Skill and luck" in page


def test_review_is_translated(tmp_path: Path) -> None:
    path = short_record("ludo").save(tmp_path / "game.json")
    out_html = tmp_path / "review.html"
    result = runner.invoke(app, ["--lang", "de", "review", str(path), "--html", str(out_html)])
    assert result.exit_code == 0, result.output
    assert "Glück" in out_html.read_text()


def test_a_variant_without_a_value_function_is_one_clear_error(tmp_path: Path) -> None:
    game = load("ludo", players=4, board=6)
    with pytest.raises(NoValueFunctionError, match="fitted with the options"):
        shipped_value(game)
    played = play_game(game, ["greedy"] * 4, 1)
    state = game.new_initial_state(seed=1)
    for action in played.actions[:10]:
        state.apply_action(action)
    path = Record.of(state).save(tmp_path / "six.json")
    result = runner.invoke(app, ["review", str(path)])
    assert result.exit_code == 2
    assert "fitted with the options" in result.output and "Traceback" not in result.output


def test_a_record_that_is_not_json_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("not json")
    result = runner.invoke(app, ["review", str(path)])
    assert result.exit_code == 2 and "is not JSON" in result.output
