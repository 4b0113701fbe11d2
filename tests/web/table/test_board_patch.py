"""A delta view's board comes as a patch of the markup the page shows (`web.table.board_patch`):
rebuilt, it is the new markup to the character, in every game, and it is sent only when it is
shorter."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.registry import games, load
from ludoteca.web.table.board_patch import WORTH_IT, Markup, board_patch, patched
from ludoteca.web.table.render import board_html

GAMES = sorted(info.id for info in games())


def boards(game_id: str, seed: int, steps: int) -> list[str]:
    """The markup seat 0 is shown after each of `steps` random actions of one game."""
    rng = random.Random(seed)
    state = load(game_id).new_initial_state(seed=seed)
    shown = [board_html(state, seat=0, interactive=True)]
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        shown.append(board_html(state, seat=0, interactive=rng.random() < 0.5))
    return shown


@pytest.mark.parametrize("game_id", GAMES)
def test_a_patched_board_is_the_new_board_exactly(game_id: str) -> None:
    shown = boards(game_id, seed=3, steps=40)
    sent = 0
    for old, new in pairwise(shown):
        runs = board_patch(Markup(old), Markup(new))
        if runs is not None:
            sent += 1
            assert patched(old, runs) == new
            fresh = sum(len(run) for run in runs if isinstance(run, str))
            assert fresh < WORTH_IT * len(new)
    assert sent > 0  # most steps move a few pieces: the patch is worth sending


def test_a_ludo_patch_is_a_small_part_of_the_board() -> None:
    shown = boards("ludo", seed=1, steps=30)
    pairs = pairwise(shown)
    sizes = [len(str(board_patch(Markup(old), Markup(new)))) / len(new) for old, new in pairs]
    assert max(sizes) < 0.4, sizes


lines = st.lists(st.sampled_from(["<a/>", "<b/>", "<c x='1'/>", "", "<d>", "</d>"]), max_size=30)


@given(lines, lines)
def test_any_markup_is_rebuilt_or_sent_whole(before: list[str], after: list[str]) -> None:
    old, new = "\n".join(before), "\n".join(after)
    runs = board_patch(Markup(old), Markup(new))
    assert runs is None or patched(old, runs) == new
