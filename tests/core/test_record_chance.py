"""Records verify their chance outcomes and every field (issue 17, finding 7)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ludoteca.core.errors import StateFormatError
from ludoteca.core.record import Record

LEGACY = Path(__file__).parent / "legacy"
RECORDS = sorted(LEGACY.glob("*.json"))
RECORDS = [p for p in RECORDS if p.name != "unfinished.json"]


def legacy(name: str) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads((LEGACY / name).read_text(encoding="utf-8"))
    return obj


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_records_made_before_issue_17_still_replay(path: Path) -> None:
    record = Record.load(path)
    assert record.replay().is_terminal()
    assert Record.from_json(record.to_json()).replay() == record.replay()  # now as version 2


def test_a_record_whose_seed_was_changed_is_refused() -> None:
    """Finding 7: a changed seed (a forged dice sequence) replayed with exit 0."""
    obj = legacy("ludo-seed5.json")
    obj["seed"] += 1
    with pytest.raises(StateFormatError, match="its seed gives"):
        Record.from_json(obj).replay()


def test_a_forged_die_is_refused() -> None:
    obj = legacy("bremen-seed9.json")
    record = Record.from_json(obj)
    chance = next(i for i, m in enumerate(record.moves) if m.player < 0)
    states = record.states()
    other = next(a for a in states[chance].legal_actions() if a != record.moves[chance].action)
    obj["moves"][chance]["action"] = other
    obj["moves"][chance]["notation"] = states[chance].action_to_string(other)
    with pytest.raises(StateFormatError, match=f"move {chance + 1}"):
        Record.from_json(obj).replay()


def test_physical_dice_are_allowed_only_when_the_record_says_so() -> None:
    obj = legacy("bremen-seed9.json")
    obj["seed"] += 1
    obj["version"] = 2
    obj["chance"] = {"scheme": 0}
    assert Record.from_json(obj).replay().is_terminal()
    obj["chance"] = {"scheme": 1}
    with pytest.raises(StateFormatError):
        Record.from_json(obj).replay()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda o: o.update(seats=o["seats"][:1]), "2 players need 2 seats, not 1"),
        (lambda o: o.update(seed="12"), "'seed' is a whole number"),
        (lambda o: o.update(moves={}), "'moves' is a list"),
        (lambda o: o["moves"][0].update(action="3"), "move 1 needs whole-number"),
        (lambda o: o.update(result=["x"]), "'result' is a list of numbers"),
        (lambda o: o.update(version=2, chance={"scheme": 7}), '"chance" is'),
        (lambda o: o.update(version=2, chance={"scheme": 2, "secret": "zz"}), "secret"),
    ],
)
def test_every_field_is_checked(change: Any, message: str) -> None:
    obj = legacy("ludo-seed5.json")
    change(obj)
    with pytest.raises(StateFormatError, match=message):
        Record.from_json(obj)
