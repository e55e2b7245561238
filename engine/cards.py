"""Cards, suits and ranks, and the order and points of cards in and out of trump.

A card is an interned, immutable value: ``Card.parse("JS") is Card(Suit.SPADES, Rank.JACK)``.
Cards compare by identity (which card it is), never by strength: how strong a card is
depends on the trump suit, so strength lives in :func:`strength` and :func:`points`.

Inside the engine a set of cards is an ``int`` bit mask, bit ``index`` for each card,
where ``index = suit * 8 + rank`` and ranks count in the natural order 7, 8, 9, 10, J, Q,
K, A (the order of runs in melds).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final, final

__all__ = [
    "DECK",
    "NO_TRUMP",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "cards_of",
    "mask_of",
    "points",
    "sorted_for_display",
    "strength",
]


class CardParseError(ValueError):
    """A text is not a card code such as ``"JS"``, ``"10H"`` or ``"AC"``."""


class Suit(IntEnum):
    """The four suits; the value is the suit's block of eight bits in a card mask."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        """The one-letter code used in card codes: S, C, D or H."""
        return _SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♠ ♣ ♦ ♥."""
        return _SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter (``"S"``, ``"c"``...) or symbol (``"♥"``)."""
        key = text.strip().upper()
        if key in _SUIT_BY_LETTER:
            return _SUIT_BY_LETTER[key]
        if key in _SUIT_BY_SYMBOL:
            return _SUIT_BY_SYMBOL[key]
        raise CardParseError(f"not a suit: {text!r} (expected one of S C D H)")


class Rank(IntEnum):
    """Ranks in the natural order of runs: 7, 8, 9, 10, J, Q, K, A."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def code(self) -> str:
        """The rank part of a card code: 7 8 9 10 J Q K A."""
        return _RANK_CODES[self]


_SUIT_LETTERS: Final = ("S", "C", "D", "H")
_SUIT_SYMBOLS: Final = ("♠", "♣", "♦", "♥")
_SUIT_BY_LETTER: Final = {letter: Suit(i) for i, letter in enumerate(_SUIT_LETTERS)}
_SUIT_BY_SYMBOL: Final = {symbol: Suit(i) for i, symbol in enumerate(_SUIT_SYMBOLS)}
_RANK_CODES: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")
_RANK_BY_CODE: Final = {code: Rank(i) for i, code in enumerate(_RANK_CODES)}

NO_TRUMP: Final = -1
"""The trump value of a hand whose trump is not chosen yet."""

# Strength within a suit, 0 (weakest) .. 7 (strongest), indexed by natural rank.
_PLAIN_STRENGTH: Final = (0, 1, 2, 6, 3, 4, 5, 7)  # A 10 K Q J 9 8 7
_TRUMP_STRENGTH: Final = (0, 1, 6, 4, 7, 2, 3, 5)  # J 9 A 10 K Q 8 7
_PLAIN_POINTS: Final = (0, 0, 0, 10, 2, 3, 4, 11)
_TRUMP_POINTS: Final = (0, 0, 14, 10, 20, 3, 4, 11)


@final
class Card:
    """One of the 32 cards. Interned: equal cards are the same object.

    >>> Card.parse("10H")
    Card.parse('10H')
    >>> str(Card.parse("JS"))
    'J♠'
    """

    __slots__ = ("_index",)
    _index: int

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        return DECK[int(suit) * 8 + int(rank)]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "_index", index)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with bit ``index`` (``suit * 8 + rank``)."""
        if not 0 <= index < 32:
            raise ValueError(f"card index out of range: {index}")
        return DECK[index]

    @classmethod
    def parse(cls, code: str) -> Card:
        """Parse a short code: rank then suit letter, e.g. ``"JS"``, ``"10H"``, ``"7d"``."""
        text = code.strip().upper()
        rank = _RANK_BY_CODE.get(text[:-1])
        if rank is None or len(text) < 2:
            raise CardParseError(f"not a card code: {code!r} (expected e.g. JS, 10H, 7D)")
        suit = _SUIT_BY_LETTER.get(text[-1])
        if suit is None:
            raise CardParseError(f"not a card code: {code!r} (suit must be S, C, D or H)")
        return DECK[suit * 8 + rank]

    @property
    def index(self) -> int:
        """The card's bit number in a card mask."""
        return self._index

    @property
    def suit(self) -> Suit:
        return _SUITS[self._index >> 3]

    @property
    def rank(self) -> Rank:
        return _RANKS[self._index & 7]

    @property
    def mask(self) -> int:
        """A mask holding just this card."""
        return 1 << self._index

    @property
    def code(self) -> str:
        """The short code, e.g. ``"10H"``; :meth:`parse` reads it back."""
        return _CODES[self._index]

    def __str__(self) -> str:
        return _RANK_CODES[self._index & 7] + _SUIT_SYMBOLS[self._index >> 3]

    def __repr__(self) -> str:
        return f"Card.parse({_CODES[self._index]!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self._index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


