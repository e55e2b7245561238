"""Shared helpers of the per-section tests of RULES-VARIANTS.md."""

from __future__ import annotations

import json
from typing import Any

from engine import Event, Game, HandScored, Outcome, PlayCard, Rules

from ..decks import events_of, first_policy


def legal(game: Game) -> set[str]:
    """The codes of the cards the seat to act may play."""
    return {action.card.code for action in game.legal_actions() if isinstance(action, PlayCard)}


VISYAK = Rules(visyak=True, target=5000)
# Games whose first hand, played by tests.engine.decks.first_policy, ends in a tie; the
# висяк hand that follows is then made or sat (found by trying seeds in order).
TIE_THEN_BAIT = (2, 158)
TIE_THEN_MADE = (2, 246)
TIE_THEN_MADE_3 = (3, 555)


def visyak_tie(players: int, seed: int, **changes: Any) -> tuple[Game, list[Event]]:
    """Play the first hand to its tie; the last card is applied under ``Rules`` changed
    by ``changes`` (the hand's cards stay those of the seed)."""
    game = Game.new(players, VISYAK, seed)
    while True:
        action = first_policy(game)
        before = json.loads(game.to_json())
        events = game.apply(action)
        if events_of(events, HandScored):
            break
    before["rules"] = VISYAK.replace(**changes).to_dict()
    game = Game.from_dict(before)
    events = game.apply(action)
    (scored,) = events_of(events, HandScored)
    assert scored.result.outcome is Outcome.VISYAK
    return game, events
