"""What the services share: settings, the database, the outbox, the computer players."""

from __future__ import annotations

import asyncio
import dataclasses
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime

from aiogram import Bot
from aiogram.types import InlineKeyboardMarkup
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot import db
from bot.config import Settings
from bot.outbox import Outbox
from bot.outbox.db_store import enqueue_durable
from bot.services.autoplay import ComputerPlayers

__all__ = ["PING_IDLE_SECONDS", "AppContext"]

PING_IDLE_SECONDS = 10.0
"""No "your turn" ping for a player who acted this recently: they are looking."""


@dataclasses.dataclass
class AppContext:
    bot: Bot
    settings: Settings
    sessionmaker: async_sessionmaker[AsyncSession]
    outbox: Outbox
    players: ComputerPlayers
    bot_username: str
    computer_pause: float = 1.0
    """Seconds a computer player waits before acting, so people can follow the play."""
    clock: Callable[[], datetime] = db.utcnow
    """The turn clock's time: deadlines are set and found due by it (tests advance a fake one)."""
    ping_idle: float = PING_IDLE_SECONDS
    """See PING_IDLE_SECONDS (tests set it to decide whether players count as idle)."""
    wake_timers: Callable[[datetime | None], None] = lambda deadline: None
    """Set by the timer loop: called after a commit that set a deadline (None: a deadline
    may have changed, look again)."""
    record_move: Callable[[str], None] = lambda by: None
    """Set by the app to count a committed move; ``by``: player, computer or timeout."""
    _chat_locks: defaultdict[int, asyncio.Lock] = dataclasses.field(
        default_factory=lambda: defaultdict(asyncio.Lock)
    )
    game_chats: dict[int, int] = dataclasses.field(default_factory=dict)
    """The chat of each game a press named, to pick its lock without a transaction of its
    own; checked against the game's row under the lock (see bot.services.play)."""

    def chat_lock(self, chat_id: int) -> asyncio.Lock:
        """Serializes one chat's actions in this process; the version check in the
        database does it across processes."""
        return self._chat_locks[chat_id]

    async def post(
        self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None = None
    ) -> None:
        """A new message to the chat, stored first (its own transaction): a crash cannot
        lose it, and the update that asked for it is done when it is stored."""
        async with self.sessionmaker.begin() as session:
            await enqueue_durable(session, chat_id, text, markup)
