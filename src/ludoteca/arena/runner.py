"""Playing a tournament's games, in this process or in a pool of worker processes.

Workers ignore Ctrl-C: the main process alone decides, and on an interrupt it terminates the
pool at once, so games in flight are dropped and only finished ones (already handed over) count.
Each finished game comes back with the notation of every move, so it can be stored as a web
table without replaying it again. Workers are spawned, not forked: the main process runs threads
(the progress bar), which a fork would copy in an undefined state.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.arena.config import ArenaConfig
from ludoteca.arena.match import GameResult, play_game
from ludoteca.arena.schedule import Fixture
from ludoteca.core.api import Game
from ludoteca.core.record import Move


@dataclass(frozen=True)
class PlayedGame:
    """A finished game with its index in the tournament and its moves written out."""

    index: int
    result: GameResult
    moves: tuple[Move, ...]


def annotate(game: Game, result: GameResult) -> tuple[Move, ...]:
    """Who made each action of `result` and how it is written, replayed from the seed."""
    state = game.new_initial_state(seed=result.seed)
    moves = []
    for action in result.actions:
        moves.append(Move(state.current_player(), action, state.action_to_string(action)))
        state.apply_action(action)
    return tuple(moves)


_GAMES: dict[str, Game] = {}
"""The configured game of each run, loaded once per process."""


def _game(config: ArenaConfig) -> Game:
    if config.run_id not in _GAMES:
        _GAMES[config.run_id] = config.load_game()
    return _GAMES[config.run_id]


def play_fixture(config: ArenaConfig, fixture: Fixture) -> PlayedGame:
    """Play one scheduled game (in whichever process calls it)."""
    game = _game(config)
    result = play_game(game, fixture.agents, fixture.seed, config.max_actions)
    return PlayedGame(fixture.index, result, annotate(game, result))


def play_task(task: tuple[ArenaConfig, Fixture]) -> PlayedGame:
    """`play_fixture` for a worker process, which takes one argument."""
    return play_fixture(*task)
