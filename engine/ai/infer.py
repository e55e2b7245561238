"""What one seat can infer about the hidden cards, and dealing them consistently.

:func:`knowledge` reads a :class:`~engine.view.PlayerView` into constraints: cards whose
place is known, suits a seat showed it lacks (it did not follow, or did not trump when it
had to), trumps it cannot hold (it did not overtrump when it had to), melds announced by
kind and height, the winning melds shown with their cards, bella, hand sizes and the
unseen stock. :meth:`Knowledge.sample` deals the hidden cards at random so that every
constraint holds; :func:`resample` wraps a sample into a whole :class:`~engine.Game`
(OpenSpiel's ``ResampleFromInfostate``): the resampled game gives the seat exactly the
view it was built from.

Only what the rules make certain is read here; bids say something about hands too, but
only under a model of how a seat bids (:mod:`engine.ai.evidence`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any, Final

from engine.actions import Pass
from engine.cards import Rank, mask_of
from engine.game import SCHEMA_VERSION, Game, Phase
from engine.legal import PlayRules, shown_lacking
from engine.melds import Meld, find_melds, has_bella, rank_melds, wins_game
from engine.rules import BellaAnnouncement, Rules
from engine.scoring import side_of
from engine.view import PlayerView

from .bits import FULL, STRENGTH

__all__ = [
    "Deal",
    "Knowledge",
    "MeldLayout",
    "game_state",
    "knowledge",
    "meld_layout",
    "resample",
    "stock_order",
]

_MAX_ATTEMPTS: Final = 400
"""Deals tried before the meld constraints are relaxed (they fail only on rare, very
tight announcements; every other constraint is met by construction)."""

_MeldSig = tuple[tuple[int, int], ...]
"""A hand's melds as sorted (kind, top rank) pairs: what the table hears."""


