"""Tournaments in the web app's database: runs, their games, and each game as a web table.

Each finished game is stored in one transaction as a finished table of bots (with every move
and its notation, so `ludoteca serve` shows and replays it at `/table/<id>`) plus a row of
`arena_games` with its outcome; an interrupted tournament therefore keeps every game it
finished and nothing half-written. Opening it brings the database's schema up to date.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import (
    insert,
    select,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from ludoteca.arena.config import ArenaConfig
from ludoteca.arena.match import GameResult
from ludoteca.arena.runner import PlayedGame
from ludoteca.core.errors import LudotecaError
from ludoteca.store import migrations
from ludoteca.store.arena import GameRow, RunRow
from ludoteca.store.base import make_engine
from ludoteca.store.tables import (
    ABANDONED,
    BOT,
    FINISHED,
    MoveRow,
    SeatData,
    TableRow,
)

ARENA_SPEED = "fast"
"""The speed recorded on arena tables: bots that played without pauses."""


def _now() -> datetime:
    return datetime.now(UTC)


class RunBusyError(LudotecaError):
    """Another arena command is playing the same run on the same database right now."""

    def __init__(self, run_id: str) -> None:
        super().__init__(
            f"run {run_id} is being played by another arena command on this database;"
            " wait until it ends, then rerun this command to resume"
        )


@dataclass(frozen=True)
class StoredGame:
    """A played game of a run, with the id of its web table."""

    index: int
    table_id: str
    length: int
    """How many actions (chance included) the game took."""
    result: GameResult


def table_id(run_id: str, index: int) -> str:
    """The web table of game `index` of a run: readable and unique per database."""
    return f"{run_id}-{index}"


class ArenaStore:
    """The arena's view of one database; every method is one short transaction."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        migrations.upgrade(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    def open_run(self, config: ArenaConfig, games: int) -> None:
        """Record the run if it is new, and raise its game count to `games` if that is more."""
        try:
            self._open_run(config, games)
        except IntegrityError as exc:
            raise RunBusyError(config.run_id) from exc

    def _open_run(self, config: ArenaConfig, games: int) -> None:
        with self._session.begin() as session:
            row = session.get(RunRow, config.run_id)
            if row is None:
                session.add(
                    RunRow(
                        id=config.run_id,
                        game=config.game,
                        players=config.players,
                        options=config.options,
                        agents=list(config.agents),
                        seed=config.seed,
                        max_actions=config.max_actions,
                        games=games,
                    )
                )
            elif games > row.games:
                row.games = games

    def played(self, run_id: str) -> set[int]:
        """The indices of the run's stored games."""
        with self._session() as session:
            return set(session.scalars(select(GameRow.index).where(GameRow.run_id == run_id)))

    def save(self, config: ArenaConfig, played: PlayedGame) -> str:
        """Store one game as a finished (or, over the cap, abandoned) table; returns its id.

        A game already stored means that another command plays the same run right now.
        """
        try:
            return self._save(config, played)
        except IntegrityError as exc:
            raise RunBusyError(config.run_id) from exc

    def _save(self, config: ArenaConfig, played: PlayedGame) -> str:
        result = played.result
        table = table_id(config.run_id, played.index)
        now = _now()
        with self._session.begin() as session:
            session.add(
                TableRow(
                    id=table,
                    game=result.game,
                    players=result.players,
                    options=result.options,
                    seed=result.seed,
                    seats=[SeatData(BOT, agent=spec).to_json() for spec in result.agents],
                    speed=ARENA_SPEED,
                    created=now,
                    status=FINISHED if result.finished else ABANDONED,
                    result=list(result.returns) if result.finished else None,
                )
            )
            session.flush()
            if played.moves:
                session.connection().execute(
                    insert(MoveRow),
                    [
                        {
                            "table_id": table,
                            "index": i,
                            "player": move.player,
                            "action": move.action,
                            "notation": move.notation,
                            "created": now,
                        }
                        for i, move in enumerate(played.moves)
                    ],
                )
            session.add(
                GameRow(
                    run_id=config.run_id,
                    index=played.index,
                    seed=result.seed,
                    agents=list(result.agents),
                    returns=list(result.returns),
                    finished=result.finished,
                    length=len(result.actions),
                    decisions=list(result.decisions),
                    median_ms=list(result.median_ms),
                    table_id=table,
                    created=now,
                )
            )
        return table

    def games(
        self, config: ArenaConfig, below: int, with_actions: bool = False
    ) -> list[StoredGame]:
        """The run's stored games with index < `below`, in index order.

        Without `with_actions` each result's actions are left empty (statistics need none).
        """
        with self._session() as session:
            rows = session.scalars(
                select(GameRow)
                .where(GameRow.run_id == config.run_id, GameRow.index < below)
                .order_by(GameRow.index)
            ).all()
            actions = self._actions(session, config.run_id, below) if with_actions else {}
        return [
            StoredGame(
                row.index, row.table_id, row.length, _result(config, row, actions.get(row.table_id))
            )
            for row in rows
        ]

    @staticmethod
    def _actions(session: Session, run_id: str, below: int) -> dict[str, list[int]]:
        found: dict[str, list[int]] = defaultdict(list)
        query = (
            select(MoveRow.table_id, MoveRow.action)
            .join(GameRow, GameRow.table_id == MoveRow.table_id)
            .where(GameRow.run_id == run_id, GameRow.index < below)
            .order_by(MoveRow.table_id, MoveRow.index)
        )
        for table, action in session.execute(query):
            found[table].append(action)
        return found


def _result(config: ArenaConfig, row: GameRow, actions: list[int] | None) -> GameResult:
    return GameResult(
        game=config.game,
        players=config.players,
        options=dict(config.options),
        seed=row.seed,
        agents=tuple(row.agents),
        actions=tuple(actions or ()),
        returns=tuple(float(r) for r in row.returns),
        finished=row.finished,
        decisions=tuple(row.decisions),
        median_ms=tuple(row.median_ms),
    )
