"""One test per rule of the seed and per ruling of `shared/rules/villa.md`, set up from JSON.

Unless a test says otherwise: 4 players, seat s plays colour s (white W, black K, purple P,
cyan C), the blue floor lies on (0, 0) on the eight columns of `SOLID` (see conftest.py for
where the crescent is):

      W1(-60,20)                      K1(60,20)
        C2(-55,5)                     W2(55,5)
            C1(-40,-20)
                  K2(-20,-50) P1(0,-60) P2(30,-50)

Every column of SOLID can be pulled safely (the blue floor keeps a margin over 6 mm).
"""

from __future__ import annotations

from typing import Any

import pytest
from villa_positions import FAILED_PROTEST, Build, failed_protest

import ludoteca
from ludoteca.core.chance import play_chance
from ludoteca.core.errors import IllegalActionError, InvalidOptionError
from ludoteca.games.villa import hands
from ludoteca.games.villa.constants import DECLARE, DECLINE, FLOOR_BASE, PASS, PLACE_BASE, PROTEST
from ludoteca.games.villa.game import VillaState
from ludoteca.games.villa.parts import cell_xy, nearest_cell
from ludoteca.games.villa.record import column_id
from ludoteca.games.villa.structure import HAND, OUT

SOLID: dict[str, Any] = {
    "W1": (0, -60.0, 20.0),
    "K1": (0, 60.0, 20.0),
    "P1": (0, 0.0, -60.0),
    "C1": (0, -40.0, -20.0),
    "W2": (0, 55.0, 5.0),
    "K2": (0, -20.0, -50.0),
    "P2": (0, 30.0, -50.0),
    "C2": (0, -55.0, 5.0),
}
EDGY: dict[str, Any] = {
    "W1": (0, -60.0, 20.0),
    "K1": (0, 60.0, 20.0),
    "P1": (0, 0.0, -60.0),
    "C1": (0, -60.0, -31.0),
}
"""Without W1 the blue floor keeps only 0.89 mm: pulling W1 may go any of the three ways."""
EXACT = {"hand_error_mm": 0}
STEADY = {"hands": "steady"}


def pull(state: VillaState, name: str) -> None:
    state.apply_action(column_id(name))


def place(state: VillaState, x: float, y: float) -> None:
    state.apply_action(PLACE_BASE + nearest_cell(x, y))


def phase(state: VillaState) -> str:
    return str(state.to_json()["phase"])


# -- set-up ---------------------------------------------------------------------------------------
def test_set_up_stands_every_column_on_the_base_plate_under_the_blue_floor() -> None:
    """ "Alle zuilen worden willekeurig op de grondplaat gezet. Vervolgens wordt de blauwe
    verdieping hier bovenop gelegd." Ruling: a chance node; no overlaps; blue stable on them."""
    state = ludoteca.load("villa").new_initial_state(seed=5)
    assert phase(state) == "setup" and state.is_chance_node()
    assert len(state.chance_outcomes()) == 1000
    state.apply_action(17)
    villa = state.villa
    assert len(villa.floors) == 1
    assert villa.level == [0] * 20
    assert sorted(villa.supports(0)) == list(range(20))
    assert villa.margin() >= 8.0
    for a in range(20):
        for b in range(a):
            reach = villa.kind(a).radius + villa.kind(b).radius
            assert (villa.x[a] - villa.x[b]) ** 2 + (villa.y[a] - villa.y[b]) ** 2 >= reach**2


def test_colours_are_drawn_and_seat_0_begins() -> None:
    """ "De jongste speler gooit met de zegel om zijn kleur te bepalen." Ruling: seat colours by
    chance; play starts with seat 0."""
    state = ludoteca.load("villa").new_initial_state(seed=1)
    state.apply_action(0)
    assert phase(state) == "colours" and len(state.chance_outcomes()) == 24
    state.apply_action(23)  # the permutation (3, 2, 1, 0)
    assert state.to_json()["colours"] == [["cyan"], ["purple"], ["black"], ["white"]]
    assert state.current_player() == 0 and phase(state) == "turn"


