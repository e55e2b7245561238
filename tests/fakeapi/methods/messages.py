"""Sending, editing and deleting messages, and answering button presses."""

from __future__ import annotations

import hashlib
import struct
from typing import Any

from ..errors import (
    CAPTION_TOO_LONG,
    IMAGE_PROCESS_FAILED,
    MESSAGE_CANT_BE_DELETED,
    MESSAGE_CANT_BE_EDITED,
    MESSAGE_IS_TOO_LONG,
    MESSAGE_NOT_MODIFIED,
    MESSAGE_TEXT_EMPTY,
    MESSAGE_TO_DELETE_NOT_FOUND,
    MESSAGE_TO_EDIT_NOT_FOUND,
    MESSAGE_TOO_LONG_RAW,
    NO_PHOTO,
    NO_TEXT_TO_EDIT,
    PHOTO_INVALID_DIMENSIONS,
    QUERY_TOO_OLD,
    REPLIED_MESSAGE_NOT_FOUND,
    URL_INVALID,
    WRONG_FILE_ID,
    ApiError,
    bad_request,
)
from ..formatting import format_text, utf16_len
from ..models import PRIVATE, ChatState, Json, StoredMessage, StoredPhoto
from ..params import Params, Upload
from ..state import World
from ..validation import MAX_CALLBACK_ANSWER_LENGTH, inline_keyboard, validate_reply_markup
from .common import Handler, chat_param, formatted_text, message_param


def send_message(world: World, p: Params) -> Json:
    chat = chat_param(world, p)
    markup = p.get("reply_markup")
    validate_reply_markup(markup)
    text, entities = formatted_text(
        world,
        p,
        empty=bad_request(MESSAGE_TEXT_EMPTY),
        too_long=bad_request(MESSAGE_IS_TOO_LONG),
    )
    message = world.post(
        chat,
        world.bot,
        text,
        entities=entities,
        reply_markup=_kept_markup(markup),
        raw_text=p.text("text"),
        parse_mode=p.text("parse_mode"),
        reply_to=_reply_target(chat, p),
    )
    return message.to_json()


MAX_CAPTION_LENGTH = 1024
MAX_PHOTO_BYTES = 10 * 1024 * 1024
MAX_PHOTO_SIDES = 10_000
"""Width and height together, at most (Telegram's sendPhoto)."""
MAX_PHOTO_RATIO = 20
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def send_photo(world: World, p: Params) -> Json:
    """A photo uploaded with the request (PNG here; Telegram takes JPEG and more),
    checked as Telegram checks it, with an optional caption."""
    chat = chat_param(world, p)
    markup = p.get("reply_markup")
    validate_reply_markup(markup)
    upload = p.upload("photo")
    if upload is None:
        raise bad_request(NO_PHOTO)
    photo = _photo(world, upload)
    caption, entities = format_text(
        p.text("caption") or "", p.text("parse_mode"), p.get("caption_entities"), world.user_json
    )
    if utf16_len(caption) > MAX_CAPTION_LENGTH:
        raise bad_request(CAPTION_TOO_LONG)
    message = world.post(
        chat,
        world.bot,
        None,
        reply_markup=_kept_markup(markup),
        # The caption as sent, for tests that match what the bot stored to send.
        raw_text=p.text("caption"),
        parse_mode=p.text("parse_mode"),
        reply_to=_reply_target(chat, p),
        photo=photo,
        caption=caption or None,
        caption_entities=entities,
    )
    return message.to_json()


