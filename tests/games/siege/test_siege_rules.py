"""Belagerung: one test per rule of the seed and per ruling, default options.

Each docstring quotes the seed (`shared/seeds/002_f7076ac2b65614b9.txt`, Dutch) or the ruling
(`shared/rules/siege.md`, or ours on `docs/games/siege.md`) it checks. Positions are set up
from JSON and drawn with row 6 (the defender's side) on top: N knight, S soldier, L lord,
`~` moat, `#` castle, `.` land. Unless a test says otherwise the opening is over.
"""

from __future__ import annotations

from typing import Any

import pytest

import ludoteca
from ludoteca.core.errors import IllegalActionError
from ludoteca.games.siege.board import load_board
from ludoteca.games.siege.game import SiegeState


def position(
    knights: list[str],
    soldiers: list[str],
    lord: str | None = "d6",
    turn: str = "attacker",
    **extra: Any,
) -> SiegeState:
    game = ludoteca.load("siege", **extra.pop("options", {}))
    obj = {"game": "siege", "knights": knights, "soldiers": soldiers, "lord": lord, "turn": turn}
    state = game.state_from_json({**obj, **extra})
    assert isinstance(state, SiegeState)
    return state


def moves(state: SiegeState, origin: str | None = None) -> set[str]:
    """The legal moves in notation, optionally only those of the piece on `origin`."""
    texts = {state.action_to_string(a) for a in state.legal_actions()}
    return {t for t in texts if origin is None or t[1:3] == origin}


def targets(state: SiegeState, origin: str) -> set[str]:
    return {t[-2:] for t in moves(state, origin)}


# -- the board -------------------------------------------------------------------------------
def test_board_has_eight_columns_six_rows_moat_castle_crowns_and_start_squares() -> None:
    """Ruling: "columns a-h, rows 1-6 ... knights' start squares b0, d0, e0, g0 (off the grid),
    castle c3-f6, moat a2-a6 and h2-h6, crown fields d6 and e6"."""
    board = load_board()
    names = {board.name(f) for f in board.fields}
    assert len(names) == 8 * 6 + 4
    assert {board.name(f) for f in board.knight_starts} == {"b0", "d0", "e0", "g0"}
    assert {board.name(f) for f in board.castle} == {f"{c}{r}" for c in "cdef" for r in range(3, 7)}
    assert {board.name(f) for f in board.moat} == {f"{c}{r}" for c in "ah" for r in range(2, 7)}
    assert [board.name(f) for f in board.crowns] == ["d6", "e6"]


def test_initial_position_knights_on_white_dots_soldiers_inside_lord_on_a_crown() -> None:
    """Seed: "De burchtheer wordt op één van de kroonvelden ... neergezet. De landsknechten staan
    ... binnen de burcht. De vier ridders te paard starten op de met een witte punt gemarkeerde
    punten"; ruling: soldiers on d4, e4, d5, e5, the lord on d6."""
    state = ludoteca.load("siege").new_initial_state(seed=1)
    obj = state.to_json()
    assert obj["knights"] == ["b0", "d0", "e0", "g0"]
    assert sorted(obj["soldiers"]) == ["d4", "d5", "e4", "e5"]
    assert obj["lord"] == "d6"


def test_lord_start_option_puts_the_lord_on_e6() -> None:
    """Ruling: "the lord on d6 (option: e6)"."""
    state = ludoteca.load("siege", lord_start="e6").new_initial_state(seed=1)
    assert state.to_json()["lord"] == "e6"


def test_the_attacker_begins() -> None:
    """Seed: "De aanvallende speler (ridders te paard) begint"."""
    state = ludoteca.load("siege").new_initial_state(seed=1)
    assert state.current_player() == 0
    assert all(t.startswith("N") for t in moves(state))


