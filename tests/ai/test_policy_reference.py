"""The fast rule-based play chooses exactly the card the plain version chose, on random
positions of every shape: any trump, seat count, trick length, bidder, known voids and
cards gone, with 4 players in pairs and solo."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.ai import policy
from engine.ai.bits import SUIT_MASKS
from engine.legal import PlayRules, legal_mask

from . import reference_policy as reference

Args = tuple[int, int, int, list[int], int, int, int, int, list[int], int, bool]


def _positions(count: int, seed: int) -> Iterator[Args]:
    """choose_card's arguments: random hands of one size, cards gone, an open trick of
    legal cards, random known voids, and the legal cards of the seat to play."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        n = rng.choice((2, 3, 4))
        trump = rng.randrange(4)
        deck = list(range(32))
        rng.shuffle(deck)
        size = rng.randint(1, 8)
        hands = [0] * n
        for seat in range(n):
            for index in deck[seat * size : (seat + 1) * size]:
                hands[seat] |= 1 << index
        rest = deck[n * size :]
        gone = 0
        for index in rest:
            if rng.random() < 0.7:
                gone |= 1 << index  # played before; the others lie in the stock, unseen
        leader = rng.randrange(n)
        trick: list[int] = []
        for offset in range(rng.randrange(n)):
            seat = (leader + offset) % n
            legal = legal_mask(hands[seat], trick, trump, PlayRules())
            picks = [i for i in range(32) if legal >> i & 1]
            index = rng.choice(picks)
            hands[seat] ^= 1 << index
            gone |= 1 << index
            trick.append(index)
        seat = (leader + len(trick)) % n
        voids = [0] * n
        for other in range(n):
            for suit in range(4):
                if rng.random() < 0.2:
                    voids[other] |= SUIT_MASKS[suit]
            voids[other] &= ~hands[other]
        overtrump = rng.random() < 0.8
        hand = hands[seat]
        legal = legal_mask(hand, trick, trump, overtrump)
        bidder = rng.randrange(-1, n)
        solo = n == 4 and rng.random() < 0.25
        made += 1
        yield seat, hand, legal, trick, leader, n, trump, gone, voids, bidder, solo


@pytest.mark.parametrize("seed", range(4))
def test_fast_policy_chooses_the_reference_card(seed: int) -> None:
    checked = 0
    for args in _positions(5000, seed):
        expected = reference.choose_card(*args)
        assert policy.choose_card(*args) == expected, args
        checked += 1
    assert checked == 5000


def test_fast_trick_winner_is_the_reference_winner() -> None:
    for seat, _, _, trick, leader, n, trump, *_ in _positions(3000, 9):
        if trick:
            assert policy.trick_winner(trick, leader, n, trump) == reference.trick_winner(
                trick, leader, n, trump
            ), (seat, trick)
