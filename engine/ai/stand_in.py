"""What the table does for a person whose time ran out, and the seed of each computer
decision in a stored game.

The stand-in commits an absent player to nothing it can avoid: it passes in the bidding,
keeps the trump seven, claims no redeal, offers and accepts no 50 points. Where the game
cannot wait — a card to play, an obligatory trump to name — it returns None and a
computer player decides for the seat.
"""

from __future__ import annotations

from typing import Final

from ..actions import Action, DeclineFifty, KeepSeven, NoFiftyOffer, NoRedeal, Pass
from ..view import PlayerView

__all__ = ["decision_seed", "stand_in_choice"]

_UNCOMMITTED: Final = (Pass, KeepSeven, NoRedeal, NoFiftyOffer, DeclineFifty)


def stand_in_choice(view: PlayerView) -> Action | None:
    """The action that commits the seat to nothing, if it has one now."""
    for action in view.legal_actions:
        if isinstance(action, _UNCOMMITTED):
            return action
    return None


def decision_seed(game_seed: int, move_number: int) -> int:
    """The seed of the computer player deciding move ``move_number`` of a game: fixed by
    the game's seed, so that a replayed or restarted game meets the same choices.

    >>> decision_seed(7, 3)
    7000024
    """
    return (game_seed * 1_000_003 + move_number) % (2**63)
