"""Mens erger je niet: one test per rule of the seed and per ruling, default options.

Each docstring quotes the seed (`shared/seeds/003_0915efaf0de0def8.txt`, Dutch, with a short
English gloss) or the ruling (`shared/rules/ludo.md`) it checks. Positions are set up from JSON;
colours a test does not name have all four pawns in reserve. On the four-colour board the
track circles are 0..39, and colour k's circle A is 10·k: red 0, blue 10, yellow 20, green 30.
Action ids: 0..39 the pawn on that track circle, 40..43 the pawn on goal circle a..d, 44 bring
a pawn in.
"""

from __future__ import annotations

import math

import pytest

import ludoteca
from ludoteca.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    NotationError,
    StateFormatError,
    WrongPlayerError,
)
from ludoteca.games.ludo.board import load_board

A, B, C, D, ENTER = 40, 41, 42, 43, 44


# -- the board ---------------------------------------------------------------------------------
def test_four_colour_board_has_40_circles_entries_every_10() -> None:
    """Ruling: "Track of 40 circles in a loop ... Colour k's entry circle A is track circle 10·k.
    Each colour has 4 reserve circles ... and 4 goal circles a-b-c-d."
    """
    board = load_board(4)
    assert board.colours == ("red", "blue", "yellow", "green")
    assert board.track_length == len(board.track) == 40
    assert [board.entry(k) for k in range(4)] == [0, 10, 20, 30]
    loop = board.track
    assert all(math.dist(loop[i], loop[(i + 1) % 40]) == pytest.approx(1) for i in range(40))
    for colour in range(4):
        assert len(board.goal[colour]) == len(board.reserve[colour]) == 4
        before_a = loop[board.entry(colour) - 1]  # the circle just before A leads to a
        assert math.dist(before_a, board.goal[colour][0]) == pytest.approx(1)
        goal = board.goal[colour]
        assert all(math.dist(goal[g], goal[g + 1]) == pytest.approx(1) for g in range(3))


def test_six_colour_board_has_48_circles_entries_every_8() -> None:
    """Ruling: "Option `board=6`: a six-colour board (48 track circles, entry every 8)"."""
    board = load_board(6)
    assert board.colours == ("red", "blue", "yellow", "green", "purple", "orange")
    assert board.track_length == len(board.track) == 48
    assert [board.entry(k) for k in range(6)] == [0, 8, 16, 24, 32, 40]
    assert all(len(board.goal[c]) == len(board.reserve[c]) == 4 for c in range(6))
    game = ludoteca.load("ludo", players=6, board=6)
    assert game.entries == [0, 8, 16, 24, 32, 40]  # type: ignore[attr-defined]


# -- setup and seating -------------------------------------------------------------------------
def test_setup_one_pawn_on_a_and_three_in_reserve(ludo) -> None:
    """Ruling: "every colour starts with one pawn on its A and three in reserve". Seed: "Hij
    plaatst nu één van zijn pionnen in cirkel A" (he now puts one of his pawns on circle A).
    """
    state = ludoteca.load("ludo").new_initial_state(seed=5)
    obj = state.to_json()
    assert list(obj["pawns"]) == ["red", "blue", "yellow", "green"]
    ludo.assert_pawns(
        state,
        red=["0", "R", "R", "R"],
        blue=["10", "R", "R", "R"],
        yellow=["20", "R", "R", "R"],
        green=["30", "R", "R", "R"],
    )
    assert (obj["phase"], obj["die"], obj["finished"], obj["history"]) == ("start", None, [], [])
    assert state.returns() == [0.0] * 4


def test_start_seat_is_drawn_by_chance() -> None:
    """Seed: "Wie de meeste ogen werpt, mag beginnen" (the highest roll begins). Ruling: "The
    seat that starts is drawn by chance (the highest roll)".
    """
    state = ludoteca.load("ludo").new_initial_state(seed=5)
    assert state.is_chance_node() and state.current_player() == ludoteca.CHANCE
    assert state.chance_outcomes() == [(seat, 0.25) for seat in range(4)]
    assert state.action_to_string(2) == "start:2"
    assert state.string_to_action("start:2") == 2
    state.apply_action(2)
    obj = state.to_json()
    assert (obj["turn"], obj["phase"]) == ("yellow", "roll")
    assert state.chance_outcomes() == [(face, pytest.approx(1 / 6)) for face in range(1, 7)]


def test_first_roll_moves_the_pawn_on_a(ludo) -> None:
    """Seed: "gooit nogmaals de dobbelsteen en zet deze pion ... zoveel witte cirkels vooruit als
    hij ogen heeft geworpen" (rolls and moves that pawn forward as many circles as rolled).
    """
    state = ludoteca.load("ludo").new_initial_state(seed=5)
    ludo.play(state, 0, 4)
    assert state.current_player() == 0
    assert ludo.notations(state) == ["0-4"]
    ludo.play(state, "0-4")
    ludo.assert_pawns(state, red=["R", "R", "R", "4"])
    assert state.to_json()["turn"] == "blue"


