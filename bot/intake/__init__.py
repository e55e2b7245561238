"""How updates come in: stored in the inbox first, then handled, each applied once.

- :class:`Inbox` stores an update (its own short transaction), then handles it through
  the dispatcher in a task of its own; updates left undone by a process that died are
  taken over when their lease runs out (at once at start-up with SQLite, where only one
  process can run).
- :func:`poll` is long polling that asks Telegram for the next updates only once the
  previous ones are stored: Telegram confirms an update when a later offset is asked for.
- :func:`webhook_handler` answers Telegram's POST only once the update is stored.
"""

from bot.intake.inbox import Inbox
from bot.intake.polling import poll
from bot.intake.webhook import webhook_handler

__all__ = ["Inbox", "poll", "webhook_handler"]
