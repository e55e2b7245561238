"""Bot API errors, with the exact descriptions Telegram sends.

aiogram picks its exception class from the HTTP status and the `parameters` object, and bot
code often branches on the description text, so both must match the real server.
"""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A failed Bot API call: becomes `{"ok": false, ...}` with the same HTTP status."""

    def __init__(
        self,
        error_code: int,
        description: str,
        *,
        retry_after: int | None = None,
        migrate_to_chat_id: int | None = None,
    ) -> None:
        super().__init__(description)
        self.error_code = error_code
        self.description = description
        self.retry_after = retry_after
        self.migrate_to_chat_id = migrate_to_chat_id

    def parameters(self) -> dict[str, int]:
        params: dict[str, int] = {}
        if self.retry_after is not None:
            params["retry_after"] = self.retry_after
        if self.migrate_to_chat_id is not None:
            params["migrate_to_chat_id"] = self.migrate_to_chat_id
        return params

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "ok": False,
            "error_code": self.error_code,
            "description": self.description,
        }
        if params := self.parameters():
            body["parameters"] = params
        return body

    def __repr__(self) -> str:
        return f"ApiError({self.error_code}, {self.description!r})"


def bad_request(detail: str) -> ApiError:
    return ApiError(400, f"Bad Request: {detail}")


def forbidden(detail: str) -> ApiError:
    return ApiError(403, f"Forbidden: {detail}")


def conflict(detail: str) -> ApiError:
    return ApiError(409, f"Conflict: {detail}")


def too_many_requests(retry_after: int) -> ApiError:
    return ApiError(429, f"Too Many Requests: retry after {retry_after}", retry_after=retry_after)


def unauthorized() -> ApiError:
    return ApiError(401, "Unauthorized")


def not_found() -> ApiError:
    return ApiError(404, "Not Found")


def group_upgraded(new_chat_id: int) -> ApiError:
    return ApiError(
        400,
        "Bad Request: group chat was upgraded to a supergroup chat",
        migrate_to_chat_id=new_chat_id,
    )


def cant_parse_entities(detail: str) -> ApiError:
    return bad_request(f"can't parse entities: {detail}")


# Descriptions that bot code (and tests) match on; kept verbatim from Telegram.
MESSAGE_NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)
MESSAGE_TO_EDIT_NOT_FOUND = "message to edit not found"
MESSAGE_TO_DELETE_NOT_FOUND = "message to delete not found"
MESSAGE_CANT_BE_EDITED = "message can't be edited"
MESSAGE_CANT_BE_DELETED = "message can't be deleted"
NO_TEXT_TO_EDIT = "there is no text in the message to edit"
MESSAGE_TEXT_EMPTY = "message text is empty"
MESSAGE_IS_TOO_LONG = "message is too long"
# editMessageText and answerCallbackQuery report an over-long text with the raw MTProto name.
MESSAGE_TOO_LONG_RAW = "MESSAGE_TOO_LONG"
REPLIED_MESSAGE_NOT_FOUND = "message to be replied not found"
CHAT_NOT_FOUND = "chat not found"
USER_NOT_FOUND = "user not found"
QUERY_TOO_OLD = "query is too old and response timeout expired or query ID is invalid"
BUTTON_DATA_INVALID = "BUTTON_DATA_INVALID"
BUTTON_URL_INVALID = "BUTTON_URL_INVALID"
URL_INVALID = "URL_INVALID"
NO_PHOTO = "there is no photo in the request"
WRONG_FILE_ID = "wrong file identifier/HTTP URL specified"
IMAGE_PROCESS_FAILED = "IMAGE_PROCESS_FAILED"
PHOTO_INVALID_DIMENSIONS = "PHOTO_INVALID_DIMENSIONS"
CAPTION_TOO_LONG = "message caption is too long"
TEXT_BUTTONS_UNALLOWED = "text buttons are unallowed in the inline keyboard"
REPLY_MARKUP_TOO_LONG = "reply markup is too long"
TOO_MANY_BUTTONS_IN_ROW = "too many buttons in a row"
BOT_COMMAND_INVALID = "BOT_COMMAND_INVALID"
COMMAND_DESCRIPTION_INVALID = "BOT_COMMAND_DESCRIPTION_INVALID"
CANT_INITIATE = "bot can't initiate conversation with a user"
BLOCKED_BY_USER = "bot was blocked by the user"
CANT_SEND_TO_BOTS = "bot can't send messages to bots"
GETUPDATES_WHILE_WEBHOOK = (
    "can't use getUpdates method while webhook is active; use deleteWebhook to delete the "
    "webhook first"
)
TERMINATED_BY_GETUPDATES = (
    "terminated by other getUpdates request; make sure that only one bot instance is running"
)
TERMINATED_BY_SETWEBHOOK = "terminated by setWebhook request"


def kicked_from(chat_type: str) -> ApiError:
    return forbidden(f"bot was kicked from the {_chat_word(chat_type)} chat")


def not_a_member_of(chat_type: str) -> ApiError:
    return forbidden(f"bot is not a member of the {_chat_word(chat_type)} chat")


def _chat_word(chat_type: str) -> str:
    return "supergroup" if chat_type == "supergroup" else "group"
