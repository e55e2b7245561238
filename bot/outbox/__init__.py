"""Every outgoing message of the bot: pacing, coalesced edits, 429/403/migration, and
what survives a restart.

What people should see is stored first, in the action's transaction (the adapter over
the database is imported from ``bot.outbox.db_store`` so that the core does not need
bot.db)::

    await store_slot(session, chat_id, f"table:{game_id}", text, markup)   # edited in place
    await store_slot(session, chat_id, f"table:{game_id}", text, new=True)  # next hand
    await enqueue_durable(session, chat_id, text, kind="hand_result")      # a new message
    ...commit...  # the commit hook (bot.db.unit) hands both to ``outbox.accept``

Wiring::

    outbox = Outbox(bot, store=SqlDurableStore(sessions), on_forbidden=..., on_migrated=...,
                    feeding=False)
    install_commit_hooks(sessions, outbox.accept)
    await outbox.start()
    await Leadership(engine, outbox).start()   # feeds it: always on SQLite, once elected
    ...
    message = await outbox.send_now(user_id, text)   # raises aiogram's errors
    await outbox.stop(drain=True)

``put_slot`` and ``send`` queue in memory only (what is lost on a restart): tests and
tools use them.
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
