"""Mens erger je niet: one test per game option (the table in `shared/rules/ludo.md`).

Each test shows the option's effect against the default in the same position. Track circles:
red's A is 0, blue's 10, yellow's 20, green's 30; colours a test leaves out are all in reserve.
"""

from __future__ import annotations

import json

import pytest

import ludoteca
from ludoteca.core.errors import InvalidOptionError

OPTION_NAMES = {
    "start_pawn_on_a",
    "capture_own",
    "clear_start",
    "move_new_pawn",
    "goal_bounce",
    "goal_jump",
    "three_tries",
    "must_capture",
    "play_out",
    "board",
    "colours_per_seat",
    "ruleset",
}


def test_every_option_in_the_rulings_table_is_declared() -> None:
    """Ruling: "Options (each a named game option; defaults follow the seed)"."""
    game = ludoteca.load("ludo")
    assert {spec.name for spec in game.option_specs} == OPTION_NAMES
    assert set(game.options) == OPTION_NAMES
    described = [spec.describe() for spec in game.option_specs]
    json.dumps(described)
    assert all(d["doc"] and d["choices"] for d in described)
    defaults = {k: v for k, v in game.options.items() if k not in {"board", "colours_per_seat"}}
    assert defaults == {
        "start_pawn_on_a": True,
        "capture_own": True,
        "clear_start": False,
        "move_new_pawn": True,
        "goal_bounce": True,
        "goal_jump": True,
        "three_tries": False,
        "must_capture": False,
        "play_out": False,
        "ruleset": "seed",
    }
    assert game.options["board"] == 4


# -- start_pawn_on_a ---------------------------------------------------------------------------
def test_start_pawn_on_a_false_starts_all_four_in_reserve(ludo) -> None:
    """Ruling: "Option `start_pawn_on_a=false` starts with all four in reserve"."""
    state = ludo.game(start_pawn_on_a=False).new_initial_state(seed=1)
    assert state.to_json()["pawns"] == {c: ["R"] * 4 for c in ("red", "blue", "yellow", "green")}
    ludo.play(state, 0, 3)  # red begins and has no pawn to move
    assert state.to_json()["turn"] == "blue"
    ludo.play(state, 6)
    assert ludo.notations(state) == ["R-10"]


# -- capture_own -------------------------------------------------------------------------------
def test_capture_own_false_forbids_landing_on_an_own_pawn(ludo) -> None:
    """Option capture_own=false: "a move may not end on an own pawn"."""
    pawns = {"red": ["5", "9", "R", "R"]}
    default = ludo.play(ludo.position(pawns), 4)
    assert ludo.notations(default) == ["5x9", "9-13"]
    state = ludo.play(ludo.position(pawns, capture_own=False), 4)
    assert ludo.notations(state) == ["9-13"]


def test_capture_own_false_six_cannot_bring_in_over_own_pawn_on_a(ludo) -> None:
    """Option capture_own=false: "a 6 cannot bring a pawn in while an own pawn stands on A"."""
    state = ludo.play(ludo.position({"red": ["0", "R", "R", "R"]}, capture_own=False), 6)
    assert ludo.notations(state) == ["0-6"]
    ludo.play(state, "0-6")
    obj = state.to_json()
    assert (obj["turn"], obj["phase"]) == ("red", "roll")  # the 6 still earns a roll
    ludo.play(state, 6)
    assert ludo.notations(state) == ["R-0"]


def test_capture_own_false_means_same_colour_only(ludo) -> None:
    """Lead's ruling (c): "with capture_own=false, 'own' means the same colour" (red may still
    capture yellow, the other colour of the same seat).
    """
    pawns = {"red": ["5", "R", "R", "R"], "yellow": ["9", "R", "R", "R"]}
    state = ludo.play(ludo.position(pawns, players=2, capture_own=False), 4)
    assert ludo.notations(state) == ["5x9"]
    ludo.play(state, "5x9")
    ludo.assert_pawns(state, red=["9", "R", "R", "R"], yellow=["R", "R", "R", "R"])


def test_capture_own_false_still_captures_others(ludo) -> None:
    state = ludo.play(
        ludo.position(
            {"red": ["5", "R", "R", "R"], "blue": ["9", "R", "R", "R"]}, capture_own=False
        ),
        4,
    )
    assert ludo.notations(state) == ["5x9"]


