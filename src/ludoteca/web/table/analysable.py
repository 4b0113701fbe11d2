"""Whether a table's game can be analysed: a value function is fitted for it (`ludoteca.review`).

Asked by every table view (the replay's "Analyse" link) and by the analysis itself
(`web.coach`), so it sits below both.
"""

from __future__ import annotations

import json
from functools import cache

import orjson

from ludoteca.core.api import Game
from ludoteca.core.registry import load_stored
from ludoteca.review.net import shipped_value
from ludoteca.review.value import NoValueFunctionError


def unanalysable(game: Game) -> str | None:
    """Why `game` cannot be analysed (no value function fitted for it), or None if it can."""
    options = orjson.dumps(dict(game.options), option=orjson.OPT_SORT_KEYS).decode()
    return _unanalysable(game.id, game.num_players, options)


@cache
def _unanalysable(game_id: str, players: int, options: str) -> str | None:
    """Kept per game, player count and options: table views ask at every move."""
    try:
        shipped_value(load_stored(game_id, players, json.loads(options)))
    except NoValueFunctionError as exc:
        return str(exc)
    return None
