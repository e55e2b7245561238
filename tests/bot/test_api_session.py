"""The Bot API session builds each ``Response[...]`` class once per process (issue 9:
rebuilding them after every garbage collection was half of the bot's CPU per press), and
prepares a request's parameters as aiogram does, faster."""

from __future__ import annotations

import datetime
import gc
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from aiogram import Bot
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.enums import ParseMode
from aiogram.methods import (
    AnswerCallbackQuery,
    EditMessageText,
    GetForumTopicIconStickers,
    GetUpdates,
    SendMessage,
    SendPhoto,
    SetMyCommands,
)
from aiogram.methods.base import TelegramMethod
from aiogram.types import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BufferedInputFile,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    LinkPreviewOptions,
    Message,
)
from aiohttp import web

from bot.api_session import ApiSession, NotPlain, plain_json
from tests.fakeapi.params import Upload, read_params
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


def _form(session: AiohttpSession, bot: Bot, method: TelegramMethod[Any]) -> dict[str, str]:
    form = session.build_form_data(bot, method)
    # aiohttp's FormData keeps (options, headers, value) per field; urlencoded here.
    return {options["name"]: value for options, _headers, value in form._fields}


async def test_requests_are_prepared_as_aiogram_prepares_them(
    bot: Callable[[AiohttpSession], Bot],
) -> None:
    """The fast walk over plain dumps gives aiogram's own parameters, byte for byte, and
    leaves what is not plain JSON (defaults, enums) to aiogram."""
    keyboard = InlineKeyboardMarkup(
        inline_keyboard=[
            [InlineKeyboardButton(text=f"{rank}♠", callback_data=f"m:1:{rank}") for rank in "789"],
            [InlineKeyboardButton(text="💡", callback_data="h:1", style="primary")],
            [],
        ]
    )
    methods: list[TelegramMethod[Any]] = [
        EditMessageText(chat_id=-100, message_id=7, text="<b>x</b>", reply_markup=keyboard),
        SendMessage(chat_id=5, text="y", reply_markup=keyboard),
        SendMessage(chat_id=5, text="z", link_preview_options=LinkPreviewOptions(is_disabled=True)),
        AnswerCallbackQuery(callback_query_id="q", text="ok", show_alert=True),
        SetMyCommands(
            commands=[BotCommand(command="newgame", description="Новая игра")],
            scope=BotCommandScopeAllGroupChats(),
        ),
    ]
    fast, stock = ApiSession(), AiohttpSession()
    fast_bot, stock_bot = bot(fast), bot(stock)
    for telegram in (fast_bot, stock_bot):
        telegram.default = DefaultBotProperties(parse_mode=ParseMode.HTML)
    for method in methods:
        assert _form(fast, fast_bot, method) == _form(stock, stock_bot, method), method


def test_the_fast_walk_refuses_what_is_not_plain_json() -> None:
    assert plain_json({"a": None, "b": [1, None, {"c": None, "d": True}], "e": {}}) == {
        "b": [1, {"d": True}],
        "e": {},
    }
    for odd in ({"mode": ParseMode.HTML}, [{"when": datetime.timedelta(seconds=1)}]):
        with pytest.raises(NotPlain):
            plain_json(odd)


@pytest.fixture
async def recorder() -> AsyncIterator[tuple[str, list[tuple[str, dict[str, Any]]]]]:
    """A Bot API server on 127.0.0.1 that keeps each request's content type and the
    parameters it decodes from it (the fake Telegram's own decoding), and answers with
    a message, or with what the method returns."""
    seen: list[tuple[str, dict[str, Any]]] = []
    results: dict[str, Any] = {"answerCallbackQuery": True, "setMyCommands": True, "getUpdates": []}

    async def handle(request: web.Request) -> web.Response:
        seen.append((request.content_type, await read_params(request)))
        result = results.get(request.path.rsplit("/", 1)[-1], MESSAGE)
        return web.json_response({"ok": True, "result": result})

    app = web.Application()
    app.router.add_post("/{tail:.*}", handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield f"http://127.0.0.1:{port}", seen
    await runner.cleanup()


async def test_a_request_goes_as_json_with_the_parameters_of_aiogram_s_form(
    bot: Callable[[AiohttpSession], Bot],
    recorder: tuple[str, list[tuple[str, dict[str, Any]]]],
) -> None:
    """Telegram reads the same parameters from the JSON body as from aiogram's form
    (decoded here as the fake Telegram decodes both); a file still goes multipart."""
    base, seen = recorder
    keyboard = InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text="7♠", callback_data="m:1:7")], []]
    )
    methods: list[TelegramMethod[Any]] = [
        EditMessageText(chat_id=-100, message_id=7, text="<b>x</b>", reply_markup=keyboard),
        SendMessage(chat_id=5, text="z", link_preview_options=LinkPreviewOptions(is_disabled=True)),
        AnswerCallbackQuery(callback_query_id="q", text="", show_alert=False),
        SetMyCommands(
            commands=[BotCommand(command="newgame", description="Новая игра")],
            scope=BotCommandScopeAllGroupChats(),
        ),
        GetUpdates(offset=3, timeout=0, allowed_updates=["message"]),
    ]
    api = TelegramAPIServer.from_base(base)
    fast, stock = ApiSession(api=api), AiohttpSession(api=api)
    fast_bot, stock_bot = bot(fast), bot(stock)
    for telegram in (fast_bot, stock_bot):
        telegram.default = DefaultBotProperties(parse_mode=ParseMode.HTML)
    for method in methods:
        seen.clear()
        await fast.make_request(fast_bot, method)
        await stock.make_request(stock_bot, method)
        (fast_type, fast_params), (stock_type, stock_params) = seen
        assert fast_type == "application/json", method
        assert stock_type != "application/json"
        assert fast_params == stock_params, method
    seen.clear()
    photo = BufferedInputFile(b"PNG", "picture.png")
    await fast.make_request(fast_bot, SendPhoto(chat_id=5, photo=photo, caption="c"))
    [(content_type, params)] = seen
    assert content_type == "multipart/form-data"
    attached = params[params["photo"].removeprefix("attach://")]
    assert isinstance(attached, Upload)
    assert attached.data == b"PNG"
    assert params["caption"] == "c"
