"""The examples on the interfaces page (docs/interop.md) run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_interop_page_examples_run() -> None:
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    result = doctest.testfile(
        str(ROOT / "docs" / "interop.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 10
    assert result.failed == 0
