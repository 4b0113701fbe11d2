"""Placeholder replaced below."""
from __future__ import annotations
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from ludoteca.games.ludo.game import LudoState
def render_text(state: LudoState) -> str:
    return repr(state.to_json())