def test_play_passes_in_track_order() -> None:
    """Seed: "Vervolgens werpen en zetten, ieder op zijn beurt, de overige spelers" (then the
    others roll and move, each in turn). Ruling: "then play passes to the left (next colour in
    track order)".
    """
    state = ludoteca.load("ludo").new_initial_state(seed=5)
    state.apply_action(3)  # green begins
    turns = []
    for _ in range(5):
        turns.append(state.to_json()["turn"])
        state.apply_action(1)
        state.apply_action(state.legal_actions()[0])
    assert turns == ["green", "red", "blue", "yellow", "green"]


# -- sixes -------------------------------------------------------------------------------------
def test_six_with_pawns_in_reserve_must_bring_one_in(ludo) -> None:
    """Seed: "Wanneer een speler 6 werpt, is hij verplicht een nieuwe pion uit zijn verzameling
    op zijn cirkel A te zetten" (a 6 obliges him to put a new pawn from his reserve on A).
    """
    state = ludo.position({"red": ["5", "R", "R", "R"]})
    ludo.play(state, 6)
    assert state.legal_actions() == [ENTER]
    assert ludo.notations(state) == ["R-0"]
    ludo.play(state, "R-0")
    ludo.assert_pawns(state, red=["0", "5", "R", "R"])
    obj = state.to_json()
    assert (obj["turn"], obj["phase"], obj["must_move"]) == ("red", "roll", 0)


def test_bring_in_captures_other_colours_pawn_on_a(ludo) -> None:
    """Ruling: "the player MUST put a reserve pawn on A (capturing whatever stands there ...)".

    circle: 0 (red's A) holds a blue pawn; red rolls 6.
    """
    state = ludo.position({"red": ["12", "R", "R", "R"], "blue": ["0", "15", "R", "R"]})
    ludo.play(state, 6)
    assert ludo.notations(state) == ["Rx0"]
    ludo.play(state, "Rx0")
    ludo.assert_pawns(state, red=["0", "12", "R", "R"], blue=["15", "R", "R", "R"])


def test_bring_in_captures_own_pawn_on_a(ludo) -> None:
    """Seed: "zelfs al zou hij hierdoor één van zijn eigen pionnen eraf slaan" (even if he thereby
    knocks off one of his own pawns).
    """
    state = ludo.position({"red": ["0", "R", "R", "R"]})
    ludo.play(state, 6)
    assert ludo.notations(state) == ["Rx0"]
    ludo.play(state, "Rx0")
    ludo.assert_pawns(state, red=["0", "R", "R", "R"])
    obj = state.to_json()
    assert (obj["turn"], obj["phase"], obj["must_move"]) == ("red", "roll", 0)


def test_roll_after_bring_in_must_move_the_new_pawn(ludo) -> None:
    """Seed: "nogmaals te werpen en met deze pion verder te spelen" (roll again and play on with
    this pawn). Ruling: "then roll again and MUST move that pawn with that roll".
    """
    state = ludo.position({"red": ["12", "R", "R", "R"]})
    ludo.play(state, 6, "R-0", 3)
    assert ludo.notations(state) == ["0-3"]
    ludo.play(state, "0-3")
    ludo.assert_pawns(state, red=["3", "12", "R", "R"])
    assert state.to_json()["turn"] == "blue"


def test_roll_after_bring_in_moves_the_new_pawn_even_when_six(ludo) -> None:
    """Lead's ruling (a): "the roll right after bringing a pawn in belongs to the new pawn even
    when it is a 6 (the pawn moves 6, then another roll)".
    """
    state = ludo.position({"red": ["12", "R", "R", "R"]})
    ludo.play(state, 6, "R-0", 6)
    assert ludo.notations(state) == ["0-6"]
    ludo.play(state, "0-6")
    ludo.assert_pawns(state, red=["6", "12", "R", "R"])
    obj = state.to_json()
    assert (obj["turn"], obj["phase"], obj["must_move"]) == ("red", "roll", None)


def test_new_pawn_that_cannot_move_loses_the_roll(ludo) -> None:
    """Lead's ruling (a): "if the new pawn cannot move with it, the roll is lost" (even when
    another pawn could move). Needs capture_own=false: a pawn on A can always move otherwise.

    circle:  0   1   2   3 ... 12
             A   .   .   r     r     red brings a pawn in, then rolls 3: 0-3 is barred
    """
    state = ludo.position({"red": ["3", "12", "R", "R"]}, capture_own=False)
    ludo.play(state, 6, "R-0", 3)
    obj = state.to_json()
    assert (obj["turn"], obj["phase"], obj["must_move"]) == ("blue", "roll", None)
    assert obj["history"][-1] == 3
    ludo.assert_pawns(state, red=["0", "3", "12", "R"])


