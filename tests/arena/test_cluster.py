"""Games as Ray tasks: the same results as the local pool, resume after Ctrl-C, clear errors.

One local Ray instance (2 CPUs, no dashboard, no usage reports) serves the whole module; the
xdist group keeps every test of it in one worker process, so Ray starts once.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import socket
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.analysis.run import analyze
from ludoteca.analysis.selfplay import SelfPlay, self_play
from ludoteca.arena.cluster import Cluster, ClusterError, RayRunner, parse_cluster, require_ray
from ludoteca.arena.config import ArenaConfig, configure
from ludoteca.arena.runner import PlayedGame
from ludoteca.arena.stats import Summary, summarise
from ludoteca.arena.store import ArenaStore
from ludoteca.arena.tournament import play_tournament
from ludoteca.arena.tune import TuneSettings, tune
from ludoteca.cli import app
from ludoteca.core.errors import InvalidOptionError, UnknownGameError
from ludoteca.interop import MissingExtraError

pytestmark = pytest.mark.xdist_group("ray")

LOCAL_RAY = Cluster()
GAMES = 8


@pytest.fixture(scope="module", autouse=True)
def ray_instance() -> Iterator[None]:
    """A local Ray for the module; the runners find it connected and leave it open."""
    ray = require_ray()  # also turns Ray's usage reports off
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        logging_level=logging.WARNING,
        log_to_driver=False,
    )
    yield
    ray.shutdown()


def ludo_config() -> ArenaConfig:
    return configure("ludo", "greedy,random", seed=3, max_actions=2_000)


@pytest.fixture(scope="module")
def on_the_pool(tmp_path_factory: pytest.TempPathFactory) -> ArenaStore:
    """`ludo_config()`'s games played by the local pool: the reference of the arena tests,
    played once for them all."""
    store = ArenaStore(f"sqlite:///{tmp_path_factory.mktemp('pool') / 'local.db'}")
    play_tournament(ludo_config(), GAMES, store, jobs=1)
    return store


def stored(store: ArenaStore, config: ArenaConfig) -> list[tuple[int, str, Any]]:
    """Each stored game's index, table and result (whose equality ignores thinking times)."""
    return [(g.index, g.table_id, g.result) for g in store.games(config, GAMES, True)]


def without_times(summary: Summary) -> Summary:
    agents = tuple(dataclasses.replace(a, median_ms=0.0) for a in summary.agents)
    return dataclasses.replace(summary, agents=agents)


def interrupt_after(games: int) -> Callable[[PlayedGame], None]:
    """An `on_game` hook that presses Ctrl-C once `games` games are stored."""
    seen: list[int] = []

    def hook(played: PlayedGame) -> None:
        seen.append(played.index)
        if len(seen) == games:
            raise KeyboardInterrupt

    return hook


def test_an_arena_on_ray_plays_the_same_games_and_ratings_as_the_local_pool(
    tmp_path: Path, on_the_pool: ArenaStore
) -> None:
    config, local = ludo_config(), on_the_pool
    on_ray = ArenaStore(f"sqlite:///{tmp_path / 'ray.db'}")
    finished: list[int] = []
    played = play_tournament(
        config, GAMES, on_ray, cluster=LOCAL_RAY, on_game=lambda p: finished.append(p.index)
    )
    assert played == GAMES
    assert sorted(finished) == list(range(GAMES))
    assert stored(on_ray, config) == stored(local, config)
    results = [[g.result for g in store.games(config, GAMES)] for store in (local, on_ray)]
    ours, theirs = (without_times(summarise(config.agents, r)) for r in results)
    assert theirs == ours
    assert [a.mu for a in theirs.agents] != [25.0, 25.0]  # the games did move the ratings


def test_an_interrupted_arena_on_ray_resumes_to_the_uninterrupted_result(
    tmp_path: Path, on_the_pool: ArenaStore
) -> None:
    config, local = ludo_config(), on_the_pool
    on_ray = ArenaStore(f"sqlite:///{tmp_path / 'ray.db'}")
    with pytest.raises(KeyboardInterrupt):
        play_tournament(config, GAMES, on_ray, cluster=LOCAL_RAY, on_game=interrupt_after(3))
    assert len(on_ray.played(config.run_id)) == 3

    resumed: list[int] = []
    played = play_tournament(
        config, GAMES, on_ray, cluster=LOCAL_RAY, on_game=lambda p: resumed.append(p.index)
    )
    assert played == GAMES - 3
    assert len(resumed) == GAMES - 3
    assert stored(on_ray, config) == stored(local, config)


