"""Callback data of every inline button: one CallbackData class per kind of action.

Every button names the game it belongs to and, for moves, the decision it answers (the
engine's move number), so a stale or forged press is recognised and refused.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Annotated

from aiogram.filters.callback_data import CallbackData
from pydantic import BeforeValidator, Field

from bot.parsing import BIGINT_MAX, parse_int
from engine import Action, ActionParseError

__all__ = [
    "CancelCb",
    "HintCb",
    "HistoryCb",
    "LeaveCb",
    "LobbyAction",
    "LobbyCb",
    "MoveCb",
    "RematchCb",
    "ReviewCb",
    "RulesCb",
    "SettingsCb",
    "SettingsScope",
]


def _ascii_digits(low: int) -> Callable[[object], object]:
    """Text from a button must be ASCII digits in range; pydantic alone would also take
    " +5", "5_0" and "5.0", and ids past what the database stores."""

    def check(value: object) -> object:
        if isinstance(value, str):
            parsed = parse_int(value, low=low)
            if parsed is None:
                raise ValueError(f"not a number from a button: {value!r}")
            return parsed
        return value

    return check


def _flag(value: object) -> object:
    # CallbackData packs a bool as "1" or "0"; "yes", "on", "true" are not from a button.
    if isinstance(value, str):
        if value not in ("0", "1"):
            raise ValueError(f"not a flag from a button: {value!r}")
        return value == "1"
    return value


GameId = Annotated[int, BeforeValidator(_ascii_digits(1)), Field(ge=1, le=BIGINT_MAX)]
"""A game's id: a positive BIGINT."""
MoveNumber = Annotated[int, BeforeValidator(_ascii_digits(0)), Field(ge=0, le=BIGINT_MAX)]
Flag = Annotated[bool, BeforeValidator(_flag)]
PageNumber = Annotated[int, BeforeValidator(_ascii_digits(0)), Field(ge=0, le=99)]


class LobbyAction(StrEnum):
    JOIN = "j"
    LEAVE = "l"
    ADD_BOT = "b"
    START = "s"
    SETTINGS = "o"


class LobbyCb(CallbackData, prefix="lb"):
    game_id: GameId
    action: LobbyAction
    bot_kind: str = ""
    """For ADD_BOT: the computer player's kind ("easy", "medium", "strong"; a lobby drawn
    before the levels sends "heuristic" or "search")."""


class MoveCb(CallbackData, prefix="mv"):
    """A decision in the game: bid, trump, seven exchange or card.

    The action code ("card:10H") uses ':' which is CallbackData's separator, so it
    travels with '.' instead.
    """

    game_id: GameId
    move: MoveNumber
    code: str

    @classmethod
    def of(cls, game_id: int, move: int, action: Action) -> MoveCb:
        return cls(game_id=game_id, move=move, code=action.code.replace(":", "."))

    def action(self) -> Action:
        """The engine action; raises ActionParseError for forged data, including codes
        the engine would read leniently (" pass", "PASS") but no button carries."""
        action = Action.parse(self.code.replace(".", ":"))
        if action.code.replace(":", ".") != self.code:
            raise ActionParseError(f"not an action code a button carries: {self.code!r}")
        return action


class HintCb(CallbackData, prefix="ht"):
    """💡 in a solo game's hand message: what the strong player would do at decision
    ``move``."""

    game_id: GameId
    move: MoveNumber


class SettingsScope(StrEnum):
    PAGE = "g"
    PRESET = "p"
    OPTION = "o"
    TARGET = "t"
    LANGUAGE = "l"
    TIMEOUT = "m"
    CLOSE = "x"


class SettingsCb(CallbackData, prefix="st"):
    """A settings button: ``name`` is the page, preset or option name, ``value`` its new
    value."""

    scope: SettingsScope
    name: str = ""
    value: str = ""


class CancelCb(CallbackData, prefix="cn"):
    game_id: GameId
    confirm: Flag


class RulesCb(CallbackData, prefix="rl"):
    """A page of the /rules message (0-based)."""

    page: PageNumber


class HistoryCb(CallbackData, prefix="hs"):
    """A /history button: the score sheet of ``game_id``, or the list again (0)."""

    game_id: Annotated[int, BeforeValidator(_ascii_digits(0)), Field(ge=0, le=BIGINT_MAX)]


class ReviewCb(CallbackData, prefix="rv"):
    """A page of a finished hand looked back at: 0 is the hand's result, 1 the deal and
    the bidding, then the tricks (see bot.render.review)."""

    game_id: GameId
    hand: Annotated[int, BeforeValidator(_ascii_digits(1)), Field(ge=1, le=10_000)]
    page: Annotated[int, BeforeValidator(_ascii_digits(0)), Field(ge=0, le=100)]


class RematchCb(CallbackData, prefix="ra"):
    """ "Play again" under a finished game."""

    game_id: GameId


UserId = Annotated[int, BeforeValidator(_ascii_digits(1)), Field(ge=1, le=BIGINT_MAX)]


class LeaveCb(CallbackData, prefix="lv"):
    """/leave's answer: ``user_id``'s seat goes to a computer (``confirm``) or stays."""

    game_id: GameId
    user_id: UserId
    confirm: Flag
