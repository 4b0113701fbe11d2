"""The museum and the card deck of Raub im Kunstmuseum, loaded from `board.json` and `deck.json`.

The engine reads the fields, their links and the picture values; the renderers draw from the
same fields' coordinates. The museum is a tree (each floor a row of pictures hanging off its
elevator stop, the roof hanging off picture 22), so between two fields there is one way only.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal

Kind = Literal["roof", "picture", "stop", "shaft"]
Point = tuple[float, float]

ROOF = 0
"""Field id of the roof (das Dach): where every thief starts, banks its pictures and scores."""


@dataclass(frozen=True)
class Field:
    """One place a thief can stand: the roof, a picture (Bild), an elevator stop or shaft field."""

    id: int
    name: str
    kind: Kind
    floor: int | None
    at: Point
    value: int

    @property
    def in_elevator(self) -> bool:
        """Stops and shaft fields are both elevator fields (Aufzugsfelder) for the special card."""
        return self.kind in {"stop", "shaft"}


@dataclass(frozen=True)
class Museum:
    """The fields, who neighbours whom, and the distance (in fields) of each field to the roof."""

    fields: tuple[Field, ...]
    neighbours: tuple[tuple[int, ...], ...]
    distance: tuple[tuple[int, ...], ...]
    """Fields between any two fields (`distance[a][b]`), thieves in the way not counted."""
    roof_bonus: int
    markers_per_thief: int

    @property
    def roof_distance(self) -> tuple[int, ...]:
        return self.distance[ROOF]

    def way_home(self, start: int) -> list[int]:
        """The fields from `start` to the roof, both included (the one way, as in a tree)."""
        way = [start]
        while way[-1] != ROOF:
            here = way[-1]
            way.append(min(self.neighbours[here], key=self.roof_distance.__getitem__))
        return way

    @property
    def pictures(self) -> range:
        """Picture ids, which are also the picture numbers printed on the board: 1-28."""
        return range(1, 1 + sum(f.kind == "picture" for f in self.fields))

    def by_name(self, name: str) -> Field:
        for field in self.fields:
            if field.name.lower() == name.strip().lower():
                return field
        raise KeyError(name)

    def destinations(self, start: int, steps: int, occupied: frozenset[int]) -> list[int]:
        """Where a thief on `start` may end a move of 0 up to `steps` fields, sorted.

        A move goes one way and never enters a field twice; `occupied` fields (other thieves)
        are jumped without being counted and cannot be stopped on. Staying put is a move of 0.
        """
        reached = [start]
        stack = [(start, -1, 0)]
        while stack:
            here, came_from, used = stack.pop()
            for there in self.neighbours[here]:
                if there == came_from:
                    continue
                cost = used if there in occupied else used + 1
                if cost > steps:
                    continue
                if there not in occupied:
                    reached.append(there)
                stack.append((there, here, cost))
        return sorted(reached)

    def floor_rows(self, floor: int) -> list[Field]:
        """The pictures of a floor, left to right, and then its elevator stop."""
        row = [f for f in self.fields if f.floor == floor and f.kind in {"picture", "stop"}]
        return sorted(row, key=lambda f: f.at[0])


@dataclass(frozen=True)
class CardKind:
    """Cards that look alike: the picture the guard checks (None: the elevator card) and steps."""

    id: int
    picture: int | None
    steps: int
    count: int

    @property
    def name(self) -> str:
        """ "4/3": picture 4, three footprints; "E/3": the elevator check with three footprints."""
        return f"{'E' if self.picture is None else self.picture}/{self.steps}"


@dataclass(frozen=True)
class Deck:
    """The 32 cards as kinds with counts; a kind's id is its chance action."""

    kinds: tuple[CardKind, ...]

    @property
    def size(self) -> int:
        return sum(kind.count for kind in self.kinds)

    def by_name(self, name: str) -> CardKind:
        for kind in self.kinds:
            if kind.name.lower() == name.strip().lower():
                return kind
        raise KeyError(name)


def _read(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath(name).read_text("utf-8"))


@cache
def load_museum() -> Museum:
    raw = _read("board.json")
    fields = tuple(
        Field(
            id=index,
            name=item["name"],
            kind=item["kind"],
            floor=item.get("floor"),
            at=(float(item["at"][0]), float(item["at"][1])),
            value=int(item.get("value", 0)),
        )
        for index, item in enumerate(raw["fields"])
    )
    ids = {field.name: field.id for field in fields}
    neighbours: list[list[int]] = [[] for _ in fields]
    for a, b in raw["links"]:
        neighbours[ids[a]].append(ids[b])
        neighbours[ids[b]].append(ids[a])
    return Museum(
        fields=fields,
        neighbours=tuple(tuple(sorted(n)) for n in neighbours),
        distance=tuple(_distances(neighbours, origin) for origin in range(len(fields))),
        roof_bonus=int(raw["roof_bonus"]),
        markers_per_thief=int(raw["markers_per_thief"]),
    )


def _distances(neighbours: list[list[int]], origin: int) -> tuple[int, ...]:
    """Fields from `origin` to every field, by breadth-first search."""
    distance = [-1] * len(neighbours)
    distance[origin] = 0
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if distance[there] < 0:
                distance[there] = distance[here] + 1
                queue.append(there)
    return tuple(distance)


@cache
def load_deck() -> Deck:
    raw = _read("deck.json")
    return Deck(
        tuple(
            CardKind(index, item["picture"], int(item["steps"]), int(item["count"]))
            for index, item in enumerate(raw["kinds"])
        )
    )
