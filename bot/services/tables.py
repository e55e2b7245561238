"""A game with everything needed to show it: its row, engine state, seats, people."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from bot import db
from bot.db import Chat, GameRecord, Seat, User, lookups
from bot.i18n import pick_language
from bot.render.names import Computer, Occupant, seat_names
from engine import Game

__all__ = ["Table", "load_game_table", "load_table"]


@dataclasses.dataclass(frozen=True)
class Table:
    row: GameRecord
    game: Game | None
    seats: tuple[Seat, ...]
    users: dict[int, User]
    chat: Chat
    last_acted: Mapping[int, datetime] | None = None
    """When each seat last acted (the action log's time; a seat that never acted is not
    in it), as loaded with the game; None when the table was loaded without it."""

    @property
    def game_id(self) -> int:
        return self.row.id

    @property
    def chat_id(self) -> int:
        return self.row.chat_id

    @property
    def in_private(self) -> bool:
        """A solo game: /newgame in a person's private chat (private chats have positive
        ids, groups negative ones)."""
        return self.chat_id > 0

    @property
    def language(self) -> str:
        return self.chat.language

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def seat(self, number: int) -> Seat:
        for seat in self.seats:
            if seat.seat == number:
                return seat
        raise LookupError(f"game {self.game_id} has no seat {number}")

    def user_language(self, user_id: int) -> str:
        """The language of a player's private messages: their Telegram language, else
        the chat's."""
        user = self.users.get(user_id)
        if user is None or not user.language:
            return self.language
        return pick_language(user.language, self.language)

    def occupants(self) -> list[Occupant]:
        occupants: list[Occupant] = []
        for seat in self.seats:
            if seat.user_id is not None:
                user = self.users.get(seat.user_id)
                occupants.append(user.first_name if user else str(seat.user_id))
            else:
                occupants.append(Computer(seat.bot_kind or "heuristic"))
        return occupants

    def names(self, lang: str) -> tuple[str, ...]:
        """Display name per seat (raw text): the first name or the computer's label."""
        return seat_names(self.occupants(), lang)

    def mentions(self) -> tuple[int | None, ...]:
        """Telegram user id per seat, None for computer players."""
        return tuple(seat.user_id for seat in self.seats)

    def human_seats(self) -> list[Seat]:
        return [seat for seat in self.seats if seat.user_id is not None]


async def load_table(session: AsyncSession, row: GameRecord, game: Game | None) -> Table:
    chat, seats, users = await lookups.chat_seats_users(session, row.chat_id, row.id)
    if chat is None:
        raise db.ChatNotFound(row.chat_id)
    return Table(row, game, tuple(seats), users, chat)


async def load_game_table(session: AsyncSession, game_id: int) -> tuple[db.ActiveGame, Table]:
    """``db.load_game`` and ``load_table`` in one statement (what a press needs), with
    when each seat last acted."""
    loaded = await db.load_game_with_seats(session, game_id)
    row = loaded.active.row
    if loaded.chat is None:
        raise db.ChatNotFound(row.chat_id)
    table = Table(
        row,
        loaded.active.game,
        tuple(loaded.seats),
        loaded.users,
        loaded.chat,
        loaded.last_acted,
    )
    return loaded.active, table
