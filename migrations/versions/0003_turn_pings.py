"""The "your turn" ping: a per-user switch, and slots whose wanted state is no message.

``users.turn_pings`` is what /notify toggles (on by default). ``slots.absent`` marks a
slot whose message should not exist: the outbox deletes it (the ping, once its player
acted).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 12:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(
            sa.Column("turn_pings", sa.Boolean(), server_default=sa.text("true"), nullable=False)
        )
    with op.batch_alter_table("slots") as batch:
        batch.add_column(
            sa.Column("absent", sa.Boolean(), server_default=sa.text("false"), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("slots") as batch:
        batch.drop_column("absent")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("turn_pings")