def test_six_without_reserve_moves_any_pawn_and_the_next_roll_another(ludo) -> None:
    """Seed: "heeft hij geen nieuwe pionnen meer over, dan mag hij met een willekeurige pion 6
    vakjes vooruit gaan, terwijl hij voor de tweede worp een andere pion van zijn kleur mag
    gebruiken" (no new pawns left: any pawn 6 ahead, and the second roll may use another pawn).
    """
    state = ludo.position({"red": ["5", "12", "a", "b"]})
    ludo.play(state, 6)
    assert ludo.notations(state) == ["5-11", "12-18"]
    ludo.play(state, "5-11")
    obj = state.to_json()
    assert (obj["turn"], obj["phase"], obj["must_move"]) == ("red", "roll", None)
    ludo.play(state, 2)
    assert ludo.notations(state) == ["11-13", "12-14", "a-c", "b-d"]
    ludo.play(state, "12-14")
    ludo.assert_pawns(state, red=["11", "14", "a", "b"])
    assert state.to_json()["turn"] == "blue"


def test_six_into_the_goal_also_earns_another_roll(ludo) -> None:
    """Ruling: "A 6 always earns another roll after the move it is used for."."""
    state = ludo.position({"red": ["36", "20", "a", "b"]})
    ludo.play(state, 6)
    assert ludo.notations(state) == ["20-26", "36-c"]
    ludo.play(state, "36-c")
    obj = state.to_json()
    assert (obj["turn"], obj["phase"]) == ("red", "roll")


def test_six_with_no_legal_move_still_earns_the_extra_roll(ludo) -> None:
    """Ruling: "With no legal move the roll is lost; a 6 still earns its extra roll."

    red: 37 (+6 lands on d, taken), b, c, d (every count back leaves the goal or hits a pawn)
    """
    state = ludo.position({"red": ["37", "b", "c", "d"]})
    ludo.play(state, 6)
    obj = state.to_json()
    assert (obj["turn"], obj["phase"], obj["history"]) == ("red", "roll", [6])
    ludo.play(state, 1)
    assert ludo.notations(state) == ["37-38"]


# -- ordinary moves ----------------------------------------------------------------------------
def test_move_exactly_the_rolled_number(ludo) -> None:
    """Seed: "zoveel witte cirkels vooruit als hij ogen heeft geworpen" (as many circles ahead as
    the die shows). Ruling: "move one own pawn exactly the rolled number of circles forward".
    """
    state = ludo.position({"red": ["5", "R", "R", "R"]})
    ludo.play(state, 4)
    assert state.legal_actions() == [5]
    assert ludo.notations(state) == ["5-9"]
    ludo.play(state, "5-9")
    ludo.assert_pawns(state, red=["9", "R", "R", "R"])
    obj = state.to_json()
    assert (obj["turn"], obj["phase"], obj["die"]) == ("blue", "roll", None)


def test_passed_pawns_stay_and_their_circles_count(ludo) -> None:
    """Seed: "Bij het verplaatsen van een pion moeten alle te passeren pionnen gewoon blijven
    staan; de overgesprongen cirkels tellen mee" (passed pawns stay; jumped circles count).

    circle:  5   6   7   8
             r   b   y   .     red rolls 3: 5-8
    """
    state = ludo.position(
        {"red": ["5", "R", "R", "R"], "blue": ["6", "R", "R", "R"], "yellow": ["7", "R", "R", "R"]}
    )
    ludo.play(state, 3)
    assert ludo.notations(state) == ["5-8"]
    ludo.play(state, "5-8")
    ludo.assert_pawns(state, red=["8", "R", "R", "R"], blue=["6", "R", "R", "R"])
    ludo.assert_pawns(state, yellow=["7", "R", "R", "R"])


def test_free_choice_among_legal_moves_no_obligation_to_capture(ludo) -> None:
    """Ruling: "a player who has a legal move must make one (free choice among them; no
    obligation to capture ...)".
    """
    state = ludo.position({"red": ["5", "20", "R", "R"], "blue": ["8", "R", "R", "R"]})
    ludo.play(state, 3)
    assert ludo.notations(state) == ["5x8", "20-23"]
    ludo.play(state, "20-23")
    ludo.assert_pawns(state, red=["5", "23", "R", "R"], blue=["8", "R", "R", "R"])


def test_track_circles_wrap_round_after_39(ludo) -> None:
    """Ruling: "Track of 40 circles in a loop, walked in one direction"."""
    state = ludo.position({"blue": ["38", "R", "R", "R"]}, turn="blue")
    ludo.play(state, 4)
    assert ludo.notations(state) == ["38-2"]
    ludo.play(state, "38-2")
    ludo.assert_pawns(state, blue=["2", "R", "R", "R"])