def test_a_player_must_always_move_one_piece() -> None:
    """Seed: "Gedurende het spel moeten de spelers altijd een figuur verplaatsen": there is no
    pass, and each action moves exactly one piece."""
    state = ludoteca.load("siege").new_initial_state(seed=1)
    before = state.to_json()
    state.apply_notation("Nb0-c2")
    after = state.to_json()
    assert set(before["knights"]) ^ set(after["knights"]) == {"b0", "c2"}
    assert after["soldiers"] == before["soldiers"] and after["turn"] == "defender"


def test_never_two_pieces_on_one_field() -> None:
    """Seed: "Op een veld mag nooit meer dan één figuur staan": a knight may not land on a
    knight, a soldier may not step onto its own pieces."""
    #  4  ~ . # N # # . ~
    #  3  ~ . # S # # . ~
    #  2  ~ . N . . . . ~
    state = position(["c2", "d4"], ["d3"], lord="f6")
    assert "d4" not in targets(state, "c2")
    defender = position(["a2"], ["d3", "d4"], lord="e4", turn="defender")
    assert not {"d4", "e4"} & targets(defender, "d3")


# -- knights ---------------------------------------------------------------------------------
def test_knight_jumps_two_forward_one_sideways_or_one_forward_two_sideways() -> None:
    """Seed 1a: "twee velden naar voren en vervolgens één veld naar links of naar rechts. OF: één
    veld naar voren en twee velden naar links of naar rechts"."""
    #  4  ~ . # # # # . ~
    #  3  ~ . # # # # . ~
    #  2  ~ . . . N . . ~
    state = position(["e2"], [], lord="f6")
    assert targets(state, "e2") == {"d4", "f4", "c3", "g3"}


def test_knight_never_moves_backwards_outside_the_castle() -> None:
    """Seed 1b: "De ridders mogen niet achterwaarts bewegen"; ruling: forward is towards row 6."""
    state = position(["b4"], [], lord="f6")
    assert targets(state, "b4") == {"a6", "c6", "d5", "d3"}  # d3 is a castle field
    assert not any(int(t[1]) < 4 and t != "d3" for t in targets(state, "b4"))


def test_knight_may_jump_backwards_to_enter_the_castle() -> None:
    """Seed 1b: "behalve wanneer hij zich bij de burcht bevindt en de burcht intrekt"."""
    #  6  ~ N # # # # . ~
    #  5  ~ . # # # # . ~
    #  4  ~ . # # # # . ~
    state = position(["b6"], [], lord="f6")
    assert targets(state, "b6") == {"c4", "d5"}


def test_knight_may_stand_on_moat_and_castle_fields() -> None:
    """Seed 1c: "De ridders mogen alle velden van het bord en de burcht bezetten"."""
    state = position(["b0", "d2"], [], lord="f6")
    assert "a2" in targets(state, "b0")  # moat
    assert {"c4", "e4", "f3"} <= targets(state, "d2")  # castle


def test_knight_never_leaves_the_castle() -> None:
    """Seed 1d: "Heeft een ridder de burcht betreden, dan mag hij deze niet meer verlaten"."""
    #  5  ~ . # # # # . ~
    #  4  ~ . # # # # . ~
    #  3  ~ . N # # # . ~
    state = position(["c3"], [], lord="f6")
    assert targets(state, "c3") == {"d5", "e4"}  # b5, a4 (forward) are outside the castle


def test_knight_inside_the_castle_jumps_in_all_eight_directions() -> None:
    """Ruling: "inside the castle a knight may jump in any of the eight directions, as long as it
    lands on a castle field"."""
    state = position(["e5"], [], lord="c3")
    assert targets(state, "e5") == {"c6", "c4", "d3", "f3"}


def test_knight_jumps_over_own_and_enemy_pieces() -> None:
    """Seed 1e: "Een ridder mag zijn eigen en de figuren van de tegenstander overspringen"."""
    #  3  ~ . # S # # . ~
    #  2  ~ . . N S . . ~
    #  1  . . . N . . . .
    state = position(["d1", "d2"], ["e2", "d3"], lord="f6")
    assert {"c3", "e3"} <= targets(state, "d1")


