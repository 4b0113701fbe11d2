"""Slow tests that share a sample (`@pytest.mark.slow(sample=...)`): `make test` keeps one of
them per database; `--slow=all` keeps them all (tests/slow_sample.py)."""

from __future__ import annotations

import pytest

from test_slow_sample import CONFTEST

pytest_plugins = ["pytester"]

GROUPED = """
import pytest

@pytest.mark.slow(sample="processes")
def test_one():
    pass

@pytest.mark.slow(sample="processes")
def test_two():
    pass

@pytest.mark.slow(sample="processes")
@pytest.mark.parametrize("game", ["ludo", "bremen"])
def test_three(game):
    pass

@pytest.mark.slow(sample="processes")
@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_four(database):
    pass

@pytest.mark.slow
def test_alone():
    pass
"""


@pytest.fixture
def grouped(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_grouped=GROUPED)
    pytester.makeini("[pytest]\nmarkers =\n    slow: slow")
    return pytester


def test_a_shared_sample_keeps_one_test_of_the_group_per_database_and_every_other(
    grouped: pytest.Pytester,
) -> None:
    result = grouped.runpytest("-v")
    ran = [line.split("::")[1].split(" ")[0] for line in result.outlines if "PASSED" in line]
    assert "test_alone" in ran
    assert "test_four[sqlite]" in ran and "test_four[postgresql]" in ran  # kept apart
    rest = [name for name in ran if name != "test_alone" and not name.startswith("test_four")]
    assert len(rest) == 1 and rest[0] in {
        "test_one",
        "test_two",
        "test_three[ludo]",
        "test_three[bremen]",
    }
    result.assert_outcomes(passed=4, deselected=3)


def test_a_shared_sample_is_the_same_every_run_and_whole_with_slow_all(
    grouped: pytest.Pytester,
) -> None:
    first = [line for line in grouped.runpytest("-v").outlines if "PASSED" in line]
    again = [line for line in grouped.runpytest("-v").outlines if "PASSED" in line]
    assert first == again
    grouped.runpytest("--slow=all").assert_outcomes(passed=7)
