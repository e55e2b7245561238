"""The end of a hand and of the game: scoring (:mod:`engine.scoring`), the target,
the next dealer.

After a hand, in this order (RULES-VARIANTS H8): the target, with ``target_tie``; then
``gap_win`` (2 players).

With the ``winner`` dealer rotation and 4 players, "the next seat of that pair
clockwise" is the first seat clockwise after the current dealer that belongs to the pair
that wrote the most.
"""

from __future__ import annotations

from typing import Final

from ..cards import Rank, Suit
from ..events import Event, GameOver, HandScored, MeldsWon
from ..rules import BellaAnnouncement, BellaScoring, DealerRotation, DebertzScore, TargetTie
from ..scoring import BELLA_TO_HOLDER, HandResult, score_hand, side_of
from . import deal, play
from .state import GameState, Phase

__all__ = ["bella_to", "bella_trick_winners", "finish", "next_dealer", "score", "win_outright"]

_BELLA_PAIR: Final = tuple(
    (1 << (suit * 8 + Rank.KING)) | (1 << (suit * 8 + Rank.QUEEN)) for suit in range(4)
)


def score(game: GameState, last_trick_seat: int, events: list[Event]) -> None:
    """Score the finished hand, then end the game or deal the next hand."""
    n = game._n
    if game._meld_tied:
        play.settle_meld_tie(game, last_trick_seat)
        shown = play.winning_melds(game)
        events.append(MeldsWon(game._meld_side, shown, sum(m.points for _, m in shown)))
    meld_points = sum(m.points for s in game._meld_seats for m in game._melds[s])
    result = score_hand(
        rules=game._rules,
        players=n,
        hand_number=game._hand_number,
        dealer=game._dealer,
        bidder=game._bidder,
        trump=Suit(game._trump),
        card_points=tuple(game._card_points),
        tricks=tuple(game._tricks_won),
        last_trick_seat=last_trick_seat,
        meld_side=game._meld_side if game._meld_side >= 0 else None,
        meld_points=meld_points,
        bella_seat=game._bella_seat if game._bella_seat >= 0 else None,
        hanging_before=game._hanging,
        baits_before=tuple(game._baits),
        bella_to=bella_to(game),
    )
    for line in result.sides:
        game._scores[line.side] += line.written
        if line.bait:
            game._baits[line.side] += 1
    game._hanging = result.hanging
    game._sheet.append(result)
    events.append(HandScored(result))

    winner = _game_winner(game, side_of(last_trick_seat, n))
    if winner is not None:
        finish(game, winner, events)
        return
    game._dealer = next_dealer(game, result)
    game._deal_number += 1
    game._hand_number += 1
    events.append(deal.deal(game))


def _game_winner(game: GameState, last_trick_side: int) -> int | None:
    """The side that wins the game after this hand, if any."""
    rules = game._rules
    scores = game._scores
    reached = [s for s, total in enumerate(scores) if total >= rules.target]
    several = len(reached) > 1
    if rules.target_tie is TargetTie.LAST_TRICK and several and last_trick_side in reached:
        return last_trick_side
    if reached:
        top = max(scores[s] for s in reached)
        leaders = [s for s in reached if scores[s] == top]
        if len(leaders) == 1:
            return leaders[0]
    if rules.gap_win and game._n == 2 and abs(scores[0] - scores[1]) >= rules.gap_win:
        return 0 if scores[0] > scores[1] else 1
    return None


def bella_to(game: GameState) -> int | None:
    """The side that writes bella's 20 this hand, by ``bella_scoring`` (RULES-VARIANTS §9);
    :data:`BELLA_TO_HOLDER` for the holder's side."""
    rules = game._rules
    scoring = rules.bella_scoring
    holder = game._bella_seat
    if scoring is BellaScoring.ALWAYS or holder < 0:
        return BELLA_TO_HOLDER
    n = game._n
    side = side_of(holder, n)
    if scoring is BellaScoring.NEEDS_TRICK:
        taken = any(side_of(winner, n) == side for _, _, winner in game._tricks)
        return side if taken else None
    winners = bella_trick_winners(game)
    if scoring is BellaScoring.STRICT:
        return side if all(side_of(w, n) == side for w in winners) else None
    announced_in = winners[0] if rules.bella_announcement is BellaAnnouncement.FIRST else winners[1]
    return side_of(announced_in, n)


def bella_trick_winners(game: GameState) -> tuple[int, int]:
    """Who took the trick of bella's first card and of its second card (finished hand)."""
    pair = _BELLA_PAIR[game._trump]
    winners = [winner for _, cards, winner in game._tricks if any(1 << c & pair for c in cards)]
    return winners[0], winners[1]


def next_dealer(game: GameState, result: HandResult) -> int:
    n = game._n
    clockwise = (game._dealer + 1) % n
    if game._rules.dealer_rotation is not DealerRotation.WINNER:
        return clockwise
    written = [line.written for line in result.sides]
    top = max(written)
    if written.count(top) != 1:
        return clockwise
    side = written.index(top)
    if n != 4:
        return side
    return clockwise if clockwise % 2 == side else (clockwise + 1) % n


def win_outright(game: GameState, side: int, events: list[Event]) -> None:
    """A debertz ends the game at once; with ``debertz_score=target`` the winner's total
    becomes the larger of it and the target (RULES-VARIANTS §12, H14)."""
    if game._rules.debertz_score is DebertzScore.TARGET:
        game._scores[side] = max(game._scores[side], game._rules.target)
    finish(game, side, events)


def finish(game: GameState, winner_side: int, events: list[Event]) -> None:
    game._phase = Phase.FINISHED
    game._winner = winner_side
    game._to_act = -1
    events.append(GameOver(winner_side, tuple(game._scores)))
