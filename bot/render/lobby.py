"""The lobby message: who sits where, the rules in one line, and the buttons."""

from __future__ import annotations

from collections.abc import Sequence

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import LobbyAction, LobbyCb
from bot.i18n import translator
from engine import Rules

from .keyboard import PRIMARY, button, markup
from .names import COMPUTER_KINDS, Occupant, seat_names

__all__ = ["MIN_PLAYERS", "preset_label", "render_lobby"]

MIN_PLAYERS = 2


def preset_label(rules: Rules, lang: str) -> str:
    """«одесский деберц», or «свои правила» for a set that is no preset."""
    name = rules.preset_name
    return translator(lang).plain(f"preset-{name}" if name else "preset-custom")


def game_length(rules: Rules, lang: str) -> str:
    """«до 501», or a one-hand format's name (RULES-VARIANTS §25: no target)."""
    tr = translator(lang)
    if rules.one_hand:
        return tr.plain(f"value-format-{rules.format.value}")
    return tr.plain("lobby-target", target=rules.target)


def render_lobby(
    game_id: int,
    seats: Sequence[Occupant],
    opener_name: str,
    rules: Rules,
    lang: str,
    *,
    max_seats: int = 4,
    closed: str | None = None,
) -> tuple[str, InlineKeyboardMarkup | None]:
    """The lobby (HTML) and its keyboard.

    ``seats`` are the occupied seats in order: a person's name, or
    :class:`~bot.render.names.Computer` for a computer player. With 4 seats the pairs are
    shown (seats 1 and 3 against 2 and 4: partners sit opposite).

    ``closed`` is ``"started"`` or ``"cancelled"`` once the lobby is over: the seats stay,
    the buttons go (no keyboard) and a line says what became of the game.
    """
    tr = translator(lang)
    names = seat_names(seats, lang)
    lines = [
        tr("lobby-title"),
        tr("lobby-opener", name=opener_name),
        tr("lobby-rules", rules=preset_label(rules, lang), length=game_length(rules, lang)),
        "",
    ]
    if closed is not None:
        # The table is set: the seats nobody took and the pairs that might have been go.
        max_seats = len(names)
    for number in range(1, max_seats + 1):
        if number <= len(names):
            lines.append(tr("lobby-seat", number=number, name=names[number - 1]))
        else:
            lines.append(tr("lobby-seat-free", number=number))
    lines.append("")
    solo = max_seats == 4 and rules.solo(4)
    if solo:
        lines.append(tr("lobby-solo"))
    elif len(names) == 4:
        pairs = [tr.plain("name-pair", first=names[s], second=names[s + 2]) for s in (0, 1)]
        lines.append(tr("lobby-pairs", first=pairs[0], second=pairs[1]))
    elif max_seats == 4 and len(names) == 3 and not solo:
        lines.append(tr("lobby-pairs-hint"))
    if closed is not None:
        lines.append(tr("lobby-started" if closed == "started" else "lobby-cancelled"))
        return "\n".join(lines), None
    ready = MIN_PLAYERS <= len(names) <= max_seats
    if ready:
        lines.append(tr("lobby-ready", count=len(names)))
    else:
        lines.append(tr("lobby-need-players", max=max_seats))

    def cb(action: LobbyAction, kind: str = "") -> LobbyCb:
        return LobbyCb(game_id=game_id, action=action, bot_kind=kind)

    full = len(names) >= max_seats
    rows = [
        [
            button(tr.plain("btn-join"), cb(LobbyAction.JOIN)),
            button(tr.plain("btn-leave"), cb(LobbyAction.LEAVE)),
        ],
        []
        if full
        else [
            button(tr.plain("btn-add-computer", kind=kind), cb(LobbyAction.ADD_BOT, kind))
            for kind in COMPUTER_KINDS
        ],
        [
            button(
                tr.plain("btn-start" if ready else "btn-start-wait"),
                cb(LobbyAction.START),
                style=PRIMARY if ready else None,
            ),
            button(tr.plain("btn-settings"), cb(LobbyAction.SETTINGS)),
        ],
    ]
    return "\n".join(lines), markup(rows)