# -- a turn ---------------------------------------------------------------------------------------
def test_a_turn_pulls_one_own_column_from_a_lower_floor(build: Build) -> None:
    """ "Een speler mag in zijn beurt één zuil in zijn spelerskleur van een lagere verdieping
    nemen en op de bovenste verdieping plaatsen." W3 stands on the top floor: not pullable."""
    state = build({**SOLID, "W3": (1, -60.0, -40.0), "K3": (1, 60.0, -40.0)})
    assert state.legal_actions() == [column_id("W1"), column_id("W2"), DECLARE]


def test_a_pulled_column_is_placed_on_the_top_floor(build: Build) -> None:
    state = build(SOLID, options=EXACT)
    pull(state, "W1")
    assert state.chance_outcomes() == [(hands.OUT, 1.0)]  # safe: a sure pull
    play_chance(state)
    assert phase(state) == "place" and state.villa.level[0] == HAND
    place(state, -60, -40)
    assert state.villa.level[0] == 1 and (state.villa.x[0], state.villa.y[0]) == (-60.0, -40.0)
    assert state.current_player() == 1 and phase(state) == "turn"


def test_a_noticed_pull_is_put_back_frozen_and_ends_the_turn(build: Build) -> None:
    """ "Als de speler merkt dat hij de zuil niet kan wegnemen, zonder dat de boel omkiepert,
    dan moet hij de zuil terugzetten en is zijn beurt voorbij. Deze zuil mag de rest van het
    spel niet meer weggenomen worden." Without W1 the floor would tip: the pull is risky."""
    state = build({"W1": (0, -60.0, 20.0), "K1": (0, 60.0, 20.0), "P1": (0, 0.0, -60.0)})
    pull(state, "W1")
    odds = dict(state.chance_outcomes())
    assert hands.OUT not in odds and odds[hands.NOTICED] > 0.9
    state.apply_action(hands.NOTICED)
    assert state.to_json()["columns"]["W1"] == {"level": 0, "x": -60.0, "y": 20.0, "frozen": True}
    assert state.current_player() == 1
    assert state.to_json()["last"] == {"column": "W1", "outcome": "noticed"}


def test_frozen_columns_may_not_be_pulled(build: Build) -> None:
    state = build({**SOLID, "W1": {"level": 0, "x": -60.0, "y": 20.0, "frozen": True}})
    assert column_id("W1") not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        pull(state, "W1")


def test_a_pull_can_bring_the_villa_down(build: Build) -> None:
    """Ruling: a removal ends out, noticed, or with the villa falling; a fall ends the game."""
    state = build(EDGY)
    pull(state, "W1")
    assert [outcome for outcome, _ in state.chance_outcomes()] == [0, 1, 2]
    state.apply_action(hands.COLLAPSE)
    assert state.is_terminal()
    assert state.to_json()["culprit"] == 0


def test_hands_steady_pulls_exactly_when_the_villa_stands(build: Build) -> None:
    """Ruling, option hands=steady: a removal succeeds exactly when the villa stays stable,
    otherwise it is noticed; no chance node."""
    weak = build(
        {"W1": (0, -60.0, 20.0), "K1": (0, 60.0, 20.0), "P1": (0, 0.0, -60.0)}, options=STEADY
    )
    pull(weak, "W1")
    assert phase(weak) == "turn" and weak.frozen[0]
    solid = build(SOLID, options=STEADY)
    pull(solid, "W1")
    assert phase(solid) == "place"


def test_a_placed_column_lands_with_a_small_random_error(build: Build) -> None:
    """Ruling: the column lands at the chosen point plus a small random error (default 2 mm)."""
    state = build(SOLID)
    pull(state, "W1")
    play_chance(state)
    place(state, -60, -40)
    assert phase(state) == "landing"
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.125), (2, 0.125), (3, 0.125), (4, 0.125)]
    assert state.action_to_string(1) == "slips right"
    state.apply_action(1)
    assert (state.villa.x[0], state.villa.y[0]) == (-58.0, -40.0)


def test_hand_error_0_places_exactly(build: Build) -> None:
    """Ruling: option hand_error_mm=0 for perfect hands."""
    state = build(SOLID, options=EXACT)
    pull(state, "W1")
    play_chance(state)
    place(state, -60, -40)
    assert phase(state) == "turn"


