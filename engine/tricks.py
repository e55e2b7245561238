"""Finished tricks, and the earlier hands of a game as the table saw them played."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from .cards import DECK, Card, Suit

__all__ = ["PlayedHand", "TrickRecord", "trick_records"]


@dataclasses.dataclass(frozen=True, slots=True)
class TrickRecord:
    """A finished trick: who led, the cards in playing order, who took it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """(seat, card) pairs in playing order."""
        n = len(self.cards)
        return tuple(((self.leader + k) % n, card) for k, card in enumerate(self.cards))


def trick_records(tricks: Iterable[tuple[int, Sequence[int], int]]) -> tuple[TrickRecord, ...]:
    """The records of tricks kept as (leader, card indices, winner)."""
    return tuple(
        TrickRecord(leader, tuple(DECK[c] for c in cards), win) for leader, cards, win in tricks
    )


@dataclasses.dataclass(frozen=True, slots=True)
class PlayedHand:
    """An earlier hand of the game, played to its last trick: every card each seat held
    when the play began is in :attr:`tricks`, so the hand is public once it ends.

    What a player can learn of the others' ways of playing: with the cards they held
    known, each card they chose can be set beside what a given policy would have chosen.
    """

    trump: Suit
    bidder: int
    out_of_play: tuple[Card, ...]
    """The cards that lay face up out of play through the play (RULES-VARIANTS §1 freza,
    §2 refused proposed cards, the proposed card or the exchanged trump seven under the
    stock): known to all, in no hand."""
    tricks: tuple[TrickRecord, ...]

    def to_data(self) -> list[Any]:
        """Plain JSON values (card indices); :meth:`from_data` reads them back."""
        return [
            int(self.trump),
            self.bidder,
            [card.index for card in self.out_of_play],
            [[t.leader, [card.index for card in t.cards], t.winner] for t in self.tricks],
        ]

    @classmethod
    def from_data(cls, data: Sequence[Any]) -> PlayedHand:
        trump, bidder, out_of_play, tricks = data
        return cls(Suit(trump), bidder, tuple(DECK[i] for i in out_of_play), trick_records(tricks))
