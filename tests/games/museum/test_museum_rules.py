"""Raub im Kunstmuseum: one test per rule of the seed and per ruling, default options.

Each docstring quotes the seed (`shared/seeds/001_51f4bcbf663988c3.txt`, German, with a short
English gloss) or the ruling (`shared/rules/museum.md`) it checks. Positions are set up from JSON
through the `museum` fixture: thieves not named stand on the roof. The top of the museum, as
`str(state)` draws it (the roof leads to 22; 28 leads into the elevator):

    roof
    floor 4   22  23  24  25  26  27  28  E4
                                          s9
                                          s8
                                          s7
    floor 3   15  16  17  18  19  20  21  E3   ... and so on down to floor 1 (1-7, E1).
"""

from __future__ import annotations

import itertools

import pytest

import ludoteca
from ludoteca.core.api import CHANCE
from ludoteca.core.chance import play_chance
from ludoteca.core.errors import IllegalActionError, NotationError, StateFormatError
from ludoteca.core.record import Record
from ludoteca.games.museum.board import ROOF, load_deck, load_museum
from ludoteca.games.museum.game import PASS, ROB_ACTION


# -- the museum and the deck -------------------------------------------------------------------
def test_museum_has_28_pictures_on_four_floors_with_22_to_28_on_top() -> None:
    """Ruling: "exactly 28 pictures ... 22-28 are on the top floor"; four floors of seven."""
    museum = load_museum()
    assert list(museum.pictures) == list(range(1, 29))
    for floor in (1, 2, 3, 4):
        row = museum.floor_rows(floor)
        assert [f.name for f in row] == [
            *map(str, range(7 * floor - 6, 7 * floor + 1)),
            f"E{floor}",
        ]


def test_roof_leads_to_picture_22_only() -> None:
    """Ruling: "From the roof the first step is onto picture 22, then 23, 24 ...". Seed: "Er
    zieht vom Dach auf das erste Bild mit der Nr. 22" (from the roof onto the first picture, 22).
    """
    museum = load_museum()
    assert museum.neighbours[ROOF] == (22,)


def test_seed_example_22_to_24_from_the_roof(museum) -> None:
    """Seed: "Er zieht vom Dach auf das erste Bild mit der Nr. 22 und danach weiter bis Bild 24"
    with a card of three footprints (he moves from the roof onto 22 and on to 24).
    """
    state = museum.position(discard=["4/3"])
    assert museum.notations(state) == ["=roof", "roof-22", "roof-23", "roof-24"]
    museum.play(state, "roof-24")
    assert museum.thieves(state)["red"] == "24"


def test_seed_example_28_to_21_takes_six_steps_through_the_elevator(museum) -> None:
    """Seed: "brauchte der Spieler 6 Spielzüge um von Bild 28 auf Bild 21 zu kommen" (six steps
    from 28 to 21), "jedes Aufzugsfeld [zählt] ebenfalls ein Feld" (each elevator field counts).

        28 - E4 - s9 - s8 - s7 - E3 - 21
    """
    state = museum.position({"red": "28"}, discard=["5/6"])
    assert "28-21" in museum.notations(state)
    five = museum.position({"red": "28"}, discard=["2/5"])
    assert "28-21" not in museum.notations(five)
    assert "28-E3" in museum.notations(five)


def test_elevator_may_go_on_down_and_thieves_may_stop_in_it(museum) -> None:
    """Seed: "Der grüne Spieler hätte aber auch noch weiter im Aufzug nach unten fahren können
    ... Ein Spieler kann auch in einem Aufzugsfeld stehen bleiben" (he could ride on down; a
    thief may stop on an elevator field).
    """
    state = museum.position({"red": "28"}, discard=["5/6"])
    targets = museum.targets(state)
    assert {"E4", "s9", "s8", "s7", "E3", "s6"} <= set(targets)


def test_floors_change_only_at_the_marked_elevator_stops() -> None:
    """Seed: "Einstiege und Ausstiege sind jeweils bei den mit Stockwerk gekennzeichneten
    Aufzugfeldern möglich" (ways in and out only at the stops marked with a floor).
    """
    museum = load_museum()
    for field in museum.fields:
        for other in museum.neighbours[field.id]:
            second = museum.fields[other]
            if field.kind == "picture" and second.kind not in {"picture", "roof"}:
                assert second.kind == "stop" and second.floor == field.floor
            if field.kind == "shaft":
                assert second.kind in {"stop", "shaft"}


