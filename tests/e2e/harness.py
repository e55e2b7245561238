"""The real bot against the fake Bot API server, and people who press what they see.

- :class:`RunningBot` builds the bot from its settings and runs it like production (long
  polling over HTTP against the fake server); ``stop`` is what SIGTERM does. It collects
  the bot's ERROR log records so that a test can say "no crash in the logs".
- :class:`Lobby` drives /newgame and the lobby buttons by their callback data (never by
  guessing data: only buttons really on the message are pressed).
- :class:`Driver` plays for simulated people: whoever has a decision in their private hand
  message presses one of the buttons the bot marked as answering it.
- :class:`Oracle` rebuilds the game from the database (seed + action log) with the engine,
  so that tests can compare what people were shown with what was true.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import re
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from pydantic import SecretStr
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.pool import NullPool

from bot import db
from bot.app import BotApp, build_app
from bot.callbacks import LobbyAction, LobbyCb, MoveCb, SettingsCb, SettingsScope
from bot.config import Language, Settings, async_database_url
from bot.outbox import Limits
from bot.outbox.limits import TELEGRAM_OVERALL, TELEGRAM_PER_CHAT, TELEGRAM_PER_GROUP, Rate
from bot.services.context import AppContext
from engine import (
    Action,
    Card,
    Game,
    HandResult,
    Outcome,
    PlayCard,
    Rank,
    Rules,
    Suit,
    points,
    strength,
)
from engine.cards import NO_TRUMP
from tests.fakeapi import (
    ChatRef,
    FakeChat,
    FakeTelegram,
    FakeUser,
    FloodLimits,
    MessageVersion,
    StoredMessage,
)

UNLIMITED = Limits.unlimited()


def faster_telegram(times: int) -> tuple[FloodLimits, Limits]:
    """Telegram's flood windows shrunk ``times`` times on the fake's side and the bot's
    alike: the same counts and shapes of pacing, checked in a fraction of the time."""

    def faster(rate: Rate) -> Rate:
        return Rate(rate.max_rate, rate.time_period / times)

    fake_limits = FloodLimits(group_window=FloodLimits().group_window / times)
    bot_limits = Limits(
        per_chat=faster(TELEGRAM_PER_CHAT),
        per_group=faster(TELEGRAM_PER_GROUP),
        overall=faster(TELEGRAM_OVERALL),
    )
    return fake_limits, bot_limits


Json = dict[str, Any]

# -- the bot process ---------------------------------------------------------------------


class ErrorLog(logging.Handler):
    """Collects ERROR (and worse) records of every logger while attached to the root."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def attach(self) -> None:
        logging.getLogger().addHandler(self)

    def detach(self) -> None:
        logging.getLogger().removeHandler(self)

    def lines(self) -> list[str]:
        """The records as text, with tracebacks."""
        out = []
        for record in self.records:
            text = f"{record.name}: {record.getMessage()}"
            if record.exc_info:
                text += "\n" + logging.Formatter().formatException(record.exc_info)
            out.append(text)
        return out


class FakeClock:
    """The turn clock of bots under test: time stands still until ``advance`` moves it,
    and then the bots' timer loops look at once (no test waits out a turn time)."""

    def __init__(self) -> None:
        self.now = db.utcnow()
        self._contexts: list[AppContext] = []

    def __call__(self) -> datetime:
        return self.now

    def drives(self, context: AppContext) -> None:
        self._contexts.append(context)

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)
        for context in self._contexts:
            context.wake_timers(None)


