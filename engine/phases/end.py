"""The end of a hand and of the game: scoring (:mod:`engine.scoring`), the target,
the next dealer.

After a hand, in this order (RULES-VARIANTS H8): the ``not_on_jass`` block, the target
with ``target_tie``, then ``gap_win`` (2 players). After a trick but the last,
``claim_mid_hand`` (§22): the trick's side wins at once when its score before the hand
plus its points so far reach the target; the hand is recorded as ``claimed``.

With the ``winner`` dealer rotation and 4 players, "the next seat of that pair
clockwise" is the first seat clockwise after the current dealer that belongs to the pair
that wrote the most.
"""

from __future__ import annotations

from typing import Final

from ..cards import Rank, Suit, cards_of
from ..events import Event, GameOver, HandScored, MeldsWon
from ..rules import (
    BellaAnnouncement,
    BellaScoring,
    ClaimMidHand,
    DealerRotation,
    DebertzScore,
    TargetTie,
)
from ..scoring import BELLA_TO_HOLDER, HandResult, Outcome, SideScore, score_hand
from ..tricks import PlayedHand, trick_records
from . import deal, formats, match, play, visyak
from .state import GameState, Phase

__all__ = [
    "after_hand",
    "bella_to",
    "bella_trick_winners",
    "claim_after_trick",
    "deal_next",
    "finish",
    "finish_with_stakes",
    "next_dealer",
    "played_hand",
    "points_so_far",
    "score",
    "win_outright",
]

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
    result = score_hand(
        rules=formats.hand_rules(game._rules),
        players=n,
        hand_number=game._hand_number,
        dealer=game._dealer,
        bidder=game._bidder,
        trump=Suit(game._trump),
        card_points=tuple(game._card_points),
        tricks=tuple(game._tricks_won),
        last_trick_seat=last_trick_seat,
        meld_side=None,
        meld_points=0,
        meld_points_by_side=tuple(play.meld_points_by_side(game)),
        bella_seat=game._bella_seat if game._bella_seat >= 0 else None,
        hanging_before=game._hanging,
        baits_before=tuple(game._baits),
        bella_to=bella_to(game),
        hanging_queue=game._sheet[-1].hanging_queue if game._sheet else (),
        pools=game._sheet[-1].pools if game._sheet else (),
        visyak_pool=visyak.pool(game),
    )
    result = formats.rewrite(game._rules, result)
    for line in result.sides:
        game._scores[line.side] += line.written
        if line.bait:
            game._baits[line.side] += 1
    game._hanging = result.hanging
    game._sheet.append(result)
    game._past_hands.append(played_hand(game))
    events.append(HandScored(result))

    jass = game._trump * 8 + Rank.JACK
    blocked = (
        game._rules.claim_mid_hand is ClaimMidHand.NOT_ON_JASS and jass in (game._tricks[-1][1])
    )
    if blocked and not game._rules.one_hand and not match.in_final_hands(game):
        deal_next(game, result, events)
        return
    after_hand(game, result, game.side_of(last_trick_seat), events)


def after_hand(
    game: GameState, result: HandResult, last_trick_side: int, events: list[Event]
) -> None:
    """The end checks of H8 after a written hand (``last_trick_side`` -1 when no trick
    was played), then the next deal. A one-hand game ends here (§25); in a match's
    final hands the count of hands decides instead of the target (§27)."""
    if game._rules.one_hand:
        formats.after_one_hand(game, result, events)
        return
    if match.in_final_hands(game):
        winner = match.final_hand(game)
    else:
        winner = _game_winner(game, last_trick_side)
    if winner is not None:
        finish(game, winner, events)
        return
    deal_next(game, result, events)


def deal_next(game: GameState, result: HandResult, events: list[Event]) -> None:
    """The next hand of the game, dealt by :func:`next_dealer`."""
    game._dealer = next_dealer(game, result)
    game._deal_number += 1
    game._hand_number += 1
    deal.deal_and_check(game, events)


def claim_after_trick(game: GameState, events: list[Event]) -> bool:
    """§22: after a trick that is not the last, the side that took it wins the game if
    its score before the hand plus its points so far reach the target. Returns whether
    the game ended."""
    rules = game._rules
    claim = rules.claim_mid_hand
    if claim is ClaimMidHand.OFF or rules.one_hand or match.in_final_hands(game):
        return False
    _, cards, winner = game._tricks[-1]
    if claim is ClaimMidHand.NOT_ON_JASS and game._trump * 8 + Rank.JACK in cards:
        return False
    n = game._n
    side = game.side_of(winner)
    so_far = points_so_far(game)
    if game._scores[side] + sum(so_far[side]) < rules.target:
        return False
    count = len(game._scores)
    tricks = [0] * count
    for seat in range(n):
        tricks[game.side_of(seat)] += game._tricks_won[seat]
    lines = tuple(
        SideScore(
            side=s,
            tricks=tricks[s],
            card_points=so_far[s][0],
            last_trick=0,
            melds=so_far[s][1],
            bella=so_far[s][2],
            bait=False,
            received=0,
            hanging_won=0,
            bolt=0,
            bait_penalty=0,
            written=sum(so_far[s]),
        )
        for s in range(count)
    )
    result = HandResult(
        hand_number=game._hand_number,
        dealer=game._dealer,
        bidder=game._bidder,
        bidder_side=game.side_of(game._bidder),
        trump=Suit(game._trump),
        outcome=Outcome.CLAIMED,
        sides=lines,
        hanging=game._hanging,
        hanging_queue=game._sheet[-1].hanging_queue if game._sheet else (),
        pools=game._sheet[-1].pools if game._sheet else (),
    )
    for line in lines:
        game._scores[line.side] += line.written
    game._sheet.append(result)
    events.append(HandScored(result))
    finish(game, side, events)
    return True


