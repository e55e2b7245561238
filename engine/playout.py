"""The fast path for computer players: playing a hand to its end on bare card masks.

Search needs thousands of playouts per decision, so this module skips events, checks
and objects: a playout is a loop over ints. The legal cards come from
:func:`engine.legal.legal_cards`, the function :class:`engine.Game` uses too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from .cards import PLAIN_STRENGTH, POINTS_BY_TRUMP, TRUMP_STRENGTH
from .game import Game, Phase
from .legal import PlayRules, legal_cards, legal_mask

__all__ = ["PlayState", "legal_mask", "play_state", "random_playout"]

LAST_TRICK_BONUS: Final = 10


class PlayState:
    """A bare play position: hands as masks, the open trick, points taken so far."""

    __slots__ = (
        "card_points",
        "hands",
        "play",
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
        play: PlayRules | None = None,
    ) -> None:
        self.players = len(hands)
        self.hands = list(hands)
        self.trump = trump
        self.trick_leader = trick_leader
        self.trick_cards = list(trick_cards)
        self.card_points = list(card_points) if card_points is not None else [0] * len(hands)
        self.play = play if play is not None else PlayRules(overtrump=overtrump)

    @property
    def overtrump(self) -> bool:
        return self.play.overtrump


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
        play=PlayRules.of(game.rules, game.players),
    )


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
    play = state.play
    must_trump = play.must_trump
    pairs = n == 4
    points_table = POINTS_BY_TRUMP[trump]
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
        if in_trick == 0:
            legal = hand
        else:
            partner = pairs and best_seat == (seat + 2) % 4
            duty = play.duty(led, trump, best_trump, partner)
            legal = legal_cards(hand, led, trump, best_trump, duty=duty, must_trump=must_trump)
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
