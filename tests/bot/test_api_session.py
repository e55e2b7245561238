"""The Bot API session builds each ``Response[...]`` class once per process (issue 9:
rebuilding them after every garbage collection was half of the bot's CPU per press)."""

from __future__ import annotations

import gc
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.methods import EditMessageText, GetForumTopicIconStickers, GetUpdates
from aiogram.methods.base import TelegramMethod
from aiogram.types import Message

from bot.api_session import ApiSession
from tests.generic_builds import count_generic_builds

MESSAGE = {
    "message_id": 7,
    "date": 0,
    "chat": {"id": -100, "type": "supergroup", "title": "T"},
    "text": "x",
}


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Names of the generic pydantic classes built while the test runs."""
    return count_generic_builds(monkeypatch)


@pytest.fixture
async def bot() -> AsyncIterator[Callable[[AiohttpSession], Bot]]:
    sessions: list[AiohttpSession] = []

    def make(session: AiohttpSession) -> Bot:
        sessions.append(session)
        return Bot("42:TEST", session=session)

    yield make
    for session in sessions:
        await session.close()


def _answer(session: AiohttpSession, bot: Bot, method: TelegramMethod[Any], result: Any) -> Any:
    content = json.dumps({"ok": True, "result": result})
    return session.check_response(bot, method, 200, content).result


async def test_response_classes_are_not_rebuilt_after_a_collection(
    built: list[str], bot: Callable[[AiohttpSession], Bot]
) -> None:
    session = ApiSession()
    telegram = bot(session)
    edit = EditMessageText(chat_id=-100, message_id=7, text="x")
    updates = GetUpdates(offset=1)
    first = _answer(session, telegram, edit, MESSAGE)
    assert isinstance(first, Message)
    assert _answer(session, telegram, updates, []) == []
    built.clear()
    for _ in range(3):
        gc.collect()
        assert isinstance(_answer(session, telegram, edit, MESSAGE), Message)
        assert _answer(session, telegram, edit, True) is True
        assert _answer(session, telegram, updates, []) == []
    assert built == []


async def test_without_the_pin_a_collection_frees_the_class(
    built: list[str], bot: Callable[[AiohttpSession], Bot]
) -> None:
    """What ApiSession works around: when this fails, pydantic or aiogram keeps the
    classes alive by itself, and bot/api_session.py can go."""
    session = AiohttpSession()
    telegram = bot(session)
    # A method the bot never calls, so that no ApiSession of this process pinned it.
    stickers = GetForumTopicIconStickers()
    _answer(session, telegram, stickers, [])
    gc.collect()
    built.clear()
    _answer(session, telegram, stickers, [])
    assert built == ["Response[list[Sticker]]"]
