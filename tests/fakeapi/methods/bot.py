"""The bot's own profile: getMe, command lists, names and descriptions, menu button."""

from __future__ import annotations

import json
import re

from ..errors import CHAT_NOT_FOUND, USER_NOT_FOUND, bad_request
from ..models import Json
from ..params import Params
from ..state import World
from ..validation import validate_commands
from .common import Handler

_CHAT_SCOPES = frozenset({"chat", "chat_administrators", "chat_member"})
_SCOPES = frozenset(
    {"default", "all_private_chats", "all_group_chats", "all_chat_administrators", *_CHAT_SCOPES}
)
_LANGUAGE_RE = re.compile(r"^[a-z]{2}$")


def get_me(world: World, p: Params) -> Json:
    return {
        **world.bot.to_json(),
        "can_join_groups": True,
        "can_read_all_group_messages": not world.privacy_mode,
        "supports_inline_queries": False,
        "can_connect_to_business": False,
        "has_main_web_app": False,
    }


def _language(p: Params) -> str:
    code = p.text("language_code") or ""
    if code and not _LANGUAGE_RE.match(code):
        raise bad_request("invalid language code specified")
    return code


def _scope_key(world: World, p: Params) -> str:
    """Commands are stored per exact scope; chat scopes are keyed by the resolved chat id."""
    scope = p.get("scope")
    if scope is None:
        scope = {"type": "default"}
    if not isinstance(scope, dict) or scope.get("type") not in _SCOPES:
        raise bad_request("wrong bot command scope type specified")
    key: Json = {"type": scope["type"]}
    if scope["type"] in _CHAT_SCOPES:
        chat = world.find_chat(scope.get("chat_id"))
        if chat is None:
            raise bad_request(CHAT_NOT_FOUND)
        key["chat_id"] = chat.id
        if scope["type"] == "chat_member":
            user_id = scope.get("user_id")
            if user_id not in world.users:
                raise bad_request(USER_NOT_FOUND)
            key["user_id"] = user_id
    return json.dumps(key, sort_keys=True)


def set_my_commands(world: World, p: Params) -> bool:
    commands = validate_commands(p.get("commands"))
    world.commands[(_scope_key(world, p), _language(p))] = commands
    world.touch()
    return True


def get_my_commands(world: World, p: Params) -> list[dict[str, str]]:
    return list(world.commands.get((_scope_key(world, p), _language(p)), []))


def delete_my_commands(world: World, p: Params) -> bool:
    world.commands.pop((_scope_key(world, p), _language(p)), None)
    world.touch()
    return True


def _text_setting(kind: str, limit: int) -> tuple[Handler, Handler]:
    """setMyName/getMyName and the like: a per-language string with a length limit."""

    def setter(world: World, p: Params) -> bool:
        value = p.text(kind) or ""
        if len(value) > limit:
            raise bad_request(f"{kind} is too long")
        world.bot_texts[(kind, _language(p))] = value
        return True

    def getter(world: World, p: Params) -> Json:
        language = _language(p)
        value = world.bot_texts.get((kind, language), world.bot_texts.get((kind, ""), ""))
        if kind == "name" and not value:
            value = world.bot.first_name
        return {kind: value}

    return setter, getter


def set_chat_menu_button(world: World, p: Params) -> bool:
    button = p.get("menu_button") or {"type": "default"}
    if not isinstance(button, dict) or button.get("type") not in ("default", "commands", "web_app"):
        raise bad_request("can't parse menu button")
    world.menu_buttons[p.integer("chat_id")] = button
    return True


def get_chat_menu_button(world: World, p: Params) -> Json:
    chat_id = p.integer("chat_id")
    return world.menu_buttons.get(chat_id) or world.menu_buttons.get(None) or {"type": "default"}


_set_name, _get_name = _text_setting("name", 64)
_set_description, _get_description = _text_setting("description", 512)
_set_short, _get_short = _text_setting("short_description", 120)

HANDLERS: dict[str, Handler] = {
    "getMe": get_me,
    "setMyCommands": set_my_commands,
    "getMyCommands": get_my_commands,
    "deleteMyCommands": delete_my_commands,
    "setMyName": _set_name,
    "getMyName": _get_name,
    "setMyDescription": _set_description,
    "getMyDescription": _get_description,
    "setMyShortDescription": _set_short,
    "getMyShortDescription": _get_short,
    "setChatMenuButton": set_chat_menu_button,
    "getChatMenuButton": get_chat_menu_button,
}
