"""One check for every batched simulator: a step is refused as a whole, before any game moves,
when one game's action is missing or illegal, and the error names the first such game."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ludoteca.core.errors import IllegalActionError


def check_actions(
    actions: npt.NDArray[np.int64], acting: npt.NDArray[np.bool_], mask: npt.NDArray[np.bool_]
) -> None:
    """`actions`: one per game; `acting`: the games at a decision; `mask`: their legal actions."""
    batch, num_actions = mask.shape
    if actions.shape != (batch,):
        raise IllegalActionError(
            f"give one action per game: an array of shape ({batch},), not {actions.shape}"
        )
    inside = (actions >= 0) & (actions < num_actions)
    legal = np.zeros(batch, dtype=np.bool_)
    rows = np.flatnonzero(inside)
    legal[rows] = mask[rows, actions[rows]]
    bad = np.flatnonzero(acting & ~legal)
    if bad.size:
        i = int(bad[0])
        allowed = np.flatnonzero(mask[i]).tolist()
        raise IllegalActionError(
            f"game {i}: action {int(actions[i])} is not legal; legal: {allowed}"
            f" ({bad.size} game(s) with an illegal action)"
        )