# -- clear_start -------------------------------------------------------------------------------
def test_clear_start_forces_the_pawn_off_a_while_pawns_wait(ludo) -> None:
    """Option clear_start=true: "while pawns wait in reserve, an own pawn on A must be moved off
    A if it can be".
    """
    pawns = {"red": ["0", "12", "R", "R"]}
    assert ludo.notations(ludo.play(ludo.position(pawns), 3)) == ["0-3", "12-15"]
    state = ludo.play(ludo.position(pawns, clear_start=True), 3)
    assert ludo.notations(state) == ["0-3"]


def test_clear_start_does_not_bind_without_reserve(ludo) -> None:
    state = ludo.play(ludo.position({"red": ["0", "12", "20", "25"]}, clear_start=True), 3)
    assert ludo.notations(state) == ["0-3", "12-15", "20-23", "25-28"]


def test_clear_start_frees_other_pawns_when_the_pawn_on_a_cannot_move(ludo) -> None:
    """ "if it can be": with capture_own=false the pawn on A cannot land on an own pawn."""
    state = ludo.play(
        ludo.position({"red": ["0", "3", "12", "R"]}, clear_start=True, capture_own=False), 3
    )
    assert ludo.notations(state) == ["3-6", "12-15"]


# -- move_new_pawn -----------------------------------------------------------------------------
def test_move_new_pawn_false_lets_the_roll_after_bring_in_move_any_pawn(ludo) -> None:
    """Option move_new_pawn=false: "the roll after a bring-in may move any pawn"."""
    pawns = {"red": ["12", "R", "R", "R"]}
    default = ludo.play(ludo.position(pawns), 6, "R-0", 3)
    assert ludo.notations(default) == ["0-3"]
    state = ludo.play(ludo.position(pawns, move_new_pawn=False), 6, "R-0")
    assert state.to_json()["must_move"] is None
    ludo.play(state, 3)
    assert ludo.notations(state) == ["0-3", "12-15"]


def test_move_new_pawn_false_with_clear_start_new_pawn_leaves_a_while_pawns_wait(ludo) -> None:
    """Option move_new_pawn=false: "(with `clear_start`, the new pawn must still leave A while
    pawns wait in reserve)"; with none left in reserve any pawn may move.
    """
    waiting = ludo.position({"red": ["12", "R", "R", "R"]}, move_new_pawn=False, clear_start=True)
    ludo.play(waiting, 6, "R-0", 3)
    assert ludo.notations(waiting) == ["0-3"]
    last = ludo.position({"red": ["12", "20", "30", "R"]}, move_new_pawn=False, clear_start=True)
    ludo.play(last, 6, "R-0", 3)
    assert ludo.notations(last) == ["0-3", "12-15", "20-23", "30-33"]


# -- goal_bounce -------------------------------------------------------------------------------
def test_goal_bounce_false_a_roll_past_d_cannot_be_used(ludo) -> None:
    """Option goal_bounce=false: "a roll that would pass d cannot be used by that pawn"."""
    pawns = {"red": ["c", "12", "R", "R"]}
    assert ludo.notations(ludo.play(ludo.position(pawns), 3)) == ["12-15", "c-b"]
    state = ludo.play(ludo.position(pawns, goal_bounce=False), 3)
    assert ludo.notations(state) == ["12-15"]
    pawns = {"red": ["39", "12", "20", "30"]}
    assert "39-b" in ludo.notations(ludo.play(ludo.position(pawns), 6))
    state = ludo.play(ludo.position(pawns, goal_bounce=False), 6)
    assert ludo.notations(state) == ["12-18", "20-26", "30-36"]
    exact = ludo.play(ludo.position({"red": ["39", "R", "R", "R"]}, goal_bounce=False), 4)
    assert ludo.notations(exact) == ["39-d"]


# -- goal_jump ---------------------------------------------------------------------------------
def test_goal_jump_false_forbids_jumping_over_goal_pawns(ludo) -> None:
    """Option goal_jump=false: "pawns may not jump over pawns on goal circles".

    red: 39 | a=r b=r c=. d=.   roll 3: 39-c and a-d jump; b-c passes only d (free)
    """
    pawns = {"red": ["39", "a", "b", "R"]}
    assert ludo.notations(ludo.play(ludo.position(pawns), 3)) == ["39-c", "a-d", "b-c"]
    state = ludo.play(ludo.position(pawns, goal_jump=False), 3)
    assert ludo.notations(state) == ["b-c"]