def test_lower_floors_hold_more_valuable_pictures() -> None:
    """Ruling: "lower floors (farther from the roof) are worth more. Keep values as board data"."""
    museum = load_museum()
    floors = [[museum.fields[p].value for p in range(7 * f - 6, 7 * f + 1)] for f in (1, 2, 3, 4)]
    for lower, upper in itertools.pairwise(floors):
        assert min(lower) >= max(upper)
    assert 3000 in {v for row in floors for v in row}  # the seed's example picture is worth 3,000


def test_deck_has_32_cards_28_pictures_and_4_elevator_cards() -> None:
    """Seed: "32 Spielkarten"; ruling: "28 picture cards (one per picture) and 4 special cards
    ... each card also shows 1-6 footprints". The seed's example card: picture 4, three steps.
    """
    deck = load_deck()
    assert deck.size == 32
    pictures = [k.picture for k in deck.kinds for _ in range(k.count) if k.picture is not None]
    assert sorted(pictures) == list(range(1, 29))
    assert sum(k.count for k in deck.kinds if k.picture is None) == 4
    assert all(1 <= k.steps <= 6 for k in deck.kinds)
    assert deck.by_name("4/3").picture == 4


# -- setup -------------------------------------------------------------------------------------
def test_setup_every_thief_on_the_roof_with_ten_markers() -> None:
    """Seed: "Jeder Spieler stellt seine Spielfigur auf das Dach ... erhält zehn Chips"."""
    state = ludoteca.load("museum").new_initial_state(seed=3)
    obj = state.to_json()
    assert obj["thieves"] == dict.fromkeys(["red", "blue", "green", "yellow"], "roof")
    assert all(state.hand(seat) == 10 for seat in range(4))  # type: ignore[attr-defined]
    assert obj["discard"] == [] and obj["phase"] == "start"


def test_first_start_player_is_drawn_by_chance() -> None:
    """Ruling: "the first start player is drawn by chance" (seed: whoever was last in a museum)."""
    state = ludoteca.load("museum", players=3).new_initial_state(seed=3)
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    state.apply_notation("start:2")
    assert state.to_json()["start_player"] == "green"


# -- a round -----------------------------------------------------------------------------------
def test_start_player_turns_the_card_before_anyone_moves() -> None:
    """Seed: "Er dreht die oberste Karte von Kartenstapel um" (the start player turns the top
    card); ruling: everyone sees the card before anyone moves.
    """
    state = ludoteca.load("museum").new_initial_state(seed=3)
    state.apply_notation("start:1")
    assert state.current_player() == CHANCE
    state.apply_notation("card:4/3")
    assert state.current_player() == 1
    assert state.observation(0)["card"] == "4/3"


def test_card_turn_is_a_chance_event_over_the_cards_not_yet_turned(museum) -> None:
    """Ruling: "model each card turn as a chance event over the cards not yet turned (each
    equally likely)": a kind's chance is its count among the cards left.
    """
    state = museum.position(discard=["4/3", "E/3"], phase="draw")
    outcomes = dict(state.chance_outcomes())
    deck = load_deck()
    assert deck.by_name("4/3").id not in outcomes
    assert outcomes[deck.by_name("E/3").id] == pytest.approx(1 / 30)
    assert outcomes[deck.by_name("E/4").id] == pytest.approx(2 / 30)
    assert outcomes[deck.by_name("17/1").id] == pytest.approx(1 / 30)
    assert sum(outcomes.values()) == pytest.approx(1)


def test_thieves_move_from_the_start_player_clockwise(museum) -> None:
    """Seed: "Alle Spieler - angefangen mit dem Startspieler und dann im Uhrzeigersinn der
    nächste Spieler - bewegen nun ihre Spielfigur" (all move, start player first, clockwise).
    """
    state = museum.position(start="green")
    order = []
    for _ in range(4):
        order.append(state.to_json()["turn"])
        museum.play(state, "=roof")
    assert order == ["green", "yellow", "red", "blue"]


