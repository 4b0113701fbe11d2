r"""Bremer Stadtmusikanten: one test per rule of the seed and per ruling.

Each docstring quotes the seed (`shared/seeds/000_eec07db6a3d04c0c.txt`, Dutch, with a short
English gloss) or the ruling (`shared/rules/bremen.md`) it checks; "Our ruling" marks a point
both leave open (see `docs/games/bremen.md`). Positions are set up from JSON; animals a test does
not place stand at home. The board (fields as on the rules page; `=` a bridge; the board's own
constraints are checked in `test_bremen_board.py`):

        0*---1----2----3----4----5----6*     start fields: 0 red, 6 blue,
        |              |              |      12 yellow, 18 green; road 0-23;
       23   24---25---26---27---28    7      forest: the middle ring 24-39,
        |    | \      48=      / |    |      the inner ring 40-47; bridges
       22   39   40---41---42   29    8      48 (26-41) and 49 (34-45); H,
        |    |    |    |    |    |    |      the robber's house, is joined
       21---38   47----H---43   30----9      to 41, 43, 45 and 47
        |    |    |    |    |    |    |
       20   37   46---45---44   31   10
        |    | /      49=      \ |    |
       19   36---35---34---33---32   11
        |              |              |
       18*--17---16---15---14---13---12*
"""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest

import ludoteca
from ludoteca.core.chance import play_chance
from ludoteca.core.errors import IllegalActionError, NotationError, StateFormatError
from ludoteca.games.bremen.constants import parse_animal
from ludoteca.games.bremen.game import BremenState

HOME = {"r": "0", "b": "6", "y": "12", "g": "18"}
KIND_ORDER = "DHCR"


def setup(stacks: dict[str, list[str]], players: int = 4, **position: Any) -> BremenState:
    """A position with `stacks` placed and every other animal at home (standard variant)."""
    variant = position.pop("variant", "standard")
    game = ludoteca.load("bremen", players=players, variant=variant)
    named = {animal for animals in stacks.values() for animal in animals}
    full = {field: list(animals) for field, animals in stacks.items()}
    for colour, home in HOME.items():
        for kind in KIND_ORDER:
            if colour + kind not in named:
                full.setdefault(home, []).append(colour + kind)
    for animals in full.values():
        animals.sort(key=lambda a: KIND_ORDER.index(a[1].upper()))
    state = game.state_from_json({"game": "bremen", "stacks": full, **position})
    assert isinstance(state, BremenState)
    return state


def moving(dice: tuple[int, int | str], stacks: dict[str, list[str]], **kw: Any) -> BremenState:
    """Seat 0 (red) to move with `dice`."""
    return setup(stacks, phase="move", dice=list(dice), **kw)


def moves(state: BremenState) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def dests(state: BremenState) -> set[str]:
    """The moves without the die suffix (`/n`) and with `x` read as `-`."""
    return {m.split("/")[0].replace("x", "-") for m in moves(state)}


def stacks(state: BremenState) -> dict[str, list[str]]:
    return dict(state.to_json()["stacks"])


# -- set-up and seats --------------------------------------------------------------------------
def test_animals_start_stacked_big_to_small_on_their_corner() -> None:
    """Seed: "In elke hoek komen de passende dieren ... van groot (onderaan) tot klein
    (bovenaan)"; "De roversteen wordt op het middelste veld in zijn huis geplaatst"."""
    state = ludoteca.load("bremen", players=4).new_initial_state(seed=1)
    assert stacks(state) == {
        "0": ["rD", "rH", "rC", "rR"],
        "6": ["bD", "bH", "bC", "bR"],
        "12": ["yD", "yH", "yC", "yR"],
        "18": ["gD", "gH", "gC", "gR"],
    }
    assert state.to_json()["robber"] == "H"


def test_two_players_take_diagonally_opposite_colours() -> None:
    """Seed: "Bij twee spelers bekomt elke speler de twee diagonaal tegenover elkaar liggende
    startvelden en dieren"."""
    game = ludoteca.load("bremen", players=2)
    assert [game.seat_name(0), game.seat_name(1)] == ["red & yellow", "blue & green"]
    state = setup({}, players=2, phase="move", dice=[2, 3], turn=0)
    assert {text[:2] for text in moves(state)} == {"rD", "rH", "rC", "rR", "yD", "yH", "yC", "yR"}


