"""The finished hands of a game as the table may look back at them.

A hand is replayed from the game's seed and action log; what a record holds is what every
player has seen by the time the hand was scored, and no more: the cards each seat played,
the cards of the melds that were shown, the bids, the seven exchange and the tricks. A
card still in a hand when the hand ended (a game won in the middle of a hand, RULES-VARIANTS
§22, or at once by a debertz) was seen by its holder only; the record counts it, it does
not name it.

>>> import random
>>> from engine import Game, Rules
>>> game, log, rng = Game.new(2, Rules.preset("odessa"), seed=3), [], random.Random(3)
>>> while not game.sheet:
...     seat, action = game.to_act, rng.choice(game.legal_actions())
...     _ = game.apply(action)
...     log.append((seat, action))
>>> [record.hand_number for record in finished_hands(2, game.rules, 3, log)]
[1]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from .actions import Action
from .cards import Card, Suit
from .events import (
    BellaAnnounced,
    BidMade,
    CardPlayed,
    Event,
    HandDealt,
    HandScored,
    MatchGameWon,
    MeldAnnouncement,
    MeldsAnnounced,
    MeldsWon,
    SevenExchanged,
    TrickWon,
    TrumpChosen,
)
from .game import Game
from .melds import Meld
from .phases.state import Phase
from .rules import Rules
from .scoring import HandResult, running_totals
from .view import TrickRecord

__all__ = ["HandRecord", "finished_hands", "totals_after"]


@dataclasses.dataclass(frozen=True, slots=True)
class HandRecord:
    """One scored hand, public: nothing in it was hidden from any player once it ended."""

    hand_number: int
    dealer: int
    proposed: Card
    """The face-up card that proposed trump."""
    bids: tuple[tuple[int, Action], ...]
    """(seat, bid) in order, both rounds."""
    trump: Suit
    bidder: int
    seven: SevenExchanged | None
    """The trump seven given for the face-up card, if it was."""
    announced: tuple[tuple[int, tuple[MeldAnnouncement, ...]], ...]
    """Melds as announced with the first card: kind and height."""
    melds_shown: tuple[tuple[int, Meld], ...]
    """The winning side's melds, cards shown."""
    bella: int | None
    tricks: tuple[TrickRecord, ...]
    shown: tuple[tuple[Card, ...], ...]
    """Per seat, the cards of its hand (as play began) that the table saw: played, or
    shown in a meld."""
    unseen: tuple[int, ...]
    """Per seat, how many cards of its hand nobody else saw (the hand ended first)."""
    result: HandResult
    totals: tuple[int, ...] = ()
    """Each side's total right after the hand (:func:`totals_after`)."""


@dataclasses.dataclass
class _Builder:
    dealer: int
    proposed: Card
    bids: list[tuple[int, Action]] = dataclasses.field(default_factory=list)
    trump: Suit | None = None
    bidder: int | None = None
    seven: SevenExchanged | None = None
    announced: list[tuple[int, tuple[MeldAnnouncement, ...]]] = dataclasses.field(
        default_factory=list
    )
    melds_shown: tuple[tuple[int, Meld], ...] = ()
    bella: int | None = None
    tricks: list[TrickRecord] = dataclasses.field(default_factory=list)
    held: tuple[tuple[Card, ...], ...] = ()
    """Each seat's hand when the first card was played (empty before that)."""
    played: list[set[Card]] = dataclasses.field(default_factory=list)

    def record(self, result: HandResult, players: int, totals: tuple[int, ...]) -> HandRecord:
        seen = [set(cards) for cards in self.played] or [set() for _ in range(players)]
        for seat, meld in self.melds_shown:
            seen[seat].update(meld.cards)
        held = self.held or tuple(() for _ in range(players))
        shown = tuple(tuple(c for c in held[s] if c in seen[s]) for s in range(players))
        return HandRecord(
            hand_number=result.hand_number,
            dealer=self.dealer,
            proposed=self.proposed,
            bids=tuple(self.bids),
            trump=result.trump,
            bidder=result.bidder,
            seven=self.seven,
            announced=tuple(self.announced),
            melds_shown=self.melds_shown,
            bella=self.bella,
            tricks=tuple(self.tricks),
            shown=shown,
            unseen=tuple(len(held[s]) - len(shown[s]) for s in range(players)),
            result=result,
            totals=totals,
        )


def totals_after(game: Game, result: HandResult, events: Sequence[Event]) -> tuple[int, ...]:
    """Each side's total right after ``result`` was scored by the move whose ``events``
    these are. A sheet cleared by that move (game 1 of a match, RULES-VARIANTS §27; a
    one-hand tie played again, §25) no longer holds it: then game 1's final scores, or the
    hand's own."""
    if result not in game.sheet:
        for event in events:
            if isinstance(event, MatchGameWon):
                return event.scores
        return tuple(line.written for line in result.sides)
    rows = running_totals(game.sheet, len(result.sides))
    return next(
        row
        for row, past in zip(rows, game.sheet, strict=True)
        if past.hand_number == result.hand_number
    )


def finished_hands(
    players: int,
    rules: Rules,
    seed: int,
    actions: Iterable[tuple[int | None, Action | str]],
    *,
    until: int | None = None,
) -> tuple[HandRecord, ...]:
    """Replay a game's log, ``(seat, action)`` in order, and return its scored hands.

    ``until``: stop once hand ``until`` is scored (the hands after it are not replayed).
    A hand still being played is not in the result: it is not public yet. Raises
    :class:`~engine.IllegalActionError` or :class:`~engine.ActionParseError` for a log the
    rules refuse.
    """
    game = Game.new(players, rules, seed)
    records: list[HandRecord] = []
    current = _start(game)
    for seat, entry in actions:
        action = entry if isinstance(entry, Action) else Action.parse(entry)
        if game.phase is Phase.PLAY and not current.held:
            current.held = tuple(game.hand(s) for s in range(players))
            current.played = [set() for _ in range(players)]
        events = game.apply(action, seat)
        for event in events:
            if isinstance(event, HandScored):
                totals = totals_after(game, event.result, events)
                records.append(current.record(event.result, players, totals))
                if until is not None and event.result.hand_number >= until:
                    return tuple(records)
            elif isinstance(event, HandDealt):
                current = _Builder(event.dealer, event.proposed)
            else:
                _note(current, event)
    return tuple(records)


def _start(game: Game) -> _Builder:
    proposed = game.proposed
    assert proposed is not None, "a new game has its first hand dealt"
    return _Builder(game.dealer, proposed)


def _note(current: _Builder, event: object) -> None:
    if isinstance(event, BidMade):
        current.bids.append((event.seat, event.action))
    elif isinstance(event, TrumpChosen):
        current.trump, current.bidder = event.trump, event.bidder
    elif isinstance(event, SevenExchanged):
        current.seven = event
    elif isinstance(event, MeldsAnnounced):
        current.announced.append((event.seat, event.melds))
    elif isinstance(event, MeldsWon):
        current.melds_shown = event.melds
    elif isinstance(event, BellaAnnounced):
        current.bella = event.seat
    elif isinstance(event, CardPlayed):
        if current.played:
            current.played[event.seat].add(event.card)
    elif isinstance(event, TrickWon):
        leader = event.plays[0][0]
        cards = tuple(card for _, card in event.plays)
        current.tricks.append(TrickRecord(leader, cards, event.winner))
