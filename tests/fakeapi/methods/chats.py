"""Chat information and chat-level actions."""

from __future__ import annotations

from ..errors import USER_NOT_FOUND, bad_request
from ..models import (
    ADMINISTRATOR,
    CREATOR,
    LEFT,
    PRESENT_STATUSES,
    PRIVATE,
    ChatState,
    Json,
    member_json,
)
from ..params import Params
from ..state import World
from .common import Handler, chat_param, message_param

_CHAT_ACTIONS = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)


def get_chat(world: World, p: Params) -> Json:
    chat = chat_param(world, p, write=False)
    data = chat.to_json()
    # ChatFullInfo fields that aiogram requires.
    data.update(
        accent_color_id=0,
        max_reaction_count=11,
        accepted_gift_types={
            "unlimited_gifts": False,
            "limited_gifts": False,
            "unique_gifts": False,
            "premium_subscription": False,
            "gifts_from_channels": False,
        },
    )
    if chat.pinned and (pinned := chat.messages.get(chat.pinned[-1])) and not pinned.deleted:
        data["pinned_message"] = pinned.to_json()
    return data


def _member(world: World, chat: ChatState, user_id: int) -> Json:
    if user_id == world.bot.id:
        return member_json(world.bot, world.status_of(chat, user_id))
    user = world.users.get(user_id)
    if user is None:
        raise bad_request(USER_NOT_FOUND)
    return member_json(user, world.status_of(chat, user_id))


def get_chat_member(world: World, p: Params) -> Json:
    chat = chat_param(world, p, write=False)
    user_id = p.integer("user_id")
    if user_id is None:
        raise bad_request("user_id is empty")
    return _member(world, chat, user_id)


def get_chat_administrators(world: World, p: Params) -> list[Json]:
    chat = chat_param(world, p, write=False)
    if chat.type == PRIVATE:
        raise bad_request("there are no administrators in the private chat")
    admins = [
        _member(world, chat, user_id)
        for user_id, status in chat.members.items()
        if status in (CREATOR, ADMINISTRATOR)
    ]
    if chat.bot_status == ADMINISTRATOR:
        admins.append(member_json(world.bot, ADMINISTRATOR))
    return admins


def get_chat_member_count(world: World, p: Params) -> int:
    chat = chat_param(world, p, write=False)
    if chat.type == PRIVATE:
        return 2
    humans = sum(1 for status in chat.members.values() if status in PRESENT_STATUSES)
    return humans + (1 if chat.bot_status in PRESENT_STATUSES else 0)


def leave_chat(world: World, p: Params) -> bool:
    chat = chat_param(world, p, write=False)
    if chat.type == PRIVATE:
        raise bad_request("chat member status can't be changed in private chats")
    old = chat.bot_status
    chat.bot_status = LEFT
    world.push_my_chat_member(chat, world.bot, old, LEFT)
    return True


def send_chat_action(world: World, p: Params) -> bool:
    chat_param(world, p)
    if p.text("action") not in _CHAT_ACTIONS:
        raise bad_request("wrong parameter action in request")
    return True


def pin_chat_message(world: World, p: Params) -> bool:
    # Members may pin by default in new groups, so no admin rights are demanded here.
    chat = chat_param(world, p)
    message = message_param(chat, p, "message to pin not found")
    if message.message_id in chat.pinned:
        chat.pinned.remove(message.message_id)
    chat.pinned.append(message.message_id)
    world.touch()
    return True


def unpin_chat_message(world: World, p: Params) -> bool:
    chat = chat_param(world, p)
    message_id = p.integer("message_id")
    if message_id is None:
        if chat.pinned:
            chat.pinned.pop()
    elif message_id in chat.pinned:
        chat.pinned.remove(message_id)
    else:
        raise bad_request("message to unpin not found")
    world.touch()
    return True


def unpin_all_chat_messages(world: World, p: Params) -> bool:
    chat = chat_param(world, p)
    chat.pinned.clear()
    world.touch()
    return True


HANDLERS: dict[str, Handler] = {
    "getChat": get_chat,
    "getChatMember": get_chat_member,
    "getChatAdministrators": get_chat_administrators,
    "getChatMemberCount": get_chat_member_count,
    "leaveChat": leave_chat,
    "sendChatAction": send_chat_action,
    "pinChatMessage": pin_chat_message,
    "unpinChatMessage": unpin_chat_message,
    "unpinAllChatMessages": unpin_all_chat_messages,
}
