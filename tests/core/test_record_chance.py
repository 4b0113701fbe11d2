"""Records verify their chance outcomes and every field (issue 17, finding 7)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import ludoteca
from ludoteca.core.chance import KEYED, Chance
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


def played_with_takebacks(secret: str, takebacks: int) -> Record:
    """A ludo game of first-legal-move players at a keyed table whose seat 0, from move 20 on,
    takes back its move `takebacks` times (each just after making it and seeing the next die)
    and plays the same move again: the record of the final line, with `redraws`."""
    game = ludoteca.load("ludo", players=2)
    chance = Chance(KEYED, 0, secret)
    state = game.new_initial_state(seed=0)
    while not state.is_terminal() and len(state.history()) < 2000:
        if state.is_chance_node():
            state.apply_action(chance.draw(state))
            continue
        at = len(state.history())
        mover = state.current_player()
        state.apply_action(state.legal_actions()[0])
        if mover == 0 and at >= 20 and len(chance.redraws) < takebacks:
            kept = state.history()[:at]
            state = game.new_initial_state(seed=0)
            for action in kept:
                state.apply_action(action)
            chance = chance.after_takeback(at)
    record = Record.of(state)
    record.scheme, record.secret, record.redraws = KEYED, secret, list(chance.redraws)
    return record


def test_a_record_with_takebacks_verifies_and_replays(tmp_path: Path) -> None:
    """Issue 29: the outcomes after a takeback were drawn anew; the record says where
    (`"chance": {"redraws": [...]}`), so it still verifies against the secret, bit for bit."""
    record = played_with_takebacks("7f" * 16, takebacks=5)
    assert len(record.redraws) == 5
    obj = record.to_json()
    assert obj["chance"]["redraws"] == record.redraws
    again = Record.from_json(json.loads(json.dumps(obj)))
    assert again.replay().is_terminal() and again.replay() == record.replay()
    path = record.save(tmp_path / "game.json")
    assert Record.load(path).replay() == record.replay()
    del obj["chance"]["redraws"]  # the dice after the takebacks are not those of the plain key
    with pytest.raises(StateFormatError, match="its secret gives"):
        Record.from_json(obj).replay()
    obj["chance"]["redraws"] = [-1]
    with pytest.raises(StateFormatError, match="redraws"):
        Record.from_json(obj)


def test_a_keyed_record_has_no_seed_and_one_written_before_still_loads() -> None:
    """Issue 29, item 6: a fair table's record carried `"seed": 0`, which nothing checked:
    changed to 12345 it replayed without complaint. A keyed record now writes no seed; the 0
    of the records written before still loads, and any other seed is refused."""
    record = played_with_takebacks("3c" * 16, takebacks=0)
    obj = record.to_json()
    assert "seed" not in obj and obj["chance"]["scheme"] == KEYED
    assert Record.from_json(obj).replay() == record.replay()
    before = {**obj, "seed": 0}  # as fair tables wrote it until now
    assert Record.from_json(before).replay() == record.replay()
    with pytest.raises(StateFormatError, match="has no seed"):
        Record.from_json({**obj, "seed": 12345})
    seeded = legacy("ludo-seed5.json")
    del seeded["seed"]
    with pytest.raises(StateFormatError, match="no field 'seed'"):
        Record.from_json(seeded)  # a seeded record still needs its seed
