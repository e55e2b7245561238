"""The chat's settings: rules preset, single options, target, language, turn time."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from bot import db
from bot.callbacks import SettingsCb, SettingsScope
from bot.i18n import SUPPORTED
from bot.outbox.db_store import slot_has_buttons, store_slot
from bot.parsing import parse_int
from bot.render.messages import Alert, alert, target_hint, target_saved
from bot.render.settings import (
    MAIN_PAGE,
    PAGES,
    TIMEOUTS,
    conflict_text,
    decode_value,
    page_of,
    render_settings,
    render_settings_summary,
)
from bot.services.answers import Answer
from bot.services.context import AppContext
from engine import Rules, RulesError

__all__ = [
    "apply_setting",
    "chat_language",
    "may_change_settings",
    "set_target_from_text",
    "show_settings",
]


def settings_slot(chat_id: int) -> str:
    return f"settings:{chat_id}"


async def may_change_settings(
    ctx: AppContext, chat_id: int, user_id: int, *, is_admin: bool
) -> bool:
    """A chat admin, or whoever opened the chat's current lobby or game."""
    if is_admin or chat_id == user_id:
        return True
    async with ctx.sessionmaker() as session:
        row = await db.get_active_game(session, chat_id)
        return row is not None and row.opened_by == user_id


async def show_settings(ctx: AppContext, chat_id: int) -> None:
    """A new settings message at the bottom of the chat."""
    async with ctx.sessionmaker() as session, session.begin():
        await _draw_settings(ctx, session, chat_id, new=True)


async def _draw_settings(
    ctx: AppContext,
    session: AsyncSession,
    chat_id: int,
    *,
    new: bool = False,
    page: str = MAIN_PAGE,
) -> None:
    chat = await db.get_or_create_chat(session, chat_id, language=ctx.settings.default_language)
    text, markup = render_settings(
        db.chat_rules(chat),
        chat.language,
        chat_language=chat.language,
        turn_timeout=chat.turn_timeout or ctx.settings.turn_timeout,
        page=page,
    )
    await store_slot(session, chat_id, settings_slot(chat_id), text, markup, new=new)


async def apply_setting(ctx: AppContext, chat_id: int, data: SettingsCb) -> Answer:
    """One settings button: turn a page, or change one setting and redraw its page in
    place; a combination the rules forbid is refused with both options named."""
    async with ctx.sessionmaker() as session, session.begin():
        chat = await db.get_or_create_chat(session, chat_id, language=ctx.settings.default_language)
        lang = chat.language
        timeout = chat.turn_timeout or ctx.settings.turn_timeout
        if data.scope is SettingsScope.CLOSE:
            # Closing leaves the gist where the buttons were; the next /settings posts a
            # new message.
            text = render_settings_summary(
                db.chat_rules(chat), lang, chat_language=lang, turn_timeout=timeout
            )
            await store_slot(session, chat_id, settings_slot(chat_id), text, None)
            return Answer()
        if data.scope is SettingsScope.PAGE:
            if data.name not in PAGES:
                return Answer.refuse(alert(Alert.STALE, lang))
            await _draw_settings(ctx, session, chat_id, page=data.name)
            return Answer()
        try:
            page = page_of(data.scope, data.name)
            await _change(session, chat_id, db.chat_rules(chat), data)
        except RulesError as error:
            alerted = conflict_text(error, lang, pressed=data.name)
            return Answer.refuse(alerted or alert(Alert.STALE, lang))
        except ValueError:
            return Answer.refuse(alert(Alert.STALE, lang))
        running = await db.get_active_game(session, chat_id)
        applies_later = running is not None and running.state is not None
        await _draw_settings(ctx, session, chat_id, page=page)
    lang = await chat_language(ctx, chat_id)
    return Answer(alert(Alert.SETTING_NEXT_GAME if applies_later else Alert.SAVED, lang))


async def set_target_from_text(ctx: AppContext, chat_id: int, text: str) -> Answer:
    """``/settings 701``: any target between the engine's bounds."""
    lang = await chat_language(ctx, chat_id)
    words = text.split()
    target = parse_int(words[-1], low=0) if words else None
    if target is None or len(words) > 2 or (len(words) == 2 and words[0] != "target"):
        return Answer.refuse(target_hint(lang))
    async with ctx.sessionmaker() as session, session.begin():
        chat = await db.get_or_create_chat(session, chat_id, language=ctx.settings.default_language)
        try:
            rules = db.chat_rules(chat).replace(target=target)
        except RulesError:
            return Answer.refuse(target_hint(lang))
        await db.update_chat_settings(session, chat_id, rules=rules)
        # The answer is the one line; an open settings message shows the new target too.
        if await slot_has_buttons(session, chat_id, settings_slot(chat_id)):
            await _draw_settings(ctx, session, chat_id)
    return Answer(target_saved(rules.target, lang))


async def _change(session: AsyncSession, chat_id: int, rules: Rules, data: SettingsCb) -> None:
    """Store one change; RulesError or ValueError for values no button offers."""
    match data.scope:
        case SettingsScope.PRESET:
            await db.update_chat_settings(session, chat_id, rules=Rules.preset(data.name))
        case SettingsScope.TARGET:
            target = rules.replace(target=_button_number(data.value))
            await db.update_chat_settings(session, chat_id, rules=target)
        case SettingsScope.OPTION:
            if data.name == "target":
                raise RulesError("the target has its own buttons")
            changed = rules.replace(**{data.name: decode_value(data.name, data.value)})
            await db.update_chat_settings(session, chat_id, rules=changed)
        case SettingsScope.LANGUAGE:
            if data.value not in SUPPORTED:
                raise ValueError(f"unsupported language {data.value!r}")
            await db.update_chat_settings(session, chat_id, language=data.value)
        case SettingsScope.TIMEOUT:
            timeout = _button_number(data.value)
            if timeout not in TIMEOUTS:
                raise ValueError(f"turn timeout {data.value!r} is not offered")
            await db.update_chat_settings(session, chat_id, turn_timeout=timeout)
        case _:
            raise ValueError(f"unknown settings scope {data.scope!r}")


def _button_number(text: str) -> int:
    number = parse_int(text, low=0)
    if number is None:
        raise ValueError(f"not a number from a button: {text!r}")
    return number


async def chat_language(ctx: AppContext, chat_id: int) -> str:
    """The chat's language (the bot's default for a chat it has not stored yet)."""
    async with ctx.sessionmaker() as session:
        chat = await db.get_chat(session, chat_id)
        return chat.language if chat else ctx.settings.default_language
