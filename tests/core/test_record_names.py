"""Records name their players where a table had names; records without names load as before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ludoteca.core.errors import StateFormatError
from ludoteca.core.record import VERSION, Record

LEGACY = Path(__file__).parent / "legacy"


def legacy(name: str) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads((LEGACY / name).read_text(encoding="utf-8"))
    return obj


def test_names_travel_with_the_record_and_change_no_version() -> None:
    record = Record.from_json(legacy("ludo-seed5.json"))
    assert record.names is None
    record.names = ["Anna", "Yellow (greedy bot)"]
    body = record.to_json()
    assert body["version"] == VERSION and body["names"][0] == "Anna"
    again = Record.from_json(json.loads(json.dumps(body)))
    assert again.names == record.names
    assert again.replay() == record.replay()  # names check nothing and change no move


def test_a_record_without_names_writes_none() -> None:
    """Old readers see exactly the fields they knew."""
    record = Record.from_json(legacy("ludo-seed5.json"))
    assert "names" not in record.to_json()


@pytest.mark.parametrize(
    "names",
    [["Anna"], "Anna", [1, 2], ["Anna", None]],
    ids=["too-few", "not-a-list", "numbers", "a-null"],
)
def test_malformed_names_are_refused_in_one_sentence(names: Any) -> None:
    obj = legacy("ludo-seed5.json")  # two players
    obj["names"] = names
    with pytest.raises(StateFormatError, match="malformed record: 'names'"):
        Record.from_json(obj)
