"""`tuned`: the greedy bot with the weights a game ships, for the table's player count in
`tuned-<n>p.json` or in the general `tuned.json`, and nothing else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca import agents
from ludoteca.agents.tuned import (
    GAMES_DIR,
    TunedAgent,
    count_path,
    data_path,
    weighted_greedy,
    weights_path,
)
from ludoteca.arena.match import play_game
from ludoteca.arena.tune import TuneSettings, greedy_spec, tune
from ludoteca.cli import app
from ludoteca.core.errors import InvalidOptionError, UnknownAgentError
from ludoteca.core.registry import games

OPENING = 80
"""Actions per test game: enough for many choices, few enough for villa's slow greedy."""


def shipped() -> list[tuple[str, int]]:
    """Every shipped weights file as (game, the player count it is played at here): a count's
    own file at its count, the general file at the count it was tuned for."""
    found = []
    for info in games():
        general = data_path(info.id)
        if general.exists():
            found.append((info.id, json.loads(general.read_text())["provenance"]["players"]))
        for players in range(info.min_players, info.max_players + 1):
            if count_path(info.id, players).exists():
                found.append((info.id, players))
    return found


SHIPPED = shipped()


def shipped_weights(game_id: str, players: int) -> dict[str, float]:
    weights: dict[str, float] = json.loads(weights_path(game_id, players).read_text())["weights"]
    return weights


@pytest.mark.parametrize(("game_id", "players"), SHIPPED)
def test_shipped_weights_name_exactly_the_greedy_bots_weights(game_id: str, players: int) -> None:
    greedy = weighted_greedy(ludoteca.load(game_id, players=players))
    assert set(shipped_weights(game_id, players)) == set(greedy.weights)


@pytest.mark.parametrize(("game_id", "players"), SHIPPED)
def test_tuned_plays_move_for_move_like_greedy_with_the_shipped_weights(
    game_id: str, players: int
) -> None:
    game = ludoteca.load(game_id, players=players)
    assert TunedAgent.plays(game)
    bot = agents.load("tuned", game, seed=1)
    assert isinstance(bot, TunedAgent) and bot.w == shipped_weights(game_id, players)
    greedy = greedy_spec(shipped_weights(game_id, players))
    others = ["random"] * (players - 1)
    for seed in (3, 4):
        tuned_game = play_game(game, ["tuned", *others], seed, max_actions=OPENING)
        greedy_game = play_game(game, [greedy, *others], seed, max_actions=OPENING)
        assert tuned_game.actions == greedy_game.actions


@pytest.mark.parametrize(("game_id", "players"), SHIPPED)
def test_shipped_weights_name_the_command_and_search_that_made_them(
    game_id: str, players: int
) -> None:
    data = json.loads(weights_path(game_id, players).read_text())
    made = data["provenance"]
    assert made["players"] == players
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


def write_weights(
    games_dir: Path, game_id: str, weights: dict[str, float], name: str = "tuned.json"
) -> None:
    (games_dir / game_id).mkdir(exist_ok=True)
    players = int(name[6:-6]) if name != "tuned.json" else 2
    data = {"weights": weights, "provenance": {"players": players}}
    (games_dir / game_id / name).write_text(json.dumps(data))


def test_a_count_with_its_own_file_plays_it_and_the_others_the_general_one(
    games_dir: Path,
) -> None:
    defaults = dict(weighted_greedy(ludoteca.load("bremen")).weights)
    general = {name: 2 * value for name, value in defaults.items()}
    three = {name: 3 * value for name, value in defaults.items()}
    write_weights(games_dir, "bremen", general)
    write_weights(games_dir, "bremen", three, "tuned-3p.json")
    for players, weights, name in ((2, general, "tuned.json"), (3, three, "tuned-3p.json")):
        bot = agents.load("tuned", ludoteca.load("bremen", players=players))
        assert isinstance(bot, TunedAgent)
        assert (bot.w, bot.source) == (weights, games_dir / "bremen" / name)
    assert agents.load("tuned", ludoteca.load("bremen", players=4)).w == general  # type: ignore[attr-defined]


def test_a_count_file_alone_gives_a_tuned_player_only_at_its_count(games_dir: Path) -> None:
    defaults = dict(weighted_greedy(ludoteca.load("bremen")).weights)
    write_weights(games_dir, "bremen", defaults, "tuned-4p.json")
    assert TunedAgent.plays(ludoteca.load("bremen", players=4))
    assert not TunedAgent.plays(ludoteca.load("bremen", players=3))
    with pytest.raises(UnknownAgentError, match="no tuned weights for bremen"):
        agents.load("tuned", ludoteca.load("bremen", players=3))


def test_a_count_file_tuned_for_another_count_is_refused(games_dir: Path) -> None:
    defaults = dict(weighted_greedy(ludoteca.load("bremen")).weights)
    write_weights(games_dir, "bremen", defaults, "tuned-4p.json")
    (games_dir / "bremen" / "tuned-4p.json").rename(games_dir / "bremen" / "tuned-3p.json")
    with pytest.raises(
        InvalidOptionError, match="tuned for 4 players; it serves only tables of 4, not one of 3"
    ):
        agents.load("tuned", ludoteca.load("bremen", players=3))


def test_a_count_file_without_provenance_is_refused(games_dir: Path) -> None:
    (games_dir / "bremen").mkdir()
    defaults = dict(weighted_greedy(ludoteca.load("bremen")).weights)
    (games_dir / "bremen" / "tuned-3p.json").write_text(json.dumps({"weights": defaults}))
    with pytest.raises(InvalidOptionError, match="holds no readable tuned weights"):
        agents.load("tuned", ludoteca.load("bremen", players=3))


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


def test_tune_writes_a_count_file_by_default_that_tuned_plays_with_its_provenance(
    games_dir: Path,
) -> None:
    (games_dir / "siege").mkdir()
    tiny = ["--generations", "1", "--population", "2", "--games", "2", "--seed", "4"]
    done = CliRunner().invoke(app, ["tune", "siege", "--players", "2", *tiny])
    assert done.exit_code == 0, done.output
    path = count_path("siege", 2)
    made = json.loads(path.read_text())["provenance"]
    assert made["players"] == 2 and made["command"].startswith("ludoteca tune siege --players 2")
    bot = agents.load("tuned", ludoteca.load("siege"))
    assert isinstance(bot, TunedAgent) and bot.source == path


def test_what_tune_writes_is_what_tuned_plays(games_dir: Path) -> None:
    game = ludoteca.load("siege")
    result = tune(TuneSettings("siege", 2, generations=1, population=2, games=2, seed=4))
    result.write(data_path("siege"))
    assert TunedAgent.plays(game)
    assert agents.load("tuned", game).w == result.weights  # type: ignore[attr-defined]
