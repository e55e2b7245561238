"""Melds: runs of one suit in the natural order 7 8 9 10 J Q K A, and bella.

Each maximal run of three or more is one meld, so no card is in two melds. A meld's
category is a terz (3 cards, 20), a fifty (4 or more, 50) or, with the ``hundred``
option, a hundred (5 or more, 100; with ``hundred_four_only`` only at a table of 4).

:func:`rank_melds` is the one comparison of RULES.md §5 (with RULES-VARIANTS §10's
``meld_tie``), used by the game and by the computer players.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from enum import IntEnum
from typing import Final

from .cards import DECK, Card, Rank, Suit
from .rules import MeldTie, Rules

__all__ = [
    "Meld",
    "MeldKind",
    "MeldRanking",
    "find_melds",
    "has_bella",
    "meld_key",
    "rank_melds",
    "wins_game",
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
        """A run of 7 or more; :func:`wins_game` applies ``debertz_length``."""
        return self.length >= DEBERTZ_LENGTH

    def __str__(self) -> str:
        return f"{self.kind.name.lower()} {''.join(str(card) for card in self.cards)}"


def wins_game(meld: Meld, rules: Rules) -> bool:
    """Whether ``meld`` wins the game at once: ``debertz_wins`` and a run of at least
    ``debertz_length`` (7, or 6), trump or not."""
    return rules.debertz_wins and meld.length >= rules.debertz_length


def _kind_of(length: int, rules: Rules, players: int | None) -> MeldKind:
    hundred = rules.hundred and not (
        rules.hundred_four_only and players is not None and players != 4
    )
    if length >= 5 and hundred:
        return MeldKind.HUNDRED
    if length >= 4:
        return MeldKind.FIFTY
    return MeldKind.TERZ


def find_melds(hand: int, rules: Rules, players: int | None = None) -> tuple[Meld, ...]:
    """Every meld in a hand given as a card mask, strongest first.

    ``players`` is the table's size, for ``hundred_four_only``; None ignores that option.

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
                melds.append(
                    Meld(Suit(suit), Rank(rank - 1), length, _kind_of(length, rules, players))
                )
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


@dataclasses.dataclass(frozen=True, slots=True)
class MeldRanking:
    """Who holds the highest meld at the start of the play."""

    seat: int | None
    """The holder of the highest meld by all four steps (step 4 as ``meld_tie`` says,
    ``first_to_play`` for ``last_trick``); None when nobody has a meld."""
    tied_sides: tuple[int, ...] = ()
    """With ``meld_tie=last_trick``: the sides whose best melds are equal on steps 1-3,
    when there are two or more; the one that takes the last trick wins, otherwise the
    side of :attr:`seat`. Empty when steps 1-3 decide."""


def rank_melds(
    melds: Sequence[tuple[Meld, ...]],
    trump: int,
    rules: Rules,
    *,
    first_leader: int,
    dealer: int,
    side_of_seat: Sequence[int],
) -> MeldRanking:
    """Rank every seat's melds (``melds[seat]``) by RULES.md §5 and ``meld_tie``.

    Two melds of one side never compete: only ties between different sides wait for the
    last trick (RULES-VARIANTS H8).
    """
    n = len(melds)
    tie = rules.meld_tie
    start = (dealer + 1) % n if tie is MeldTie.DEAL_ORDER else first_leader
    best: tuple[int, int, int, int] | None = None
    best_seat = -1
    side_best: dict[int, tuple[int, int, int]] = {}
    for seat in range(n):
        order = (seat - start) % n
        for meld in melds[seat]:
            key = meld_key(meld, trump, rules, order)
            side = side_of_seat[seat]
            if side not in side_best or key[:3] > side_best[side]:
                side_best[side] = key[:3]
            if best is None or key > best:
                best, best_seat = key, seat
    if best is None:
        return MeldRanking(None)
    tied: tuple[int, ...] = ()
    if tie is MeldTie.LAST_TRICK:
        tied = tuple(sorted(side for side, key in side_best.items() if key == best[:3]))
        if len(tied) < 2:
            tied = ()
    return MeldRanking(best_seat, tied)
