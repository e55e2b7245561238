"""The rule-based player: :mod:`engine.ai.bidding` for bids and the trump seven,
:mod:`engine.ai.policy` for the play, fed with what :mod:`engine.ai.infer` reads from
the public tricks (cards gone, suits each seat lacks)."""

from __future__ import annotations

from engine.actions import CONCEDE_DAVE, OFFER_DAVE, PLAY_CARD, PLAY_ON_DAVE, Action, PlayCard
from engine.cards import mask_of
from engine.game import Phase
from engine.view import PlayerView

from ..bidding import choose_bid, choose_exchange, choose_fifty, choose_redeal_claim
from ..dave import sure_winner
from ..infer import knowledge
from ..policy import choose_card

__all__ = ["HeuristicPlayer", "heuristic_action"]


class HeuristicPlayer:
    """Deterministic rules; the seed is accepted for a uniform interface and unused."""

    def __init__(self, seed: int = 0, *, margin: float = 0.0) -> None:
        """``margin`` shifts the bidding thresholds (negative: bid more often)."""
        self.seed = seed
        self.margin = margin

    def choose(self, view: PlayerView) -> Action:
        """The rule-based action for the view."""
        return heuristic_action(view, self.margin)


def heuristic_action(view: PlayerView, margin: float = 0.0) -> Action:
    """What the rules say to do; see :mod:`engine.ai.policy` and :mod:`engine.ai.bidding`."""
    legal = view.legal_actions
    seat = view.seat
    if seat is None or not legal:
        raise ValueError(f"seat {seat} has no decision to make now")
    if len(legal) == 1:
        return legal[0]
    hand = mask_of(view.hand)
    if view.phase is Phase.BIDDING:
        assert view.proposed is not None
        return choose_bid(
            hand,
            legal,
            view.proposed.index,
            seat,
            view.dealer,
            view.players,
            view.rules,
            margin,
        )
    assert view.trump is not None
    assert view.bidder is not None
    trump = int(view.trump)
    if view.phase is Phase.EXCHANGE:
        assert view.proposed is not None
        return choose_exchange(hand, trump, view.proposed.index, view.rules, view.seven_meld_answer)
    if view.phase is Phase.FIFTY_OFFER:
        offered = seat == view.bidder
        return choose_fifty(hand, trump, offered, view.rules)
    if view.phase is Phase.REDEAL_CLAIMS:
        bidder_side = view.side_of(seat) == view.side_of(view.bidder)
        return choose_redeal_claim(hand, trump, bidder_side, view.players, view.rules)
    if view.phase is Phase.DAVE:
        offerer = 1 - seat
        return CONCEDE_DAVE if sure_winner(view) == offerer else PLAY_ON_DAVE
    if OFFER_DAVE in legal and sure_winner(view) == seat:
        return OFFER_DAVE
    info = knowledge(view)
    trick = [card.index for _, card in view.trick]
    leader = view.trick[0][0] if view.trick else seat
    legal_mask = mask_of(action.card for action in legal if isinstance(action, PlayCard))
    index = choose_card(
        seat,
        hand,
        legal_mask,
        trick,
        leader,
        view.players,
        trump,
        info.gone,
        list(info.forbidden),
        view.bidder,
        view.rules.solo(view.players),
    )
    return PLAY_CARD[index]
