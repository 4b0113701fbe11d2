"""An interrupted tournament keeps every finished game; rerunning plays only the missing ones."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from ludoteca.arena.config import ArenaConfig, configure
from ludoteca.arena.runner import PlayedGame
from ludoteca.arena.store import ArenaStore
from ludoteca.arena.tournament import play_tournament
from ludoteca.store.arena import GameRow, RunRow

GAMES = 8


def siege_config() -> ArenaConfig:
    return configure("siege", "greedy,random", seed=11, max_actions=2_000)


def interrupt_after(games: int) -> Callable[[PlayedGame], None]:
    """An `on_game` hook that presses Ctrl-C once `games` games are stored."""
    seen: list[int] = []

    def hook(played: PlayedGame) -> None:
        seen.append(played.index)
        if len(seen) == games:
            raise KeyboardInterrupt

    return hook


def rows(store: ArenaStore, config: ArenaConfig) -> dict[int, tuple[object, ...]]:
    with Session(store.engine) as session:
        found = session.scalars(select(GameRow).where(GameRow.run_id == config.run_id)).all()
        return {r.index: (r.seed, r.agents, r.returns, r.table_id, r.created) for r in found}


@pytest.mark.parametrize("jobs", [1, 2])
def test_resume_after_an_interrupt_loses_and_repeats_nothing(tmp_path: Path, jobs: int) -> None:
    config = siege_config()
    store = ArenaStore(f"sqlite:///{tmp_path / 'arena.db'}")
    with pytest.raises(KeyboardInterrupt):
        play_tournament(config, GAMES, store, jobs=jobs, on_game=interrupt_after(3))
    kept = rows(store, config)
    assert len(kept) == 3

    replayed: list[int] = []
    played = play_tournament(
        config, GAMES, store, jobs=jobs, on_game=lambda p: replayed.append(p.index)
    )
    after = rows(store, config)
    assert played == GAMES - 3
    assert sorted(replayed) == sorted(set(range(GAMES)) - set(kept))
    assert sorted(after) == list(range(GAMES))
    assert {index: after[index] for index in kept} == kept

    fresh = ArenaStore(f"sqlite:///{tmp_path / 'fresh.db'}")
    play_tournament(config, GAMES, fresh)
    assert {i: r[:4] for i, r in rows(fresh, config).items()} == {
        i: r[:4] for i, r in after.items()
    }


def test_a_complete_run_plays_nothing_more_and_a_larger_count_extends_it(tmp_path: Path) -> None:
    config = siege_config()
    store = ArenaStore(f"sqlite:///{tmp_path / 'arena.db'}")
    assert play_tournament(config, 4, store) == 4
    assert play_tournament(config, 4, store) == 0
    assert play_tournament(config, 6, store) == 2
    with Session(store.engine) as session:
        run = session.get(RunRow, config.run_id)
        assert run is not None and run.games == 6
    assert [g.index for g in store.games(config, 4)] == [0, 1, 2, 3]


def test_a_different_definition_is_a_different_run() -> None:
    base = siege_config()
    other_seed = configure("siege", "greedy,random", seed=12, max_actions=2_000)
    other_order = configure("siege", "random,greedy", seed=11, max_actions=2_000)
    assert len({base.run_id, other_seed.run_id, other_order.run_id}) == 3
    assert siege_config().run_id == base.run_id
