"""Events returned by :meth:`engine.Game.apply`: what happened, in order.

Every event is public: it holds nothing a player at the table may not know. A player's
own cards come from :meth:`engine.Game.view`.
"""

from __future__ import annotations

import dataclasses

from .actions import Action
from .cards import Card, Rank, Suit
from .melds import Meld, MeldKind
from .scoring import HandResult

__all__ = [
    "BellaAnnounced",
    "BidMade",
    "CardPlayed",
    "DaveConceded",
    "DaveOffered",
    "DavePlayedOn",
    "DebertzWon",
    "Event",
    "ExtraCardsDealt",
    "FrezaShown",
    "GameOver",
    "HandDealt",
    "HandScored",
    "KlaborWon",
    "MatchGameWon",
    "MeldAnnouncement",
    "MeldsAnnounced",
    "MeldsWon",
    "ProposalRefused",
    "Redeal",
    "RedealClaimed",
    "SevenExchanged",
    "SevenKept",
    "TrickWon",
    "TrumpChosen",
    "VisyakHand",
]


class Event:
    """Base of all events."""

    __slots__ = ()


@dataclasses.dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """A new hand was dealt; ``proposed`` is the face-up card that proposes trump."""

    hand_number: int
    dealer: int
    proposed: Card


@dataclasses.dataclass(frozen=True, slots=True)
class BidMade(Event):
    seat: int
    action: Action
    round: int


@dataclasses.dataclass(frozen=True, slots=True)
class TrumpChosen(Event):
    """Bidding ended: ``bidder`` plays with ``trump`` (round 1: the proposed suit)."""

    bidder: int
    trump: Suit
    round: int


@dataclasses.dataclass(frozen=True, slots=True)
class ProposalRefused(Event):
    """RULES-VARIANTS §2: everyone passed on ``refused``, which is set aside face up (out
    of play); ``proposed``, the stock's top card, is proposed for bidding round
    ``round``."""

    refused: Card
    proposed: Card
    round: int


@dataclasses.dataclass(frozen=True, slots=True)
class VisyakHand(Event):
    """RULES-VARIANTS §19: a висяк hand follows a tie. Nobody bids: ``bidder`` (the same
    seat) plays ``trump``, the proposed card's suit, for the ``pool``; only bella
    scores."""

    bidder: int
    trump: Suit
    pool: int


@dataclasses.dataclass(frozen=True, slots=True)
class Redeal(Event):
    """Everyone passed twice; ``dealer`` deals again."""

    dealer: int


@dataclasses.dataclass(frozen=True, slots=True)
class RedealClaimed(Event):
    """RULES-VARIANTS §8: ``seat`` (four sevens, or a weak hand) voided the hand; a
    :class:`Redeal` follows."""

    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class ExtraCardsDealt(Event):
    """2 or 3 players: everyone got 3 (or ``extra_cards``) more cards from the stock; 4
    players under
    ``four_player_deal=six_then_two``: the packet of 2."""

    cards_each: int


@dataclasses.dataclass(frozen=True, slots=True)
class FrezaShown(Event):
    """RULES-VARIANTS §1: the stock's bottom card is turned face up after the extras; it
    stays out of play."""

    card: Card


@dataclasses.dataclass(frozen=True, slots=True)
class SevenExchanged(Event):
    """``seat`` gave the trump seven for the face-up card ``taken``."""

    seat: int
    seven: Card
    taken: Card


@dataclasses.dataclass(frozen=True, slots=True)
class SevenKept(Event):
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class MeldAnnouncement:
    """What the table hears of a meld when its holder plays the first card: kind and
    height (top rank), not the suit or the cards."""

    kind: MeldKind
    top: Rank


@dataclasses.dataclass(frozen=True, slots=True)
class MeldsAnnounced(Event):
    seat: int
    melds: tuple[MeldAnnouncement, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: Card


@dataclasses.dataclass(frozen=True, slots=True)
class BellaAnnounced(Event):
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """A trick is complete. ``plays`` are (seat, card) in playing order."""

    trick_number: int
    winner: int
    plays: tuple[tuple[int, Card], ...]
    points: int
    last: bool


@dataclasses.dataclass(frozen=True, slots=True)
class MeldsWon(Event):
    """After the first trick: the side with the highest meld shows all its melds.

    ``melds`` are (seat, meld) with the cards visible to everyone from now on.
    """

    side: int
    melds: tuple[tuple[int, Meld], ...]
    points: int


@dataclasses.dataclass(frozen=True, slots=True)
class DebertzWon(Event):
    """A run of seven or more ("debertz") won the game at once."""

    seat: int
    meld: Meld


@dataclasses.dataclass(frozen=True, slots=True)
class KlaborWon(Event):
    """RULES-VARIANTS §12: ``seat`` was dealt A K Q J 10 9 of ``suit`` and wins at once."""

    seat: int
    suit: Suit


@dataclasses.dataclass(frozen=True, slots=True)
class HandScored(Event):
    result: HandResult


@dataclasses.dataclass(frozen=True, slots=True)
class DaveOffered(Event):
    """RULES-VARIANTS §25: ``seat`` offered «даве»; conceding costs ``stake``."""

    seat: int
    stake: int


@dataclasses.dataclass(frozen=True, slots=True)
class DaveConceded(Event):
    """§25: ``seat`` gave up ``stake``; a :class:`GameOver` follows."""

    seat: int
    stake: int


@dataclasses.dataclass(frozen=True, slots=True)
class DavePlayedOn(Event):
    """§25: ``seat`` played on; the stake is now ``stake`` and only ``seat`` may offer
    next."""

    seat: int
    stake: int


@dataclasses.dataclass(frozen=True, slots=True)
class MatchGameWon(Event):
    """RULES-VARIANTS §27: game ``game_number`` of a two-round match went to ``winner``
    with ``scores``; game ``next_game`` starts from 0 (3: the four final hands)."""

    game_number: int
    winner: int
    scores: tuple[int, ...]
    next_game: int


@dataclasses.dataclass(frozen=True, slots=True)
class GameOver(Event):
    winner: int
    """The winning side (with several winners, the first of :attr:`winners`)."""
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()
    """Under a one-hand format (RULES-VARIANTS §25), every winning side: two when a
    3-player (or 4 solo) bidder pays under ``one_hand_bait`` (H5); empty otherwise,
    when :attr:`winner` alone wins."""
    stakes: tuple[int, ...] = ()
    """§25: under a one-hand format, each side's stake units won (negative: lost)."""