def test_three_players_leave_green_neutral() -> None:
    """Seed: "Bij drie spelers is er zo één stapel 'neutrale' dieren in het spel die aan niemand
    toebehoren"; ruling: "its animals may be moved as foreign animals only"."""
    # 1: red donkey. 2: green dog (neutral). The green dog may hop onto the red donkey only.
    state = setup({"1": ["rD"], "2": ["gH"]}, players=3, phase="move", dice=[1, 5])
    assert {m for m in dests(state) if m.startswith("gH")} == {"gH2-1"}
    assert ludoteca.load("bremen", players=3).seat_name(2) == "yellow"


def test_the_starting_seat_is_drawn() -> None:
    """Seed: "D.m.v. de gewone dobbelsteen wordt uitgemaakt wie mag beginnen"."""
    state = ludoteca.load("bremen", players=3).new_initial_state(seed=1)
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    state.apply_action(2)
    assert state.current_player() == -1 and state.to_json()["turn"] == 2


def test_play_passes_to_the_left() -> None:
    """Seed: "Daarna is steeds de linkerbuur aan beurt" (then the left neighbour plays)."""
    state = setup({}, players=3, phase="robber", dice=[1, "R"], turn=2)
    state.apply_action(state.legal_actions()[0])
    assert state.to_json()["turn"] == 0


# -- the dice ----------------------------------------------------------------------------------
def test_two_dice_one_with_r_for_one() -> None:
    """Seed: "één gewone dobbelsteen en een dobbelsteen met een 'R' op de plaats van de '1'"."""
    state = setup({}, phase="roll")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == pytest.approx(1)
    faces = {state.action_to_string(a) for a, _ in outcomes}
    assert "3+R" in faces and "1+2" in faces and "3+1" not in faces


def test_r_means_a_robber_move() -> None:
    """Seed: "één van beide dobbelstenen toont de 'R' waardoor de rover aan zet komt"."""
    state = setup({}, phase="roll")
    state.apply_notation("4+R")
    assert state.to_json()["phase"] == "robber"
    assert all(state.action_to_string(a).startswith("R:") for a in state.legal_actions())


# -- the robber --------------------------------------------------------------------------------
def test_robber_walks_exactly_the_plain_die_and_stays_in_the_forest() -> None:
    """Seed: "De speler verplaatst de rover binnen het bos evenveel velden als het aantal ogen
    op de andere dobbelsteen ... De rover blijft daarbij steeds in het bos"."""
    state = setup({}, phase="robber", dice=[3, "R"])
    board = state.game.board
    for text in moves(state):
        walk = text[2:].split("-")
        assert len(walk) == 3
        assert all(board.is_robber_field(board.index(f)) for f in walk)


def test_robber_sends_home_everything_he_passes() -> None:
    """Seed: "Op alle velden waar hij passeert, stuurt hij de aanwezige dieren direct naar huis
    ... in de logische volgorde (van groot naar klein)"; ruling: the last field included."""
    # H(robber) -> 41 (blue cat) -> 42 (red dog with blue rooster) -> 43.
    state = setup(
        {"41": ["bC"], "42": ["rH", "bR"], "0": ["rD", "rC", "rR"]},
        phase="robber",
        dice=[3, "R"],
    )
    state.apply_notation("R:41-42-43")
    after = stacks(state)
    assert after["0"] == ["rD", "rH", "rC", "rR"] and after["6"] == ["bD", "bH", "bC", "bR"]
    assert state.to_json()["robber"] == "43"
    state = setup({"43": ["yD"]}, phase="robber", dice=[1, "R"])
    state.apply_notation("R:43")
    assert stacks(state)["12"] == ["yD", "yH", "yC", "yR"]


