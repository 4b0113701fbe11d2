"""`tuned`: the greedy bot with the weights a game ships in `tuned.json`, and nothing else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ludoteca
from ludoteca import agents
from ludoteca.agents.tuned import GAMES_DIR, TunedAgent, data_path, weighted_greedy
from ludoteca.arena.match import play_game
from ludoteca.arena.tune import TuneSettings, greedy_spec, tune
from ludoteca.core.errors import InvalidOptionError, UnknownAgentError
from ludoteca.core.registry import games

SHIPPED = [info.id for info in games() if data_path(info.id).exists()]
OPENING = 80
"""Actions per test game: enough for many choices, few enough for villa's slow greedy."""


def shipped_weights(game_id: str) -> dict[str, float]:
    weights: dict[str, float] = json.loads(data_path(game_id).read_text())["weights"]
    return weights


@pytest.mark.parametrize("game_id", SHIPPED)
def test_shipped_weights_name_exactly_the_greedy_bots_weights(game_id: str) -> None:
    greedy = weighted_greedy(ludoteca.load(game_id, players=2))
    assert set(shipped_weights(game_id)) == set(greedy.weights)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_tuned_plays_move_for_move_like_greedy_with_the_shipped_weights(game_id: str) -> None:
    game = ludoteca.load(game_id, players=2)
    assert TunedAgent.plays(game)
    bot = agents.load("tuned", game, seed=1)
    assert isinstance(bot, TunedAgent) and bot.w == shipped_weights(game_id)
    greedy = greedy_spec(shipped_weights(game_id))
    for seed in (3, 4):
        tuned_game = play_game(game, ["tuned", "random"], seed, max_actions=OPENING)
        greedy_game = play_game(game, [greedy, "random"], seed, max_actions=OPENING)
        assert tuned_game.actions == greedy_game.actions


@pytest.mark.parametrize("game_id", SHIPPED)
def test_shipped_weights_name_the_command_and_search_that_made_them(game_id: str) -> None:
    data = json.loads(data_path(game_id).read_text())
    made = data["provenance"]
    settings = TuneSettings(
        game_id,
        made["players"],
        made["generations"],
        made["population"],
        made["games_per_candidate"],
        made["seed"],
    )
    assert made["method"] == "cross-entropy method"
    assert made["command"] == settings.command()
    assert [g["generation"] for g in made["history"]] == list(range(1, settings.generations + 1))
    assert data["weights"] == made["history"][-1]["weights"]


@pytest.fixture
def games_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty stand-in for the games' package folders, so no shipped file is in play."""
    monkeypatch.setattr("ludoteca.agents.tuned.GAMES_DIR", tmp_path)
    return tmp_path


def write_weights(games_dir: Path, game_id: str, weights: dict[str, float]) -> None:
    (games_dir / game_id).mkdir()
    (games_dir / game_id / "tuned.json").write_text(json.dumps({"weights": weights}))


def test_without_a_tuned_file_the_game_has_no_tuned_player(games_dir: Path) -> None:
    game = ludoteca.load("ludo", players=2)
    assert not TunedAgent.plays(game)
    assert "tuned" not in agents.available(game)
    with pytest.raises(UnknownAgentError, match="no tuned weights for ludo; `ludoteca tune ludo`"):
        agents.load("tuned", game)


def test_a_parameter_overrides_one_tuned_weight(games_dir: Path) -> None:
    game = ludoteca.load("ludo", players=2)
    weights = {name: 2 * value for name, value in weighted_greedy(game).weights.items()}
    write_weights(games_dir, "ludo", weights)
    assert "tuned" in agents.available(game)
    assert agents.load("tuned", game).w == weights  # type: ignore[attr-defined]
    assert agents.load("tuned:danger=0.5", game).w == {**weights, "danger": 0.5}  # type: ignore[attr-defined]
    assert repr(agents.load("tuned:danger=0.5", game)) == "tuned:danger=0.5"


def test_an_unknown_parameter_names_the_weights_tuned_takes(games_dir: Path) -> None:
    game = ludoteca.load("ludo", players=2)
    write_weights(games_dir, "ludo", dict(weighted_greedy(game).weights))
    with pytest.raises(InvalidOptionError, match="tuned takes the weights progress, capture"):
        agents.load("tuned:courage=3", game)


def test_a_file_with_other_weight_names_is_refused(games_dir: Path) -> None:
    game = ludoteca.load("ludo", players=2)
    write_weights(games_dir, "ludo", {"progress": 1.0, "courage": 3.0})
    with pytest.raises(InvalidOptionError, match="tunes courage, progress; the greedy bot takes"):
        agents.load("tuned", game)


def test_a_game_without_a_weighted_greedy_has_no_tuned_player(
    games_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = ludoteca.load("ludo", players=2)
    write_weights(games_dir, "ludo", dict(weighted_greedy(game).weights))
    monkeypatch.setattr("ludoteca.agents.tuned.game_module", lambda game_id, name: None)
    assert not TunedAgent.plays(game)
    with pytest.raises(UnknownAgentError, match="ludo has no greedy bot with weights"):
        agents.load("tuned", game)


def test_the_data_files_live_in_the_game_packages() -> None:
    assert data_path("siege") == GAMES_DIR / "siege" / "tuned.json"
    assert (GAMES_DIR / "siege" / "bots.py").exists()


def test_what_tune_writes_is_what_tuned_plays(games_dir: Path) -> None:
    game = ludoteca.load("siege")
    result = tune(TuneSettings("siege", 2, generations=1, population=2, games=2, seed=4))
    result.write(data_path("siege"))
    assert TunedAgent.plays(game)
    assert agents.load("tuned", game).w == result.weights  # type: ignore[attr-defined]
