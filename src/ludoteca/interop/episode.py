"""One game played through a step-by-step interface (PettingZoo, Gymnasium).

Both environments need the same three things around a ludoteca state: chance events resolved
between decisions, the length cut-off of `spaces.bounds`, and a rule for actions that are not
legal. Chance outcomes come from the state's seed (`core.chance`), which the environment draws
from its own seeded generator at reset, so an episode is also a replayable ludoteca record.

An illegal action forfeits the game: the offender gets -1 and every other seat 1/(n-1), the
same zero-sum values as a loss, and the episode terminates. (Gymnasium's checker steps with
unmasked random actions, so raising would break it; PettingZoo's classic games do the same.)
"""

from __future__ import annotations

from ludoteca.core.api import Game, State
from ludoteca.core.chance import sample_outcome
from ludoteca.core.registry import game_module
from ludoteca.interop.spaces import Bounds


class Episode:
    """A game from its first decision to its end, forfeit or cut-off."""

    def __init__(self, game: Game, bounds: Bounds, seed: int) -> None:
        self.game = game
        self.bounds = bounds
        self.state: State = game.new_initial_state(seed=seed)
        self.forfeited_by: int | None = None
        self._resolve_chance()

    @property
    def terminated(self) -> bool:
        """The game ended by its rules or by a forfeit."""
        return self.forfeited_by is not None or self.state.is_terminal()

    @property
    def truncated(self) -> bool:
        """The game was cut off at the length cap before it ended."""
        return not self.terminated and len(self.state.history()) >= self.bounds.max_length

    @property
    def done(self) -> bool:
        return self.terminated or self.truncated

    def to_move(self) -> int:
        """The seat to decide, or -1 once the episode is done."""
        return -1 if self.done else self.state.current_player()

    def returns(self) -> list[float]:
        """Final values per seat (a forfeit's, the game's, or zeros when cut off or running)."""
        n = self.game.num_players
        if self.forfeited_by is not None:
            return [-1.0 if seat == self.forfeited_by else 1 / (n - 1) for seat in range(n)]
        return self.state.returns()

    def act(self, action: int) -> bool:
        """Apply the mover's action and the chance events after it; False if it was illegal."""
        seat = self.to_move()
        if seat < 0:
            raise ValueError("the episode is over: reset it before acting")
        if action not in self.state.legal_actions():
            self.forfeited_by = seat
            return False
        self.state.apply_action(action, seat)
        self._resolve_chance()
        return True

    def render(self, mode: str | None) -> str | None:
        """The position as text (`"ansi"`) or as an SVG picture (`"svg"`); None without a mode."""
        if mode is None:
            return None
        if mode == "svg":
            svg: str = game_module(self.game.id, "svg").render_svg(self.state)  # type: ignore[union-attr]
            return svg
        return str(self.state)

    def _resolve_chance(self) -> None:
        state = self.state
        while state.is_chance_node() and len(state.history()) < self.bounds.max_length:
            state.apply_action(sample_outcome(state))