def _photo(world: World, upload: Upload | str) -> StoredPhoto:
    if isinstance(upload, str):
        # A file_id of a photo sent before; the fake fetches no URLs.
        for chat in world.chats.values():
            for message in chat.messages.values():
                if message.photo is not None and message.photo.file_id == upload:
                    return message.photo
        raise bad_request(WRONG_FILE_ID)
    data = upload.data
    if len(data) > MAX_PHOTO_BYTES:
        raise ApiError(413, "Request Entity Too Large")
    width, height = _png_size(data)
    if width + height > MAX_PHOTO_SIDES or max(width, height) > MAX_PHOTO_RATIO * min(
        width, height
    ):
        raise bad_request(PHOTO_INVALID_DIMENSIONS)
    file_id = "AgAC" + hashlib.sha256(data).hexdigest()[:40]
    return StoredPhoto(data, width, height, file_id)


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header; a file that is no image is refused."""
    if not data.startswith(_PNG_SIGNATURE) or data[12:16] != b"IHDR" or len(data) < 24:
        raise bad_request(IMAGE_PROCESS_FAILED)
    width, height = struct.unpack(">II", data[16:24])
    if not width or not height:
        raise bad_request(IMAGE_PROCESS_FAILED)
    return width, height


def _kept_markup(markup: Any) -> Json | None:
    rows = inline_keyboard(markup)
    return {"inline_keyboard": rows} if rows else None


def _reply_target(chat: ChatState, p: Params) -> StoredMessage | None:
    params = p.get("reply_parameters")
    if isinstance(params, dict):
        message_id = params.get("message_id")
        allow_missing = bool(params.get("allow_sending_without_reply"))
        if params.get("chat_id") not in (None, chat.id):
            # Replies into another chat are not modelled; the message is sent plainly.
            return None
    else:
        message_id = p.integer("reply_to_message_id")
        allow_missing = p.flag("allow_sending_without_reply")
    if message_id is None:
        return None
    target = chat.messages.get(message_id) if isinstance(message_id, int) else None
    if target is None or target.deleted:
        if allow_missing:
            return None
        raise bad_request(REPLIED_MESSAGE_NOT_FOUND)
    return target


def _editable(world: World, p: Params) -> StoredMessage:
    if p.has("inline_message_id"):
        raise bad_request("inline messages are not supported by the fake Bot API server")
    chat = chat_param(world, p)
    message = message_param(chat, p, MESSAGE_TO_EDIT_NOT_FOUND)
    if message.sender is not world.bot:
        raise bad_request(MESSAGE_CANT_BE_EDITED)
    return message


def edit_message_text(world: World, p: Params) -> Json:
    message = _editable(world, p)
    markup = p.get("reply_markup")
    validate_reply_markup(markup, inline_only=True)
    text, entities = formatted_text(
        world,
        p,
        empty=bad_request(MESSAGE_TEXT_EMPTY),
        too_long=bad_request(MESSAGE_TOO_LONG_RAW),
    )
    if message.text is None:
        raise bad_request(NO_TEXT_TO_EDIT)
    # Omitting reply_markup in an edit removes the keyboard, as on Telegram.
    new_markup = _kept_markup(markup)
    if (text, entities, new_markup) == (message.text, message.entities, message.reply_markup):
        raise bad_request(MESSAGE_NOT_MODIFIED)
    world.edit(
        message,
        text=text,
        entities=entities,
        reply_markup=new_markup,
        raw_text=p.text("text"),
        parse_mode=p.text("parse_mode"),
    )
    return message.to_json()


def edit_message_reply_markup(world: World, p: Params) -> Json:
    message = _editable(world, p)
    markup = p.get("reply_markup")
    validate_reply_markup(markup, inline_only=True)
    new_markup = _kept_markup(markup)
    if new_markup == message.reply_markup:
        raise bad_request(MESSAGE_NOT_MODIFIED)
    world.edit(
        message,
        text=message.text,
        entities=message.entities,
        reply_markup=new_markup,
        raw_text=message.raw_text,
        parse_mode=message.parse_mode,
    )
    return message.to_json()


def _deletable(world: World, chat: ChatState, message: StoredMessage) -> bool:
    # Bots delete their own messages anywhere, anyone's in private, others' only as admins.
    return (
        message.sender is world.bot
        or chat.type == PRIVATE
        or world.bot_status(chat) == "administrator"
    )


def delete_message(world: World, p: Params) -> bool:
    chat = chat_param(world, p)
    message = message_param(chat, p, MESSAGE_TO_DELETE_NOT_FOUND)
    if not _deletable(world, chat, message):
        raise bad_request(MESSAGE_CANT_BE_DELETED)
    message.deleted = True
    world.touch()
    return True


def delete_messages(world: World, p: Params) -> bool:
    chat = chat_param(world, p)
    ids = p.get("message_ids")
    if not isinstance(ids, list) or not 1 <= len(ids) <= 100:
        raise bad_request("message_ids must be a non-empty list of at most 100 identifiers")
    # Like Telegram, messages that are missing or can't be deleted are skipped silently.
    for message_id in ids:
        message = chat.messages.get(message_id) if isinstance(message_id, int) else None
        if message is not None and not message.deleted and _deletable(world, chat, message):
            message.deleted = True
    world.touch()
    return True


def answer_callback_query(world: World, p: Params) -> bool:
    query = world.callback_queries.get(p.text("callback_query_id") or "")
    if query is None or query.answer is not None:
        raise bad_request(QUERY_TOO_OLD)
    timeout = world.callback_answer_timeout
    if timeout is not None and world.clock() - query.created_at > timeout:
        raise bad_request(QUERY_TOO_OLD)
    text = p.text("text")
    if text is not None and utf16_len(text) > MAX_CALLBACK_ANSWER_LENGTH:
        raise bad_request(MESSAGE_TOO_LONG_RAW)
    url = p.text("url")
    if url is not None and not _opens_this_bot(world, url):
        # Telegram opens only a game's URL or a link into the bot's own chat.
        raise bad_request(URL_INVALID)
    query.answer = {
        "text": text,
        "show_alert": p.flag("show_alert"),
        "url": url,
        "cache_time": p.integer("cache_time") or 0,
    }
    world.touch()
    return True


def _opens_this_bot(world: World, url: str) -> bool:
    base = f"t.me/{world.bot.username}"
    rest = url.removeprefix("https://").removeprefix("http://")
    return rest == base or rest.startswith(base + "?")


HANDLERS: dict[str, Handler] = {
    "sendMessage": send_message,
    "sendPhoto": send_photo,
    "editMessageText": edit_message_text,
    "editMessageReplyMarkup": edit_message_reply_markup,
    "deleteMessage": delete_message,
    "deleteMessages": delete_messages,
    "answerCallbackQuery": answer_callback_query,
}
