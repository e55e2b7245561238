"""Errors of the storage layer. After any of them the caller rolls its transaction back."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError

from bot.db.models import GameStatus

__all__ = [
    "ActiveGameExists",
    "AlreadySeated",
    "ChatMigrationConflict",
    "ChatNotFound",
    "GameNotFound",
    "LobbyClosed",
    "RepositoryError",
    "SeatTaken",
    "TableFull",
    "VersionConflict",
    "violates",
]


class RepositoryError(Exception):
    """Base of the errors the repository raises on purpose."""


class ActiveGameExists(RepositoryError):
    """The chat already has a game in the lobby or being played."""

    def __init__(self, chat_id: int) -> None:
        super().__init__(f"chat {chat_id} already has an active game")
        self.chat_id = chat_id


class VersionConflict(RepositoryError):
    """Someone saved the game after it was loaded: this action came too late.

    The caller rolls back and either retries with the fresh state or tells the player.
    """

    def __init__(self, game_id: int, expected_version: int) -> None:
        super().__init__(f"game {game_id} is no longer at version {expected_version}")
        self.game_id = game_id
        self.expected_version = expected_version


class ChatNotFound(RepositoryError):
    def __init__(self, chat_id: int) -> None:
        super().__init__(f"chat {chat_id} is not stored")
        self.chat_id = chat_id


class GameNotFound(RepositoryError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} is not stored")
        self.game_id = game_id


class LobbyClosed(RepositoryError):
    """The game has left the lobby (started, finished or cancelled): its seats are fixed."""

    def __init__(self, game_id: int, status: GameStatus) -> None:
        super().__init__(f"game {game_id} is {status.value}, not in the lobby")
        self.game_id = game_id
        self.status = status


class SeatTaken(RepositoryError):
    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(f"seat {seat} of game {game_id} is taken")
        self.game_id = game_id
        self.seat = seat


class AlreadySeated(RepositoryError):
    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(f"user {user_id} already has a seat in game {game_id}")
        self.game_id = game_id
        self.user_id = user_id


class TableFull(RepositoryError):
    def __init__(self, game_id: int, seats: int) -> None:
        super().__init__(f"game {game_id} already has {seats} seats taken")
        self.game_id = game_id
        self.seats = seats


class ChatMigrationConflict(RepositoryError):
    """Both the old group and its new supergroup have an active game; one must end first."""

    def __init__(self, old_chat_id: int, new_chat_id: int) -> None:
        super().__init__(
            f"cannot move chat {old_chat_id} to {new_chat_id}: both have an active game"
        )
        self.old_chat_id = old_chat_id
        self.new_chat_id = new_chat_id


def violates(error: IntegrityError, *markers: str) -> bool:
    """Whether the database's message names one of ``markers``.

    PostgreSQL names the violated constraint or index; SQLite names the columns of a
    unique constraint ("UNIQUE constraint failed: games.chat_id"), so callers pass both.
    """
    message = str(error.orig)
    return any(marker in message for marker in markers)