def test_robber_enters_no_field_twice_but_may_cross_bridges_and_his_house() -> None:
    """Seed: "elk veld mag tijdens eenzelfde beurt slechts één keer gepasseerd worden ... De
    rover mag de bruggen en het rovershuis passeren"."""
    state = setup({}, phase="robber", dice=[4, "R"], robber="26")
    legal = state.legal_actions()
    assert state.string_to_action("R:48-41-H-45") in legal  # over a bridge and his house
    with pytest.raises(NotationError):
        state.string_to_action("R:48-26-25-24")  # back onto his own field
    with pytest.raises(NotationError):
        state.string_to_action("R:3-2-1-0")  # the road is not forest


def test_robber_walks_with_the_same_effect_are_one_action() -> None:
    """Issue: "Different paths to the same destination that differ in nothing are one action":
    walks ending on the same field and sending the same animals home are one move."""
    state = setup({}, phase="robber", dice=[2, "R"])
    ends = [state.action_to_string(a).split("-")[-1] for a in state.legal_actions()]
    assert len(ends) == len(set(ends))  # an empty forest: one walk per end field
    # H -> 41 -> 40 and H -> 47 -> 40: with a cat on 41 the walk over 41 differs.
    state = setup({"41": ["bC"]}, phase="robber", dice=[2, "R"])
    to_40 = [m for m in moves(state) if m.endswith("-40")]
    assert sorted(to_40) == ["R:41-40", "R:47-40"]


def test_after_a_robber_move_the_next_player_rolls() -> None:
    """Seed: "Na een roverszet is de volgende speler aan beurt"."""
    state = setup({}, phase="robber", dice=[2, "R"], turn=1)
    state.apply_action(state.legal_actions()[0])
    assert state.to_json()["turn"] == 2 and state.to_json()["phase"] == "roll"


# -- moving animals ----------------------------------------------------------------------------
def test_two_different_animals_move_one_per_die() -> None:
    """Seed: "Het ene dieren evenveel velden als het ogenaantal van de ene dobbelsteen, het
    andere dieren overeenkomstig de andere dobbelsteen ... In geen geval mogen beide
    dobbelstenen aan hetzelfde dier toegekend worden"."""
    state = moving((1, 2), {"1": ["rH"], "0": ["rD", "rC", "rR"]})
    assert "rH1-2" in moves(state) and "rH1x0" not in moves(state)
    state.apply_notation("rH1-3")
    assert state.to_json()["dice_left"] == [1]
    assert not any(m.startswith("rH") for m in moves(state))


def test_either_die_may_go_first() -> None:
    """Seed: "Welke dobbelsteen en dier eerst gebruikt worden, mag vrij gekozen worden"."""
    state = moving((1, 2), {"1": ["rH"], "0": ["rD", "rC", "rR"]})
    assert {"rH1-2", "rH1-3"} <= moves(state)


def test_an_animal_carries_the_smaller_ones_on_top_and_leaves_the_bigger_below() -> None:
    """Seed: "Staat het dier ... bovenop één of meer grotere dieren, dan blijven deze grotere
    dieren op dat startveld staan. Zitten bovenop het dier ... kleinere dieren, dan worden deze
    bij het verplaatsen meegenomen"."""
    state = moving((2, 3), {})
    state.apply_notation("rH0-2")
    assert stacks(state)["0"] == ["rD"] and stacks(state)["2"] == ["rH", "rC", "rR"]


def test_a_move_enters_no_field_twice_and_may_pass_occupied_fields() -> None:
    """Seed: "mag elk veld tijdens eenzelfde beurt slechts één keer betreden worden. Bezette
    velden mogen oversprongen worden maar worden wel meegeteld"; ruling: the start field counts
    as entered, and the two moves are checked separately."""
    # 43 has three neighbours (42, 44, H): no walk comes back to it.
    state = moving((2, 4), {"43": ["rR"]})
    assert not any(m.startswith("rR43-43") for m in moves(state))
    # 1: red dog, 2: blue donkey, passed on the way 1 -> 2 -> 3.
    state = moving((2, 5), {"1": ["rH"], "2": ["bD"]})
    assert "rH1-3" in dests(state)