def test_knight_captures_by_landing_on_a_soldier_or_the_lord() -> None:
    """Seed: "Burchtheer of landsknechten worden gevangen genomen, wanneer een ridder te paard op
    het door hun bezette veld landt"."""
    state = position(["c2", "b1"], ["d4"], lord="c3")
    assert "Nc2xd4" in moves(state)
    state.apply_notation("Nc2xd4")
    assert state.to_json()["soldiers"] == [] and "d4" in state.to_json()["knights"]


def test_jumping_over_is_no_capture() -> None:
    """Seed: "Overspringen geldt niet als een gevangenname"."""
    state = position(["d1"], ["d2", "e2"], lord="f6")
    state.apply_notation("Nd1-e3")
    assert sorted(state.to_json()["soldiers"]) == ["d2", "e2"]


# -- soldiers --------------------------------------------------------------------------------
def test_soldier_steps_one_field_in_any_direction() -> None:
    """Seed 2a: "Een landsknecht beweegt één veld in elke gewenste richting ... altijd slechts
    één veld"."""
    state = position(["b0"], ["c2"], lord="f6", turn="defender")
    assert targets(state, "c2") == {"b1", "c1", "d1", "b2", "d2", "b3", "c3", "d3"}


def test_soldier_never_steps_onto_the_moat() -> None:
    """Seed 2b: "behalve degenen met een blauwe punt, hetgeen een gracht voorstelt"."""
    state = position(["b0"], ["b3"], lord="f6", turn="defender")
    assert targets(state, "b3") == {"b2", "c2", "b4", "c3", "c4"}


def test_soldier_leaves_and_enters_the_castle_freely() -> None:
    """Seed 2c: "De landsknechten mogen de burcht naar believen verlaten en betreden"."""
    state = position(["b0"], ["c3", "b5"], lord="f6", turn="defender")
    assert {"b2", "c2", "d2", "b3"} <= targets(state, "c3")  # out of the castle
    assert {"c4", "c5", "c6"} <= targets(state, "b5")  # into it


def test_soldier_never_steps_onto_the_knights_start_squares() -> None:
    """Our ruling: the start squares b0, d0, e0, g0 are off the grid; only knights stand there
    before their first jump, and a soldier cannot take a knight standing there."""
    state = position(["d0"], ["c1"], lord="f6", turn="defender")
    assert targets(state, "c1") == {"b1", "d1", "b2", "c2", "d2"}


def test_soldier_captures_a_knight_only_diagonally() -> None:
    """Seed: "mogen ze ridders alleen gevangennemen door middel van een diagonale zet"."""
    #  4  ~ . # N # # . ~
    #  3  ~ . N S # # . ~
    state = position(["c3", "d4"], ["d3"], lord="f6", turn="defender")
    assert "Sd3xc3" not in moves(state) and "d3" not in targets(state, "d3")
    assert "c3" not in targets(state, "d3") and "d4" not in targets(state, "d3")
    state = position(["c4"], ["d3"], lord="f6", turn="defender")
    assert "Sd3xc4" in moves(state)


def test_knight_on_the_moat_cannot_be_captured() -> None:
    """Seed: "Ridders die op een veld met een blauw veld staan, mogen niet gevangen genomen
    worden". The engine needs no check for it: no soldier step and no move of the lord (its
    diagonals and the crown step) ever reaches a moat field, on any field of the board."""
    #  4  N . # # # # . ~
    #  3  ~ S # # # # . ~
    state = position(["a4"], ["b3"], lord="f6", turn="defender")
    assert not any("x" in move for move in moves(state))
    board = load_board()
    for field in board.fields:
        assert not {target for target, _ in board.soldier_steps[field]} & board.moat
        assert not {target for ray in board.lord_rays[field] for target in ray} & board.moat
    assert not set(board.crowns) & board.moat


