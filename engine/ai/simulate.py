"""Finishing a determinized hand with the rule-based players, for search's estimates.

A determinized :class:`~engine.Game` (every hand known, from
:func:`~engine.ai.infer.resample`) is continued through bidding and the trump-seven
decision with :mod:`engine.ai.bidding`, then played out on masks with
:mod:`engine.ai.policy`, its last tricks (or all) exactly if asked (:class:`ExactPlay`:
the solver of :mod:`engine.ai.solver`, or one side's best response to the rules,
:mod:`engine.ai.response`), and the end is scored with the real hand scoring.
"""

from __future__ import annotations

from typing import Final

from engine.actions import Action
from engine.events import Event, GameOver, HandScored, Redeal
from engine.game import Game, Phase
from engine.legal import PlayRules

from .bidding import choose_bid, choose_exchange, choose_fifty, choose_redeal_claim
from .bits import POINTS_BY_TRUMP
from .infer import meld_layout
from .outlook import Outlook
from .response import BestResponse
from .rollout import DEBERTZ_VALUE, HandFrame, play_out, written_worth
from .solver import LAST_TRICK, Solver, decode

__all__ = [
    "ExactPlay",
    "credit_group",
    "ended_worth",
    "frame_of",
    "simulate_hand",
    "solve_rest",
]


def solve_rest(
    solver: Solver | BestResponse,
    hands: list[int],
    leader: int,
    trick: list[int],
    side_seats: int,
    n: int,
    trump: int,
    card_points: list[int],
    tricks: list[int],
    *,
    pairs: bool,
) -> int:
    """Solve the rest of the hand for ``side_seats`` (the bit mask of the seats the
    solver plays for) and credit the points to seats; returns the seat that takes the
    last trick. The solver tells only what each group of seats takes in all: see
    :func:`credit_group` for how a group's points are shared out; ``pairs``: 4 players
    in pairs, where each group is one side."""
    points_table = POINTS_BY_TRUMP[trump]
    remaining = 0
    for hand in hands:
        mask = hand
        while mask:
            low = mask & -mask
            remaining += points_table[low.bit_length() - 1]
            mask ^= low
    for index in trick:
        remaining += points_table[index]
    taken, side_last = decode(solver.value(hands, leader, trick))
    side_points = taken - LAST_TRICK if side_last else taken
    others = ((1 << n) - 1) ^ side_seats
    side_taker = credit_group(side_seats, side_points, side_last, card_points, tricks, pairs=pairs)
    others_taker = credit_group(
        others, remaining - side_points, not side_last, card_points, tricks, pairs=pairs
    )
    return side_taker if side_last else others_taker


