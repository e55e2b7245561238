"""Bot API method handlers, by canonical method name."""

from __future__ import annotations

from . import bot, chats, messages, polling
from .common import Handler, Ok

HANDLERS: dict[str, Handler] = {
    **bot.HANDLERS,
    **chats.HANDLERS,
    **messages.HANDLERS,
    **polling.HANDLERS,
}

__all__ = ["HANDLERS", "Handler", "Ok"]
