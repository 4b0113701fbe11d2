"""A table being played: a game state rebuilt from its stored moves, its seats, its watchers.

Everything here uses the game API only. Chance is resolved from the table's secret (or, at a
practice table or one stored before secrets, its seed) by `ludoteca.core.chance.Chance`, so a
table rebuilt after a restart rolls the dice it would have rolled; each resolved outcome is kept
with its notation like any move.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

from ludoteca import agents
from ludoteca.agents.base import Agent
from ludoteca.core.api import CHANCE, Game, State
from ludoteca.core.chance import Chance
from ludoteca.core.errors import IllegalActionError, NotationError, WrongPlayerError
from ludoteca.core.record import Move, Record
from ludoteca.core.registry import load
from ludoteca.i18n import DEFAULT
from ludoteca.web.errors import Conflict, Forbidden, Unprocessable
from ludoteca.web.storage import FINISHED, PLAYING, MoveData, SeatData, TableData

HUMAN = "human"
BOT = "bot"


def seat_name(game: Game, seat: int) -> str:
    """The game's name for a seat ("red"), or "seat N" where it has none."""
    return game.seat_name(seat) or f"seat {seat}"


@dataclass(eq=False)
class Connection:
    """One open WebSocket, the seat it acts for (None: a spectator) and its reader's language."""

    socket: Any
    seat: int | None
    language: str = DEFAULT


@dataclass(eq=False)
class Table:
    """A live table. Mutated only on the event loop, under `lock`."""

    data: TableData
    game: Game
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    _positions: list[State] | None = None

    @classmethod
    def build(cls, data: TableData) -> tuple[Table, list[MoveData]]:
        """Rebuild from the seed and the stored moves; also returns chance moves still owed."""
        game = load(data.game, players=data.players, **data.options)
        state = game.new_initial_state(seed=data.seed)
        for move in data.moves:
            state.apply_action(move.action)
        table = cls(data=data, game=game, state=state)
        return table, table.resolve_chance()

    # -- reading ------------------------------------------------------------------------------
    @property
    def id(self) -> str:
        return self.data.id

    @property
    def moves(self) -> list[MoveData]:
        return self.data.moves

    @property
    def playing(self) -> bool:
        return self.data.status == PLAYING

    def seat(self, index: int) -> SeatData:
        return self.data.seats[index]

    def to_move(self) -> int | None:
        """The seat whose decision the table waits for, or None (over or stopped)."""
        player = self.state.current_player()
        return player if self.playing and player >= 0 else None

    def bot_to_move(self) -> int | None:
        seat = self.to_move()
        return seat if seat is not None and self.seat(seat).kind == BOT else None

    def label(self, seat: int) -> str:
        """E.g. "blue (greedy)" or "red (human)"."""
        spec = self.seat(seat)
        return f"{seat_name(self.game, seat)} ({spec.agent if spec.kind == BOT else HUMAN})"

    @property
    def chance(self) -> Chance:
        return Chance(self.data.chance, self.data.seed, self.data.secret)

    def record(self) -> Record:
        """The record, with the secret of the dice: only to be shown once the game is over."""
        seats = [(s.agent or HUMAN) if s.kind == BOT else HUMAN for s in self.data.seats]
        return Record(
            game=self.game.id,
            players=self.game.num_players,
            options=dict(self.game.options),
            seed=self.data.seed,
            scheme=self.data.chance,
            secret=self.data.secret,
            seats=seats,
            moves=[Move(m.player, m.action, m.notation) for m in self.moves],
            result=self.state.returns() if self.state.is_terminal() else None,
            started=self.data.created.isoformat(timespec="seconds"),
        )

    def positions(self) -> list[State]:
        """Every position from the record, checked (for the replay of a finished game)."""
        if self._positions is None or len(self._positions) != len(self.moves) + 1:
            self._positions = self.record().states()
        return self._positions

    # -- checking a request -------------------------------------------------------------------
    def authorise(self, seat: int | None, token: str | None) -> int | None:
        """The seat a request may act for; None for a spectator (no seat given)."""
        if seat is None:
            if token:
                raise Forbidden("a token needs its seat: use the whole seat link")
            return None
        if not 0 <= seat < len(self.data.seats):
            raise Forbidden(f"there is no seat {seat} at this table (0-{len(self.data.seats) - 1})")
        spec = self.seat(seat)
        if spec.kind != HUMAN or spec.token is None:
            raise Forbidden(f"seat {seat} is played by the bot {spec.agent}")
        if not token or not secrets.compare_digest(token, spec.token):
            raise Forbidden(f"wrong token for seat {seat}: use the link you were given")
        return seat

    def parse_move(self, seat: int | None, action: int | None, notation: str | None) -> int:
        """The action `seat` asks for, checked for seat, turn and notation (not yet legality)."""
        if seat is None:
            raise Forbidden("spectators cannot move: open a seat link to play")
        if not self.playing:
            raise Conflict(f"the game is {self.data.status}: no more moves")
        current = self.state.current_player()
        if current != seat:
            whose = self.label(current) if current >= 0 else "nobody"
            raise Conflict(f"it is {whose}'s turn, not yours")
        if (action is None) == (notation is None):
            raise Unprocessable('send either "action" (a number) or "notation" (text)')
        if notation is not None:
            try:
                action = self.state.string_to_action(notation)
            except NotationError as exc:
                raise Unprocessable(str(exc)) from exc
        assert action is not None
        return action

    # -- changing -----------------------------------------------------------------------------
    def apply(self, seat: int, action: int) -> list[MoveData]:
        """Apply an action of `seat`, then resolve chance; returns the new moves to store.

        An illegal action raises `Unprocessable` with the game API's message (which lists the
        legal moves) and changes nothing.
        """
        state = self.state
        notation = state.action_to_string(action) if action in state.legal_actions() else ""
        try:
            state.apply_action(action, player=seat)
        except WrongPlayerError as exc:
            raise Conflict(str(exc)) from exc
        except IllegalActionError as exc:
            raise Unprocessable(str(exc)) from exc
        move = MoveData(len(self.moves), seat, action, notation)
        self.moves.append(move)
        return [move, *self.resolve_chance()]

    def resolve_chance(self) -> list[MoveData]:
        """Draw chance outcomes from the seed until a seat must act or the game ends."""
        drawn = []
        state = self.state
        chance = self.chance
        while state.is_chance_node():
            outcome = chance.draw(state)
            notation = state.action_to_string(outcome)
            state.apply_action(outcome)
            drawn.append(MoveData(len(self.moves), CHANCE, outcome, notation))
            self.moves.append(drawn[-1])
        if state.is_terminal() and self.playing:
            self.data.status = FINISHED
            self.data.result = state.returns()
        return drawn

    def bot(self, seat: int) -> Agent:
        """The bot of `seat`, seeded for the current position (one way: it learns no dice)."""
        spec = self.seat(seat).agent or ""
        seed = self.chance.agent_seed(seat, len(self.moves))
        return agents.load(spec, self.game, seed=seed)