# -- capture -----------------------------------------------------------------------------------
def test_capture_sends_pawn_to_its_reserve(ludo) -> None:
    """Seed: "Staat ... op de cirkel, waar men tenslotte ... terecht komt ... één van een andere
    speler, dan moet deze pion geslagen worden ... bij zijn verzameling moet voegen. Hij mag deze
    pas dán weer in het spel brengen als hij 6 ogen werpt" (a pawn on the landing circle is
    captured, goes to its reserve, and comes back only with a 6).
    """
    state = ludo.position({"red": ["5", "R", "R", "R"], "blue": ["9", "15", "R", "R"]})
    ludo.play(state, 4)
    assert ludo.notations(state) == ["5x9"]
    ludo.play(state, "5x9")
    ludo.assert_pawns(state, red=["9", "R", "R", "R"], blue=["15", "R", "R", "R"])
    ludo.play(state, 5)
    assert ludo.notations(state) == ["15-20"]
    ludo.play(state, "15-20", 1, 1)  # yellow and green have no pawn out: their rolls are lost
    ludo.play(state, 2, "9-11", 6)
    assert ludo.notations(state) == ["R-10"]


def test_capture_own_pawn_sends_it_to_reserve(ludo) -> None:
    """Seed: "een eigen pion dan wel één van een andere speler, dan moet deze pion geslagen
    worden" (an own pawn or another player's: it must be captured).
    """
    state = ludo.position({"red": ["5", "9", "R", "R"]})
    ludo.play(state, 4)
    assert ludo.notations(state) == ["5x9", "9-13"]
    ludo.play(state, "5x9")
    ludo.assert_pawns(state, red=["9", "R", "R", "R"])


def test_entry_circle_a_gives_no_protection(ludo) -> None:
    """Seed: "De cirkels A gelden als gewone cirkels" (the A circles count as ordinary circles).

    circle:  7   8   9  10 (blue's A)
             r   .   .   b        red rolls 3: 7x10
    """
    state = ludo.position({"red": ["7", "R", "R", "R"], "blue": ["10", "R", "R", "R"]})
    ludo.play(state, 3)
    assert ludo.notations(state) == ["7x10"]
    ludo.play(state, "7x10")
    ludo.assert_pawns(state, red=["10", "R", "R", "R"], blue=["R", "R", "R", "R"])


def test_goal_pawns_are_never_captured(ludo) -> None:
    """Ruling: "Goal circles are never captured on." (red's own pawn on b blocks 38-b)."""
    state = ludo.position({"red": ["38", "b", "R", "R"]})
    ludo.play(state, 3)
    assert ludo.notations(state) == ["b-c"]
    assert 38 not in state.legal_actions()


def test_goal_circles_are_own_colour_only(ludo) -> None:
    """Seed: "De kleine cirkels a-b-c-d echter niet; deze zijn de eindpunten voor de pionnen van
    de overeenkomstige kleur" (the small circles a-d are the end points of their own colour).
    """
    state = ludo.position({"red": ["39", "R", "R", "R"], "blue": ["a", "38", "R", "R"]})
    ludo.play(state, 1)
    assert ludo.notations(state) == ["39-a"]
    ludo.play(state, "39-a")
    ludo.assert_pawns(state, red=["a", "R", "R", "R"], blue=["a", "38", "R", "R"])
    ludo.play(state, 2)  # blue walks past red's goal entry onto red's A
    assert ludo.notations(state) == ["38-0", "a-c"]
    ludo.play(state, "38-0")
    ludo.assert_pawns(state, blue=["a", "0", "R", "R"])


# -- the goal ----------------------------------------------------------------------------------
def test_goal_entry_from_the_circle_before_own_a_never_onto_a_again(ludo) -> None:
    """Seed: "hierop gaat men dus verder, wanneer men de gehele weg, tot aan cirkel A van zijn
    eigen kleur, heeft afgelegd" (one goes on to a-d after the whole way up to one's own A).
    Ruling: "From there the next steps go to a, b, c, d (not onto A again)".
    """
    for start, roll, move in [("39", 1, "39-a"), ("38", 2, "38-a"), ("36", 4, "36-a")]:
        state = ludo.position({"red": [start, "R", "R", "R"]})
        ludo.play(state, roll)
        assert ludo.notations(state) == [move]
        ludo.play(state, move)
        ludo.assert_pawns(state, red=["a", "R", "R", "R"])
    state = ludo.position({"blue": ["8", "R", "R", "R"]}, turn="blue")
    ludo.play(state, 3)
    assert ludo.notations(state) == ["8-b"]
    ludo.play(state, "8-b")
    ludo.assert_pawns(state, blue=["b", "R", "R", "R"])


def test_goal_needs_an_exact_landing_on_a_free_circle(ludo) -> None:
    """Seed: "men dient nu zo te gooien dat op elke kleine cirkel één pion komt te staan" (one
    must roll so that each small circle gets one pawn). Ruling: "A pawn must land exactly on a
    free goal circle."
    """
    state = ludo.position({"red": ["39", "b", "R", "R"]})
    ludo.play(state, 2)  # 39-b is taken; b may go on to d
    assert ludo.notations(state) == ["b-d"]


