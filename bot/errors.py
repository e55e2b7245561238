"""The last line of defence: an exception in a handler is logged and the user answered,
never left hanging with a spinning button."""

from __future__ import annotations

import logging

from aiogram import Dispatcher
from aiogram.filters import ExceptionTypeFilter
from aiogram.types import ErrorEvent

from bot.db.unit import AlreadyHandled
from bot.i18n import pick_language
from bot.render.messages import Alert, alert
from bot.services.context import AppContext

__all__ = ["install_error_handler"]

log = logging.getLogger(__name__)


def install_error_handler(dispatcher: Dispatcher) -> None:
    # An update that another process applied first (it took this one's over) is no
    # error: it goes on to the inbox, which lets it be; that process answered the press.
    @dispatcher.errors(~ExceptionTypeFilter(AlreadyHandled))
    async def on_error(event: ErrorEvent, app: AppContext) -> bool:
        update = event.update
        log.error(
            "update %s failed: %r", update.update_id, event.exception, exc_info=event.exception
        )
        query = update.callback_query
        if query is not None:
            lang = pick_language(query.from_user.language_code, app.settings.default_language)
            try:
                await query.answer(alert(Alert.INTERNAL_ERROR, lang), show_alert=True)
            except Exception:  # the answer itself can fail (query too old): already logged
                log.debug("could not answer callback %s", query.id)
        return True
