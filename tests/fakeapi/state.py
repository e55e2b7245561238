"""The fake Telegram's world: everything the server knows, plus change notification."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from .errors import (
    BLOCKED_BY_USER,
    CANT_INITIATE,
    CANT_SEND_TO_BOTS,
    CHAT_NOT_FOUND,
    ApiError,
    bad_request,
    forbidden,
    group_upgraded,
    kicked_from,
    not_a_member_of,
)
from .limits import FloodControl, FloodLimits
from .models import (
    GROUP,
    GROUP_ANONYMOUS_BOT_ID,
    KICKED,
    LEFT,
    PRIVATE,
    SUPERGROUP,
    Call,
    CallbackQueryState,
    ChatState,
    Entity,
    Json,
    StoredMessage,
    StoredPhoto,
    UserState,
    WebhookConfig,
    WebhookDelivery,
    member_json,
)
from .updates import UpdateQueue

_FIRST_USER_ID = 100_000_001
_FIRST_GROUP_ID = 4_000_000_001
_SUPERGROUP_BASE = 1_000_000_000_000


class Signal:
    """Wakes every waiter on each change; waiters re-check their own condition."""

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def fire(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    async def wait(self, seconds: float | None) -> None:
        """Return on the next change, or after `seconds` (None: no limit)."""
        event = self._event
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), seconds)


class InjectedError:
    """A failure a test asked for: the next matching calls get this error instead."""

    def __init__(self, method: str, chat_id: int | None, error: ApiError, times: int) -> None:
        self.method = method
        self.chat_id = chat_id
        self.error = error
        self.times = times

    def matches(self, method: str, chat_id: int | None) -> bool:
        return self.method == method and self.chat_id in (None, chat_id)


class World:
    def __init__(
        self,
        *,
        token: str,
        bot_username: str,
        bot_first_name: str,
        privacy_mode: bool,
        limits: FloodLimits,
        callback_answer_timeout: float | None,
        clock: Callable[[], float],
        wall_clock: Callable[[], float],
    ) -> None:
        self.token = token
        self.bot = UserState(
            id=int(token.split(":", 1)[0]),
            first_name=bot_first_name,
            username=bot_username,
            is_bot=True,
        )
        self.group_anonymous_bot = UserState(
            id=GROUP_ANONYMOUS_BOT_ID,
            first_name="Group",
            username="GroupAnonymousBot",
            is_bot=True,
        )
        self.privacy_mode = privacy_mode
        self.callback_answer_timeout = callback_answer_timeout
        self.clock = clock
        self.wall_clock = wall_clock
        self.flood = FloodControl(limits, clock)
        self.users: dict[int, UserState] = {}
        self.chats: dict[int, ChatState] = {}
        self.callback_queries: dict[str, CallbackQueryState] = {}
        self.updates = UpdateQueue()
        self.calls: list[Call] = []
        # setMyCommands storage keyed by (canonical scope, language_code).
        self.commands: dict[tuple[str, str], list[dict[str, str]]] = {}
        # setMyName / setMyDescription / setMyShortDescription keyed by (kind, language_code).
        self.bot_texts: dict[tuple[str, str], str] = {}
        self.menu_buttons: dict[int | None, Json] = {}
        self.webhook: WebhookConfig | None = None
        self.webhook_log: list[WebhookDelivery] = []
        self.injected: list[InjectedError] = []
        # Tracebacks of exceptions raised by the fake's own handlers.
        self.internal_errors: list[str] = []
        self.signal = Signal()
        # Called with every message posted or edited, at once (simulated people who react
        # to what their screen shows, without polling every chat).
        self.message_watchers: list[Callable[[StoredMessage], None]] = []
        # Requests being served (long polls excluded) and when anything last happened.
        self.in_flight = 0
        self.last_activity = 0.0
        self.closing = False
        # Bumped by every getUpdates so an older long poll knows it was superseded.
        self.poll_generation = 0
        self._next_user_id = _FIRST_USER_ID
        self._next_group_id = _FIRST_GROUP_ID
        self._next_query_id = 1

    # -- change notification -------------------------------------------------------------

    def touch(self) -> None:
        """Note activity (for wait_idle) and wake everyone waiting on state."""
        with contextlib.suppress(RuntimeError):
            self.last_activity = asyncio.get_running_loop().time()
        self.signal.fire()

    def record(self, call: Call) -> None:
        self.calls.append(call)
        if call.method != "getUpdates":
            self.touch()
        else:
            self.signal.fire()

    def date(self) -> int:
        return int(self.wall_clock())

    # -- users and chats -----------------------------------------------------------------

    def add_user(
        self,
        first_name: str,
        username: str | None,
        language_code: str | None,
        last_name: str | None,
        started: bool,
    ) -> UserState:
        user = UserState(
            id=self._next_user_id,
            first_name=first_name,
            username=username,
            language_code=language_code,
            last_name=last_name,
            started=started,
        )
        self._next_user_id += 1
        self.users[user.id] = user
        return user

    def add_group(self, title: str, supergroup: bool, username: str | None) -> ChatState:
        number = self._next_group_id
        self._next_group_id += 1
        chat_id = -(_SUPERGROUP_BASE + number) if supergroup else -number
        chat = ChatState(
            id=chat_id, type=SUPERGROUP if supergroup else GROUP, title=title, username=username
        )
        self.chats[chat.id] = chat
        return chat

    def new_supergroup_id(self) -> int:
        number = self._next_group_id
        self._next_group_id += 1
        return -(_SUPERGROUP_BASE + number)

    def private_chat(self, user: UserState) -> ChatState:
        chat = self.chats.get(user.id)
        if chat is None:
            chat = ChatState(id=user.id, type=PRIVATE, user=user)
            self.chats[user.id] = chat
        return chat

    def find_chat(self, ref: Any) -> ChatState | None:
        """A chat by id or "@username", as chat_id parameters name it."""
        if isinstance(ref, str):
            if ref.startswith("@"):
                wanted = ref[1:].lower()
                for chat in self.chats.values():
                    if chat.is_group and chat.username and chat.username.lower() == wanted:
                        return chat
                return None
            try:
                ref = int(ref)
            except ValueError:
                return None
        if not isinstance(ref, int) or isinstance(ref, bool):
            return None
        if ref in self.chats:
            return self.chats[ref]
        if ref in self.users:
            return self.private_chat(self.users[ref])
        return None

    def user_json(self, user_id: int) -> Json | None:
        """The user a tg://user?id= mention refers to, as an entity carries it."""
        user = self.users.get(user_id) or (self.bot if user_id == self.bot.id else None)
        return user.to_json(with_language=False) if user is not None else None

    def status_of(self, chat: ChatState, user_id: int) -> str:
        if user_id == self.bot.id:
            return self.bot_status(chat)
        if chat.type == PRIVATE:
            return "member" if chat.user is not None and chat.user.id == user_id else LEFT
        return chat.members.get(user_id, LEFT)

    def bot_status(self, chat: ChatState) -> str:
        if chat.type == PRIVATE:
            return KICKED if chat.user is not None and chat.user.blocked else "member"
        return chat.bot_status

    def chat_for_bot(self, ref: Any, *, write: bool = True) -> ChatState:
        """Resolve a chat_id parameter and refuse as Telegram does when the bot can't use it.

        `write` is for methods that post into the chat; reading a private chat's info works
        even before the user started the bot."""
        if ref is None or ref == "":
            raise bad_request("chat_id is empty")
        chat = self.find_chat(ref)
        if chat is None:
            raise bad_request(CHAT_NOT_FOUND)
        if chat.migrated_to is not None:
            raise group_upgraded(chat.migrated_to)
        if chat.type == PRIVATE:
            user = chat.user
            assert user is not None
            if write and user.is_bot:
                raise forbidden(CANT_SEND_TO_BOTS)
            if write and user.blocked:
                raise forbidden(BLOCKED_BY_USER)
            if write and not user.started:
                raise forbidden(CANT_INITIATE)
        elif chat.bot_status == KICKED:
            raise kicked_from(chat.type)
        elif chat.bot_status == LEFT:
            raise not_a_member_of(chat.type)
        return chat

    # -- messages ------------------------------------------------------------------------

    def post(
        self,
        chat: ChatState,
        sender: UserState,
        text: str | None,
        *,
        entities: list[Entity] | None = None,
        reply_markup: Json | None = None,
        raw_text: str | None = None,
        parse_mode: str | None = None,
        reply_to: StoredMessage | None = None,
        service: Json | None = None,
        sender_chat: ChatState | None = None,
        photo: StoredPhoto | None = None,
        caption: str | None = None,
        caption_entities: list[Entity] | None = None,
    ) -> StoredMessage:
        message = StoredMessage(
            chat=chat,
            message_id=chat.next_message_id,
            sender=sender,
            date=self.date(),
            text=text,
            entities=list(entities or []),
            reply_markup=reply_markup,
            raw_text=raw_text,
            parse_mode=parse_mode,
            reply_to=reply_to,
            sender_chat=sender_chat,
            service=dict(service or {}),
            created_at=self.clock(),
            photo=photo,
            caption=caption,
            caption_entities=list(caption_entities or []),
        )
        message.updated_at = message.created_at
        chat.next_message_id += 1
        chat.messages[message.message_id] = message
        self.touch()
        self._notify(message)
        return message

    def edit(
        self,
        message: StoredMessage,
        *,
        text: str | None,
        entities: list[Entity],
        reply_markup: Json | None,
        raw_text: str | None,
        parse_mode: str | None,
    ) -> None:
        message.history.append(message.snapshot())
        message.updated_at = self.clock()
        message.text = text
        message.entities = entities
        message.reply_markup = reply_markup
        message.raw_text = raw_text
        message.parse_mode = parse_mode
        message.edit_date = self.date()
        self.touch()
        self._notify(message)

    def _notify(self, message: StoredMessage) -> None:
        for watcher in self.message_watchers:
            watcher(message)

    # -- updates -------------------------------------------------------------------------

    def push_update(self, kind: str, payload: Json) -> Json | None:
        update = self.updates.push(kind, payload)
        self.touch()
        return update

    def push_my_chat_member(
        self, chat: ChatState, actor: UserState, old_status: str, new_status: str
    ) -> None:
        self.push_update(
            "my_chat_member",
            {
                "chat": chat.to_json(),
                "from": actor.to_json(),
                "date": self.date(),
                "old_chat_member": member_json(self.bot, old_status),
                "new_chat_member": member_json(self.bot, new_status),
            },
        )

    def new_callback_query(
        self, user: UserState, chat_id: int, message_id: int, data: str
    ) -> CallbackQueryState:
        query_id = str(self.bot.id * 1_000_000_000 + self._next_query_id)
        self._next_query_id += 1
        query = CallbackQueryState(query_id, user, chat_id, message_id, data, self.clock())
        self.callback_queries[query_id] = query
        return query

    # -- test-injected failures ----------------------------------------------------------

    def take_injected(self, method: str, chat_id: int | None) -> ApiError | None:
        for injected in self.injected:
            if injected.matches(method, chat_id):
                injected.times -= 1
                if injected.times <= 0:
                    self.injected.remove(injected)
                return injected.error
        return None
