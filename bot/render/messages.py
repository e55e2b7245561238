"""Everything else the bot says: help, lobby notices, cancelling, private-chat problems,
turn reminders, alerts.

HTML messages (parse mode HTML):

| function / key | when |
|---|---|
| :func:`help_text` ``msg-help`` | /help |
| :func:`lobby_exists` ``msg-lobby-exists`` (``-nolink``) | /newgame while a lobby is open |
| :func:`notice` ``Notice.GAME_RUNNING`` ``msg-game-running`` | /newgame during a game |
| :func:`joined_text` ``msg-joined`` / :func:`left_text` ``msg-left`` | seat taken / left |
| :func:`game_started` ``msg-game-started`` | the lobby started |
| :func:`cancel_question` ``msg-cancel-question`` + ``CancelCb`` buttons | /cancel |
| ``Notice.CANCELLED`` ``msg-cancelled``, ``Notice.CANCEL_KEPT`` ``msg-cancel-kept`` | answer |
| :func:`need_private` ``msg-need-private`` + deep link | joining without a private chat |
| :func:`unreachable` ``msg-unreachable`` + deep link | a 403 from a player's chat |
| :func:`turn_reminder` ``msg-turn-reminder`` | half of the turn time has passed |
| :func:`auto_played` ``msg-auto-played`` | the time ran out, the bot played |
| :func:`redeal_text` ``msg-redeal``, ``msg-redeal-claimed`` | all passed twice; a claim (§8) |
| :func:`dave_text` ``msg-dave-*`` | «даве» offered, conceded, played on (§25) |
| :func:`match_game_text` ``msg-match-game`` | a game of a two-round match ended (§27) |
| ``Notice.ONLY_GROUPS`` ``msg-only-groups`` | a group command in private |
| :func:`private_start` ``msg-private-start`` | /start in private |
| :func:`private_joined` ``msg-private-joined`` | /start with a join payload |
| ``Notice.SOLO`` ``msg-solo`` | a solo game in private |
| ``Notice.NO_GAME`` ``msg-no-game`` | /score, /cancel with no game |
| ``Notice.NOT_A_MEMBER`` ``msg-not-a-member`` | a join link used by someone not in the group |
| ``Notice.ANONYMOUS_ADMIN`` ``msg-anonymous-admin`` | /newgame on behalf of a group or channel |

Alerts (plain text, answers to button presses, at most 200 characters): :func:`alert`
with an :class:`Alert` — stale button, not your game, game over, already joined, table
full, not in this game, only the opener or an admin, open a private chat first, joined,
left, not enough players, saved. Refused moves: :mod:`bot.render.reasons`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from enum import StrEnum

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import CancelCb, LeaveCb, RematchCb
from bot.i18n import Html, escape, translator
from engine import Action, DaveConceded, DaveOffered, DavePlayedOn, MatchGameWon

from .cards import action_label
from .keyboard import DANGER, button, markup, url_button
from .names import mention, side_names
from .table import format_duration

__all__ = [
    "Alert",
    "Notice",
    "alert",
    "auto_played",
    "cancel_question",
    "command_description",
    "dave_text",
    "deep_link",
    "game_started",
    "help_text",
    "joined_text",
    "leave_choice",
    "leave_question",
    "leave_refused",
    "left_game",
    "left_private",
    "left_text",
    "lobby_exists",
    "match_game_text",
    "need_private",
    "notice",
    "notify_state",
    "play_again_keyboard",
    "private_joined",
    "private_start",
    "redeal_text",
    "rematch_confirmed",
    "rematch_opened",
    "target_hint",
    "target_saved",
    "turn_ping",
    "turn_reminder",
    "unreachable",
]

_PAYLOAD = re.compile(r"[A-Za-z0-9_-]{1,64}")


class Alert(StrEnum):
    """Short answers to button presses (plain text)."""

    STALE = "alert-stale"
    NOT_YOUR_GAME = "alert-not-your-game"
    GAME_OVER = "alert-game-over"
    ALREADY_JOINED = "alert-already-joined"
    TABLE_FULL = "alert-table-full"
    NOT_IN_GAME = "alert-not-in-game"
    ONLY_OPENER = "alert-only-opener"
    NEED_PRIVATE = "alert-need-private"
    JOINED = "alert-joined"
    LEFT = "alert-left"
    NEED_PLAYERS = "alert-need-players"
    SAVED = "alert-saved"
    TOO_LATE = "alert-too-late"
    GAME_STARTED = "alert-game-started"
    INTERNAL_ERROR = "alert-internal-error"
    SETTING_NEXT_GAME = "alert-setting-next-game"
    COMPUTER_ADDED = "alert-computer-added"
    STARTED = "alert-started"
    CANCELLED = "alert-cancelled"
    REVIEW_NOT_YET = "alert-review-not-yet"
    REMATCH_CONFIRMED = "alert-rematch-confirmed"
    REMATCH_ALREADY = "alert-rematch-already"
    REMATCH_ONLY_PLAYERS = "alert-rematch-only-players"
    REMATCH_BUSY = "alert-rematch-busy"
    LEAVE_ONLY_SELF = "alert-leave-only-self"
    LEAVE_LAST = "alert-leave-last"
    LEAVE_DONE = "alert-leave-done"
    LEAVE_KEPT = "alert-leave-kept"
    HINT_THINKING = "alert-hint-thinking"
    HINT_BUSY = "alert-hint-busy"


class Notice(StrEnum):
    """Messages without arguments (HTML)."""

    HELP = "msg-help"
    GAME_RUNNING = "msg-game-running"
    CANCELLED = "msg-cancelled"
    CANCEL_KEPT = "msg-cancel-kept"
    ONLY_GROUPS = "msg-only-groups"
    SOLO = "msg-solo"
    NO_GAME = "msg-no-game"
    NOT_A_MEMBER = "msg-not-a-member"
    ANONYMOUS_ADMIN = "msg-anonymous-admin"


def alert(kind: Alert, lang: str) -> str:
    """A callback alert (plain text)."""
    return translator(lang).plain(kind.value)


def notice(kind: Notice, lang: str) -> str:
    """A message without arguments (HTML)."""
    return translator(lang)(kind.value)


def command_description(command: str, lang: str) -> str:
    """The command's line in Telegram's command menu (plain text)."""
    return translator(lang).plain(f"cmd-{command}")


def target_saved(target: int, lang: str) -> str:
    return translator(lang)("msg-target-saved", target=target)


def target_hint(lang: str) -> str:
    """How to set a target the buttons do not offer."""
    return translator(lang)("msg-target-hint")


def help_text(lang: str) -> str:
    return notice(Notice.HELP, lang)


def lobby_exists(lang: str, link: str | None = None) -> str:
    """/newgame while a lobby is open; ``link`` is the lobby message's URL, if known."""
    tr = translator(lang)
    if link is None:
        return tr("msg-lobby-exists-nolink")
    anchor = Html(f'<a href="{html.escape(link)}">{tr("msg-lobby-link")}</a>')
    return tr("msg-lobby-exists", link=anchor)


