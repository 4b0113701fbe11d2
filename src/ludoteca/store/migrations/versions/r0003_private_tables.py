"""Private tables that tidy themselves (issue 35): listed or not, last touched, how they ended.

Every table is unlisted from now on unless its creator lists it (the tables already stored
too: their names were on show to anyone). Like the baseline, it adds only the columns a
database lacks (one made by the models of this version before migrations has them).

Revision ID: 0003
Revises: 0002
Create Date: 2027-01-10
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _columns() -> list[sa.Column[Any]]:
    return [
        sa.Column("listed", sa.Boolean(), server_default="0", nullable=False),
        sa.Column("touched", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ending", sa.JSON(), nullable=True),
    ]


def upgrade() -> None:
    present = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("tables")}
    for column in _columns():
        if column.name not in present:
            op.add_column("tables", column)


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        for column in reversed(_columns()):
            batch.drop_column(column.name)
