"""What the services share: settings, the database, the outbox, the computer players."""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses
import logging
import random
from collections import defaultdict
from collections.abc import Callable, Coroutine
from datetime import datetime
from typing import Any

from aiogram import Bot
from aiogram.types import InlineKeyboardMarkup
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot import db
from bot.config import Settings
from bot.outbox import Outbox
from bot.outbox.db_store import enqueue_durable
from bot.services.autoplay import ComputerPlayers
from engine.ai.advice import Advice

__all__ = ["PING_IDLE_SECONDS", "AppContext"]

log = logging.getLogger(__name__)

_HINTS_MAX = 10_000
_SEED_RANGE = 2**62

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
    new_seed: Callable[[], int] = lambda: random.SystemRandom().randrange(_SEED_RANGE)
    """A new game's seed, which decides its deals (tests fix it to play a known game)."""
    record_move: Callable[[str], None] = lambda by: None
    """Set by the app to count a committed move; ``by``: player, computer or timeout."""
    _chat_locks: defaultdict[int, asyncio.Lock] = dataclasses.field(
        default_factory=lambda: defaultdict(asyncio.Lock)
    )
    game_chats: dict[int, int] = dataclasses.field(default_factory=dict)
    """The chat of each game a press named, to pick its lock without a transaction of its
    own; checked against the game's row under the lock (see bot.services.play)."""
    busy: set[tuple[str, int, int]] = dataclasses.field(default_factory=set)
    """Advice being searched in this process, ("hint", game, move) or ("review", game,
    hand): asked for again meanwhile, it is not searched twice."""
    hints: dict[int, tuple[int, Advice]] = dataclasses.field(default_factory=dict)
    """The last hint given in each game, (move, advice): shown again without a search."""
    _background: set[asyncio.Task[None]] = dataclasses.field(default_factory=set)

    def known_hint(self, game_id: int, move: int) -> Advice | None:
        known = self.hints.get(game_id)
        return known[1] if known is not None and known[0] == move else None

    def remember_hint(self, game_id: int, move: int, advice: Advice) -> None:
        if len(self.hints) >= _HINTS_MAX and game_id not in self.hints:
            self.hints.clear()
        self.hints[game_id] = (move, advice)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` after the update that asked for it is answered (a search for
        advice); kept referenced until done, a failure logged. It is no part of that
        update's handling (bot.db.unit): its transactions are its own."""
        task = asyncio.create_task(work, context=contextvars.Context())
        self._background.add(task)
        task.add_done_callback(self._finished)

    def spawn_once(
        self, key: tuple[str, int, int], work: Callable[[], Coroutine[Any, Any, None]]
    ) -> bool:
        """:meth:`spawn` ``work()`` under ``key`` in :attr:`busy` until it ends; False,
        and nothing started, while work under that key is still running."""
        if key in self.busy:
            return False
        self.busy.add(key)

        async def keyed() -> None:
            try:
                await work()
            finally:
                self.busy.discard(key)

        self.spawn(keyed())
        return True

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background work failed", exc_info=task.exception())

    def stop_background(self) -> None:
        for task in self._background:
            task.cancel()

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