_SUITS: Final = tuple(Suit)
_RANKS: Final = tuple(Rank)
_CODES: Final = tuple(_RANK_CODES[i & 7] + _SUIT_LETTERS[i >> 3] for i in range(32))

DECK: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(32))
"""All 32 cards, by index: spades 7..A, clubs 7..A, diamonds 7..A, hearts 7..A."""


def strength(card: Card, trump: int) -> int:
    """How strongly ``card`` takes a trick: trumps 8..15, other cards 0..7.

    Only cards of the led suit or trump can win a trick, so comparing two cards with
    this number is meaningful when they are of the same suit or one of them is trump.
    """
    index = card.index
    if index >> 3 == trump:
        return 8 + _TRUMP_STRENGTH[index & 7]
    return _PLAIN_STRENGTH[index & 7]


def points(card: Card, trump: int) -> int:
    """The card's points in a trick, given the trump suit (or :data:`NO_TRUMP`)."""
    index = card.index
    if index >> 3 == trump:
        return _TRUMP_POINTS[index & 7]
    return _PLAIN_POINTS[index & 7]


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def iter_indices(mask: int) -> Iterator[int]:
    """Card indices of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in index order (suit by suit, 7 up to ace)."""
    return tuple(DECK[i] for i in iter_indices(mask))


def sorted_for_display(cards: Iterable[Card], trump: int = NO_TRUMP) -> tuple[Card, ...]:
    """Cards grouped by suit (trump first when known), strongest first within a suit."""

    def key(card: Card) -> tuple[int, int, int]:
        is_trump = 0 if card.suit == trump else 1
        return (is_trump, card.suit, -strength(card, trump))

    return tuple(sorted(cards, key=key))


# Tables for the engine's bit-mask fast paths.
SUIT_MASKS: Final = tuple(0xFF << (8 * s) for s in range(4))
PLAIN_STRENGTH: Final = _PLAIN_STRENGTH
PLAIN_POINTS: Final = _PLAIN_POINTS
"""Card points by natural rank when the suit is not trump."""
TRUMP_STRENGTH: Final = _TRUMP_STRENGTH


def _points_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for trump in range(4):
        table.append(
            tuple(
                _TRUMP_POINTS[i & 7] if i >> 3 == trump else _PLAIN_POINTS[i & 7] for i in range(32)
            )
        )
    return tuple(table)


POINTS_BY_TRUMP: Final = _points_table()
"""``POINTS_BY_TRUMP[trump][index]``: the card's points with that trump suit."""


def _higher_trumps_table() -> tuple[tuple[int, ...], ...]:
    """``HIGHER_TRUMPS[trump][index]``: mask of the trumps that beat trump card ``index``."""
    table = []
    for trump in range(4):
        row = []
        for index in range(32):
            mask = 0
            if index >> 3 == trump:
                own = _TRUMP_STRENGTH[index & 7]
                for rank in range(8):
                    if _TRUMP_STRENGTH[rank] > own:
                        mask |= 1 << (trump * 8 + rank)
            row.append(mask)
        table.append(tuple(row))
    return tuple(table)


HIGHER_TRUMPS: Final = _higher_trumps_table()
