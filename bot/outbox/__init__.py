"""Every outgoing message of the bot: pacing, coalesced edits, 429/403/migration, and
durable messages that survive a restart.

Wiring (the adapter over the database is imported from ``bot.outbox.db_store`` so that the
core does not need bot.db)::

    outbox = Outbox(bot, store=SqlDurableStore(sessions), on_forbidden=..., on_migrated=...,
                    on_slot_message=...)
    for chat_id, slot, message_id in persisted_slot_ids:
        outbox.remember(chat_id, slot, message_id)
    await outbox.start()             # sends durable rows left over from the last run
    ...
    await outbox.stop(drain=True)

In the service, after the transaction::

    outbox.put_slot(chat_id, f"table:{game_id}", text, markup)          # edit in place
    outbox.put_slot(chat_id, f"table:{game_id}", text, markup, new=True)  # next hand
    outbox.send(chat_id, text)                                         # not durable
    row_id = await enqueue_durable(session, chat_id, text, kind="hand_result")  # in it
    ...commit...
    outbox.put_durable(row_id, chat_id, text)  # or outbox.kick()
    message = await outbox.send_now(user_id, text)   # raises aiogram's errors
"""

from bot.outbox.limits import Limits, Rate
from bot.outbox.metrics import OutboxMetrics
from bot.outbox.outbox import Outbox, OutboxStopped, RetryPolicy
from bot.outbox.sender import TelegramBot
from bot.outbox.store import DurableMessage, DurableStore, decode_payload, encode_payload

__all__ = [
    "DurableMessage",
    "DurableStore",
    "Limits",
    "Outbox",
    "OutboxMetrics",
    "OutboxStopped",
    "Rate",
    "RetryPolicy",
    "TelegramBot",
    "decode_payload",
    "encode_payload",
]
