"""Scoring one hand (RULES.md §7): a pure function from what happened to what is written.

Decisions where the rule texts are silent (seed 000 wins where it speaks):

- *Hanging bait* (option): when the bidder's side ties the best opponent, the opponents
  write their own points and the bidder's points are set aside. The side that scores the
  most at the table in a later hand (cards, last trick, melds, bella; a single highest)
  adds them; while hands keep
  tying for the most, they stay set aside, and a second hanging bait adds to them
  (seed 001, variant A). A hanging bait is not a bait for the every-third-bait penalty.
- *Bolt* (option): a side that took no trick loses ``bolt_penalty`` from what it writes,
  even when it is the bidder's side sitting on 0.
- *Every third bait* (option): the bait count is kept per side over the whole game; on the
  3rd, 6th, ... bait the side also loses ``third_bait_penalty``.
- Splitting a bait in half with 3 players: an odd point goes to the first opponent
  clockwise after the bidder.

Part 2 (RULES-VARIANTS.md):

- §9 ``bella_scoring``: the caller says which side writes bella's 20 (``bella_to``); in
  the contract comparison bella counts for its holder's side under every value (the
  rule's "bella counts in the contract comparison"; decided: for the holder, so that an
  uncredited bella still counts, and a bella written to the taker is not counted twice).
- §17 ``three_player_contract=sum``: the bidder compares with the defenders' sum; equal
  is a tie (hanging bait where on, otherwise a bait).
- §21 ``bolt_by_players`` and ``third_bait_repeat``.
- §20 ``hanging_repeat`` (with H14): a hand that ends in a new hanging bait awards no
  hanging points; under ``split`` (3 players) the points already hanging go to that
  hand's defenders in equal halves (an odd point to the first clockwise after the
  bidder); under ``add`` and ``queue`` they wait with the new amount. In any other hand
  the single side with the highest table total takes them: all under ``add``, the oldest
  amount under ``queue``.
- §19 ``visyak``: a tie (equal to the best opponent, or to the sum under §17) is the
  outcome ``visyak``: the opponents write their points, the bidder's side writes 0 (and
  any bolt) and its points go into the pool (:attr:`HandResult.visyak_pool`). In the
  висяк hand (``visyak_pool`` given) a make also writes the pool to the bidder's side
  (:attr:`SideScore.visyak_won`), a bait sends it with the bidder's points (in
  ``received``), another tie adds to it. A висяк is not a bait for the third-bait
  penalty; a bait in the висяк hand is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, Final

from .cards import Suit
from .rules import HangingRepeat, Rules, ThirdBaitRepeat, ThreePlayerBait, ThreePlayerContract

__all__ = [
    "BELLA_TO_HOLDER",
    "HandResult",
    "Outcome",
    "SideScore",
    "bolt_cost",
    "running_totals",
    "score_hand",
    "side_count",
    "side_of",
    "side_seats",
]

BELLA_TO_HOLDER: Final = -1
"""``score_hand(bella_to=...)``: bella's 20 go to the holder's side (seed 000)."""


class Outcome(StrEnum):
    MADE = "made"
    """The bidder's side scored more than each opposing side."""
    BAIT = "bait"
    """The bidder's side sat: it writes 0 and its points go to the opponents."""
    HANGING = "hanging"
    """Hanging-bait option: a tie; the bidder's points are set aside."""
    FIFTY = "fifty"
    """RULES-VARIANTS §26: the bidder accepted 50 without play; the other side writes 0
    (no melds, bolt or hanging points in that hand)."""
    VISYAK = "visyak"
    """RULES-VARIANTS §19: a tie; the opponents wrote their points, the bidder's side's
    went into the pool that the next hand (no bidding, the same bidder) plays for."""
    PLAYED = "played"
    """RULES-VARIANTS §25 ``one_hand``: no bait; each side wrote its table points."""
    CLAIMED = "claimed"
    """RULES-VARIANTS §22: a side reached the target mid-hand and won; each side wrote
    its points so far (no last trick, no penalties)."""


def side_of(seat: int, players: int, solo: bool = False) -> int:
    """The side a seat belongs to: its own with 2 or 3 players (or 4 ``solo``,
    RULES-VARIANTS §24), the pair (seat % 2) with 4."""
    return seat % 2 if players == 4 and not solo else seat


