"""Simulated people: users who write, press buttons, start and block the bot, and the groups
they sit in. Every action produces the updates Telegram would send the bot, and refuses
(AssertionError) what a real client would not let a person do."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .formatting import utf16_len
from .models import (
    ADMINISTRATOR,
    CREATOR,
    GROUP,
    KICKED,
    LEFT,
    MEMBER,
    PRESENT_STATUSES,
    PRIVATE,
    RESTRICTED,
    RESTRICTED_LEFT,
    SUPERGROUP,
    ChatState,
    Json,
    StoredMessage,
    UserState,
)
from .state import World

_COMMAND_RE = re.compile(r"^/[A-Za-z0-9_]{1,64}(?:@([A-Za-z0-9_]{1,64}))?(?=\s|$)")

MessageRef = StoredMessage | Mapping[str, Any]


class FakeChat:
    """A chat as tests see it; group-management actions live here."""

    def __init__(self, world: World, state: ChatState) -> None:
        self._world = world
        self.state = state

    @property
    def id(self) -> int:
        return self.state.id

    @property
    def type(self) -> str:
        return self.state.type

    @property
    def title(self) -> str | None:
        return self.state.title

    @property
    def bot_status(self) -> str:
        return self._world.bot_status(self.state)

    def member_ids(self) -> list[int]:
        return [uid for uid, s in self.state.members.items() if s in PRESENT_STATUSES]

    def messages(self, *, include_deleted: bool = False) -> list[StoredMessage]:
        return [m for m in self.state.messages.values() if include_deleted or not m.deleted]

    def add_member(self, user: FakeUser, *, admin: bool = False, announce: bool = True) -> None:
        """`user` joins; with `announce`, the bot gets the new_chat_members service message."""
        self._require_group()
        self.state.members[user.id] = ADMINISTRATOR if admin else MEMBER
        if announce:
            self._service(user.state, {"new_chat_members": [user.state.to_json()]})

    def remove_member(self, user: FakeUser, *, kicked: bool = False, announce: bool = True) -> None:
        self._require_group()
        self.state.members[user.id] = KICKED if kicked else LEFT
        if announce:
            self._service(user.state, {"left_chat_member": user.state.to_json()})

    def restrict(self, user: FakeUser, *, is_member: bool = True) -> None:
        """An admin restricts `user` (a supergroup's ChatMemberRestricted); with
        ``is_member=False`` the restricted user is not in the group (left, or never came)."""
        self._require_group()
        self.state.members[user.id] = RESTRICTED if is_member else RESTRICTED_LEFT

    def remove_bot(self, *, by: FakeUser | None = None, kicked: bool = True) -> None:
        """An admin removes the bot: my_chat_member to "kicked" (or "left")."""
        self._require_group()
        actor = by.state if by is not None else self._default_actor()
        old = self.state.bot_status
        self.state.bot_status = KICKED if kicked else LEFT
        self._world.push_my_chat_member(self.state, actor, old, self.state.bot_status)

    def add_bot(self, *, by: FakeUser | None = None, admin: bool = False) -> None:
        """Someone adds the bot back: my_chat_member, then the new_chat_members message."""
        self._require_group()
        actor = by.state if by is not None else self._default_actor()
        old = self.state.bot_status
        self.state.bot_status = ADMINISTRATOR if admin else MEMBER
        self._world.push_my_chat_member(self.state, actor, old, self.state.bot_status)
        self._service(actor, {"new_chat_members": [self._world.bot.to_json()]})

    def migrate_to_supergroup(self, *, by: FakeUser | None = None) -> FakeChat:
        """Upgrade a basic group. The old id then answers 400 with migrate_to_chat_id.

        Message ids start afresh in the supergroup; the bot's old message ids are not valid
        there, which is the situation a bot has to survive on Telegram too."""
        if self.state.type != GROUP or self.state.migrated_to is not None:
            raise AssertionError(f"chat {self.id} is not a basic group that can be upgraded")
        world = self._world
        actor = by.state if by is not None else self._default_actor()
        old = self.state
        new = ChatState(
            id=world.new_supergroup_id(),
            type=SUPERGROUP,
            title=old.title,
            members=dict(old.members),
            bot_status=old.bot_status,
        )
        world.chats[new.id] = new
        self._service(actor, {"migrate_to_chat_id": new.id})
        old.migrated_to = new.id
        FakeChat(world, new)._service(actor, {"migrate_from_chat_id": old.id})
        return FakeChat(world, new)

    def _service(self, actor: UserState, fields: Json) -> StoredMessage:
        message = self._world.post(self.state, actor, None, service=fields)
        if self.bot_status in PRESENT_STATUSES:
            self._world.push_update("message", message.to_json())
        return message

    def _default_actor(self) -> UserState:
        members = self.state.members
        rank = {CREATOR: 0, ADMINISTRATOR: 1}
        ranked = sorted(members, key=lambda uid: rank.get(members[uid], 2))
        for uid in ranked:
            if members[uid] in PRESENT_STATUSES:
                return self._world.users[uid]
        raise AssertionError(f"chat {self.id} has no members; say who acts with by=")

    def _require_group(self) -> None:
        if not self.state.is_group:
            raise AssertionError(f"chat {self.id} is not a group")
        if self.state.migrated_to is not None:
            raise AssertionError(f"group {self.id} was upgraded to {self.state.migrated_to}")

    def __repr__(self) -> str:
        return f"FakeChat({self.id}, {self.type}, {self.title!r})"


class FakeUser:
    """A person using Telegram; actions queue the updates their client would cause."""

    def __init__(self, world: World, state: UserState) -> None:
        self._world = world
        self.state = state

    @property
    def id(self) -> int:
        return self.state.id

    @property
    def first_name(self) -> str:
        return self.state.first_name

    @property
    def username(self) -> str | None:
        return self.state.username

    @property
    def started(self) -> bool:
        return self.state.started

    @property
    def blocked(self) -> bool:
        return self.state.blocked

    @property
    def chat(self) -> FakeChat:
        """This user's private chat with the bot."""
        return FakeChat(self._world, self._world.private_chat(self.state))

    def json(self) -> Json:
        return self.state.to_json()

    # -- the private chat ----------------------------------------------------------------

    def start_bot(self, payload: str | None = None) -> Json:
        """Press Start (or Restart after blocking), optionally via a deep link's payload."""
        world = self._world
        chat = world.private_chat(self.state)
        if self.state.blocked:
            self.state.blocked = False
            world.push_my_chat_member(chat, self.state, KICKED, MEMBER)
        self.state.started = True
        return self.send(self.chat, f"/start {payload}" if payload else "/start")

    def block_bot(self) -> None:
        """Block the bot: it gets my_chat_member "kicked" and 403 on writing here."""
        if self.state.blocked:
            return
        self.state.blocked = True
        world = self._world
        world.push_my_chat_member(world.private_chat(self.state), self.state, MEMBER, KICKED)

    def private_messages(self, *, include_deleted: bool = False) -> list[StoredMessage]:
        """What the bot has sent this user privately, oldest first (current versions)."""
        return [m for m in self.chat.messages(include_deleted=include_deleted) if m.from_bot]

    def last_private_message(self) -> StoredMessage:
        messages = self.private_messages()
        if not messages:
            raise AssertionError(f"the bot has sent nothing to {self.first_name} privately")
        return messages[-1]

    def follow_link(self, url: str) -> Json:
        """Open a t.me/<bot>?start=<payload> link and press Start, as the client does."""
        parts = urlsplit(url if "://" in url else f"https://{url}")
        query = parse_qs(parts.query)
        if parts.scheme == "tg":
            domain = query.get("domain", [""])[0]
        elif parts.netloc.lower() in ("t.me", "telegram.me"):
            domain = parts.path.strip("/")
        else:
            raise AssertionError(f"{url!r} is not a Telegram link")
        if domain.lower() != (self._world.bot.username or "").lower():
            raise AssertionError(f"{url!r} does not lead to @{self._world.bot.username}")
        if "start" not in query and query:
            raise AssertionError(f"only start links are simulated, not {url!r}")
        return self.start_bot(query["start"][0] if "start" in query else None)

    # -- writing -------------------------------------------------------------------------

    def send(
        self,
        chat: ChatRef,
        text: str,
        *,
        reply_to: MessageRef | None = None,
        anonymously: bool = False,
    ) -> Json:
        """Write `text` in a chat; returns the Message as Telegram would show it.

        A leading /command gets a bot_command entity. In groups the bot receives the message
        only where Telegram's privacy mode would let it. ``anonymously``: an admin who
        "remains anonymous" writes as the group (from GroupAnonymousBot, sender_chat the
        group), so the bot cannot tell who it is."""
        world = self._world
        state = self._chat_state(chat)
        if anonymously and state.members.get(self.id) not in (CREATOR, ADMINISTRATOR):
            raise AssertionError(f"only an admin of {state.title!r} can write anonymously")
        if state.type == PRIVATE:
            if state.user is not self.state:
                raise AssertionError("a user can only write in their own chat with the bot")
            if not self.state.started or self.state.blocked:
                raise AssertionError(f"{self.first_name} must start_bot() before writing to it")
        else:
            self._require_visible(state)
        entities: list[Json] = []
        target: str | None = None
        if match := _COMMAND_RE.match(text):
            entities.append({"type": "bot_command", "offset": 0, "length": utf16_len(match[0])})
            target = match[1]
        replied = self._message(reply_to) if reply_to is not None else None
        if replied is not None and replied.chat is not state:
            raise AssertionError("a reply must be in the same chat")
        sender = world.group_anonymous_bot if anonymously else self.state
        message = world.post(
            state,
            sender,
            text,
            entities=entities,
            reply_to=replied,
            sender_chat=state if anonymously else None,
        )
        if self._bot_receives(state, message, is_command=bool(entities), target=target):
            world.push_update("message", message.to_json())
        return message.to_json()

    def send_private(self, text: str) -> Json:
        return self.send(self.chat, text)

    def _bot_receives(
        self, chat: ChatState, message: StoredMessage, *, is_command: bool, target: str | None
    ) -> bool:
        world = self._world
        if chat.type == PRIVATE:
            return True
        if world.bot_status(chat) not in PRESENT_STATUSES:
            return False
        if not world.privacy_mode or chat.bot_status == ADMINISTRATOR:
            return True
        if is_command:
            # With privacy mode on, /cmd@otherbot goes to the other bot only.
            return target is None or target.lower() == (world.bot.username or "").lower()
        replied = message.reply_to
        return replied is not None and replied.sender is world.bot

    # -- pressing buttons ----------------------------------------------------------------

    def press(
        self,
        message: MessageRef,
        button_text: str | None = None,
        *,
        callback_data: str | None = None,
    ) -> str:
        """Press an inline button that is on the message now; returns the callback query id.

        The button is looked up in the message's current markup, not in the dict passed in,
        so a keyboard the bot has since edited away cannot be pressed."""
        if button_text is None and callback_data is None:
            raise AssertionError("say which button: button_text and/or callback_data")
        stored = self._message(message)
        if stored.deleted:
            raise AssertionError(f"message {stored.message_id} was deleted")
        self._require_visible(stored.chat)
        matching = [
            b
            for row in stored.buttons()
            for b in row
            if (button_text is None or b["text"] == button_text)
            and (callback_data is None or b.get("callback_data") == callback_data)
        ]
        if not matching:
            raise AssertionError(
                f"no button {button_text or callback_data!r} on message {stored.message_id} in "
                f"chat {stored.chat_id}; it shows {stored.button_texts()}"
            )
        data = {b["callback_data"] for b in matching if "callback_data" in b}
        if not data:
            raise AssertionError(f"button {button_text!r} is not a callback button")
        if len(data) > 1:
            raise AssertionError(f"button {button_text!r} is ambiguous: {sorted(data)}")
        return self._callback(stored.chat, stored.message_id, data.pop())

    def press_url(self, message: MessageRef, button_text: str) -> Json:
        """Press a URL button leading to the bot (a deep link) and follow it."""
        stored = self._message(message)
        self._require_visible(stored.chat)
        urls = [b["url"] for row in stored.buttons() for b in row if b["text"] == button_text]
        if not urls or not urls[0]:
            raise AssertionError(f"no URL button {button_text!r}; it shows {stored.button_texts()}")
        return self.follow_link(urls[0])

    def press_raw(self, chat: ChatRef, message_id: int, data: str) -> str:
        """Send callback data that need not be on any button: forged or long gone."""
        return self._callback(self._chat_state(chat), message_id, data)

    def _callback(self, chat: ChatState, message_id: int, data: str) -> str:
        world = self._world
        query = world.new_callback_query(self.state, chat.id, message_id, data)
        stored = chat.messages.get(message_id)
        if stored is not None and not stored.deleted:
            message = stored.to_json()
        else:
            # What Telegram sends for a message the bot can no longer see.
            message = {"chat": chat.to_json(), "message_id": message_id, "date": 0}
        world.push_update(
            "callback_query",
            {
                "id": query.id,
                "from": self.state.to_json(),
                "message": message,
                "chat_instance": str((chat.id * 2_654_435_761 + world.bot.id) % 2**62),
                "data": data,
            },
        )
        return query.id

    # -- helpers -------------------------------------------------------------------------

    def _chat_state(self, chat: ChatRef) -> ChatState:
        if isinstance(chat, FakeChat):
            return chat.state
        if isinstance(chat, FakeUser):
            return self._world.private_chat(chat.state)
        state = self._world.find_chat(chat)
        if state is None:
            raise AssertionError(f"no chat {chat}")
        return state

    def _message(self, ref: MessageRef) -> StoredMessage:
        if isinstance(ref, StoredMessage):
            return ref
        chat_id = ref["chat"]["id"]
        state = self._world.find_chat(chat_id)
        stored = state.messages.get(ref["message_id"]) if state is not None else None
        if stored is None:
            raise AssertionError(f"no message {ref['message_id']} in chat {chat_id}")
        return stored

    def _require_visible(self, chat: ChatState) -> None:
        if chat.type == PRIVATE:
            if chat.user is not self.state:
                raise AssertionError(f"{self.first_name} cannot see another user's private chat")
            return
        if chat.migrated_to is not None:
            raise AssertionError(f"group {chat.id} was upgraded to {chat.migrated_to}")
        if chat.members.get(self.id) not in PRESENT_STATUSES:
            raise AssertionError(f"{self.first_name} is not a member of {chat.title!r}")

    def __repr__(self) -> str:
        return f"FakeUser({self.id}, {self.first_name!r})"


# A chat by handle, by id, or a user standing for their private chat with the bot.
ChatRef = FakeChat | FakeUser | int