def credit_group(
    seats: int,
    points: int,
    takes_last: bool,
    card_points: list[int],
    tricks: list[int],
    *,
    pairs: bool,
) -> int:
    """Credit the card points a group of seats (a bit mask) took, and a trick to each
    seat that took some, not knowing who of them took what; returns the seat credited
    with the last trick if the group took it (the group's first seat). With ``pairs``
    (4 players in pairs) the group is one side and its first seat takes all. Otherwise
    its seats are sides of their own (the defenders of 3 players, or of 4 solo players,
    who score like 3) and share evenly, the last trick's 10 counted, so that none of
    them is guessed to get the bait when it goes to the defender with more points."""
    members = [seat for seat in range(len(card_points)) if seats >> seat & 1]
    first = members[0]
    if len(members) == 1 or pairs:
        card_points[first] += points
        if points or takes_last:
            tricks[first] += 1
        return first
    bonus = LAST_TRICK if takes_last else 0
    first_share = max(0, (points + bonus) // len(members) - bonus)
    rest = points - first_share
    others = members[1:]
    shares = [first_share]
    shares += [rest // len(others) + (i < rest % len(others)) for i in range(len(others))]
    for seat, share in zip(members, shares, strict=True):
        card_points[seat] += share
        if share or (takes_last and seat == first):
            tricks[seat] += 1
    return first


_RESPONSES_KEPT: Final = 16
"""Best responses an :class:`ExactPlay` keeps. One serves the positions of one deal with
the same cards played before it (its rule-based seats read them), which the candidates
of one deal share and the next deal almost never does: kept for every deal of a
decision, their tables would grow with the deals."""


class ExactPlay:
    """Plays a determinized hand's last tricks exactly, from the first trick that starts
    with no more than ``cards`` cards in hand and no fewer than ``tricks`` tricks played;
    :func:`simulate_hand` plays the tricks before with the rule-based policy (none when
    ``cards`` covers the whole hand and ``tricks`` is 0).

    Exactly means for the bidder's side against the others, every seat at its best, or,
    with ``responder`` (a bit mask of seats), for those seats at their best against the
    others played by the rule-based policy (:class:`~engine.ai.response.BestResponse`):
    what the responder's side can take from players of the rules.

    Keep one for the deals of a decision: it keeps its solvers, so the positions that
    the candidates of one deal reach in common (a pass and a bid that end in the same
    contract) are solved once."""

    __slots__ = ("_responses", "_solvers", "cards", "responder", "rules", "tricks")

    def __init__(
        self, cards: int, rules: PlayRules, *, responder: int = 0, tricks: int = 0
    ) -> None:
        if cards < 1:
            raise ValueError(f"the exact play needs at least 1 card in hand, not {cards}")
        if tricks < 0:
            raise ValueError(f"the exact play starts after a number of tricks, not {tricks}")
        self.cards = cards
        self.rules = rules
        self.responder = responder
        self.tricks = tricks
        self._solvers: dict[tuple[int, int, int], Solver] = {}
        self._responses: dict[tuple[object, ...], BestResponse] = {}

    def until(self, held: int) -> int:
        """The cards in hand from which the exact play starts, when the play starts with
        ``held`` cards in each hand."""
        return min(self.cards, held - self.tricks)

    def finish(
        self,
        hands: list[int],
        trump: int,
        leader: int,
        side_seats: int,
        card_points: list[int],
        tricks: list[int],
        *,
        bidder: int,
        gone: int,
        voids: list[int],
    ) -> int:
        """Play the rest of the hand from the start of a trick, ``leader`` to lead,
        crediting ``card_points`` and ``tricks``; returns the seat that takes the last
        trick. ``side_seats``: the bit mask of the bidder's side; ``gone``: the cards in
        no hand now; ``voids``: per seat, the cards the table knows it lacks (the
        rule-based seats read both). Raises ``ValueError`` when the leader holds more
        than :attr:`cards` cards."""
        held = hands[leader].bit_count()
        if held > self.cards:
            raise ValueError(f"{held} cards in hand: the exact play starts from {self.cards}")
        n = len(hands)
        rules = self.rules
        solver: Solver | BestResponse
        if self.responder:
            side_seats = self.responder
            key = (trump, bidder, gone, *voids)
            response = self._responses.get(key)
            if response is None:
                if len(self._responses) >= _RESPONSES_KEPT:
                    self._responses.clear()
                response = self._responses[key] = BestResponse(
                    n, trump, side_seats, rules, gone=gone, voids=voids, bidder=bidder
                )
            solver = response
        else:
            known = self._solvers.get((n, trump, side_seats))
            if known is None:
                known = self._solvers[n, trump, side_seats] = Solver(
                    n, trump, side_seats, overtrump=rules
                )
            solver = known
        return solve_rest(
            solver, hands, leader, [], side_seats, n, trump, card_points, tricks,
            pairs=rules.pairs,
        )  # fmt: skip


def frame_of(game: Game, baits: tuple[int, ...], outlook: Outlook | None = None) -> HandFrame:
    """The scoring frame of a game whose trump is chosen; ``baits`` counts each side's
    baits so far (the game's sheet may have been left out for speed); ``outlook`` as
    for :class:`HandFrame`."""
    assert game.bidder is not None
    assert game.trump is not None
    return HandFrame(
        rules=game.rules,
        players=game.players,
        hand_number=game.hand_number,
        dealer=game.dealer,
        bidder=game.bidder,
        trump=int(game.trump),
        hanging=game.hanging,
        baits=baits,
        visyak_pool=game.visyak_pool,
        scores=game.scores,
        outlook=outlook,
    )


def ended_worth(
    events: list[Event], side: int, frame: tuple[tuple[int, ...], Outlook | None]
) -> float | None:
    """The hand's worth to ``side`` when these events ended it: nothing written for a
    redeal, the written points of a scored hand (after the play, or without it: the
    50-point offer), the game's end for a klabor; None when the hand goes on. ``frame``:
    the scores before the hand and the outlook, as
    :func:`~engine.ai.rollout.written_worth` takes them."""
    for event in events:
        if type(event) is Redeal:
            return written_worth(side, [0] * len(frame[0]), *frame)
        if isinstance(event, HandScored):
            written = [line.written for line in event.result.sides]
            return written_worth(side, written, *frame)
        if isinstance(event, GameOver):
            return DEBERTZ_VALUE if event.winner == side else -DEBERTZ_VALUE
    return None


def simulate_hand(
    game: Game,
    side: int,
    first: Action | None = None,
    baits: tuple[int, ...] | None = None,
    outlook: Outlook | None = None,
    exact: ExactPlay | None = None,
) -> float:
    """Apply ``first`` (if given), finish the hand with the rule-based players and
    return what it is worth to ``side``. A redeal is worth 0 (with an ``outlook``, what
    the scores are worth now). ``game`` is changed.

    ``baits`` are the sides' bait counts before this hand (default: none); ``outlook``
    as for :class:`~engine.ai.rollout.HandFrame`; ``exact``, when given, plays the
    hand's last tricks exactly (:class:`ExactPlay`)."""
    before = (game.scores, outlook)
    if first is not None:
        ended = ended_worth(game.apply(first), side, before)
        if ended is not None:
            return ended
    n = game.players
    rules = game.rules
    while game.phase is not Phase.PLAY and game.phase is not Phase.FINISHED:
        seat = game.to_act
        assert seat is not None
        if game.phase is Phase.BIDDING:
            assert game.proposed is not None
            action = choose_bid(
                game.hand_mask(seat),
                game.legal_actions(),
                game.proposed.index,
                seat,
                game.dealer,
                n,
                rules,
            )
        elif game.phase is Phase.FIFTY_OFFER:
            assert game.trump is not None
            offered = seat == game.bidder
            action = choose_fifty(game.hand_mask(seat), int(game.trump), offered, rules)
        elif game.phase is Phase.REDEAL_CLAIMS:
            assert game.trump is not None
            assert game.bidder is not None
            bidder_side = game.side_of(seat) == game.side_of(game.bidder)
            action = choose_redeal_claim(
                game.hand_mask(seat), int(game.trump), bidder_side, n, rules
            )
        else:
            assert game.trump is not None
            assert game.proposed is not None
            hand = game.hand_mask(seat)
            answer = game.view(seat).seven_meld_answer if rules.seven_meld_query else None
            action = choose_exchange(hand, int(game.trump), game.proposed.index, rules, answer)
        ended = ended_worth(game.apply(action), side, before)
        if ended is not None:
            return ended
    if game.phase is not Phase.PLAY:
        return written_worth(side, [0] * game.sides, *before)
    frame = frame_of(game, baits if baits is not None else (0,) * game.sides, outlook)
    hands = [game.hand_mask(seat) for seat in range(n)]
    leader = game.to_act
    assert leader is not None
    layout = meld_layout(
        hands, frame.trump, leader, rules, game.dealer, frame.bidder, melds=not frame.visyak_pool
    )
    gone = 0
    if n < 4:
        # the face-up card is seen by all; after an exchange, the seven lies in its place
        assert game.proposed is not None
        gone = game.proposed.mask
        if game.proposed_holder is not None:
            gone = 0  # §5: the bidder holds it
        elif any(hand & gone for hand in hands):
            gone = 1 << (frame.trump * 8)
        if game.freza is not None:
            gone |= game.freza.mask
        for card in game.refused:
            gone |= card.mask
    card_points = [0] * n
    tricks = [0] * n
    voids = [0] * n
    dealt = _union(hands)
    last = play_out(
        hands,
        frame.trump,
        leader,
        [],
        card_points,
        tricks,
        gone,
        voids,
        frame.bidder,
        PlayRules.of(rules, n),
        0 if exact is None else exact.until(hands[leader].bit_count()),
    )
    if exact is not None and hands[last]:
        gone |= dealt & ~_union(hands)
        last = exact.finish(
            hands, frame.trump, last, game.seats_beside(frame.bidder), card_points, tricks,
            bidder=frame.bidder, gone=gone, voids=voids,
        )  # fmt: skip
    return frame.utility(side, layout, card_points, tricks, last)


def _union(hands: list[int]) -> int:
    cards = 0
    for hand in hands:
        cards |= hand
    return cards
