"""A fake Telegram Bot API server for end-to-end tests of the bot.

async with FakeTelegram() as fake:
    bot = fake.create_bot()            # or Bot(fake.token, session=AiohttpSession(
                                       #   api=TelegramAPIServer.from_base(fake.base_url)))
    alice = fake.add_user("Alice")
    group = fake.add_group("Table", members=[alice])
    alice.send(group, "/newgame")
    lobby = await fake.wait_message(group, lambda m: "Join" in m.button_texts())
    query = alice.press(lobby, "Join")
    answer = await fake.wait_answer(query)
"""

from .actors import ChatRef, FakeChat, FakeUser
from .errors import ApiError
from .fake import DEFAULT_TOKEN, FakeTelegram
from .formatting import format_text, parse_html, utf16_len
from .limits import FloodLimits
from .models import Call, MessageVersion, StoredMessage, WebhookDelivery

__all__ = [
    "DEFAULT_TOKEN",
    "ApiError",
    "Call",
    "ChatRef",
    "FakeChat",
    "FakeTelegram",
    "FakeUser",
    "FloodLimits",
    "MessageVersion",
    "StoredMessage",
    "WebhookDelivery",
    "format_text",
    "parse_html",
    "utf16_len",
]
