"""A table being played: a game state rebuilt from its stored moves, its seats, its watchers.

Everything here uses the game API only. Chance is resolved from the table's secret (or, at a
practice table or one stored before secrets, its seed) by `ludoteca.core.chance.Chance`, so a
table rebuilt after a restart rolls the dice it would have rolled; each resolved outcome is kept
with its notation like any move.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, overload

from ludoteca import agents
from ludoteca.agents.base import Agent
from ludoteca.core.api import CHANCE, Game, State
from ludoteca.core.chance import Chance
from ludoteca.core.errors import IllegalActionError, NotationError, WrongPlayerError
from ludoteca.core.marks import MoveMark
from ludoteca.core.record import Move, Record
from ludoteca.core.registry import load_stored
from ludoteca.i18n import DEFAULT, _, use
from ludoteca.i18n import current as current_language
from ludoteca.narration import Narrator, seat_colour
from ludoteca.store.tables import BOT as BOT  # the kinds of seat, re-exported for the web layer
from ludoteca.store.tables import FINISHED, PLAYING, MoveData, SeatData, TableData
from ludoteca.store.tables import HUMAN as HUMAN
from ludoteca.store.turn_clocks import MoveClock
from ludoteca.web.http.errors import Conflict, Forbidden, Unprocessable
from ludoteca.web.table.board_patch import Markup
from ludoteca.web.table.narrate import since_previous_turn
from ludoteca.web.table.people import display_name, seat_names


class StoredRow(Protocol):
    """What the store holds of a table beside its moves (a `TableData`, or a watcher's read)."""

    @property
    def seats(self) -> list[SeatData]: ...
    @property
    def listed(self) -> bool: ...
    @property
    def ending(self) -> dict[str, Any] | None: ...
    @property
    def redraws(self) -> list[int]: ...


@dataclass(eq=False)
class Connection:
    """One open WebSocket, the seat it acts for (None: a spectator) and its reader's language."""

    socket: Any
    seat: int | None
    language: str = DEFAULT
    delta: bool = False
    """The page asked for deltas: after its first view, only the log and story entries it
    lacks (`web.live.view_message`)."""
    shown: tuple[int, tuple[str, ...], int] | None = None
    """The table's `history`, its names and its number of moves in the last view sent."""
    board: Markup | None = None
    """The board markup of the last view sent to a delta page (the next one patches it)."""

    def since(self, history: int, names: tuple[str, ...], version: int) -> int | None:
        """The version a delta sent now starts from; None: a full view is due (the first one,
        or the moves shown were taken back, or names changed, and with them the story)."""
        if not self.delta or self.shown is None:
            return None
        shown_history, shown_names, shown_version = self.shown
        if (shown_history, shown_names) != (history, names) or shown_version > version:
            return None
        return shown_version


class MovePlayers(Sequence[int]):
    """The seat of each move (chance: -1), read from the moves as asked, not copied (a view
    looks only at the last few)."""

    def __init__(self, moves: Sequence[MoveData]) -> None:
        self._moves = moves

    def __len__(self) -> int:
        return len(self._moves)

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[int]: ...

    def __getitem__(self, index: int | slice) -> int | Sequence[int]:
        if isinstance(index, slice):
            return [move.player for move in self._moves[index]]
        return self._moves[index].player


@dataclass(eq=False)
class Table:
    """A live table. Mutated only on the event loop, under `lock`."""

    data: TableData
    game: Game
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    view_due: asyncio.TimerHandle | None = None
    """A view held back for a bot's reply (`TableManager.show`), sent at the latest then."""
    unsaved: list[MoveData] = field(default_factory=list)
    """Moves held back, not stored yet, for the bot's reply that is stored and shown with them
    (`TableManager._step`); nothing shows them before they are stored."""
    bot_seconds: float = 0.0
    """How long the table's bot last thought (a slow bot's table shows each step at once)."""
    thinking_since: float | None = None
    """Since when (`time.monotonic`) its bot thinks, set in the bot's thread; None: it does not."""
    joined: set[int] = field(default_factory=set)
    """Human seats whose person has opened the table (`web.social.presence`)."""
    held: bool = False
    """The first move waits until every person has joined or the creator starts
    (`web.social.presence`)."""
    takeback: Any = None
    """A takeback request waiting for the other players' answers (`web.social.takeback`)."""
    clock: MoveClock | None = None
    """A turn-based table's move clock as its owner last stored or read it
    (`web.live.turn_clock`); None: not read yet, or a live table."""
    narrator: Narrator | None = None
    history: int = 0
    """Counts the times the moves were rebuilt (taken back, reloaded): a page's log from
    before is not a beginning of the moves now."""
    _marks: list[MoveMark | None] = field(default_factory=list)
    _texts: dict[tuple[str, tuple[str, ...]], list[str]] = field(default_factory=dict)
    _positions: list[State] | None = None
    _names: dict[tuple[str, tuple[SeatData, ...], tuple[str, ...]], tuple[str, ...]] = field(
        default_factory=dict
    )

    @classmethod
    def build(cls, data: TableData) -> tuple[Table, list[MoveData]]:
        """Rebuild from the seed and the stored moves; also returns chance moves still owed."""
        game = load_stored(data.game, data.players, data.options)
        state = game.new_initial_state(seed=data.seed)
        table = cls(data=data, game=game, state=state, narrator=Narrator.of(game))
        for move in data.moves:
            table._advance(move.action)
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
        return player if self.playing and not self.held and player >= 0 else None

    def bot_to_move(self) -> int | None:
        seat = self.to_move()
        return seat if seat is not None and self.seat(seat).kind == BOT else None

    def name(self, seat: int) -> str:
        """The seat's name in the active language: "Anna", "Blue", "Red (hard bot)"."""
        spec = self.seat(seat)
        agent = spec.agent if spec.kind == BOT else None
        return display_name(self.game, seat, entered=spec.name, agent=agent, state=self.state)

    def colours(self) -> tuple[str, ...]:
        """Every seat's colour(s) in the active language, from the position where the game
        gives the seats their colours in play (villa's seal)."""
        return tuple(seat_colour(self.game, i, self.state) for i in range(self.game.num_players))

    def names(self) -> list[str]:
        """Every seat's name in the active language (kept: a view asks several times)."""
        key = (current_language(), tuple(self.data.seats), self.colours())
        names = self._names.get(key)
        if names is None:
            names = self._names[key] = tuple(seat_names(self.game, self.data.seats, self.state))
        return list(names)

    def texts(self) -> list[str]:
        """Every move as a sentence in the active language, with the seats' names.

        Kept per language and names, extended as moves are made; built by replaying the game
        from its seed the first time a language asks.
        """
        key = (current_language(), tuple(self.names()))
        texts = self._texts.get(key)
        if texts is None or len(texts) != len(self.moves):
            texts = self._told(key[1])
            self._texts[key] = texts
        return texts

    def _told(self, names: tuple[str, ...]) -> list[str]:
        return self.tell(self.moves, names)

    def tell(self, moves: Sequence[MoveData], names: Sequence[str]) -> list[str]:
        """Each of `moves`, played from the start of this table's game, as a sentence (also a
        line of play that was taken back)."""
        assert self.narrator is not None
        state = self.game.new_initial_state(seed=self.data.seed)
        texts = []
        for move in moves:
            texts.append(self.narrator.text(state, move.action, names))
            state.apply_action(move.action)
        return texts

    def position_text(self, names: list[str]) -> str | None:
        """The position in words (for screen readers), where the game tells it."""
        assert self.narrator is not None
        return self.narrator.position(self.state, names)

    def forget_texts(self) -> None:
        """Drop the sentences kept (a name changed)."""
        self._texts.clear()

    def unseen_from(self, seat: int | None) -> int:
        """The first move `seat` has not seen: after its last decision (`since_previous_turn`)."""
        return since_previous_turn(MovePlayers(self.moves), seat, self.to_move())

    def marks(self) -> list[MoveMark | None]:
        """The board mark of every move (None where the game draws none), by move index.

        Kept as moves are made; rebuilt from the seed when the moves changed otherwise (moves
        taken back), like the sentences of `texts`.
        """
        if len(self._marks) != len(self.moves):
            assert self.narrator is not None
            state = self.game.new_initial_state(seed=self.data.seed)
            self._marks = []
            for move in self.moves:
                self._marks.append(self.narrator.mark(state, move.action))
                state.apply_action(move.action)
        return self._marks

    def last_moves(self, start: int) -> list[MoveMark]:
        """The marks of the moves from index `start` on."""
        return [mark for mark in self.marks()[start:] if mark is not None]

    def _advance(self, action: int, player: int | None = None) -> None:
        """Apply a legal `action`, keeping its mark and the sentences kept so far (both told
        from the position before it)."""
        assert self.narrator is not None
        mark = self.narrator.mark(self.state, action)
        told = []
        for (language, names), texts in self._texts.items():
            with use(language):
                told.append((texts, self.narrator.text(self.state, action, names)))
        self.state.apply_action(action, player=player)
        self._marks.append(mark)
        for texts, text in told:
            texts.append(text)

    @property
    def chance(self) -> Chance:
        data = self.data
        return Chance(data.chance, data.seed, data.secret, tuple(data.redraws))

    def record(self) -> Record:
        """The record, with the secret of the dice: only to be shown once the game is over.

        It names the players as the active language shows them (`names`).
        """
        seats = [(s.agent or HUMAN) if s.kind == BOT else HUMAN for s in self.data.seats]
        return Record(
            game=self.game.id,
            players=self.game.num_players,
            options=dict(self.game.options),
            seed=self.data.seed,
            scheme=self.data.chance,
            secret=self.data.secret,
            seats=seats,
            names=self.names(),
            redraws=list(self.data.redraws),
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
        whole_link = _("This link is incomplete: open the whole link you were given.")
        if seat is None:
            if token:
                raise Forbidden(
                    "a token needs its seat: use the whole seat link",
                    whole_link,
                    code="token_without_seat",
                )
            return None
        if not 0 <= seat < len(self.data.seats):
            last = len(self.data.seats) - 1
            raise Forbidden(
                f"there is no seat {seat} at this table (0-{last})",
                whole_link,
                code="no_such_seat",
                seat=seat,
                last=last,
            )
        spec = self.seat(seat)
        if spec.kind != HUMAN or spec.token is None:
            raise Forbidden(
                f"seat {seat} is played by the bot {spec.agent}",
                _("{colour} is played by a bot now: this link no longer opens a seat.").format(
                    colour=seat_colour(self.game, seat, self.state)
                ),
                code="bot_seat",
                seat=seat,
                agent=spec.agent or "",
            )
        if not token or not secrets.compare_digest(token.encode(), spec.token.encode()):
            raise Forbidden(
                f"wrong token for seat {seat}: use the link you were given",
                _(
                    "This link does not fit the seat of {name}: open the whole link you were given."
                ).format(name=self.name(seat)),
                code="wrong_token",
                seat=seat,
            )
        return seat

    def check_turn(self, seat: int) -> None:
        """Refuses, with the reason, unless the game runs and waits for `seat`'s decision."""
        if not self.playing:
            raise Conflict(
                f"the game is {self.data.status}: no more moves",
                code="game_over",
                status=self.data.status,
            )
        if self.held:
            raise Conflict(
                "the game begins when every player has joined or the creator starts it",
                code="not_started",
            )
        current = self.state.current_player()
        if current != seat:
            whose = self.name(current) if current >= 0 else "nobody"
            raise Conflict(f"it is {whose}'s turn, not yours", code="not_your_turn", player=whose)

    def parse_move(self, seat: int | None, action: int | None, notation: str | None) -> int:
        """The action `seat` asks for, checked for seat, turn and notation (not yet legality)."""
        if seat is None:
            raise Forbidden("spectators cannot move: open a seat link to play", code="spectator")
        self.check_turn(seat)
        if (action is None) == (notation is None):
            raise Unprocessable(
                'send either "action" (a number) or "notation" (text)', code="action_or_notation"
            )
        if notation is not None:
            try:
                action = self.state.string_to_action(notation)
            except NotationError as exc:
                raise Unprocessable(str(exc), code="bad_notation", notation=notation) from exc
        assert action is not None
        return action

    # -- changing -----------------------------------------------------------------------------
    def apply(self, seat: int, action: int) -> list[MoveData]:
        """Apply an action of `seat`, then resolve chance; returns the new moves to store.

        An illegal action raises `Unprocessable` with the game API's message (which lists the
        legal moves) and changes nothing.
        """
        state = self.state
        legal = action in state.legal_actions()
        notation = state.action_to_string(action) if legal else ""
        try:
            if legal and state.current_player() == seat:
                self._advance(action, seat)
            else:
                state.apply_action(action, player=seat)  # raises the game API's error
        except WrongPlayerError as exc:
            current = state.current_player()
            whose = self.name(current) if current >= 0 else "nobody"
            raise Conflict(str(exc), code="not_your_turn", player=whose) from exc
        except IllegalActionError as exc:
            raise Unprocessable(str(exc), code="illegal_move", move=self._spelled(action)) from exc
        move = MoveData(len(self.moves), seat, action, notation)
        self.moves.append(move)
        return [move, *self.resolve_chance()]

    def _spelled(self, action: int) -> str:
        """`action` in the game's notation where it has one here, else its number."""
        try:
            return self.state.action_to_string(action)
        except NotationError:  # an id that names no move of this game: say the number sent
            return str(action)

    def rewind(self, length: int) -> list[MoveData]:
        """Go back to the position after the first `length` moves; returns the moves undone.

        The chance from there on is drawn anew (`Chance.redraws`, keyed with this takeback's
        number): the outcomes the undone line showed tell nothing of those to come.
        """
        undone = self.moves[length:]
        del self.moves[length:]
        self.data.redraws = [*self.data.redraws, length]
        self.data.taken_back += 1
        self.history += 1
        state = self.game.new_initial_state(seed=self.data.seed)
        for move in self.moves:
            state.apply_action(move.action)
        self.state = state
        self._positions = None
        return undone

    def resolve_chance(self) -> list[MoveData]:
        """Draw chance outcomes from the seed until a seat must act or the game ends."""
        drawn = []
        state = self.state
        chance = self.chance
        while state.is_chance_node():
            outcome = chance.draw(state)
            notation = state.action_to_string(outcome)
            self._advance(outcome)
            drawn.append(MoveData(len(self.moves), CHANCE, outcome, notation))
            self.moves.append(drawn[-1])
        if state.is_terminal() and self.playing:
            self.data.status = FINISHED
            self.data.result = state.returns()
        return drawn

    def catch_up(self, moves: Sequence[MoveData], status: str, result: list[float] | None) -> None:
        """Apply `moves` another server process stored after ours (`web.cluster.workers`), and take
        over its status: this process watches the table, the other one writes it."""
        for move in moves:
            self._advance(move.action)
            self.moves.append(move)
        self.data.status, self.data.result = status, result

    def reload(self, data: TableData) -> list[MoveData]:
        """Rebuild from `data` in place (another process moved, took moves back or changed
        seats); returns the chance moves still owed, as `build`."""
        fresh, owed = Table.build(data)
        self.data, self.state, self._marks = fresh.data, fresh.state, fresh._marks
        self.unsaved = []
        self.history += 1
        self._texts, self._positions = {}, None
        return owed

    def row_differs(self, row: StoredRow) -> bool:
        """Whether the store's `row` has other seats (a name), listing, ending or redraws."""
        mine = self.data
        return (row.seats, row.listed, row.ending, row.redraws) != (
            mine.seats,
            mine.listed,
            mine.ending,
            mine.redraws,
        )

    def bot(self, seat: int) -> Agent:
        """The bot of `seat`, seeded for the current position (one way: it learns no dice)."""
        spec = self.seat(seat).agent or ""
        seed = self.chance.agent_seed(seat, len(self.moves))
        return agents.load(spec, self.game, seed=seed)
