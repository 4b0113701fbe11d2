"""Takebacks that tell nothing of the dice to come (issue 29): whether a table allows them, how
many were made, and where those that drew the chance after them anew went back to.

A takeback stored before this revision drew the same outcomes again; it stays so (it is not
in `redraws`), so its table replays as before, and it is counted in `taken_back` (the game is
marked as one with takebacks). Like the baseline, it adds only the columns a database lacks.

Revision ID: 0004
Revises: 0003
Create Date: 2027-01-20
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _columns() -> list[sa.Column[Any]]:
    return [
        sa.Column("takebacks_allowed", sa.Boolean(), server_default="1", nullable=False),
        sa.Column("taken_back", sa.Integer(), server_default="0", nullable=False),
        sa.Column("redraws", sa.JSON(), nullable=True),
    ]


def upgrade() -> None:
    present = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("tables")}
    for column in _columns():
        if column.name not in present:
            op.add_column("tables", column)
    op.execute(
        "UPDATE tables SET taken_back ="
        " (SELECT count(*) FROM takebacks WHERE takebacks.table_id = tables.id)"
        " WHERE EXISTS (SELECT 1 FROM takebacks WHERE takebacks.table_id = tables.id)"
    )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        for column in reversed(_columns()):
            batch.drop_column(column.name)
