"""Rule-based card play on bit masks: the heuristic player's play and search's rollouts.

One function, :func:`choose_card`, decides from what the seat to play may know: its own
hand, the cards gone (played, or face up out of play), the open trick, the suits each
seat showed it lacks, and who bid. Search calls it for every seat of a determinized deal,
so it must stay cheap: a few table lookups per card in hand.

The rules, in the order they are tried:

- leading: draw trumps with the master trump when the bidder's side (or when holding
  two); cash a master card (ace, or ten once the ace is gone) where nobody is known to
  ruff; otherwise lead cheap, keeping tens guarded and trumps at home;
- following, partner winning for sure: give it points (schmear), the ten before the
  ace; with 3 players, do not overtake the other defender of a bid;
- following, an opponent winning: last to play, win with the card that gains most for
  what it costs to spend; earlier, win only with a master card, or ruff a trick worth
  ten or more cheaply; otherwise throw the cheapest card.
"""

from __future__ import annotations

from typing import Final

from .bits import ABOVE, CHEAPEST, FULL, POINTS_BY_TRUMP, STRENGTH, STRONGEST, SUIT_MASKS

__all__ = ["choose_card", "choose_follow", "choose_lead", "trick_winner"]

# What spending a card costs in future tricks, per natural rank (7 8 9 10 J Q K A):
# trump jack and nine keep control of the hand; a plain ace is a sure trick later, a
# plain ten a doubtful one.
_TRUMP_KEEP: Final = (2, 2, 18, 6, 25, 3, 4, 8)
_PLAIN_KEEP: Final = (0, 0, 0, 0, 1, 1, 2, 4)
_TEN: Final = 3
"""The ten's natural rank: the one plain card worth 10."""
_SUITS: Final = tuple(enumerate(SUIT_MASKS))


def trick_winner(trick: list[int], leader: int, n: int, trump: int) -> int:
    """The seat whose card is winning ``trick`` (cards in playing order from ``leader``)."""
    row = STRENGTH[trump]
    first = trick[0]
    led = first >> 3
    best = 0
    best_key = row[first]
    for position in range(1, len(trick)):
        index = trick[position]
        suit = index >> 3
        if (suit in (led, trump)) and row[index] > best_key:
            best_key = row[index]
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
        return choose_lead(seat, hand, legal, n, trump, outstanding, voids, bidder, solo)
    points = POINTS_BY_TRUMP[trump]
    best = trick_winner(trick, 0, n, trump)
    trick_points = 0
    for index in trick:
        trick_points += points[index]
    return choose_follow(
        seat, legal, trick, leader, n, trump, outstanding, voids, bidder, solo, best, trick_points
    )


def _partner(seat: int, n: int, bidder: int, solo: bool = False) -> int:
    """The seat that plays for the same result: the partner with 4 players in pairs;
    with 3, the other defender against the bidder (it gains when the bidder sits too);
    nobody with 4 solo players."""
    if n == 4:
        return -1 if solo else (seat + 2) % 4
    if n == 3 and seat != bidder and bidder >= 0:
        return 3 - seat - bidder
    return -1


def choose_lead(
    seat: int,
    hand: int,
    legal: int,
    n: int,
    trump: int,
    outstanding: int,
    voids: list[int],
    bidder: int,
    solo: bool,
) -> int:
    """:func:`choose_card` for the lead, from at least two legal cards; ``outstanding``:
    the cards that may be in the other hands (for rollouts, which know it already)."""
    trump_mask = SUIT_MASKS[trump]
    above = ABOVE[trump]
    strongest = STRONGEST[trump]
    pairs = n == 4 and not solo
    my_trumps = hand & trump_mask
    out_trumps = outstanding & trump_mask
    if my_trumps and out_trumps:
        top = strongest[trump][my_trumps >> 8 * trump]
        if not out_trumps & above[top] and (
            (bidder >= 0 and (bidder == seat or (pairs and (bidder - seat) % 2 == 0)))
            or my_trumps & (my_trumps - 1)
        ):
            return top
    partner = (seat + 2) % 4 if pairs else -1
    ruffers = 0  # suits some opponent is known to ruff
    if out_trumps:
        for other in range(n):
            void = voids[other]
            if not void or other in (seat, partner):
                continue
            if void & trump_mask != trump_mask:
                for _, suit_mask in _SUITS:
                    if void & suit_mask == suit_mask:
                        ruffers |= suit_mask
    points = POINTS_BY_TRUMP[trump]
    best = -1
    best_value = -1
    plain = legal & ~trump_mask & ~ruffers
    if plain:
        for suit, suit_mask in _SUITS:
            cards = plain & suit_mask
            if not cards:
                continue
            top = strongest[suit][cards >> 8 * suit]
            if not outstanding & above[top] and outstanding & suit_mask:
                value = points[top]
                if value > best_value:
                    best_value = value
                    best = top
        if best_value >= 10:
            return best

    # the cheapest lead, suit by suit: what a card's cost adds beyond its own points
    # and strength is mostly the same for its whole suit
    row = STRENGTH[trump]
    best_cost = 1 << 30
    for suit, suit_mask in _SUITS:
        cards = legal & suit_mask
        if not cards:
            continue
        ten = suit * 8 + _TEN
        below_ten = 0  # the ten's guards, when leading one of them gives the ten away
        if suit == trump:
            extra = 40 if hand & ~trump_mask else 0
            plain_ten = 0
        else:
            suit_cards = hand & suit_mask
            extra = suit_cards.bit_count() * 2 if my_trumps else 0
            if suit_cards >> ten & 1 and outstanding & above[ten]:
                guards = suit_cards & ~above[ten]
                if guards.bit_count() <= 2:
                    below_ten = guards
            plain_ten = cards >> ten & 1
        if not below_ten and not plain_ten:
            # no card of the suit has a surcharge: its cheapest by the table
            index = CHEAPEST[trump][suit][cards >> 8 * suit]
            cost = points[index] * 4 + row[index] + extra
            if cost < best_cost:
                best_cost = cost
                best = index
            continue
        while cards:
            low = cards & -cards
            cards ^= low
            index = low.bit_length() - 1
            value = points[index]
            cost = value * 4 + row[index] + extra
            if value >= 10 and outstanding & above[index]:
                cost += 60  # a ten led under an outstanding ace
            if low & below_ten and index != ten:
                cost += 20  # leading the ten's last guard
            if cost < best_cost:
                best_cost = cost
                best = index
    return best