def test_a_bridge_carries_only_single_animals() -> None:
    """Seed: "Beide bruggen op het speelbord kunnen de dieren telkens slechts alleen
    oversteken. Een dier waarop een kleiner zit, kan dus in geen geval de brug oversteken"."""
    state = moving((1, 2), {"26": ["rC"]})
    assert {"rC26-48", "rC26-41"} <= dests(state)  # onto the bridge, and over it
    state = moving((1, 2), {"26": ["rC", "rR"]})
    assert not {"rC26-48", "rC26-41"} & dests(state)


def test_no_move_ends_on_an_occupied_bridge() -> None:
    """Seed: "Beide bruggen op het speelbord kunnen de dieren telkens slechts alleen
    oversteken"; ruling: no move may end on a bridge that is occupied, so an animal on a bridge
    always stands alone (neither on top of a bigger animal there nor sending a smaller home)."""
    #   26 rC --- 48= bD --- 41        26 rC --- 48= bR --- 41
    state = moving((1, 2), {"26": ["rC"], "48": ["bD"]})
    assert "rC26-48" not in dests(state)
    assert "rC26-41" in dests(state)  # passing over it, as over any occupied field, stays legal
    state = moving((1, 3), {"26": ["rC"], "48": ["bR"]})
    assert "rC26-48" not in dests(state)
    assert "rC26-27" in dests(state)  # the cat itself may still move
    with pytest.raises(StateFormatError, match="bridge"):
        setup({"48": ["bD", "rR"]})


def test_nobody_passes_over_the_house() -> None:
    """Seed: "Over het centrale veld met het rovershol mag niet geschoven worden"."""
    # 43 and 47 face each other across H: two steps apart only through the house.
    state = moving((2, 3), {"43": ["rR"]})
    assert not any(m.endswith("-47") for m in dests(state))
    assert "rR43-41" in dests(state)


def test_only_a_pyramid_may_end_on_the_house() -> None:
    """Seed: "Dit veld kan niettemin enkel door een piramide van vier verschillende dieren in
    eenzelfde beurt bestormd worden"."""
    # 41 is next to H, and 5 steps away around the inner ring (41-40-47-46-45-H).
    state = moving((1, 5), {"41": ["rD", "rH", "rC"]})
    assert not any(m.endswith("-H") for m in dests(state))
    state = moving((1, 5), {"41": ["rD", "bH", "yC", "gR"]})
    assert {"rD41-H/1", "rD41-H/5"} <= moves(state)


# -- landing -----------------------------------------------------------------------------------
def test_landing_on_a_bigger_animal_sits_on_top_and_earns_a_roll() -> None:
    """Seed: "Is het eindveld ... bezet met één of meer grotere dieren, dan ... gaat het
    bewegende dier er bovenop zitten ... wie het lukt om bovenop een ander dier te gaan
    zitten, mag nogmaals gooien"."""
    state = moving((1, 6), {"1": ["bD"]})
    state.apply_notation("rH0-1")
    assert stacks(state)["1"] == ["bD", "rH", "rC", "rR"]
    assert state.to_json()["landed_on_top"] is True
    state.apply_action(state.legal_actions()[0])
    assert state.to_json()["turn"] == 0 and state.to_json()["phase"] == "roll"


def test_landing_on_the_same_size_or_smaller_sends_them_home() -> None:
    """Seed: "Is het veld ... met een even groot of kleiner dier bezet, dan worden deze van die
    plaats geduwd en terug op hun startveld geplaatst"; with bigger ones too: "het aankomende
    dier ... bovenop de grotere dieren geplaatst. Het even grote evenals de kleinere ... naar
    huis gestuurd"."""
    state = moving((1, 6), {"1": ["bD", "yH", "gR"]})
    state.apply_notation("rH0x1")
    after = stacks(state)
    assert after["1"] == ["bD", "rH", "rC", "rR"]
    assert after["12"] == ["yD", "yH", "yC", "yR"] and after["18"] == ["gD", "gH", "gC", "gR"]


def test_own_animals_may_be_sent_home_too() -> None:
    """Seed: "Soms is het uit tactisch oogpunt nuttig om ook eigen kleinere dieren terug naar
    huis te sturen"."""
    state = moving((1, 6), {"2": ["rC"], "1": ["rH"], "0": ["rD", "rR"]})
    state.apply_notation("rH1x2")
    assert stacks(state)["0"] == ["rD", "rC", "rR"]


