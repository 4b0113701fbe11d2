"""Turn-based play (issue 33, item 2): a table's time per move and what runs out of it does,
and each turn-based table's move clock, kept in the database so that it survives a restart and
a process taking the table over.

Every table stored before this revision is played live (`turn_seconds` null).

Revision ID: 0005
Revises: 0004
Create Date: 2027-02-01
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _columns() -> list[sa.Column[Any]]:
    return [
        sa.Column("turn_seconds", sa.Integer(), nullable=True),
        sa.Column("on_timeout", sa.String(16), nullable=True),
    ]


def upgrade() -> None:
    present = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("tables")}
    for column in _columns():
        if column.name not in present:
            op.add_column("tables", column)
    op.create_table(
        "turn_clocks",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("turn", sa.Integer(), nullable=True),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("remind_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reminded", sa.Boolean(), server_default="0", nullable=False),
        sa.Column("timeouts", sa.JSON(), nullable=True),
    )
    op.create_index("ix_turn_clocks_remind_at", "turn_clocks", ["remind_at"])


def downgrade() -> None:
    op.drop_index("ix_turn_clocks_remind_at", table_name="turn_clocks")
    op.drop_table("turn_clocks")
    with op.batch_alter_table("tables") as batch:
        for column in reversed(_columns()):
            batch.drop_column(column.name)
