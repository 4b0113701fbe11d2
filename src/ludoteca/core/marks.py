"""Where a move happened on the board: what a renderer tints to show the last move.

A game's `svg.move_mark(before, action)` names the board elements an action touched, in the
game's own board tokens (the same tokens its SVG carries as `data-click` or `data-spot`); its
`render_svg(..., last_moves=[...])` draws them. The web layer keeps the recent marks of a table
and knows nothing of what the tokens mean.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, cast

Role = Literal["from", "to", "path", "capture", "chance"]
ROLES: tuple[Role, ...] = ("from", "to", "path", "capture", "chance")


@dataclass(frozen=True)
class MoveMark:
    """One action's footprint: who acted (`CHANCE` for chance) and (role, token) pairs."""

    seat: int
    spots: tuple[tuple[Role, str], ...] = ()

    def __post_init__(self) -> None:
        for role, _token in self.spots:
            if role not in ROLES:
                raise ValueError(f"a mark's role is one of {', '.join(ROLES)}, not {role!r}")

    def tokens(self, role: Role) -> list[str]:
        """The tokens marked with `role`, in order (a path's fields in walking order)."""
        return [token for r, token in self.spots if r == role]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "spots": [[role, token] for role, token in self.spots]}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> MoveMark:
        spots = tuple((cast(Role, str(role)), str(token)) for role, token in obj["spots"])
        return cls(int(obj["seat"]), spots)
