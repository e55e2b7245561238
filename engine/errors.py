"""Errors raised for illegal actions, each carrying a machine-readable reason."""

from __future__ import annotations

from enum import StrEnum

from .actions import Action
from .cards import Suit

__all__ = ["IllegalActionError", "Reason"]


class Reason(StrEnum):
    """Why an action was refused; the bot turns this into a message in the player's
    language."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    """The action belongs to another phase (e.g. a card during bidding)."""
    PASS_NOT_ALLOWED = "pass_not_allowed"
    SUIT_NOT_ALLOWED = "suit_not_allowed"
    """Round 2: the proposed suit cannot be named again."""
    DEALER_MUST_NAME_SUIT = "dealer_must_name_suit"
    """Obligatory dealer: the dealer may not pass in round 2."""
    DEALER_MUST_PLAY = "dealer_must_play"
    """RULES-VARIANTS §2 with the obligatory dealer: the dealer may not pass on the last
    card that can be proposed."""
    NO_SEVEN_TO_EXCHANGE = "no_seven_to_exchange"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_TRUMP = "must_trump"
    MUST_OVERTRUMP = "must_overtrump"
    DAVE_OFF = "dave_off"
    """RULES-VARIANTS §25: «даве» is not played here (the option is off, or not 2
    players)."""
    DAVE_NOT_NOW = "dave_not_now"
    """«Даве» only on one's own turn in the play, before playing a card."""
    DAVE_NOT_YOURS = "dave_not_yours"
    """After a play-on only the player who played on may offer «даве» next."""
    NO_DAVE_OFFER = "no_dave_offer"
    """Concede or play on answer a «даве» offer, and none is open."""


class IllegalActionError(ValueError):
    """An action the rules do not allow now.

    ``reason`` says which rule; ``suit`` is the suit the rule names where there is one
    (the suit to follow, or trump).
    """

    def __init__(
        self,
        reason: Reason,
        message: str,
        *,
        seat: int | None = None,
        action: Action | None = None,
        suit: Suit | None = None,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.seat = seat
        self.action = action
        self.suit = suit