def test_a_placement_the_villa_cannot_carry_brings_it_down(build: Build) -> None:
    """Ruling: if the villa is unstable after a placement, it falls (the placer made it fall).
    The floor on W1, K1, P1 has 8.3 mm; a thick column at the far left corner tips it."""
    state = build(
        {
            "W1": (0, -60.0, 20.0),
            "K1": (0, 60.0, 20.0),
            "P1": (0, 20.0, -10.0),
            "W5": (0, 0.0, 30.0),  # in the crescent's hollow, under nothing
            "K5": (1, -40.0, -60.0),
        },
        options=STEADY,
    )
    assert state.villa.stands()
    pull(state, "W5")
    place(state, -60, -40)
    assert state.is_terminal() and state.to_json()["culprit"] == 0


def test_a_column_can_only_be_pulled_with_room_on_the_top_floor(
    build: Build, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Our ruling: a pull needs a free place for the column on the top floor."""
    state = build(SOLID)
    assert column_id("W1") in state.legal_actions()
    full = build(SOLID)
    monkeypatch.setattr(full.villa, "place_cells", lambda column: [])
    assert full.legal_actions() == [DECLARE]


# -- declaring and protesting ---------------------------------------------------------------------
def test_declaring_asks_the_others_in_turn_order(build: Build) -> None:
    """ "Als de speler bij aanvang van zijn beurt aangeeft dat hij geen zuil meer kan wegnemen,
    kunnen zijn medespelers protest aantekenen." Ruling: each other player in turn order."""
    state = build(SOLID, turn=2, mover=2)
    state.apply_action(DECLARE)
    asked = []
    while phase(state) == "protest":
        asked.append(state.current_player())
        assert state.legal_actions() == [PROTEST, PASS]
        state.apply_action(PASS)
    assert asked == [3, 0, 1]


def test_without_protest_the_declarer_places_the_next_floor(build: Build) -> None:
    """ "Tekenen zijn medespelers geen protest aan, dan mag de speler een nieuwe verdieping
    plaatsen." The green floor must rest on the top floor's columns."""
    state = build({**SOLID, "W3": (1, -40.0, -20.0), "K3": (1, 40.0, -20.0), "P3": (1, 0.0, -60.0)})
    state.apply_action(DECLARE)
    for _ in range(3):
        state.apply_action(PASS)
    assert phase(state) == "floor" and state.current_player() == 0
    assert all(action >= FLOOR_BASE for action in state.legal_actions())
    state = lay_standing_floor(state)
    assert state.to_json()["floors"][1]["floor"] == "green"
    assert state.current_player() == 1


def test_a_successful_protest_removes_the_column_and_passes_the_turn(build: Build) -> None:
    """ "Lukt het een medespeler een zuil in de betreffende spelerskleur weg te nemen en op de
    hoogste verdieping te plaatsen, dan wordt deze zuil uit het spel verwijderd. De beurt gaat
    nu naar de volgende speler." """
    state = build(SOLID, options=EXACT)
    state.apply_action(DECLARE)
    state.apply_action(PROTEST)  # seat 1 protests
    assert phase(state) == "protest_pull" and state.current_player() == 1
    assert state.legal_actions() == [column_id("W1"), column_id("W2")]
    pull(state, "W2")
    play_chance(state)  # out
    assert state.current_player() == 1
    place(state, -60, -40)
    assert state.villa.level[column_id("W2")] == OUT
    assert "W2" not in state.to_json()["columns"]
    assert state.current_player() == 1 and phase(state) == "turn"


def test_a_failed_protest_lets_the_declarer_pull_a_protesters_column(build: Build) -> None:
    """ "Lukt het de medespeler niet, dan mag de speler een zuil van de protesterende medespeler
    wegnemen." Ruling: the column leaves the game by a removal attempt the declarer chooses;
    then the declarer places the next floor."""
    state = failed_protest()
    assert phase(state) == "penalty" and state.current_player() == 0
    assert state.legal_actions() == [column_id("K1"), column_id("K2"), DECLINE]
    pull(state, "K2")
    play_chance(state)
    assert state.villa.level[column_id("K2")] == OUT
    assert phase(state) == "floor" and state.current_player() == 0


def test_the_declarer_may_decline_the_penalty_after_a_failed_protest(build: Build) -> None:
    """ "Lukt het de medespeler niet, dan mag de speler een zuil van de protesterende medespeler
    wegnemen" (the player *may* take one of the protester's columns). Ruling: "or decline; then
    the declarer places the next floor": nothing is pulled and no column leaves the game."""
    state = failed_protest()
    levels = list(state.villa.level)
    assert state.string_to_action("decline") == DECLINE
    assert state.action_to_string(DECLINE) == "decline"
    state.apply_notation("decline")
    assert state.villa.level == levels
    assert phase(state) == "floor" and state.current_player() == 0
    with pytest.raises(IllegalActionError):  # no penalty pending: nothing to decline
        build(FAILED_PROTEST, options={"hand_error_mm": 0}).apply_action(DECLINE)


def test_the_column_a_failed_protest_could_not_pull_is_frozen(build: Build) -> None:
    """ "Als de speler merkt dat hij de zuil niet kan wegnemen, zonder dat de boel omkiepert, dan
    moet hij de zuil terugzetten ... Deze zuil mag de rest van het spel niet meer weggenomen
    worden." Our ruling: a protest pull that is noticed is such a pull, so the column the
    protester tried, one of the declarer's, is put back and frozen; the protester's own
    columns are not."""
    state = failed_protest()
    frozen = {name for name, column in state.to_json()["columns"].items() if column.get("frozen")}
    assert frozen == {"W1"}
    assert column_id("W1") not in state.pullable(state.colours[0])


def test_no_protest_against_a_declarer_without_a_movable_column(build: Build) -> None:
    """Our ruling: a protest needs a column of the declarer that may be pulled; if there is
    none the declaration stands at once."""
    state = build(
        {
            **SOLID,
            "W1": {"level": 0, "x": -60.0, "y": 20.0, "frozen": True},
            "W2": {"level": 0, "x": 55.0, "y": 5.0, "frozen": True},
            "K3": (1, -40.0, -20.0),
            "P3": (1, 40.0, -20.0),
            "C3": (1, 0.0, -60.0),
        }
    )
    assert state.legal_actions() == [DECLARE]
    state.apply_action(DECLARE)
    assert phase(state) == "floor"


def again(state: VillaState, seat: int) -> VillaState:
    """The same position with `seat` to start a turn (to test several moves of one seat)."""
    obj = state.to_json()
    obj["turn"] = obj["mover"] = seat
    return state.game.state_from_json(obj)


def stand_three(state: VillaState, names: list[str]) -> VillaState:
    """The position with the columns `names` stood on the top floor in a triangle around its
    centroid (the legal grid points nearest to 20 mm left, right and ahead of it)."""
    obj = state.to_json()
    villa = state.villa.clone()
    spot = villa.floors[-1]
    for name, (dx, dy) in zip(names, [(-20, -15), (20, -15), (0, 20)], strict=True):
        column = column_id(name)
        x, y = min(
            (cell_xy(cell) for cell in villa.place_cells(column)),
            key=lambda p: (p[0] - spot.x - dx) ** 2 + (p[1] - spot.y - dy) ** 2,
        )
        villa.level[column], villa.x[column], villa.y[column] = villa.top, x, y
        obj["columns"][name] = {"level": villa.top, "x": x, "y": y}
    return state.game.state_from_json(obj)


def lay_standing_floor(state: VillaState) -> VillaState:
    """The position after the first legal floor placement that leaves the villa standing."""
    for action in state.legal_actions():
        trial = state.clone()
        trial.apply_action(action)
        if not trial.is_terminal():
            return trial
    raise AssertionError("no floor placement leaves the villa standing")


def test_floors_come_in_the_order_green_yellow_orange_red(build: Build) -> None:
    """ "De volgorde hierbij is: (blauw,) groen, geel, oranje, rood." After red no floor is
    left: a declaration then only passes the turn."""
    state = build(SOLID, options=STEADY)
    for names in (["W3", "K3", "P3"], ["W4", "K4", "P4"], ["W5", "K5", "P5"], ["C3", "C4", "C5"]):
        state = again(stand_three(state, names), 0)
        state.apply_action(DECLARE)
        while phase(state) == "protest":
            state.apply_action(PASS)
        assert phase(state) == "floor"
        state = lay_standing_floor(state)
    assert [f["floor"] for f in state.to_json()["floors"]] == [
        "blue",
        "green",
        "yellow",
        "orange",
        "red",
    ]
    state = again(state, 0)
    state.apply_action(DECLARE)
    while phase(state) == "protest":
        state.apply_action(PASS)
    assert phase(state) == "turn" and state.current_player() == 1


# -- the seal -------------------------------------------------------------------------------------
def test_values_thick_3_hexagonal_2_thin_1(build: Build) -> None:
    """ "De dikste, ronde zuil waarde 3, de zeskantige zuil waarde 2 en de dunne ronde zuilen
    zijn 1 punt waard." """
    state = build({**SOLID, "W3": (1, -60, -40), "W4": (1, 60, -40), "W5": (1, 0, -40)})
    assert state.points(0) == 1 + 2 + 3


def test_the_seal_goes_to_strictly_more_points_on_the_top_floor(build: Build) -> None:
    """ "De speler die de meeste punten op de hoogste verdieping heeft staan ontvangt de
    bouwmeesterzegel." Ruling: strictly more than the holder; a tie keeps it."""
    state = build(
        {**SOLID, "K3": (1, 60.0, -40.0)}, options=EXACT, seal={"holder": 1, "previous": None}
    )
    pull(state, "W1")
    play_chance(state)
    place(state, -60, -40)  # white 1 point, black 1: a tie
    assert state.to_json()["seal"] == {"holder": 1, "previous": None}
    state = again(state, 0)
    pull(state, "W2")
    play_chance(state)
    place(state, 20, -70)
    assert state.to_json()["seal"] == {"holder": 0, "previous": 1}


def test_the_seal_shows_its_previous_holder(build: Build) -> None:
    """ "De bouwmeesterzegel wordt altijd zo neergelegd, dat de kleur van de vorige eigenaar
    naar boven wijst." """
    state = build(
        {**SOLID, "C3": (1, 60.0, -40.0)}, options=EXACT, seal={"holder": 3, "previous": 1}
    )
    pull(state, "W1")
    play_chance(state)
    place(state, -60, -40)
    assert state.to_json()["seal"] == {"holder": 3, "previous": 1}
    state = again(state, 0)
    pull(state, "W2")
    play_chance(state)
    place(state, 20, -70)
    assert state.to_json()["seal"] == {"holder": 0, "previous": 3}


def test_score_from_green_does_not_count_the_blue_floor(build: Build) -> None:
    """Ruling: the blue floor counts too; option score_from=green follows the original."""
    columns = {**SOLID, "W3": (1, -60.0, -40.0)}
    assert build(columns).points(0) == 1
    assert build(columns, options={"score_from": "green"}).points(0) == 0


# -- the end --------------------------------------------------------------------------------------
def test_the_seal_holder_wins_when_the_villa_falls(build: Build) -> None:
    """ "De speler met de bouwmeesterzegel is de winnaar, tenzij hij het bouwwerk liet
    instorten." """
    state = build(EDGY, seal={"holder": 2, "previous": 1})
    pull(state, "W1")
    state.apply_action(hands.COLLAPSE)
    assert state.returns() == [-1 / 3, -1 / 3, 1.0, -1 / 3]


def test_the_previous_holder_wins_when_the_holder_made_the_villa_fall(build: Build) -> None:
    """ "Dan wint de speler wiens kleur door de bouwmeesterzegel wordt aangegeven." """
    state = build(EDGY, seal={"holder": 0, "previous": 3})
    pull(state, "W1")
    state.apply_action(hands.COLLAPSE)
    assert state.returns() == [-1 / 3, -1 / 3, -1 / 3, 1.0]


def test_nobody_wins_without_a_seal_holder(build: Build) -> None:
    """Ruling: if there is no such holder, nobody wins (returns all 0)."""
    state = build(EDGY, seal={"holder": 0, "previous": None})
    pull(state, "W1")
    state.apply_action(hands.COLLAPSE)
    assert state.is_terminal() and state.returns() == [0.0] * 4


def test_the_game_ends_when_nobody_can_move(build: Build) -> None:
    """ "Het spel is afgelopen ... als niemand meer een zuil kan verplaatsen." Ruling: when no
    floor can be laid and every seat in turn declares."""
    frozen = {
        name: {"level": 0, "x": x, "y": y, "frozen": True} for name, (_, x, y) in SOLID.items()
    }
    state = build(frozen, seal={"holder": 1, "previous": None})
    for seat in range(4):
        assert state.current_player() == seat and state.legal_actions() == [DECLARE]
        state.apply_action(DECLARE)
    assert state.is_terminal() and state.to_json()["culprit"] is None
    assert state.returns() == [-1 / 3, 1.0, -1 / 3, -1 / 3]


# -- two and three players ------------------------------------------------------------------------
def test_two_players_play_two_colours_each_and_both_count(build: Build) -> None:
    """ "2 spelers: Elke speler speelt met twee kleuren. De punten van beide kleuren tellen
    mee." """
    state = build({**SOLID, "W3": (1, -60.0, -40.0), "P3": (1, 60.0, -40.0)}, players=2)
    assert state.to_json()["colours"] == [["white", "purple"], ["black", "cyan"]]
    assert state.points(0) == 2
    assert state.legal_actions() == sorted(
        [column_id(n) for n in ("W1", "W2", "P1", "P2")] + [DECLARE]
    )


THREE = {"colours": [["white"], ["black"], ["purple"]], "neutral": "cyan"}


def test_three_players_have_a_neutral_colour() -> None:
    """ "3 spelers: Het spel wordt gespeeld met 20 zuilen. Eén kleur is neutraal." """
    state = ludoteca.load("villa", players=3).new_initial_state(seed=2)
    play_chance(state)
    position = state.to_json()
    assert len(position["columns"]) == 20
    assert position["neutral"] is not None and len(position["colours"]) == 3


def test_three_players_move_a_neutral_column_first_after_a_new_floor(build: Build) -> None:
    """ "Zodra een nieuwe verdieping is geplaatst, moet elke speler eerst een neutrale zuil
    verplaatsen, voor hij een zuil in zijn eigen spelerskleur mag zetten." """
    state = build({**SOLID, "C3": (0, -60.0, -40.0)}, players=3, options=EXACT, **THREE)
    assert state.legal_actions() == [column_id(n) for n in ("C1", "C2", "C3")] + [DECLARE]
    pull(state, "C1")
    play_chance(state)
    place(state, -60, -40)
    assert state.to_json()["owes_neutral"] == [False, True, True]
    state = again(state, 0)
    assert state.legal_actions() == [column_id("W1"), column_id("W2"), DECLARE]


def test_one_neutral_column_stays_on_every_floor(build: Build) -> None:
    """ "Op elke verdieping moet minstens één neutrale zuil achterblijven." Our ruling: the base
    plate counts as a floor; a player who cannot move a neutral column moves an own one."""
    state = build({**SOLID, "C2": (1, 0.0, -60.0)}, players=3, **THREE)
    # C1 is the only neutral column on the base plate, C2 the only one on blue (the top)
    assert state.legal_actions() == [column_id("W1"), column_id("W2"), DECLARE]


def test_neutral_columns_score_for_nobody(build: Build) -> None:
    state = build({**SOLID, "C3": (1, 0.0, -60.0)}, players=3, **THREE)
    assert [state.points(s) for s in range(3)] == [0, 0, 0]


def test_options_are_checked() -> None:
    """hand_error_mm is 0-10 mm; hands and score_from take their named values only."""
    with pytest.raises(InvalidOptionError, match="hand_error_mm"):
        ludoteca.load("villa", hand_error_mm=11)
    with pytest.raises(InvalidOptionError):
        ludoteca.load("villa", hands="clumsy")
    with pytest.raises(InvalidOptionError):
        ludoteca.load("villa", players=5)
