"""The tables. The schema only changes through migrations/; tests check the two agree."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    Enum,
    Float,
    ForeignKey,
    Index,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from bot.db.base import Base, BigIntPK, utcnow

__all__ = [
    "ACTIVE_STATUSES",
    "ActionRecord",
    "Chat",
    "GameRecord",
    "GameResult",
    "GameStatus",
    "InboxUpdate",
    "OutboxMessage",
    "Rating",
    "Seat",
    "SlotMessage",
    "Timer",
    "User",
]


class GameStatus(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"


ACTIVE_STATUSES = (GameStatus.LOBBY, GameStatus.PLAYING)

# Shared by the partial unique index and the queries that must be able to use it: both
# databases only pick a partial index when the query repeats its condition.
ACTIVE_CONDITION = "status IN ('lobby', 'playing')"
ONE_ACTIVE_GAME_INDEX = "uq_games_one_active_per_chat"


class Chat(Base):
    """A group the bot plays in. Telegram ids of groups are large negative numbers."""

    __tablename__ = "chats"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    language: Mapped[str] = mapped_column(String(8))
    # JSON of engine.Rules; NULL means the default preset, so that a chat which never
    # touched its settings follows the engine's defaults as they evolve.
    rules: Mapped[str | None] = mapped_column(Text)
    # Seconds; NULL means the bot-wide TURN_TIMEOUT.
    turn_timeout: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    first_name: Mapped[str] = mapped_column(String(256))
    username: Mapped[str | None] = mapped_column(String(64))
    language: Mapped[str | None] = mapped_column(String(8))
    # False until the user has opened a private chat with the bot (or a private message
    # got through); a 403 sets it back to False.
    reachable: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    # The "your turn" ping in the private chat; /notify turns it off and on.
    turn_pings: Mapped[bool] = mapped_column(default=True, server_default=text("true"))
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class GameRecord(Base):
    """One game of a chat, from its lobby to its end; finished games stay as history."""

    __tablename__ = "games"
    __table_args__ = (
        CheckConstraint("status IN ('lobby', 'playing', 'finished', 'cancelled')", name="status"),
        CheckConstraint("player_count BETWEEN 2 AND 4", name="player_count"),
        CheckConstraint("version >= 1", name="version"),
        # The database, not the code, guarantees one lobby-or-running game per chat, so
        # two /newgame at the same moment cannot both succeed.
        Index(
            ONE_ACTIVE_GAME_INDEX,
            "chat_id",
            unique=True,
            sqlite_where=text(ACTIVE_CONDITION),
            postgresql_where=text(ACTIVE_CONDITION),
        ),
        Index("ix_games_chat_id", "chat_id", "id"),
    )

    id: Mapped[int] = mapped_column(BigIntPK, primary_key=True)
    chat_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("chats.id"))
    status: Mapped[GameStatus] = mapped_column(
        Enum(
            GameStatus,
            native_enum=False,
            create_constraint=False,
            length=16,
            values_callable=lambda members: [member.value for member in members],
        ),
        default=GameStatus.LOBBY,
    )
    rules: Mapped[str] = mapped_column(Text)
    seed: Mapped[int] = mapped_column(BigInteger)
    player_count: Mapped[int] = mapped_column(SmallInteger)
    # Game.to_json(); NULL while in the lobby.
    state: Mapped[str | None] = mapped_column(Text)
    # Bumped by every save; a save that expected an older version is refused.
    version: Mapped[int] = mapped_column(default=1, server_default=text("1"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None]
    opened_by: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("users.id"))

    @property
    def is_active(self) -> bool:
        return self.status in ACTIVE_STATUSES


class Seat(Base):
    """A place at a game's table: a Telegram user or a computer player."""

    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("game_id", "seat"),
        UniqueConstraint("game_id", "user_id"),
        CheckConstraint("seat >= 0", name="seat"),
        CheckConstraint("(user_id IS NULL) <> (bot_kind IS NULL)", name="user_or_bot"),
        Index("ix_seats_user_id", "user_id"),
    )

    id: Mapped[int] = mapped_column(BigIntPK, primary_key=True)
    game_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(SmallInteger)
    user_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("users.id"))
    # The kind of computer player ("heuristic", "search", "random"...) for a bot seat.
    bot_kind: Mapped[str | None] = mapped_column(String(16))
    joined_at: Mapped[datetime] = mapped_column(default=utcnow)

    @property
    def is_bot(self) -> bool:
        return self.bot_kind is not None


class ActionRecord(Base):
    """The append-only action log: with the game's seed and rules it rebuilds the game."""

    __tablename__ = "actions"

    game_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    seat: Mapped[int | None] = mapped_column(SmallInteger)
    code: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Timer(Base):
    """The deadline of the one decision a game is waiting for."""

    __tablename__ = "timers"
    __table_args__ = (Index("ix_timers_deadline", "deadline"),)

    game_id: Mapped[int] = mapped_column(
        BigInteger,
        ForeignKey("games.id", ondelete="CASCADE"),
        primary_key=True,
        autoincrement=False,
    )
    # Which decision the deadline belongs to (the engine's move number): a timer that fires
    # after the decision was made must not play a second move.
    decision_key: Mapped[int]
    deadline: Mapped[datetime]
    reminder_sent: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    # A process that took this deadline to act on it holds it until then, so that with
    # several processes each deadline is acted on once (a search player thinks once).
    lease_until: Mapped[datetime | None]


