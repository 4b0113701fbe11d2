"""The pieces behind `ludoteca play`: reading a person's input, seats, wording, the session."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

import ludoteca
from ludoteca.core.api import State
from ludoteca.core.errors import InvalidOptionError, LudotecaError
from ludoteca.core.record import Record
from ludoteca.i18n import use
from ludoteca.terminal import present
from ludoteca.terminal.play import BOT_PAUSE, Ending, Options, Session, default_record_path
from ludoteca.terminal.prompt import BadInput, Command, Menu, help_text, interpret
from ludoteca.terminal.seats import (
    agent_seed,
    default_seats,
    load_seats,
    parse_options,
    split_seats,
)

TERMINAL_SOURCES = Path(ludoteca.__file__).parent


def position(
    pawns: dict[str, list[str]],
    turn: str = "red",
    die: int | None = None,
    players: int = 4,
    **options: Any,
) -> State:
    """A ludo position; colours not named keep all four pawns in reserve."""
    game: Any = ludoteca.load("ludo", players=players, **options)
    names = [game.colour_name(c) for c in game.colours]
    return game.state_from_json(
        {
            "game": "ludo",
            "turn": turn,
            "phase": "move" if die else "roll",
            "die": die,
            "pawns": {name: pawns.get(name, ["R"] * 4) for name in names},
        }
    )


# -- reading a move -------------------------------------------------------------------------
#  red pawns on 12 and 20 (and two in reserve), red rolled 5: moves 12-17 and 20-25
TWO_MOVES = {"red": ["12", "20", "R", "R"]}


def test_a_number_picks_from_the_list_in_action_order() -> None:
    state = position(TWO_MOVES, die=5)
    menu = Menu.of(state)
    assert menu.notations == ("12-17", "20-25")
    assert menu.marks() == {12: "1", 20: "2"}
    assert interpret("2", state, menu) == 20
    assert interpret(" 1 ", state, menu) == 12


def test_notation_full_or_from_part_picks_that_move() -> None:
    state = position(TWO_MOVES, die=5)
    menu = Menu.of(state)
    assert interpret("20-25", state, menu) == 20
    assert interpret("12", state, menu) == 12  # a circle, since the list has only 2 moves


def test_bring_in_by_r() -> None:
    state = position({"red": ["5", "R", "R", "R"]}, die=6)
    menu = Menu.of(state)
    assert menu.notations == ("R-0",)
    assert interpret("R", state, menu) == menu.actions[0]


def test_enter_plays_the_only_move_but_not_one_of_several() -> None:
    single = position({"red": ["12", "R", "R", "R"]}, die=3)
    assert interpret("", single, Menu.of(single)) == 12
    state = position(TWO_MOVES, die=5)
    with pytest.raises(BadInput, match=r"a move number \(1-2\)"):
        interpret("", state, Menu.of(state))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("banana", "'banana' is not a ludo move"),
        ("3", "is not one of your moves now: 1\\) 12-17, 2\\) 20-25"),
        ("12-18", "that pawn would land on 17, not 18"),
        ("0", "is not one of your moves now"),
    ],
)
def test_bad_input_says_why(text: str, message: str) -> None:
    state = position(TWO_MOVES, die=5)
    with pytest.raises(BadInput, match=message):
        interpret(text, state, Menu.of(state))


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("?", Command.HELP),
        ("help", Command.HELP),
        ("board", Command.BOARD),
        ("Q", Command.QUIT),
        ("quit", Command.QUIT),
        ("moves", Command.MOVES),
    ],
)
def test_commands_at_the_prompt(text: str, command: Command) -> None:
    state = position(TWO_MOVES, die=5)
    assert interpret(text, state, Menu.of(state)) is command


def test_a_long_move_list_is_cut_short_with_a_way_to_see_it_all() -> None:
    """Games with hundreds of moves (placements) list the first ones and say how to see more."""
    menu = Menu(tuple(range(100)), tuple(f"c{n}" for n in range(100)))
    assert menu.lines(40)[-1] == "... and 60 more ('moves' lists them all)"
    assert len(menu.lines(40)) == 41
    assert len(menu.lines()) == 100
    assert "e.g. c0, c1, c2" in help_text(menu)


# -- seats and options ----------------------------------------------------------------------
def test_seats_split_on_commas_keeping_agent_parameters_together() -> None:
    assert split_seats("human, mcts:iterations=100,c=1.4 ,random") == [
        "human",
        "mcts:iterations=100,c=1.4",
        "random",
    ]


def test_seats_load_humans_and_seeded_bots() -> None:
    game = ludoteca.load("ludo", players=3)
    seats = load_seats(["human", "random", "HUMAN"], game, game_seed=9)
    assert [seat.is_human for seat in seats] == [True, False, True]
    assert seats[1].agent is not None and seats[1].agent.seed == agent_seed(9, 1)
    assert agent_seed(9, 1) != agent_seed(9, 2) != agent_seed(10, 2)
    assert 0 <= agent_seed(2**47, 5) < 2**48


def test_default_seats_put_a_person_against_bots() -> None:
    game = ludoteca.load("ludo")
    seats = default_seats(game)
    assert seats[0] == "human"
    assert len(seats) == game.num_players
    assert all(spec in ludoteca.agents.LEVELS for spec in seats[1:])
    assert load_seats(seats, game, game_seed=1)[1].agent is not None


def test_options_are_key_value_text() -> None:
    assert parse_options(["board=6", " play_out = true"]) == {"board": "6", "play_out": "true"}
    with pytest.raises(InvalidOptionError, match="not key=value"):
        parse_options(["board"])
    with pytest.raises(InvalidOptionError, match="number of --seats"):
        parse_options(["players=3"])


# -- wording ---------------------------------------------------------------------------------
def test_a_roll_is_told_in_the_games_sentence() -> None:
    state = position({"blue": ["14", "R", "R", "R"]}, turn="blue")
    assert present.describe_chance(state, 6) == "Blue rolls a 6"
    with use("de"):
        assert present.describe_chance(state, 6) == "Blau würfelt eine 6"


def test_a_roll_without_a_move_is_told_so() -> None:
    state = position({}, turn="green", start_pawn_on_a=False)
    assert present.describe_chance(state, 3) == "Green rolls a 3 and cannot move"


def test_the_start_draw_names_the_seat_that_begins() -> None:
    state = ludoteca.load("ludo", players=2, colours_per_seat=1).new_initial_state(seed=1)
    assert present.describe_chance(state, 1) == f"{present.seat_names(state.game)[1]} begins"


def test_a_players_move_is_told_in_words_with_its_notation() -> None:
    state = position({"blue": ["14", "R", "R", "R"]}, turn="blue", die=3)
    action = state.string_to_action("14-17")
    told = present.told_move(state, action, present.seat_names(state.game))
    assert told.plain == "Blue moves from 14 to 17 [14-17]"


def test_result_names_the_winner_and_every_return() -> None:
    game: Any = ludoteca.load("ludo", players=2, colours_per_seat=1)
    state = game.state_from_json(
        {
            "game": "ludo",
            "turn": "red",
            "phase": "over",
            "finished": [1],
            "pawns": {"red": ["R", "R", "3", "a"], "yellow": ["a", "b", "c", "d"]},
        }
    )
    lines = present.result_lines(state, ["human", "greedy"])
    assert lines[0].endswith("wins!")
    assert "seat 1, greedy" in lines[0]
    assert lines[1:] == [
        f"  1. {present.seat_name(game, 1, ['human', 'greedy'])}: +1",
        f"  2. {present.seat_name(game, 0, ['human', 'greedy'])}: -1",
    ]


# -- the session -----------------------------------------------------------------------------
def session(tmp_path: Path, specs: list[str], read: Any, **options: Any) -> Session:
    game = ludoteca.load("ludo", players=len(specs))
    state = game.new_initial_state(seed=21)
    seats = load_seats(specs, game, state.seed)
    console = Console(record=True, width=100, height=40)
    return Session(state, seats, console, Options(record=tmp_path / "r.json", **options), read)


def test_bots_pause_after_moves_unless_fast(tmp_path: Path) -> None:
    waits: list[float] = []
    outcome = session(tmp_path, ["random", "random"], None, pause=waits.append).run()
    assert outcome.ending is Ending.FINISHED
    bot_moves = sum(1 for a in Record.load(outcome.record_path).moves if a.player >= 0)
    assert waits.count(BOT_PAUSE) == bot_moves
    fast: list[float] = []
    session(tmp_path, ["random", "random"], None, pause=fast.append, fast=True).run()
    assert fast == []


def test_bots_are_handed_the_position_under_a_fresh_seed(
    tmp_path: Path, seed_spy: list[int]
) -> None:
    """The seed fixes the dice to come: a bot gets `clone_for_agent()`, never that seed."""
    outcome = session(tmp_path, ["seedspy", "random"], None, fast=True).run()
    assert outcome.ending is Ending.FINISHED and seed_spy
    assert outcome.state.seed not in seed_spy


def test_ctrl_c_saves_the_record_and_reports_an_interruption(tmp_path: Path) -> None:
    def interrupt(prompt: Text) -> str:
        raise KeyboardInterrupt

    play = session(tmp_path, ["human", "random"], interrupt, fast=True)
    outcome = play.run()
    assert outcome.ending is Ending.INTERRUPTED
    assert Record.load(outcome.record_path).replay() == outcome.state
    assert "Game stopped: interrupted (Ctrl-C)" in play.console.export_text()


def test_help_and_board_commands_ask_again(tmp_path: Path) -> None:
    answers = iter(["?", "board", "quit"])
    play = session(tmp_path, ["human", "random"], lambda prompt: next(answers), fast=True)
    outcome = play.run()
    assert outcome.ending is Ending.QUIT
    text = play.console.export_text()
    assert "'board' shows the board again" in " ".join(text.split())
    assert text.count("Your move") == 2  # shown, then shown again by "board"


def test_a_bot_error_still_saves_the_record(tmp_path: Path) -> None:
    play = session(tmp_path, ["random", "random"], None, fast=True)
    agent: Any = play.seats[1].agent
    agent.act = lambda state: 999
    with pytest.raises(LudotecaError, match="999"):
        play.run()
    assert (tmp_path / "r.json").is_file()


def test_live_screen_redraws_the_board_after_every_change(tmp_path: Path) -> None:
    answers = iter(["1"] * 5 + ["quit"])
    play = session(tmp_path, ["human", "random"], lambda prompt: next(answers), fast=True)
    play.screen.live = True
    outcome = play.run()
    screens = play.console.export_text().count(f"Mens erger je niet · seed {outcome.state.seed}")
    # one screen at the start, one per move and per roll (a roll before a prompt is drawn
    # with the prompt), and one more per prompt (the five answered and the last)
    history = len(outcome.state.history())
    assert history - 6 <= screens - 1 - 6 <= history


def test_default_record_path_names_game_time_and_seed() -> None:
    from datetime import datetime

    path = default_record_path("ludo", 42, datetime(2025, 3, 4, 5, 6, 7))
    assert path == Path("records") / "ludo-20250304-050607-42.json"


def test_terminal_code_imports_no_game() -> None:
    """The terminal must serve every game alike: a game's modules are found by name only."""
    files = [*sorted((TERMINAL_SOURCES / "terminal").glob("*.py")), TERMINAL_SOURCES / "cli.py"]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            assert not any(n.startswith("ludoteca.games") for n in names), (path, names)
