"""Card-mask tables shared by the computer players' fast paths.

Everything here is indexed ``[trump][card index]`` with ``trump`` in 0..3, so a policy or
a solver does one tuple lookup where :func:`engine.cards.strength` would build a card.
"""

from __future__ import annotations

from typing import Final

from engine.cards import DECK, HIGHER_TRUMPS, POINTS_BY_TRUMP, SUIT_MASKS, strength

__all__ = [
    "ABOVE",
    "CHEAPEST",
    "FULL",
    "HIGHER_TRUMPS",
    "POINTS_BY_TRUMP",
    "STRENGTH",
    "STRONGEST",
    "SUIT_MASKS",
    "highest",
    "lowest",
    "open_trick",
]

FULL: Final = (1 << 32) - 1
"""The mask of the whole deck."""


def _strength_table() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(strength(card, trump) for card in DECK) for trump in range(4))


STRENGTH: Final = _strength_table()
"""``STRENGTH[trump][index]``: trick-taking strength, trumps 8..15, other cards 0..7."""


def _above_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for trump in range(4):
        row = []
        for index in range(32):
            suit = index >> 3
            own = STRENGTH[trump][index]
            mask = 0
            for other in range(suit * 8, suit * 8 + 8):
                if STRENGTH[trump][other] > own:
                    mask |= 1 << other
            row.append(mask)
        table.append(tuple(row))
    return tuple(table)


ABOVE: Final = _above_table()
"""``ABOVE[trump][index]``: the cards of the same suit that beat card ``index``."""


def _suit_table(key_of: list[int]) -> tuple[tuple[int, ...], ...]:
    """Per suit, per byte of that suit's cards: the card with the smallest key (-1 for
    the empty byte); keys are distinct within a suit."""
    table = []
    for suit in range(4):
        row = [-1]
        for byte in range(1, 256):
            ranks = [rank for rank in range(8) if byte >> rank & 1]
            row.append(suit * 8 + min(ranks, key=lambda rank: key_of[suit * 8 + rank]))
        table.append(tuple(row))
    return tuple(table)


STRONGEST: Final = tuple(
    _suit_table([-STRENGTH[trump][index] for index in range(32)]) for trump in range(4)
)
"""``STRONGEST[trump][suit][byte]``: the strongest card among the cards of ``suit`` whose
ranks are the bits of ``byte`` (``mask >> 8 * suit & 255``)."""

CHEAPEST: Final = tuple(
    _suit_table([POINTS_BY_TRUMP[trump][i] * 64 + STRENGTH[trump][i] for i in range(32)])
    for trump in range(4)
)
"""``CHEAPEST[trump][suit][byte]``: likewise the card that costs least to give away: by
points first, then strength (see :func:`lowest`)."""


def highest(mask: int, trump: int) -> int:
    """The strongest card of a non-empty mask (a trump beats any other card)."""
    row = STRENGTH[trump]
    best = -1
    best_key = -1
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        if row[index] > best_key:
            best_key = row[index]
            best = index
        mask ^= low
    return best


def lowest(mask: int, trump: int) -> int:
    """The weakest card of a non-empty mask, by points first, then trump last, then
    strength: the card that costs least to give away."""
    points = POINTS_BY_TRUMP[trump]
    row = STRENGTH[trump]
    best = -1
    best_key = 1 << 30
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        key = points[index] * 64 + row[index]
        if key < best_key:
            best_key = key
            best = index
        mask ^= low
    return best


def open_trick(trick: list[int], trump: int) -> tuple[int, int, int]:
    """What the fast paths carry of an open trick as it grows: the position of the card
    winning it, and its highest trump with that card's position (-1, -1: none)."""
    row = STRENGTH[trump]
    win_pos = 0
    best_trump = -1
    trump_pos = -1
    for position, index in enumerate(trick):
        suit = index >> 3
        if position and suit in (trick[0] >> 3, trump) and row[index] > row[trick[win_pos]]:
            win_pos = position
        if suit == trump and (best_trump < 0 or row[index] > row[best_trump]):
            best_trump = index
            trump_pos = position
    return win_pos, best_trump, trump_pos
