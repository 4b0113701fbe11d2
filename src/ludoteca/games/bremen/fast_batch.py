"""Bremer Stadtmusikanten's kernel (`fast.py`) where the batch engine (`vector.engine`) calls it
with another signature: `apply` takes the engine's buffer of legal actions too, and returns 0
(an action here leaves the next legal actions to be worked out). The scratch is the kernel's
own work arrays (`fast.new_scratch`); everything else the engine calls is `fast.py`'s own.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from ludoteca.games.bremen import fast
from ludoteca.games.bremen.fast import Config, Rows, Scratch

HAS_CHANCE = True
ROWS_BY_LENGTH = False
MAX_OUTCOMES = 36
"""The 36 rolls of the two dice."""


@njit(cache=True)
def apply(
    cfg: Config, s: Rows, i: int, action: int, out: npt.NDArray[np.int64], scratch: Scratch
) -> int:
    fast.apply(cfg, s, i, action, scratch)
    return 0
