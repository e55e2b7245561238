"""The play (RULES.md §5-6): melds and bella from the hands at the start of the play,
legal cards, the open trick, closing a trick.

- Melds are found from each hand as it stands at the start of the play, which is the hand
  each player holds when playing their first card (no card leaves a hand before that).
- With ``debertz_wins`` the game ends as soon as the holder plays their first card; the
  hand is not scored.
- In a висяк hand (RULES-VARIANTS §19) nobody has melds: only bella scores, no run is
  announced and no debertz wins.
- A meld tie that survives category, top card and trump priority goes to the player who
  plays earlier in the first trick; two melds of one side never compete.
"""

from __future__ import annotations

from typing import Final

from ..actions import PlayCard
from ..cards import DECK, PLAIN_STRENGTH, POINTS_BY_TRUMP, SUIT_MASKS, TRUMP_STRENGTH, Rank, Suit
from ..errors import IllegalActionError, Reason
from ..events import (
    BellaAnnounced,
    CardPlayed,
    DebertzWon,
    Event,
    MeldAnnouncement,
    MeldsAnnounced,
    MeldsWon,
    TrickWon,
)
from ..legal import PlayRules, legal_cards
from ..melds import Meld, find_melds, has_bella, rank_melds, wins_game
from ..rules import BellaAnnouncement, FirstLead
from . import end, visyak
from .state import GameState, Phase

__all__ = [
    "derive_from_start_hands",
    "illegal_card",
    "legal_card_mask",
    "play_card",
    "start_play",
    "track_trick_card",
    "winning_melds",
]

_BELLA_MASKS: Final = tuple(
    (1 << (suit * 8 + Rank.KING)) | (1 << (suit * 8 + Rank.QUEEN)) for suit in range(4)
)


def start_play(game: GameState) -> None:
    n = game._n
    game._phase = Phase.PLAY
    bidder_leads = game._rules.first_lead is FirstLead.BIDDER
    leader = game._bidder if bidder_leads else (game._dealer + 1) % n
    game._first_leader = leader
    game._trick_leader = leader
    game._to_act = leader
    game._start_hands = list(game._hands)
    derive_from_start_hands(game)


def derive_from_start_hands(game: GameState) -> None:
    """Melds, the side with the highest meld and bella, from the hands at the start of
    the play; not serialized, since they follow from those hands.

    Melds are compared between *meld groups* (:func:`meld_groups`): the sides, or with
    ``defenders_pool_melds`` the bidder against both defenders. Under
    ``meld_tie=last_trick`` a tie between groups leaves the melds open until the last
    trick (:func:`settle_meld_tie`)."""
    n = game._n
    rules = game._rules
    trump = game._trump
    if visyak.pool(game):
        game._melds = [()] * n
    else:
        game._melds = [find_melds(hand, rules, n) for hand in game._start_hands]
    groups = meld_groups(game)
    ranking = rank_melds(
        game._melds,
        trump,
        rules,
        first_leader=game._first_leader,
        dealer=game._dealer,
        side_of_seat=groups,
    )
    if ranking.seat is not None:
        group = groups[ranking.seat]
        if ranking.tied_sides:
            game._meld_tied = ranking.tied_sides
            game._meld_fallback = group
            if game._tricks and len(game._tricks) == _tricks_per_hand(game):
                settle_meld_tie(game, game._tricks[-1][2])
        else:
            _set_meld_group(game, group)
    for seat in range(n):
        if has_bella(game._start_hands[seat], trump):
            game._bella_seat = seat


def _tricks_per_hand(game: GameState) -> int:
    return sum(hand.bit_count() for hand in game._start_hands) // game._n


def meld_groups(game: GameState) -> list[int]:
    """The group each seat's melds count for: its side; with ``defenders_pool_melds``
    and 3 players, 0 for the bidder and 1 for both defenders (RULES-VARIANTS §11)."""
    n = game._n
    if game._rules.defenders_pool_melds and n == 3:
        return [0 if seat == game._bidder else 1 for seat in range(n)]
    return [game.side_of(seat) for seat in range(n)]


def _set_meld_group(game: GameState, group: int) -> None:
    n = game._n
    groups = meld_groups(game)
    game._meld_seats = tuple(s for s in range(n) if groups[s] == group)
    game._meld_side = game.side_of(game._meld_seats[0])


def settle_meld_tie(game: GameState, last_trick_seat: int) -> None:
    """``meld_tie=last_trick``: the tied group that took the last trick wins the melds;
    if none did, the first to play among them."""
    group = meld_groups(game)[last_trick_seat]
    _set_meld_group(game, group if group in game._meld_tied else game._meld_fallback)
    game._meld_tied = ()


def meld_points_by_side(game: GameState) -> list[int]:
    """What each side writes for melds with the tricks taken so far: the winning group's
    melds, each to its holder's side; with ``melds_need_trick`` only if the group took a
    trick (one trick by either pooled defender is enough)."""
    points = [0] * len(game._scores)
    seats = game._meld_seats
    if game._meld_side < 0 or game._meld_tied:
        return points
    if game._rules.melds_need_trick and not any(game._tricks_won[s] for s in seats):
        return points
    for seat in seats:
        points[game.side_of(seat)] += sum(meld.points for meld in game._melds[seat])
    return points