def choose_follow(
    seat: int,
    legal: int,
    trick: list[int],
    leader: int,
    n: int,
    trump: int,
    outstanding: int,
    voids: list[int],
    bidder: int,
    solo: bool,
    best: int,
    trick_points: int,
) -> int:
    """:func:`choose_card` on an open trick, from at least two legal cards; ``best`` is
    the position in ``trick`` of the card winning it, ``trick_points`` the trick's card
    points (rollouts keep both as the trick grows)."""
    trump_mask = SUIT_MASKS[trump]
    above = ABOVE[trump]
    row = STRENGTH[trump]
    led = trick[0] >> 3
    best_card = trick[best]
    winner = (leader + best) % n
    remaining = n - len(trick) - 1

    beats = above[best_card]
    if best_card >> 3 != trump:
        beats |= trump_mask
    winners = legal & beats

    if n == 4:  # _partner, inline: this runs for most cards of a rollout
        partner = -1 if solo else (seat + 2) % 4
    else:
        partner = 3 - seat - bidder if n == 3 and seat != bidder and bidder >= 0 else -1
    if winner == partner:
        if remaining == 0 or _safe(
            best_card, seat, remaining, partner, n, trump, outstanding, voids
        ):
            if n == 4:
                return _schmear(legal, trump, outstanding)
            return _cheapest(legal, trump)
        if not winners:
            return _cheapest(legal, trump)

    if winners:
        if remaining == 0:
            return _best_gain(winners, legal, trump, trick_points)
        sure = 0
        # whether a later opponent may ruff is the same for every plain winner
        risk = -1
        mask = winners
        while mask:
            low = mask & -mask
            mask ^= low
            index = low.bit_length() - 1
            if outstanding & above[index]:
                continue
            if index >> 3 != trump and outstanding & trump_mask:
                if risk < 0:
                    risk = _ruff_risk(led, seat, remaining, partner, n, trump, voids)
                if risk:
                    continue
            sure |= low
        if sure:
            return _best_gain(sure, sure, trump, trick_points)
        if winners & trump_mask and led != trump and trick_points >= 10:
            return _lowest_strength(winners & trump_mask, row)
    return _cheapest(legal, trump)


def _safe(
    card: int,
    seat: int,
    remaining: int,
    partner: int,
    n: int,
    trump: int,
    outstanding: int,
    voids: list[int],
) -> bool:
    """Whether no opponent still to play (the ``remaining`` seats after ``seat``) can
    beat ``card`` (as far as the seat knows)."""
    if outstanding & ABOVE[trump][card]:
        return False
    if card >> 3 == trump:
        return True
    if not outstanding & SUIT_MASKS[trump]:
        return True
    return not _ruff_risk(card >> 3, seat, remaining, partner, n, trump, voids)


def _ruff_risk(
    led: int, seat: int, remaining: int, partner: int, n: int, trump: int, voids: list[int]
) -> int:
    """1 if an opponent still to play (the ``remaining`` seats after ``seat``) may be out
    of the led suit and hold trumps, else 0.

    Only shown voids count: a suit with cards outstanding is assumed to be followed.
    """
    suit_mask = SUIT_MASKS[led]
    trump_mask = SUIT_MASKS[trump]
    for k in range(1, remaining + 1):
        other = (seat + k) % n
        if other == partner:
            continue
        void = voids[other]
        if void & suit_mask == suit_mask and void & trump_mask != trump_mask:
            return 1
    return 0


def _schmear(legal: int, trump: int, outstanding: int) -> int:
    """The card with most points to give a partner's sure trick: the ten before the ace,
    never a trump unless nothing else is legal."""
    points = POINTS_BY_TRUMP[trump]
    above = ABOVE[trump]
    row = STRENGTH[trump]
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
        if value >= 40 and not outstanding & above[index]:
            value -= 36  # a master card wins its own trick later
        value -= row[index]
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
    """The card of ``mask`` that costs least to give away (as :func:`~.bits.lowest`),
    from one table lookup per suit."""
    cheapest = CHEAPEST[trump]
    top_suit = (mask.bit_length() - 1) >> 3
    if not mask & ((1 << 8 * top_suit) - 1):
        return cheapest[top_suit][mask >> 8 * top_suit]  # one suit: one lookup
    points = POINTS_BY_TRUMP[trump]
    row = STRENGTH[trump]
    best = -1
    best_key = 1 << 30
    for suit in range(4):
        byte = mask >> 8 * suit & 255
        if byte:
            index = cheapest[suit][byte]
            key = points[index] * 64 + row[index]
            if key < best_key:
                best_key = key
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
