"""What a finished game says about each seat: the figures of a player's statistics.

:func:`summarize` reads a finished game's sheet and returns one :class:`SeatSummary`
per seat, with its :class:`Figures`; :func:`shown_melds` replays it from its seed and
action log for what the final state forgets (the melds of earlier hands). Everything
here is read off the engine's own results, so the bot keeps statistics without knowing
a rule:

- *bids*: hands the seat was the bidder of; *made*: of those, the ones its side made
  (:attr:`Outcome.MADE`, or :attr:`Outcome.FIFTY`: 50 written without play);
  *baits*: the ones it sat (:attr:`Outcome.BAIT`; a hanging bait is not one, as for the
  every-third-bait penalty).
- *bolts*: hands played to the end (made, bait or hanging) in which the seat's side took
  no trick, whether or not the rules charge a penalty for it (GLOSSARY: «болт», no trick
  taken). A hand claimed mid-way or settled by fifty had no full play and has no bolt.
- *points*: the sum of what the seat's side wrote per hand (the score sheet's entries).
- *best_meld*: the highest meld the seat showed and scored (kind, then length, then top
  card; trump does not matter for a personal best), or a debertz that won the game.
- *place*: 1 for the winning side; the others follow by final score, equal scores
  sharing a place.

>>> from engine import Game, Rules
>>> game = Game.new(2, Rules(), seed=3)
>>> shown_melds(game, [])
()
>>> summarize(game)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.summary.NotFinishedError: the game is not over: ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .actions import Action, ActionParseError
from .errors import IllegalActionError
from .events import DebertzWon, MeldsWon
from .game import Game, Phase
from .melds import Meld
from .scoring import HandResult, Outcome

__all__ = [
    "Figures",
    "GameSummary",
    "NotFinishedError",
    "ReplayMismatchError",
    "SeatSummary",
    "meld_strength",
    "shown_melds",
    "summarize",
]

_MADE = frozenset({Outcome.MADE, Outcome.FIFTY})
_PLAYED_OUT = frozenset(
    {Outcome.MADE, Outcome.BAIT, Outcome.HANGING, Outcome.VISYAK, Outcome.PLAYED}
)


def meld_strength(meld: Meld) -> tuple[int, int, int]:
    """The order of :attr:`Figures.best_meld`: kind, length, top card."""
    return (meld.kind, meld.length, meld.top)


@dataclasses.dataclass(frozen=True, slots=True)
class Figures:
    """What a seat did in a game, or in many added up (``+``; the best meld is the
    stronger one). The module's docstring says how each is counted."""

    hands: int = 0
    """Hands on the score sheet."""
    bids: int = 0
    made: int = 0
    baits: int = 0
    bolts: int = 0
    points: int = 0
    """The sum of what the side wrote over :attr:`hands`."""
    best_meld: Meld | None = None

    def __add__(self, other: Figures) -> Figures:
        best = self.best_meld
        if other.best_meld is not None:
            best = _better(best, other.best_meld)
        return Figures(
            self.hands + other.hands,
            self.bids + other.bids,
            self.made + other.made,
            self.baits + other.baits,
            self.bolts + other.bolts,
            self.points + other.points,
            best,
        )


@dataclasses.dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat's result of a finished game."""

    seat: int
    side: int
    place: int
    """1 for the winning side; then by final score (equal scores share a place)."""
    won: bool
    score: int
    """The side's final score."""
    figures: Figures


@dataclasses.dataclass(frozen=True, slots=True)
class GameSummary:
    players: int
    winner: int
    """The winning side."""
    scores: tuple[int, ...]
    seats: tuple[SeatSummary, ...]
    preset: str | None
    """The preset the game's rules are, whatever the target (:attr:`Rules.preset_name`);
    None for a custom set."""


class NotFinishedError(ValueError):
    """The game is not over: there is nothing to summarize yet."""


class ReplayMismatchError(ValueError):
    """The action log does not rebuild the game from its seed (a game dealt from a chosen
    deck, or a log that lost a move)."""


def shown_melds(game: Game, actions: Sequence[Action | str]) -> tuple[tuple[int, Meld], ...]:
    """Every meld shown and scored in the game, as (seat, meld) in the order of play, and
    a debertz that won it: the final state keeps only the current hand's, so the game is
    replayed from its seed. :class:`ReplayMismatchError` if the replay does not end in
    ``game``, or an action of the log is not legal (or not an action) on the way."""
    replay = Game.new(game.players, game.rules, game.seed)
    melds: list[tuple[int, Meld]] = []
    for number, action in enumerate(actions, start=1):
        try:
            parsed = action if isinstance(action, Action) else Action.parse(action)
            events = replay.apply(parsed)
        except (ActionParseError, IllegalActionError) as error:
            raise ReplayMismatchError(
                f"action {number} of the log does not replay from seed {game.seed}: {error}"
            ) from error
        for event in events:
            if isinstance(event, MeldsWon):
                melds.extend(event.melds)
            elif isinstance(event, DebertzWon):
                melds.append((event.seat, event.meld))
    if replay != game:
        raise ReplayMismatchError(
            f"{len(actions)} actions from seed {game.seed} do not rebuild the game"
        )
    return tuple(melds)


def summarize(game: Game, melds: Sequence[tuple[int, Meld]] = ()) -> GameSummary:
    """The figures of a finished game (:class:`NotFinishedError` otherwise); ``melds``
    are :func:`shown_melds` (without them no seat has a best meld)."""
    winner = game.winner
    if game.phase is not Phase.FINISHED or winner is None:
        raise NotFinishedError(f"the game is not over: {game!r}")
    players = game.players
    best: list[Meld | None] = [None] * players
    for seat, meld in melds:
        best[seat] = _better(best[seat], meld)
    scores = game.scores
    sheet = game.sheet
    winners = game.winners
    seats = tuple(
        _seat_summary(seat, game.side_of(seat), winners, scores, sheet, best[seat])
        for seat in range(players)
    )
    return GameSummary(players, winner, scores, seats, game.rules.preset_name)


def _better(known: Meld | None, meld: Meld) -> Meld:
    return meld if known is None or meld_strength(meld) > meld_strength(known) else known


def _place(side: int, winners: Sequence[int], scores: Sequence[int]) -> int:
    """1 for the winners (several under ``one_hand_bait``), then by score."""
    if side in winners:
        return 1
    ahead = sum(1 for s, score in enumerate(scores) if s not in winners and score > scores[side])
    return 1 + len(winners) + ahead


def _seat_summary(
    seat: int,
    side: int,
    winners: Sequence[int],
    scores: Sequence[int],
    sheet: Sequence[HandResult],
    best_meld: Meld | None,
) -> SeatSummary:
    bids = [result for result in sheet if result.bidder == seat]
    figures = Figures(
        hands=len(sheet),
        bids=len(bids),
        made=sum(1 for result in bids if result.outcome in _MADE),
        baits=sum(1 for result in bids if result.outcome is Outcome.BAIT),
        bolts=sum(
            1
            for result in sheet
            if result.outcome in _PLAYED_OUT and result.sides[side].tricks == 0
        ),
        points=sum(result.sides[side].written for result in sheet),
        best_meld=best_meld,
    )
    return SeatSummary(
        seat=seat,
        side=side,
        place=_place(side, winners, scores),
        won=side in winners,
        score=scores[side],
        figures=figures,
    )