def test_goal_overshoot_counts_back_from_d(ludo) -> None:
    """Seed: "zelfs niet na eventueel terugtellen via cirkel d" (not even after counting back via
    d). Ruling: "Steps past d count back from d: from c, a roll of 3 goes d, c, b."
    """
    state = ludo.position({"red": ["c", "R", "R", "R"]})
    ludo.play(state, 3)
    assert ludo.notations(state) == ["c-b"]
    ludo.play(state, "c-b")
    ludo.assert_pawns(state, red=["b", "R", "R", "R"])
    state = ludo.position({"red": ["39", "12", "20", "30"]})
    ludo.play(state, 6)  # a, b, c, d, c, b
    assert "39-b" in ludo.notations(state)
    ludo.play(state, "39-b")
    ludo.assert_pawns(state, red=["b", "12", "20", "30"])


def test_overshoot_never_counts_back_out_of_the_goal(ludo) -> None:
    """Ruling: "If it cannot land on a free goal circle even so, that pawn cannot move this
    roll." (from b a 6 would count back past a onto the track)
    """
    state = ludo.position({"red": ["b", "12", "20", "30"]})
    ludo.play(state, 6)
    assert ludo.notations(state) == ["12-18", "20-26", "30-36"]


def test_goal_blocked_and_no_other_move_waits_for_next_turn(ludo) -> None:
    """Seed: "dan moet men zijn volgende beurt afwachten en het opnieuw proberen" (then one must
    wait for the next turn and try again).

    red: 39 (+2 = b, taken), goal b and d (b+2 = d taken; d+2 counts back to b, taken)
    """
    state = ludo.position({"red": ["39", "b", "d", "R"]})
    ludo.play(state, 2)
    obj = state.to_json()
    assert (obj["turn"], obj["phase"], obj["history"]) == ("blue", "roll", [2])
    ludo.assert_pawns(state, red=["39", "b", "d", "R"])


def test_pawns_move_on_within_the_goal(ludo) -> None:
    """Ruling: "Pawns may move on within the goal by the same rule"."""
    state = ludo.position({"red": ["a", "R", "R", "R"]})
    ludo.play(state, 2)
    assert ludo.notations(state) == ["a-c"]
    ludo.play(state, "a-c")
    ludo.assert_pawns(state, red=["c", "R", "R", "R"])
    assert state.to_json()["turn"] == "blue"


def test_pawns_may_jump_over_goal_pawns(ludo) -> None:
    """Ruling: "Pawns may move on within the goal ... and may be jumped over there."."""
    state = ludo.position({"red": ["39", "a", "b", "R"]})
    ludo.play(state, 3)
    assert ludo.notations(state) == ["39-c", "a-d", "b-c"]
    ludo.play(state, "39-c")
    ludo.assert_pawns(state, red=["a", "b", "c", "R"])


def test_pawn_cannot_move_to_the_circle_it_stands_on(ludo) -> None:
    """Lead's ruling (d): "a pawn cannot move to the circle it stands on" (b + 4 goes c, d, c, b;
    a + 6 goes b, c, d, c, b, a; c + 2 goes d, c).
    """
    state = ludo.position({"red": ["b", "12", "R", "R"]})
    ludo.play(state, 4)
    assert ludo.notations(state) == ["12-16"]
    state = ludo.position({"red": ["a", "c", "12", "20"]})
    ludo.play(state, 6)
    assert ludo.notations(state) == ["12-18", "20-26"]
    state = ludo.position({"red": ["c", "12", "R", "R"]})
    ludo.play(state, 2)
    assert ludo.notations(state) == ["12-14"]


def test_no_legal_move_loses_the_roll_and_passes_the_turn(ludo) -> None:
    """Ruling: "With no legal move the roll is lost". Lead's ruling (e): "a roll with no legal
    move passes automatically (there is no pass action)".
    """
    state = ludo.position({"red": ["R", "R", "R", "R"]})
    ludo.play(state, 3)
    obj = state.to_json()
    assert (obj["turn"], obj["phase"], obj["die"], obj["history"]) == ("blue", "roll", None, [3])
    assert state.is_chance_node()
    assert state.legal_actions() == [1, 2, 3, 4, 5, 6]


# -- the end -----------------------------------------------------------------------------------
def test_first_seat_with_all_pawns_home_wins(ludo) -> None:
    """Seed: "Wie dit ... het eerst gelukt, is winnaar" (whoever first succeeds wins). Ruling:
    "Returns: winner +1, others -1/(n-1) (zero-sum)".
    """
    state = ludo.position({"red": ["39", "a", "b", "c"], "blue": ["15", "R", "R", "R"]})
    assert state.returns() == [0.0] * 4
    ludo.play(state, 4, "39-d")
    assert state.is_terminal() and state.current_player() == ludoteca.TERMINAL
    assert state.returns() == pytest.approx([1, -1 / 3, -1 / 3, -1 / 3])
    assert state.legal_actions() == []
    obj = state.to_json()
    assert (obj["phase"], obj["finished"]) == ("over", [0])


