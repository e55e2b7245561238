"""Shared helpers of the per-section tests of RULES-VARIANTS.md."""

from __future__ import annotations

from engine import Game, PlayCard


def legal(game: Game) -> set[str]:
    """The codes of the cards the seat to act may play."""
    return {action.card.code for action in game.legal_actions() if isinstance(action, PlayCard)}
