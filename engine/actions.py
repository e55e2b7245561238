"""Actions a player can take; each has a short text code that :meth:`Action.parse` reads.

| action | code | when |
|---|---|---|
| :class:`Pass` | ``pass`` | bidding, either round |
| :class:`TakeProposed` | ``play`` | bidding round 1: "I play" the proposed trump |
| :class:`NameSuit` | ``suit:H`` | bidding round 2: name another suit as trump |
| :class:`ExchangeSeven` | ``swap`` | the trump-seven holder takes the face-up card |
| :class:`KeepSeven` | ``keep`` | the trump-seven holder keeps it |
| :class:`ClaimRedeal` | ``redeal`` | redeal claims (RULES-VARIANTS §8): void the hand |
| :class:`NoRedeal` | ``no_redeal`` | redeal claims: play the hand |
| :class:`OfferFifty` | ``offer50`` | 2 players, §26: the non-bidder offers 50 |
| :class:`NoFiftyOffer` | ``no_offer`` | §26: the non-bidder makes no offer |
| :class:`AcceptFifty` | ``accept50`` | §26: the bidder takes the 50; the hand ends |
| :class:`DeclineFifty` | ``decline50`` | §26: the bidder plays the hand |
| :class:`OfferDave` | ``dave`` | §25: on one's turn in the play, before the card |
| :class:`ConcedeDave` | ``concede`` | §25: the opponent gives up the current stake |
| :class:`PlayOnDave` | ``play_on`` | §25: the opponent plays on for the next stake |
| :class:`PlayCard` | ``card:10H`` | the play |

Actions do not name a seat: the game knows whose decision it awaits.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar, Final

from .cards import DECK, Card, CardParseError, Suit

__all__ = [
    "AcceptFifty",
    "Action",
    "ActionParseError",
    "ClaimRedeal",
    "ConcedeDave",
    "DeclineFifty",
    "ExchangeSeven",
    "KeepSeven",
    "NameSuit",
    "NoFiftyOffer",
    "NoRedeal",
    "OfferDave",
    "OfferFifty",
    "Pass",
    "PlayCard",
    "PlayOnDave",
    "TakeProposed",
]


class ActionParseError(ValueError):
    """A text is not an action code."""


class Action:
    """Base of all actions. Actions are immutable, hashable and compare by value."""

    __slots__ = ()
    code_word: ClassVar[str]

    @property
    def code(self) -> str:
        """The text code, e.g. ``"pass"`` or ``"card:JS"``."""
        return self.code_word

    @staticmethod
    def parse(code: str) -> Action:
        """Read an action code.

        >>> Action.parse("card:10H")
        PlayCard(card=Card.parse('10H'))
        >>> Action.parse("suit:S")
        NameSuit(suit=<Suit.SPADES: 0>)
        """
        word, _, argument = code.strip().partition(":")
        word = word.lower()
        try:
            if word == "card" and argument:
                return PLAY_CARD[Card.parse(argument).index]
            if word == "suit" and argument:
                return NAME_SUIT[Suit.parse(argument)]
        except CardParseError as error:
            raise ActionParseError(f"not an action code: {code!r} ({error})") from None
        simple = _SIMPLE.get(word)
        if simple is None or argument:
            raise ActionParseError(f"not an action code: {code!r}")
        return simple

    def __str__(self) -> str:
        return self.code


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    code_word: ClassVar[str] = "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeProposed(Action):
    """Bidding round 1: play with the proposed card's suit as trump."""

    code_word: ClassVar[str] = "play"


@dataclasses.dataclass(frozen=True, slots=True)
class NameSuit(Action):
    """Bidding round 2: name a suit other than the proposed one as trump."""

    suit: Suit
    code_word: ClassVar[str] = "suit"

    @property
    def code(self) -> str:
        return "suit:" + self.suit.letter


@dataclasses.dataclass(frozen=True, slots=True)
class ExchangeSeven(Action):
    code_word: ClassVar[str] = "swap"


@dataclasses.dataclass(frozen=True, slots=True)
class KeepSeven(Action):
    code_word: ClassVar[str] = "keep"


@dataclasses.dataclass(frozen=True, slots=True)
class ClaimRedeal(Action):
    """RULES-VARIANTS §8: a qualifying player voids the hand; the next dealer deals."""

    code_word: ClassVar[str] = "redeal"


@dataclasses.dataclass(frozen=True, slots=True)
class NoRedeal(Action):
    """RULES-VARIANTS §8: a qualifying player plays the hand."""

    code_word: ClassVar[str] = "no_redeal"


@dataclasses.dataclass(frozen=True, slots=True)
class OfferFifty(Action):
    code_word: ClassVar[str] = "offer50"


@dataclasses.dataclass(frozen=True, slots=True)
class NoFiftyOffer(Action):
    code_word: ClassVar[str] = "no_offer"


@dataclasses.dataclass(frozen=True, slots=True)
class AcceptFifty(Action):
    code_word: ClassVar[str] = "accept50"


@dataclasses.dataclass(frozen=True, slots=True)
class DeclineFifty(Action):
    code_word: ClassVar[str] = "decline50"


@dataclasses.dataclass(frozen=True, slots=True)
class OfferDave(Action):
    """RULES-VARIANTS §25: «даве», an offer to the opponent to give up the stake."""

    code_word: ClassVar[str] = "dave"


@dataclasses.dataclass(frozen=True, slots=True)
class ConcedeDave(Action):
    """§25: the answer to «даве» that loses the current stake and ends the game."""

    code_word: ClassVar[str] = "concede"


@dataclasses.dataclass(frozen=True, slots=True)
class PlayOnDave(Action):
    """§25: the answer to «даве» that plays on for the next stake."""

    code_word: ClassVar[str] = "play_on"


@dataclasses.dataclass(frozen=True, slots=True)
class PlayCard(Action):
    card: Card
    code_word: ClassVar[str] = "card"

    @property
    def code(self) -> str:
        return "card:" + self.card.code


PASS: Final = Pass()
TAKE_PROPOSED: Final = TakeProposed()
EXCHANGE_SEVEN: Final = ExchangeSeven()
KEEP_SEVEN: Final = KeepSeven()
CLAIM_REDEAL: Final = ClaimRedeal()
NO_REDEAL: Final = NoRedeal()
OFFER_FIFTY: Final = OfferFifty()
NO_FIFTY_OFFER: Final = NoFiftyOffer()
ACCEPT_FIFTY: Final = AcceptFifty()
DECLINE_FIFTY: Final = DeclineFifty()
OFFER_DAVE: Final = OfferDave()
CONCEDE_DAVE: Final = ConcedeDave()
PLAY_ON_DAVE: Final = PlayOnDave()
NAME_SUIT: Final = tuple(NameSuit(suit) for suit in Suit)
PLAY_CARD: Final = tuple(PlayCard(card) for card in DECK)
_SIMPLE: Final[dict[str, Action]] = {
    "pass": PASS,
    "play": TAKE_PROPOSED,
    "swap": EXCHANGE_SEVEN,
    "keep": KEEP_SEVEN,
    "redeal": CLAIM_REDEAL,
    "no_redeal": NO_REDEAL,
    "offer50": OFFER_FIFTY,
    "no_offer": NO_FIFTY_OFFER,
    "accept50": ACCEPT_FIFTY,
    "decline50": DECLINE_FIFTY,
    "dave": OFFER_DAVE,
    "concede": CONCEDE_DAVE,
    "play_on": PLAY_ON_DAVE,
}
