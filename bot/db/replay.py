"""Rebuild a game from its seed and action log and compare it with the stored state.

A game is its seed plus its actions; if the two disagree, either an action was lost or
the engine changed its mind about an old game. Used by tests and an admin command.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.errors import GameNotFound
from bot.db.games import list_actions
from bot.db.models import GameRecord
from engine import Action, ActionParseError, Game, IllegalActionError, Rules

__all__ = ["ReplayReport", "replay_check", "replay_matches"]


@dataclass(frozen=True, slots=True)
class ReplayReport:
    game_id: int
    actions: int
    difference: str | None
    """None when the replay equals the stored state; else the first difference found."""

    @property
    def matches(self) -> bool:
        return self.difference is None

    def __bool__(self) -> bool:
        return self.matches


def first_difference(expected: Any, actual: Any, path: str = "state") -> str | None:
    """The path and values of the first place two JSON values differ, or None."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual), key=str):
            if key not in actual:
                return f"{path}.{key}: only in the replay"
            if key not in expected:
                return f"{path}.{key}: only in the stored state"
            found = first_difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return f"{path}: {len(expected)} items replayed, {len(actual)} stored"
        for index, (left, right) in enumerate(zip(expected, actual, strict=True)):
            found = first_difference(left, right, f"{path}[{index}]")
            if found:
                return found
        return None
    if expected != actual or type(expected) is not type(actual):
        return f"{path}: replayed {expected!r}, stored {actual!r}"
    return None


async def replay_check(session: AsyncSession, game_id: int) -> ReplayReport:
    row = await session.get(GameRecord, game_id, populate_existing=True)
    if row is None:
        raise GameNotFound(game_id)
    log = await list_actions(session, game_id)

    def report(difference: str | None) -> ReplayReport:
        return ReplayReport(game_id, len(log), difference)

    for expected_seq, record in enumerate(log, start=1):
        if record.seq != expected_seq:
            return report(f"action log: sequence number {record.seq} where {expected_seq} belongs")
    if row.state is None:
        return report(None if not log else f"lobby game has {len(log)} logged actions")

    game = Game.new(row.player_count, Rules.from_json(row.rules), row.seed)
    for record in log:
        try:
            game.apply(Action.parse(record.code), record.seat)
        except (ActionParseError, IllegalActionError) as error:
            return report(f"action {record.seq} ({record.code!r}, seat {record.seat}): {error}")
    # Both sides through JSON, so that a tuple in to_dict() compares equal to its list.
    return report(first_difference(json.loads(game.to_json()), json.loads(row.state)))


async def replay_matches(session: AsyncSession, game_id: int) -> bool:
    """Whether replaying the game's log from its seed gives exactly the stored state."""
    return (await replay_check(session, game_id)).matches
