"""Villa Paletti fixtures: `build` makes a position from a short description, `triangle` three
columns under the blue floor (see `villa_positions`)."""

from __future__ import annotations

from typing import Any

import pytest
from villa_positions import TRIANGLE, Build, position


@pytest.fixture
def build() -> Build:
    return position


@pytest.fixture
def triangle() -> dict[str, Any]:
    return dict(TRIANGLE)
