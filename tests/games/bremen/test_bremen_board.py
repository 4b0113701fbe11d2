r"""The Bremer Stadtmusikanten board (`board.json`) against every constraint of the rulings.

Each test reads the board data only, so any redesign of the board must pass them all. The board
(fields as on the rules page; `=` a bridge):

        0*---1----2----3----4----5----6*     the road 0-23 (start fields 0 red,
        |              |              |      6 blue, 12 yellow, 18 green) meets
       23   24---25---26---27---28    7      the middle ring at 3, 9, 15, 21;
        |    | \      48=      / |    |      the middle ring 24-39 meets the
       22   39   40---41---42   29    8      inner ring 40-47 at its corners;
        |    |    |    |    |    |    |      the house H meets the inner ring
       21---38   47----H---43   30----9      at 41, 43, 45, 47; the bridges
        |    |    |    |    |    |    |      48 (26-41) and 49 (34-45)
       20   37   46---45---44   31   10
        |    | /      49=      \ |    |
       19   36---35---34---33---32   11
        |              |              |
       18*--17---16---15---14---13---12*
"""

from __future__ import annotations

import itertools
from collections import deque

from ludoteca.games.bremen.board import Board, load_board

STACK = False
"""`Board.reach(..., single=STACK)`: the walk of a stack, which never steps onto a bridge."""


def walls_for(board: Board, start: int) -> int:
    """The other colours' start fields, which a walk never enters (ruling: nor passes)."""
    return sum(1 << s for s in board.starts if s != start)


def radius(board: Board, field: int) -> float:
    x, y = board.points[field]
    return max(abs(x), abs(y))


def test_four_start_fields_in_the_corners_of_the_road() -> None:
    """Seed: "op de hoeken bevinden zich de startvelden, de buitencirkel is een landweg"
    (start fields in the corners; the outer ring is a country road)."""
    board = load_board()
    assert [board.names[s] for s in board.starts] == ["0", "6", "12", "18"]
    corners = {(-6.0, -6.0), (6.0, -6.0), (6.0, 6.0), (-6.0, 6.0)}
    assert {board.points[s] for s in board.starts} == corners
    outer = [f for f in range(board.size) if radius(board, f) == 6]
    assert {board.kinds[f] for f in outer} == {"start", "road"}
    assert all(board.kinds[s] == "start" for s in board.starts)


def test_the_house_in_the_centre_of_three_concentric_rings() -> None:
    """Ruling: "the house in the centre and three concentric rings around it, joined at some
    points"; the road outside, the forest (the robber's fields) inside it."""
    board = load_board()
    assert board.names[board.house] == "H" and board.points[board.house] == (0.0, 0.0)
    for ring, kinds in ((6, {"start", "road"}), (4, {"forest"}), (2, {"forest"})):
        fields = [f for f in range(board.size) if radius(board, f) == ring]
        assert {board.kinds[f] for f in fields} == kinds
        along = [[n for n in board.neighbours[f] if n in fields] for f in fields]
        assert all(len(n) == 2 for n in along), ring  # each field: one before, one after
        assert connected(board, fields[0], set(fields)) == set(fields), ring  # one cycle
    forest = {f for f in range(board.size) if board.is_robber_field(f)}
    assert forest == {f for f in range(board.size) if radius(board, f) < 6}


def connected(board: Board, start: int, allowed: set[int]) -> set[int]:
    seen = {start}
    queue = deque([start])
    while queue:
        for nxt in board.neighbours[queue.popleft()]:
            if nxt in allowed and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def test_two_bridges_inside_the_forest() -> None:
    """Seed: "Beide bruggen op het speelbord"; ruling: "Two bridges, inside the forest, which
    the robber may pass"."""
    board = load_board()
    bridges = [f for f in range(board.size) if board.is_bridge(f)]
    assert len(bridges) == 2
    for bridge in bridges:
        assert board.is_robber_field(bridge)
        assert all(board.kinds[n] == "forest" for n in board.neighbours[bridge])


def test_every_start_is_8_to_12_land_steps_from_the_house() -> None:
    """Ruling: "Aim: a start field to the house takes about 8-12 steps on the shortest land
    path"; ours: 9 for every colour, by land, around the foreign start fields."""
    board = load_board()
    for start in board.starts:
        assert board.land_steps(walls_for(board, start))[start] == 9


def test_bridges_are_not_the_only_way() -> None:
    """Ruling: "The bridges must not be the only way to the centre: pyramids (4 animals) must
    be able to reach the house and the robber's fields by land"."""
    board = load_board()
    for start in board.starts:
        steps = board.land_steps(walls_for(board, start))
        for field in range(board.size):
            if board.is_robber_field(field) and not board.is_bridge(field):
                assert steps[field] >= 0, (board.names[start], board.names[field])


def test_every_start_connects_to_the_house_by_land_walks_of_a_stack() -> None:
    """Ruling: "the rings and their links must still connect every start field to the house":
    a stack's walks of exactly n steps (no bridge, no foreign start, never over the house)."""
    board = load_board()
    for start in board.starts:
        walls = walls_for(board, start)
        assert board.house in board.reach(start, 9, walls, STACK)
        assert not any(board.house in board.reach(start, n, walls, STACK) for n in range(1, 9))


def test_the_board_looks_the_same_from_every_start() -> None:
    """Our ruling: the board is symmetric for the four colours (its mirror images map every
    start field onto every other, with the fields, links and bridges)."""
    board = load_board()
    at = {point: field for field, point in enumerate(board.points)}
    links = {(a, b) for a in range(board.size) for b in board.neighbours[a]}
    for sx, sy in ((-1, 1), (1, -1)):
        image = [at[(sx * x, sy * y)] for x, y in board.points]
        assert all(board.kinds[image[f]] == board.kinds[f] for f in range(board.size))
        assert {(image[a], image[b]) for a, b in links} == links
    assert len({tuple(map(abs, board.points[s])) for s in board.starts}) == 1


def test_robber_can_walk_every_length_from_every_forest_field() -> None:
    """Ruling: "The forest must let the robber make a move of any length 1-6 from every forest
    field without entering a field twice (so an R roll is always playable)"."""
    board = load_board()
    lengths: dict[int, set[int]] = {}
    for path in board.robber_paths():
        assert len(set(path)) == len(path)
        assert all(board.is_robber_field(f) for f in path)
        assert all(b in board.neighbours[a] for a, b in itertools.pairwise(path))
        lengths.setdefault(path[0], set()).add(len(path) - 1)
    forest = [f for f in range(board.size) if board.is_robber_field(f)]
    assert all(lengths[f] == set(range(1, 7)) for f in forest)


def test_every_animal_always_has_a_move_so_no_die_is_lost_on_this_board() -> None:
    """Ruling: "a die with none at that moment is lost". On our board that never happens: from
    every field, for every die, a single animal and a stack each reach a field other than the
    house, the own start fields and the robber's, wherever the robber stands (a seat with one
    colour, and a seat with two diagonal colours)."""
    board = load_board()
    forest = [f for f in range(board.size) if board.is_robber_field(f)]
    red, blue, yellow, green = board.starts
    for own in ({red}, {blue}, {red, yellow}, {blue, green}):
        walls = sum(1 << s for s in board.starts if s not in own)
        for field in range(board.size):
            if walls >> field & 1:
                continue
            for steps in range(1, 7):
                for single in (True, False):
                    ends = set(board.reach(field, steps, walls, single)) - {board.house, *own}
                    assert all(ends - {robber} for robber in forest), (field, steps, single)
