"""A stand-in for aiogram's Bot that answers like Telegram, raising aiogram's own errors."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramMigrateToChat,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.methods import (
    DeleteMessage,
    EditMessageText,
    SendMessage,
    SendPhoto,
    TelegramMethod,
)
from aiogram.types import BufferedInputFile, Chat, InlineKeyboardMarkup, Message

from bot.outbox import DurableMessage
from bot.outbox.store import StoredSlot

Method = TelegramMethod[Any]
ErrorFactory = Callable[[Method], Exception]

NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message"
)


def retry_after(seconds: int) -> ErrorFactory:
    return lambda m: TelegramRetryAfter(
        method=m, message=f"Too Many Requests: retry after {seconds}", retry_after=seconds
    )


def bad_request(description: str) -> ErrorFactory:
    return lambda m: TelegramBadRequest(method=m, message=f"Bad Request: {description}")


def network_error() -> ErrorFactory:
    return lambda m: TelegramNetworkError(method=m, message="ClientConnectorError: refused")


def server_error() -> ErrorFactory:
    return lambda m: TelegramServerError(method=m, message="Internal Server Error")


@dataclass
class StubCall:
    method: str
    chat_id: int
    text: str
    message_id: int | None
    at: float
    outcome: str = "pending"


@dataclass
class _Failure:
    method: str | None
    chat_id: int | None
    make: ErrorFactory
    times: int


class StubBot:
    """Keeps every chat's messages, so edits of unknown messages and identical edits fail
    the way Telegram's do; failures can be scripted per method and chat."""

    def __init__(self) -> None:
        self.calls: list[StubCall] = []
        self.messages: dict[int, dict[int, tuple[str, str | None]]] = {}
        self.photos: dict[tuple[int, int], bytes] = {}
        self.forbidden: set[int] = set()
        self.migrated: dict[int, int] = {}
        self.failures: list[_Failure] = []
        # While set, calls wait for it: a call "in flight" that a test can hold.
        self.hold: asyncio.Event | None = None
        self.entered = asyncio.Event()

    def fail(
        self,
        make: ErrorFactory,
        *,
        method: str | None = None,
        chat_id: int | None = None,
        times: int = 1,
    ) -> None:
        self.failures.append(_Failure(method, chat_id, make, times))

    def ok_calls(self, chat_id: int | None = None, method: str | None = None) -> list[StubCall]:
        return [
            c
            for c in self.calls
            if c.outcome == "ok"
            and (chat_id is None or c.chat_id == chat_id)
            and (method is None or c.method == method)
        ]

    def texts(self, chat_id: int) -> list[str]:
        """What the chat shows now, oldest message first."""
        return [text for text, _ in self.messages.get(chat_id, {}).values()]

    async def send_message(
        self, chat_id: int, text: str, *, reply_markup: InlineKeyboardMarkup | None = None
    ) -> Message:
        method = SendMessage(chat_id=chat_id, text=text, reply_markup=reply_markup)
        call = await self._enter("sendMessage", chat_id, text, None, method)
        messages = self.messages.setdefault(chat_id, {})
        message_id = max(messages, default=0) + 1
        messages[message_id] = (text, _markup(reply_markup))
        call.message_id = message_id
        return _message(chat_id, message_id, text)

    async def send_photo(
        self,
        chat_id: int,
        photo: BufferedInputFile,
        *,
        caption: str | None = None,
        reply_markup: InlineKeyboardMarkup | None = None,
    ) -> Message:
        method = SendPhoto(chat_id=chat_id, photo=photo, caption=caption, reply_markup=reply_markup)
        text = caption or ""
        call = await self._enter("sendPhoto", chat_id, text, None, method)
        messages = self.messages.setdefault(chat_id, {})
        message_id = max(messages, default=0) + 1
        messages[message_id] = (text, _markup(reply_markup))
        self.photos[(chat_id, message_id)] = photo.data
        call.message_id = message_id
        return _message(chat_id, message_id, text)

    async def edit_message_text(
        self,
        text: str,
        *,
        chat_id: int | None = None,
        message_id: int | None = None,
        reply_markup: InlineKeyboardMarkup | None = None,
    ) -> Message | bool:
        assert chat_id is not None
        assert message_id is not None
        method = EditMessageText(
            chat_id=chat_id, message_id=message_id, text=text, reply_markup=reply_markup
        )
        call = await self._enter("editMessageText", chat_id, text, message_id, method)
        messages = self.messages.setdefault(chat_id, {})
        if message_id not in messages:
            call.outcome = "not found"
            raise bad_request("message to edit not found")(method)
        if messages[message_id] == (text, _markup(reply_markup)):
            call.outcome = "not modified"
            raise TelegramBadRequest(method=method, message=NOT_MODIFIED)
        messages[message_id] = (text, _markup(reply_markup))
        return _message(chat_id, message_id, text)

    async def delete_message(self, chat_id: int, message_id: int) -> bool:
        method = DeleteMessage(chat_id=chat_id, message_id=message_id)
        call = await self._enter("deleteMessage", chat_id, "", message_id, method)
        messages = self.messages.setdefault(chat_id, {})
        if message_id not in messages:
            call.outcome = "not found"
            raise bad_request("message to delete not found")(method)
        del messages[message_id]
        return True

    async def _enter(
        self, name: str, chat_id: int, text: str, message_id: int | None, method: Method
    ) -> StubCall:
        call = StubCall(name, chat_id, text, message_id, asyncio.get_running_loop().time())
        self.calls.append(call)
        self.entered.set()
        if self.hold is not None:
            await self.hold.wait()
        error = self._error(name, chat_id, method)
        if error is not None:
            call.outcome = type(error).__name__
            raise error
        call.outcome = "ok"
        return call

    def _error(self, name: str, chat_id: int, method: Method) -> Exception | None:
        for failure in self.failures:
            if failure.method in (None, name) and failure.chat_id in (None, chat_id):
                failure.times -= 1
                if failure.times <= 0:
                    self.failures.remove(failure)
                return failure.make(method)
        if chat_id in self.migrated:
            return TelegramMigrateToChat(
                method=method,
                message="Bad Request: group chat was upgraded to a supergroup chat",
                migrate_to_chat_id=self.migrated[chat_id],
            )
        if chat_id in self.forbidden:
            return TelegramForbiddenError(
                method=method, message="Forbidden: bot can't initiate conversation with a user"
            )
        return None