def side_seats(side: int, players: int, solo: bool = False) -> int:
    """The bit mask of the seats that play for ``side`` (:func:`side_of`)."""
    return sum(1 << seat for seat in range(players) if side_of(seat, players, solo) == side)


def side_count(players: int, solo: bool = False) -> int:
    return 2 if players == 4 and not solo else players


@dataclasses.dataclass(frozen=True, slots=True)
class SideScore:
    """One side's line on the score sheet for one hand."""

    side: int
    tricks: int
    card_points: int
    last_trick: int
    melds: int
    bella: int
    bait: bool
    """This side sat this hand (marked «Б» on the sheet)."""
    received: int
    """Points received from a sitting bidder's side."""
    hanging_won: int
    """Points set aside by an earlier hanging bait, collected this hand."""
    bolt: int
    """Penalty for taking no trick (0 or negative)."""
    bait_penalty: int
    """Penalty for every third bait (0 or negative)."""
    written: int
    """What the side writes for this hand: the change of its score."""
    pool_won: int = 0
    """RULES-VARIANTS §18: points of a pool kept for some seats, collected this hand."""
    visyak_won: int = 0
    """RULES-VARIANTS §19: the висяк pool, written by the bidder's side that made the
    висяк hand."""

    @property
    def total(self) -> int:
        """Points the side made at the table: cards + last trick + melds + bella."""
        return self.card_points + self.last_trick + self.melds + self.bella


_SIDE_FIELDS: Final = tuple(field.name for field in dataclasses.fields(SideScore))


@dataclasses.dataclass(frozen=True, slots=True)
class HandResult:
    hand_number: int
    dealer: int
    bidder: int
    bidder_side: int
    trump: Suit
    outcome: Outcome
    sides: tuple[SideScore, ...]
    hanging: int
    """Points set aside after this hand (hanging-bait option), waiting for a winner."""
    hanging_queue: tuple[int, ...] = ()
    """Under ``hanging_repeat=queue``: the amounts of :attr:`hanging`, oldest first."""
    pools: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """RULES-VARIANTS §18, H6: after this hand, the points kept for some seats only, as
    (points, seats), oldest first; apart from :attr:`hanging`."""
    visyak_pool: int = 0
    """RULES-VARIANTS §19: after a ``visyak`` outcome, the pool the next hand plays for
    (the bidder's points of every tie in a row); 0 otherwise."""

    def to_dict(self) -> dict[str, Any]:
        # Field by field rather than dataclasses.asdict, whose deep copy was most of the
        # cost of storing a game after every move (the sheet grows by a result a hand).
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "bidder": self.bidder,
            "bidder_side": self.bidder_side,
            "trump": int(self.trump),
            "outcome": self.outcome.value,
            "sides": [{name: getattr(side, name) for name in _SIDE_FIELDS} for side in self.sides],
            "hanging": self.hanging,
            "hanging_queue": list(self.hanging_queue),
            "pools": [[points, list(seats)] for points, seats in self.pools],
            "visyak_pool": self.visyak_pool,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandResult:
        return cls(
            hand_number=data["hand_number"],
            dealer=data["dealer"],
            bidder=data["bidder"],
            bidder_side=data["bidder_side"],
            trump=Suit(data["trump"]),
            outcome=Outcome(data["outcome"]),
            sides=tuple(SideScore(**side) for side in data["sides"]),
            hanging=data["hanging"],
            hanging_queue=tuple(data.get("hanging_queue", ())),
            pools=tuple((points, tuple(seats)) for points, seats in data.get("pools", ())),
            visyak_pool=data.get("visyak_pool", 0),
        )


def running_totals(sheet: Sequence[HandResult], sides: int) -> tuple[tuple[int, ...], ...]:
    """Each side's total after each hand of ``sheet``: what the score sheet shows to the
    right of each hand. A game won outright (klabor, debertz) may end above the last row:
    its end is not a hand result (RULES-VARIANTS H2)."""
    totals = [0] * sides
    rows = []
    for result in sheet:
        for line in result.sides:
            totals[line.side] += line.written
        rows.append(tuple(totals))
    return tuple(rows)


