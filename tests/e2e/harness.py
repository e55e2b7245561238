"""Running the real bot against the fake Bot API server, and people who press buttons."""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path

from bot.app import BotApp, build_app
from bot.callbacks import MoveCb
from bot.config import Settings
from bot.outbox import Limits
from tests.fakeapi import FakeTelegram, FakeUser, StoredMessage

__all__ = ["RunningBot", "decision_buttons", "hand_message"]


class RunningBot:
    """The bot process: ``start`` builds and polls, ``stop`` shuts down like SIGTERM."""

    def __init__(self, fake: FakeTelegram, database_url: str, **options: object) -> None:
        self.fake = fake
        self.database_url = database_url
        self.options = options
        self.app: BotApp | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> BotApp:
        settings = Settings(
            bot_token=self.fake.token,
            telegram_api_base=self.fake.base_url,
            database_url=self.database_url,
            turn_timeout=int(self.options.get("turn_timeout", 60)),  # type: ignore[call-overload]
        )
        self.app = await build_app(
            settings,
            computer_pause=float(self.options.get("computer_pause", 0.01)),  # type: ignore[arg-type]
            timer_tick=0.05,
            ai_processes=0,
            outbox_limits=self.options.get("limits", Limits.unlimited()),  # type: ignore[arg-type]
        )
        self._task = asyncio.create_task(self.app.run_polling())
        return self.app

    async def stop(self) -> None:
        if self.app is None or self._task is None:
            return
        with contextlib.suppress(RuntimeError):
            await self.app.dispatcher.stop_polling()
        await asyncio.wait_for(self._task, 20)
        self.app = None
        self._task = None


def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"


def hand_message(user: FakeUser, game_id: int | None = None) -> StoredMessage | None:
    """The user's private message with decision buttons (the newest one)."""
    for message in reversed(user.private_messages()):
        if not message.from_bot:
            continue
        for data in message.callback_data():
            if data.startswith("mv:"):
                if game_id is None or MoveCb.unpack(data).game_id == game_id:
                    return message
    return None


def decision_buttons(message: StoredMessage) -> list[tuple[str, str]]:
    """(text, callback data) of the buttons that answer the current decision: bids and
    the seven choice, or the cards marked legal."""
    buttons = [(text, data) for text, data in _buttons(message) if data.startswith("mv:")]
    non_cards = [(t, d) for t, d in buttons if ".card." not in d and ":card." not in d]
    decisions = [(t, d) for t, d in non_cards if not MoveCb.unpack(d).code.startswith("card")]
    if decisions:
        return decisions
    return [(t, d) for t, d in buttons if t.startswith("•")]


def _buttons(message: StoredMessage) -> list[tuple[str, str]]:
    markup = message.reply_markup or {}
    out = []
    for row in markup.get("inline_keyboard", []):
        for button in row:
            if "callback_data" in button:
                out.append((button["text"], button["callback_data"]))
    return out


async def drive_until(
    fake: FakeTelegram,
    users: list[FakeUser],
    done: object,
    *,
    rng: random.Random,
    timeout: float = 120.0,
) -> int:
    """Press decision buttons for whoever is to act until ``done()`` is true. Returns the
    number of presses."""
    assert callable(done)
    presses = 0
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not done():
        if loop.time() > deadline:
            raise TimeoutError(f"game not over after {presses} presses")
        pressed = False
        for user in users:
            message = hand_message(user)
            if message is None:
                continue
            options = decision_buttons(message)
            if not options:
                continue
            text, data = rng.choice(options)
            query = user.press(message, callback_data=data)
            answer = await fake.wait_answer(query, timeout=10)
            presses += 1
            if not answer.get("show_alert"):
                pressed = True
                await fake.wait_idle(quiet=0.05, timeout=10)
        if not pressed:
            await fake.wait_idle(quiet=0.05, timeout=10)
    return presses