def test_seed_example_three_and_two_onto_the_foreign_donkey() -> None:
    """Seed's worked example: own pyramid on the start field, five fields on a foreign donkey
    with a rooster of the same player; with the 3 the donkey carries all, with the 2 the dog
    (and the two on it) lands on the foreign donkey, the foreign rooster goes home, and the
    player rolls again."""
    #  0*[rD rH rC rR] - 1 - 2 - 3 - 26 - 27[bD bR]
    state = moving((3, 2), {"27": ["bD", "bR"]})
    state.apply_notation("rD0-3")
    assert stacks(state)["3"] == ["rD", "rH", "rC", "rR"]
    state.apply_notation("rH3x27")
    after = stacks(state)
    assert after["3"] == ["rD"]
    assert after["27"] == ["bD", "rH", "rC", "rR"]
    assert after["6"] == ["bH", "bC", "bR"]
    assert state.to_json()["phase"] == "roll" and state.to_json()["turn"] == 0


def test_a_foreign_animal_may_move_only_onto_an_own_animal() -> None:
    """Seed: "In uitzonderingsgevallen mag echter ook met een vreemd dier geschoven worden.
    Dit mag als het verplaatste vreemde dier op het eind van de beweging bovenop een eigen dier
    springt"; our ruling: the animal directly under it must be own."""
    state = moving((1, 5), {"1": ["rD"], "2": ["bH", "yC"], "3": ["gD"]})
    assert {m for m in dests(state) if m.startswith("bH")} == {"bH2-1"}
    # green dog on 3, blue donkey on 2 with a red cat: the dog would sit on blue.
    state = moving((1, 5), {"2": ["bD", "rC"], "3": ["gH"]})
    assert "gH3-2" not in dests(state)


def test_a_donkey_is_never_moved_as_a_foreign_animal() -> None:
    """Ruling: "A donkey is never foreign-moved (it can end on nothing)"."""
    state = moving((1, 2), {"1": ["bD"]})
    assert not any(m.startswith("bD") for m in moves(state))


def test_foreign_start_fields_are_never_entered_nor_passed() -> None:
    """Seed: "Vreemde startvelden mogen nooit betreden worden"; ruling: nor passed over."""
    state = moving((1, 2), {"5": ["rH"]})
    assert "rH5-6" not in dests(state)
    assert "rH5-7" not in dests(state)  # over blue's start


def test_landing_on_the_own_start_field_needs_the_second_die_to_leave_again() -> None:
    """Seed: "Ook op het eigen startveld mag ... geland worden ... dit steeds met de eerste van
    de twee bewegingen gebeuren en moeten de dieren met de tweede dobbelsteenworp terug het
    startveld verlaten"; ruling: the second move carries the landed animal off."""
    # red donkey alone at home, red dog on 1: the dog may land on it with the 1, then the
    # donkey must carry it away with the 3.
    state = moving((1, 3), {"1": ["rH", "rC", "rR"], "0": ["rD"]})
    assert "rH1-0" in moves(state)
    state.apply_notation("rH1-0")
    assert moves(state) and all(m.startswith("rD0") for m in moves(state))
    state.apply_notation("rD0-3")
    assert stacks(state)["3"] == ["rD", "rH", "rC", "rR"]


def test_landing_on_the_own_start_field_only_with_the_first_move() -> None:
    """Seed: "Daarenboven moet dit steeds met de eerste van de twee bewegingen gebeuren"."""
    state = moving((1, 3), {"1": ["rH", "rC", "rR"], "0": ["rD"]})
    state.apply_notation("rD0-23")  # the 1 first
    assert "rH1-0" not in dests(state)


def test_landing_on_the_own_start_field_never_sends_an_own_animal_home() -> None:
    """Seed: "Daarbij mag echter nooit een eigen dier terug naar huis gestuurd worden"."""
    state = moving((1, 3), {"1": ["rH"], "0": ["rD", "rC", "rR"]})
    assert "rH1-0" not in dests(state)