def score_hand(
    *,
    rules: Rules,
    players: int,
    hand_number: int,
    dealer: int,
    bidder: int,
    trump: Suit,
    card_points: tuple[int, ...],
    tricks: tuple[int, ...],
    last_trick_seat: int,
    meld_side: int | None,
    meld_points: int,
    bella_seat: int | None,
    hanging_before: int,
    baits_before: tuple[int, ...],
    bella_to: int | None = BELLA_TO_HOLDER,
    hanging_queue: tuple[int, ...] = (),
    meld_points_by_side: tuple[int, ...] | None = None,
    pools: tuple[tuple[int, tuple[int, ...]], ...] = (),
    visyak_pool: int = 0,
) -> HandResult:
    """Score a finished hand. Per-seat inputs are indexed by seat; the result by side.

    ``meld_side`` is the side holding the highest meld and ``meld_points`` all of that
    side's melds; with the ``melds_need_trick`` option they count only if that side took
    a trick. ``bella_to`` is the side that writes bella (None: nobody), as
    ``bella_scoring`` decides; by default the holder's side. ``hanging_queue`` is, under
    ``hanging_repeat=queue``, the amounts of ``hanging_before``, oldest first.
    ``meld_points_by_side``, when given, is what each side writes for melds, with
    ``melds_need_trick`` already applied (the game's way, which knows pooled defenders);
    it replaces ``meld_side`` and ``meld_points``. ``pools`` are the points kept for
    some seats (``richer_else_hang``) before this hand. ``visyak_pool`` is, in a висяк
    hand, the pool the bidder plays for (§19).
    """
    solo = rules.solo(players)
    count = side_count(players, solo)
    side_cards = [0] * count
    side_tricks = [0] * count
    for seat in range(players):
        side = side_of(seat, players, solo)
        side_cards[side] += card_points[seat]
        side_tricks[side] += tricks[seat]
    last = [0] * count
    last[side_of(last_trick_seat, players, solo)] = 10
    melds = [0] * count
    if meld_points_by_side is not None:
        melds = list(meld_points_by_side)
    elif meld_side is not None and (not rules.melds_need_trick or side_tricks[meld_side] > 0):
        melds[meld_side] = meld_points
    bella = [0] * count
    held = [0] * count
    if bella_seat is not None:
        held[side_of(bella_seat, players, solo)] = 20
        if bella_to == BELLA_TO_HOLDER:
            bella = list(held)
        elif bella_to is not None:
            bella[bella_to] = 20
    total = [side_cards[s] + last[s] + melds[s] + bella[s] for s in range(count)]
    compared = [side_cards[s] + last[s] + melds[s] + held[s] for s in range(count)]

    bidder_side = side_of(bidder, players, solo)
    opponents = [(bidder_side + k) % count for k in range(1, count)]
    if players == 3 and rules.three_player_contract is ThreePlayerContract.SUM:
        to_beat = sum(compared[s] for s in opponents)
    else:
        to_beat = max(compared[s] for s in opponents)
    written = list(total)
    received = [0] * count
    bait = [False] * count
    hanging_after = hanging_before
    visyak_won = [0] * count
    visyak_after = 0
    sat = total[bidder_side] + visyak_pool  # what a bait sends: the pool joins it
    if compared[bidder_side] > to_beat:
        outcome = Outcome.MADE
        visyak_won[bidder_side] = visyak_pool
        written[bidder_side] += visyak_pool
    elif compared[bidder_side] == to_beat and rules.hanging_bait:
        outcome = Outcome.HANGING
        written[bidder_side] = 0
        hanging_after += total[bidder_side]
    elif compared[bidder_side] == to_beat and rules.visyak:
        outcome = Outcome.VISYAK
        written[bidder_side] = 0
        visyak_after = sat
    else:
        outcome = Outcome.BAIT
        bait[bidder_side] = True
        written[bidder_side] = 0
        new_pool = _hangs_for_defenders(rules, players, total, opponents)
        if not new_pool:
            for side, share in _bait_shares(rules, players, total, sat, opponents):
                received[side] += share
                written[side] += share

    pool_won = [0] * count
    pools_after: list[tuple[int, tuple[int, ...]]] = []
    for points, seats in pools:
        top = max(total[s] for s in seats)
        leaders = [s for s in seats if total[s] == top]
        if len(leaders) == 1:
            pool_won[leaders[0]] += points
            written[leaders[0]] += points
        else:
            pools_after.append((points, seats))
    kept_for = _hangs_for_defenders(rules, players, total, opponents)
    if outcome is Outcome.BAIT and kept_for:
        pools_after.append((sat, kept_for))

    hanging_won = [0] * count
    repeat = rules.hanging_repeat
    queue = list(hanging_queue) if repeat is HangingRepeat.QUEUE else []
    if repeat is HangingRepeat.QUEUE and hanging_before and not queue:
        queue = [hanging_before]
    if outcome is Outcome.HANGING:
        new_amount = total[bidder_side]
        if repeat is HangingRepeat.SPLIT and players == 3 and hanging_before:
            first, second = opponents
            half = hanging_before // 2
            for side, share in ((first, hanging_before - half), (second, half)):
                hanging_won[side] += share
                written[side] += share
            hanging_after -= hanging_before
        if repeat is HangingRepeat.QUEUE:
            queue.append(new_amount)
    elif hanging_before:
        # "Scores most": the points made at the table, not what is written, which a bait
        # distorts.
        top = max(total)
        leaders = [s for s in range(count) if total[s] == top]
        if len(leaders) == 1:
            won = queue.pop(0) if queue else hanging_before
            hanging_won[leaders[0]] = won
            written[leaders[0]] += won
            hanging_after -= won

    bolt = [0] * count
    bait_penalty = [0] * count
    bolt_amount = bolt_cost(rules, players)
    for side in range(count):
        if bolt_amount and side_tricks[side] == 0:
            bolt[side] = -bolt_amount
        if bait[side] and rules.third_bait_penalty and _penalized(rules, baits_before[side] + 1):
            bait_penalty[side] = -rules.third_bait_penalty
        written[side] += bolt[side] + bait_penalty[side]

    return HandResult(
        hand_number=hand_number,
        dealer=dealer,
        bidder=bidder,
        bidder_side=bidder_side,
        trump=trump,
        outcome=outcome,
        sides=tuple(
            SideScore(
                side=s,
                tricks=side_tricks[s],
                card_points=side_cards[s],
                last_trick=last[s],
                melds=melds[s],
                bella=bella[s],
                bait=bait[s],
                received=received[s],
                hanging_won=hanging_won[s],
                bolt=bolt[s],
                bait_penalty=bait_penalty[s],
                written=written[s],
                pool_won=pool_won[s],
                visyak_won=visyak_won[s],
            )
            for s in range(count)
        ),
        hanging=hanging_after,
        hanging_queue=tuple(queue),
        pools=tuple(pools_after),
        visyak_pool=visyak_after,
    )


