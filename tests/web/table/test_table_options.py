"""A stored table from before a game gained an option rebuilds under the rule it was played by."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.core.test_api import museum_game_played

from ludoteca.core.record import Record
from ludoteca.store.tables import FINISHED, MoveData, SeatData, TableData
from ludoteca.web.table.table import Table


def test_a_museum_table_without_elevator_check_rebuilds_with_after_move() -> None:
    played = museum_game_played("after_move", seed=5)
    record = Record.of(played)
    options = {k: v for k, v in record.options.items() if k != "elevator_check"}
    data = TableData(
        id="old",
        game="museum",
        players=3,
        options=options,
        seed=record.seed,
        seats=[SeatData("bot", "random")] * 3,
        speed="fast",
        created=datetime.now(UTC),
        status=FINISHED,
        result=record.result,
        moves=[MoveData(i, m.player, m.action, m.notation) for i, m in enumerate(record.moves)],
    )
    table, owed = Table.build(data)
    assert owed == []
    assert table.game.options["elevator_check"] == "after_move"
    assert table.state.to_json() == played.to_json()