def test_goal_jump_false_counts_passing_when_counting_back(ludo) -> None:
    """Counting back from d passes circles too: c+3 goes d, c, b (over d), d+3 goes c, b, a."""
    pawns = {"red": ["c", "d", "12", "R"]}
    assert ludo.notations(ludo.play(ludo.position(pawns), 3)) == ["12-15", "c-b", "d-a"]
    state = ludo.play(ludo.position(pawns, goal_jump=False), 3)
    assert ludo.notations(state) == ["12-15"]


# -- three_tries -------------------------------------------------------------------------------
def test_no_three_tries_by_default(ludo) -> None:
    """Ruling: "no 'three tries' when no pawn is out (the seed has none)"."""
    state = ludo.play(ludo.position({}), 2)
    assert state.to_json()["turn"] == "blue"


def test_three_tries_rolls_up_to_three_times_when_no_pawn_can_move(ludo) -> None:
    """Option three_tries=true: "with no pawn able to move on the track or in the goal, roll up
    to three times for a 6".
    """
    state = ludo.position({}, three_tries=True)
    ludo.play(state, 2)
    obj = state.to_json()
    assert (obj["turn"], obj["tries"]) == ("red", 1)
    ludo.play(state, 3)
    obj = state.to_json()
    assert (obj["turn"], obj["tries"]) == ("red", 2)
    ludo.play(state, 4)
    obj = state.to_json()
    assert (obj["turn"], obj["tries"], obj["history"]) == ("blue", 0, [2, 3, 4])
    second = ludo.play(ludo.position({}, three_tries=True), 2, 6)
    assert ludo.notations(second) == ["R-0"]


def test_three_tries_counts_goal_pawns_that_cannot_move(ludo) -> None:
    """Goal pawns that cannot move with 1-5 (here: no bounce) leave the colour stuck too."""
    state = ludo.position({"red": ["c", "d", "R", "R"]}, three_tries=True, goal_bounce=False)
    ludo.play(state, 2)
    assert (state.to_json()["turn"], state.to_json()["tries"]) == ("red", 1)


def test_three_tries_not_when_a_pawn_is_on_the_track(ludo) -> None:
    """A pawn on the track (here unable to use a 5) gives one roll only."""
    state = ludo.position({"red": ["39", "a", "b", "c"]}, three_tries=True, goal_bounce=False)
    ludo.play(state, 5)
    assert (state.to_json()["turn"], state.to_json()["tries"]) == ("blue", 0)


# -- must_capture ------------------------------------------------------------------------------
def test_must_capture_forces_a_capturing_move(ludo) -> None:
    """Option must_capture=true: "when a capture is possible, a capturing move must be
    chosen".
    """
    pawns = {"red": ["5", "20", "R", "R"], "blue": ["8", "R", "R", "R"]}
    assert ludo.notations(ludo.play(ludo.position(pawns), 3)) == ["5x8", "20-23"]
    state = ludo.play(ludo.position(pawns, must_capture=True), 3)
    assert ludo.notations(state) == ["5x8"]
    pawns = {"red": ["2", "20", "R", "R"], "blue": ["8", "R", "R", "R"]}
    six = ludo.play(ludo.position(pawns, must_capture=True), 6)
    assert ludo.notations(six) == ["R-0"]  # a 6 with pawns in reserve still brings one in


def test_must_capture_offers_every_capture(ludo) -> None:
    pawns = {"red": ["5", "20", "R", "R"], "blue": ["8", "23", "R", "R"]}
    state = ludo.play(ludo.position(pawns, must_capture=True), 3)
    assert ludo.notations(state) == ["5x8", "20x23"]


def test_must_capture_only_binds_captures_of_other_seats(ludo) -> None:
    """Lead's ruling (b): "must_capture obliges captures of other seats' pawns only"."""
    own = ludo.play(ludo.position({"red": ["5", "8", "20", "R"]}, must_capture=True), 3)
    assert ludo.notations(own) == ["5x8", "8-11", "20-23"]
    same_seat = {"red": ["5", "20", "R", "R"], "yellow": ["8", "R", "R", "R"]}
    state = ludo.play(ludo.position(same_seat, players=2, must_capture=True), 3)
    assert ludo.notations(state) == ["5x8", "20-23"]


