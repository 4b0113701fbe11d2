"""What every browser test module shares: where Chromium is, how it starts, the marks."""

from __future__ import annotations

from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def browser_marks() -> list[pytest.MarkDecorator]:
    """The marks of every browser test module: one xdist group, skipped without Chromium."""
    return [
        pytest.mark.browser,
        pytest.mark.xdist_group("browser"),
        pytest.mark.skipif(not CHROMIUM.exists(), reason=f"no Chromium at {CHROMIUM}"),
    ]
