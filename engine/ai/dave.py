"""«Даве» for the computer players (RULES-VARIANTS §25): offer and answer only when the
hand is decided.

After the first trick (the melds are known then), a side is *sure* to win when its lead
in table points so far exceeds everything the other could still take: the points of
the cards not yet played that are not known to be out of play, the last trick's 10
and, while bella is unannounced, its 20. Offer «даве» when sure to win (a play-on only
raises a won stake); concede when the offerer is sure to win, otherwise play on.
"""

from __future__ import annotations

from engine.cards import DECK, points
from engine.rules import GameFormat
from engine.view import PlayerView

__all__ = ["sure_winner"]


def sure_winner(view: PlayerView) -> int | None:
    """The seat (2 players) certain to win the one-hand game from what ``view`` shows,
    or None while it is open."""
    if not view.tricks or view.trump is None or view.bidder is None:
        return None
    trump = view.trump
    seen = {card for record in view.tricks for card in record.cards}
    seen.update(card for _, card in view.trick)
    out = {card for card in (view.proposed, view.freza) if card is not None}
    if view.seven_exchanger is not None:
        out = {card for card in out if card != view.proposed}
    left = sum(points(card, trump) for card in DECK if card not in seen and card not in out)
    left += 10 + (20 if view.bella is None else 0)
    so_far = list(view.card_points)
    for seat, meld in view.winning_melds:
        so_far[seat] += meld.points
    if view.bella is not None:
        so_far[view.bella] += 20
    bidder = view.bidder
    lead = so_far[bidder] - so_far[1 - bidder]
    if view.rules.format is GameFormat.ONE_HAND_BAIT:
        # the bidder must end strictly ahead; a tie is his bait
        if lead > left:
            return bidder
        return 1 - bidder if -lead >= left else None
    if abs(lead) > left:
        return bidder if lead > 0 else 1 - bidder
    return None
