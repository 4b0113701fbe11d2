"""The Bremer Stadtmusikanten board, loaded from `board.json`: fields, links and the walks on them.

The seed gives only the outline (start fields in the corners of a country road, the forest
inside it, the robber's house in the centre, two bridges); the layout is ours and lives in the
data file, which the engine and both renderers read. Walks are computed here once and cached:
which fields an animal can reach in exactly n steps, and every path the robber can take.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources

Point = tuple[float, float]
MAX_STEPS = 6


@dataclass(frozen=True, eq=False)
class Board:
    """Fields (by index), their links, and the special fields named by the rules."""

    names: tuple[str, ...]
    kinds: tuple[str, ...]
    points: tuple[Point, ...]
    neighbours: tuple[tuple[int, ...], ...]
    colours: tuple[str, ...]
    colour_hex: dict[str, str]
    starts: tuple[int, ...]
    """The start field of each colour, in colour order."""
    house: int

    @property
    def size(self) -> int:
        return len(self.names)

    def is_bridge(self, field: int) -> bool:
        return self.kinds[field] == "bridge"

    @cached_property
    def bridge_mask(self) -> int:
        """The bridges as a bit mask over the fields."""
        return sum(1 << f for f in range(self.size) if self.is_bridge(f))

    def is_robber_field(self, field: int) -> bool:
        """The forest ("bos"): forest fields, the bridges and the house."""
        return self.kinds[field] in {"forest", "bridge", "house"}

    def index(self, name: str) -> int:
        """The field called `name` (a number, or H for the house); ValueError if none."""
        key = name.strip().upper()
        for field, own in enumerate(self.names):
            if own == key:
                return field
        raise ValueError(f"no field {name!r} on this board (fields are 0-{self.size - 2} and H)")

    def reach(self, start: int, steps: int, walls: int, single: bool) -> tuple[int, ...]:
        """Fields an animal on `start` can end on after exactly `steps` steps (sorted).

        A walk enters no field twice (its start counts as entered), never enters a field in the
        bit mask `walls` (foreign start fields), never passes over the house (it may end there),
        and steps onto a bridge only when the moving stack is a single animal (`single`).
        """
        return _reach(self, start, steps, walls, single)

    def land_steps(self, walls: int) -> tuple[int, ...]:
        """Fewest steps from each field to the house for a stack of animals (-1: none).

        The way a pyramid must go: by land (no bridge), around the fields in `walls`, never
        over the house. A walk may still start on a wall or a bridge (an animal sent home to
        another colour's start in the turbulent variant), so those get a number too, but no
        way passes through them. The bot steers by it; the board tests hold it to the rulings.
        """
        return _land_steps(self, walls)

    def robber_paths(self) -> tuple[tuple[int, ...], ...]:
        """Every robber walk of 1-6 steps, as (start, entered fields...), in a fixed order."""
        return _robber_paths(self)


@cache
def _reach(board: Board, start: int, steps: int, walls: int, single: bool) -> tuple[int, ...]:
    ends: set[int] = set()
    blocked = walls
    if not single:
        blocked |= board.bridge_mask
    house = board.house

    def walk(field: int, left: int, seen: int) -> None:
        for nxt in board.neighbours[field]:
            bit = 1 << nxt
            if seen & bit or blocked & bit:
                continue
            if left == 1:
                ends.add(nxt)
            elif nxt != house:
                walk(nxt, left - 1, seen | bit)

    walk(start, steps, 1 << start)
    return tuple(sorted(ends))


@cache
def _land_steps(board: Board, walls: int) -> tuple[int, ...]:
    steps = [-1] * board.size
    steps[board.house] = 0
    queue = deque([board.house])
    while queue:
        field = queue.popleft()
        for nxt in board.neighbours[field]:
            if steps[nxt] < 0:
                steps[nxt] = steps[field] + 1
                if not board.is_bridge(nxt) and not walls >> nxt & 1:
                    queue.append(nxt)
    return tuple(steps)


@cache
def _robber_paths(board: Board) -> tuple[tuple[int, ...], ...]:
    paths: list[tuple[int, ...]] = []

    def walk(path: tuple[int, ...]) -> None:
        if len(path) > 1:
            paths.append(path)
        if len(path) > MAX_STEPS:
            return
        for nxt in board.neighbours[path[-1]]:
            if board.is_robber_field(nxt) and nxt not in path:
                walk((*path, nxt))

    for field in range(board.size):
        if board.is_robber_field(field):
            walk((field,))
    return tuple(paths)


@cache
def load_board() -> Board:
    """The board of `board.json` (fields and links by name, start fields by colour)."""
    raw = json.loads(resources.files(__package__).joinpath("board.json").read_text("utf-8"))
    fields = raw["fields"]
    names = tuple(str(name) for name, _, _, _ in fields)
    neighbours: list[set[int]] = [set() for _ in fields]
    for a, b in raw["links"]:
        neighbours[names.index(a)].add(names.index(b))
        neighbours[names.index(b)].add(names.index(a))
    colours = tuple(raw["colours"])
    return Board(
        names=names,
        kinds=tuple(kind for _, kind, _, _ in fields),
        points=tuple((float(x), float(y)) for _, _, x, y in fields),
        neighbours=tuple(tuple(sorted(n)) for n in neighbours),
        colours=colours,
        colour_hex=dict(raw["colour_hex"]),
        starts=tuple(names.index(raw["starts"][c]) for c in colours),
        house=names.index("H"),
    )