def test_winning_with_a_six_ends_the_game(ludo) -> None:
    """The extra roll of a 6 is not played once the game is won (seed: the first to finish
    wins)."""
    state = ludo.position({"red": ["37", "a", "b", "c"]})
    ludo.play(state, 6, "37-d")
    assert state.is_terminal()
    assert state.returns() == pytest.approx([1, -1 / 3, -1 / 3, -1 / 3])


# -- seats and colours -------------------------------------------------------------------------
def test_two_players_play_two_colours_each_alternating() -> None:
    """Seed: "Wanneer er minder dan 4 spelers zijn, nemen één of meer spelers 2 kleuren voor hun
    rekening" (fewer than 4 players: some take 2 colours). Ruling: "seat 0 plays colours 0 and
    2, seat 1 plays 1 and 3 (turns alternate)".
    """
    game = ludoteca.load("ludo", players=2)
    assert game.options["colours_per_seat"] == 2
    state = game.new_initial_state(seed=3)
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_action(0)
    seen = []
    for _ in range(5):
        state.apply_action(1)
        seen.append((state.to_json()["turn"], state.current_player()))
        state.apply_action(state.legal_actions()[0])
    assert seen == [("red", 0), ("blue", 1), ("yellow", 0), ("green", 1), ("red", 0)]
    state = game.new_initial_state(seed=3)
    state.apply_action(1)
    assert state.to_json()["turn"] == "blue"


def test_two_colour_seat_wins_only_when_both_colours_are_home(ludo) -> None:
    """Ruling: "a seat wins when all pawns of all its colours are on goal circles"."""
    state = ludo.position({"red": ["39", "a", "b", "c"], "yellow": ["5", "R", "R", "R"]}, players=2)
    ludo.play(state, 4, "39-d")
    assert not state.is_terminal()
    obj = state.to_json()
    assert (obj["turn"], obj["finished"]) == ("blue", [])
    state = ludo.position(
        {"red": ["a", "b", "c", "d"], "yellow": ["19", "a", "b", "c"]}, turn="yellow", players=2
    )
    ludo.play(state, 4, "19-d")
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]


def test_colours_all_home_are_skipped_in_turn_order(ludo) -> None:
    """Lead's ruling (e): "colours whose pawns are all home are skipped in turn order"."""
    state = ludo.position(
        {"red": ["a", "b", "c", "d"], "yellow": ["5", "R", "R", "R"]}, players=2, turn="green"
    )
    ludo.play(state, 1)  # green has no pawn out: the roll passes
    assert state.to_json()["turn"] == "blue"  # red is home: skipped
    ludo.play(state, 1)
    assert state.to_json()["turn"] == "yellow"


def test_colour_home_with_a_six_does_not_roll_again(ludo) -> None:
    """Lead's ruling (e): "colours whose pawns are all home are skipped in turn order"; the extra
    roll of the 6 that brought the last pawn home has no pawn left to move, so the next colour
    rolls.
    """
    state = ludo.position({"red": ["37", "a", "b", "c"], "yellow": ["5", "R", "R", "R"]}, players=2)
    ludo.play(state, 6, "37-d")
    obj = state.to_json()
    assert (obj["turn"], obj["phase"]) == ("blue", "roll")


def test_three_players_play_three_colours() -> None:
    """Ruling: "3 players on three colours, the default for 3 players"."""
    game = ludoteca.load("ludo", players=3)
    state = game.new_initial_state(seed=1)
    assert list(state.to_json()["pawns"]) == ["red", "blue", "yellow"]
    state.apply_action(2)  # yellow begins; after yellow comes red
    state.apply_action(1)
    state.apply_action(state.legal_actions()[0])
    assert state.to_json()["turn"] == "red"


def test_five_and_six_players_need_the_six_colour_board() -> None:
    """Seed: "kunnen 2-6 personen deelnemen" (2-6 people can play). Ruling: "Option `board=6`:
    a six-colour board ... for 5-6 players".
    """
    with pytest.raises(
        InvalidOptionError, match=r"5 players need the six-colour board \(board=6\)"
    ):
        ludoteca.load("ludo", players=5, board=4)
    assert ludoteca.load("ludo", players=5).options["board"] == 6
    with pytest.raises(InvalidOptionError, match="2 to 6 players, not 7"):
        ludoteca.load("ludo", players=7, board=6)
    five = ludoteca.load("ludo", players=5, board=6).new_initial_state(seed=1)
    assert list(five.to_json()["pawns"]) == ["red", "blue", "yellow", "green", "purple"]
    six = ludoteca.load("ludo", players=6, board=6).new_initial_state(seed=1)
    assert sorted(six.to_json()["pawns"]["orange"]) == ["40", "R", "R", "R"]


