"""Melds: runs of one suit in the natural order 7 8 9 10 J Q K A, and bella.

Each maximal run of three or more is one meld, so no card is in two melds. A meld's
category is a terz (3 cards, 20), a fifty (4 or more, 50) or, with the ``hundred``
option, a hundred (5 or more, 100).
"""

from __future__ import annotations

import dataclasses
from enum import IntEnum
from typing import Final

from .cards import DECK, Card, Rank, Suit
from .rules import Rules

__all__ = [
    "Meld",
    "MeldKind",
    "find_melds",
    "has_bella",
    "meld_key",
]


class MeldKind(IntEnum):
    """Meld categories; a higher value beats a lower one."""

    TERZ = 1
    FIFTY = 2
    HUNDRED = 3

    @property
    def points(self) -> int:
        return _KIND_POINTS[self]


_KIND_POINTS: Final = {MeldKind.TERZ: 20, MeldKind.FIFTY: 50, MeldKind.HUNDRED: 100}

DEBERTZ_LENGTH: Final = 7
"""A run this long is a "debertz": with the ``debertz_wins`` option it wins the game."""


@dataclasses.dataclass(frozen=True, slots=True)
class Meld:
    """One maximal run of ``length`` cards of ``suit`` ending with ``top``."""

    suit: Suit
    top: Rank
    length: int
    kind: MeldKind

    @property
    def points(self) -> int:
        return self.kind.points

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the run, lowest first."""
        low = self.top - self.length + 1
        return tuple(DECK[self.suit * 8 + rank] for rank in range(low, self.top + 1))

    @property
    def is_debertz(self) -> bool:
        return self.length >= DEBERTZ_LENGTH

    def __str__(self) -> str:
        return f"{self.kind.name.lower()} {''.join(str(card) for card in self.cards)}"


def _kind_of(length: int, rules: Rules) -> MeldKind:
    if length >= 5 and rules.hundred:
        return MeldKind.HUNDRED
    if length >= 4:
        return MeldKind.FIFTY
    return MeldKind.TERZ


def find_melds(hand: int, rules: Rules) -> tuple[Meld, ...]:
    """Every meld in a hand given as a card mask, strongest first.

    >>> from engine.cards import mask_of, Card
    >>> hand = mask_of(Card.parse(c) for c in ["7H", "8H", "9H", "10H", "QS", "KS", "AS"])
    >>> [str(m) for m in find_melds(hand, Rules())]
    ['fifty 7♥8♥9♥10♥', 'terz Q♠K♠A♠']
    """
    melds: list[Meld] = []
    for suit in range(4):
        bits = (hand >> (suit * 8)) & 0xFF
        rank = 0
        while rank < 8:
            if not bits >> rank & 1:
                rank += 1
                continue
            start = rank
            while rank < 8 and bits >> rank & 1:
                rank += 1
            length = rank - start
            if length >= 3:
                melds.append(Meld(Suit(suit), Rank(rank - 1), length, _kind_of(length, rules)))
    melds.sort(key=lambda meld: (meld.kind, meld.top), reverse=True)
    return tuple(melds)


def meld_key(meld: Meld, trump: int, rules: Rules, order: int) -> tuple[int, int, int, int]:
    """Sort key of a player's best meld when sides compare melds; higher wins.

    Compared in RULES.md §5 order: category, top card, trump (unless the
    ``trump_priority`` option is off), then the player who plays earlier in the first
    trick (``order`` is 0 for the first to play, 1 for the next, ...).
    """
    trump_bonus = 1 if rules.trump_priority and meld.suit == trump else 0
    return (meld.kind, meld.top, trump_bonus, -order)


def has_bella(hand: int, trump: int) -> bool:
    """Whether a hand holds the king and queen of trump."""
    pair = (1 << (trump * 8 + Rank.KING)) | (1 << (trump * 8 + Rank.QUEEN))
    return hand & pair == pair