# -- the lord --------------------------------------------------------------------------------
def test_lord_moves_only_on_castle_fields() -> None:
    """Seed 3a: "Hij mag zich alleen over de burchtvelden bewegen"."""
    state = position(["b0"], [], lord="c3", turn="defender")
    assert targets(state, "c3") == {"d4", "e5", "f6"}


def test_lord_moves_one_to_three_fields_diagonally() -> None:
    """Seed 3b/3c: "alleen diagonaal ... één, twee of drie velden voor- of achterwaarts"."""
    state = position(["b0"], [], lord="f6", turn="defender")
    assert targets(state, "f6") == {"e5", "d4", "c3"}


def test_lord_cannot_pass_over_pieces() -> None:
    """Seed 3d/3e: "alleen over niet bezette velden ... Ridders te paard of landsknechten mag hij
    niet overspringen"."""
    state = position(["b0"], ["d4"], lord="f6", turn="defender")
    assert targets(state, "f6") == {"e5"}
    state = position(["d4"], [], lord="f6", turn="defender")
    assert targets(state, "f6") == {"e5", "d4"}  # takes the knight, no further


def test_lord_steps_sideways_between_the_crown_fields() -> None:
    """Seed 3f: "Hij mag zich van het ene kroonveld naar het ander kroonveld één veld zijwaarts
    bewegen. Dit telt als één zet"."""
    state = position(["b0"], [], lord="d6", turn="defender")
    assert targets(state, "d6") == {"c5", "e5", "f4", "e6"}
    state.apply_notation("Ld6-e6")
    assert state.to_json()["lord"] == "e6" and state.current_player() == 0
    other = position(["b0"], [], lord="c6", turn="defender")
    assert targets(other, "c6") == {"d5", "e4", "f3"}  # no sideways step off the crowns


def test_lord_captures_diagonally_and_by_the_crown_step() -> None:
    """Seed: "De burchtheer neemt een ridder gevangen door een diagonale zet of door een
    zijwaartse zet over de kroonvelden"."""
    state = position(["f4", "e6"], [], lord="d6", turn="defender")
    assert {"Ld6xf4", "Ld6xe6"} <= moves(state)
    state.apply_notation("Ld6xe6")
    assert state.to_json()["knights"] == ["f4"]


def test_captures_are_never_compulsory() -> None:
    """Seed: "Er is geen slaplicht om een figuur gevangen te nemen"."""
    state = position(["c4"], ["d3"], lord="f6", turn="defender")
    assert "Sd3xc4" in moves(state) and len(moves(state)) > 1
    state = position(["c2"], ["d4"], lord="f6")
    assert "Nc2xd4" in moves(state) and len(moves(state)) > 1


def test_a_captured_piece_leaves_the_game() -> None:
    """Seed: "Een gevangen genomen figuur wordt van het bord genomen en speelt verder niet meer
    mee"."""
    state = position(["c4", "b0"], ["d3", "f3"], lord="f6", turn="defender")
    state.apply_notation("Sd3xc4")
    assert state.to_json()["knights"] == ["b0"]
    assert state.to_json()["quiet"] == 0


# -- the opening exception -------------------------------------------------------------------
def test_opening_soldiers_must_leave_their_start_fields_first() -> None:
    """Seed: "moet de verdediger in zijn eerste vier zetten alle vier zijn landsknechten op de met
    punten gemarkeerde velden bewegen"; ruling: each of the first four moves is made by a soldier
    that has not moved yet, off its start field onto a field that is not a start field."""
    state = ludoteca.load("siege").new_initial_state(seed=1)
    state.apply_notation("Nb0-a2")  # threatens nothing
    first = moves(state)
    assert first and all(m[0] == "S" and m[1:3] in {"d4", "e4", "d5", "e5"} for m in first)
    assert not any(m[-2:] in {"d4", "e4", "d5", "e5"} for m in first)
    state.apply_notation("Sd4-d3")
    state.apply_notation("Ng0-h2")  # threatens nothing either
    second = moves(state)
    assert not any(m[1:3] == "d3" for m in second)
    assert {m[1:3] for m in second} == {"e4", "d5", "e5"}