def test_a_die_without_a_move_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling: "a die that has a legal move when it is used must be used; a die with none at
    that moment is lost". On our board every animal always has a move for every die
    (`test_bremen_board.py`), so this test takes the second die's moves away by hand."""
    real = BremenState._moves_with

    def none_after_the_first(state: BremenState, steps: int) -> list[int]:
        return [] if state.moved >= 0 else real(state, steps)

    monkeypatch.setattr(BremenState, "_moves_with", none_after_the_first)
    state = moving((1, 2), {"43": ["rD"]})
    state.apply_notation("rD43-41")
    assert state.to_json()["phase"] == "roll" and state.to_json()["turn"] == 1


def test_a_die_with_a_move_must_be_used() -> None:
    """Ruling: "a die that has a legal move when it is used must be used": there is no pass."""
    state = moving((1, 2), {"43": ["rD"]})
    state.apply_notation("rD43-41")
    assert state.to_json()["phase"] == "move" and moves(state)
    assert all(m.startswith(("rH", "rC", "rR")) for m in moves(state))


# -- the robber's field ------------------------------------------------------------------------
def test_only_a_pyramid_ends_on_the_robber_others_pass_him() -> None:
    """Ruling: "the robber occupies his field: only a pyramid may end a move there (chasing
    him); other animals may pass over it"."""
    state = moving((1, 2), {"25": ["rH"]}, robber="26")
    assert "rH25-26" not in dests(state) and "rH25-27" in dests(state)


def test_chasing_the_robber_scores_one_point() -> None:
    """Seed: "Schuift een speler met zijn ezel (met daarop de drie andere eigen of vreemde
    dieren) precies op het veld met de rover, dan wordt de rover direct terug in zijn hol
    geplaatst. Deze speler scoort op deze manier een punt"."""
    state = moving((1, 5), {"25": ["rD", "bH", "rC", "gR"]}, robber="26")
    state.apply_notation("rD25-26")
    position = state.to_json()
    assert position["robber"] == "H" and position["scores"] == [1, 0, 0, 0]
    assert stacks(state)["26"] == ["rD", "bH", "rC", "gR"]
    assert position["phase"] == "move"  # the other die is still to play


# -- storming the house ------------------------------------------------------------------------
def test_storming_scores_each_owner_and_the_donkey_owner_a_bonus_at_home() -> None:
    """Seed: "Elke eigenaar van een dier in deze piramide scoort een punt ... Staat de rover
    ... in zijn huis, dan krijgt de eigenaar van de ezel een bijkomend punt. Alle dieren ...
    worden terug op hun startveld geplaatst"."""
    state = moving((1, 5), {"41": ["rD", "bH", "rC", "gR"]})
    state.apply_notation("rD41-H/1")
    assert state.to_json()["scores"] == [3, 1, 0, 1]
    assert stacks(state)["0"] == ["rD", "rH", "rC", "rR"]
    state = moving((1, 5), {"41": ["rD", "bH", "rC", "gR"]}, robber="30")
    state.apply_notation("rD41-H/1")
    assert state.to_json()["scores"] == [2, 1, 0, 1] and state.to_json()["robber"] == "H"


def test_storming_ends_the_turn_at_once() -> None:
    """Seed: "Wordt het huis in de eerste beurt ... bestormd, dan vervalt de tweede beweging
    ... In elk geval is de volgende speler onmiddellijk aan beurt"."""
    state = moving((1, 5), {"41": ["rD", "rH", "rC", "rR"]}, landed_on_top=True)
    state.apply_notation("rD41-H/1")
    assert state.to_json()["phase"] == "roll" and state.to_json()["turn"] == 1


def test_neutral_animals_score_for_nobody() -> None:
    """Ruling: "neutral animals score for nobody"."""
    state = setup({"41": ["rD", "gH", "gC", "bR"]}, players=3, phase="move", dice=[1, 5])
    state.apply_notation("rD41-H/1")
    assert state.to_json()["scores"] == [2, 1, 0]


