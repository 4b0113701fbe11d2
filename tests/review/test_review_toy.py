"""The review's accounting on a toy race with an exact value function (see `toy.py`).

With exact values, every seat's luck plus its value changes at decisions is exactly its final
value minus its first; a decision loses exactly the mover's loss; losses are never negative.
"""

from __future__ import annotations

import itertools
import random

import pytest
from tests.review.toy import DASH, STEP, RaceGame, exact_values

from ludoteca.review.marks import BLUNDER, INACCURACY, MISTAKE, accuracy, mark
from ludoteca.review.node import NodeValues
from ludoteca.review.review import CHANCE, DECISION, Review, review_action, review_states
from ludoteca.review.value import win_shares


def played(seed: int) -> Review:
    """A review of one game in which every seat moves at random (mistakes included)."""
    rng = random.Random(seed)
    state = RaceGame().new_initial_state()
    states, actions = [], []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        states.append(state.clone())
        actions.append(action)
        state.apply_action(action)
    return review_states(NodeValues(exact_values, 3), states, actions)


SEEDS = range(40)


@pytest.mark.parametrize("seed", SEEDS)
def test_luck_and_decisions_add_up_to_final_minus_initial_for_every_seat(seed: int) -> None:
    review = played(seed)
    for summary in review.seats:
        assert summary.luck + summary.decision_change == pytest.approx(
            summary.final - summary.initial, abs=1e-12
        )
    assert sum(s.initial for s in review.seats) == pytest.approx(1.0)


@pytest.mark.parametrize("seed", SEEDS)
def test_each_position_value_is_the_last_ones_after(seed: int) -> None:
    entries = played(seed).entries
    for earlier, later in itertools.pairwise(entries):
        assert earlier.after == later.before


def test_first_value_is_the_exact_expectation_and_last_is_the_result() -> None:
    review = played(3)
    assert review.entries[0].kind == CHANCE
    assert [s.initial for s in review.seats] == pytest.approx([1 / 3] * 3)
    final = RaceGame().new_initial_state()
    for entry in review.entries:
        final.apply_action(entry.action)
    assert [s.final for s in review.seats] == pytest.approx(list(win_shares(final)))


@pytest.mark.parametrize("seed", SEEDS)
def test_losses_are_never_negative_and_equal_the_movers_drop_under_exact_values(
    seed: int,
) -> None:
    for entry in played(seed).entries:
        if entry.kind != DECISION:
            continue
        assert entry.loss is not None and entry.loss >= 0
        change = entry.after[entry.seat] - entry.before[entry.seat]
        assert change == pytest.approx(-entry.loss, abs=1e-12)
        if entry.action == entry.best:
            assert entry.loss == 0


def test_luck_of_a_chance_node_averages_to_zero_over_its_outcomes() -> None:
    """Luck is V(after) - sum(p(o) V(o)): weighted by the outcomes' probabilities it is 0."""
    state = RaceGame().new_initial_state()
    for action in (1, DASH):  # seat 1 begins and dashes (its only move with no points)
        state.apply_action(action)
    values = NodeValues(exact_values, 3)
    total = [0.0, 0.0, 0.0]
    for outcome, probability in state.chance_outcomes():
        luck = review_action(values, state, outcome, 0).luck
        assert luck is not None
        total = [t + probability * v for t, v in zip(total, luck, strict=True)]
    assert total == pytest.approx([0.0, 0.0, 0.0], abs=1e-12)


def test_forced_moves_are_marked_and_left_out_of_the_error_rates() -> None:
    """A seat with no points may only dash: that decision is forced and has no mark."""
    review = played(5)
    for summary in review.seats:
        mine = [e for e in review.entries if e.kind == DECISION and e.seat == summary.seat]
        unforced = [e for e in mine if not e.forced]
        assert summary.decisions == len(mine)
        assert summary.unforced == len(unforced)
        losses = [e.loss or 0.0 for e in unforced]
        assert summary.average_loss == pytest.approx(sum(losses) / len(losses) if losses else 0)
    forced = [e for e in review.entries if e.forced]
    assert forced, "every seat's first move, with no points, is forced"
    assert all(e.mark is None for e in forced)
    assert any(len(e.alternatives) == 1 for e in forced)


def test_a_decision_lists_the_best_alternative_and_the_move_played() -> None:
    entries = [e for seed in SEEDS for e in played(seed).entries if e.kind == DECISION]
    for entry in entries:
        listed = [a.action for a in entry.alternatives]
        assert entry.action in listed and entry.best == listed[0]
    assert any(e.action == STEP for e in entries) and any(e.loss for e in entries)


def test_marks_follow_the_documented_thresholds() -> None:
    assert [mark(x) for x in (0.0, 0.029, 0.03, 0.07, 0.15, 0.5)] == [
        None, None, INACCURACY, MISTAKE, BLUNDER, BLUNDER,
    ]  # fmt: skip
    assert accuracy(0.0) == 100
    assert accuracy(0.03) == pytest.approx(74.08, abs=0.01)
