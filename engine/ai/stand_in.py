"""What the table does for a person whose time ran out, and the seed of each computer
decision in a stored game.

The stand-in commits an absent player to nothing it can avoid: it passes in the bidding,
keeps the trump seven, claims no redeal, offers and accepts no 50 points, offers no
«даве» and plays on when one is offered (conceding would end the game for him). Where
the game cannot wait — a card to play, an obligatory trump to name — it returns None and
a computer player decides for the seat.
"""

from __future__ import annotations

import dataclasses
from typing import Final

from ..actions import (
    Action,
    DeclineFifty,
    KeepSeven,
    NoFiftyOffer,
    NoRedeal,
    OfferDave,
    Pass,
    PlayOnDave,
)
from ..view import PlayerView

__all__ = ["decision_seed", "stand_in_choice", "without_offers"]

_UNCOMMITTED: Final = (Pass, KeepSeven, NoRedeal, NoFiftyOffer, DeclineFifty, PlayOnDave)


def stand_in_choice(view: PlayerView) -> Action | None:
    """The action that commits the seat to nothing, if it has one now. A card to play
    that comes with the «даве» offer is still a card: a computer chooses it, told not to
    offer (:func:`without_offers`)."""
    for action in view.legal_actions:
        if isinstance(action, _UNCOMMITTED):
            return action
    return None


def without_offers(view: PlayerView) -> PlayerView:
    """The view with the «даве» offer left out of the legal actions: a computer playing a
    card for an absent person does not raise the stakes for him."""
    legal = tuple(a for a in view.legal_actions if not isinstance(a, OfferDave))
    return dataclasses.replace(view, legal_actions=legal) if legal != view.legal_actions else view


def decision_seed(game_seed: int, move_number: int) -> int:
    """The seed of the computer player deciding move ``move_number`` of a game: fixed by
    the game's seed, so that a replayed or restarted game meets the same choices.

    >>> decision_seed(7, 3)
    7000024
    """
    return (game_seed * 1_000_003 + move_number) % (2**63)