def bolt_cost(rules: Rules, players: int) -> int:
    """What a side that took no trick loses (0: no bolt penalty); §21 by players: 50
    with 2 players or 4 solo, 100 with 3 or 4 in pairs."""
    if rules.bolt_by_players:
        return 100 if players == 3 or rules.in_pairs(players) else 50
    return rules.bolt_penalty


def _penalized(rules: Rules, bait_number: int) -> bool:
    """Whether a side's ``bait_number``-th bait costs ``third_bait_penalty``."""
    repeat = rules.third_bait_repeat
    if repeat is ThirdBaitRepeat.THIRD_AND_LATER:
        return bait_number >= 3
    if repeat is ThirdBaitRepeat.THIRD_ONLY:
        return bait_number == 3
    return bait_number % 3 == 0


def _richest(total: list[int], opponents: list[int]) -> list[int]:
    """The opponents with the most table points, clockwise from the bidder."""
    top = max(total[s] for s in opponents)
    return [s for s in opponents if total[s] == top]


def _hangs_for_defenders(
    rules: Rules, players: int, total: list[int], opponents: list[int]
) -> tuple[int, ...]:
    """``richer_else_hang`` with tied richest defenders (3 players, or 4 solo): the
    seats the bait is kept for; empty when it is not kept."""
    if len(opponents) < 2 or rules.three_player_bait is not ThreePlayerBait.RICHER_ELSE_HANG:
        return ()
    richest = _richest(total, opponents)
    return tuple(richest) if len(richest) > 1 else ()


def _bait_shares(
    rules: Rules, players: int, total: list[int], points: int, opponents: list[int]
) -> list[tuple[int, int]]:
    """Where a sitting bidder's ``points`` go: (side, points) pairs. With several opponents
    (3 players, 4 solo) to the richest; tied richest, or ``half``, share equally, the
    remainder one point each clockwise from the bidder."""
    if len(opponents) == 1:
        return [(opponents[0], points)]
    if rules.three_player_bait is ThreePlayerBait.HALF:
        takers = opponents
    else:
        takers = _richest(total, opponents)
    share, extra = divmod(points, len(takers))
    return [(side, share + (1 if k < extra else 0)) for k, side in enumerate(takers)]
