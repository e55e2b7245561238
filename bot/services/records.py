"""A finished game's record: each seat's result line and the people's new ratings,
written in the transaction of the game's last move (one action, one transaction).

A game is recorded once: the last move's save is version-checked (a replayed or retried
update fails it before getting here), and a game whose lines exist is not recorded again.
A cancelled game never gets here.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot import db
from bot.db import records as repo
from bot.services.ratings import INITIAL_MU, INITIAL_SIGMA, RatedSeat, computer_rating, rate
from bot.services.tables import Table
from engine.summary import ReplayMismatchError, shown_melds, summarize

__all__ = ["record_finished_game"]

log = logging.getLogger(__name__)


async def record_finished_game(session: AsyncSession, table: Table) -> bool:
    """Write the lines and ratings of ``table``'s game, which its last move just ended;
    False when there was nothing to do (not over, or recorded already)."""
    game = table.game
    if game is None or game.winner is None or await repo.has_results(session, table.game_id):
        return False
    actions = [record.code for record in await db.list_actions(session, table.game_id)]
    try:
        melds = shown_melds(game, actions)
    except ReplayMismatchError:
        # Only a game dealt from a chosen deck (tests) does not replay; its other
        # figures still come from the final state.
        log.warning("game %s does not replay from its seed; no best melds", table.game_id)
        melds = ()
    summary = summarize(game, melds)
    seats = {seat.seat: seat for seat in table.seats}
    people = [seat.user_id for seat in table.seats if seat.user_id is not None]
    ratings = await repo.lock_ratings(session, people, INITIAL_MU, INITIAL_SIGMA)
    before: list[tuple[float, float]] = []
    for line in summary.seats:
        seat = seats[line.seat]
        if seat.user_id is not None:
            rating = ratings[seat.user_id]
            before.append((rating.mu, rating.sigma))
        else:
            before.append(computer_rating(seat.bot_kind or "", game.players))
    after = rate(
        [
            RatedSeat(line.side, line.place, mu, sigma)
            for line, (mu, sigma) in zip(summary.seats, before, strict=True)
        ]
    )
    finished_at = table.row.finished_at or db.utcnow()
    lines: list[dict[str, Any]] = []
    for line, old, new in zip(summary.seats, before, after, strict=True):
        seat = seats[line.seat]
        person = seat.user_id is not None
        if seat.user_id is not None:
            await repo.store_rating(session, seat.user_id, *new)
        lines.append(
            {
                "game_id": table.game_id,
                "seat": line.seat,
                "user_id": seat.user_id,
                "bot_kind": seat.bot_kind if seat.user_id is None else None,
                "side": line.side,
                "place": line.place,
                "won": line.won,
                "score": line.score,
                **repo.figure_columns(line.figures),
                "rules_name": summary.preset,
                "mu_before": old[0] if person else None,
                "sigma_before": old[1] if person else None,
                "mu_after": new[0] if person else None,
                "sigma_after": new[1] if person else None,
                "finished_at": finished_at,
            }
        )
    await repo.add_results(session, lines)
    return True
