"""Where tables and their moves are kept: SQLAlchemy 2.x ORM over any database URL.

A table row holds what is needed to rebuild the game (game id, players, options, the chance
scheme with its seed or secret) and the seats; the moves are stored one row per applied action,
chance outcomes included, so a table is rebuilt by replaying its moves. Every step is committed
as it happens. The schema is created and kept current by `store.migrations` (Alembic), not by the
models here: a change to a model needs a new revision there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Insert,
    Integer,
    String,
    bindparam,
    cast,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column, sessionmaker

from ludoteca.core.chance import SEEDED
from ludoteca.store import migrations
from ludoteca.store.base import Base, make_engine

PLAYING = "playing"
FINISHED = "finished"
ABANDONED = "abandoned"
CLOSED = "closed"
"""Statuses: a table is played until its game ends (or a person resigns), abandoned when it runs
past the cap, closed when its creator ends it or nobody touched it for too long (`ending`)."""


def _now() -> datetime:
    return datetime.now(UTC)


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    speed: Mapped[str] = mapped_column(String(16))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    status: Mapped[str] = mapped_column(String(16), default=PLAYING, index=True)
    result: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    chance: Mapped[int] = mapped_column(Integer, default=SEEDED, server_default=str(SEEDED))
    """The chance scheme (`core.chance`); tables stored before it had scheme 1."""
    secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    practice: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    listed: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    """Shown in the lobby's lists; unlisted tables are reached by their links only."""
    touched: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """The last change beside a move (a name, a join, a chat line); moves keep their own time."""
    ending: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """How a table ended other than by its game's rules: `{"why": "resigned", "seat": 1}`,
    `{"why": "ended"}` (by its creator), `{"why": "idle"}`."""
    takebacks_allowed: Mapped[bool] = mapped_column(Boolean, default=True, server_default="1")
    """Whether its seats may take back moves (the creator may turn takebacks off)."""
    taken_back: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """How many takebacks were made: a game with takebacks is marked as such."""
    redraws: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """Where each takeback that drew the chance after it anew went back to
    (`core.chance.Chance.redraws`); takebacks stored before that are not in it."""
    turn_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Turn-based play: the time per move in seconds (`store.turn_clocks`); None: live play."""
    on_timeout: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """What a turn-based table does when a move's time runs out: "forfeit", or the strength of
    the bot that plays the move ("easy", "medium", "hard")."""


class MoveRow(Base):
    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


MOVE_COLUMNS = ("table_id", "index", "player", "action", "notation", "created")


def _inserted_together() -> Insert:
    """`INSERT INTO moves ... SELECT * FROM unnest(<one array per column>)` (PostgreSQL)."""
    columns = MoveRow.__table__.c
    arrays = [
        cast(bindparam(name, type_=ARRAY(columns[name].type)), ARRAY(columns[name].type))
        for name in MOVE_COLUMNS
    ]
    rows = func.unnest(*arrays).table_valued(*MOVE_COLUMNS).render_derived()
    return insert(MoveRow).from_select(MOVE_COLUMNS, select(*rows.c))


INSERTED_TOGETHER = _inserted_together()
"""Many moves in one statement on PostgreSQL: the columns' values as arrays, unnested."""


class LeaseRow(Base):
    """Which server process runs a table (its bots and its moves) until `expires`."""

    __tablename__ = "leases"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(64))
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


HELD = "held"
TAKEN = "taken"
REFUSED = "refused"
"""Answers of `Store.claim`: still ours, newly ours (memory may be stale), someone else's."""


HUMAN = "human"
BOT = "bot"
"""The kinds of seat: a person with a link, or a bot with an agent spec."""


@dataclass(frozen=True)
class Step:
    """What one step of a table stores: its new moves and the table's status after them."""

    table_id: str
    moves: Sequence[MoveData]
    status: str = PLAYING
    result: list[float] | None = None
    ending: dict[str, Any] | None = None
    """How the table ended beside its game's rules (`TableRow.ending`); None: it did not."""


@dataclass(frozen=True)
class SeatData:
    """One seat: a human (with the secret token of its link and the name its person entered,
    if any) or a bot (with its agent spec)."""

    kind: str
    agent: str | None = None
    token: str | None = None
    name: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "agent": self.agent, "token": self.token, "name": self.name}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> SeatData:
        return cls(str(obj["kind"]), obj.get("agent"), obj.get("token"), obj.get("name"))