def test_a_thief_moves_0_up_to_the_cards_footprints(museum) -> None:
    """Seed: "Ein Spieler kann so weit ziehen, wie er möchte - aber höchstens die Anzahl Felder,
    die durch Fußabdrücke auf der aktuellen Spielkarte angezeigt wird" (as far as he likes, at
    most the footprints); "können die Spieler 0 bis 3 Felder ... ziehen" (0 to 3 fields).
    """
    state = museum.position({"red": "25"}, discard=["4/3"])
    assert museum.targets(state) == ["22", "23", "24", "25", "26", "27", "28"]
    one = museum.position({"red": "25"}, discard=["3/1"])
    assert museum.targets(one) == ["24", "25", "26"]


def test_a_move_goes_one_way_and_never_back(museum) -> None:
    """Seed: "Ein Spieler darf ein Bild in einem Spielzug nicht zweimal besuchen. Also kann der
    Spieler nicht hin- und wieder zurückrücken" (no picture twice in a move; no back and forth).
    From 24 with six steps: 25-24-23 would be three steps back and forth; only ways that go one
    way count, so every target is at most six fields away along the one way there.
    """
    state = museum.position({"red": "24"}, discard=["5/6"])
    museum_map = load_museum()
    start = museum_map.by_name("24").id
    for action in state.legal_actions():
        assert _distance(museum_map, start, action) <= 6
    assert "24-E4" in museum.notations(state)  # 25 26 27 28 E4: five steps one way
    assert "24-s9" in museum.notations(state)


