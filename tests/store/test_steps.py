"""Steps are stored as given, several tables' in one commit, on SQLite and PostgreSQL (where
the moves go as one array per column in a single statement: `Store.add_steps`)."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import IntegrityError

from ludoteca.core.api import CHANCE
from ludoteca.store.tables import FINISHED, PLAYING, MoveData, Step, Store
from ludoteca.web.http.limits import BotLimits
from ludoteca.web.table.new_table import TableRequest, new_table


def tables(store: Store, count: int) -> list[str]:
    ids = []
    for _ in range(count):
        request = TableRequest.model_validate(
            {"game": "ludo", "players": 2, "seats": ["human", "greedy"]}
        )
        data = new_table(request, BotLimits())
        store.add_table(data)
        ids.append(data.id)
    return ids


def test_the_steps_of_several_tables_are_read_back_as_stored(database: str) -> None:
    store = Store(database)
    first, second = tables(store, 2)
    opening = [MoveData(0, CHANCE, 1, "start:1"), MoveData(1, CHANCE, 6, "6")]
    moves = [MoveData(0, CHANCE, 0, "start:0"), MoveData(1, CHANCE, 3, "3")]
    store.add_steps([Step(first, opening), Step(second, moves, FINISHED, [1.0, -1.0])])
    store.add_steps([Step(first, [MoveData(2, 1, 88, "R-0")])])
    stored, other = store.get(first), store.get(second)
    assert stored is not None and other is not None
    assert stored.moves == [*opening, MoveData(2, 1, 88, "R-0")]
    assert (stored.status, other.status, other.result) == (PLAYING, FINISHED, [1.0, -1.0])
    assert other.moves == moves
    store.close()


def test_a_commit_holding_a_move_stored_before_stores_nothing(database: str) -> None:
    store = Store(database)
    first, second = tables(store, 2)
    store.add_steps([Step(first, [MoveData(0, CHANCE, 1, "start:1")])])
    again = [
        Step(second, [MoveData(0, CHANCE, 0, "start:0")]),
        Step(first, [MoveData(0, 0, 1, "x")]),
    ]
    with pytest.raises(IntegrityError):
        store.add_steps(again)
    stored = store.get(second)
    assert stored is not None and stored.moves == []
    store.close()
