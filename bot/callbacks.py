"""Callback data of every inline button: one CallbackData class per kind of action.

Every button names the game it belongs to and, for moves, the decision it answers (the
engine's move number), so a stale or forged press is recognised and refused.
"""

from __future__ import annotations

from enum import StrEnum

from aiogram.filters.callback_data import CallbackData

from engine import Action

__all__ = [
    "CancelCb",
    "LobbyAction",
    "LobbyCb",
    "MoveCb",
    "SettingsCb",
    "SettingsScope",
]


class LobbyAction(StrEnum):
    JOIN = "j"
    LEAVE = "l"
    ADD_BOT = "b"
    START = "s"
    SETTINGS = "o"


class LobbyCb(CallbackData, prefix="lb"):
    game_id: int
    action: LobbyAction
    bot_kind: str = ""
    """For ADD_BOT: the computer player's kind ("heuristic" easy, "search" strong)."""


class MoveCb(CallbackData, prefix="mv"):
    """A decision in the game: bid, trump, seven exchange or card.

    The action code ("card:10H") uses ':' which is CallbackData's separator, so it
    travels with '.' instead.
    """

    game_id: int
    move: int
    code: str

    @classmethod
    def of(cls, game_id: int, move: int, action: Action) -> MoveCb:
        return cls(game_id=game_id, move=move, code=action.code.replace(":", "."))

    def action(self) -> Action:
        """The engine action; raises ActionParseError for forged data."""
        return Action.parse(self.code.replace(".", ":"))


class SettingsScope(StrEnum):
    PRESET = "p"
    OPTION = "o"
    TARGET = "t"
    LANGUAGE = "l"
    TIMEOUT = "m"
    CLOSE = "x"


class SettingsCb(CallbackData, prefix="st"):
    """A settings button: ``name`` is the preset or option name, ``value`` its new value."""

    scope: SettingsScope
    name: str = ""
    value: str = ""


class CancelCb(CallbackData, prefix="cn"):
    game_id: int
    confirm: bool