class RunningBot:
    """The bot process: ``start`` builds and polls, ``stop`` shuts down like SIGTERM."""

    def __init__(
        self,
        fake: FakeTelegram,
        database_url: str,
        *,
        computer_pause: float = 0.0,
        turn_timeout: int = 60,
        limits: Limits | None = UNLIMITED,
        ai_processes: int = 0,
        shutdown_drain: float = 5.0,
        default_language: Language = "ru",
        clock: Callable[[], datetime] = db.utcnow,
        search_budget: float = 1.0,
    ) -> None:
        self.fake = fake
        self.search_budget = search_budget
        self.clock = clock
        self.default_language: Language = default_language
        self.shutdown_drain = shutdown_drain
        self.database_url = database_url
        self.computer_pause = computer_pause
        self.turn_timeout = turn_timeout
        self.limits = limits
        self.ai_processes = ai_processes
        self.app: BotApp | None = None
        self._task: asyncio.Task[None] | None = None
        self._errors = ErrorLog()

    @property
    def errors(self) -> list[str]:
        """ERROR (and worse) log lines written while the bot ran, with tracebacks."""
        return self._errors.lines()

    async def start(self) -> BotApp:
        settings = Settings(
            bot_token=SecretStr(self.fake.token),
            telegram_api_base=self.fake.base_url,
            database_url=self.database_url,
            turn_timeout=self.turn_timeout,
            default_language=self.default_language,
            webhook_url=None,
            search_budget=self.search_budget,
        )
        self._errors.attach()
        self.app = await build_app(
            settings,
            computer_pause=self.computer_pause,
            ai_processes=self.ai_processes,
            outbox_limits=self.limits,
            shutdown_drain=self.shutdown_drain,
            clock=self.clock,
        )
        if isinstance(self.clock, FakeClock):
            self.clock.drives(self.app.context)
        self._task = asyncio.create_task(self.app.run_polling(), name="bot-polling")
        # Polling has begun once the bot asked for updates (a long poll is recorded as
        # a call only when it returns; its start bumps the poll generation).
        world = self.fake.world
        polls = world.poll_generation
        await self.fake.wait_for(lambda: world.poll_generation > polls or self._task_failed(), 20)
        self._raise_if_failed()
        return self.app

    async def stop(self, timeout: float = 20.0) -> float:  # noqa: ASYNC109
        """Stop like SIGTERM; returns how long the shutdown took."""
        loop = asyncio.get_running_loop()
        began = loop.time()
        if self.app is None or self._task is None:
            return 0.0
        try:
            self.app.request_stop()
            await asyncio.wait_for(asyncio.shield(self._task), timeout)
        finally:
            if not self._task.done():
                self._task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await self._task
            self._errors.detach()
            self.app = None
        self._raise_if_failed()
        self._task = None
        return loop.time() - began

    def _task_failed(self) -> bool:
        return self._task is not None and self._task.done()

    def _raise_if_failed(self) -> None:
        task = self._task
        if task is not None and task.done() and not task.cancelled():
            error = task.exception()
            if error is not None:
                raise error


def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"


