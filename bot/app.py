"""Building and running the bot: Bot, Dispatcher, database, outbox, timers."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import timedelta

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer
from aiogram.enums import ParseMode
from aiogram.types import BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeDefault
from sqlalchemy.ext.asyncio import AsyncEngine

from bot import db
from bot.config import Settings
from bot.db.unit import install_commit_hooks
from bot.errors import install_error_handler
from bot.handlers import build_router
from bot.i18n import SUPPORTED
from bot.intake import Inbox, poll
from bot.intake.answers import LateAnswers
from bot.logs import RequestLogger, UpdateLogger
from bot.outbox import Limits, Outbox
from bot.outbox.db_store import SqlDurableStore
from bot.outbox.leader import Leadership
from bot.render.messages import command_description
from bot.services.autoplay import ComputerPlayers
from bot.services.context import AppContext
from bot.services.membership import chat_migrated, user_unreachable
from bot.services.scheduler import TimerLoop

__all__ = ["BotApp", "build_app"]

log = logging.getLogger(__name__)

COMMANDS = ("newgame", "score", "rules", "settings", "cancel", "help")
# How long a stop (SIGTERM) waits for queued messages to go out. What is still queued
# then is not lost when it matters: hand results stay in the database for the next start,
# and tables and hands are redrawn at start. Without a bound, a flood wait of Telegram
# (retry_after can be minutes) would hold the stop until the process is killed.
SHUTDOWN_DRAIN_SECONDS = 5.0


@dataclass
class BotApp:
    bot: Bot
    dispatcher: Dispatcher
    context: AppContext
    engine: AsyncEngine
    timers: TimerLoop
    inbox: Inbox
    leadership: Leadership
    shutdown_drain: float = SHUTDOWN_DRAIN_SECONDS
    stopping: asyncio.Event = field(default_factory=asyncio.Event)

    def request_stop(self) -> None:
        """Stop taking updates and shut down (what SIGTERM does)."""
        self.stopping.set()

    async def startup(self) -> None:
        await self.context.outbox.start()
        await self.leadership.start()
        await self._set_commands()
        await self.inbox.start()
        self.timers.start()
        log.info("bot @%s started", self.context.bot_username)

    async def shutdown(self) -> None:
        await self.inbox.stop()
        await self.timers.stop()
        await self.context.outbox.stop(drain=True, drain_limit=self.shutdown_drain)
        await self.leadership.stop()
        self.context.players.close()
        await self.bot.session.close()
        await self.engine.dispose()

    async def _set_commands(self) -> None:
        for lang in (*SUPPORTED, None):
            menu_lang = lang or self.context.settings.default_language
            commands = [
                BotCommand(command=c, description=command_description(c, menu_lang))
                for c in COMMANDS
            ]
            for scope in (BotCommandScopeDefault(), BotCommandScopeAllGroupChats()):
                await self.bot.set_my_commands(commands, scope=scope, language_code=lang)

    async def run_polling(self) -> None:
        """Long polling until cancelled."""
        await self.startup()
        try:
            await self.bot.delete_webhook()
            polling = asyncio.create_task(
                poll(
                    self.bot,
                    self.inbox,
                    allowed_updates=self.dispatcher.resolve_used_update_types(),
                ),
                name="polling",
            )
            stopping = asyncio.create_task(self.stopping.wait())
            await asyncio.wait({polling, stopping}, return_when=asyncio.FIRST_COMPLETED)
            for task in (polling, stopping):
                task.cancel()
            results = await asyncio.gather(polling, stopping, return_exceptions=True)
            for result in results:
                if isinstance(result, Exception):
                    raise result
        finally:
            await self.shutdown()


async def build_app(
    settings: Settings,
    *,
    computer_pause: float = 1.0,
    timer_tick: float = 0.25,
    ai_processes: int = 1,
    outbox_limits: Limits | None = None,
    shutdown_drain: float = SHUTDOWN_DRAIN_SECONDS,
    inbox_lease: timedelta = timedelta(seconds=10),
) -> BotApp:
    """Everything wired, migrations applied; call ``startup`` (or ``run_polling``) next.
    ``shutdown_drain``: seconds a stop waits for queued messages. ``inbox_lease``: how
    long a process holds an update or a deadline before another process may take it over
    (it is applied once all the same)."""
    token = settings.require_bot_token()
    await db.upgrade_to_head(settings.database_url)
    engine = db.create_engine(settings.database_url)
    sessionmaker = db.create_sessionmaker(engine)
    session = AiohttpSession()
    if settings.telegram_api_base:
        session = AiohttpSession(api=TelegramAPIServer.from_base(settings.telegram_api_base))
    session.middleware(RequestLogger())
    session.middleware(LateAnswers())
    bot = Bot(token, session=session, default=DefaultBotProperties(parse_mode=ParseMode.HTML))
    me = await bot.get_me()

    context: AppContext
    players = ComputerPlayers(processes=ai_processes)

    async def on_forbidden(chat_id: int) -> None:
        await user_unreachable(context, chat_id)

    async def on_migrated(old: int, new: int) -> None:
        await chat_migrated(context, old, new)

    outbox = Outbox(
        bot,
        store=SqlDurableStore(sessionmaker),
        on_forbidden=on_forbidden,
        on_migrated=on_migrated,
        limits=outbox_limits,
        poll_interval=5.0,
        feeding=False,
    )
    install_commit_hooks(sessionmaker, outbox.accept)
    context = AppContext(
        bot=bot,
        settings=settings,
        sessionmaker=sessionmaker,
        outbox=outbox,
        players=players,
        bot_username=me.username or "",
        computer_pause=computer_pause,
    )
    timers = TimerLoop(context, tick=timer_tick, lease=inbox_lease)
    dispatcher = Dispatcher()
    dispatcher["app"] = context
    dispatcher.update.outer_middleware(UpdateLogger())
    dispatcher.include_router(build_router())
    install_error_handler(dispatcher)
    shared = engine.dialect.name == "postgresql"
    inbox = Inbox(
        dispatcher,
        bot,
        sessionmaker,
        lease=inbox_lease,
        # SQLite is one process: what is undone at its start was left by its own crash.
        take_over_at_start=not shared,
    )
    leadership = Leadership(engine, outbox)
    return BotApp(bot, dispatcher, context, engine, timers, inbox, leadership, shutdown_drain)


async def run(settings: Settings) -> None:
    app = await build_app(
        settings,
        computer_pause=settings.computer_pause,
        inbox_lease=timedelta(seconds=settings.update_lease),
        outbox_limits=None if settings.pacing else Limits.unlimited(),
    )
    if settings.webhook_enabled:
        from bot.webhook import run_webhook

        await run_webhook(app)
    else:
        await app.run_polling()
