"""Baseline: the schema of ludoteca 0.1, the last release without migrations.

It creates what a database lacks and leaves alone what it has, so one revision serves a new
database and one made before migrations: 0.1 created its tables as each feature first opened
the database (the arena's only when `ludoteca arena` ran), and databases from before issue 17
lack the chance columns of `tables`.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _added_columns() -> list[sa.Column[Any]]:
    """Columns of `tables` added before migrations existed (the chance scheme 1 is `SEEDED`)."""
    return [
        sa.Column("chance", sa.Integer(), server_default="1", nullable=False),
        sa.Column("secret", sa.String(64), nullable=True),
        sa.Column("practice", sa.Boolean(), server_default="0", nullable=False),
    ]


def _when(moment: str) -> sa.Column[Any]:
    return sa.Column(moment, sa.DateTime(timezone=True), nullable=False)


def _tables() -> list[tuple[str, list[Any], str | None]]:
    """Every table of 0.1 in creation order: name, columns and constraints, indexed column."""
    return [
        (
            "tables",
            [
                sa.Column("id", sa.String(32), primary_key=True),
                sa.Column("game", sa.String(64), nullable=False),
                sa.Column("players", sa.Integer(), nullable=False),
                sa.Column("options", sa.JSON(), nullable=False),
                sa.Column("seed", sa.BigInteger(), nullable=False),
                sa.Column("seats", sa.JSON(), nullable=False),
                sa.Column("speed", sa.String(16), nullable=False),
                _when("created"),
                sa.Column("status", sa.String(16), nullable=False),
                sa.Column("result", sa.JSON(), nullable=True),
                *_added_columns(),
            ],
            "status",
        ),
        (
            "moves",
            [
                sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
                sa.Column("index", sa.Integer(), primary_key=True),
                sa.Column("player", sa.Integer(), nullable=False),
                sa.Column("action", sa.Integer(), nullable=False),
                sa.Column("notation", sa.String(64), nullable=False),
                _when("created"),
            ],
            None,
        ),
        (
            "leases",
            [
                sa.Column("table_id", sa.String(32), primary_key=True),
                sa.Column("owner", sa.String(64), nullable=False),
                _when("expires"),
            ],
            None,
        ),
        (
            "chat_lines",
            [
                sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
                sa.Column("table_id", sa.String(32), nullable=False),
                sa.Column("seat", sa.Integer(), nullable=False),
                sa.Column("text", sa.String(1000), nullable=False),
                _when("created"),
            ],
            "table_id",
        ),
        (
            "takebacks",
            [
                sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
                sa.Column("table_id", sa.String(32), nullable=False),
                sa.Column("seat", sa.Integer(), nullable=False),
                sa.Column("at", sa.Integer(), nullable=False),
                sa.Column("undone", sa.JSON(), nullable=False),
                _when("created"),
            ],
            "table_id",
        ),
        (
            "rematches",
            [
                sa.Column("table_id", sa.String(32), primary_key=True),
                sa.Column("rematch_id", sa.String(32), nullable=False),
            ],
            None,
        ),
        (
            "arena_runs",
            [
                sa.Column("id", sa.String(16), primary_key=True),
                sa.Column("game", sa.String(64), nullable=False),
                sa.Column("players", sa.Integer(), nullable=False),
                sa.Column("options", sa.JSON(), nullable=False),
                sa.Column("agents", sa.JSON(), nullable=False),
                sa.Column("seed", sa.BigInteger(), nullable=False),
                sa.Column("max_actions", sa.Integer(), nullable=False),
                sa.Column("games", sa.Integer(), nullable=False),
                _when("created"),
            ],
            None,
        ),
        (
            "arena_games",
            [
                sa.Column(
                    "run_id", sa.String(16), sa.ForeignKey("arena_runs.id"), primary_key=True
                ),
                sa.Column("index", sa.Integer(), primary_key=True),
                sa.Column("seed", sa.BigInteger(), nullable=False),
                sa.Column("agents", sa.JSON(), nullable=False),
                sa.Column("returns", sa.JSON(), nullable=False),
                sa.Column("finished", sa.Boolean(), nullable=False),
                sa.Column("length", sa.Integer(), nullable=False),
                sa.Column("decisions", sa.JSON(), nullable=False),
                sa.Column("median_ms", sa.JSON(), nullable=False),
                sa.Column("table_id", sa.String(32), nullable=False),
                _when("created"),
            ],
            None,
        ),
    ]


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    present = set(inspector.get_table_names())
    for name, items, indexed in _tables():
        if name in present:
            continue
        op.create_table(name, *items)
        if indexed is not None:
            op.create_index(f"ix_{name}_{indexed}", name, [indexed])
    if "tables" in present:
        columns = {column["name"] for column in inspector.get_columns("tables")}
        for column in _added_columns():
            if column.name not in columns:
                op.add_column("tables", column)


def downgrade() -> None:
    for name, _items, _indexed in reversed(_tables()):
        op.drop_table(name)