@contextlib.asynccontextmanager
async def fresh_database(
    server_url: str | None, workdir: Path, *, prefix: str
) -> AsyncIterator[str]:
    """A database for bot processes: a SQLite file in ``workdir``, or a new database on
    the PostgreSQL server of ``server_url`` (a process cannot be pointed at a schema),
    dropped afterwards."""
    if server_url is None:
        yield sqlite_url(workdir)
        return
    base = async_database_url(server_url)
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = db.create_engine(base, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    async with admin.connect() as connection:
        await connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield base.rsplit("/", 1)[0] + "/" + name
    finally:
        async with admin.connect() as connection:
            await connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()


# -- reading what people see -------------------------------------------------------------

# Ranks as the Russian chat shows them (the default language of every test chat).
_CARD_RE = re.compile(r"(?<![\w])(10|[789ВДКТ])([♠♣♦♥])")
_RANKS = {
    "7": Rank.SEVEN,
    "8": Rank.EIGHT,
    "9": Rank.NINE,
    "10": Rank.TEN,
    "В": Rank.JACK,
    "Д": Rank.QUEEN,
    "К": Rank.KING,
    "Т": Rank.ACE,
}
_SUITS = {suit.symbol: suit for suit in Suit}


def cards_in_text(text: str | None) -> list[Card]:
    """Every card written in a (Russian) text: «В♠», «10♥»."""
    return [Card(_SUITS[s], _RANKS[r]) for r, s in _CARD_RE.findall(text or "")]


def buttons(message: StoredMessage) -> list[tuple[str, str]]:
    """(text, callback data) of the callback buttons on the message now."""
    return [
        (b["text"], b["callback_data"])
        for row in message.buttons()
        for b in row
        if "callback_data" in b
    ]


def url_buttons(message: StoredMessage) -> list[str]:
    return [b["url"] for row in message.buttons() for b in row if b.get("url")]


def moves_on(message: StoredMessage) -> list[MoveCb]:
    return [MoveCb.unpack(d) for _, d in buttons(message) if d.startswith("mv:")]


def hand_message(user: FakeUser, game_id: int | None = None) -> StoredMessage | None:
    """The user's newest private message with game buttons (their hand)."""
    for message in reversed(user.private_messages()):
        moves = moves_on(message)
        if moves and (game_id is None or moves[0].game_id == game_id):
            return message
    return None


def card_of(data: str) -> Card | None:
    action = MoveCb.unpack(data).action()
    return action.card if isinstance(action, PlayCard) else None


def hand_cards(message: StoredMessage) -> set[Card]:
    """The cards on a hand message's buttons."""
    return {c for _, d in buttons(message) if d.startswith("mv:") and (c := card_of(d))}


def version_moves(version: MessageVersion) -> tuple[MoveCb | None, set[Card]]:
    """A message version's game buttons: the decision they answer (None without any:
    game and move) and the cards on them."""
    rows = (version.reply_markup or {}).get("inline_keyboard", [])
    data = [b["callback_data"] for row in rows for b in row if "callback_data" in b]
    moves = [d for d in data if d.startswith("mv:")]
    if not moves:
        return None, set()
    return MoveCb.unpack(moves[0]), {c for d in moves if (c := card_of(d)) is not None}


@dataclass
class Decision:
    """Someone's decision, as their hand message shows it."""

    user: FakeUser
    message: StoredMessage
    game_id: int
    move: int
    options: list[tuple[str, str]]
    """(button text, callback data): the bids, the seven choice, or the cards marked legal."""

    def action(self, data: str) -> Action:
        return MoveCb.unpack(data).action()


def decision_of(user: FakeUser, game_id: int | None = None) -> Decision | None:
    """What the user is asked to decide now, or None."""
    message = hand_message(user, game_id)
    if message is None:
        return None
    moves = buttons(message)
    moves = [(t, d) for t, d in moves if d.startswith("mv:")]
    choices = [(t, d) for t, d in moves if card_of(d) is None]
    if not choices:
        choices = [(t, d) for t, d in moves if t.startswith("•")]
    if not choices:
        return None
    first = MoveCb.unpack(choices[0][1])
    return Decision(user, message, first.game_id, first.move, choices)


# -- the lobby ---------------------------------------------------------------------------


class Lobby:
    """/newgame in a chat (a group, or a user's private chat for a solo game)."""

    def __init__(self, fake: FakeTelegram, chat: FakeChat | FakeUser) -> None:
        self.fake = fake
        self.chat = chat
        self.message_id: int | None = None
        self.game_id: int | None = None

    @property
    def chat_id(self) -> int:
        return self.chat.id

    async def open(self, opener: FakeUser) -> StoredMessage:
        after = self._newest()
        opener.send(self.chat, "/newgame")
        message = await self.fake.wait_message(
            self.chat, lambda m: any(d.startswith("lb:") for d in m.callback_data()), after=after
        )
        self.message_id = message.message_id
        self.game_id = LobbyCb.unpack(message.callback_data()[0]).game_id
        return message

    def _newest(self) -> int:
        messages = self.fake.messages(self.chat)
        return messages[-1].message_id if messages else 0

    @property
    def message(self) -> StoredMessage:
        assert self.message_id is not None, "open the lobby first"
        return self.fake.message(self.chat, self.message_id)

    def data(self, action: LobbyAction, kind: str = "") -> str:
        for data in self.message.callback_data():
            if not data.startswith("lb:"):
                continue
            cb = LobbyCb.unpack(data)
            if cb.action is action and (not kind or cb.bot_kind == kind):
                return data
        raise AssertionError(f"no {action!r} {kind} button; shows {self.message.button_texts()}")

    async def press(self, user: FakeUser, action: LobbyAction, kind: str = "") -> Json:
        query = user.press(self.message, callback_data=self.data(action, kind))
        return await self.fake.wait_answer(query, timeout=10)

    async def join(self, *users: FakeUser) -> None:
        for user in users:
            answer = await self.press(user, LobbyAction.JOIN)
            assert not answer.get("show_alert"), (user, answer)
            await self.wait_seated(user.first_name)

    async def add_computer(self, by: FakeUser, kind: str = "easy") -> None:
        before = self.message.text or ""
        answer = await self.press(by, LobbyAction.ADD_BOT, kind)
        assert not answer.get("show_alert"), answer
        await self.fake.wait_for(lambda: (self.message.text or "") != before, 10)

    async def wait_seated(self, name: str) -> None:
        await self.fake.wait_for(lambda: name in (self.message.text or ""), 10)

    async def start(self, by: FakeUser) -> None:
        answer = await self.press(by, LobbyAction.START)
        assert not answer.get("show_alert"), answer

    def seats(self) -> list[str]:
        """The lobby's seat lines: «1. Anna» ... (free seats excluded)."""
        out = []
        for line in (self.message.text or "").splitlines():
            match = re.fullmatch(r"(\d)\. (.+)", line.strip())
            if match and "свободно" not in match[2]:
                out.append(match[2])
        return out


async def choose_setting(
    fake: FakeTelegram,
    chat: ChatRef,
    user: FakeUser,
    scope: SettingsScope,
    value: str,
    *,
    name: str = "",
) -> Json:
    """/settings, then press the button of ``scope``/``value``."""
    messages = fake.messages(chat)
    after = messages[-1].message_id if messages else 0
    user.send(chat, "/settings")
    menu = await fake.wait_message(
        chat, lambda m: any(d.startswith("st:") for d in m.callback_data()), after=after
    )
    for data in menu.callback_data():
        cb = SettingsCb.unpack(data)
        if cb.scope is scope and cb.value == value and (not name or cb.name == name):
            return await fake.wait_answer(user.press(menu, callback_data=data), timeout=10)
    raise AssertionError(f"no settings button {scope}/{value}: {menu.button_texts()}")


# -- playing -----------------------------------------------------------------------------

Policy = Callable[[Decision, random.Random], str]


def random_policy(decision: Decision, rng: random.Random) -> str:
    return rng.choice(decision.options)[1]


_TRUMP_RE = re.compile(r"(?:Козырь|Trump|Козир): (?:<b>)?([♠♣♦♥])")


def trump_of(text: str | None) -> Suit | None:
    """The trump suit a hand or table message names, if any."""
    match = _TRUMP_RE.search(text or "")
    return _SUITS[match[1]] if match else None


def _cards(decision: Decision) -> list[tuple[Card, str]]:
    return [(c, d) for _, d in decision.options if (c := card_of(d)) is not None]


def _force(card: Card, trump: Suit | None) -> tuple[int, int]:
    t = NO_TRUMP if trump is None else int(trump)
    return strength(card, t), points(card, t)


def losing_bidder(decision: Decision, rng: random.Random) -> str:
    """Bids on a suit it hardly holds, then throws its weakest legal card: sits often.
    (Reads the Russian hand message.)"""
    hand = hand_cards(decision.message)
    codes = {MoveCb.unpack(d).code: d for _, d in decision.options}
    if "play" in codes:
        shown = cards_in_text(decision.message.text)
        proposed = shown[0] if shown else None
        if proposed is not None and sum(c.suit is proposed.suit for c in hand) <= 1:
            return codes["play"]
    names = [(code, d) for code, d in codes.items() if code.startswith("suit.")]
    if names:
        return min(names, key=lambda n: sum(c.suit.letter == n[0][-1] for c in hand))[1]
    if "pass" in codes:
        return codes["pass"]
    cards = _cards(decision)
    if not cards:
        return rng.choice(decision.options)[1]
    trump = trump_of(decision.message.text)
    return min(cards, key=lambda c: _force(c[0], trump))[1]


def greedy_passer(decision: Decision, rng: random.Random) -> str:
    """Never bids (passes when allowed), then plays its strongest legal card."""
    for _, data in decision.options:
        if MoveCb.unpack(data).code == "pass":
            return data
    cards = _cards(decision)
    if not cards:
        return rng.choice(decision.options)[1]
    trump = trump_of(decision.message.text)
    return max(cards, key=lambda c: _force(c[0], trump))[1]


@dataclass
class Driver:
    """Simulated people answering their decisions, pressing only buttons they see."""

    fake: FakeTelegram
    users: Sequence[FakeUser]
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    policies: dict[int, Policy] = field(default_factory=dict)
    game_id: int | None = None
    presses: int = 0
    last_move: int = -1
    pressed: list[tuple[FakeUser, Decision, str, Json]] = field(default_factory=list)

    def decisions(self) -> list[Decision]:
        out = []
        for user in self.users:
            decision = decision_of(user, self.game_id)
            if decision is not None and decision.move > self.last_move:
                out.append(decision)
        return out

    async def next_decision(self, done: Callable[[], object], timeout: float = 15.0) -> bool:  # noqa: ASYNC109
        """Wait for a decision newer than the last one pressed; False once ``done()``."""
        found = await self.fake.wait_for(lambda: "done" if done() else self.decisions(), timeout)
        return found != "done"

    async def press(self, decision: Decision, data: str | None = None) -> Json:
        if data is None:
            policy = self.policies.get(decision.user.id, random_policy)
            data = policy(decision, self.rng)
        query = decision.user.press(decision.message, callback_data=data)
        answer = await self.fake.wait_answer(query, timeout=15)
        self.presses += 1
        self.pressed.append((decision.user, decision, data, answer))
        assert not answer.get("show_alert"), f"refused {data}: {answer}"
        self.last_move = max(self.last_move, decision.move)
        return answer

    async def step(self, done: Callable[[], object] = lambda: False) -> bool:
        """Answer the next decision; False when ``done()`` came first."""
        if not await self.next_decision(done):
            return False
        decisions = self.decisions()
        if not decisions:
            return not done()
        await self.press(decisions[0])
        return True

    async def play_until(
        self,
        done: Callable[[], object],
        *,
        timeout: float = 120.0,  # noqa: ASYNC109
        max_presses: int = 2000,
    ) -> int:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        start = self.presses
        while not done():
            if loop.time() > deadline or self.presses - start > max_presses:
                raise TimeoutError(f"not done after {self.presses - start} presses")
            if not await self.step(done):
                break
        return self.presses - start


def game_over_message(chat: FakeChat | FakeUser, *, since: int = 0) -> StoredMessage | None:
    """The game-over message (after message ``since``), once it arrived."""
    for message in chat.messages() if isinstance(chat, FakeChat) else chat.private_messages():
        if message.message_id <= since:
            continue
        if message.from_bot and (message.text or "").startswith("🏆"):
            return message
    return None


def hand_results(chat: FakeChat | FakeUser) -> list[StoredMessage]:
    messages = chat.messages() if isinstance(chat, FakeChat) else chat.private_messages()
    return [m for m in messages if m.from_bot and (m.text or "").startswith("📋")]


# -- the truth, from the database --------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """The game after ``move`` actions."""

    move: int
    at: float
    """When the action was stored (epoch seconds); -inf for the dealt start."""
    hand_number: int
    hands: tuple[frozenset[Card], ...]


@dataclass(frozen=True)
class Disclosure:
    """Cards anyone at the table may know of in hand ``hand_number`` from time ``at``."""

    at: float
    hand_number: int
    cards: frozenset[Card]


def public_cards(game: Game) -> frozenset[Card]:
    """Played cards of the hand, the face-up card (and the seven exchanged for it), the
    winning melds after the first trick: what the rules show everyone."""
    view = game.public_view()
    cards: set[Card] = {card for record in view.tricks for card in record.cards}
    cards.update(card for _, card in view.trick)
    if view.proposed is not None:
        cards.add(view.proposed)
    if view.seven_exchanger is not None and view.trump is not None:
        cards.add(Card(view.trump, Rank.SEVEN))
    cards.update(card for _, card in view.known_cards)
    return frozenset(cards)


@dataclass
class Oracle:
    """The game as it really went: replayed from the stored seed and action log."""

    game_id: int
    status: db.GameStatus
    chat_id: int
    seats: list[db.Seat]
    steps: list[Step]
    disclosures: list[Disclosure]
    game: Game

    @classmethod
    async def load(cls, database_url: str, game_id: int) -> Oracle:
        async with database(database_url) as session:
            active = await db.load_game(session, game_id)
            row = active.row
            seats = await db.list_seats(session, game_id)
            actions = await db.list_actions(session, game_id)
            report = await db.replay_check(session, game_id)
        assert report.matches, report
        game = Game.new(row.player_count, Rules.from_json(row.rules), row.seed)
        steps = [_step(game, 0, float("-inf"))]
        disclosures = [Disclosure(float("-inf"), game.hand_number, public_cards(game))]
        for record in actions:
            at = record.created_at.timestamp()
            action = Action.parse(record.code)
            before, hand = public_cards(game), game.hand_number
            game.apply(action, record.seat)
            if isinstance(action, PlayCard):
                # The card that ended a hand is public in that hand, though the game
                # has already dealt the next one.
                disclosures.append(Disclosure(at, hand, before | {action.card}))
            steps.append(_step(game, record.seq, at))
            disclosures.append(Disclosure(at, game.hand_number, public_cards(game)))
        return cls(game_id, row.status, row.chat_id, seats, steps, disclosures, game)

    @property
    def sheet(self) -> tuple[HandResult, ...]:
        return self.game.sheet

    def seat_of(self, user_id: int) -> int:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        raise AssertionError(f"user {user_id} has no seat in game {self.game_id}")

    def user_ids(self) -> set[int]:
        return {seat.user_id for seat in self.seats if seat.user_id is not None}

    def baits(self) -> list[int]:
        return [r.hand_number for r in self.sheet if r.outcome is Outcome.BAIT]

    def public_by(self, at: float, hand_number: int | None) -> frozenset[Card]:
        """Cards public by time ``at`` (in that hand, when it is known)."""
        out: set[Card] = set()
        for disclosure in self.disclosures:
            if disclosure.at >= at:
                break
            if hand_number is None or disclosure.hand_number == hand_number:
                out |= disclosure.cards
        return frozenset(out)


def _step(game: Game, move: int, at: float) -> Step:
    hands = tuple(frozenset(game.hand(seat)) for seat in range(game.players))
    return Step(move, at, game.hand_number, hands)


async def game_status(database_url: str, game_id: int) -> db.GameStatus:
    engine = db.create_engine(database_url)
    try:
        async with db.create_sessionmaker(engine)() as session:
            status = await session.scalar(
                select(db.GameRecord.status).where(db.GameRecord.id == game_id)
            )
    finally:
        await engine.dispose()
    assert status is not None
    return status


@contextlib.asynccontextmanager
async def database(database_url: str) -> AsyncIterator[AsyncSession]:
    """A session on the bot's database, for test setup and checks."""
    engine = db.create_engine(database_url)
    try:
        async with db.create_sessionmaker(engine)() as session:
            yield session
    finally:
        await engine.dispose()


async def action_count(database_url: str, game_id: int) -> int:
    """How many moves the game has stored."""
    async with database(database_url) as session:
        return len(await db.list_actions(session, game_id))


async def start_game(
    fake: FakeTelegram,
    chat: FakeChat,
    opener: FakeUser,
    others: Sequence[FakeUser] = (),
    computers: Sequence[str] = (),
) -> Lobby:
    """/newgame by ``opener``, the others join, computers sit down, the opener starts."""
    lobby = Lobby(fake, chat)
    await lobby.open(opener)
    await lobby.wait_seated(opener.first_name)
    await lobby.join(*others)
    for kind in computers:
        await lobby.add_computer(opener, kind)
    await lobby.start(opener)
    return lobby


async def set_turn_timeout(database_url: str, chat_id: int, seconds: int) -> None:
    """The chat's turn time, written through the repository: the settings buttons offer
    30 s at least, and the tests cannot wait that long."""
    async with database(database_url) as session, session.begin():
        await db.update_chat_settings(session, chat_id, turn_timeout=seconds)


async def load_state(database_url: str, game_id: int) -> Game:
    """The game's stored engine state."""
    async with database(database_url) as session:
        active = await db.load_game(session, game_id)
    assert active.game is not None
    return active.game


async def stored_actions(database_url: str, game_id: int) -> list[tuple[int | None, str]]:
    """(seat, code) of every stored move."""
    async with database(database_url) as session:
        return [(a.seat, a.code) for a in await db.list_actions(session, game_id)]


def mentions(message: StoredMessage) -> list[int]:
    """User ids the message mentions (text_mention entities)."""
    return [e["user"]["id"] for e in message.entities if e.get("type") == "text_mention"]
