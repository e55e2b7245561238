"""Inbox of updates, stored slot messages, timer leases.

The message ids that games and seats kept for their lobby, table and hand messages move
into ``slots`` (their content is unknown, so the next state of each is sent as an edit),
and their columns go.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 00:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def timestamp(name: str, *, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "slots",
        sa.Column("chat_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("rev", sa.BigInteger(), nullable=False),
        sa.Column("sent_rev", sa.BigInteger(), server_default=sa.text("0"), nullable=False),
        sa.Column("new_rev", sa.BigInteger(), server_default=sa.text("0"), nullable=False),
        sa.Column("after_id", sa.BigInteger(), server_default=sa.text("0"), nullable=False),
        timestamp("updated_at"),
        sa.PrimaryKeyConstraint("chat_id", "key", name=op.f("pk_slots")),
    )
    op.create_index(
        "ix_slots_unsent",
        "slots",
        ["chat_id"],
        sqlite_where=sa.text("rev > sent_rev"),
        postgresql_where=sa.text("rev > sent_rev"),
    )
    op.create_table(
        "inbox",
        sa.Column("update_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        timestamp("received_at"),
        timestamp("lease_until", nullable=True),
        sa.Column("attempts", sa.Integer(), server_default=sa.text("0"), nullable=False),
        timestamp("done_at", nullable=True),
        sa.PrimaryKeyConstraint("update_id", name=op.f("pk_inbox")),
    )
    op.create_index(
        "ix_inbox_pending",
        "inbox",
        ["update_id"],
        sqlite_where=sa.text("done_at IS NULL"),
        postgresql_where=sa.text("done_at IS NULL"),
    )
    with op.batch_alter_table("timers") as batch:
        batch.add_column(timestamp("lease_until", nullable=True))
    # Known message ids of running games: edited again rather than posted anew.
    op.execute(
        "INSERT INTO slots (chat_id, key, message_id, payload, rev, sent_rev, new_rev,"
        " after_id, updated_at)"
        " SELECT chat_id, 'lobby:' || id, lobby_message_id, '', 0, 0, 0, 0, updated_at"
        " FROM games WHERE lobby_message_id IS NOT NULL AND status IN ('lobby', 'playing')"
    )
    op.execute(
        "INSERT INTO slots (chat_id, key, message_id, payload, rev, sent_rev, new_rev,"
        " after_id, updated_at)"
        " SELECT chat_id, 'table:' || id, table_message_id, '', 0, 0, 0, 0, updated_at"
        " FROM games WHERE table_message_id IS NOT NULL AND status = 'playing'"
    )
    op.execute(
        "INSERT INTO slots (chat_id, key, message_id, payload, rev, sent_rev, new_rev,"
        " after_id, updated_at)"
        " SELECT seats.user_id, 'hand:' || games.id, seats.hand_message_id, '', 0, 0, 0, 0,"
        " games.updated_at FROM seats JOIN games ON games.id = seats.game_id"
        " WHERE seats.hand_message_id IS NOT NULL AND seats.user_id IS NOT NULL"
        " AND games.status = 'playing'"
    )
    with op.batch_alter_table("games") as batch:
        batch.drop_column("table_message_id")
        batch.drop_column("lobby_message_id")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("hand_message_id")


def downgrade() -> None:
    # The message ids stay in slots, which goes: a downgraded bot posts new messages.
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("hand_message_id", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("lobby_message_id", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("table_message_id", sa.BigInteger(), nullable=True))
    with op.batch_alter_table("timers") as batch:
        batch.drop_column("lease_until")
    op.drop_index("ix_inbox_pending", table_name="inbox")
    op.drop_table("inbox")
    op.drop_index("ix_slots_unsent", table_name="slots")
    op.drop_table("slots")