def _duty(game: GameState, play: PlayRules) -> bool:
    partner = game._n == 4 and game._best_seat == (game._to_act + 2) % 4
    return play.duty(game._led_suit, game._trump, game._best_trump, partner)


def legal_card_mask(game: GameState) -> int:
    """Mask of the cards the seat to act may play."""
    play = PlayRules.of(game._rules, game._n)
    return legal_cards(
        game._hands[game._to_act],
        game._led_suit,
        game._trump,
        game._best_trump,
        duty=_duty(game, play),
        must_trump=play.must_trump,
    )


def illegal_card(game: GameState, action: PlayCard) -> IllegalActionError:
    """The refusal of a card :func:`legal_card_mask` does not allow, naming the rule."""
    index = action.card.index
    seat = game._to_act
    hand = game._hands[seat]
    if not hand >> index & 1:
        return IllegalActionError(
            Reason.CARD_NOT_IN_HAND,
            f"{action.card} is not in seat {seat}'s hand",
            seat=seat,
            action=action,
        )
    led = game._led_suit
    trump = game._trump
    if hand & SUIT_MASKS[led] and index >> 3 != led:
        return IllegalActionError(
            Reason.MUST_FOLLOW_SUIT,
            f"{action.card}: must follow suit {Suit(led).symbol}",
            seat=seat,
            action=action,
            suit=Suit(led),
        )
    if index >> 3 != trump:
        return IllegalActionError(
            Reason.MUST_TRUMP,
            f"{action.card}: no {Suit(led).symbol} in hand, must trump {Suit(trump).symbol}",
            seat=seat,
            action=action,
            suit=Suit(trump),
        )
    return IllegalActionError(
        Reason.MUST_OVERTRUMP,
        f"{action.card}: must beat the trump {DECK[game._best_trump]} with a higher trump",
        seat=seat,
        action=action,
        suit=Suit(trump),
    )


def play_card(game: GameState, index: int, events: list[Event]) -> None:
    """Play a checked card of the seat to act."""
    seat = game._to_act
    n = game._n
    trump = game._trump
    bit = 1 << index
    game._hands[seat] ^= bit
    game._played |= bit
    card = DECK[index]
    if not game._first_played >> seat & 1:
        game._first_played |= 1 << seat
        melds = game._melds[seat]
        if melds:
            events.append(
                MeldsAnnounced(seat, tuple(MeldAnnouncement(m.kind, m.top) for m in melds))
            )
            for meld in melds:
                if wins_game(meld, game._rules):
                    events.append(CardPlayed(seat, card))
                    events.append(DebertzWon(seat, meld))
                    end.win_outright(game, game.side_of(seat), events)
                    return
    events.append(CardPlayed(seat, card))
    if seat == game._bella_seat and bit & _BELLA_MASKS[trump]:
        game._bella_plays += 1
        announce_on = 1 if game._rules.bella_announcement is BellaAnnouncement.FIRST else 2
        if game._bella_plays == announce_on:
            events.append(BellaAnnounced(seat))

    track_trick_card(game, seat, index)
    if len(game._trick_cards) < n:
        game._to_act = (seat + 1) % n
        return
    _close_trick(game, events)


def _close_trick(game: GameState, events: list[Event]) -> None:
    winner = game._best_seat
    table = POINTS_BY_TRUMP[game._trump]
    cards = tuple(game._trick_cards)
    trick_points = 0
    for index in cards:
        trick_points += table[index]
    game._tricks_won[winner] += 1
    game._card_points[winner] += trick_points
    trick_number = len(game._tricks)
    game._tricks.append((game._trick_leader, cards, winner))
    last = game._hands[winner] == 0
    events.append(
        TrickWon(
            trick_number + 1,
            winner,
            tuple(zip(game._trick_seats, (DECK[c] for c in cards), strict=True)),
            trick_points,
            last,
        )
    )
    game._trick_seats = []
    game._trick_cards = []
    game._led_suit = -1
    game._best_key = -1
    game._best_seat = -1
    game._best_trump = -1
    game._trick_leader = winner
    game._to_act = winner
    if trick_number == 0 and game._meld_side >= 0:
        shown = winning_melds(game)
        events.append(MeldsWon(game._meld_side, shown, sum(m.points for _, m in shown)))
    if last:
        end.score(game, winner, events)
    else:
        end.claim_after_trick(game, events)


def winning_melds(game: GameState) -> tuple[tuple[int, Meld], ...]:
    """The melds of the side holding the highest meld, once the first trick is over."""
    if not game._tricks or game._meld_side < 0:
        return ()
    return tuple((s, meld) for s in game._meld_seats for meld in game._melds[s])


def track_trick_card(game: GameState, seat: int, index: int) -> None:
    """Update the open trick's leader suit and best card for one more card."""
    trump = game._trump
    suit = index >> 3
    if suit == trump:
        key = 16 + TRUMP_STRENGTH[index & 7]
        if key > game._best_key:
            game._best_trump = index
    elif not game._trick_cards or suit == game._led_suit:
        key = PLAIN_STRENGTH[index & 7]
    else:
        key = -1
    if not game._trick_cards:
        game._led_suit = suit
    if key > game._best_key:
        game._best_key = key
        game._best_seat = seat
    game._trick_seats.append(seat)
    game._trick_cards.append(index)