def _distance(museum_map, start: int, goal: int) -> int:  # type: ignore[no-untyped-def]
    seen = {start: 0}
    frontier = [start]
    while frontier:
        here = frontier.pop()
        for there in museum_map.neighbours[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                frontier.append(there)
    return seen[goal]


def test_left_or_right_is_the_thiefs_choice(museum) -> None:
    """Seed: "Ob ein Spieler nach links oder nach rechts zieht, bleibt ihm aber überlassen"."""
    state = museum.position({"red": "25"}, discard=["20/2"])
    assert museum.notations(state) == ["25-23", "25-24", "=25", "25-26", "25-27"]


def test_seed_example_25_reached_by_skipping_over_a_thief(museum) -> None:
    """Seed: "Er zieht vom Dach aus auf Bild 22, dann Bild 23 - überspringt die Spielfigur des
    grünen Spielers und endet mit seinem dritten Zug auf Bild 25" (skipping green on 24).

        roof(R) - 22 - 23 - [24 G] - 25
    """
    state = museum.position({"green": "24"}, discard=["4/3"])
    assert museum.targets(state) == ["roof", "22", "23", "25"]


def test_a_thief_never_stops_on_an_occupied_field(museum) -> None:
    """Ruling: "Fields holding another thief are skipped (jumped, not counted; a thief never
    stops on one)". Two thieves in a row are jumped together.
    """
    state = museum.position({"red": "22", "blue": "23", "green": "24"}, discard=["3/1"])
    assert museum.targets(state) == ["roof", "22", "25"]


def test_the_roof_is_never_occupied(museum) -> None:
    """Ruling: "The roof is never 'occupied'": any number of thieves share it."""
    state = museum.position({"red": "22"}, discard=["3/1"])
    assert "22-roof" in museum.notations(state)
    museum.play(state, "22-roof")
    assert list(museum.thieves(state).values()) == ["roof"] * 4


def test_thieves_in_the_elevator_are_skipped_too(museum) -> None:
    """Seed: "Auch Spielfiguren auf Aufzugsfeldern werden übersprungen"."""
    state = museum.position({"red": "28", "blue": "E4", "green": "s9"}, discard=["3/1"])
    assert museum.targets(state) == ["27", "28", "s8"]


def test_pictures_with_markers_are_ordinary_fields(museum) -> None:
    """Seed: "Bilder mit einem Markierungsstein werden bei der Bewegung nicht übersprungen"."""
    state = museum.position({"red": "22"}, discard=["3/1"], markers={"blue": {"at_risk": [23]}})
    assert museum.targets(state) == ["roof", "22", "23"]


def test_robbing_comes_after_every_move_in_the_same_order(museum) -> None:
    """Seed: "Angefangen beim Startspieler entscheiden nun alle Spieler, ob sie das Bild auf dem
    sie momentan stehen, rauben wollen" (from the start player on, each decides to rob).
    """
    state = museum.position(start="blue", discard=["4/3"])
    museum.play(state, "roof-23", "roof-24", "roof-22", "=roof")  # blue, green, yellow, red
    obj = state.to_json()
    assert (obj["phase"], obj["turn"]) == ("rob", "blue")
    assert museum.notations(state) == ["pass", "rob:23"]
    museum.play(state, "rob")
    assert state.to_json()["turn"] == "green"
    museum.play(state, "pass")
    assert state.to_json()["turn"] == "yellow"  # red on the roof has nothing to rob
    museum.play(state, "rob:22")
    assert museum.markers(state, "blue")["at_risk"] == [23]
    assert museum.markers(state, "yellow")["at_risk"] == [22]
    assert state.to_json()["phase"] == "draw"


def test_a_robbed_picture_cannot_be_robbed_again(museum) -> None:
    """Seed: "Dieses Bild kann nun kein anderer Spieler mehr rauben" (no one else can rob it)."""
    state = museum.position(
        {"red": "23", "blue": "25"}, discard=["4/3"], markers={"green": {"banked": [23]}}
    )
    museum.play(state, "=23", "=25", "=roof", "=roof")
    assert state.to_json()["turn"] == "blue"  # red stands on green's picture: not asked


def test_a_thief_without_markers_cannot_rob(museum) -> None:
    """Seed: "Hat ein Spieler keine Markierungssteine mehr, kann er auch keine Bilder mehr
    rauben" (no markers left: no more robbing).
    """
    ten = [1, 2, 3, 5, 6, 7, 8, 9, 10, 11]
    state = museum.position({"red": "25"}, discard=["4/3"], markers={"red": {"banked": ten}})
    assert state.hand(0) == 0  # type: ignore[attr-defined]
    museum.play(state, "=25", "=roof", "=roof", "=roof")
    assert state.to_json()["phase"] == "draw"


def test_only_pictures_can_be_robbed(museum) -> None:
    """Seed: "ob sie das Bild auf dem sie momentan stehen, rauben wollen": the roof and the
    elevator hold no picture, so a thief there is not asked.
    """
    state = museum.position({"red": "E4", "blue": "s9"}, discard=["4/3"])
    museum.play(state, "=E4", "=s9", "=roof", "=roof")
    assert state.to_json()["phase"] == "draw"


def test_seed_example_caught_on_picture_4(museum) -> None:
    """Seed: "In unserem Beispiel ist dies Bild 4. Steht auf diesem Bild ein Markierungsstein
    eines Spielers und dieser Spieler ist nicht auf dem Dach, wurde der Spieler beim Rauben
    erwischt ... muss der Spieler alle gesetzten Markierungssteine wieder zu sich zurück nehmen
    und darf das Spiel auf dem Dach neu beginnen" (a marker on 4, not on the roof: caught, all
    markers back, restart on the roof).
    """
    state = museum.position(
        {"red": "10", "blue": "12"},
        discard=["4/3"],
        markers={"red": {"at_risk": [4, 9]}, "blue": {"at_risk": [5]}},
    )
    museum.play(state, "=10", "=12", "=roof", "=roof", "pass", "pass")
    assert museum.thieves(state)["red"] == "roof"
    assert museum.markers(state, "red") == {"banked": [], "at_risk": []}
    assert state.hand(0) == 10  # type: ignore[attr-defined]
    assert museum.thieves(state)["blue"] == "12"
    assert museum.markers(state, "blue")["at_risk"] == [5]
    assert state.to_json()["caught"] == ["red"]


def test_a_thief_standing_on_the_checked_picture_is_caught(museum) -> None:
    """Seed: "Diese Regel gilt auch, wenn sich auf dem Feld ein Spielstein des Spielers
    befindet" (the rule holds too when the thief's figure stands on the picture).
    """
    state = museum.position({"red": "4"}, discard=["4/3"], markers={"red": {"at_risk": [20]}})
    museum.play(state, "=4", "=roof", "=roof", "=roof", "pass")
    assert museum.thieves(state)["red"] == "roof"
    assert museum.markers(state, "red")["at_risk"] == []


def test_robbing_the_checked_picture_gets_the_thief_caught(museum) -> None:
    """Seed: "die Spieler sich zuerst bewegen und dann der Aufseher kommt" (the thieves move
    first, then the guard comes): robbing the card's picture is allowed, and caught at once.
    """
    state = museum.position({"red": "4"}, discard=["4/3"])
    museum.play(state, "=4", "=roof", "=roof", "=roof", "rob:4")
    assert museum.thieves(state)["red"] == "roof"
    assert state.hand(0) == 10  # type: ignore[attr-defined]


def test_a_thief_on_the_roof_is_safe(museum) -> None:
    """Seed: "Steht auf diesem Bild ein Markierungsstein ... und dieser Spieler ist nicht auf
    dem Dach" (only a thief not on the roof is caught), with `roof_banks=false`, where the
    markers stay at risk: on the roof they are still safe from the guard.
    """
    state = museum.position(
        {"red": "roof"}, discard=["4/3"], markers={"red": {"at_risk": [4]}}, roof_banks=False
    )
    museum.play(state, "=roof", "=roof", "=roof", "=roof")
    assert museum.markers(state, "red")["at_risk"] == [4]
    assert state.to_json()["caught"] == []


def test_the_guard_leaves_a_chip_and_never_comes_back(museum) -> None:
    """Seed: "In jedem Fall wird anschließend das Bild gekennzeichnet ... Dieses Bild kann nun
    beruhigt geraubt werden, da der Aufseher hier nicht mehr hinkommt" (a guard chip; the picture
    is safe to rob afterwards). Ruling: "X gets a guard chip: the guard never comes back".
    """
    state = museum.position({"red": "5"}, discard=["4/3"])
    assert state.guarded() == set()  # type: ignore[attr-defined]
    museum.play(state, "5-4", "=roof", "=roof", "=roof", "pass")
    assert state.guarded() == {4}  # type: ignore[attr-defined]
    assert 4 not in [load_deck().kinds[a].picture for a in state.legal_actions()]


def test_robbing_an_already_checked_picture_is_safe_from_its_card(museum) -> None:
    """Seed: "Wer zuerst kommt, raubt zuerst" (first come, first robbed) on a checked picture."""
    state = museum.position({"red": "4"}, discard=["4/3", "17/1"])
    museum.play(state, "=4", "=roof", "=roof", "=roof", "rob:4")
    assert museum.markers(state, "red")["at_risk"] == [4]
    assert museum.thieves(state)["red"] == "4"


def test_the_elevator_card_catches_every_thief_on_an_elevator_field_when_turned(museum) -> None:
    """Seed: "Wird diese Karte umgedreht, werden alle Spieler erwischt, die sich auf einem
    Aufzugsfeld befinden" (when this card is turned, every thief on an elevator field is
    caught): the check comes as the card is turned, before anyone moves, so a thief in the
    elevator cannot walk out of it first, and one that rides into it this round is safe.

    red on E4 (at risk 27), blue on s5 (at risk 20, banked 22), green on 21, yellow on 27.
    """
    state = museum.position(
        {"red": "E4", "blue": "s5", "green": "21", "yellow": "27"},
        discard=["4/3"],
        phase="draw",
        markers={"red": {"at_risk": [27]}, "blue": {"at_risk": [20], "banked": [22]}},
    )
    museum.play(state, "card:E/3")
    things = museum.thieves(state)
    assert (things["red"], things["blue"], things["green"]) == ("roof", "roof", "21")
    assert museum.markers(state, "red") == {"banked": [], "at_risk": []}
    assert museum.markers(state, "blue") == {"banked": [22], "at_risk": []}
    assert state.to_json()["caught"] == ["red", "blue"]
    museum.play(state, "=roof", "=roof", "=21", "27-E4", "pass")
    assert museum.thieves(state)["yellow"] == "E4"  # rode in after the check: not caught
    assert state.to_json()["caught"] == ["red", "blue"]  # shown until the next check
    assert state.guarded() == {4}  # type: ignore[attr-defined]


def test_a_banked_marker_on_the_checked_picture_does_not_get_its_thief_caught(museum) -> None:
    """Seed: "Ein Spieler, der zurück auf das Dach gerückt ist, hat seine Bilder geschützt"
    (a thief who has gone back to the roof has protected its pictures); ruling: "A marker that
    is banked (see Roof) does not get its thief caught".

    red stands on 10, off the roof, with a banked marker on 4 and one at risk on 9: card 4/3.
    """
    state = museum.position(
        {"red": "10"}, discard=["4/3"], markers={"red": {"banked": [4], "at_risk": [9]}}
    )
    museum.play(state, "=10", "=roof", "=roof", "=roof", "pass")
    assert museum.thieves(state)["red"] == "10"
    assert museum.markers(state, "red") == {"banked": [4], "at_risk": [9]}
    assert state.to_json()["caught"] == []


def test_reaching_the_roof_banks_the_thiefs_pictures(museum) -> None:
    """Ruling: "reaching the roof banks a thief's markers on the board: banked markers can no
    longer be taken back when it is caught later" (seed: "hat seine Bilder geschützt").
    """
    state = museum.position({"red": "22"}, discard=["9/1"], markers={"red": {"at_risk": [4, 23]}})
    museum.play(state, "22-roof")
    assert museum.markers(state, "red") == {"banked": [4, 23], "at_risk": []}


def test_banked_markers_survive_a_later_catch(museum) -> None:
    """Ruling: "Markers placed after leaving the roof again are at risk until the next return"."""
    state = museum.position(
        {"red": "4"}, discard=["4/3"], markers={"red": {"banked": [23], "at_risk": [12]}}
    )
    museum.play(state, "=4", "=roof", "=roof", "=roof", "pass")
    assert museum.markers(state, "red") == {"banked": [23], "at_risk": []}


def test_a_caught_thief_loses_markers_on_checked_pictures_too(museum) -> None:
    """Seed: "muss der Spieler alle gesetzten Markierungssteine wieder zu sich zurück nehmen"
    (all markers placed come back), not only the one on the checked picture.
    """
    state = museum.position(
        {"red": "5"}, discard=["17/1", "4/3"], markers={"red": {"at_risk": [4, 17]}}
    )
    museum.play(state, "=5", "=roof", "=roof", "=roof", "pass")
    assert museum.markers(state, "red")["at_risk"] == []


def test_the_start_player_token_passes_left(museum) -> None:
    """Seed: "Der Startspielerstein wird an den linken Nachbarn weitergegeben, der nun wieder
    die nächste Karte vom Kartenstapel umdreht" (the token passes left; that thief turns next).
    """
    state = museum.position(start="yellow")
    museum.play(state, "=roof", "=roof", "=roof", "=roof")
    obj = state.to_json()
    assert (obj["phase"], obj["start_player"]) == ("draw", "red")
    museum.play(state, "card:9/1")
    assert state.to_json()["turn"] == "red"


def test_the_last_card_starts_the_last_round_then_the_game_ends(museum) -> None:
    """Seed: "Sobald die letzte Karte vom Kartenstapel gezogen wurde, beginnt die letzte Runde.
    Danach ist das Spiel zu Ende" (the last card's round is the last round).
    """
    deck = load_deck()
    names = [k.name for k in deck.kinds for _ in range(k.count)]
    state = museum.position(discard=names, players=2)
    assert state.rounds_left() == 0  # type: ignore[attr-defined]
    assert "last round" in str(state)
    museum.play(state, "=roof")
    assert not state.is_terminal()
    museum.play(state, "=roof")
    assert state.is_terminal()


def test_score_is_the_pictures_values_plus_5000_on_the_roof(museum) -> None:
    """Seed: "Jeder Spieler zählt die Geldsummen zusammen, die er mit Markierungssteinen
    gekennzeichnet hat ... Dazu erhalten alle Spieler, die sich nach Spielende wieder auf dem
    Dach befinden einen Bonus von 5.000,-- Euro" (values of marked pictures, 5,000 on the roof).
    """
    state = museum.position(
        {"blue": "9"},
        players=2,
        phase="over",
        discard=[k.name for k in load_deck().kinds for _ in range(k.count)],
        markers={"red": {"banked": [1, 22]}, "blue": {"at_risk": [20, 8]}},
    )
    assert state.scores() == [8000 + 1000 + 5000, 3000 + 6000]  # type: ignore[attr-defined]
    assert state.returns() == [1.0, -1.0]


def test_tied_scores_share_the_win(museum) -> None:
    """Ruling: "Highest score wins; ruling: tied scores share the win"; returns map ranks to
    zero-sum values: (seats outscored - seats that outscore) / (players - 1).
    """
    state = museum.position(
        {"green": "5"},
        players=3,
        phase="over",
        discard=[k.name for k in load_deck().kinds for _ in range(k.count)],
        markers={"green": {"at_risk": [3, 19]}},
    )
    assert state.scores() == [5000, 5000, 10500]  # type: ignore[attr-defined]
    assert state.returns() == [-0.5, -0.5, 1.0]
    tied = museum.position(
        players=4, phase="over", discard=[k.name for k in load_deck().kinds for _ in range(k.count)]
    )
    assert tied.returns() == [0.0] * 4


def test_thieves_at_risk_at_the_end_still_count(museum) -> None:
    """Seed: "Jeder Spieler zählt die Geldsummen zusammen, die er mit Markierungssteinen
    gekennzeichnet hat": every marker on a picture at the end counts, banked or not.
    """
    state = museum.position(
        {"red": "1"},
        players=2,
        phase="over",
        discard=[k.name for k in load_deck().kinds for _ in range(k.count)],
        markers={"red": {"at_risk": [1, 2]}},
    )
    assert state.scores()[0] == 8000 + 7500  # type: ignore[attr-defined]


# -- the API around the rules ------------------------------------------------------------------
def test_observation_shows_the_pile_and_the_cards_left_but_not_the_seed(museum) -> None:
    """Ruling: "Everything is public except which cards are still to come and in what order"."""
    state = museum.position(discard=["4/3", "E/3"])
    seen = state.observation(2)
    assert "seed" not in seen
    assert (seen["discard"], seen["card"]) == (["4/3", "E/3"], "E/3")
    assert seen["deck"]["4/3"] == 0 and seen["deck"]["E/3"] == 1 and seen["deck"]["E/4"] == 2
    assert sum(seen["deck"].values()) == 30
    with pytest.raises(ValueError, match="seat 4"):
        state.observation(4)


def test_illegal_moves_are_refused_and_change_nothing(museum) -> None:
    state = museum.position({"red": "25"}, discard=["3/1"])
    museum.rejects(state, IllegalActionError, "not a legal action", load_museum().by_name("22").id)
    museum.rejects(state, IllegalActionError, "not a legal action", "25-22")
    museum.rejects(state, NotationError, "stands on 25", "24-23")
    museum.rejects(state, NotationError, "not a move", "upstairs")
    museum.rejects(state, IllegalActionError, "not a legal action", ROB_ACTION)
    robbing = museum.position({"red": "25"}, discard=["3/1"], phase="rob")
    museum.rejects(robbing, NotationError, "rob", "rob:24")
    assert robbing.legal_actions() == [PASS, ROB_ACTION]


def test_notation_reads_every_form_of_a_move(museum) -> None:
    state = museum.position({"red": "25"}, discard=["3/1"])
    field = load_museum().by_name
    assert state.string_to_action("25-26") == field("26").id
    assert state.string_to_action("26") == field("26").id
    assert state.string_to_action(" =25 ") == state.string_to_action("stay") == field("25").id
    assert state.string_to_action("ROOF") == ROOF


def test_positions_the_rules_cannot_reach_are_refused() -> None:
    game = ludoteca.load("museum", players=2)
    base = {"game": "museum", "players": 2, "discard": ["4/3"]}
    bad = [
        ({"thieves": {"red": "5", "blue": "5"}}, "two thieves"),
        ({"thieves": {"red": "attic"}}, "no field"),
        ({"markers": {"red": {"at_risk": [5]}, "blue": {"banked": [5]}}}, "two markers"),
        ({"markers": {"red": {"at_risk": list(range(1, 12))}}}, "more than ten"),
        ({"discard": []}, "needs a turned card"),
        ({"discard": ["4/3", "4/3"]}, "more often"),
        ({"phase": "rob"}, "cannot rob"),
        ({"thieves": {"green": "5"}}, "not in play"),
    ]
    for change, message in bad:
        with pytest.raises(StateFormatError, match=message):
            game.state_from_json({**base, **change})


def test_a_seeded_game_is_reproducible_and_its_record_holds_the_cards() -> None:
    """Ruling: "a record holds the cards as they were turned"; the seed fixes every card."""

    def cards(seed: int) -> list[str]:
        state = ludoteca.load("museum", players=2).new_initial_state(seed=seed)
        while not state.is_terminal():
            play_chance(state)
            if not state.is_terminal():
                state.apply_action(state.legal_actions()[0])
        moves = Record.of(state).moves
        return [m.notation for m in moves if m.notation.startswith("card:")]

    first = cards(21)
    assert first == cards(21) and first != cards(22)
    assert len(first) == 32 and len(set(first) - {"card:E/3", "card:E/4"}) == 28
