"""The rule-based card play as it was before the speed-ups (commit 2d76aec), kept as the
reference that :mod:`engine.ai.policy` must agree with card for card
(``tests/ai/test_policy_reference.py``). Not used by the players.
"""

from __future__ import annotations

from typing import Final

from engine.ai.bits import ABOVE, FULL, POINTS_BY_TRUMP, STRENGTH, SUIT_MASKS

__all__ = ["choose_card", "trick_winner"]

# What spending a card costs in future tricks, per natural rank (7 8 9 10 J Q K A):
# trump jack and nine keep control of the hand; a plain ace is a sure trick later, a
# plain ten a doubtful one.
_TRUMP_KEEP: Final = (2, 2, 18, 6, 25, 3, 4, 8)
_PLAIN_KEEP: Final = (0, 0, 0, 0, 1, 1, 2, 4)


def trick_winner(trick: list[int], leader: int, n: int, trump: int) -> int:
    """The seat whose card is winning ``trick`` (cards in playing order from ``leader``)."""
    row = STRENGTH[trump]
    led = trick[0] >> 3
    best = 0
    best_key = row[trick[0]]
    for position in range(1, len(trick)):
        index = trick[position]
        suit = index >> 3
        if suit != led and suit != trump:
            continue
        key = row[index]
        if key > best_key:
            best_key = key
            best = position
    return (leader + best) % n


def choose_card(
    seat: int,
    hand: int,
    legal: int,
    trick: list[int],
    leader: int,
    n: int,
    trump: int,
    gone: int,
    voids: list[int],
    bidder: int,
    solo: bool = False,
) -> int:
    """The card index ``seat`` plays.

    ``legal`` is the playable part of ``hand``; ``trick`` the cards of the open trick
    in playing order from ``leader``; ``gone`` the cards known to be in no hand;
    ``voids[s]`` the cards seat ``s`` is known not to hold; ``solo``: 4 players each
    for himself, so nobody is a partner (RULES-VARIANTS §24).
    """
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    outstanding = FULL & ~gone & ~hand
    if not trick:
        return _lead(seat, hand, legal, n, trump, outstanding, voids, bidder, solo)
    return _follow(seat, legal, trick, leader, n, trump, outstanding, voids, bidder, solo)


def _partner(seat: int, n: int, bidder: int, solo: bool = False) -> int:
    """The seat that plays for the same result: the partner with 4 players in pairs;
    with 3, the other defender against the bidder (it gains when the bidder sits too);
    nobody with 4 solo players."""
    if n == 4:
        return -1 if solo else (seat + 2) % 4
    if n == 3 and seat != bidder and bidder >= 0:
        return 3 - seat - bidder
    return -1


def _lead(
    seat: int,
    hand: int,
    legal: int,
    n: int,
    trump: int,
    outstanding: int,
    voids: list[int],
    bidder: int,
    solo: bool = False,
) -> int:
    trump_mask = SUIT_MASKS[trump]
    above = ABOVE[trump]
    points = POINTS_BY_TRUMP[trump]
    row = STRENGTH[trump]
    pairs = n == 4 and not solo
    my_trumps = hand & trump_mask
    out_trumps = outstanding & trump_mask
    bidder_side = bidder >= 0 and (bidder == seat or (pairs and (bidder - seat) % 2 == 0))
    if my_trumps and out_trumps:
        top = _top(my_trumps, row)
        if not out_trumps & above[top] and (bidder_side or my_trumps & (my_trumps - 1)):
            return top
    partner = _partner(seat, n, bidder) if pairs else -1
    ruffers = 0  # suits some opponent is known to ruff
    if out_trumps:
        for other in range(n):
            if other in (seat, partner):
                continue
            void = voids[other]
            if void & trump_mask != trump_mask:
                for suit in range(4):
                    if void & SUIT_MASKS[suit] == SUIT_MASKS[suit]:
                        ruffers |= SUIT_MASKS[suit]
    best = -1
    best_value = -1
    plain = legal & ~trump_mask & ~ruffers
    for suit in range(4):
        cards = plain & SUIT_MASKS[suit]
        if not cards:
            continue
        top = _top(cards, row)
        if not outstanding & above[top] and outstanding & SUIT_MASKS[suit]:
            value = points[top]
            if value > best_value:
                best_value = value
                best = top
    if best >= 0 and best_value >= 10:
        return best

    best_cost = 1 << 30
    mask = legal
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        mask ^= low
        suit_cards = hand & SUIT_MASKS[index >> 3]
        cost = points[index] * 4 + row[index]
        if low & trump_mask:
            cost += 40 if hand & ~trump_mask else 0
        else:
            higher = outstanding & above[index]
            if higher and points[index] >= 10:
                cost += 60  # a ten led under an outstanding ace
            ten = suit_cards & above[index]
            while ten:
                top_bit = ten & -ten
                ten ^= top_bit
                other = top_bit.bit_length() - 1
                guards = (suit_cards & ~above[other]).bit_count()
                if points[other] == 10 and outstanding & above[other] and guards <= 2:
                    cost += 20  # leading the ten's last guard
            if my_trumps:
                cost += suit_cards.bit_count() * 2  # short suits first: ruff them later
        if cost < best_cost:
            best_cost = cost
            best = index
    return best


