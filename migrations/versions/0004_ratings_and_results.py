"""Ratings per person and a result line per seat of each finished game.

``ratings`` holds one openskill rating (mu, sigma) per person. ``game_results`` is
written when a game finishes, from the engine's summary of it: what /stats, /top and
/history read. Games finished before this revision have no lines (no backfill): they
simply do not count.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 15:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def timestamp(name: str, *, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), server_default=sa.text("0"), nullable=False),
        timestamp("updated_at"),
        sa.CheckConstraint("sigma > 0", name=op.f("ck_ratings_sigma")),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_ratings_user_id_users")),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_ratings")),
    )
    op.create_table(
        "game_results",
        sa.Column("game_id", sa.BigInteger(), nullable=False),
        sa.Column("seat", sa.SmallInteger(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("bot_kind", sa.String(length=16), nullable=True),
        sa.Column("side", sa.SmallInteger(), nullable=False),
        sa.Column("place", sa.SmallInteger(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("bids", sa.Integer(), nullable=False),
        sa.Column("made", sa.Integer(), nullable=False),
        sa.Column("baits", sa.Integer(), nullable=False),
        sa.Column("bolts", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("best_meld", sa.String(length=16), nullable=True),
        sa.Column("rules_name", sa.String(length=32), nullable=True),
        sa.Column("mu_before", sa.Float(), nullable=True),
        sa.Column("sigma_before", sa.Float(), nullable=True),
        sa.Column("mu_after", sa.Float(), nullable=True),
        sa.Column("sigma_after", sa.Float(), nullable=True),
        timestamp("finished_at"),
        sa.CheckConstraint(
            "(user_id IS NULL) <> (bot_kind IS NULL)", name=op.f("ck_game_results_user_or_bot")
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_game_results_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_game_results_user_id_users")
        ),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_game_results")),
    )
    op.create_index("ix_game_results_user_id", "game_results", ["user_id", "game_id"])


def downgrade() -> None:
    op.drop_index("ix_game_results_user_id", table_name="game_results")
    op.drop_table("game_results")
    op.drop_table("ratings")