# -- the end -----------------------------------------------------------------------------------
def test_seven_points_win() -> None:
    """Seed: "Zodra iemand minstens zeven punten heeft verzameld, eindigt het spel"."""
    state = moving((1, 5), {"25": ["rD", "rH", "rC", "rR"]}, robber="26", scores=[6, 0, 0, 0])
    state.apply_notation("rD25-26")
    assert state.is_terminal() and state.returns() == [1.0, -1 / 3, -1 / 3, -1 / 3]


def test_equal_scores_go_to_who_had_the_turn_most_recently() -> None:
    """Seed: "Bereiken twee of meer spelers op hetzelfde moment evenveel punten, dan wint de
    speler onder hen die als laatste aan de beurt was"; ruling: most points first."""
    # Yellow (seat 2) storms with blue and green riders, the robber away from home.
    pyramid = {"41": ["yD", "bH", "gC", "bR"]}
    state = setup(pyramid, phase="move", dice=[1, 5], turn=2, scores=[0, 5, 5, 6], robber="30")
    state.apply_notation("yD41-H/1")
    assert state.to_json()["scores"] == [0, 7, 6, 7]
    assert state.to_json()["winner"] == 1  # seat 1 moved more recently than seat 3
    state = setup(pyramid, phase="move", dice=[1, 5], turn=2, scores=[0, 5, 6, 6])
    state.apply_notation("yD41-H/1")
    assert state.to_json()["scores"] == [0, 7, 8, 7] and state.to_json()["winner"] == 2


# -- variants ----------------------------------------------------------------------------------
def test_harder_extra_roll_only_without_sending_home() -> None:
    """Seed: "Een speler mag enkel nog eens gooien als hij bij zijn beurt bovenop een groter
    dier kan springen zonder dat daarbij een dier naar huis gestuurd wordt"."""
    kicked = moving((1, 6), {"1": ["bD", "yR"]}, variant="harder")
    kicked.apply_notation("rH0x1")
    assert kicked.to_json()["landed_on_top"] is False
    clean = moving((1, 6), {"1": ["bD"]}, variant="harder")
    clean.apply_notation("rH0-1")
    assert clean.to_json()["landed_on_top"] is True


def test_turbulent_start_stacks_mix_the_colours() -> None:
    """Seed: "het onderste dier mag niet starten op het startveld van de eigen kleur en geen
    enkel dier mag bij het begin bovenop een ander dier van dezelfde kleur zitten"."""
    game = ludoteca.load("bremen", players=4, variant="turbulent")
    start = stacks(game.new_initial_state(seed=1))
    assert start["0"] == ["bD", "yH", "gC", "rR"]
    for colour, field in HOME.items():
        stack = start[field]
        assert stack[0][0] != colour and len({a[0] for a in stack}) == 4


def test_turbulent_animals_go_home_to_their_start_stack() -> None:
    """Seed: "Indien dieren naar huis gestuurd worden, moeten ze zodanig teruggeplaatst worden
    dat ze deze regel niet overtreden"; ruling: an animal sent home returns to the start field
    it started on if both set-up rules then hold there."""
    game = ludoteca.load("bremen", players=4, variant="turbulent")
    position = game.new_initial_state(seed=1).to_json()
    position.update(phase="robber", dice=[1, "R"], robber="H", turn=0)
    position["stacks"]["18"] = [a for a in position["stacks"]["18"] if a != "bH"]
    position["stacks"]["41"] = ["bH"]
    state = game.state_from_json(position)
    state.apply_notation("R:41")
    assert stacks(state)["18"] == ["rD", "bH", "yC", "gR"]


def turbulent_robbing(stacks: dict[str, list[str]]) -> BremenState:
    """Turbulent start stacks with `stacks` overriding fields, the robber about to walk 1."""
    game = ludoteca.load("bremen", players=4, variant="turbulent")
    position = game.new_initial_state(seed=1).to_json()
    position.update(phase="robber", dice=[1, "R"], robber="H", turn=0)
    position["stacks"].update(stacks)
    state = game.state_from_json(position)
    assert isinstance(state, BremenState)
    return state


