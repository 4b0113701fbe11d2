"""A review's numbers do not change when its computation is made faster.

`data/pinned-reviews.json` holds short records (the first 24 actions of seeded greedy games,
`test_review_games.short_record`) and their reviews as the review computed them before the speed
work of issue 18 (batched values, remembered villa place cells). Every value must match within
1e-9 and every other field exactly; a change in the value function or the method means
regenerating the file on purpose, not a tolerance.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ludoteca.core.record import Record
from ludoteca.review.run import review_record

PINNED = json.loads((Path(__file__).parent / "data" / "pinned-reviews.json").read_text())
SLOW = {"bremen"}
"""Bremen values every roll's best move (36 rolls) at each chance node: a few seconds."""


def _same(got: Any, want: Any, where: str) -> None:
    if isinstance(want, float) or isinstance(got, float):
        assert got == pytest.approx(want, abs=1e-9), where
    elif isinstance(want, dict):
        assert got.keys() == want.keys(), where
        for key in want:
            _same(got[key], want[key], f"{where}.{key}")
    elif isinstance(want, list):
        assert len(got) == len(want), where
        for index, (g, w) in enumerate(zip(got, want, strict=True)):
            _same(g, w, f"{where}[{index}]")
    else:
        assert got == want, where


@pytest.mark.parametrize(
    "game_id", [pytest.param(g, marks=pytest.mark.slow) if g in SLOW else g for g in PINNED]
)
def test_the_review_of_a_pinned_record_is_unchanged(game_id: str) -> None:
    pinned = PINNED[game_id]
    review = review_record(Record.from_json(pinned["record"]))
    _same(review.to_json(), pinned["review"], game_id)