@dataclass(frozen=True)
class MoveData:
    """One applied action with its notation as written when it was played."""

    index: int
    player: int
    action: int
    notation: str


@dataclass
class TableData:
    """A stored table, detached from the database session."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[SeatData]
    speed: str
    created: datetime
    status: str = PLAYING
    result: list[float] | None = None
    moves: list[MoveData] = field(default_factory=list)
    chance: int = SEEDED
    secret: str | None = None
    practice: bool = False
    listed: bool = False
    ending: dict[str, Any] | None = None
    takebacks_allowed: bool = True
    taken_back: int = 0
    redraws: list[int] = field(default_factory=list)
    turn_seconds: int | None = None
    on_timeout: str | None = None


def _aware(moment: datetime) -> datetime:
    """SQLite gives naive datetimes back: they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _row_data(row: TableRow, moves: Sequence[MoveRow] = ()) -> TableData:
    created = row.created if row.created.tzinfo else row.created.replace(tzinfo=UTC)
    return TableData(
        id=row.id,
        game=row.game,
        players=row.players,
        options=dict(row.options),
        seed=row.seed,
        seats=[SeatData.from_json(s) for s in row.seats],
        speed=row.speed,
        created=created,
        status=row.status,
        result=list(row.result) if row.result is not None else None,
        moves=[MoveData(m.index, m.player, m.action, m.notation) for m in moves],
        chance=row.chance,
        secret=row.secret,
        practice=bool(row.practice),
        listed=bool(row.listed),
        ending=dict(row.ending) if row.ending is not None else None,
        takebacks_allowed=bool(row.takebacks_allowed),
        taken_back=row.taken_back or 0,
        redraws=[int(at) for at in row.redraws or []],
        turn_seconds=row.turn_seconds,
        on_timeout=row.on_timeout,
    )