def test_opening_moves_never_end_on_a_start_field() -> None:
    """Ruling: each opening move goes "off its start field onto a field that is not a start
    field", a start field another soldier has left included."""
    state = ludoteca.load("siege").new_initial_state(seed=1)
    state.apply_notation("Nb0-a2")
    state.apply_notation("Sd4-d3")
    state.apply_notation("Ng0-h2")
    #  6  ~ . # L # # . ~
    #  5  ~ . # S S # . ~      the start field d4 is free; the unmoved soldiers on d5, e5 and
    #  4  ~ . # # S # . ~      e4 stand next to it, and none of them may step onto it
    #  3  ~ . # S # # . ~
    second = moves(state)
    assert {"Sd5-c4", "Se4-f3", "Se5-f6"} <= second  # off the start fields, elsewhere
    assert not {"Sd5-d4", "Se4-d4", "Se5-d4"} & second
    assert not any(m[-2:] in {"d4", "e4", "d5", "e5"} for m in second)


def test_opening_restriction_ends_after_four_defender_moves() -> None:
    """Seed: "Deze beperking is na de eerste vier zetten opgeheven"."""
    state = ludoteca.load("siege").new_initial_state(seed=1)
    for attacker, defender in [
        ("Nb0-a2", "Sd4-c3"),
        ("Na2-b4", "Se4-f3"),
        ("Ng0-h2", "Sd5-c4"),
        ("Nh2-g4", "Se5-f4"),
    ]:
        state.apply_notation(attacker)
        state.apply_notation(defender)
    assert state.to_json()["opening"] == {"moves": 4, "unmoved": []}
    state.apply_notation("Nd0-e2")
    assert any(m.startswith("L") for m in moves(state))


def test_opening_is_free_when_a_knight_can_capture() -> None:
    """Seed: "Deze regel geldt niet indien in één van deze eerste vier zetten een figuur van één
    van beide spelers gevangen genomen kan worden"; ruling: "or a defender's piece stands where a
    knight could capture it"."""
    state = ludoteca.load("siege").new_initial_state(seed=1)
    state.apply_notation("Nd0-c2")  # attacks the soldier on d4
    assert "Ld6-e6" in moves(state) and "Sd5-e6" in moves(state)


def test_opening_is_free_when_the_defender_can_capture() -> None:
    """Ruling: the opening move "is free of this restriction when any capture is possible for
    either side (the defender can capture ...)"."""
    #  4  ~ . # S S # . ~
    #  3  ~ . S # # # . ~
    #  2  ~ N . . . . . ~
    opening = {"moves": 1, "unmoved": ["d5", "e4", "e5"]}
    state = position(
        ["b2", "d0", "e0", "g0"],
        ["c3", "d5", "e4", "e5"],
        turn="defender",
        opening=opening,
    )
    assert "Sc3xb2" in moves(state) and "Ld6-e6" in moves(state)


def test_opening_is_free_when_no_soldier_can_open() -> None:
    """Our ruling: when no unmoved soldier can leave its start field (all moved or captured),
    the defender moves freely for the rest of the four moves."""
    opening = {"moves": 2, "unmoved": []}
    state = position(["b0", "d0"], ["c3", "f3"], turn="defender", opening=opening)
    assert "Ld6-e6" in moves(state)


def test_opening_rule_option_off_frees_the_defender() -> None:
    """Ruling: "Option `opening_rule=false`"."""
    state = ludoteca.load("siege", opening_rule=False).new_initial_state(seed=1)
    state.apply_notation("Nb0-a2")
    assert "Ld6-e6" in moves(state)


