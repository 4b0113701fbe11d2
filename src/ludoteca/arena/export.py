"""A tournament as files: CSV with one row per game, JSON with the run, games and summary.

The JSON holds each game's full record (seed and actions), readable back with
`GameResult.from_json`, so a tournament can be studied without the database.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ludoteca.arena.config import ArenaConfig
from ludoteca.arena.stats import Summary
from ludoteca.arena.store import StoredGame


def csv_header(players: int) -> list[str]:
    return [
        "index",
        "seed",
        *(f"agent_{seat}" for seat in range(players)),
        *(f"return_{seat}" for seat in range(players)),
        "finished",
        "length",
        "table_id",
    ]


def write_csv(path: Path, config: ArenaConfig, games: Sequence[StoredGame]) -> None:
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(csv_header(config.players))
        for game in games:
            result = game.result
            writer.writerow(
                [
                    game.index,
                    result.seed,
                    *result.agents,
                    *result.returns,
                    result.finished,
                    game.length,
                    game.table_id,
                ]
            )


def tournament_json(
    config: ArenaConfig, games: int, stored: Sequence[StoredGame], summary: Summary
) -> dict[str, Any]:
    return {
        "run": {"id": config.run_id, **config.to_json(), "games": games},
        "games": [
            {"index": game.index, "table_id": game.table_id, **game.result.to_json()}
            for game in stored
        ],
        "summary": summary.to_json(),
    }


def write_json(
    path: Path, config: ArenaConfig, games: int, stored: Sequence[StoredGame], summary: Summary
) -> None:
    document = tournament_json(config, games, stored, summary)
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
