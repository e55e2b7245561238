"""Building and running the bot: Bot, Dispatcher, database, outbox, timers; the order
things start and stop in."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TypeVar

from aiogram import Bot, Dispatcher
from aiogram.client.default import DefaultBotProperties
from aiogram.client.telegram import TelegramAPIServer
from aiogram.enums import ParseMode
from aiogram.exceptions import TelegramAPIError
from aiogram.types import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeDefault,
    User,
)
from aiogram.utils.token import TokenValidationError
from aiohttp import web
from sqlalchemy.ext.asyncio import AsyncEngine

from bot import db
from bot.api_session import ApiSession
from bot.config import Settings
from bot.db.unit import install_commit_hooks
from bot.errors import install_error_handler
from bot.handlers import build_router
from bot.i18n import SUPPORTED
from bot.intake import Inbox, poll
from bot.intake.answers import LateAnswers
from bot.logs import RequestLogger, UpdateLogger
from bot.ops.backlog import outbox_stats
from bot.ops.health import health_routes, serve_health
from bot.ops.instruments import CallMetrics, UpdateMetrics
from bot.ops.signals import stop_on_signals
from bot.ops.startup import CannotListen, database_error, one_line, telegram_error
from bot.ops.telemetry import OutboxStats, Telemetry
from bot.outbox import Limits, Outbox
from bot.outbox.db_store import SqlDurableStore
from bot.outbox.leader import Leadership
from bot.outbox.lean import LeanCalls
from bot.render.chart import draw_chart
from bot.render.messages import command_description
from bot.services.autoplay import ComputerPlayers
from bot.services.context import AppContext
from bot.services.membership import chat_migrated, user_unreachable
from bot.services.mistakes import resume_reviews
from bot.services.scheduler import TimerLoop

__all__ = ["BotApp", "build_app", "run"]

log = logging.getLogger(__name__)

T = TypeVar("T")

COMMANDS = (
    "newgame",
    "score",
    "top",
    "stats",
    "history",
    "rules",
    "settings",
    "leave",
    "cancel",
    "help",
)
# Only a private chat has the "your turn" pings.
PRIVATE_COMMANDS = (*COMMANDS, "notify")
# A stop (SIGTERM) must end within 10 s, the time `docker stop` waits before SIGKILL:
# handlers already running get HANDLERS_GRACE_SECONDS to finish, then queued messages
# SHUTDOWN_DRAIN_SECONDS to go out, then a call already under way CALL_GRACE_SECONDS.
# What is still queued then is not lost: every message and the wanted state of every
# edited one are in the database, and the next start sends what is missing. Without a
# bound, a flood wait of Telegram (retry_after can be minutes) would hold the stop until
# the process is killed.
HANDLERS_GRACE_SECONDS = 2.0
SHUTDOWN_DRAIN_SECONDS = 5.0
CALL_GRACE_SECONDS = 1.5


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
    telemetry: Telemetry = field(default_factory=Telemetry)
    outbox_stats: OutboxStats | None = None
    """The backlog figures of /metrics; None: read from the database (bot.ops.backlog)."""
    stopping: asyncio.Event = field(default_factory=asyncio.Event)
    """Set to stop: whatever takes updates (polling, the webhook server) awaits it."""
    handlers_grace: float = HANDLERS_GRACE_SECONDS

    def request_stop(self) -> None:
        """Stop taking updates, let handlers finish, flush the outbox, close everything
        (what SIGTERM and SIGINT do); ``run_polling`` or ``run_webhook`` then return."""
        self.stopping.set()

    async def startup(self) -> None:
        await self.context.outbox.start()
        await self.leadership.start()
        await self._set_commands()
        await self.inbox.start()
        self.timers.start()
        self.context.spawn(resume_reviews(self.context))
        log.info("bot @%s started", self.context.bot_username)

    async def shutdown(self) -> None:
        """After the intake stopped. Safe after a failed or skipped ``startup``."""
        try:
            # Cut off after the grace, an update stays undone and is handled at the next
            # start: nothing it did was committed.
            await self.inbox.stop(timeout=self.handlers_grace)
            await self.timers.stop()
            await self.context.outbox.stop(drain=True, drain_limit=self.shutdown_drain)
            await self.leadership.stop()
        finally:
            try:
                self.context.stop_background()
                self.context.players.close()
            finally:
                try:
                    await self.bot.session.close()
                finally:
                    await self.engine.dispose()
        log.info("bot stopped")

    def health_routes(self) -> list[web.RouteDef]:
        """GET /healthz and GET /metrics."""
        stats = self.outbox_stats or outbox_stats(self.context.sessionmaker)
        return health_routes(self.engine, self.telemetry, stats)

    async def _set_commands(self) -> None:
        for lang in (*SUPPORTED, None):
            menu_lang = lang or self.context.settings.default_language
            commands = [
                BotCommand(command=c, description=command_description(c, menu_lang))
                for c in COMMANDS
            ]
            for scope in (BotCommandScopeDefault(), BotCommandScopeAllGroupChats()):
                await self.bot.set_my_commands(commands, scope=scope, language_code=lang)
            private = [
                BotCommand(command=c, description=command_description(c, menu_lang))
                for c in PRIVATE_COMMANDS
            ]
            await self.bot.set_my_commands(
                private, scope=BotCommandScopeAllPrivateChats(), language_code=lang
            )

    async def run_polling(self) -> None:
        """Long polling until ``request_stop``."""
        try:
            await self.startup()
            if not self.stopping.is_set():
                await self._take_updates()
        finally:
            await self.shutdown()

    async def _take_updates(self) -> None:
        """The intake of polling mode: returns once ``stopping`` is set, without waiting
        for the updates already taken (``shutdown`` does)."""
        await self.bot.delete_webhook()
        polling = asyncio.create_task(
            poll(self.bot, self.inbox, allowed_updates=self.dispatcher.resolve_used_update_types()),
            name="polling",
        )
        stop = asyncio.create_task(self.stopping.wait(), name="stop-request")
        try:
            await asyncio.wait({polling, stop}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stop.cancel()
        # A batch being fetched is not confirmed: Telegram sends it again next time.
        polling.cancel()
        await asyncio.wait({polling})
        if not polling.cancelled():
            polling.result()  # polling that crashed says why


OTHERS_DEADLINES_SECONDS = 2.0
"""On PostgreSQL, how often an idle timer loop looks for deadlines set by other processes."""


async def build_app(
    settings: Settings,
    *,
    computer_pause: float = 1.0,
    ai_processes: int | None = None,
    outbox_limits: Limits | None = None,
    shutdown_drain: float = SHUTDOWN_DRAIN_SECONDS,
    inbox_lease: timedelta = timedelta(seconds=10),
    stopping: asyncio.Event | None = None,
    clock: Callable[[], datetime] = db.utcnow,
) -> BotApp:
    """Everything wired, migrations applied; call ``startup`` (or ``run_polling``) next.
    ``shutdown_drain``: seconds a stop waits for queued messages; ``inbox_lease``: how
    long a process holds an update or a deadline before another process may take it over
    (it is applied once all the same); ``stopping``: the event that stops the app (one of
    its own by default); ``ai_processes``: search workers (0: a thread; None: the
    setting SEARCH_WORKERS); ``clock``: the turn clock's time (tests pass a fake one).

    A database or a Bot API that cannot be used raises a StartupError saying so in one
    line, with whatever had been opened closed."""
    token = settings.require_bot_token()
    try:
        await db.upgrade_to_head(settings.database_url)
    except Exception as error:
        log.debug("migrating the database failed", exc_info=True)
        raise database_error(settings.database_url, error) from error
    engine = db.create_engine(settings.database_url)
    try:
        telemetry = Telemetry()
        bot = _create_bot(settings, token, telemetry)
        try:
            me = await _identify(bot, settings)
        except BaseException:
            await bot.session.close()
            raise
    except BaseException:
        await engine.dispose()
        raise

    context: AppContext
    players = ComputerPlayers.for_settings(settings, workers=ai_processes)

    async def on_forbidden(chat_id: int) -> None:
        await user_unreachable(context, chat_id)

    async def on_migrated(old: int, new: int) -> None:
        await chat_migrated(context, old, new)

    sessionmaker = db.create_sessionmaker(engine)
    outbox = Outbox(
        LeanCalls(bot),
        store=SqlDurableStore(sessionmaker),
        on_forbidden=on_forbidden,
        on_migrated=on_migrated,
        limits=outbox_limits,
        stop_grace=CALL_GRACE_SECONDS,
        poll_interval=5.0,
        feeding=False,
        draw=draw_chart,
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
        clock=clock,
        record_move=telemetry.record_move,
    )
    several_processes = engine.dialect.name == "postgresql"
    timers = TimerLoop(
        context,
        lease=inbox_lease,
        # Others' deadlines (a process that died holding one) are looked for this often.
        look_around=OTHERS_DEADLINES_SECONDS if several_processes else 60.0,
    )
    # No handler keeps a conversation state (what a press means is in its button's data
    # and the database): aiogram's FSM would look a state up for every update, for nothing.
    dispatcher = Dispatcher(disable_fsm=True)
    dispatcher["app"] = context
    dispatcher.update.outer_middleware(UpdateLogger())
    dispatcher.update.outer_middleware(UpdateMetrics(telemetry))
    dispatcher.include_router(build_router())
    install_error_handler(dispatcher)
    inbox = Inbox(
        dispatcher,
        bot,
        sessionmaker,
        lease=inbox_lease,
        # SQLite is one process: what is undone at its start was left by its own crash.
        take_over_at_start=not several_processes,
    )
    return BotApp(
        bot,
        dispatcher,
        context,
        engine,
        timers,
        inbox,
        Leadership(engine, outbox),
        shutdown_drain,
        telemetry=telemetry,
        stopping=stopping or asyncio.Event(),
    )


def _create_bot(settings: Settings, token: str, telemetry: Telemetry) -> Bot:
    session = ApiSession()
    if settings.telegram_api_base:
        session = ApiSession(api=TelegramAPIServer.from_base(settings.telegram_api_base))
    session.middleware(RequestLogger())
    session.middleware(CallMetrics(telemetry))
    session.middleware(LateAnswers())
    try:
        return Bot(token, session=session, default=DefaultBotProperties(parse_mode=ParseMode.HTML))
    except TokenValidationError as error:  # aiogram checks its shape before any call
        raise telegram_error(settings.telegram_api_base, error) from error


async def _identify(bot: Bot, settings: Settings) -> User:
    """getMe: the first call, so the one that finds a wrong token or no Bot API."""
    try:
        return await bot.get_me()
    except (TelegramAPIError, OSError, TimeoutError) as error:
        raise telegram_error(settings.telegram_api_base, error) from error


async def run(settings: Settings) -> None:
    """The bot, until SIGTERM or SIGINT (then a graceful stop). What keeps it from
    starting raises a StartupError."""
    stopping = asyncio.Event()
    with stop_on_signals(stopping.set):
        app = await _unless_stopped(
            build_app(
                settings,
                computer_pause=settings.computer_pause,
                inbox_lease=timedelta(seconds=settings.update_lease),
                outbox_limits=None if settings.pacing else Limits.unlimited(),
                stopping=stopping,
            ),
            stopping,
        )
        if app is None:
            log.info("stopped while starting")
            return
        # What exists now (modules, pydantic's schemas, the ORM's mappers: some 300,000
        # objects) lives as long as the process. Left to the collector, every full
        # collection walked them all again, about 0.4 s of CPU on a slow core every few
        # hundred presses; frozen, they are skipped. Only here, in the bot's own process:
        # a test that builds the app in its process keeps its collector as it was.
        gc.freeze()
        if settings.webhook_enabled:
            from bot.webhook import run_webhook

            await run_webhook(app)
        else:
            await _run_polling_with_health(app, settings)


async def _run_polling_with_health(app: BotApp, settings: Settings) -> None:
    """Polling mode has no HTTP server of its own: /healthz and /metrics get one."""
    if settings.health_port is None:
        await app.run_polling()
        return
    host, port = settings.health_host, settings.health_port
    async with contextlib.AsyncExitStack() as stack:
        try:
            await stack.enter_async_context(serve_health(app.health_routes(), host, port))
        except OSError as error:
            await app.shutdown()
            raise CannotListen(
                f"cannot serve /healthz on {host}:{port} (HEALTH_HOST, HEALTH_PORT): "
                f"{one_line(error)}"
            ) from error
        await app.run_polling()


async def _unless_stopped(step: Awaitable[T], stopping: asyncio.Event) -> T | None:
    """``step``'s result, or None once ``stopping`` is set first (``step`` is cancelled:
    a start waiting on a slow database must not hold up a stop)."""
    task = asyncio.ensure_future(step)
    stop = asyncio.ensure_future(stopping.wait())
    try:
        await asyncio.wait({task, stop}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stop.cancel()
    if task.done():
        return task.result()
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    return None
