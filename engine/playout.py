"""The fast path for computer players: playing a hand to its end on bare card masks.

Search needs thousands of playouts per decision, so this module skips events, checks
and objects: a playout is a loop over ints. It follows the same play rules as
:class:`engine.Game` (follow suit, must trump, must overtrump with the option on), which
the tests check by comparing both on random positions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from .cards import HIGHER_TRUMPS, PLAIN_STRENGTH, POINTS_BY_TRUMP, SUIT_MASKS, TRUMP_STRENGTH
from .game import Game, Phase

__all__ = ["PlayState", "legal_mask", "play_state", "random_playout"]

LAST_TRICK_BONUS: Final = 10


class PlayState:
    """A bare play position: hands as masks, the open trick, points taken so far."""

    __slots__ = (
        "card_points",
        "hands",
        "overtrump",
        "players",
        "trick_cards",
        "trick_leader",
        "trump",
    )

    def __init__(
        self,
        hands: Sequence[int],
        trump: int,
        trick_leader: int,
        trick_cards: Sequence[int] = (),
        card_points: Sequence[int] | None = None,
        *,
        overtrump: bool = True,
    ) -> None:
        self.players = len(hands)
        self.hands = list(hands)
        self.trump = trump
        self.trick_leader = trick_leader
        self.trick_cards = list(trick_cards)
        self.card_points = list(card_points) if card_points is not None else [0] * len(hands)
        self.overtrump = overtrump


def play_state(game: Game) -> PlayState:
    """The play position of a game in its play phase (all hands: for the game's owner
    or for a determinized copy, never for a player's own decision)."""
    if game.phase is not Phase.PLAY:
        raise ValueError("play_state needs a game in the play phase")
    trick = game.trick
    leader = trick[0][0] if trick else game.to_act
    assert leader is not None
    return PlayState(
        [game.hand_mask(seat) for seat in range(game.players)],
        int(game.trump) if game.trump is not None else -1,
        leader,
        [card.index for _, card in trick],
        game.view(0).card_points,
        overtrump=game.rules.overtrump,
    )


def legal_mask(hand: int, trick_cards: Sequence[int], trump: int, overtrump: bool) -> int:
    """The cards of ``hand`` that may be played on ``trick_cards``."""
    if not trick_cards:
        return hand
    led = trick_cards[0] >> 3
    best_trump = -1
    best_strength = -1
    for index in trick_cards:
        if index >> 3 == trump and TRUMP_STRENGTH[index & 7] > best_strength:
            best_strength = TRUMP_STRENGTH[index & 7]
            best_trump = index
    follow = hand & SUIT_MASKS[led]
    if led == trump:
        if not follow:
            return hand
        if overtrump:
            higher = follow & HIGHER_TRUMPS[trump][best_trump]
            if higher:
                return higher
        return follow
    if follow:
        return follow
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand
    if best_trump >= 0 and overtrump:
        higher = trumps & HIGHER_TRUMPS[trump][best_trump]
        if higher:
            return higher
    return trumps


def random_playout(
    state: PlayState, random_float: Callable[[], float] = random.random
) -> list[int]:
    """Play uniformly random legal cards to the end of the hand.

    Returns each seat's card points including the 10 for the last trick. ``state`` is
    not changed.
    """
    n = state.players
    hands = list(state.hands)
    trump = state.trump
    overtrump = state.overtrump
    points_table = POINTS_BY_TRUMP[trump]
    higher_table = HIGHER_TRUMPS[trump]
    trump_mask = SUIT_MASKS[trump]
    taken = list(state.card_points)
    trick = list(state.trick_cards)
    seat = (state.trick_leader + len(trick)) % n
    leader = state.trick_leader
    # Replay the open trick's cards into the running best.
    led = -1
    best_key = -1
    best_seat = -1
    best_trump = -1
    for offset, index in enumerate(trick):
        suit = index >> 3
        if offset == 0:
            led = suit
        if suit == trump:
            key = 16 + TRUMP_STRENGTH[index & 7]
            if key > best_key:
                best_trump = index
        elif suit == led:
            key = PLAIN_STRENGTH[index & 7]
        else:
            key = -1
        if key > best_key:
            best_key = key
            best_seat = (leader + offset) % n
    trick_points = sum(points_table[index] for index in trick)
    in_trick = len(trick)
    last_winner = leader
    while True:
        hand = hands[seat]
        if not hand:
            break
        # Legal cards (same rules as Game.legal_card_mask).
        if in_trick == 0:
            legal = hand
        else:
            follow = hand & SUIT_MASKS[led]
            if led == trump:
                legal = follow or hand
                if follow and overtrump:
                    legal = (follow & higher_table[best_trump]) or follow
            elif follow:
                legal = follow
            else:
                trumps = hand & trump_mask
                if trumps:
                    legal = trumps
                    if best_trump >= 0 and overtrump:
                        legal = (trumps & higher_table[best_trump]) or trumps
                else:
                    legal = hand
        skip = int(random_float() * legal.bit_count())
        while skip:
            legal &= legal - 1
            skip -= 1
        low = legal & -legal
        index = low.bit_length() - 1
        hands[seat] = hand ^ low
        suit = index >> 3
        if in_trick == 0:
            led = suit
            if suit == trump:
                best_key = 16 + TRUMP_STRENGTH[index & 7]
                best_trump = index
            else:
                best_key = PLAIN_STRENGTH[index & 7]
                best_trump = -1
            best_seat = seat
        elif suit == trump:
            key = 16 + TRUMP_STRENGTH[index & 7]
            if key > best_key:
                best_key = key
                best_trump = index
                best_seat = seat
        elif suit == led:
            key = PLAIN_STRENGTH[index & 7]
            if key > best_key:
                best_key = key
                best_seat = seat
        trick_points += points_table[index]
        in_trick += 1
        if in_trick == n:
            taken[best_seat] += trick_points
            last_winner = best_seat
            seat = best_seat
            in_trick = 0
            trick_points = 0
        else:
            seat = seat + 1 if seat + 1 < n else 0
    taken[last_winner] += LAST_TRICK_BONUS
    return taken