def _follow(
    seat: int,
    legal: int,
    trick: list[int],
    leader: int,
    n: int,
    trump: int,
    outstanding: int,
    voids: list[int],
    bidder: int,
    solo: bool = False,
) -> int:
    trump_mask = SUIT_MASKS[trump]
    above = ABOVE[trump]
    points = POINTS_BY_TRUMP[trump]
    row = STRENGTH[trump]
    led = trick[0] >> 3
    winner = trick_winner(trick, leader, n, trump)
    best_card = trick[(winner - leader) % n]
    trick_points = 0
    for index in trick:
        trick_points += points[index]
    remaining = n - len(trick) - 1
    later = [(seat + k) % n for k in range(1, remaining + 1)]

    beats = above[best_card]
    if best_card >> 3 != trump:
        beats |= trump_mask
    winners = legal & beats

    partner = _partner(seat, n, bidder, solo)
    if winner == partner:
        if remaining == 0 or _safe(best_card, later, partner, n, trump, outstanding, voids):
            if n == 4:
                return _schmear(legal, trump, outstanding)
            return _cheapest(legal, trump)
        if not winners:
            return _cheapest(legal, trump)

    if winners:
        if remaining == 0:
            return _best_gain(winners, legal, trump, trick_points)
        sure = 0
        mask = winners
        while mask:
            low = mask & -mask
            mask ^= low
            index = low.bit_length() - 1
            if outstanding & above[index]:
                continue
            plain = index >> 3 != trump
            if plain and outstanding & trump_mask and _ruff_risk(led, later, partner, trump, voids):
                continue
            sure |= low
        if sure:
            return _best_gain(sure, sure, trump, trick_points)
        if winners & trump_mask and led != trump and trick_points >= 10:
            return _lowest_strength(winners & trump_mask, row)
    return _cheapest(legal, trump)


def _safe(
    card: int,
    later: list[int],
    partner: int,
    n: int,
    trump: int,
    outstanding: int,
    voids: list[int],
) -> bool:
    """Whether no opponent still to play can beat ``card`` (as far as the seat knows)."""
    if outstanding & ABOVE[trump][card]:
        return False
    if card >> 3 == trump:
        return True
    if not outstanding & SUIT_MASKS[trump]:
        return True
    return not _ruff_risk(card >> 3, later, partner, trump, voids)


def _ruff_risk(led: int, later: list[int], partner: int, trump: int, voids: list[int]) -> bool:
    """Whether an opponent still to play may be out of the led suit and hold trumps.

    Only shown voids count: a suit with cards outstanding is assumed to be followed.
    """
    suit_mask = SUIT_MASKS[led]
    trump_mask = SUIT_MASKS[trump]
    for other in later:
        if other == partner:
            continue
        void = voids[other]
        if void & suit_mask == suit_mask and void & trump_mask != trump_mask:
            return True
    return False


def _schmear(legal: int, trump: int, outstanding: int) -> int:
    """The card with most points to give a partner's sure trick: the ten before the ace,
    never a trump unless nothing else is legal."""
    points = POINTS_BY_TRUMP[trump]
    above = ABOVE[trump]
    plain = legal & ~SUIT_MASKS[trump]
    if not plain:
        return _cheapest(legal, trump)
    best = -1
    best_value = -100
    while plain:
        low = plain & -plain
        plain ^= low
        index = low.bit_length() - 1
        value = points[index] * 4
        if not outstanding & above[index] and points[index] >= 10:
            value -= 36  # a master card wins its own trick later
        value -= STRENGTH[trump][index]
        if value > best_value:
            best_value = value
            best = index
    return best


def _best_gain(winners: int, legal: int, trump: int, trick_points: int) -> int:
    """Among winning cards, the one whose points outweigh what spending it costs; a
    pointless trick is not worth a trump honour when a cheaper card may be thrown."""
    points = POINTS_BY_TRUMP[trump]
    best = -1
    best_value = -1000
    mask = winners
    while mask:
        low = mask & -mask
        mask ^= low
        index = low.bit_length() - 1
        keep = _TRUMP_KEEP[index & 7] if index >> 3 == trump else _PLAIN_KEEP[index & 7]
        value = points[index] - keep
        if value > best_value:
            best_value = value
            best = index
    if trick_points + points[best] + best_value <= 0 and legal & ~winners:
        return _cheapest(legal & ~winners, trump)
    return best


def _cheapest(mask: int, trump: int) -> int:
    points = POINTS_BY_TRUMP[trump]
    row = STRENGTH[trump]
    best = -1
    best_key = 1 << 30
    while mask:
        low = mask & -mask
        mask ^= low
        index = low.bit_length() - 1
        key = points[index] * 64 + row[index]
        if key < best_key:
            best_key = key
            best = index
    return best


def _top(mask: int, row: tuple[int, ...]) -> int:
    best = -1
    best_key = -1
    while mask:
        low = mask & -mask
        mask ^= low
        index = low.bit_length() - 1
        if row[index] > best_key:
            best_key = row[index]
            best = index
    return best


def _lowest_strength(mask: int, row: tuple[int, ...]) -> int:
    best = -1
    best_key = 100
    while mask:
        low = mask & -mask
        mask ^= low
        index = low.bit_length() - 1
        if row[index] < best_key:
            best_key = row[index]
            best = index
    return best
