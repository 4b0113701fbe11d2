"""Named strengths: every game offers easy, medium and hard bots, and `hard` is its strongest."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca import agents


@pytest.mark.parametrize("game_id", [info.id for info in ludoteca.games()])
def test_every_game_names_a_loadable_agent_for_each_strength(game_id: str) -> None:
    game = ludoteca.load(game_id)
    table = agents.strengths(game)
    assert list(table) == list(agents.LEVELS)
    for level, spec in table.items():
        assert type(agents.load(level, game, seed=1)) is type(agents.load(spec, game, seed=1))
    assert agents.strongest(game) == table["hard"]


def test_a_strength_name_loads_the_agent_the_game_names_for_it() -> None:
    game = ludoteca.load("siege")
    assert repr(agents.load("easy", game, seed=3)) == "random"
    hard_name, _ = agents.parse_spec(agents.strengths(game)["hard"])
    assert agents.load("hard", game, seed=3).name == hard_name


def test_a_strength_can_name_another_agent_for_other_player_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ludoteca.games.bremen import bots

    choice = {2: "tuned", "others": "greedy"}
    monkeypatch.setitem(bots.STRENGTHS, "hard", choice)
    assert agents.strongest(ludoteca.load("bremen", players=2)) == "tuned"
    assert agents.strongest(ludoteca.load("bremen", players=4)) == "greedy"
