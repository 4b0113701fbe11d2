"""The playing check before a review network ships (issue 30; `learn.duel`): `learned` by the
network and by the shipped value play the same seeds against `greedy`, and a network that
makes `learned` weaker is refused, even where it ranks single decisions no worse."""

from __future__ import annotations

from pathlib import Path

from ludoteca import load
from ludoteca.analysis.selfplay import SelfPlay
from ludoteca.learn.duel import OPPONENT, Duel, duel, seat_share
from ludoteca.review.net import NetModel, net_path

GAME = load("ludo", players=2)


def against(games: int) -> SelfPlay:
    return SelfPlay("ludo", OPPONENT, games, seed=11, players=2)


def inverted(path: Path) -> Path:
    """The shipped ludo-2 network with its scores negated: it wants what the shipped one fears."""
    shipped = NetModel.read(GAME, net_path(GAME))
    *hidden, (w, b) = shipped.layers
    flipped = NetModel(GAME, [*hidden, (-w, -b)], shipped.about, shipped.linear, shipped.evaluation)
    flipped.save(path)
    return path


def test_the_sign_test_counts_only_the_seeds_where_the_values_differ() -> None:
    assert Duel(60, 20, 20, 0, 0).p_worse == 1.0
    assert Duel(60, 10, 22, 2, 12).worse  # P(X <= 2 | 14, 1/2) = 0.0065
    assert not Duel(60, 19, 21, 5, 7).worse


def test_a_draw_or_an_unfinished_game_is_the_fair_share() -> None:
    assert seat_share((0.0, 0.0, 0.0), 1) == 1 / 3
    assert seat_share((1.0, -1.0), 0) == 1.0 and seat_share((1.0, -1.0), 1) == 0.0


def test_the_shipped_network_against_itself_plays_the_same_games_in_workers_too() -> None:
    same = duel(against(4), net_path(GAME), jobs=2)
    assert same.cases == 4 and same.network == same.current
    assert same.only_network == same.only_current == 0 and not same.worse


def test_a_network_that_wants_to_lose_plays_worse(tmp_path: Path) -> None:
    done: list[int] = []
    worse = duel(against(30), inverted(tmp_path / "inverted.npz"), progress=done.append)
    assert len(done) == 30
    assert worse.network < worse.current and worse.worse


def test_a_shipped_network_is_checked_against_the_softmax_value_it_replaced() -> None:
    run = against(6)
    by_shipped = duel(run, net_path(GAME))
    by_softmax = duel(run, net_path(GAME), softmax=True)
    assert by_softmax.network == by_shipped.network  # the network's games are the same
    assert by_shipped.current == by_shipped.network  # the shipped value is this network
    assert by_softmax.cases == 6
