"""Long polling that confirms an update to Telegram only once it is stored."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from aiogram import Bot
from aiogram.exceptions import TelegramNetworkError, TelegramRetryAfter, TelegramServerError

from bot.intake.inbox import Inbox

__all__ = ["poll"]

log = logging.getLogger(__name__)

BACKOFF_FIRST = 0.5
BACKOFF_MAX = 30.0


async def poll(
    bot: Bot,
    inbox: Inbox,
    *,
    allowed_updates: Sequence[str] | None = None,
    long_poll: int = 25,
) -> None:
    """Until cancelled. Telegram drops the updates before ``offset`` when asked for it,
    so a batch is confirmed by the next call, made only after the batch was stored: a
    crash before that leaves the batch with Telegram, which sends it again."""
    offset: int | None = None
    failures = 0
    while True:
        try:
            updates = await bot.get_updates(
                offset=offset,
                timeout=long_poll,
                allowed_updates=list(allowed_updates) if allowed_updates is not None else None,
                request_timeout=long_poll + 10,
            )
        except TelegramRetryAfter as error:
            await asyncio.sleep(error.retry_after)
            continue
        except (TelegramNetworkError, TelegramServerError) as error:
            failures += 1
            delay = min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** (failures - 1))
            log.warning("getUpdates failed (%s); again in %.1f s", error, delay)
            await asyncio.sleep(delay)
            continue
        failures = 0
        for update in updates:
            await inbox.receive(update)
            offset = update.update_id + 1
