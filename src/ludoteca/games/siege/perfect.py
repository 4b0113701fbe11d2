"""`perfect`: Belagerung played from the retrograde tables (`fast_retro.py`).

For every legal move the bot looks the position after it up in the tables (a move that ends
the game scores by the rules: a capture that wins, or a draw by repetition or the quiet-move
limit). It keeps the best result there is for it: from a won position only moves to positions
lost for the other side, from a drawn one only moves that keep the draw; so it never turns a
win into a draw or a loss, nor a draw into a loss. Among the winning moves it plays the one of
the shortest win, found by the proof search over the tables (`fast_perfect.py`: fewest plies
to the capture whatever the other side plays); among the drawing moves, and in a lost position
among all moves, `alphabeta` chooses.

The tables hold the positions after the opening, without history. So the bot is `alphabeta`
(and says so in `source`) where they cannot answer: no tables (`tables=DIR` or the environment
variable `LUDOTECA_SIEGE_TABLES`, made by `ludoteca solve siege --method retro --tables DIR`),
no numba, a move whose position the tables have not solved yet, or a move that leaves the
defender within the opening rule's first four moves. Where the shortest win is longer than
`horizon` plies or takes more than `nodes` positions to prove, it plays the winning move that
`alphabeta` likes best: still a win by the tables, but not proven the fastest. The tables leave
the quiet-move limit out (docs/games/siege.md), so a won position whose shortest win needs more
moves without a capture than the limit leaves is a draw under the rules, won by the tables.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ludoteca.agents.alphabeta import AlphaBetaAgent
from ludoteca.agents.base import child_of
from ludoteca.core.api import Game, State
from ludoteca.games.siege.game import OPENING_MOVES, SiegeGame, SiegeState
from ludoteca.i18n import N_

if TYPE_CHECKING:
    from ludoteca.games.siege.fast_perfect import Distances

TABLES_VARIABLE = "LUDOTECA_SIEGE_TABLES"
"""The environment variable naming the retrograde tables' directory the `perfect` bot reads."""
LOST, DRAWN, WON = -1, 0, 1
"""A move's result for the side that plays it."""
FOR_THE_MOVER = {0: DRAWN, 1: LOST, 2: WON}
"""The tables' value of the position after a move (0 drawn, 1 won, 2 lost for the side to move
there: `fast_retro`) as the result for the side that made the move."""
OWN_PARAMETERS = ("tables", "horizon", "nodes")


class PerfectAgent(AlphaBetaAgent):
    """Plays from the retrograde tables (see the module docstring); `tables=DIR`, `horizon`
    (plies, default 41) and `nodes` (per move, default 2,000,000) for the shortest win; the
    other parameters are `alphabeta`'s, for the moves the tables leave open."""

    name = "perfect"
    description = N_(
        "plays from the solved tables: keeps wins and draws, wins fastest; else alphabeta"
    )

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        super().__init__(game, seed, **{k: v for k, v in params.items() if k not in OWN_PARAMETERS})
        self.params = params
        self.horizon = int(params.get("horizon", 41))
        self.nodes = int(params.get("nodes", 2_000_000))
        self.distances = _distances(game, params.get("tables") or os.environ.get(TABLES_VARIABLE))
        self.source = ""
        """Where the last move came from: "win in N" (N plies, proven the shortest), "win",
        "draw", "loss" (the tables' result, alphabeta choosing among those moves) or "search"
        (no answer from the tables: plain alphabeta)."""

    def act(self, state: State) -> int:
        assert isinstance(state, SiegeState)
        results = self.results(state)
        if results is None:
            self.source = "search"
            return super().act(state)
        best = max(results.values())
        keep = [action for action, result in results.items() if result == best]
        if best == WON:
            fastest = self.fastest(state, keep)
            if fastest is not None:
                self.source = f"win in {fastest[1]}"
                return fastest[0]
        self.source = {WON: "win", DRAWN: "draw", LOST: "loss"}[best]
        if len(keep) == 1:
            return keep[0]
        shuffled = self.rng.sample(keep, len(keep))
        return int(self.engine.best(state, self.depth, self.seconds, shuffled)[0])

    def results(self, state: SiegeState) -> dict[int, int] | None:
        """Each legal move's result for the mover by the tables, or None where they cannot say
        for some move (see the module docstring)."""
        if self.distances is None:
            return None
        seat = state.current_player()
        results = {}
        for action in state.legal_actions():
            child = child_of(state, action)
            assert isinstance(child, SiegeState)
            if child.is_terminal():
                results[action] = _sign(child.returns()[seat])
                continue
            if child.opening_moves < OPENING_MOVES:
                return None
            theirs = self.distances.tables.value(*_placement(child))
            if theirs is None:
                return None
            results[action] = FOR_THE_MOVER[theirs]
        return results

    def fastest(self, state: SiegeState, winning: list[int]) -> tuple[int, int] | None:
        """(move, plies to the capture) of the shortest win among the `winning` moves, or None
        when it is longer than the horizon or the node budget ran out."""
        assert self.distances is not None
        from ludoteca.games.siege.fast_perfect import OUT_OF_NODES, PROVED

        seat = state.current_player()
        self.distances.allow(self.nodes)
        children = {}
        for action in self.rng.sample(winning, len(winning)):
            child = child_of(state, action)
            if child.is_terminal():
                return action, 1
            assert isinstance(child, SiegeState)
            children[action] = _placement(child)
        for plies in range(3, self.horizon + 1, 2):
            for action, placement in children.items():
                answer = self.distances.wins_within(*placement, seat, plies - 1)
                if answer == PROVED:
                    return action, plies
                if answer == OUT_OF_NODES:
                    return None
        return None


def _sign(value: float) -> int:
    return WON if value > 0 else LOST if value < 0 else DRAWN


def _placement(state: SiegeState) -> tuple[int, int, int, int]:
    """The position as the tables index it: knights' and soldiers' fields as bit sets, the
    lord's field, the side to move."""
    from ludoteca.games.siege.fast import pieces

    return (*pieces(state), state.turn)


def _distances(game: Game, directory: str | None) -> Distances | None:
    """The proof search over the tables in `directory`, if there are any the bot may read."""
    if not directory or not isinstance(game, SiegeGame):
        return None
    if (
        importlib.util.find_spec("numba") is None
        or not (Path(directory) / "manifest.json").is_file()
    ):
        return None
    # Only now that numba (the fast extra) is known to be there: the compiled half needs it.
    from ludoteca.games.siege.fast_perfect import Distances
    from ludoteca.games.siege.fast_retro import RetroTables

    return Distances(RetroTables.open(Path(directory), writable=False))
