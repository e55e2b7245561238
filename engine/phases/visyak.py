"""Klabor's висяк (RULES-VARIANTS §19, H7): the hand that follows a tie.

A tie of the bidder (outcome ``visyak``, :mod:`engine.scoring`) puts his side's points
into a pool. The next seat clockwise deals (whatever ``dealer_rotation`` says) and nobody
bids: the same seat is the bidder and trump is the suit of the new proposed card. Then the
hand goes on as after a round-1 play (the seven exchange, the freza and the redeal claims
apply; the 50-point offer does not), but no runs, debertz or klabor count: only bella
scores. A redeal keeps the висяк for the next deal. The pool lives on the score sheet
(the last result's :attr:`~engine.scoring.HandResult.visyak_pool`), so a stored or a
resampled game knows it without a field of its own; it is lost when the game ends.
"""

from __future__ import annotations

from ..cards import Suit
from ..events import Event, VisyakHand
from ..scoring import Outcome
from . import exchange
from .state import GameState, Phase

__all__ = ["pool", "start"]


def pool(game: GameState) -> int:
    """The pool the hand being played is for: 0 unless it is a висяк hand (a pool is
    never 0: the bidder's points at a tie equal an opponent's, who took a trick)."""
    sheet = game._sheet
    if game._phase is Phase.FINISHED or not sheet or sheet[-1].outcome is not Outcome.VISYAK:
        return 0
    return sheet[-1].visyak_pool


def start(game: GameState, events: list[Event]) -> None:
    """Open a dealt висяк hand: the last bidder plays the proposed suit, no bidding."""
    last = game._sheet[-1]
    game._bidder = last.bidder
    game._trump = game._proposed >> 3
    game._bid_round = 1
    events.append(VisyakHand(last.bidder, Suit(game._trump), last.visyak_pool))
    exchange.after_bidding(game, events)
