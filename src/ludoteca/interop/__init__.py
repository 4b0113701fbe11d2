"""ludoteca's games behind the standard research interfaces: OpenSpiel, PettingZoo, Gymnasium.

Each interface lives in its own module (`openspiel`, `pettingzoo`, `gymnasium`) and imports its
library only when that module is imported, so `import ludoteca` never needs them; they come with
the `ludoteca[rl]` extra. The facts all three share (action bounds, length caps, the observation
tensor) are in `spaces`.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ludoteca.core.errors import LudotecaError


class MissingExtraError(LudotecaError, ImportError):
    """An interface library is not installed."""


def require(module: str) -> ModuleType:
    """Import an optional interface library, or say in one line how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingExtraError(
            f"{module} is not installed: pip install 'ludoteca[rl]' ({exc})"
        ) from exc