def points_so_far(game: GameState) -> list[tuple[int, int, int]]:
    """Each side's (card points, melds, bella) counted so far in the hand, for a claim
    (RULES-VARIANTS H8): melds once decided highest (with ``melds_need_trick``, once the
    side has a trick; a tie waiting for the last trick counts for nobody); bella from the
    close of the trick in which it is announced, as ``bella_scoring`` credits it."""
    n = game._n
    count = len(game._scores)
    cards = [0] * count
    tricks = [0] * count
    for seat in range(n):
        cards[game.side_of(seat)] += game._card_points[seat]
        tricks[game.side_of(seat)] += game._tricks_won[seat]
    melds = play.meld_points_by_side(game)
    bella = [0] * count
    credited = _bella_so_far(game, tricks)
    if credited is not None:
        bella[credited] = 20
    return [(cards[s], melds[s], bella[s]) for s in range(count)]


def _bella_so_far(game: GameState, tricks: list[int]) -> int | None:
    holder = game._bella_seat
    if holder < 0:
        return None
    rules = game._rules
    pair = _BELLA_PAIR[game._trump]
    winners = [w for _, cards, w in game._tricks if any(1 << c & pair for c in cards)]
    needed = 1 if rules.bella_announcement is BellaAnnouncement.FIRST else 2
    if len(winners) < needed:
        return None
    side = game.side_of(holder)
    scoring = rules.bella_scoring
    if scoring is BellaScoring.TRICK_TAKER:
        return game.side_of(winners[needed - 1])
    if scoring is BellaScoring.NEEDS_TRICK:
        return side if tricks[side] else None
    if scoring is BellaScoring.STRICT:
        both = len(winners) == 2 and all(game.side_of(w) == side for w in winners)
        return side if both else None
    return side


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
    side = game.side_of(holder)
    if scoring is BellaScoring.NEEDS_TRICK:
        taken = any(game.side_of(winner) == side for _, _, winner in game._tricks)
        return side if taken else None
    winners = bella_trick_winners(game)
    if scoring is BellaScoring.STRICT:
        return side if all(game.side_of(w) == side for w in winners) else None
    announced_in = winners[0] if rules.bella_announcement is BellaAnnouncement.FIRST else winners[1]
    return game.side_of(announced_in)


def bella_trick_winners(game: GameState) -> tuple[int, int]:
    """Who took the trick of bella's first card and of its second card (finished hand)."""
    pair = _BELLA_PAIR[game._trump]
    winners = [winner for _, cards, winner in game._tricks if any(1 << c & pair for c in cards)]
    return winners[0], winners[1]


def next_dealer(game: GameState, result: HandResult) -> int:
    """By ``dealer_rotation``; after a висяк tie (§19) always the next seat clockwise."""
    n = game._n
    clockwise = (game._dealer + 1) % n
    rotation = game._rules.dealer_rotation
    if rotation is not DealerRotation.WINNER or result.outcome is Outcome.VISYAK:
        return clockwise
    written = [line.written for line in result.sides]
    top = max(written)
    if written.count(top) != 1:
        return clockwise
    side = written.index(top)
    if len(written) == n:  # every side one seat (H12: 4 solo too)
        return side
    return clockwise if clockwise % 2 == side else (clockwise + 1) % n


def win_outright(game: GameState, side: int, events: list[Event]) -> None:
    """A debertz ends the game at once; with ``debertz_score=target`` the winner's total
    becomes the larger of it and the target (RULES-VARIANTS §12, H14)."""
    if game._rules.one_hand:  # §25: the winner takes the stake from each other side
        stakes = [-game._dave_stake] * len(game._scores)
        stakes[side] = game._dave_stake * (len(stakes) - 1)
        finish_with_stakes(game, stakes, events)
        return
    if game._rules.debertz_score is DebertzScore.TARGET:
        game._scores[side] = max(game._scores[side], game._rules.target)
    finish(game, side, events)


def finish(game: GameState, winner_side: int, events: list[Event]) -> None:
    """``winner_side`` won the game: the game ends, unless it is game 1 or 2 of a
    two-round match that goes on (§27)."""
    if match.next_game(game, winner_side, events):
        return
    game._phase = Phase.FINISHED
    game._winner = winner_side
    game._to_act = -1
    events.append(GameOver(winner_side, tuple(game._scores)))


def finish_with_stakes(game: GameState, stakes: list[int], events: list[Event]) -> None:
    """A one-hand game ends (§25): ``stakes`` are each side's units; every side with a
    positive stake wins, the first of them clockwise from side 0 is :attr:`winner`."""
    winners = tuple(s for s, units in enumerate(stakes) if units > 0)
    game._phase = Phase.FINISHED
    game._winner = winners[0]
    game._to_act = -1
    game._stakes = list(stakes)
    events.append(GameOver(winners[0], tuple(game._scores), winners, tuple(stakes)))


def played_hand(game: GameState) -> PlayedHand:
    """The hand just played to its last trick, as the table saw it."""
    dealt = 0
    for hand in game._start_hands:
        dealt |= hand
    face_up = 0
    for card in (*game._refused, game._freza, game._proposed):
        if card >= 0:
            face_up |= 1 << card
    if game._seven_exchanger >= 0:
        face_up |= 1 << (game._trump * 8 + Rank.SEVEN)
    return PlayedHand(
        trump=Suit(game._trump),
        bidder=game._bidder,
        out_of_play=cards_of(face_up & ~dealt),
        tricks=trick_records(game._tricks),
    )