def _markup(markup: InlineKeyboardMarkup | None) -> str | None:
    return None if markup is None else markup.model_dump_json(exclude_none=True)


def _message(chat_id: int, message_id: int, text: str) -> Message:
    chat = Chat(id=chat_id, type="private" if chat_id > 0 else "group")
    return Message(message_id=message_id, date=datetime.now(UTC), chat=chat, text=text)


@dataclass
class Row:
    message: DurableMessage
    sent: int = 0
    error: str | None = None


class MemoryStore:
    """The outbox table in memory; counts mark_sent calls so double sends show."""

    def __init__(self) -> None:
        self.rows: dict[int, Row] = {}
        self.slots: dict[tuple[int, str], StoredSlot] = {}
        self.slot_marks: list[tuple[int, str, int, int | None]] = []

    def add(self, chat_id: int, text: str) -> int:
        row_id = len(self.rows) + 1
        self.rows[row_id] = Row(DurableMessage(row_id, chat_id, text))
        return row_id

    async def pending(self) -> list[DurableMessage]:
        return [r.message for r in self.rows.values() if not r.sent and r.error is None]

    async def mark_sent(self, message_id: int) -> None:
        self.rows[message_id].sent += 1

    async def mark_failed(self, message_id: int, error: str) -> None:
        self.rows[message_id].error = error

    async def unsent_slots(self) -> list[StoredSlot]:
        return [s for s in self.slots.values() if s.rev > s.sent_rev]

    async def mark_slot_sent(
        self, chat_id: int, key: str, rev: int, message_id: int | None
    ) -> None:
        current = self.slots.get((chat_id, key))
        if current is not None and current.sent_rev < rev:
            self.slots[(chat_id, key)] = dataclasses.replace(
                current, sent_rev=rev, message_id=message_id
            )
        self.slot_marks.append((chat_id, key, rev, message_id))

    def put_slot(
        self, chat_id: int, key: str, text: str, *, new: bool = False, absent: bool = False
    ) -> StoredSlot:
        """A slot state as the service would store it (the outbox rows' ids order it);
        ``absent``: no message wanted."""
        current = self.slots.get((chat_id, key))
        rev = 1 if current is None else current.rev + 1
        after = max(
            (r.message.id for r in self.rows.values() if r.message.chat_id == chat_id), default=0
        )
        stored = StoredSlot(
            chat_id,
            key,
            text,
            None,
            rev,
            rev if new else (0 if current is None else current.new_rev),
            after,
            None if current is None else current.message_id,
            0 if current is None else current.sent_rev,
            absent,
        )
        self.slots[(chat_id, key)] = stored
        return stored


class Sleeps:
    """An injected sleep: records what the outbox waited for and returns at once, or waits
    on ``gate`` when a test wants a chat held in its wait."""

    def __init__(self) -> None:
        self.waited: list[float] = []
        self.gate: asyncio.Event | None = None

    async def __call__(self, seconds: float) -> None:
        self.waited.append(seconds)
        if self.gate is not None:
            await self.gate.wait()
        await asyncio.sleep(0)


async def wait_until(predicate: Callable[[], object], timeout: float = 3.0) -> None:  # noqa: ASYNC109
    # The conditions are spread over the stub, the store and the sleeps; none has an event.
    async with asyncio.timeout(timeout):
        while not predicate():  # noqa: ASYNC110
            await asyncio.sleep(0.002)
