"""The 50-point offer (RULES-VARIANTS §26, H1, H2): 2 players, after trump is chosen and
before the seven exchange and the extras.

The non-bidder chooses :class:`~engine.actions.OfferFifty` or
:class:`~engine.actions.NoFiftyOffer`; after an offer the bidder chooses
:class:`~engine.actions.AcceptFifty` (he writes 50, the other 0, the hand ends with the
outcome ``fifty``: no melds, bolt or hanging points in it) or
:class:`~engine.actions.DeclineFifty` (play goes on).
"""

from __future__ import annotations

from .. import actions as act
from ..actions import AcceptFifty, Action, OfferFifty
from ..cards import Suit
from ..events import Event, HandScored
from ..scoring import HandResult, Outcome, SideScore
from . import end, exchange
from .state import GameState, Phase

__all__ = ["apply_fifty", "legal_fifty", "open_offer"]


def open_offer(game: GameState) -> bool:
    """After bidding: open the offer when the option applies; returns whether it did."""
    if not game._rules.offer_fifty or game._n != 2:
        return False
    game._phase = Phase.FIFTY_OFFER
    game._fifty_offered = False
    game._to_act = 1 - game._bidder
    return True


def legal_fifty(game: GameState) -> list[Action]:
    if game._fifty_offered:
        return [act.ACCEPT_FIFTY, act.DECLINE_FIFTY]
    return [act.OFFER_FIFTY, act.NO_FIFTY_OFFER]


def apply_fifty(game: GameState, action: Action, events: list[Event]) -> None:
    """Apply a checked decision of the offer phase."""
    kind = type(action)
    if kind is OfferFifty:
        game._fifty_offered = True
        game._to_act = game._bidder
        return
    if kind is AcceptFifty:
        _write_fifty(game, events)
        return
    game._fifty_offered = False
    exchange.after_bidding(game, events)


def _write_fifty(game: GameState, events: list[Event]) -> None:
    bidder = game._bidder
    lines = tuple(
        SideScore(
            side=side,
            tricks=0,
            card_points=0,
            last_trick=0,
            melds=0,
            bella=0,
            bait=False,
            received=0,
            hanging_won=0,
            bolt=0,
            bait_penalty=0,
            written=50 if side == bidder else 0,
        )
        for side in range(2)
    )
    previous = game._sheet[-1] if game._sheet else None
    result = HandResult(
        hand_number=game._hand_number,
        dealer=game._dealer,
        bidder=bidder,
        bidder_side=bidder,
        trump=Suit(game._trump),
        outcome=Outcome.FIFTY,
        sides=lines,
        hanging=game._hanging,
        hanging_queue=previous.hanging_queue if previous else (),
        pools=previous.pools if previous else (),
    )
    game._scores[bidder] += 50
    game._sheet.append(result)
    events.append(HandScored(result))
    end.after_hand(game, result, -1, events)
