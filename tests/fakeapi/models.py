"""What the fake server knows: users, chats, messages, callback queries and recorded calls.

Plain data with Telegram-JSON serializers; behaviour lives in the method handlers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import ApiError
from .validation import inline_keyboard

Json = dict[str, Any]
Entity = dict[str, Any]

PRIVATE = "private"
GROUP = "group"
SUPERGROUP = "supergroup"

# Chat member statuses, as the Bot API spells them.
CREATOR = "creator"
ADMINISTRATOR = "administrator"
MEMBER = "member"
LEFT = "left"
KICKED = "kicked"
# Restricted (muted, say) and still in the group: ChatMemberRestricted with is_member.
RESTRICTED = "restricted"
# The fake's own spelling for a restricted user who is not in the group (Telegram says
# "restricted" with is_member false); member_json writes the API's form.
RESTRICTED_LEFT = "restricted-left"
PRESENT_STATUSES = frozenset({CREATOR, ADMINISTRATOR, MEMBER, RESTRICTED})

# Who Telegram names as the sender of a message an anonymous group admin writes; the
# group itself is then the message's sender_chat.
GROUP_ANONYMOUS_BOT_ID = 1087968824


_RESTRICTED_PERMISSIONS = (
    "can_send_messages",
    "can_send_audios",
    "can_send_documents",
    "can_send_photos",
    "can_send_videos",
    "can_send_video_notes",
    "can_send_voice_notes",
    "can_send_polls",
    "can_send_other_messages",
    "can_add_web_page_previews",
    "can_react_to_messages",
    "can_edit_tag",
    "can_change_info",
    "can_invite_users",
    "can_pin_messages",
    "can_manage_topics",
)


@dataclass(eq=False)
class UserState:
    id: int
    first_name: str
    username: str | None = None
    language_code: str | None = None
    last_name: str | None = None
    is_bot: bool = False
    # Pressed Start in the private chat, so the bot may write there.
    started: bool = False
    blocked: bool = False

    def to_json(self, *, with_language: bool = True) -> Json:
        """The User object; Telegram reveals language_code only where the user acts."""
        data: Json = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.last_name:
            data["last_name"] = self.last_name
        if self.username:
            data["username"] = self.username
        if with_language and self.language_code and not self.is_bot:
            data["language_code"] = self.language_code
        return data


@dataclass(eq=False)
class ChatState:
    id: int
    type: str
    title: str | None = None
    username: str | None = None
    # The other party of a private chat.
    user: UserState | None = None
    # Group membership by user id; the bot's own status is `bot_status`.
    members: dict[int, str] = field(default_factory=dict)
    bot_status: str = MEMBER
    migrated_to: int | None = None
    messages: dict[int, StoredMessage] = field(default_factory=dict)
    next_message_id: int = 1
    pinned: list[int] = field(default_factory=list)

    @property
    def is_group(self) -> bool:
        return self.type in (GROUP, SUPERGROUP)

    def to_json(self) -> Json:
        data: Json = {"id": self.id, "type": self.type}
        if self.type == PRIVATE and self.user is not None:
            data["first_name"] = self.user.first_name
            if self.user.last_name:
                data["last_name"] = self.user.last_name
            if self.user.username:
                data["username"] = self.user.username
        else:
            data["title"] = self.title or ""
            if self.username:
                data["username"] = self.username
        return data


@dataclass(eq=False)
class MessageVersion:
    """One state of a message: what it looked like before an edit replaced it."""

    text: str | None
    entities: list[Entity]
    reply_markup: Json | None
    raw_text: str | None
    parse_mode: str | None
    at: float


@dataclass(frozen=True)
class StoredPhoto:
    """A photo as the bot uploaded it: the file and what Telegram reports of it."""

    data: bytes
    width: int
    height: int
    file_id: str

    def sizes(self) -> list[Json]:
        # Telegram lists a thumbnail and the original; the fake keeps only the original.
        return [
            {
                "file_id": self.file_id,
                "file_unique_id": self.file_id[-16:],
                "width": self.width,
                "height": self.height,
                "file_size": len(self.data),
            }
        ]


@dataclass(eq=False)
class StoredMessage:
    """A message as it stands now; `history` keeps what edits replaced, oldest first."""

    chat: ChatState
    message_id: int
    sender: UserState
    date: int
    text: str | None
    entities: list[Entity] = field(default_factory=list)
    # Only an inline keyboard stays attached to a message; other keyboards are not kept.
    reply_markup: Json | None = None
    # The text as the bot sent it, before parse_mode was applied.
    raw_text: str | None = None
    parse_mode: str | None = None
    edit_date: int | None = None
    deleted: bool = False
    history: list[MessageVersion] = field(default_factory=list)
    reply_to: StoredMessage | None = None
    # A message sent on behalf of a chat (an anonymous admin: the group itself).
    sender_chat: ChatState | None = None
    # Service-message fields such as migrate_to_chat_id.
    service: Json = field(default_factory=dict)
    created_at: float = 0.0
    # When the current version appeared: the last edit, or the creation.
    updated_at: float = 0.0
    photo: StoredPhoto | None = None
    caption: str | None = None
    caption_entities: list[Entity] = field(default_factory=list)

    @property
    def chat_id(self) -> int:
        return self.chat.id

    @property
    def from_id(self) -> int:
        return self.sender.id

    @property
    def from_bot(self) -> bool:
        return self.sender.is_bot

    def buttons(self) -> list[list[Json]]:
        """Rows of the inline keyboard currently on the message."""
        return inline_keyboard(self.reply_markup) or []

    def button_texts(self) -> list[str]:
        return [b["text"] for row in self.buttons() for b in row]

    def callback_data(self) -> list[str]:
        return [b["callback_data"] for row in self.buttons() for b in row if "callback_data" in b]

    def snapshot(self) -> MessageVersion:
        """The current version, detached from later edits."""
        return MessageVersion(
            self.text,
            list(self.entities),
            self.reply_markup,
            self.raw_text,
            self.parse_mode,
            self.updated_at,
        )

    def versions(self) -> list[MessageVersion]:
        """Every state the message went through, the current one last."""
        return [*self.history, self.snapshot()]

    def to_json(self, *, with_reply: bool = True) -> Json:
        data: Json = {
            "message_id": self.message_id,
            "from": self.sender.to_json(),
            "chat": self.chat.to_json(),
            "date": self.date,
        }
        if self.sender_chat is not None:
            data["sender_chat"] = self.sender_chat.to_json()
        if self.edit_date is not None:
            data["edit_date"] = self.edit_date
        if self.text is not None:
            data["text"] = self.text
            if self.entities:
                data["entities"] = [dict(e) for e in self.entities]
        if self.photo is not None:
            data["photo"] = self.photo.sizes()
        if self.caption is not None:
            data["caption"] = self.caption
            if self.caption_entities:
                data["caption_entities"] = [dict(e) for e in self.caption_entities]
        if with_reply and self.reply_to is not None:
            # Telegram nests the replied message one level deep only.
            data["reply_to_message"] = self.reply_to.to_json(with_reply=False)
        if rows := inline_keyboard(self.reply_markup):
            data["reply_markup"] = {"inline_keyboard": rows}
        data.update(self.service)
        return data


@dataclass(eq=False)
class CallbackQueryState:
    id: str
    user: UserState
    chat_id: int
    message_id: int
    data: str
    created_at: float
    # The answerCallbackQuery parameters once answered.
    answer: Json | None = None


@dataclass(eq=False)
class Call:
    """One Bot API request as the server saw it."""

    method: str
    params: Json
    at: float
    chat_id: int | None = None
    result: Any = None
    error: ApiError | None = None
    # "http" for requests, "webhook-reply" for a method returned in a webhook response.
    source: str = "http"

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def description(self) -> str | None:
        return self.error.description if self.error is not None else None

    @property
    def text(self) -> str | None:
        text = self.params.get("text")
        return text if isinstance(text, str) else None

    def __repr__(self) -> str:
        outcome = "ok" if self.error is None else f"{self.error.error_code} {self.description}"
        return f"Call({self.method}, chat_id={self.chat_id}, {outcome})"


@dataclass(eq=False)
class WebhookConfig:
    url: str
    secret_token: str | None
    max_connections: int
    allowed_updates: list[str] | None
    last_error_date: int | None = None
    last_error_message: str | None = None


@dataclass(frozen=True)
class WebhookDelivery:
    """One attempt to POST an update to the webhook."""

    update_id: int
    url: str
    status: int | None
    error: str | None
    at: float


def member_json(user: UserState, status: str) -> Json:
    """A ChatMember object with every field the status requires."""
    data: Json = {"status": status, "user": user.to_json()}
    if status in (RESTRICTED, RESTRICTED_LEFT):
        data.update(
            status=RESTRICTED,
            is_member=status == RESTRICTED,
            until_date=0,
            **dict.fromkeys(_RESTRICTED_PERMISSIONS, False),
        )
    elif status == CREATOR:
        data["is_anonymous"] = False
    elif status == ADMINISTRATOR:
        data.update(
            can_be_edited=False,
            is_anonymous=False,
            can_manage_chat=True,
            can_delete_messages=True,
            can_manage_video_chats=True,
            can_restrict_members=True,
            can_promote_members=False,
            can_change_info=True,
            can_invite_users=True,
            can_post_stories=False,
            can_edit_stories=False,
            can_delete_stories=False,
            can_send_welcome_messages=False,
            can_pin_messages=True,
        )
    elif status == KICKED:
        data["until_date"] = 0
    return data
