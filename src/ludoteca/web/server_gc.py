"""The garbage collector of a server process, tuned once the server has started.

Under load the cyclic garbage collector's full passes stopped a worker's event loop for 150-250
ms (measured with `gc.callbacks` at 300 tables): every move then waited, and such stalls made
the slowest hundredth of the moves. Everything alive once the server has started (the modules,
the games' data) is frozen out of the collector's passes, and the young generation is collected
after more allocations, so full passes come far more rarely and cover only what play created.
Reference counting still frees almost everything at once; only cycles wait for a pass.
"""

from __future__ import annotations

import gc

THRESHOLDS = (20_000, 20, 100)
"""Allocations before a young pass (700 by default), young passes before a middle one (10),
middle passes before a full one (10)."""


def tune_for_serving() -> None:
    """Freeze what is alive now and collect less often (a serving process, not the tests)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
