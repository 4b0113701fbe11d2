""" "Your turn" when the page is closed (issue 33): push subscriptions and e-mail addresses per
seat, the site's own keys (VAPID) and the days whose digest went out.

Revision ID: 0006
Revises: 0004
Create Date: 2027-02-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("endpoint", sa.String(1000), nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seat", "endpoint"),
    )
    op.create_index("ix_push_subscriptions_table_id", "push_subscriptions", ["table_id"])
    op.create_table(
        "mail_addresses",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("site", sa.String(300), nullable=False),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seat"),
    )
    op.create_index("ix_mail_addresses_table_id", "mail_addresses", ["table_id"])
    op.create_index("ix_mail_addresses_address", "mail_addresses", ["address"])
    op.create_table(
        "site_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "mail_digests",
        sa.Column("day", sa.Date(), primary_key=True),
        sa.Column("sent", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    for table in ("mail_digests", "site_keys", "mail_addresses", "push_subscriptions"):
        op.drop_table(table)
