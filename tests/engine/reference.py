"""An independent, slow, obvious model of RULES.md, written from the rules text alone.

It works on card codes (``"JS"``, ``"10H"``) and plain lists, shares no code with the
engine, and is used as an oracle: tests and property tests compare the engine's legal
cards, trick winners, melds, bella and hand scores with what this model says.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

NATURAL = ("7", "8", "9", "10", "J", "Q", "K", "A")
"""Rank order of runs (melds)."""
TRUMP_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7")
"""Trump ranks, strongest first."""
PLAIN_ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")
"""Non-trump ranks, strongest first."""
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
SUITS = ("S", "C", "D", "H")
ALL_CODES = tuple(rank + suit for suit in SUITS for rank in NATURAL)


def rank_of(code: str) -> str:
    return code[:-1]


def suit_of(code: str) -> str:
    return code[-1]


def card_points(code: str, trump: str) -> int:
    table = TRUMP_POINTS if suit_of(code) == trump else PLAIN_POINTS
    return table[rank_of(code)]


def _trump_rank(code: str) -> int:
    """Smaller is stronger."""
    return TRUMP_ORDER.index(rank_of(code))


def _plain_rank(code: str) -> int:
    return PLAIN_ORDER.index(rank_of(code))


def trick_winner(cards: Sequence[str], trump: str) -> int:
    """Index (in playing order) of the card that takes the trick."""
    trumps = [i for i, code in enumerate(cards) if suit_of(code) == trump]
    if trumps:
        return min(trumps, key=lambda i: _trump_rank(cards[i]))
    led = suit_of(cards[0])
    followers = [i for i, code in enumerate(cards) if suit_of(code) == led]
    return min(followers, key=lambda i: _plain_rank(cards[i]))


def legal_cards(hand: Sequence[str], trick: Sequence[str], trump: str, overtrump: bool) -> set[str]:
    """The cards of ``hand`` that may be played on ``trick`` (cards already played)."""
    if not trick:
        return set(hand)
    led = suit_of(trick[0])
    same = [c for c in hand if suit_of(c) == led]
    my_trumps = [c for c in hand if suit_of(c) == trump]
    trumps_on_table = [c for c in trick if suit_of(c) == trump]
    if led == trump:
        if not same:
            return set(hand)
        if overtrump:
            best = min(_trump_rank(c) for c in trumps_on_table)
            higher = [c for c in same if _trump_rank(c) < best]
            if higher:
                return set(higher)
        return set(same)
    if same:
        return set(same)
    if not my_trumps:
        return set(hand)
    if overtrump and trumps_on_table:
        best = min(_trump_rank(c) for c in trumps_on_table)
        higher = [c for c in my_trumps if _trump_rank(c) < best]
        if higher:
            return set(higher)
    return set(my_trumps)


@dataclasses.dataclass(frozen=True)
class RefMeld:
    suit: str
    top: str
    length: int
    kind: int
    """1 terz, 2 fifty, 3 hundred."""

    @property
    def points(self) -> int:
        return {1: 20, 2: 50, 3: 100}[self.kind]

    @property
    def cards(self) -> list[str]:
        top = NATURAL.index(self.top)
        return [NATURAL[r] + self.suit for r in range(top - self.length + 1, top + 1)]


def melds(hand: Sequence[str], hundred: bool) -> list[RefMeld]:
    """Every maximal run of 3 or more of one suit in natural order."""
    found: list[RefMeld] = []
    for suit in SUITS:
        ranks = sorted(NATURAL.index(rank_of(c)) for c in hand if suit_of(c) == suit)
        run: list[int] = []
        for r in [*ranks, 99]:
            if run and r == run[-1] + 1:
                run.append(r)
                continue
            if len(run) >= 3:
                length = len(run)
                kind = 3 if hundred and length >= 5 else 2 if length >= 4 else 1
                found.append(RefMeld(suit, NATURAL[run[-1]], length, kind))
            run = [r]
    return found


def side_of(seat: int, players: int) -> int:
    return seat % 2 if players == 4 else seat


def best_meld_seat(
    start_hands: Sequence[Sequence[str]],
    trump: str,
    first_leader: int,
    *,
    hundred: bool,
    trump_priority: bool,
) -> int | None:
    """The seat holding the highest meld (RULES.md §5 order), or None."""
    players = len(start_hands)
    best: tuple[int, int, int, int] | None = None
    best_seat: int | None = None
    for seat, hand in enumerate(start_hands):
        order = (seat - first_leader) % players
        for meld in melds(hand, hundred):
            key = (
                meld.kind,
                NATURAL.index(meld.top),
                1 if trump_priority and meld.suit == trump else 0,
                -order,
            )
            if best is None or key > best:
                best, best_seat = key, seat
    return best_seat


def bella_seat(start_hands: Sequence[Sequence[str]], trump: str) -> int | None:
    for seat, hand in enumerate(start_hands):
        if "K" + trump in hand and "Q" + trump in hand:
            return seat
    return None


@dataclasses.dataclass
class RefScore:
    """What each side writes for a hand, and the bookkeeping the model carries on."""

    totals: list[int]
    written: list[int]
    outcome: str
    hanging_after: int


def score(
    *,
    players: int,
    bidder: int,
    card_points_by_seat: Sequence[int],
    tricks_by_seat: Sequence[int],
    last_trick_seat: int,
    meld_seat: int | None,
    meld_points_of_side: int,
    bella: int | None,
    hanging_before: int,
    baits_before: Sequence[int],
    hanging_bait: bool,
    three_player_half: bool,
    melds_need_trick: bool,
    bolt_penalty: int,
    third_bait_penalty: int,
) -> RefScore:
    """RULES.md §7 for one hand, by side."""
    sides = 2 if players == 4 else players
    cards = [0] * sides
    tricks = [0] * sides
    for seat in range(players):
        cards[side_of(seat, players)] += card_points_by_seat[seat]
        tricks[side_of(seat, players)] += tricks_by_seat[seat]
    totals = list(cards)
    totals[side_of(last_trick_seat, players)] += 10
    if meld_seat is not None:
        meld_side = side_of(meld_seat, players)
        if not melds_need_trick or tricks[meld_side] > 0:
            totals[meld_side] += meld_points_of_side
    if bella is not None:
        totals[side_of(bella, players)] += 20
    me = side_of(bidder, players)
    others = [(me + k) % sides for k in range(1, sides)]  # clockwise after the bidder
    best_other = max(totals[s] for s in others)
    written = list(totals)
    hanging_after = hanging_before
    bait_sides: list[int] = []
    if totals[me] > best_other:
        outcome = "made"
    elif totals[me] == best_other and hanging_bait:
        outcome = "hanging"
        written[me] = 0
        hanging_after += totals[me]
    else:
        outcome = "bait"
        bait_sides.append(me)
        written[me] = 0
        pts = totals[me]
        if players == 3:
            a, b = others
            if not three_player_half and totals[a] != totals[b]:
                written[a if totals[a] > totals[b] else b] += pts
            else:
                written[b] += pts // 2
                written[a] += pts - pts // 2
        else:
            written[others[0]] += pts
    if hanging_before:
        top = max(written)
        if written.count(top) == 1:
            written[written.index(top)] += hanging_before
            hanging_after -= hanging_before
    for s in range(sides):
        if bolt_penalty and tricks[s] == 0:
            written[s] -= bolt_penalty
        if s in bait_sides and third_bait_penalty and (baits_before[s] + 1) % 3 == 0:
            written[s] -= third_bait_penalty
    return RefScore(totals, written, outcome, hanging_after)