class Store:
    """The tables and moves of one database; every method is one short transaction."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        migrations.upgrade(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    def add_table(self, data: TableData) -> None:
        with self._session.begin() as session:
            session.add(
                TableRow(
                    id=data.id,
                    game=data.game,
                    players=data.players,
                    options=data.options,
                    seed=data.seed,
                    seats=[s.to_json() for s in data.seats],
                    speed=data.speed,
                    created=data.created,
                    status=data.status,
                    result=data.result,
                    chance=data.chance,
                    secret=data.secret,
                    practice=data.practice,
                    listed=data.listed,
                    ending=data.ending,
                    takebacks_allowed=data.takebacks_allowed,
                    taken_back=data.taken_back,
                    redraws=list(data.redraws),
                    turn_seconds=data.turn_seconds,
                    on_timeout=data.on_timeout,
                )
            )

    def add_steps(self, steps: Sequence[Step]) -> None:
        """Store several steps (of different tables) in one commit: all of them or none.

        Plain SQL expressions rather than ORM objects: this runs once per move, so it is kept
        cheap. On PostgreSQL the moves go as one array per column in a single statement
        (`INSERTED_TOGETHER`): a third of the cost of a row-by-row `executemany`.
        """
        now = _now()
        rows = [
            {
                "table_id": step.table_id,
                "index": m.index,
                "player": m.player,
                "action": m.action,
                "notation": m.notation,
                "created": now,
            }
            for step in steps
            for m in step.moves
        ]
        with self.engine.begin() as connection:
            if rows and connection.dialect.name == "postgresql":
                arrays = {name: [row[name] for row in rows] for name in MOVE_COLUMNS}
                connection.execute(INSERTED_TOGETHER, arrays)
            elif rows:
                connection.execute(insert(MoveRow), rows)
            for step in steps:
                if step.status != PLAYING:
                    connection.execute(
                        update(TableRow)
                        .where(TableRow.id == step.table_id)
                        .values(status=step.status, result=step.result, ending=step.ending)
                    )

    def set_seats(self, table_id: str, seats: Sequence[SeatData]) -> None:
        """Store a table's seats again (a person entered their name, left their seat)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(seats=[s.to_json() for s in seats], touched=_now())
            )

    def get(self, table_id: str) -> TableData | None:
        """A table with its moves, or None."""
        with self._session() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            return _row_data(row, self._moves(session, table_id))

    def unfinished(self) -> list[TableData]:
        """Every table still being played, with its moves, oldest first."""
        with self._session() as session:
            rows = session.scalars(
                select(TableRow).where(TableRow.status == PLAYING).order_by(TableRow.created)
            ).all()
            return [_row_data(row, self._moves(session, row.id)) for row in rows]

    def set_listed(self, table_id: str, listed: bool) -> None:
        """List a table in the lobby, or take it off the lists."""
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(listed=listed, touched=_now())
            )

    def touch(self, table_id: str) -> None:
        """Note a change beside play (a join, a name, a chat line): the table is in use."""
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow).where(TableRow.id == table_id).values(touched=_now())
            )

    def last_played(self, table_ids: Sequence[str]) -> dict[str, datetime]:
        """When each table was last played or otherwise used: its newest move, a join, a name or
        a chat line, else its creation (for "My games": the newest first)."""
        newest_move = (
            select(MoveRow.table_id, func.max(MoveRow.created).label("moved"))
            .where(MoveRow.table_id.in_(table_ids))
            .group_by(MoveRow.table_id)
            .subquery()
        )
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(TableRow.id, TableRow.created, TableRow.touched, newest_move.c.moved)
                .outerjoin(newest_move, newest_move.c.table_id == TableRow.id)
                .where(TableRow.id.in_(table_ids))
            ).all()
        return {
            row.id: max(_aware(t) for t in (row.created, row.touched, row.moved) if t is not None)
            for row in rows
        }

    def idle(self, since: datetime, table_id: str | None = None, limit: int = 100) -> list[str]:
        """Tables still being played that nothing touched since `since`: made before it, no
        move and no other change after it (oldest first); with `table_id`, that one or none.
        Turn-based tables are left out: their move clock acts for an absent player."""
        recent_move = (
            select(MoveRow.index)
            .where(MoveRow.table_id == TableRow.id, MoveRow.created >= since)
            .exists()
        )
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(TableRow.id)
                .where(
                    TableRow.status == PLAYING,
                    TableRow.turn_seconds.is_(None),
                    TableRow.created < since,
                    (TableRow.touched.is_(None)) | (TableRow.touched < since),
                    ~recent_move,
                    *([TableRow.id == table_id] if table_id is not None else []),
                )
                .order_by(TableRow.created)
                .limit(limit)
            ).all()
        return [row.id for row in rows]

    def listing(self, status: str, limit: int = 20) -> list[TableData]:
        """The newest listed tables with `status`, without their moves (for the lobby)."""
        with self._session() as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.status == status, TableRow.listed.is_(True))
                .order_by(TableRow.created.desc())
                .limit(limit)
            ).all()
            return [_row_data(row) for row in rows]

    def claim(self, table_id: str, owner: str, seconds: float) -> str:
        """Hold the lease of a table for `seconds` more, if it is free, expired or ours.

        One conditional UPDATE (or the first INSERT) decides, so two processes never both win.
        """
        now = _now()
        until = now + timedelta(seconds=seconds)
        with self.engine.begin() as connection:
            previous = connection.execute(
                select(LeaseRow.owner, LeaseRow.expires).where(LeaseRow.table_id == table_id)
            ).first()
            if previous is None:
                try:
                    with connection.begin_nested():
                        connection.execute(
                            insert(LeaseRow).values(table_id=table_id, owner=owner, expires=until)
                        )
                except IntegrityError:
                    return REFUSED
                return TAKEN
            won = connection.execute(
                update(LeaseRow)
                .where(LeaseRow.table_id == table_id)
                .where((LeaseRow.owner == owner) | (LeaseRow.expires < now))
                .where(LeaseRow.owner == previous.owner)
                .values(owner=owner, expires=until)
            ).rowcount
        if not won:
            return REFUSED
        expired = _aware(previous.expires) < now
        return HELD if previous.owner == owner and not expired else TAKEN

    def release(self, table_id: str, owner: str) -> None:
        """Give the lease back (a server shutting down), so another may take over at once."""
        with self.engine.begin() as connection:
            connection.execute(
                update(LeaseRow)
                .where(LeaseRow.table_id == table_id, LeaseRow.owner == owner)
                .values(expires=_now() - timedelta(seconds=1))
            )

    @staticmethod
    def _moves(session: Session, table_id: str) -> Sequence[MoveRow]:
        return session.scalars(
            select(MoveRow).where(MoveRow.table_id == table_id).order_by(MoveRow.index)
        ).all()