@dataclasses.dataclass(frozen=True, slots=True)
class Deal:
    """One full assignment of the cards a seat cannot see.

    ``hands`` are every seat's cards now (the seat's own included); ``stock`` the cards in
    no hand, in dealing order where that matters (2-3 players before the extra cards).
    """

    hands: tuple[int, ...]
    stock: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class MeldLayout:
    """What the hands at the start of the play mean for scoring: the side holding the
    highest meld (None: nobody has one), all of that side's meld points, the seat with
    bella (None: nobody), and with the ``debertz_wins`` option the side whose run of
    seven wins the game at its first card (None: nobody)."""

    side: int | None
    points: int
    bella: int | None
    debertz: int | None = None
    pooled: tuple[tuple[int, int], ...] = ()
    """With ``defenders_pool_melds`` and the defenders' melds winning: (seat, meld
    points) of both defenders, each writing his own (:attr:`points` is their sum)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Knowledge:
    """Constraints on the hidden cards as one seat knows them; card sets are masks."""

    seat: int
    players: int
    rules: Rules
    trump: int
    """The trump suit, or -1 before it is chosen."""
    leader: int
    """Who leads the first trick (-1 before the play)."""
    fixed: tuple[int, ...]
    """Per seat: cards known to be in that hand now (the seat's own hand included)."""
    counts: tuple[int, ...]
    """Per seat: how many hidden cards that hand holds (0 for the seat itself)."""
    forbidden: tuple[int, ...]
    """Per seat: cards that hand cannot hold."""
    hidden: int
    """Cards whose place the seat does not know: other hands and the stock."""
    stock_size: int
    """How many hidden cards lie in no hand (the stock, or out of play)."""
    played_by: tuple[int, ...]
    """Per seat: cards played this hand, for the hands at the start of the play."""
    gone: int
    """Cards known to be in no hand: played ones and the face-up card(s) out of play."""
    announced: tuple[_MeldSig | None, ...]
    """Per seat: the melds announced (None until that seat plays its first card)."""
    shown: tuple[tuple[int, tuple[int, int, int]], ...]
    """The winning melds shown after the first trick: (seat, (suit, top, length))."""
    meld_side: int | None
    """The side that won the melds, once shown; None before or when nobody had one."""
    melds_known: bool
    """The first trick is over, so the winning melds (or their absence) are public."""
    dealer: int = -1
    """The dealer of the hand (-1: unknown), for ``meld_tie=deal_order``."""
    bidder: int | None = None
    """The bidder once trump is chosen, for ``defenders_pool_melds``."""
    _found: dict[int, tuple[Meld, ...]] = dataclasses.field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Melds by hand, as :meth:`melds` found them."""
    _heard: dict[int, _MeldSig | None] = dataclasses.field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """What the table hears of a hand's melds by hand (None: a game-winning run)."""

    def melds(self, hand: int) -> tuple[Meld, ...]:
        """:func:`engine.melds.find_melds` of ``hand`` under these rules, remembered:
        search asks it of the same hands (its own, the placed runs) deal after deal."""
        found = self._found.get(hand)
        if found is None:
            found = self._found[hand] = find_melds(hand, self.rules, self.players)
        return found

    def sample(self, rng: random.Random) -> Deal:
        """A random deal consistent with every constraint.

        Voids, trump caps, known cards and sizes always hold. Melds are placed first
        and then checked; after many failed tries the meld check is dropped rather than
        searching forever (announced melds that tight are very rare).
        """
        for _ in range(_MAX_ATTEMPTS):
            deal = self._try(rng, melds=True)
            if deal is not None and self.consistent(deal):
                return deal
        for _ in range(_MAX_ATTEMPTS):
            deal = self._try(rng, melds=False)
            if deal is not None:
                return deal
        return self._search()

    def _search(self) -> Deal:
        """A deal meeting the card constraints, found by backtracking: the last resort
        when random dealing keeps running into dead ends."""
        n = self.players
        places = [s for s in range(n) if s != self.seat and self.counts[s]]
        room = {s: self.counts[s] for s in places}
        room[n] = self.stock_size
        cards = [i for i in range(32) if self.hidden >> i & 1]
        options = {
            card: [s for s in places if not self.forbidden[s] >> card & 1] + [n] for card in cards
        }
        cards.sort(key=lambda card: len(options[card]))
        where: dict[int, int] = {}

        def place(k: int) -> bool:
            if k == len(cards):
                return True
            card = cards[k]
            for spot in options[card]:
                if room[spot]:
                    room[spot] -= 1
                    where[card] = spot
                    if place(k + 1):
                        return True
                    room[spot] += 1
            return False

        if not place(0):
            raise ValueError("the view's constraints admit no deal")
        hands = list(self.fixed)
        stock = []
        for card, spot in where.items():
            if spot == n:
                stock.append(card)
            else:
                hands[spot] |= 1 << card
        return Deal(tuple(hands), tuple(stock))

    def consistent(self, deal: Deal) -> bool:
        """Whether a deal would give every announcement and shown meld seen so far."""
        rules = self.rules
        start = [deal.hands[s] | self.played_by[s] for s in range(self.players)]
        for seat, wanted in enumerate(self.announced):
            if wanted is None or seat == self.seat:
                continue
            hand = start[seat]
            if hand in self._heard:
                heard = self._heard[hand]
            else:
                melds = self.melds(hand)
                winning = any(wins_game(m, rules) for m in melds)
                heard = self._heard[hand] = None if winning else _signature(melds)
            if heard != wanted:
                return False
        if self.melds_known:
            dealer = self.dealer if self.dealer >= 0 else None
            layout = meld_layout(
                start, self.trump, self.leader, rules, dealer, self.bidder, melds_of=self.melds
            )
            if layout.side != self.meld_side:
                return False
            for seat, (suit, top, length) in self.shown:
                if not any(
                    m.suit == suit and m.top == top and m.length == length
                    for m in self.melds(start[seat])
                ):
                    return False
        return True

    def _try(self, rng: random.Random, *, melds: bool) -> Deal | None:
        n = self.players
        hands = list(self.fixed)
        counts = list(self.counts)
        forbidden = list(self.forbidden)
        pool = self.hidden
        if melds:
            for seat, wanted in enumerate(self.announced):
                if not wanted or seat == self.seat:
                    continue
                placed = self._place_melds(seat, wanted, pool, hands, counts, forbidden, rng)
                if placed is None:
                    return None
                pool &= ~placed
        stock = _assign(pool, hands, counts, forbidden, self.stock_size, self.seat, n, rng)
        if stock is None:
            return None
        rng.shuffle(stock)  # with 2-3 players before the extra cards, order is who gets what
        return Deal(tuple(hands), tuple(stock))

    def _place_melds(
        self,
        seat: int,
        wanted: _MeldSig,
        pool: int,
        hands: list[int],
        counts: list[int],
        forbidden: list[int],
        rng: random.Random,
    ) -> int | None:
        """Put the cards of a seat's announced runs into its hand, choosing suits at
        random where the announcement does not tell; also forbid the cards that would
        lengthen those runs. Returns the hidden cards placed, or None on a dead end."""
        rules = self.rules
        own = hands[seat] | self.played_by[seat]
        placed = 0
        used = 0  # cards claimed by runs placed so far, with their neighbours
        for kind, top in wanted:
            length = 3 if kind == 1 else (4 if kind == 2 else 5)
            hundreds = rules.hundred and not (rules.hundred_four_only and self.players != 4)
            exact = kind == 1 or (kind == 2 and hundreds)
            options = []
            if top - length + 1 < 0:
                return None
            for suit in range(4):
                run = ((1 << length) - 1) << (suit * 8 + top - length + 1)
                if run & used:
                    continue
                needed = run & ~own
                if needed & ~(pool & ~forbidden[seat]):
                    continue
                if needed.bit_count() > counts[seat]:
                    continue
                fence = _fence_mask(suit, top, length, exact)
                if fence & own:
                    continue
                options.append((needed == 0, suit, run, needed, fence))
            if not options:
                return None
            ready = [option for option in options if option[0]]
            _, suit, run, needed, fence = ready[0] if ready else rng.choice(options)
            hands[seat] |= needed
            own |= needed
            counts[seat] -= needed.bit_count()
            placed |= needed
            pool &= ~needed
            forbidden[seat] |= fence
            used |= run | fence
        return placed


def _signature(melds: tuple[Meld, ...]) -> _MeldSig:
    return tuple(sorted((int(m.kind), int(m.top)) for m in melds))


def _fence_mask(suit: int, top: int, length: int, exact: bool) -> int:
    """The cards that must be missing for the run to end where it was announced."""
    fence = 0
    if top < Rank.ACE:
        fence |= 1 << (suit * 8 + top + 1)
    low = top - length + 1
    if exact and low > 0:
        fence |= 1 << (suit * 8 + low - 1)
    return fence


_INDICES: Final = tuple(
    tuple(tuple(suit * 8 + rank for rank in range(8) if byte >> rank & 1) for byte in range(256))
    for suit in range(4)
)
"""``_INDICES[suit][byte]``: the card indices of a suit's byte of a mask, in order."""


def _assign(
    pool: int,
    hands: list[int],
    counts: list[int],
    forbidden: list[int],
    stock_size: int,
    me: int,
    n: int,
    rng: random.Random,
) -> list[int] | None:
    """Deal the cards of ``pool`` into the open places of ``hands`` and the stock.

    Constrained cards go first, each to a place drawn in proportion to the room left
    among the places it may go to; the free cards then fill what is left uniformly.
    Returns the stock's cards, or None when the greedy deal ran into a dead end.
    """
    room = list(counts)
    room.append(stock_size)
    restricted: list[tuple[int, int, list[int]]] = []
    free: list[int] = []
    any_forbidden = 0
    for seat in range(n):
        if seat != me and room[seat]:
            any_forbidden |= forbidden[seat]
    mask = pool & any_forbidden
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        mask ^= low
        places = [
            seat for seat in range(n) if seat != me and room[seat] and not forbidden[seat] & low
        ]
        places.append(n)
        restricted.append((len(places), index, places))
    free_mask = pool & ~any_forbidden
    for suit in range(4):
        byte = free_mask >> 8 * suit & 255
        if byte:
            free.extend(_INDICES[suit][byte])
    restricted.sort()
    stock: list[int] = []
    for _, index, places in restricted:
        total = 0
        for place in places:
            total += room[place]
        if total == 0:
            return None
        pick = rng.randrange(total)
        for place in places:
            pick -= room[place]
            if pick < 0:
                break
        room[place] -= 1
        if place == n:
            stock.append(index)
        else:
            hands[place] |= 1 << index
    rng.shuffle(free)
    position = 0
    for seat in range(n):
        take = room[seat] if seat != me else 0
        if take:
            dealt = hands[seat]
            for index in free[position : position + take]:
                dealt |= 1 << index
            hands[seat] = dealt
            position += take
    if len(free) - position != room[n]:
        return None
    stock.extend(free[position:])
    return stock


def meld_layout(
    start_hands: list[int],
    trump: int,
    leader: int,
    rules: Rules,
    dealer: int | None = None,
    bidder: int | None = None,
    *,
    melds: bool = True,
    melds_of: Callable[[int], tuple[Meld, ...]] | None = None,
) -> MeldLayout:
    """Who scores melds and bella, from the hands as they were at the start of the play
    (RULES.md §5 through :func:`engine.melds.rank_melds`, as :class:`engine.Game` does).

    ``dealer`` defaults to the seat before ``leader``; ``bidder`` is needed for
    ``defenders_pool_melds`` (without it the option is not applied); ``melds_of``, if
    given, finds a hand's melds under ``rules`` (a remembering
    :meth:`Knowledge.melds`). A tie that
    ``meld_tie=last_trick`` leaves to the last trick is counted for the first to play
    among the tied: a simplification of the utility, not of the rules. ``melds=False``
    (a висяк hand, RULES-VARIANTS §19): only bella."""
    n = len(start_hands)
    sides = [side_of(seat, n, rules.solo(n)) for seat in range(n)]
    pool = rules.defenders_pool_melds and n == 3 and bidder is not None
    groups = [int(seat != bidder) for seat in range(n)] if pool else sides
    if not melds:
        found: list[tuple[Meld, ...]] = [() for _ in start_hands]
    elif melds_of is not None:
        found = [melds_of(hand) for hand in start_hands]
    else:
        found = [find_melds(hand, rules, n) for hand in start_hands]
    bella = None
    debertz = None
    for offset in range(n):
        seat = (leader + offset) % n
        if debertz is None and any(wins_game(m, rules) for m in found[seat]):
            debertz = sides[seat]
        if has_bella(start_hands[seat], trump):
            bella = seat
    ranking = rank_melds(
        found,
        trump,
        rules,
        first_leader=leader,
        dealer=(leader - 1) % n if dealer is None else dealer,
        side_of_seat=groups,
    )
    if ranking.seat is None:
        return MeldLayout(None, 0, bella, debertz)
    group = groups[ranking.seat]
    seats = tuple(seat for seat in range(n) if groups[seat] == group)
    points = sum(m.points for seat in seats for m in found[seat])
    pooled = tuple((seat, sum(m.points for m in found[seat])) for seat in seats)
    return MeldLayout(sides[seats[0]], points, bella, debertz, pooled if pool else ())


def hand_plays(view: PlayerView) -> list[tuple[tuple[int, int], ...]]:
    """The tricks of the hand so far, the open one last: (seat, card index) in playing
    order."""
    plays = [tuple((seat, card.index) for seat, card in record.plays) for record in view.tricks]
    if view.trick:
        plays.append(tuple((seat, card.index) for seat, card in view.trick))
    return plays


def knowledge(view: PlayerView) -> Knowledge:
    """Read what ``view.seat`` knows about the hidden cards into constraints."""
    if view.seat is None:
        raise ValueError("a public view has no seat to infer for")
    n = view.players
    me = view.seat
    rules = view.rules
    trump = int(view.trump) if view.trump is not None else -1
    own = mask_of(view.hand)
    fixed = [0] * n
    fixed[me] = own
    forbidden = [0] * n
    played_by = [0] * n
    gone = 0

    play = PlayRules.of(rules, n)
    for trick in hand_plays(view):
        led = trick[0][1] >> 3
        best_trump = -1
        best_seat = -1
        for position, (seat, index) in enumerate(trick):
            played_by[seat] |= 1 << index
            gone |= 1 << index
            if position:
                partner = n == 4 and best_seat == (seat + 2) % 4
                forbidden[seat] |= shown_lacking(
                    led, index, trump, best_trump,
                    duty=play.duty(led, trump, best_trump, partner), must_trump=play.must_trump,
                )  # fmt: skip
            if index >> 3 == trump and (
                best_trump < 0 or STRENGTH[trump][index] > STRENGTH[trump][best_trump]
            ):
                best_trump = index
                best_seat = seat

    for seat, card in view.known_cards:
        fixed[seat] |= card.mask
    for card in view.refused:
        gone |= card.mask  # §2: set aside face up, out of play
    if view.proposed is not None and n < 4 and view.proposed_holder is None:
        if view.seven_exchanger is not None and view.trump is not None:
            gone |= 1 << (trump * 8 + Rank.SEVEN)  # the seven lies face up in its place
        else:
            gone |= view.proposed.mask
    if view.freza is not None:
        gone |= view.freza.mask  # face up, out of play: never resampled into a hand
    if (
        n == 4
        and view.proposed is not None
        and view.phase is Phase.BIDDING
        and view.hand_sizes[view.dealer] < 8
    ):
        # six_then_two before the packet of 2: the proposed card waits for the dealer.
        # Once the play has begun the dealer's hand shrinks below 8 again, and the card
        # is his (known to all) until he plays it.
        gone |= view.proposed.mask
    if view.phase is Phase.EXCHANGE and view.to_act is not None:
        fixed[view.to_act] |= 1 << (trump * 8 + Rank.SEVEN)
    if trump >= 0 and rules.bella_announcement is BellaAnnouncement.FIRST:
        king = 1 << (trump * 8 + Rank.KING)
        queen = 1 << (trump * 8 + Rank.QUEEN)
        if view.bella is None:
            for seat in range(n):
                if played_by[seat] & king:
                    forbidden[seat] |= queen
                if played_by[seat] & queen:
                    forbidden[seat] |= king
        else:
            fixed[view.bella] |= (king | queen) & ~gone

    shown: list[tuple[int, tuple[int, int, int]]] = []
    for seat, meld in view.winning_melds:
        shown.append((seat, (int(meld.suit), int(meld.top), meld.length)))
        forbidden[seat] |= _fence_mask(int(meld.suit), int(meld.top), meld.length, True)
    announced_by = dict(view.melds_announced)
    announced: list[_MeldSig | None] = [None] * n
    for seat in range(n):
        if played_by[seat] and not view.visyak_pool:  # a висяк hand announces no melds
            announced[seat] = tuple(
                sorted((int(a.kind), int(a.top)) for a in announced_by.get(seat, ()))
            )

    for seat in range(n):
        if seat != me:
            fixed[seat] &= ~own
    located = own | gone
    for seat in range(n):
        located |= fixed[seat]
    hidden = FULL & ~located
    counts = [0] * n
    for seat in range(n):
        if seat != me:
            counts[seat] = view.hand_sizes[seat] - fixed[seat].bit_count()
            forbidden[seat] &= ~fixed[seat]
    stock_size = hidden.bit_count() - sum(counts)
    melds_known = bool(view.tricks) and view.leader is not None and not view.visyak_pool
    meld_side = None
    if view.winning_melds:
        first = view.winning_melds[0][0]
        meld_side = view.side_of(first)
    return Knowledge(
        seat=me,
        players=n,
        rules=rules,
        trump=trump,
        leader=view.leader if view.leader is not None else -1,
        fixed=tuple(fixed),
        counts=tuple(counts),
        forbidden=tuple(forbidden),
        hidden=hidden,
        stock_size=stock_size,
        played_by=tuple(played_by),
        gone=gone,
        announced=tuple(announced),
        shown=tuple(shown),
        meld_side=meld_side,
        melds_known=melds_known,
        dealer=view.dealer,
        bidder=view.bidder,
    )


def resample(view: PlayerView, rng: random.Random) -> Game:
    """A whole game consistent with everything ``view.seat`` has seen.

    The hidden cards (other hands, the stock) are dealt at random under the constraints
    of :func:`knowledge`; ``resample(view, rng).view(view.seat) == view`` (up to the rare
    relaxed meld check described in :meth:`Knowledge.sample`). Later hands of the
    resampled game are dealt from an arbitrary seed: they are not known either.
    """
    info = knowledge(view)
    game = Game.from_dict(game_state(view, info, info.sample(rng)))
    answer = view.seven_meld_answer
    # §7's answer speaks of the other hands: keep to deals that give it (it is rare and
    # short-lived, so a few tries do; after them the answer is left unmatched)
    for _ in range(_MAX_ATTEMPTS if answer is not None else 0):
        if game.view(info.seat).seven_meld_answer == answer:
            break
        game = Game.from_dict(game_state(view, info, info.sample(rng)))
    return game


def stock_order(view: PlayerView, deal: Deal) -> list[int]:
    """The stock of the resampled game; with 4 players under six_then_two before the
    packet of 2, the proposed card comes last, so that it is the dealer's."""
    stock = list(deal.stock)
    if view.players == 4 and stock and view.proposed is not None:
        stock.append(view.proposed.index)
    return stock


def game_state(view: PlayerView, info: Knowledge, deal: Deal) -> dict[str, Any]:
    """The :meth:`engine.Game.to_dict` layout of the game a deal makes of a view."""
    n = view.players
    started = view.leader is not None and view.trump is not None
    hands = list(deal.hands)
    start_hands = [hands[s] | info.played_by[s] for s in range(n)] if started else [0] * n
    trump = info.trump
    bella_plays = 0
    if started:
        for seat in range(n):
            if has_bella(start_hands[seat], trump):
                pair = (1 << (trump * 8 + Rank.KING)) | (1 << (trump * 8 + Rank.QUEEN))
                bella_plays = (info.played_by[seat] & pair).bit_count()
    this_round = view.bids[(view.bid_round - 1) * n :]
    passes = sum(1 for _, action in this_round if isinstance(action, Pass))
    played = 0
    for mask in info.played_by:
        played |= mask
    first_played = 0
    for seat in range(n):
        if info.played_by[seat]:
            first_played |= 1 << seat
    baits = [0] * len(view.scores)
    for result in view.sheet:
        for line in result.sides:
            if line.bait:
                baits[line.side] += 1
    trick_leader = -1
    if view.trick:
        trick_leader = view.trick[0][0]
    elif view.phase is Phase.PLAY and view.to_act is not None:
        trick_leader = view.to_act
    elif view.tricks:
        trick_leader = view.tricks[-1].winner
    return {
        "schema": SCHEMA_VERSION,
        "players": n,
        "rules": view.rules.to_dict(),
        "seed": 0,
        "first_deck": None,
        "deal_number": view.hand_number - 1,
        "hand_number": view.hand_number,
        "dealer": view.dealer,
        "scores": list(view.scores),
        "baits": baits,
        "hanging": view.hanging,
        "sheet": [result.to_dict() for result in view.sheet],
        "winner": view.winner if view.winner is not None else -1,
        "move_number": len(view.bids) + played.bit_count(),
        "phase": view.phase.value,
        "to_act": view.to_act if view.to_act is not None else -1,
        "hands": hands,
        "start_hands": start_hands,
        "stock": stock_order(view, deal),
        "proposed": view.proposed.index if view.proposed is not None else -1,
        "freza": view.freza.index if view.freza is not None else -1,
        "refused": [card.index for card in view.refused],
        "proposed_to": view.proposed_holder if view.proposed_holder is not None else -1,
        # who else qualifies for a redeal claim is hidden; the seat asked now does
        "redeal_claimants": [view.to_act] if view.phase is Phase.REDEAL_CLAIMS else [],
        "fifty_offered": view.phase is Phase.FIFTY_OFFER and view.to_act == view.bidder,
        "first_six": hands,  # as dealt, up to the exchange: what the claims phase reads
        "bid_round": view.bid_round,
        "passes": passes,
        "bids": [[seat, action.code] for seat, action in view.bids],
        "trump": trump,
        "bidder": view.bidder if view.bidder is not None else -1,
        "seven_exchanger": view.seven_exchanger if view.seven_exchanger is not None else -1,
        "first_leader": view.leader if view.leader is not None else -1,
        "trick_leader": trick_leader,
        "trick_seats": [seat for seat, _ in view.trick],
        "trick_cards": [card.index for _, card in view.trick],
        "tricks": [
            [record.leader, [card.index for card in record.cards], record.winner]
            for record in view.tricks
        ],
        "tricks_won": list(view.tricks_won),
        "card_points": list(view.card_points),
        "played": played,
        "first_played": first_played,
        "bella_plays": bella_plays,
        "stakes": list(view.stakes),
        "dave_stake": view.stake,
        "dave_next": view.dave_next if view.dave_next is not None else -1,
        "game_number": view.game_number,
        "final_hands": view.final_hands_left,
        "match_games": [[winner, list(scores)] for winner, scores in view.match_games],
        "past_hands": [hand.to_data() for hand in view.past_hands],
    }