class OutboxMessage(Base):
    """An outgoing Telegram call that must survive a restart until it has been made."""

    __tablename__ = "outbox"
    __table_args__ = (
        UniqueConstraint("dedupe_key"),
        # Keeps "what is left to send" a small index scan however long the history grows.
        Index(
            "ix_outbox_pending",
            "id",
            sqlite_where=text("sent_at IS NULL AND failed_at IS NULL"),
            postgresql_where=text("sent_at IS NULL AND failed_at IS NULL"),
        ),
        Index("ix_outbox_chat_id", "chat_id"),
    )

    id: Mapped[int] = mapped_column(BigIntPK, primary_key=True)
    chat_id: Mapped[int] = mapped_column(BigInteger)
    kind: Mapped[str] = mapped_column(String(32))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Enqueueing the same key twice stores one message (a retried transaction, a timer
    # firing twice); NULL keys never collide.
    dedupe_key: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Not before this time (Telegram's retry_after); NULL: now.
    not_before: Mapped[datetime | None]
    sent_at: Mapped[datetime | None]
    # Given up (e.g. 403 from a user who blocked the bot); kept for the record.
    failed_at: Mapped[datetime | None]
    attempts: Mapped[int] = mapped_column(default=0, server_default=text("0"))
    last_error: Mapped[str | None] = mapped_column(Text)


class SlotMessage(Base):
    """A message edited in place (a lobby, a table, a private hand, the settings): what it
    should show, stored in the action's transaction, and what was last delivered.

    ``rev`` counts the wanted states; ``sent_rev`` is the one Telegram last accepted, so
    a restarted bot sends only the slots where they differ. ``new_rev`` is the state from
    which on a new message must be posted instead of editing ``message_id``.
    ``after_id`` orders the slot among the chat's outbox messages: it is delivered after
    the outbox row of that id and before later ones (a new hand's table after the result
    of the last hand).
    """

    __tablename__ = "slots"
    __table_args__ = (
        Index(
            "ix_slots_unsent",
            "chat_id",
            sqlite_where=text("rev > sent_rev"),
            postgresql_where=text("rev > sent_rev"),
        ),
    )

    chat_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    message_id: Mapped[int | None] = mapped_column(BigInteger)
    # JSON text (not a JSON column) so that an unchanged state is found by comparing text.
    payload: Mapped[str] = mapped_column(Text)
    rev: Mapped[int] = mapped_column(BigInteger)
    sent_rev: Mapped[int] = mapped_column(BigInteger, default=0, server_default=text("0"))
    new_rev: Mapped[int] = mapped_column(BigInteger, default=0, server_default=text("0"))
    after_id: Mapped[int] = mapped_column(BigInteger, default=0, server_default=text("0"))
    # The wanted state is no message at all (a ping once its player acted): delivering
    # it deletes ``message_id``.
    absent: Mapped[bool] = mapped_column(default=False, server_default=text("false"))
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class InboxUpdate(Base):
    """An update from Telegram, stored before it is confirmed to Telegram and handled.

    A row is done once the first transaction of its handling commits (in that very
    transaction), so a crash before that leaves it to be handled again, and a second
    delivery of the same ``update_id`` is recognised and not applied twice.
    """

    __tablename__ = "inbox"
    __table_args__ = (
        Index(
            "ix_inbox_pending",
            "update_id",
            sqlite_where=text("done_at IS NULL"),
            postgresql_where=text("done_at IS NULL"),
        ),
    )

    update_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    payload: Mapped[str] = mapped_column(Text)
    received_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The process handling it holds it until then; past it, any process may take it over.
    lease_until: Mapped[datetime | None]
    attempts: Mapped[int] = mapped_column(default=0, server_default=text("0"))
    done_at: Mapped[datetime | None]


class Rating(Base):
    """A person's rating (openskill's mu and sigma), one for all their games: see
    bot/services/ratings.py for why one and how it is shown."""

    __tablename__ = "ratings"
    __table_args__ = (CheckConstraint("sigma > 0", name="sigma"),)

    user_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id"), primary_key=True, autoincrement=False
    )
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    # Rated games: /top lists a person only from a few on.
    games: Mapped[int] = mapped_column(default=0, server_default=text("0"))
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class GameResult(Base):
    """A seat's line of a finished game, written in the transaction of its last move
    from the engine's summary (engine.summary): what /stats, /top and /history read."""

    __tablename__ = "game_results"
    __table_args__ = (
        CheckConstraint("(user_id IS NULL) <> (bot_kind IS NULL)", name="user_or_bot"),
        Index("ix_game_results_user_id", "user_id", "game_id"),
    )

    game_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(SmallInteger, primary_key=True, autoincrement=False)
    user_id: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("users.id"))
    bot_kind: Mapped[str | None] = mapped_column(String(16))
    side: Mapped[int] = mapped_column(SmallInteger)
    place: Mapped[int] = mapped_column(SmallInteger)
    won: Mapped[bool]
    score: Mapped[int]
    hands: Mapped[int]
    bids: Mapped[int]
    made: Mapped[int]
    baits: Mapped[int]
    bolts: Mapped[int]
    points: Mapped[int]
    # The best meld as bot.db.records encodes it; NULL: none shown.
    best_meld: Mapped[str | None] = mapped_column(String(16))
    # The preset's name; NULL: a custom rule set.
    rules_name: Mapped[str | None] = mapped_column(String(32))
    # A person's rating before and after this game; NULL for computer players.
    mu_before: Mapped[float | None] = mapped_column(Float)
    sigma_before: Mapped[float | None] = mapped_column(Float)
    mu_after: Mapped[float | None] = mapped_column(Float)
    sigma_after: Mapped[float | None] = mapped_column(Float)
    finished_at: Mapped[datetime]
