"""Self-play is a function of its seed, whatever the number of worker processes."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

import ludoteca
from ludoteca.analysis.events import replay_events
from ludoteca.analysis.selfplay import SelfPlay, play_one, self_play
from ludoteca.arena.match import play_game
from ludoteca.core.errors import InvalidOptionError, UnknownGameError
from ludoteca.games.siege.events import events

RUN = SelfPlay(game="siege", agent="greedy", games=4, seed=7)


def test_the_same_seed_gives_the_same_games() -> None:
    first = self_play(RUN)
    assert first == self_play(RUN)
    assert [g.result.seed for g in first] == [RUN.game_seed(i) for i in range(4)]
    assert len({g.result.seed for g in first}) == 4
    other = self_play(SelfPlay(game="siege", agent="greedy", games=4, seed=8))
    assert [g.result.seed for g in other] != [g.result.seed for g in first]


def test_games_do_not_depend_on_the_number_of_jobs() -> None:
    done: list[int] = []
    parallel = self_play(RUN, jobs=2, progress=done.append)
    assert parallel == self_play(RUN, jobs=1)
    assert sum(done) == 4


def test_a_game_is_played_as_the_arena_plays_it_and_replayed_for_events() -> None:
    game = RUN.load_game()
    one = play_one(RUN, 2)
    assert one.result == play_game(game, ["greedy", "greedy"], RUN.game_seed(2))
    counts: Counter[str] = Counter()
    state = game.new_initial_state(seed=one.result.seed)
    for action in one.result.actions:
        before = state.clone()
        state.apply_action(action)
        counts.update(events(before, action, state))  # type: ignore[arg-type]
    assert one.events.counts == dict(counts)
    assert one.events.turns == len(one.result.actions)  # siege: every move is a turn


def test_turns_count_runs_of_one_seats_decisions() -> None:
    game = ludoteca.load("ludo", players=2)
    result = play_game(game, ["greedy", "greedy"], seed=3)
    seats = []
    state = game.new_initial_state(seed=result.seed)
    for action in result.actions:
        if state.current_player() >= 0:
            seats.append(state.current_player())
        state.apply_action(action)
    runs = 1 + sum(1 for a, b in itertools.pairwise(seats) if a != b)
    found = replay_events(game, result)
    assert found.turns == runs < sum(result.decisions)
    assert sum(found.scores["pawns home"]) >= 4


def test_a_bad_game_or_option_fails_before_any_game_is_played() -> None:
    with pytest.raises(UnknownGameError, match="valid games"):
        self_play(SelfPlay(game="chess", agent="greedy", games=2))
    with pytest.raises(InvalidOptionError):
        self_play(SelfPlay(game="siege", agent="greedy", games=2, options={"nonsense": "1"}))