def joined_text(name: str, lang: str) -> str:
    return translator(lang)("msg-joined", name=name)


def left_text(name: str, lang: str) -> str:
    return translator(lang)("msg-left", name=name)


def game_started(names: Sequence[str], lang: str, *, solo: bool = False) -> str:
    """«Начинаем! Аня и Вика ⚔ Борис и Гена.» — names per seat; ``solo``: 4 players
    each for himself (RULES-VARIANTS §24), listed like 2 or 3."""
    tr = translator(lang)
    if len(names) == 4 and not solo:
        first, second = side_names(names, lang)
        players = tr("versus", first=first, second=second)
    else:
        players = ", ".join(escape(name) for name in names)
    return tr("msg-game-started", players=Html(players))


def cancel_question(game_id: int, lang: str) -> tuple[str, InlineKeyboardMarkup]:
    tr = translator(lang)
    keyboard = markup(
        [
            [
                button(
                    tr.plain("btn-cancel-yes"),
                    CancelCb(game_id=game_id, confirm=True),
                    style=DANGER,
                ),
                button(tr.plain("btn-cancel-no"), CancelCb(game_id=game_id, confirm=False)),
            ]
        ]
    )
    return tr("msg-cancel-question"), keyboard


def deep_link(bot_username: str, payload: str) -> str:
    """``https://t.me/<bot>?start=<payload>`` (payload: 1-64 of A-Z a-z 0-9 _ -)."""
    if not _PAYLOAD.fullmatch(payload):
        raise ValueError(f"not a valid start payload: {payload!r}")
    return f"https://t.me/{bot_username.lstrip('@')}?start={payload}"


def _private_link_message(
    key: str, name: str, bot_username: str, payload: str, lang: str
) -> tuple[str, InlineKeyboardMarkup]:
    tr = translator(lang)
    keyboard = markup(
        [[url_button(tr.plain("btn-open-private"), deep_link(bot_username, payload))]]
    )
    return tr(key, name=name), keyboard


def need_private(
    name: str, bot_username: str, payload: str, lang: str
) -> tuple[str, InlineKeyboardMarkup]:
    """Group text with a deep-link button: the player must open a private chat to join
    (the alert to the player is :data:`Alert.NEED_PRIVATE`)."""
    return _private_link_message("msg-need-private", name, bot_username, payload, lang)


def unreachable(
    name: str, bot_username: str, payload: str, lang: str
) -> tuple[str, InlineKeyboardMarkup]:
    """Group text after a 403 from the player's private chat, with a deep-link button."""
    return _private_link_message("msg-unreachable", name, bot_username, payload, lang)


def rematch_opened(name: str, count: int, total: int, lang: str) -> str:
    """The group's news of a rematch lobby: who opened it, how many confirmed."""
    return translator(lang)("msg-rematch-opened", name=name, count=count, total=total)


