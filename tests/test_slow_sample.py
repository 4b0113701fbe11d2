"""The `slow` sample: `make test` keeps one case of each slow function per database and screen
size; `--slow=all` and named test ids keep everything asked for."""

from __future__ import annotations

from pathlib import Path

import pytest

import slow_sample

pytest_plugins = ["pytester"]

CONFTEST = f"""
import sys
sys.path.insert(0, {str(Path(slow_sample.__file__).parent)!r})
import slow_sample

def pytest_addoption(parser):
    slow_sample.add_option(parser)

def pytest_collection_modifyitems(config, items):
    left_out = set(slow_sample.dropped(config, items))
    config.hook.pytest_deselected(items=list(left_out))
    items[:] = [item for item in items if item not in left_out]
"""

CASES = """
import pytest

@pytest.mark.slow
@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
@pytest.mark.parametrize("game", ["ludo", "bremen", "museum", "siege", "villa"])
def test_games(game, database):
    pass

@pytest.mark.slow
def test_alone():
    pass

@pytest.mark.parametrize("game", ["ludo", "bremen"])
def test_quick(game):
    pass
"""


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_cases=CASES)
    pytester.makeini("[pytest]\nmarkers =\n    slow: slow")
    return pytester


def test_the_sample_keeps_one_game_per_database_and_every_quick_case(
    suite: pytest.Pytester,
) -> None:
    result = suite.runpytest("-v")
    result.assert_outcomes(passed=1 + 2 + 2, deselected=8)
    ran = [line for line in result.outlines if "PASSED" in line]
    assert sum("sqlite" in line for line in ran) == 1
    assert sum("postgresql" in line for line in ran) == 1


def test_the_sample_is_the_same_every_run(suite: pytest.Pytester) -> None:
    first = [line for line in suite.runpytest("-v").outlines if "PASSED" in line]
    again = [line for line in suite.runpytest("-v").outlines if "PASSED" in line]
    assert first == again


def test_slow_all_keeps_every_case(suite: pytest.Pytester) -> None:
    suite.runpytest("--slow=all").assert_outcomes(passed=10 + 1 + 2)


def test_a_named_case_runs_even_when_the_sample_would_leave_it_out(
    suite: pytest.Pytester,
) -> None:
    every = [f"test_cases.py::test_games[{g}-postgresql]" for g in ("ludo", "bremen", "villa")]
    suite.runpytest(*every).assert_outcomes(passed=3)