def test_turbulent_animals_sent_home_go_clockwise_to_where_the_rule_holds() -> None:
    """Seed: "Indien dieren naar huis gestuurd worden, moeten ze zodanig teruggeplaatst worden
    dat ze deze regel niet overtreden" (the rule: "het onderste dier mag niet starten op het
    startveld van de eigen kleur en geen enkel dier mag ... bovenop een ander dier van dezelfde
    kleur zitten"); ruling: otherwise to the first start field clockwise from it where both
    hold, stacks ordered by size.

        0* (empty)          6* yD gH rC         12* gD rH bC         18* rD bH yC gR
        41: rR  <- the robber walks H-41 and sends the red rooster home
    On 0 it would be the bottom animal on its own colour's field; on 6 it would sit on the red
    cat; 12 takes it (on the blue cat)."""
    state = turbulent_robbing(
        {"0": [], "3": ["bD", "yH", "gC"], "6": ["yD", "gH", "rC"], "27": ["bR"]}
        | {"12": ["gD", "rH", "bC"], "28": ["yR"], "41": ["rR"]}
    )
    state.apply_notation("R:41")
    after = stacks(state)
    assert "0" not in after and after["6"] == ["yD", "gH", "rC"]
    assert after["12"] == ["gD", "rH", "bC", "rR"]


def test_turbulent_no_move_sends_an_animal_home_where_the_rule_cannot_hold() -> None:
    """Seed: "het onderste dier mag niet starten op het startveld van de eigen kleur ...
    Indien dieren naar huis gestuurd worden, moeten ze zodanig teruggeplaatst worden dat ze
    deze regel niet overtreden". Ruling: a move that would send an animal home where the rule
    holds on no start field is not legal (issue 29, item 10).

        0* (empty)          6* yD gH rC bR       12* gD rH bC yR      18* rD bH yC gR
        1: bD yH gC         41: rR  <- the robber at H, a 1 to walk
    Sent home, the red rooster would be alone, so the bottom animal, on red's own field 0;
    every other start field already holds a rooster. So the walk H-41 is not legal (before,
    it put the rooster on field 0); the robber walks elsewhere."""
    game = ludoteca.load("bremen", players=4, variant="turbulent")
    position = game.new_initial_state(seed=1).to_json()
    del position["stacks"]["0"]
    position["stacks"] |= {"1": ["bD", "yH", "gC"], "41": ["rR"]}
    position.update(phase="robber", dice=[1, "R"], robber="H", turn=1)
    state = game.state_from_json(position)
    assert isinstance(state, BremenState)
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    assert "R:41" not in legal and legal  # the other walks of one step remain
    with pytest.raises(IllegalActionError):
        state.apply_notation("R:41")
    assert state.home_field(parse_animal("rR")) is None  # what the walk would need
    for notation in legal:  # every walk allowed keeps the rule on every start field
        after = state.clone()
        after.apply_notation(notation)
        assert_setup_rule_holds(after)


def assert_setup_rule_holds(state: BremenState) -> None:
    """Every start field: its bottom animal is not of its colour, no animal on one of its own."""
    for colour, field in enumerate(state.game.board.starts):
        stack = state.stacks[field]
        if stack:
            assert stack[0] >> 2 != colour, (field, stack)
        assert all(a >> 2 != b >> 2 for a, b in pairwise(stack)), stack


def test_turbulent_play_keeps_the_setup_rule_on_every_start_field() -> None:
    """The seed's rule holds at every roll of whole turbulent games between random bots
    (within a turn a player may land on an own start field, which the rule does not govern,
    and must leave it with the other die)."""
    for seed in range(8):
        game = ludoteca.load("bremen", players=seed % 3 + 2, variant="turbulent")
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and len(state.history()) < 3000:
            if state.is_chance_node():
                assert_setup_rule_holds(state)
                play_chance(state)
            else:
                state.apply_action(rng.choice(state.legal_actions()))


# -- errors ------------------------------------------------------------------------------------
def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    """Every game: an illegal action raises and leaves the state as it was."""
    state = moving((1, 2), {})
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply_notation("rD0-6")  # blue's start field
    with pytest.raises(NotationError):
        state.apply_notation("rX0-1")
    with pytest.raises(NotationError):
        state.apply_notation("rH5-1")  # the red dog is not on 5
    assert state.to_json() == before