def rematch_confirmed(name: str, count: int, total: int, lang: str) -> str:
    return translator(lang)("msg-rematch-confirmed", name=name, count=count, total=total)


def play_again_keyboard(game_id: int, lang: str) -> InlineKeyboardMarkup:
    """The game-over message's button."""
    text = translator(lang).plain("btn-play-again")
    return markup([[button(text, RematchCb(game_id=game_id))]])


def leave_question(
    game_id: int, user_id: int, name: str, lang: str
) -> tuple[str, InlineKeyboardMarkup]:
    """/leave: give ``name``'s seat to a computer? (HTML and the buttons)."""
    tr = translator(lang)
    keyboard = markup(
        [
            [
                button(
                    tr.plain("btn-leave-yes"),
                    LeaveCb(game_id=game_id, user_id=user_id, confirm=True),
                    style=DANGER,
                ),
                button(
                    tr.plain("btn-leave-no"),
                    LeaveCb(game_id=game_id, user_id=user_id, confirm=False),
                ),
            ]
        ]
    )
    return tr("msg-leave-question", name=name), keyboard


def leave_choice(
    game_id: int, people: Sequence[tuple[int, str]], lang: str
) -> tuple[str, InlineKeyboardMarkup]:
    """An admin's /leave without a reply: whose seat goes to a computer, one button each."""
    tr = translator(lang)
    rows = [
        [button(name, LeaveCb(game_id=game_id, user_id=user_id, confirm=True), style=DANGER)]
        for user_id, name in people
    ]
    return tr("msg-leave-choice"), markup(rows)


_LEAVE_REFUSALS = {
    "not-playing": "msg-leave-not-playing",
    "last": "msg-leave-last",
    "only-admin": "msg-leave-only-admin",
}


def leave_refused(reason: str, name: str, lang: str) -> str:
    """Why /leave asks nothing: ``reason`` is "not-playing", "last" or "only-admin"."""
    return translator(lang)(_LEAVE_REFUSALS[reason], name=name)


def left_game(name: str, computer: str, lang: str) -> str:
    """The group's news: a player's seat is a computer's now."""
    return translator(lang)("msg-left-game", name=name, computer=computer)


def left_private(lang: str) -> str:
    """What the leaver's hand message shows from then on."""
    return translator(lang)("msg-left-private")


def turn_ping(lang: str) -> str:
    """The short message that makes Telegram notify a player whose turn came."""
    return translator(lang)("msg-turn-ping")


def notify_state(on: bool, lang: str) -> str:
    """/notify's answer: the "your turn" pings are now on or off."""
    return translator(lang)("msg-notify-on" if on else "msg-notify-off")


def turn_reminder(name: str, user_id: int | None, seconds_left: int, lang: str) -> str:
    """«⏰ Аня, ваш ход! Осталось 30 с.» with a mention."""
    return translator(lang)(
        "msg-turn-reminder",
        name=mention(name, user_id),
        time=format_duration(seconds_left, lang),
    )


def auto_played(name: str, action: Action, lang: str) -> str:
    """«⏰ Аня не успевает — бот ходит за игрока: К♠»."""
    return translator(lang)("msg-auto-played", name=name, action=action_label(action, lang))


def redeal_text(dealer_name: str, lang: str, *, claimed_by: str | None = None) -> str:
    """Everyone passed twice, or ``claimed_by`` claimed a redeal (RULES-VARIANTS §8)."""
    tr = translator(lang)
    if claimed_by is not None:
        return tr("msg-redeal-claimed", name=claimed_by, dealer=dealer_name)
    return tr("msg-redeal", dealer=dealer_name)


def dave_text(event: DaveOffered | DaveConceded | DavePlayedOn, name: str, lang: str) -> str:
    """The group's line for «даве» (RULES-VARIANTS §25): «🤝 Аня: «даве»! …»; ``name``
    is the seat of the event's."""
    tr = translator(lang)
    if isinstance(event, DaveOffered):
        return tr("msg-dave-offered", name=name, stake=event.stake)
    if isinstance(event, DaveConceded):
        return tr("msg-dave-conceded", name=name, stake=event.stake)
    return tr("msg-dave-played-on", name=name, stake=event.stake)


def match_game_text(event: MatchGameWon, side_names: Sequence[str], lang: str) -> str:
    """A game of a two-round match is over (RULES-VARIANTS §27); the next one starts."""
    score = ":".join(str(points) for points in event.scores)
    return translator(lang)(
        "msg-match-game",
        number=event.game_number,
        name=side_names[event.winner],
        score=score,
        next=event.next_game,
    )


def private_start(name: str, lang: str) -> str:
    return translator(lang)("msg-private-start", name=name)


def private_joined(chat_title: str, lang: str) -> str:
    return translator(lang)("msg-private-joined", chat=chat_title)