# -- play_out ----------------------------------------------------------------------------------
def test_play_out_plays_on_and_ranks_every_seat(ludo) -> None:
    """Option play_out=true: "play on after the winner to rank every seat". Ruling: "Returns ...
    by rank with `play_out`".
    """
    pawns = {"red": ["39", "a", "b", "c"], "blue": ["9", "a", "b", "c"]}
    default = ludo.play(ludo.position(pawns, players=3), 4, "39-d")
    assert default.is_terminal() and default.returns() == [1.0, -0.5, -0.5]
    state = ludo.play(ludo.position(pawns, players=3, play_out=True), 4, "39-d")
    assert not state.is_terminal() and state.returns() == [0.0, 0.0, 0.0]
    obj = state.to_json()
    assert (obj["turn"], obj["finished"]) == ("blue", [0])
    ludo.play(state, 4, "9-d")
    assert state.is_terminal()
    assert state.to_json()["finished"] == [0, 1, 2]
    assert state.returns() == [1.0, 0.0, -1.0]


def test_play_out_returns_by_rank_sum_to_zero(ludo) -> None:
    pawns = {
        "red": ["a", "b", "c", "d"],
        "blue": ["a", "b", "c", "d"],
        "green": ["29", "a", "b", "c"],
    }
    state = ludo.position(pawns, turn="green", play_out=True, finished=[1, 0])
    ludo.play(state, 4, "29-d")
    assert state.to_json()["finished"] == [1, 0, 3, 2]
    assert state.returns() == pytest.approx([1 / 3, 1, -1, -1 / 3])
    assert sum(state.returns()) == pytest.approx(0)


def test_play_out_skips_finished_seats(ludo) -> None:
    """Lead's ruling (e): finished colours are skipped in turn order."""
    pawns = {"red": ["39", "a", "b", "c"]}
    state = ludo.play(ludo.position(pawns, players=3, play_out=True), 4, "39-d", 1, 1)
    assert state.to_json()["turn"] == "blue"  # blue and yellow lost their rolls; red is done


# -- board and colours_per_seat ----------------------------------------------------------------
def test_board_six_has_six_colours_and_48_circles(ludo) -> None:
    """Option board=6: "the six-colour board"."""
    game = ludo.game(players=4, board=6)
    assert game.board.track_length == 48 and len(game.board.colours) == 6
    assert ludo.game(players=6).options["board"] == 6
    assert ludo.game(players=4).options["board"] == 4
    with pytest.raises(InvalidOptionError, match="option 'board' takes one of 4, 6, not 5"):
        ludo.game(board=5)


def test_colours_per_seat_defaults(ludo) -> None:
    """Ruling: "Default with 2 players: seat 0 plays colours 0 and 2, seat 1 plays 1 and 3"; on
    the six-colour board 2 players take 3 colours and 3 players 2 (option description).
    """
    two = ludo.game(players=2)
    assert (two.options["colours_per_seat"], two.colours, two.owner) == (
        2,
        (0, 1, 2, 3),
        [0, 1, 0, 1],
    )
    three = ludo.game(players=3)
    assert (three.options["colours_per_seat"], three.colours) == (1, (0, 1, 2))
    six_two = ludo.game(players=2, board=6)
    assert six_two.owner == [0, 1, 0, 1, 0, 1]
    six_three = ludo.game(players=3, board=6)
    assert six_three.owner == [0, 1, 2, 0, 1, 2]


def test_colours_per_seat_one_seats_two_players_opposite(ludo) -> None:
    """Ruling: "Option `colours_per_seat=1`: one colour each (2 players on opposite sides ...)"."""
    game = ludo.game(players=2, colours_per_seat=1)
    assert [game.colour_name(c) for c in game.colours] == ["red", "yellow"]
    state = game.new_initial_state(seed=1)
    assert list(state.to_json()["pawns"]) == ["red", "yellow"]
    ludo.play(state, 1, 2, "20-22", 1)
    assert state.to_json()["turn"] == "red"
    assert state.current_player() == 0


def test_colours_per_seat_needs_enough_colours(ludo) -> None:
    with pytest.raises(InvalidOptionError, match="colours_per_seat=2 with 3 players needs 6"):
        ludo.game(players=3, colours_per_seat=2)
    with pytest.raises(InvalidOptionError, match="option 'colours_per_seat' takes one of 1, 2, 3"):
        ludo.game(players=2, colours_per_seat=4)