def test_the_arena_command_on_ray_prints_what_the_local_pool_prints(tmp_path: Path) -> None:
    def run(*extra: str) -> dict[str, Any]:
        out = tmp_path / f"run{len(extra)}.json"
        database = f"sqlite:///{tmp_path / f'arena{len(extra)}.db'}"
        args = ["arena", "ludo", "-a", "greedy,random", "-n", "4", "--seed", "9"]
        answer = CliRunner().invoke(
            app, [*args, "--database", database, "--json", str(out), *extra]
        )
        assert answer.exit_code == 0, answer.output
        document: dict[str, Any] = json.loads(out.read_text())
        for game in document["games"]:
            game.pop("median_ms", None)
        for agent in document["summary"]["agents"]:
            agent.pop("median_ms", None)
        return document

    assert run("--cluster", "ray", "--jobs", "2") == run("--jobs", "1")


def test_tuning_on_ray_finds_the_weights_the_local_pool_finds() -> None:
    settings = TuneSettings("ludo", 2, generations=1, population=2, games=4, seed=5)
    assert tune(settings, cluster=LOCAL_RAY).to_json() == tune(settings, jobs=1).to_json()


def test_self_play_and_a_report_on_ray_match_the_local_pool() -> None:
    run = SelfPlay(game="siege", agent="greedy", games=4, seed=7)
    done: list[int] = []
    with RayRunner(LOCAL_RAY, jobs=2) as runner:
        on_ray = self_play(run, progress=done.append, runner=runner)
    assert on_ray == self_play(run, jobs=1)
    assert sum(done) == 4
    assert analyze(run, cluster=LOCAL_RAY).summary == analyze(run, jobs=1).summary


def test_results_come_back_in_order_or_as_they_finish() -> None:
    numbers = list(range(40))
    with RayRunner(LOCAL_RAY, jobs=3) as runner:
        assert list(runner.in_order(abs, [-n for n in numbers])) == numbers
        assert sorted(runner.as_finished(abs, [-n for n in numbers])) == numbers


def test_an_error_in_a_task_is_raised_as_itself() -> None:
    with pytest.raises(UnknownGameError) as raised, RayRunner(LOCAL_RAY) as runner:
        list(runner.as_finished(ludoteca.load, ["ludo", "chess"]))
    assert raised.type is UnknownGameError  # not Ray's wrapper, whose text is a traceback
    assert str(raised.value).startswith("unknown game 'chess'")


def test_without_ray_the_command_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # what `import ray` finds without Ray
    with pytest.raises(MissingExtraError, match=r"pip install 'ludoteca\[cluster\]'"):
        parse_cluster("ray")
    database = f"sqlite:///{tmp_path / 'arena.db'}"
    for command in (
        ["arena", "ludo", "-a", "greedy,random", "-n", "2", "--database", database],
        ["tune", "ludo", "--games", "1", "--population", "2", "--out", str(tmp_path / "t.json")],
        ["analyze", "siege", "--games", "1", "--out", str(tmp_path / "r.html")],
    ):
        answer = CliRunner().invoke(app, [*command, "--cluster", "ray"])
        assert answer.exit_code == 2
        assert "pip install 'ludoteca[cluster]'" in answer.output
        assert "Traceback" not in answer.output


@pytest.mark.parametrize("text", ["ray:", "ray://head", "ray://head:port", "dask://h:1", "local"])
def test_a_cluster_that_is_not_ray_or_a_ray_address_is_refused(text: str) -> None:
    with pytest.raises(InvalidOptionError, match=r"--cluster takes ray or ray://HOST:PORT"):
        parse_cluster(text)


def test_an_address_nothing_answers_is_a_clear_error_within_seconds() -> None:
    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"ray://127.0.0.1:{port}"
    start = time.monotonic()
    answer = CliRunner().invoke(
        app, ["tune", "ludo", "--games", "1", "--population", "2", "--cluster", address]
    )
    assert time.monotonic() - start < 5
    assert answer.exit_code == 2
    assert f"cannot reach a Ray cluster at {address}" in answer.output
    assert "Traceback" not in answer.output
    with pytest.raises(ClusterError, match="cannot reach"), RayRunner(parse_cluster(address)):
        pass
