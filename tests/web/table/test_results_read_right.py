"""Results that read right (issue 35.7): the seats behind the winner ranked by what the rules
pages say counts next, and villa's winner named by the seal that wins, not by "0 points"."""

from __future__ import annotations

import random
from typing import Any

import ludoteca
from ludoteca.i18n import use
from ludoteca.web.table.result import describe_result, ranking, scores, standings


def ludo_end(pawns: dict[str, list[str]]) -> Any:
    """A finished four-player ludo game (one colour each), red home first."""
    game = ludoteca.load("ludo", players=4)
    position = game.new_initial_state(seed=1).to_json()
    position.update({"phase": "over", "turn": "red", "pawns": pawns, "finished": [0]})
    state = game.state_from_json(position)
    assert state.is_terminal()
    return state


def result_lines(state: Any, names: list[str]) -> tuple[str, ...]:
    return describe_result(state.returns(), names, scores(state), standings(state)).lines


def test_ludo_ranks_the_players_behind_the_winner_by_pawns_home_then_by_how_far_they_walked() -> (
    None
):
    """Seed: "Wie dit ... het eerst gelukt, is winnaar" names the winner only; our ruling
    (docs/games/ludo.md, *Winning and returns*) ranks the others by pawns home, then by the
    steps their pawns have walked. Today's page said "Anna, Yellow, and Green share 2nd place"
    with Yellow 3 pawns home and Anna none."""
    state = ludo_end(
        {
            "red": ["a", "b", "c", "d"],
            "blue": ["R", "R", "R", "15"],  # Anna: no pawn home, one walked 6 circles
            "yellow": ["a", "b", "c", "25"],  # three home
            "green": ["R", "R", "R", "R"],  # nothing walked
        }
    )
    lines = result_lines(state, ["Red", "Anna", "Yellow", "Green"])
    assert lines == (
        "Red wins with 4 pawns home",
        "Yellow is 2nd with 3 pawns home",
        "Anna is 3rd with 0 pawns home",
        "Green is 4th with 0 pawns home",
    )


def test_players_equal_in_pawns_home_and_in_steps_walked_share_a_place() -> None:
    state = ludo_end(
        {
            "red": ["a", "b", "c", "d"],
            "blue": ["R", "R", "R", "R"],
            "yellow": ["R", "R", "R", "R"],
            "green": ["R", "R", "R", "31"],
        }
    )
    assert result_lines(state, ["Red", "Blue", "Yellow", "Green"])[1:] == (
        "Green is 2nd with 0 pawns home",
        "Blue and Yellow share 3rd place",
    )


def test_equal_returns_without_standings_share_a_place_and_a_draw_stays_a_draw() -> None:
    assert [g.seats for g in ranking([1.0, -0.5, -0.5])] == [(0,), (1, 2)]
    assert [g.seats for g in ranking([1.0, -0.5, -0.5], [(0,), (1,), (2,)])] == [(0,), (2,), (1,)]
    draw = describe_result([0.0, 0.0], ["A", "B"], [None, None], [(1,), (2,)])
    assert draw.winners == ()


def villa_game_to_its_end(seed: int) -> Any:
    """A four-player villa game of random moves (the rng seeded too) played to its end."""
    game = ludoteca.load("villa", players=4)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_villa_names_the_seal_that_wins_not_the_winners_points() -> None:
    """Seed: "De speler met de bouwmeesterzegel is de winnaar, tenzij hij het bouwwerk liet
    instorten. Dan wint de speler wiens kleur door de bouwmeesterzegel wordt aangegeven." The
    page said "Player 4 (medium bot) wins with 0 points, holds the builder's seal"."""
    seen = {"holder": False, "previous": False}
    for seed in range(12):
        state = villa_game_to_its_end(seed)
        winner = state.winner()
        if winner < 0:
            continue
        names = [f"P{seat}" for seat in range(4)]
        lines = result_lines(state, names)
        assert not any("wins with" in line and "point" in line for line in lines), lines
        if winner == state.holder:
            seen["holder"] = True
            assert lines[0] == f"P{winner} wins with the builder's seal"
        else:
            seen["previous"] = True
            assert lines[0] == (
                f"P{winner} wins with the builder's seal, as its holder brought the villa down"
            )
            assert f"P{state.holder}" in " ".join(lines[1:])
            assert "brought the villa down" in scores(state)[state.holder]
        with use("de"):
            assert "gewinnt (Baumeistersiegel" in result_lines(state, names)[0]
    assert all(seen.values()), seen


def test_villa_seats_are_named_by_their_colours_like_the_other_games(web: Any) -> None:
    """The seal gives each seat its colour (seed: "De jongste speler gooit met de zegel om
    zijn kleur te bepalen"); from then on the players list, the log and the result call the
    seats by it, as ludo's "Red", not "Player 1-4"."""
    table = web.create(game="villa", players=4, seats=["random"] * 4, speed="fast", seed=3)
    web.wait_until_over(table)
    view = web.view(table)
    colours = {"White", "Black", "Purple", "Cyan"}
    names = [seat["name"].split(" (")[0] for seat in view["seats"]]
    assert set(names) == colours, names
    assert all(seat["colour"] in colours for seat in view["seats"])
    said = " ".join([*view["result"]["lines"], *(entry["text"] for entry in view["story"])])
    assert "Player" not in said
    dutch = web.client.get(f"/table/{table.id}?lang=nl").text
    assert "Wit (makkelijke bot)" in dutch and "Speler 1" not in dutch