# -- the end ---------------------------------------------------------------------------------
def test_attacker_wins_by_capturing_the_lord_even_with_soldiers_left() -> None:
    """Seed: "gewonnen door de aanvallende speler als hij de burchtheer gevangen neemt, ook
    wanneer er nog landsknechten in het spel zijn"."""
    #  6  ~ . # L ^ # . ~
    #  5  ~ . # S S # . ~
    #  4  ~ . N S S # . ~
    state = position(["c4"], ["d4", "e4", "d5", "e5"])
    state.apply_notation("Nc4xd6")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.to_json()["result"] == {"winner": "attacker", "reason": "the lord is captured"}


def test_defender_wins_by_capturing_all_four_knights() -> None:
    """Seed: "De verdediger wint als hij alle vier de ridders gevangen genomen heeft"."""
    state = position(["c3"], ["d4"], turn="defender")
    state.apply_notation("Sd4xc3")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def test_no_side_can_ever_be_left_without_a_move() -> None:
    """Ruling: "a player with no legal move loses". On this board it never happens to the
    attacker: no set of up to four knights blocks all of its own jumps (checked exhaustively).
    (For the defender a search over every lord field and soldier set finds none either.)"""
    from itertools import combinations

    board = load_board()
    for count in range(1, 5):
        for knights in combinations(board.fields, count):
            taken = set(knights)
            assert not all(set(board.knight_jumps[f]) <= taken for f in knights)


def test_threefold_repetition_is_a_draw() -> None:
    """Ruling: "a position repeated three times with the same player to move is a draw"."""
    state = position(["c4"], ["a1"], lord="f6")
    for _ in range(2):
        for move in ("Nc4-e5", "Sa1-b1", "Ne5-c4", "Sb1-a1"):
            assert not state.is_terminal()
            state.apply_notation(move)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.to_json()["result"]["reason"] == "the position occurred three times"


def test_quiet_moves_draw_and_its_option() -> None:
    """Ruling: "so is the 200th move without a capture (option `max_quiet_moves`)"."""
    state = position(["c4"], ["a1"], lord="f6", quiet=199)
    state.apply_notation("Nc4-e5")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    short = position(["c4"], ["a1"], lord="f6", options={"max_quiet_moves": 2})
    short.apply_notation("Nc4-e5")
    short.apply_notation("Sa1-b1")
    assert short.is_terminal()
    endless = position(["c4"], ["a1"], lord="f6", quiet=10_000, options={"max_quiet_moves": 0})
    endless.apply_notation("Nc4-e5")
    assert not endless.is_terminal()


def test_illegal_move_is_refused_and_changes_nothing() -> None:
    """The API contract: an illegal action raises and leaves the state as it was."""
    state = ludoteca.load("siege").new_initial_state(seed=1)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="not a legal action"):
        state.apply_notation("Nb0-b2")
    with pytest.raises(IllegalActionError):
        state.apply_notation("Sd4-c3")  # not the defender's turn
    assert state.to_json() == before


def test_the_defender_is_never_left_without_a_move_either() -> None:
    """Ruling: "a player with no legal move loses". The defender could only be stuck with the
    lord's diagonal (and crown) neighbours held by his own soldiers, and every free neighbour of
    those soldiers a straight step onto a knight; over every lord field and soldier set no such
    wall needs four knights or fewer (so the solver may treat every win as a capture)."""
    from itertools import combinations

    board = load_board()
    walkable = [f for f in board.fields if board.on_grid(f) and f not in board.moat]
    for lord in board.castle:
        walls = [ray[0] for ray in board.lord_rays[lord]]
        if lord in board.crowns:
            walls += [c for c in board.crowns if c != lord]
        others = [f for f in walkable if f != lord and f not in walls]
        for extra in range(5 - len(walls)):
            for more in combinations(others, extra):
                soldiers = {*walls, *more}
                own = soldiers | {lord}
                steps = [
                    (t, d) for s in soldiers for t, d in board.soldier_steps[s] if t not in own
                ]
                if any(diagonal for _, diagonal in steps):
                    continue  # a diagonal step is always possible: empty, or onto a knight
                assert len({t for t, _ in steps}) > 4, (board.name(lord), sorted(soldiers))
