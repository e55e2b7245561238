"""Initial schema: chats, users, games, seats, actions, timers, outbox.

Revision ID: 0001
Revises:
Create Date: 2026-01-01 00:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# SQLite only auto-increments an INTEGER PRIMARY KEY.
BIG_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
ACTIVE = "status IN ('lobby', 'playing')"
PENDING = "sent_at IS NULL AND failed_at IS NULL"


def timestamp(name: str, *, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "chats",
        sa.Column("id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("language", sa.String(length=8), nullable=False),
        sa.Column("rules", sa.Text(), nullable=True),
        sa.Column("turn_timeout", sa.Integer(), nullable=True),
        timestamp("created_at"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chats")),
    )
    op.create_table(
        "users",
        sa.Column("id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("first_name", sa.String(length=256), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=True),
        sa.Column("language", sa.String(length=8), nullable=True),
        sa.Column("reachable", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        timestamp("updated_at"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
    )
    op.create_table(
        "games",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("player_count", sa.SmallInteger(), nullable=False),
        sa.Column("state", sa.Text(), nullable=True),
        sa.Column("version", sa.Integer(), server_default=sa.text("1"), nullable=False),
        timestamp("created_at"),
        timestamp("updated_at"),
        timestamp("finished_at", nullable=True),
        sa.Column("table_message_id", sa.BigInteger(), nullable=True),
        sa.Column("lobby_message_id", sa.BigInteger(), nullable=True),
        sa.Column("opened_by", sa.BigInteger(), nullable=True),
        sa.CheckConstraint(
            "status IN ('lobby', 'playing', 'finished', 'cancelled')",
            name=op.f("ck_games_status"),
        ),
        sa.CheckConstraint("player_count BETWEEN 2 AND 4", name=op.f("ck_games_player_count")),
        sa.CheckConstraint("version >= 1", name=op.f("ck_games_version")),
        sa.ForeignKeyConstraint(["chat_id"], ["chats.id"], name=op.f("fk_games_chat_id_chats")),
        sa.ForeignKeyConstraint(["opened_by"], ["users.id"], name=op.f("fk_games_opened_by_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_index("ix_games_chat_id", "games", ["chat_id", "id"])
    op.create_index(
        "uq_games_one_active_per_chat",
        "games",
        ["chat_id"],
        unique=True,
        sqlite_where=sa.text(ACTIVE),
        postgresql_where=sa.text(ACTIVE),
    )
    op.create_table(
        "seats",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("game_id", sa.BigInteger(), nullable=False),
        sa.Column("seat", sa.SmallInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("bot_kind", sa.String(length=16), nullable=True),
        timestamp("joined_at"),
        sa.Column("hand_message_id", sa.BigInteger(), nullable=True),
        sa.CheckConstraint("seat >= 0", name=op.f("ck_seats_seat")),
        sa.CheckConstraint(
            "(user_id IS NULL) <> (bot_kind IS NULL)", name=op.f("ck_seats_user_or_bot")
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_seats_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_seats_user_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seats")),
        sa.UniqueConstraint("game_id", "seat", name=op.f("uq_seats_game_id_seat")),
        sa.UniqueConstraint("game_id", "user_id", name=op.f("uq_seats_game_id_user_id")),
    )
    op.create_index("ix_seats_user_id", "seats", ["user_id"])
    op.create_table(
        "actions",
        sa.Column("game_id", sa.BigInteger(), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("seat", sa.SmallInteger(), nullable=True),
        sa.Column("code", sa.String(length=32), nullable=False),
        timestamp("created_at"),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_actions_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", "seq", name=op.f("pk_actions")),
    )
    op.create_table(
        "timers",
        sa.Column("game_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("decision_key", sa.Integer(), nullable=False),
        timestamp("deadline"),
        sa.Column("reminder_sent", sa.Boolean(), server_default=sa.text("false"), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_timers_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_timers")),
    )
    op.create_index("ix_timers_deadline", "timers", ["deadline"])
    op.create_table(
        "outbox",
        sa.Column("id", BIG_ID, autoincrement=True, nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("dedupe_key", sa.String(length=255), nullable=True),
        timestamp("created_at"),
        timestamp("not_before", nullable=True),
        timestamp("sent_at", nullable=True),
        timestamp("failed_at", nullable=True),
        sa.Column("attempts", sa.Integer(), server_default=sa.text("0"), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
        sa.UniqueConstraint("dedupe_key", name=op.f("uq_outbox_dedupe_key")),
    )
    op.create_index("ix_outbox_chat_id", "outbox", ["chat_id"])
    op.create_index(
        "ix_outbox_pending",
        "outbox",
        ["id"],
        sqlite_where=sa.text(PENDING),
        postgresql_where=sa.text(PENDING),
    )


def downgrade() -> None:
    op.drop_table("outbox")
    op.drop_table("timers")
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_table("games")
    op.drop_table("users")
    op.drop_table("chats")