# -- ruleset -----------------------------------------------------------------------------------
def test_ruleset_schmidt_sets_the_preset(ludo) -> None:
    """Option ruleset=schmidt: "the official German rules as a preset (`capture_own=false`,
    `clear_start=true`, `move_new_pawn=false`, `goal_bounce=false`)" - in the options and in
    play.
    """
    game = ludo.game(ruleset="schmidt")
    assert {k: game.options[k] for k in ("capture_own", "clear_start", "move_new_pawn")} == {
        "capture_own": False,
        "clear_start": True,
        "move_new_pawn": False,
    }
    assert game.options["goal_bounce"] is False
    no_own_capture = ludo.play(ludo.position({"red": ["5", "9", "R", "R"]}, ruleset="schmidt"), 4)
    assert ludo.notations(no_own_capture) == ["9-13"]
    clear = ludo.play(ludo.position({"red": ["0", "12", "R", "R"]}, ruleset="schmidt"), 3)
    assert ludo.notations(clear) == ["0-3"]
    free = ludo.position({"red": ["12", "20", "30", "R"]}, ruleset="schmidt")
    ludo.play(free, 6, "R-0", 3)
    assert ludo.notations(free) == ["0-3", "12-15", "20-23", "30-33"]
    no_bounce = ludo.play(ludo.position({"red": ["c", "12", "R", "R"]}, ruleset="schmidt"), 3)
    assert ludo.notations(no_bounce) == ["12-15"]


def test_ruleset_schmidt_explicit_options_win(ludo) -> None:
    """Ruling: "explicit options given with it win"."""
    game = ludo.game(ruleset="schmidt", capture_own=True)
    assert (game.options["capture_own"], game.options["clear_start"]) == (True, True)
    state = ludo.play(
        ludo.position({"red": ["5", "9", "R", "R"]}, ruleset="schmidt", capture_own=True), 4
    )
    assert ludo.notations(state) == ["5x9", "9-13"]
    clear = ludo.position({"red": ["0", "12", "R", "R"]}, ruleset="schmidt", capture_own=True)
    assert ludo.notations(ludo.play(clear, 3)) == ["0-3"]


def test_ruleset_seed_is_the_default(ludo) -> None:
    assert ludo.game(ruleset="seed").options == ludo.game().options
    with pytest.raises(InvalidOptionError, match="option 'ruleset' takes one of seed, schmidt"):
        ludo.game(ruleset="hasbro")


# -- errors and text values --------------------------------------------------------------------
def test_unknown_option_names_the_valid_ones() -> None:
    with pytest.raises(InvalidOptionError, match="unknown option dice; valid options: ") as info:
        ludoteca.load("ludo", dice=2)
    assert all(name in str(info.value) for name in OPTION_NAMES)
    with pytest.raises(InvalidOptionError, match="unknown options dice, speed"):
        ludoteca.load("ludo", dice=2, speed=1)


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"capture_own": "maybe"}, "option 'capture_own' takes true or false, not 'maybe'"),
        ({"capture_own": 1}, "option 'capture_own' takes true or false, not 1"),
        ({"board": "big"}, "option 'board' takes one of 4, 6, not 'big'"),
        ({"board": "5"}, "option 'board' takes one of 4, 6, not '5'"),
        ({"colours_per_seat": "0"}, "option 'colours_per_seat' takes one of 1, 2, 3, not '0'"),
        ({"board": True}, "option 'board' takes one of 4, 6"),
        ({"ruleset": 2}, "option 'ruleset' takes one of seed, schmidt, not 2"),
    ],
)
def test_bad_option_value_names_the_valid_values(options, match: str) -> None:
    with pytest.raises(InvalidOptionError, match=match):
        ludoteca.load("ludo", **options)


@pytest.mark.parametrize("players", [0, 1, 7, -2, "four", 2.5, True])
def test_bad_player_count_names_the_valid_range(players) -> None:
    with pytest.raises(InvalidOptionError, match="ludo is played by 2 to 6 players, not"):
        ludoteca.load("ludo", players=players)


def test_options_accept_text_values() -> None:
    """Values from a command line or a form arrive as text."""
    game = ludoteca.load("ludo", players="2", capture_own="false", board="6", play_out="yes")
    assert game.num_players == 2
    assert (game.options["capture_own"], game.options["board"], game.options["play_out"]) == (
        False,
        6,
        True,
    )
