"""Bidding (RULES.md §3): round 1 on the proposed card, round 2 naming another suit,
and the redeal after everyone passed twice.

With ``round_two`` ``next_card`` or ``next_cards`` (RULES-VARIANTS §2, 2-3 players) there
is no naming: the refused card is set aside face up, the stock's top card is proposed and
round 1 is replayed; the k-th proposed card is bidding round k (H1). Proposals stop while
the stock still holds the extras (n x ``extra_cards``) and, with the freza on, its
bottom card (H14). The obligatory dealer must play the last card that can be proposed.

A redeal is dealt by the next dealer clockwise, whatever the dealer-rotation option; it
is not a hand on the score sheet.
"""

from __future__ import annotations

from .. import actions as act
from ..actions import Action, NameSuit, Pass, TakeProposed
from ..cards import DECK, Suit
from ..errors import IllegalActionError, Reason
from ..events import BidMade, Event, ProposalRefused, TrumpChosen
from ..rules import RoundTwo, Rules
from . import deal, exchange, fifty, match
from .state import GameState, wrong_phase

__all__ = [
    "apply_bid",
    "check_bid",
    "legal_bids",
    "must_name_suit",
    "must_play",
    "next_cards_rule",
    "proposal_count",
    "proposals_left",
]


def next_cards_rule(game: GameState) -> bool:
    """Whether refused cards are replaced by the next stock card (§2; 2-3 players)."""
    return game._n < 4 and game._rules.round_two is not RoundTwo.NAME_SUIT


def proposal_count(rules: Rules, players: int) -> int:
    """How many cards can be proposed in one hand (§2, H14): 1, or with ``next_card``
    2 and with ``next_cards`` as many as the stock spares beyond the extras (and the
    freza's bottom card)."""
    if players == 4 or rules.round_two is RoundTwo.NAME_SUIT:
        return 1
    stock = 32 - 6 * players - 1
    spare = max(stock - players * rules.extra_cards - (1 if rules.freza else 0), 0)
    return 1 + (min(spare, 1) if rules.round_two is RoundTwo.NEXT_CARD else spare)


def proposals_left(game: GameState) -> int:
    """How many more cards can be proposed after the current one."""
    return proposal_count(game._rules, game._n) - game._bid_round


def _names_suits(game: GameState) -> bool:
    return game._bid_round == 2 and not next_cards_rule(game)


def must_name_suit(game: GameState, seat: int) -> bool:
    """Obligatory dealer: the dealer may not pass in round 2 (in a two-round match, only
    as §27 says)."""
    return _names_suits(game) and seat == game._dealer and match.dealer_obliged(game)


def must_play(game: GameState, seat: int) -> bool:
    """§2 with the obligatory dealer: the dealer may not pass on the last card that can
    be proposed."""
    return (
        next_cards_rule(game)
        and seat == game._dealer
        and match.dealer_obliged(game)
        and proposals_left(game) == 0
    )


def legal_bids(game: GameState) -> list[Action]:
    if not _names_suits(game):
        if must_play(game, game._to_act):
            return [act.TAKE_PROPOSED]
        return [act.PASS, act.TAKE_PROPOSED]
    proposed_suit = game._proposed >> 3
    named: list[Action] = [act.NAME_SUIT[s] for s in range(4) if s != proposed_suit]
    if must_name_suit(game, game._to_act):
        return named
    return [act.PASS, *named]


def _pass_refusal(game: GameState, seat: int) -> tuple[Reason, str] | None:
    """Why the obligatory dealer may not pass now, if he may not."""
    if must_name_suit(game, seat):
        return Reason.DEALER_MUST_NAME_SUIT, "obligatory dealer: the dealer must name a trump suit"
    if must_play(game, seat):
        return Reason.DEALER_MUST_PLAY, "obligatory dealer: the dealer must play the last card"
    return None


def check_bid(game: GameState, action: Action) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is a legal bid now."""
    seat = game._to_act
    kind = type(action)
    if kind is Pass:
        refusal = _pass_refusal(game, seat)
        if refusal is not None:
            raise IllegalActionError(*refusal, seat=seat, action=action)
        return
    if not _names_suits(game):
        if kind is TakeProposed:
            return
        if kind is NameSuit:
            raise IllegalActionError(
                Reason.SUIT_NOT_ALLOWED,
                f"round {game._bid_round}: only the proposed suit can be played (say play or pass)",
                seat=seat,
                action=action,
            )
    elif kind is NameSuit:
        assert isinstance(action, NameSuit)
        if action.suit == game._proposed >> 3:
            raise IllegalActionError(
                Reason.SUIT_NOT_ALLOWED,
                f"round 2: the proposed suit {action.suit.symbol} cannot be named",
                seat=seat,
                action=action,
                suit=action.suit,
            )
        return
    elif kind is TakeProposed:
        raise IllegalActionError(
            Reason.SUIT_NOT_ALLOWED,
            "round 2: the proposed suit was refused by all; name another suit or pass",
            seat=seat,
            action=action,
            suit=Suit(game._proposed >> 3),
        )
    raise wrong_phase(game, action)


def apply_bid(game: GameState, action: Action, events: list[Event]) -> None:
    """Apply a checked bid."""
    seat = game._to_act
    n = game._n
    game._bids.append((seat, action.code))
    events.append(BidMade(seat, action, game._bid_round))
    if type(action) is Pass:
        game._passes += 1
        if game._passes < n:
            game._to_act = (seat + 1) % n
            return
        if next_cards_rule(game):
            if proposals_left(game):
                _propose_next(game, events)
            else:
                deal.redeal(game, events)
            return
        if game._bid_round == 1:
            game._bid_round = 2
            game._passes = 0
            game._to_act = (game._dealer + 1) % n
            return
        deal.redeal(game, events)
        return
    trump = int(action.suit) if isinstance(action, NameSuit) else game._proposed >> 3
    game._trump = trump
    game._bidder = seat
    events.append(TrumpChosen(seat, Suit(trump), game._bid_round))
    if not fifty.open_offer(game):
        exchange.after_bidding(game, events)


def _propose_next(game: GameState, events: list[Event]) -> None:
    """§2: set the refused card aside face up and propose the stock's top card."""
    refused = game._proposed
    game._refused.append(refused)
    game._proposed = game._stock.pop(0)
    game._bid_round += 1
    game._passes = 0
    game._to_act = (game._dealer + 1) % game._n
    events.append(ProposalRefused(DECK[refused], DECK[game._proposed], game._bid_round))
