"""Checks a running :class:`engine.Game` step by step against :mod:`tests.engine.reference`.

``Oracle(game)`` follows a game from its start. Before each action ``expected_actions``
says which action codes RULES.md allows now (computed by the reference model from what
is on the table); after it ``check(events)`` compares every trick, meld, bella, hand
score, dealer and the end of the game with the model. A mismatch raises AssertionError
with a description of the situation.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import (
    Action,
    BellaAnnounced,
    BidMade,
    Card,
    CardPlayed,
    DealerRotation,
    DebertzWon,
    Event,
    FirstLead,
    Game,
    GameOver,
    HandDealt,
    HandScored,
    MeldsAnnounced,
    MeldsWon,
    Phase,
    Redeal,
    ThreePlayerBait,
    TrickWon,
    TrumpChosen,
)

from . import reference as ref


def _codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


class Oracle:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.n = game.players
        self.rules = game.rules
        sides = 2 if self.n == 4 else self.n
        self.scores = [0] * sides
        self.baits = [0] * sides
        self.hanging = 0
        self.hands_scored = 0
        self.last_written: list[int] = []
        self._new_hand()

    # Bookkeeping of the hand in progress ---------------------------------------------

    def _new_hand(self) -> None:
        game = self.game
        self.dealer = game.dealer
        self.proposed = game.proposed.code if game.proposed else ""
        self.bid_round = 1
        self.bids_in_round = 0
        self.trump = ""
        self.bidder = -1
        self.start_hands: list[list[str]] | None = None
        self.first_leader = -1
        self.trick: list[tuple[int, str]] = []
        self.card_points = [0] * self.n
        self.tricks = [0] * self.n
        self.tricks_done = 0
        self.last_trick_winner = -1
        self.first_card_played = [False] * self.n
        self.bella_cards_played = 0
        self.announced_bella = False

    # Expectations ---------------------------------------------------------------------

    def expected_actions(self) -> set[str]:
        game = self.game
        if game.phase is Phase.FINISHED:
            return set()
        seat = game.to_act
        assert seat is not None
        if game.phase is Phase.BIDDING:
            if game.bid_round == 1:
                return {"pass", "play"}
            names = {"suit:" + s for s in ref.SUITS if s != ref.suit_of(self.proposed)}
            if self.rules.obligatory_dealer and seat == self.dealer:
                return names
            return names | {"pass"}
        if game.phase is Phase.EXCHANGE:
            return {"swap", "keep"}
        hand = _codes(game.hand(seat))
        trick = [code for _, code in self.trick]
        legal = ref.legal_cards(hand, trick, self.trump, self.rules.overtrump)
        return {"card:" + code for code in legal}

    # Checking events --------------------------------------------------------------------

    def _start_play(self) -> None:
        game = self.game
        self.start_hands = [_codes(game.hand(s)) for s in range(self.n)]
        if self.rules.first_lead is FirstLead.BIDDER:
            leader = self.bidder
        else:
            leader = (self.dealer + 1) % self.n
        assert game.to_act == leader, f"first lead by {game.to_act}, expected {leader}"
        self.first_leader = leader

    def _expected_exchange_holder(self) -> int | None:
        if self.n == 4 or self.bid_round != 1 or not self.rules.seven_exchange:
            return None
        seven = "7" + self.trump
        for seat in range(self.n):
            if seven in _codes(self.game.hand(seat)):
                return seat
        return None

    def check(self, before_phase: Phase, events: list[Event]) -> None:
        game = self.game
        for event in events:
            if isinstance(event, BidMade):
                assert event.round == self.bid_round
                assert event.seat == (self.dealer + 1 + self.bids_in_round) % self.n
                self.bids_in_round += 1
                if event.action.code == "pass" and self.bids_in_round == self.n:
                    self.bid_round += 1
                    self.bids_in_round = 0
            elif isinstance(event, Redeal):
                assert self.bid_round == 3, "redeal only after two rounds of passes"
                assert event.dealer == (self.dealer + 1) % self.n, "redeal by the next dealer"
            elif isinstance(event, HandDealt):
                self._new_hand()
                assert event.dealer == game.dealer
            elif isinstance(event, TrumpChosen):
                self.trump = event.trump.letter
                self.bidder = event.bidder
                assert event.round == self.bid_round
                if event.round == 1:
                    assert self.trump == ref.suit_of(self.proposed)
                else:
                    assert self.trump != ref.suit_of(self.proposed)
            elif isinstance(event, MeldsAnnounced):
                assert self.start_hands is not None
                assert not self.first_card_played[event.seat]
                mine = ref.melds(self.start_hands[event.seat], self.rules.hundred)
                got = sorted((int(m.kind), int(m.top)) for m in event.melds)
                want = sorted((m.kind, ref.NATURAL.index(m.top)) for m in mine)
                assert got == want, f"seat {event.seat} announced {got}, holds {want}"
            elif isinstance(event, CardPlayed):
                self._card_played(event)
            elif isinstance(event, BellaAnnounced):
                self._bella(event)
            elif isinstance(event, TrickWon):
                self._trick_won(event)
            elif isinstance(event, MeldsWon):
                self._melds_won(event)
            elif isinstance(event, HandScored):
                self._hand_scored(event)
            elif isinstance(event, DebertzWon):
                assert self.rules.debertz_wins
                assert event.meld.length >= 7
            elif isinstance(event, GameOver):
                self._game_over(event)
        # Phase transitions out of bidding / exchange.
        if game.phase is Phase.EXCHANGE and before_phase is Phase.BIDDING:
            holder = self._expected_exchange_holder()
            assert holder is not None
            assert game.to_act == holder
        if game.phase is Phase.BIDDING:
            assert game.bid_round == self.bid_round
        if any(isinstance(e, TrickWon) and e.trick_number == 1 for e in events):
            has_melds = self._meld_seat() is not None
            assert has_melds == any(isinstance(e, MeldsWon) for e in events)
        if game.phase is Phase.PLAY and before_phase is not Phase.PLAY:
            if before_phase is Phase.BIDDING:
                assert self._expected_exchange_holder() is None, "the seven holder was skipped"
            self._start_play()
        if any(isinstance(e, TrumpChosen) for e in events) and game.phase is Phase.PLAY:
            size = 8 if self.n == 4 else 9
            for seat in range(self.n):
                assert len(game.hand(seat)) == size

    def _card_played(self, event: CardPlayed) -> None:
        assert self.start_hands is not None
        self.first_card_played[event.seat] = True
        self.trick.append((event.seat, event.card.code))

    def _bella(self, event: BellaAnnounced) -> None:
        assert self.start_hands is not None
        holder = ref.bella_seat(self.start_hands, self.trump)
        assert holder == event.seat, f"bella announced by {event.seat}, held by {holder}"
        assert not self.announced_bella
        self.announced_bella = True
        played = {code for seat, code in self.trick if seat == holder}
        # Count the pair's cards this seat has played so far this hand.
        count = self.bella_cards_played + sum(
            1 for code in played if code in ("K" + self.trump, "Q" + self.trump)
        )
        want = 1 if self.rules.bella_announcement.value == "first" else 2
        assert count == want, f"bella announced after {count} of its cards, expected {want}"

    def _trick_won(self, event: TrickWon) -> None:
        plays = [(seat, card.code) for seat, card in event.plays]
        assert plays == self.trick, f"trick {plays} != played {self.trick}"
        for k, (seat, _) in enumerate(plays):
            assert seat == (plays[0][0] + k) % self.n, "play goes clockwise"
        cards = [code for _, code in plays]
        winner = plays[ref.trick_winner(cards, self.trump)][0]
        assert event.winner == winner, f"trick {cards} trump {self.trump}: winner {event.winner}"
        points = sum(ref.card_points(code, self.trump) for code in cards)
        assert event.points == points
        assert self.game.to_act == winner or self.game.phase is not Phase.PLAY or event.last
        self.tricks_done += 1
        self.card_points[winner] += points
        self.tricks[winner] += 1
        bella_pair = ("K" + self.trump, "Q" + self.trump)
        assert self.start_hands is not None
        holder = ref.bella_seat(self.start_hands, self.trump)
        self.bella_cards_played += sum(
            1 for seat, code in plays if seat == holder and code in bella_pair
        )
        self.trick = []
        assert event.last == (self.tricks_done == (8 if self.n == 4 else 9))
        if event.last:
            self.last_trick_winner = winner

    def _meld_seat(self) -> int | None:
        assert self.start_hands is not None
        return ref.best_meld_seat(
            self.start_hands,
            self.trump,
            self.first_leader,
            hundred=self.rules.hundred,
            trump_priority=self.rules.trump_priority,
        )

    def _side_melds(self, seat: int) -> list[tuple[int, ref.RefMeld]]:
        assert self.start_hands is not None
        side = ref.side_of(seat, self.n)
        return [
            (s, meld)
            for s in range(self.n)
            if ref.side_of(s, self.n) == side
            for meld in ref.melds(self.start_hands[s], self.rules.hundred)
        ]

    def _melds_won(self, event: MeldsWon) -> None:
        assert self.tricks_done == 1, "MeldsWon comes after the first trick"
        seat = self._meld_seat()
        assert seat is not None, "MeldsWon without any meld"
        assert event.side == ref.side_of(seat, self.n), f"melds won by side {event.side}"
        want = sorted((s, m.cards) for s, m in self._side_melds(seat))
        got = sorted((s, [c.code for c in m.cards]) for s, m in event.melds)
        assert got == want
        assert event.points == sum(m.points for _, m in self._side_melds(seat))

    def _hand_scored(self, event: HandScored) -> None:
        result = event.result
        assert self.tricks_done == (8 if self.n == 4 else 9)
        assert self.start_hands is not None
        has_bella = ref.bella_seat(self.start_hands, self.trump) is not None
        assert self.announced_bella == has_bella, "bella announced iff held"
        seat = self._meld_seat()
        meld_points = sum(m.points for _, m in self._side_melds(seat)) if seat is not None else 0
        assert self.game.sheet[-1] == result, "the sheet holds this result"
        expected = ref.score(
            players=self.n,
            bidder=self.bidder,
            card_points_by_seat=self.card_points,
            tricks_by_seat=self.tricks,
            last_trick_seat=self.last_trick_winner,
            meld_seat=seat,
            meld_points_of_side=meld_points,
            bella=ref.bella_seat(self.start_hands, self.trump),
            hanging_before=self.hanging,
            baits_before=self.baits,
            hanging_bait=self.rules.hanging_bait,
            three_player_half=self.rules.three_player_bait is ThreePlayerBait.HALF,
            melds_need_trick=self.rules.melds_need_trick,
            bolt_penalty=self.rules.bolt_penalty,
            third_bait_penalty=self.rules.third_bait_penalty,
        )
        totals = [line.total for line in result.sides]
        written = [line.written for line in result.sides]
        situation = (
            f"hand {result.hand_number}: bidder {self.bidder}, trump {self.trump}, "
            f"start hands {self.start_hands}, card points {self.card_points}"
        )
        assert totals == expected.totals, f"{situation}: totals {totals} != {expected.totals}"
        assert written == expected.written, f"{situation}: written {written} != {expected}"
        assert result.outcome.value == expected.outcome, situation
        assert result.hanging == expected.hanging_after, situation
        assert result.bidder == self.bidder
        assert result.trump.letter == self.trump
        assert result.dealer == self.dealer
        for side, line in enumerate(result.sides):
            self.scores[side] += line.written
            if expected.outcome == "bait" and side == ref.side_of(self.bidder, self.n):
                self.baits[side] += 1
        self.hanging = expected.hanging_after
        self.hands_scored += 1
        self.last_written = written
        assert list(self.game.scores) == self.scores
        self._check_game_state_after_hand()

    def _check_game_state_after_hand(self) -> None:
        game = self.game
        target = self.rules.target
        reached = [s for s, v in enumerate(self.scores) if v >= target]
        top = max((self.scores[s] for s in reached), default=None)
        leaders = [s for s in reached if self.scores[s] == top]
        if len(leaders) == 1:
            assert game.phase is Phase.FINISHED, f"scores {self.scores}: game should end"
            assert game.winner == leaders[0]
            return
        assert game.phase is not Phase.FINISHED, f"scores {self.scores}: game should go on"
        assert game.dealer == self._next_dealer(), (
            f"dealer {game.dealer} after dealer {self.dealer}, written {self.last_written}"
        )

    def _next_dealer(self) -> int:
        clockwise = (self.dealer + 1) % self.n
        if self.rules.dealer_rotation is DealerRotation.CLOCKWISE:
            return clockwise
        top = max(self.last_written)
        if self.last_written.count(top) != 1:
            return clockwise
        side = self.last_written.index(top)
        seat = clockwise
        while ref.side_of(seat, self.n) != side:
            seat = (seat + 1) % self.n
        return seat

    def _game_over(self, event: GameOver) -> None:
        assert self.game.phase is Phase.FINISHED
        assert tuple(self.scores) == event.scores or self.rules.debertz_wins

    # Driving ------------------------------------------------------------------------------

    def step(self, code: str) -> list[Event]:
        """Apply one action code and check everything that followed from it."""
        before = self.game.phase
        events = self.game.apply(Action.parse(code))
        self.check(before, events)
        return events
