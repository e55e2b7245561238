"""Request parameters: read from query, form or JSON bodies, decoded into Python values.

aiogram sends form data in which strings stay as they are and everything else (numbers,
booleans, nested objects) is JSON-encoded; other clients post JSON bodies. Both end up as the
same typed dict, which is also what tests see in recorded calls.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from .errors import bad_request

# Parameters that are Telegram objects or arrays, JSON-encoded in form data.
_JSON_FIELDS = frozenset(
    {
        "reply_markup",
        "entities",
        "caption_entities",
        "allowed_updates",
        "commands",
        "scope",
        "link_preview_options",
        "reply_parameters",
        "message_ids",
        "menu_button",
        "rights",
    }
)
# Parameters that are always strings even when they look like numbers or JSON.
_STRING_FIELDS = frozenset(
    {
        "text",
        "caption",
        "parse_mode",
        "callback_query_id",
        "inline_message_id",
        "url",
        "secret_token",
        "language_code",
        "action",
        "name",
        "description",
        "short_description",
        "ip_address",
        "business_connection_id",
        "message_effect_id",
    }
)


@dataclass(frozen=True)
class Upload:
    """A file sent in a multipart request."""

    filename: str
    data: bytes = b""

    def __repr__(self) -> str:
        return f"Upload({self.filename!r}, {len(self.data)} bytes)"


def decode_value(name: str, value: Any) -> Any:
    if not isinstance(value, str) or name in _STRING_FIELDS:
        return value
    if name in _JSON_FIELDS:
        try:
            return json.loads(value)
        except ValueError:
            raise bad_request(f"can't parse {name} JSON object") from None
    # Numbers, booleans and chat usernames: JSON when it parses, the raw string otherwise.
    try:
        decoded = json.loads(value)
    except ValueError:
        return value
    return decoded if isinstance(decoded, bool | int | float) else value


async def read_params(request: web.Request) -> dict[str, Any]:
    raw: dict[str, Any] = dict(request.query)
    if request.method == "POST" and request.can_read_body:
        if request.content_type == "application/json":
            body = await request.json()
            if isinstance(body, dict):
                raw.update(body)
        else:
            form = await request.post()
            for key, value in form.items():
                if isinstance(value, str):
                    raw[key] = value
                elif isinstance(value, web.FileField):
                    raw[key] = Upload(value.filename or key, value.file.read())
                else:
                    raw[key] = Upload(key, bytes(value))
    return {key: decode_value(key, value) for key, value in raw.items()}


class Params:
    """Typed access to decoded parameters, failing like Telegram on wrong types."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def get(self, name: str) -> Any:
        return self.data.get(name)

    def has(self, name: str) -> bool:
        return self.data.get(name) is not None

    def text(self, name: str) -> str | None:
        value = self.data.get(name)
        if value is None:
            return None
        return value if isinstance(value, str) else json.dumps(value)

    def integer(self, name: str) -> int | None:
        value = self.data.get(name)
        if value is None or value == "":
            return None
        if isinstance(value, bool):
            raise bad_request(f"wrong parameter {name} specified")
        if isinstance(value, int):
            return value
        try:
            return int(value)
        except (TypeError, ValueError):
            raise bad_request(f"wrong parameter {name} specified") from None

    def upload(self, name: str) -> Upload | str | None:
        """A file parameter: the file sent in this request (directly, or named by
        ``attach://<field>``), or a string (a file_id or a URL)."""
        value = self.data.get(name)
        if isinstance(value, str) and value.startswith("attach://"):
            attached = self.data.get(value.removeprefix("attach://"))
            if not isinstance(attached, Upload):
                raise bad_request(f"wrong {name} specified: no file attached as {value!r}")
            return attached
        if value is None or isinstance(value, Upload | str):
            return value
        raise bad_request(f"wrong type of the {name} parameter")

    def flag(self, name: str) -> bool:
        value = self.data.get(name)
        if isinstance(value, str):
            return value.lower() in ("true", "1")
        return bool(value)