def test_six_colour_board_goal_entry_and_wrap(ludo) -> None:
    """Ruling: "48 track circles, entry every 8": orange's A is 40, purple's 32; goal ids are
    48..51 and bringing in is 52.
    """
    state = ludo.position({"orange": ["39", "R", "R", "R"]}, turn="orange", players=6, board=6)
    ludo.play(state, 1)
    assert ludo.notations(state) == ["39-a"] and state.legal_actions() == [39]
    ludo.play(state, "39-a", 1, 1, 1, 1, 1, 1)  # red .. purple have no pawn out
    assert ludo.notations(state) == ["a-b"] and state.legal_actions() == [48]
    state = ludo.position({"blue": ["47", "R", "R", "R"]}, turn="blue", players=6, board=6)
    ludo.play(state, 3)
    assert ludo.notations(state) == ["47-2"]
    ludo.play(state, "47-2", 6)  # yellow rolls 6: brings a pawn in on 16
    assert state.legal_actions() == [52] and ludo.notations(state) == ["R-16"]


# -- notation ----------------------------------------------------------------------------------
def test_notation_writes_from_to_with_x_for_a_capture(ludo) -> None:
    """Rules page: "A move is written from-to, with `x` instead of `-` when it captures"."""
    cases = [
        ({"red": ["12", "R", "R", "R"]}, "red", 5, "12-17"),
        ({"red": ["35", "R", "R", "R"], "blue": ["39", "R", "R", "R"]}, "red", 4, "35x39"),
        ({"red": ["38", "R", "R", "R"]}, "red", 3, "38-b"),
        ({"red": ["b", "R", "R", "R"]}, "red", 2, "b-d"),
        ({"blue": ["12", "R", "R", "R"]}, "blue", 6, "R-10"),
        ({"blue": ["R", "R", "R", "R"], "red": ["10", "R", "R", "R"]}, "blue", 6, "Rx10"),
    ]
    for pawns, turn, roll, move in cases:
        state = ludo.position(pawns, turn=turn)
        ludo.play(state, roll)
        assert move in ludo.notations(state)
        action = state.string_to_action(move)
        assert state.action_to_string(action) == move


def test_notation_reads_the_from_part_alone(ludo) -> None:
    """Rules page: "Parsing accepts the from-part alone (`12`, `b`, `R`, `in`)"."""
    state = ludo.position({"red": ["12", "b", "R", "R"]})
    ludo.play(state, 1)
    assert [state.string_to_action(t) for t in ("12", "b", " 12-13 ", "B-C")] == [12, B, 12, B]
    state = ludo.position({"red": ["12", "R", "R", "R"]})
    ludo.play(state, 6)
    assert [state.string_to_action(t) for t in ("R", "in", "r-0", "Rx0")] == [ENTER] * 4


def test_chance_notation_is_the_die_face_and_start_seat(ludo) -> None:
    """Rules page: "a die shows `1`..`6`; the start draw is `start:2`"."""
    state = ludo.position({"red": ["12", "R", "R", "R"]})
    assert [state.action_to_string(f) for f in range(1, 7)] == ["1", "2", "3", "4", "5", "6"]
    assert [state.string_to_action(str(f)) for f in range(1, 7)] == [1, 2, 3, 4, 5, 6]
    start = ludoteca.load("ludo").new_initial_state(seed=1)
    assert [start.action_to_string(s) for s in range(4)] == [f"start:{s}" for s in range(4)]


# -- illegal actions leave the state as it was -------------------------------------------------
def test_illegal_move_raises_and_names_the_legal_moves(ludo) -> None:
    """An action that is not legal raises IllegalActionError listing the legal moves."""
    state = ludo.position({"red": ["5", "12", "R", "R"], "blue": ["20", "R", "R", "R"]})
    ludo.play(state, 3)
    for action in (20, ENTER, A, 99, -1, 5.0, None, True):
        ludo.rejects(
            state, IllegalActionError, r"not a legal action here; legal: 5-8, 12-15", action
        )
    ludo.rejects(state, IllegalActionError, "legal: 5-8, 12-15", "20")  # notation of no pawn
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="'5' is not a legal action"):
        state.apply_action("5")  # type: ignore[arg-type]  # an id, not notation
    assert state.to_json() == before


def test_wrong_player_raises_wrong_player_error(ludo) -> None:
    """A seat acting out of turn gets WrongPlayerError naming whose turn it is."""
    state = ludo.position({"red": ["5", "R", "R", "R"]})
    ludo.rejects(state, WrongPlayerError, "a chance event's turn, not seat 0's", 3, player=0)
    ludo.play(state, 3)
    ludo.rejects(state, WrongPlayerError, "seat 0's turn, not seat 1's", 5, player=1)
    ludo.rejects(state, WrongPlayerError, "seat 0's turn, not seat 2's", "5-8", player=2)
    state.apply_action(5, player=0)
    assert state.to_json()["turn"] == "blue"


def test_move_at_a_chance_node_raises(ludo) -> None:
    """At a roll only a die face 1-6 may be applied."""
    state = ludo.position({"red": ["5", "R", "R", "R"]})
    for action in (0, 7, 5.0, ENTER):
        ludo.rejects(state, IllegalActionError, "legal: 1, 2, 3, 4, 5, 6", action)
    ludo.rejects(state, NotationError, "a die roll is written 1-6", "5-9")


