"""FakeTelegram: the object end-to-end tests drive. It runs the fake Bot API server, creates
users and groups, and offers views and waits over what the bot did."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from .actors import ChatRef, FakeChat, FakeUser
from .api import BotApi, canonical_method
from .errors import ApiError
from .limits import FloodLimits
from .models import (
    ADMINISTRATOR,
    CREATOR,
    MEMBER,
    Call,
    ChatState,
    Json,
    StoredMessage,
    WebhookDelivery,
)
from .server import ApiServer
from .state import InjectedError, World
from .webhook import WebhookDeliverer

if TYPE_CHECKING:
    from aiogram import Bot

T = TypeVar("T")

DEFAULT_TOKEN = "1234567890:AAFakeTokenForDebertzTests-0123456789"
_DEFAULT_DESCRIPTIONS = {
    429: "Too Many Requests: retry after {retry_after}",
    500: "Internal Server Error",
    502: "Bad Gateway",
}


class FakeTelegram:
    """A Telegram Bot API server on 127.0.0.1 with simulated users; use `async with`."""

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        bot_username: str = "debertz_test_bot",
        bot_first_name: str = "Debertz",
        privacy_mode: bool = True,
        limits: FloodLimits | None = None,
        callback_answer_timeout: float | None = None,
        webhook_timeout: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        self.world = World(
            token=token,
            bot_username=bot_username,
            bot_first_name=bot_first_name,
            privacy_mode=privacy_mode,
            limits=limits or FloodLimits(),
            callback_answer_timeout=callback_answer_timeout,
            clock=clock,
            wall_clock=wall_clock,
        )
        self._api = BotApi(self.world)
        self._server = ApiServer(self.world, self._api, host, port)
        self._webhook = WebhookDeliverer(self.world, self._api, timeout=webhook_timeout)

    # -- lifecycle -----------------------------------------------------------------------

    async def start(self) -> None:
        await self._server.start()
        self._webhook.start()

    async def close(self) -> None:
        self.world.closing = True
        self.world.signal.fire()  # ends waiting long polls at once
        await self._webhook.stop()
        await self._server.stop()

    async def __aenter__(self) -> FakeTelegram:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()
        if exc is None and self.world.internal_errors:
            raise AssertionError(
                "the fake Bot API server itself failed:\n" + "\n".join(self.world.internal_errors)
            )

    @property
    def base_url(self) -> str:
        """For TelegramAPIServer.from_base(base_url)."""
        return self._server.base_url

    @property
    def token(self) -> str:
        return self.world.token

    @property
    def bot_id(self) -> int:
        return self.world.bot.id

    @property
    def bot_username(self) -> str:
        return self.world.bot.username or ""

    @property
    def limits(self) -> FloodLimits:
        return self.world.flood.limits

    @limits.setter
    def limits(self, limits: FloodLimits) -> None:
        self.world.flood.limits = limits

    def create_bot(self, **kwargs: Any) -> Bot:
        """An aiogram Bot wired to this server; the caller closes its session."""
        from aiogram import Bot
        from aiogram.client.session.aiohttp import AiohttpSession
        from aiogram.client.telegram import TelegramAPIServer

        session = AiohttpSession(api=TelegramAPIServer.from_base(self.base_url))
        return Bot(self.token, session=session, **kwargs)

    # -- population ----------------------------------------------------------------------

    def add_user(
        self,
        first_name: str,
        username: str | None = None,
        language_code: str | None = "ru",
        started: bool = True,
        *,
        last_name: str | None = None,
    ) -> FakeUser:
        """A person; `started` means they already pressed Start in the bot's private chat."""
        state = self.world.add_user(first_name, username, language_code, last_name, started)
        return FakeUser(self.world, state)

    def add_group(
        self,
        title: str,
        members: Iterable[FakeUser] = (),
        admins: Iterable[FakeUser] = (),
        supergroup: bool = False,
        *,
        username: str | None = None,
        bot_admin: bool = False,
    ) -> FakeChat:
        """A group the bot is already in. The first admin is the creator; admins are members."""
        state = self.world.add_group(title, supergroup, username)
        for user in members:
            state.members[user.id] = MEMBER
        for index, user in enumerate(admins):
            state.members[user.id] = CREATOR if index == 0 else ADMINISTRATOR
        state.bot_status = ADMINISTRATOR if bot_admin else MEMBER
        return FakeChat(self.world, state)

    def user(self, user_id: int) -> FakeUser:
        return FakeUser(self.world, self.world.users[user_id])

    def chat(self, chat: ChatRef) -> FakeChat:
        return FakeChat(self.world, self._chat_state(chat))

    # -- views ---------------------------------------------------------------------------

    def messages(self, chat: ChatRef, *, include_deleted: bool = False) -> list[StoredMessage]:
        """The chat's messages as they stand now (after edits), oldest first."""
        return self.chat(chat).messages(include_deleted=include_deleted)

    def last_message(self, chat: ChatRef, *, from_bot: bool | None = None) -> StoredMessage:
        """The newest message in the chat (optionally only the bot's, or only people's)."""
        candidates = [m for m in self.messages(chat) if from_bot is None or m.from_bot == from_bot]
        if not candidates:
            raise AssertionError(f"no messages in chat {self._chat_state(chat).id}")
        return candidates[-1]

    def message(self, chat: ChatRef, message_id: int) -> StoredMessage:
        stored = self._chat_state(chat).messages.get(message_id)
        if stored is None:
            raise AssertionError(f"no message {message_id} in chat {self._chat_state(chat).id}")
        return stored

    def calls(
        self,
        method: str | None = None,
        chat_id: ChatRef | None = None,
        *,
        include_polling: bool = False,
    ) -> list[Call]:
        """Recorded calls, oldest first; getUpdates only with include_polling."""
        wanted_method = (canonical_method(method) or method) if method is not None else None
        wanted_chat = self._chat_id(chat_id) if chat_id is not None else None
        return [
            c
            for c in self.world.calls
            if (wanted_method is None or c.method == wanted_method)
            and (wanted_chat is None or c.chat_id == wanted_chat)
            and (include_polling or c.method != "getUpdates" or wanted_method == "getUpdates")
        ]

    def updates(self) -> list[Json]:
        """Every update ever queued for the bot, delivered or not."""
        return list(self.world.updates.log)

    def pending_updates(self) -> list[Json]:
        """Updates the bot has not confirmed yet."""
        return list(self.world.updates.pending)

    def webhook_deliveries(self) -> list[WebhookDelivery]:
        return list(self.world.webhook_log)

    def callback_answer(self, query_id: str) -> Json | None:
        """The answerCallbackQuery parameters for a press, or None while unanswered."""
        return self.world.callback_queries[query_id].answer

    def commands(self, scope: Json | None = None, language_code: str = "") -> list[dict[str, str]]:
        """Commands set for exactly this scope (chat ids resolved) and language."""
        key = dict(scope or {"type": "default"})
        return list(self.world.commands.get((json.dumps(key, sort_keys=True), language_code), []))

    # -- failure injection ---------------------------------------------------------------

    def inject_error(
        self,
        method: str,
        *,
        chat: ChatRef | None = None,
        error_code: int = 500,
        description: str | None = None,
        retry_after: int | None = None,
        times: int = 1,
    ) -> None:
        """Make the next `times` calls of `method` (into `chat`, if given) fail this way."""
        name = canonical_method(method)
        if name is None:
            raise ValueError(f"unknown method {method!r}")
        if description is None:
            template = _DEFAULT_DESCRIPTIONS.get(error_code, "Bad Request: injected error")
            description = template.format(retry_after=retry_after)
        error = ApiError(error_code, description, retry_after=retry_after)
        chat_id = self._chat_id(chat) if chat is not None else None
        self.world.injected.append(InjectedError(name, chat_id, error, times))

    # -- waiting -------------------------------------------------------------------------

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = 5.0) -> T:  # noqa: ASYNC109
        """Wait until `predicate()` is truthy (re-checked on every change); return its value."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(
                    f"condition still false after {timeout}s; last calls: {self.calls()[-5:]}"
                )
            # Also re-check now and then, for predicates that depend on time.
            await self.world.signal.wait(min(remaining, 0.05))

    async def wait_idle(self, quiet: float = 0.3, timeout: float = 10.0) -> None:  # noqa: ASYNC109
        """Wait until nothing happened for `quiet` seconds and no request is being served.

        Long polls do not count as activity, delivering updates does."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            now = loop.time()
            idle_for = now - self.world.last_activity
            if self.world.in_flight == 0 and idle_for >= quiet:
                return
            if now >= deadline:
                raise TimeoutError(f"still busy after {timeout}s; last calls: {self.calls()[-5:]}")
            await asyncio.sleep(min(max(quiet - idle_for, 0.01), deadline - now))

    async def wait_answer(self, query_id: str, timeout: float = 5.0) -> Json:  # noqa: ASYNC109
        """Wait for the bot to answer a press; returns text, show_alert, url, cache_time."""
        query = self.world.callback_queries[query_id]
        try:
            return await self.wait_for(lambda: query.answer, timeout)
        except TimeoutError:
            raise TimeoutError(f"callback query {query_id} ({query.data!r}) not answered") from None

    async def wait_message(
        self,
        chat: ChatRef,
        predicate: Callable[[StoredMessage], object] | None = None,
        *,
        from_bot: bool | None = True,
        after: StoredMessage | int | None = None,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> StoredMessage:
        """Wait for a message in `chat` (newer than `after`) that satisfies `predicate` as it
        stands now, edits included; returns the newest such message."""
        floor = after.message_id if isinstance(after, StoredMessage) else (after or 0)

        def find() -> StoredMessage | None:
            for message in reversed(self.messages(chat)):
                if message.message_id <= floor:
                    break
                if from_bot is not None and message.from_bot != from_bot:
                    continue
                if predicate is None or predicate(message):
                    return message
            return None

        return await self.wait_for(find, timeout)

    # -- helpers -------------------------------------------------------------------------

    def _chat_state(self, chat: ChatRef) -> ChatState:
        if isinstance(chat, FakeChat):
            return chat.state
        if isinstance(chat, FakeUser):
            return self.world.private_chat(chat.state)
        state = self.world.find_chat(chat)
        if state is None:
            raise AssertionError(f"no chat {chat}")
        return state

    def _chat_id(self, chat: ChatRef) -> int:
        if isinstance(chat, int):
            return chat
        return self._chat_state(chat).id