def test_no_action_after_the_end(ludo) -> None:
    """Once a seat has won, every action raises and the final position stays."""
    state = ludo.position({"red": ["39", "a", "b", "c"]})
    ludo.play(state, 4, "39-d")
    for action in (1, 6, 0, ENTER):
        ludo.rejects(state, IllegalActionError, "the game is over", action)
    ludo.rejects(state, NotationError, "the game is over", "39-d")


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("zz", "'zz' is not a ludo move"),
        ("41", "'41' is not a ludo move"),
        ("-5", "is not a ludo move"),
        ("", "is not a ludo move"),
        ("e-f", "is not a ludo move"),
        ("ab", "'ab' is not a ludo move"),
        ("bcd-a", "is not a ludo move"),
        ("12-99", "that pawn would land on 15, not 99"),
        ("12x16", "that pawn would land on 15, not 16"),
    ],
)
def test_malformed_notation_raises_notation_error(ludo, text: str, match: str) -> None:
    """Text that names no move raises NotationError saying how moves are written."""
    state = ludo.position({"red": ["12", "R", "R", "R"]})
    ludo.play(state, 3)
    ludo.rejects(state, NotationError, match, text)


def test_notation_that_is_not_text_raises_notation_error(ludo) -> None:
    state = ludo.position({"red": ["12", "R", "R", "R"]})
    ludo.play(state, 3)
    with pytest.raises(NotationError, match="a move is text, not int"):
        state.string_to_action(12)  # type: ignore[arg-type]


def test_malformed_chance_notation_raises_notation_error(ludo) -> None:
    state = ludo.position({"red": ["12", "R", "R", "R"]})
    for text in ("7", "0", "six", "R"):
        ludo.rejects(state, NotationError, "a die roll is written 1-6", text)
    start = ludoteca.load("ludo").new_initial_state(seed=1)
    ludo.rejects(start, NotationError, "start:0 .. start:N-1", "start:4")
    ludo.rejects(start, NotationError, "start:0 .. start:N-1", "red")


def _valid() -> dict:
    return {
        "game": "ludo",
        "players": 4,
        "turn": "red",
        "phase": "roll",
        "pawns": {
            "red": ["5", "R", "R", "R"],
            "blue": ["R", "R", "R", "R"],
            "yellow": ["R", "R", "R", "R"],
            "green": ["R", "R", "R", "R"],
        },
    }


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda o: o.update(game="chess"), "this JSON is for game 'chess', not 'ludo'"),
        (lambda o: o.update(players=3), "this JSON has 3 players; the game has 4"),
        (lambda o: o["pawns"].pop("green"), "pawns must list exactly the colours"),
        (lambda o: o["pawns"].update(purple=["R"] * 4), "pawns must list exactly the colours"),
        (lambda o: o.pop("pawns"), "malformed ludo state"),
        (lambda o: o["pawns"].update(red=["5", "R", "R"]), "red has 3 pawns; every colour has 4"),
        (lambda o: o["pawns"].update(red=["40", "R", "R", "R"]), "red pawn at '40': write R"),
        (lambda o: o["pawns"].update(red=["e", "R", "R", "R"]), "red pawn at 'e'"),
        (lambda o: o["pawns"].update(blue=["5", "R", "R", "R"]), "two pawns on track circle 5"),
        (lambda o: o["pawns"].update(red=["a", "a", "R", "R"]), "two red pawns on goal circle a"),
        (lambda o: o["pawns"].update(red=["ab", "R", "R", "R"]), "red pawn at 'ab'"),
        (lambda o: o.update(turn="purple"), "turn 'purple' is not a colour in play"),
        (lambda o: o.update(phase="dance"), "phase 'dance' is not one of start, roll, move, over"),
        (lambda o: o.update(phase="move"), "phase 'move' needs"),
        (lambda o: o.update(phase="move", die=9), "phase 'move' needs"),
        (lambda o: o.update(phase="move", turn="blue", die=3), "blue has no legal move with a 3"),
        (lambda o: o.update(must_move=7), "must_move 7: no red pawn stands there"),
        (lambda o: o.update(options={"board": 6}), "the state's options"),
    ],
)
def test_bad_json_raises_state_format_error(change, match: str) -> None:
    """`state_from_json` rejects a malformed position with StateFormatError naming the fault."""
    game = ludoteca.load("ludo")
    obj = _valid()
    game.state_from_json(obj)  # the unchanged document is valid
    change(obj)
    with pytest.raises(StateFormatError, match=match):
        game.state_from_json(obj)


def test_json_that_is_not_an_object_is_rejected() -> None:
    game = ludoteca.load("ludo")
    for obj in ([], "ludo", None, 7):
        with pytest.raises(StateFormatError, match="a ludo state is a JSON object"):
            game.state_from_json(obj)  # type: ignore[arg-type]
