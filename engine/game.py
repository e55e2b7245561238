"""The game: dealing, bidding, the trump-seven exchange, the play, scoring, the target.

:class:`Game` is the one mutable object of the engine. Its public face is
``legal_actions()``, ``apply(action)`` (checked; returns events) and ``view(seat)``;
inside, hands are card masks and the trick is tracked incrementally so that random
playouts and search stay fast.

Decisions where RULES.md leaves room (seed 000 decides where it speaks):

- A redeal after everyone passed twice is dealt by the next dealer clockwise, whatever
  the dealer-rotation option; it is not a hand on the score sheet.
- With the ``winner`` dealer rotation and 4 players, "the next seat of that pair
  clockwise" is the first seat clockwise after the current dealer that belongs to the
  pair that wrote the most.
- The trump-seven exchange is offered only when the seven is in a player's hand after
  the extra cards (not when it is the face-up card itself or in the unused stock).
- Melds are found from each hand as it stands at the start of the play, which is the hand
  each player holds when playing their first card (no card leaves a hand before that).
- With ``debertz_wins`` the game ends as soon as the holder plays their first card; the
  hand is not scored.
- A meld tie that survives category, top card and trump priority goes to the player who
  plays earlier in the first trick; two melds of one side never compete.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from . import actions as act
from .actions import Action, ExchangeSeven, KeepSeven, NameSuit, Pass, PlayCard, TakeProposed
from .cards import (
    DECK,
    HIGHER_TRUMPS,
    NO_TRUMP,
    PLAIN_STRENGTH,
    POINTS_BY_TRUMP,
    SUIT_MASKS,
    TRUMP_STRENGTH,
    Card,
    Rank,
    Suit,
    cards_of,
    iter_indices,
)
from .errors import IllegalActionError, Reason
from .events import (
    BellaAnnounced,
    BidMade,
    CardPlayed,
    DebertzWon,
    Event,
    ExtraCardsDealt,
    GameOver,
    HandDealt,
    HandScored,
    MeldAnnouncement,
    MeldsAnnounced,
    MeldsWon,
    Redeal,
    SevenExchanged,
    SevenKept,
    TrickWon,
    TrumpChosen,
)
from .melds import Meld, find_melds, has_bella, meld_key
from .rules import BellaAnnouncement, DealerRotation, FirstLead, Rules
from .scoring import HandResult, score_hand, side_count, side_of

if TYPE_CHECKING:
    from .view import PlayerView

__all__ = ["SCHEMA_VERSION", "Game", "GameStateError", "Phase"]

SCHEMA_VERSION: Final = 1
"""Version of :meth:`Game.to_dict`'s layout; bumped when the layout changes."""


class GameStateError(ValueError):
    """A serialized game cannot be read (wrong schema version or inconsistent data)."""


class Phase(StrEnum):
    BIDDING = "bidding"
    EXCHANGE = "exchange"
    """2-3 players: the trump-seven holder decides whether to take the face-up card."""
    PLAY = "play"
    FINISHED = "finished"


_SEVEN_OF: Final = tuple(suit * 8 + Rank.SEVEN for suit in range(4))
_BELLA_MASKS: Final = tuple(
    (1 << (suit * 8 + Rank.KING)) | (1 << (suit * 8 + Rank.QUEEN)) for suit in range(4)
)
_DEAL_ROUNDS_SMALL: Final = (3, 3)
_DEAL_ROUNDS_FOUR: Final = (3, 3, 2)
_EXTRA_CARDS: Final = 3


class Game:
    """A game of Debertz for 2, 3 or 4 players (4: pairs {0, 2} and {1, 3}).

    >>> game = Game.new(3, Rules(), seed=7)
    >>> game.phase
    <Phase.BIDDING: 'bidding'>
    >>> len(game.hand(0))
    6
    """

    __slots__ = (
        "_baits",
        "_bella_plays",
        "_bella_seat",
        "_best_key",
        "_best_seat",
        "_best_trump",
        "_bid_round",
        "_bidder",
        "_bids",
        "_card_points",
        "_deal_number",
        "_dealer",
        "_first_deck",
        "_first_leader",
        "_first_played",
        "_hand_number",
        "_hands",
        "_hanging",
        "_led_suit",
        "_meld_seats",
        "_meld_side",
        "_melds",
        "_move_number",
        "_n",
        "_passes",
        "_phase",
        "_played",
        "_proposed",
        "_rules",
        "_scores",
        "_seed",
        "_seven_exchanger",
        "_sheet",
        "_start_hands",
        "_stock",
        "_to_act",
        "_trick_cards",
        "_trick_leader",
        "_trick_seats",
        "_tricks",
        "_tricks_won",
        "_trump",
        "_winner",
    )

    # Construction ---------------------------------------------------------------------

    def __init__(self, players: int, rules: Rules, seed: int) -> None:
        """Prefer :meth:`new` or :meth:`from_deck`; this builds a game before its first deal."""
        if players not in (2, 3, 4):
            raise ValueError(f"Debertz is played by 2, 3 or 4 players, not {players}")
        if not isinstance(rules, Rules):
            raise TypeError("rules must be a Rules value")
        self._n = players
        self._rules = rules
        self._seed = int(seed)
        self._first_deck: tuple[int, ...] | None = None
        self._deal_number = 0
        self._hand_number = 1
        self._dealer = 0
        self._scores = [0] * side_count(players)
        self._baits = [0] * side_count(players)
        self._hanging = 0
        self._sheet: list[HandResult] = []
        self._winner = -1
        self._move_number = 0
        self._clear_hand()

    def _clear_hand(self) -> None:
        n = self._n
        self._phase = Phase.BIDDING
        self._to_act = -1
        self._hands = [0] * n
        self._start_hands = [0] * n
        self._stock: list[int] = []
        self._proposed = -1
        self._bid_round = 1
        self._passes = 0
        self._bids: list[tuple[int, str]] = []
        self._trump = NO_TRUMP
        self._bidder = -1
        self._seven_exchanger = -1
        self._first_leader = -1
        self._trick_leader = -1
        self._trick_seats: list[int] = []
        self._trick_cards: list[int] = []
        self._led_suit = -1
        self._best_key = -1
        self._best_seat = -1
        self._best_trump = -1
        self._tricks: list[tuple[int, tuple[int, ...], int]] = []
        self._tricks_won = [0] * n
        self._card_points = [0] * n
        self._played = 0
        self._first_played = 0
        self._melds: list[tuple[Meld, ...]] = [()] * n
        self._meld_side = -1
        self._meld_seats: tuple[int, ...] = ()
        self._bella_seat = -1
        self._bella_plays = 0

    @classmethod
    def new(cls, players: int, rules: Rules, seed: int) -> Game:
        """A game whose first dealer and every deck come from ``seed``."""
        game = cls(players, rules, seed)
        game._dealer = random.Random(f"debertz/{game._seed}/dealer").randrange(players)
        game._deal()
        return game

    @classmethod
    def from_deck(
        cls, players: int, rules: Rules, deck: Sequence[Card | str], dealer: int, seed: int = 0
    ) -> Game:
        """A game whose first hand is dealt from ``deck`` (top card first) by ``dealer``.

        Later hands come from ``seed``. Lets a test set any hands.
        """
        cards = [card if isinstance(card, Card) else Card.parse(card) for card in deck]
        indices = tuple(card.index for card in cards)
        if sorted(indices) != list(range(32)):
            raise ValueError("a deck must hold each of the 32 cards exactly once")
        if not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}")
        game = cls(players, rules, seed)
        game._first_deck = indices
        game._dealer = dealer
        game._deal()
        return game

    @classmethod
    def replay(cls, players: int, rules: Rules, seed: int, actions: Sequence[Action | str]) -> Game:
        """``Game.new`` followed by every action of a log."""
        game = cls.new(players, rules, seed)
        for action in actions:
            game.apply(action if isinstance(action, Action) else Action.parse(action))
        return game

    def copy(self) -> Game:
        """An independent copy (for search)."""
        other = Game.__new__(Game)
        for name in Game.__slots__:
            value = getattr(self, name)
            setattr(other, name, value.copy() if isinstance(value, list) else value)
        return other

    # Public state -----------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self._n

    @property
    def sides(self) -> int:
        """The number of sides: players with 2 or 3, pairs (2) with 4."""
        return len(self._scores)

    def side_of(self, seat: int) -> int:
        return side_of(seat, self._n)

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is awaited, or None when the game is over."""
        return None if self._phase is Phase.FINISHED else self._to_act

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def hand_number(self) -> int:
        """The number of the hand being played, from 1 (redeals do not count)."""
        return self._hand_number

    @property
    def deal_number(self) -> int:
        """How many deals there have been before this one, redeals included."""
        return self._deal_number

    @property
    def move_number(self) -> int:
        """How many actions have been applied since the start of the game."""
        return self._move_number

    @property
    def bid_round(self) -> int:
        return self._bid_round

    @property
    def proposed(self) -> Card | None:
        """The face-up card that proposed trump (it stays this card after a seven exchange)."""
        return DECK[self._proposed] if self._proposed >= 0 else None

    @property
    def trump(self) -> Suit | None:
        return Suit(self._trump) if self._trump != NO_TRUMP else None

    @property
    def bidder(self) -> int | None:
        return self._bidder if self._bidder >= 0 else None

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative score of each side."""
        return tuple(self._scores)

    @property
    def hanging(self) -> int:
        """Points set aside by a hanging bait, waiting for the next hand's winner."""
        return self._hanging

    @property
    def sheet(self) -> tuple[HandResult, ...]:
        """The score sheet: one result per scored hand."""
        return tuple(self._sheet)

    @property
    def winner(self) -> int | None:
        """The winning side once the game is over."""
        return self._winner if self._winner >= 0 else None

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards a seat holds, in index order."""
        return cards_of(self._hands[seat])

    def hand_mask(self, seat: int) -> int:
        return self._hands[seat]

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The current trick as (seat, card) in playing order."""
        return tuple(
            (seat, DECK[card])
            for seat, card in zip(self._trick_seats, self._trick_cards, strict=True)
        )

    def view(self, seat: int) -> PlayerView:
        """Everything ``seat`` may know, and nothing more."""
        from .view import build_view

        return build_view(self, seat)

    def public_view(self) -> PlayerView:
        """What everyone at the table knows: the group's screen."""
        from .view import build_view

        return build_view(self, None)

    # Legal actions ----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act, in a stable order; empty only when the
        game is over."""
        phase = self._phase
        if phase is Phase.PLAY:
            table = act.PLAY_CARD
            return [table[i] for i in iter_indices(self.legal_card_mask())]
        if phase is Phase.BIDDING:
            if self._bid_round == 1:
                return [act.PASS, act.TAKE_PROPOSED]
            proposed_suit = self._proposed >> 3
            named: list[Action] = [act.NAME_SUIT[s] for s in range(4) if s != proposed_suit]
            if self._must_name_suit(self._to_act):
                return named
            return [act.PASS, *named]
        if phase is Phase.EXCHANGE:
            return [act.EXCHANGE_SEVEN, act.KEEP_SEVEN]
        return []

    def legal_card_mask(self) -> int:
        """Mask of the cards the seat to act may play (play phase only)."""
        hand = self._hands[self._to_act]
        led = self._led_suit
        if led < 0:
            return hand
        trump = self._trump
        follow = hand & SUIT_MASKS[led]
        if led == trump:
            if not follow:
                return hand
            if self._rules.overtrump:
                higher = follow & HIGHER_TRUMPS[trump][self._best_trump]
                if higher:
                    return higher
            return follow
        if follow:
            return follow
        trumps = hand & SUIT_MASKS[trump]
        if not trumps:
            return hand
        if self._best_trump >= 0 and self._rules.overtrump:
            higher = trumps & HIGHER_TRUMPS[trump][self._best_trump]
            if higher:
                return higher
        return trumps

    def _must_name_suit(self, seat: int) -> bool:
        return self._bid_round == 2 and self._rules.obligatory_dealer and seat == self._dealer

    # Applying actions ---------------------------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply the action of the seat to act and return the events it caused.

        ``seat``, when given, is who is trying to act: another seat is refused with
        :attr:`Reason.NOT_YOUR_TURN`. Any illegal action raises
        :class:`IllegalActionError` and leaves the game unchanged.
        """
        phase = self._phase
        if phase is Phase.FINISHED:
            raise IllegalActionError(Reason.GAME_OVER, "the game is over", seat=seat, action=action)
        if seat is not None and seat != self._to_act:
            raise IllegalActionError(
                Reason.NOT_YOUR_TURN,
                f"seat {seat} tried {action} but seat {self._to_act} is to act",
                seat=seat,
                action=action,
            )
        events: list[Event] = []
        if phase is Phase.PLAY:
            if type(action) is not PlayCard:
                raise self._wrong_phase(action)
            index = action.card.index
            if not self.legal_card_mask() >> index & 1:
                raise self._illegal_card(action)
            self._move_number += 1
            self._play_card(index, events)
        elif phase is Phase.BIDDING:
            self._check_bid(action)
            self._move_number += 1
            self._bid(action, events)
        else:
            if type(action) is ExchangeSeven:
                self._move_number += 1
                self._exchange(events)
            elif type(action) is KeepSeven:
                self._move_number += 1
                events.append(SevenKept(self._to_act))
                self._start_play()
            else:
                raise self._wrong_phase(action)
        return events

    def _wrong_phase(self, action: Action) -> IllegalActionError:
        if type(action) is ExchangeSeven:
            return IllegalActionError(
                Reason.NO_SEVEN_TO_EXCHANGE,
                "there is no trump seven to exchange now",
                seat=self._to_act,
                action=action,
            )
        return IllegalActionError(
            Reason.WRONG_PHASE,
            f"{action} is not an action of the {self._phase.value} phase",
            seat=self._to_act,
            action=action,
        )

    def _illegal_card(self, action: PlayCard) -> IllegalActionError:
        index = action.card.index
        seat = self._to_act
        hand = self._hands[seat]
        if not hand >> index & 1:
            return IllegalActionError(
                Reason.CARD_NOT_IN_HAND,
                f"{action.card} is not in seat {seat}'s hand",
                seat=seat,
                action=action,
            )
        led = self._led_suit
        trump = self._trump
        if hand & SUIT_MASKS[led] and index >> 3 != led:
            return IllegalActionError(
                Reason.MUST_FOLLOW_SUIT,
                f"{action.card}: must follow suit {Suit(led).symbol}",
                seat=seat,
                action=action,
                suit=Suit(led),
            )
        if index >> 3 != trump:
            return IllegalActionError(
                Reason.MUST_TRUMP,
                f"{action.card}: no {Suit(led).symbol} in hand, must trump {Suit(trump).symbol}",
                seat=seat,
                action=action,
                suit=Suit(trump),
            )
        return IllegalActionError(
            Reason.MUST_OVERTRUMP,
            f"{action.card}: must beat the trump {DECK[self._best_trump]} with a higher trump",
            seat=seat,
            action=action,
            suit=Suit(trump),
        )

    # Dealing ------------------------------------------------------------------------------

    def _deck_order(self) -> list[int]:
        if self._deal_number == 0 and self._first_deck is not None:
            return list(self._first_deck)
        order = list(range(32))
        random.Random(f"debertz/{self._seed}/deal/{self._deal_number}").shuffle(order)
        return order

    def _deal(self) -> HandDealt:
        self._clear_hand()
        n = self._n
        deck = self._deck_order()
        dealer = self._dealer
        position = 0
        rounds = _DEAL_ROUNDS_FOUR if n == 4 else _DEAL_ROUNDS_SMALL
        for count in rounds:
            for k in range(1, n + 1):
                seat = (dealer + k) % n
                for index in deck[position : position + count]:
                    self._hands[seat] |= 1 << index
                position += count
        if n == 4:
            self._proposed = deck[31]  # the dealer's last card, shown to all, kept in hand
        else:
            self._proposed = deck[position]
            self._stock = deck[position + 1 :]
        self._phase = Phase.BIDDING
        self._to_act = (dealer + 1) % n
        return HandDealt(self._hand_number, dealer, DECK[self._proposed])

    # Bidding ------------------------------------------------------------------------------

    def _check_bid(self, action: Action) -> None:
        seat = self._to_act
        kind = type(action)
        if kind is Pass:
            if self._must_name_suit(seat):
                raise IllegalActionError(
                    Reason.DEALER_MUST_NAME_SUIT,
                    "obligatory dealer: the dealer must name a trump suit in round 2",
                    seat=seat,
                    action=action,
                )
            return
        if self._bid_round == 1:
            if kind is TakeProposed:
                return
            if kind is NameSuit:
                raise IllegalActionError(
                    Reason.SUIT_NOT_ALLOWED,
                    "round 1: only the proposed suit can be played (say play or pass)",
                    seat=seat,
                    action=action,
                )
        elif kind is NameSuit:
            assert isinstance(action, NameSuit)
            if action.suit == self._proposed >> 3:
                raise IllegalActionError(
                    Reason.SUIT_NOT_ALLOWED,
                    f"round 2: the proposed suit {action.suit.symbol} cannot be named",
                    seat=seat,
                    action=action,
                    suit=action.suit,
                )
            return
        elif kind is TakeProposed:
            raise IllegalActionError(
                Reason.SUIT_NOT_ALLOWED,
                "round 2: the proposed suit was refused by all; name another suit or pass",
                seat=seat,
                action=action,
                suit=Suit(self._proposed >> 3),
            )
        raise self._wrong_phase(action)

    def _bid(self, action: Action, events: list[Event]) -> None:
        seat = self._to_act
        n = self._n
        self._bids.append((seat, action.code))
        events.append(BidMade(seat, action, self._bid_round))
        kind = type(action)
        if kind is Pass:
            self._passes += 1
            if self._passes < n:
                self._to_act = (seat + 1) % n
                return
            if self._bid_round == 1:
                self._bid_round = 2
                self._passes = 0
                self._to_act = (self._dealer + 1) % n
                return
            self._dealer = (self._dealer + 1) % n
            self._deal_number += 1
            events.append(Redeal(self._dealer))
            events.append(self._deal())
            return
        trump = int(action.suit) if isinstance(action, NameSuit) else self._proposed >> 3
        self._trump = trump
        self._bidder = seat
        events.append(TrumpChosen(seat, Suit(trump), self._bid_round))
        if n < 4:
            stock = self._stock
            for k in range(1, n + 1):
                receiver = (self._dealer + k) % n
                for index in stock[:_EXTRA_CARDS]:
                    self._hands[receiver] |= 1 << index
                del stock[:_EXTRA_CARDS]
            events.append(ExtraCardsDealt(_EXTRA_CARDS))
            if self._bid_round == 1 and self._rules.seven_exchange:
                seven = 1 << _SEVEN_OF[trump]
                for holder in range(n):
                    if self._hands[holder] & seven:
                        self._phase = Phase.EXCHANGE
                        self._to_act = holder
                        return
        self._start_play()

    def _exchange(self, events: list[Event]) -> None:
        seat = self._to_act
        seven = _SEVEN_OF[self._trump]
        taken = self._proposed
        self._hands[seat] ^= (1 << seven) | (1 << taken)
        self._seven_exchanger = seat
        events.append(SevenExchanged(seat, DECK[seven], DECK[taken]))
        self._start_play()

    # Play ---------------------------------------------------------------------------------

    def _start_play(self) -> None:
        n = self._n
        rules = self._rules
        self._phase = Phase.PLAY
        bidder_leads = rules.first_lead is FirstLead.BIDDER
        leader = self._bidder if bidder_leads else (self._dealer + 1) % n
        self._first_leader = leader
        self._trick_leader = leader
        self._to_act = leader
        self._start_hands = list(self._hands)
        self._derive_from_start_hands()

    def _derive_from_start_hands(self) -> None:
        """Melds, the side with the highest meld and bella, from the hands at the start of
        the play; not serialized, since they follow from those hands."""
        n = self._n
        rules = self._rules
        leader = self._first_leader
        trump = self._trump
        self._melds = [find_melds(hand, rules) for hand in self._start_hands]
        best: tuple[int, int, int, int] | None = None
        best_seat = -1
        for seat in range(n):
            order = (seat - leader) % n
            for meld in self._melds[seat]:
                key = meld_key(meld, trump, rules, order)
                if best is None or key > best:
                    best, best_seat = key, seat
        if best_seat >= 0:
            side = side_of(best_seat, n)
            self._meld_side = side
            self._meld_seats = tuple(s for s in range(n) if side_of(s, n) == side)
        for seat in range(n):
            if has_bella(self._start_hands[seat], trump):
                self._bella_seat = seat

    def _play_card(self, index: int, events: list[Event]) -> None:
        seat = self._to_act
        n = self._n
        trump = self._trump
        bit = 1 << index
        self._hands[seat] ^= bit
        self._played |= bit
        card = DECK[index]
        if not self._first_played >> seat & 1:
            self._first_played |= 1 << seat
            melds = self._melds[seat]
            if melds:
                events.append(
                    MeldsAnnounced(seat, tuple(MeldAnnouncement(m.kind, m.top) for m in melds))
                )
                if self._rules.debertz_wins:
                    for meld in melds:
                        if meld.is_debertz:
                            events.append(CardPlayed(seat, card))
                            events.append(DebertzWon(seat, meld))
                            self._finish(side_of(seat, n), events)
                            return
        events.append(CardPlayed(seat, card))
        if seat == self._bella_seat and bit & _BELLA_MASKS[trump]:
            self._bella_plays += 1
            announce_on = 1 if self._rules.bella_announcement is BellaAnnouncement.FIRST else 2
            if self._bella_plays == announce_on:
                events.append(BellaAnnounced(seat))

        self._track_trick_card(seat, index)
        if len(self._trick_cards) < n:
            self._to_act = (seat + 1) % n
            return
        self._close_trick(events)

    def _close_trick(self, events: list[Event]) -> None:
        winner = self._best_seat
        table = POINTS_BY_TRUMP[self._trump]
        cards = tuple(self._trick_cards)
        trick_points = 0
        for index in cards:
            trick_points += table[index]
        self._tricks_won[winner] += 1
        self._card_points[winner] += trick_points
        trick_number = len(self._tricks)
        self._tricks.append((self._trick_leader, cards, winner))
        last = self._hands[winner] == 0
        events.append(
            TrickWon(
                trick_number + 1,
                winner,
                tuple(zip(self._trick_seats, (DECK[c] for c in cards), strict=True)),
                trick_points,
                last,
            )
        )
        self._trick_seats = []
        self._trick_cards = []
        self._led_suit = -1
        self._best_key = -1
        self._best_seat = -1
        self._best_trump = -1
        self._trick_leader = winner
        self._to_act = winner
        if trick_number == 0 and self._meld_side >= 0:
            shown = tuple((s, meld) for s in self._meld_seats for meld in self._melds[s])
            events.append(MeldsWon(self._meld_side, shown, sum(m.points for _, m in shown)))
        if last:
            self._score(winner, events)

    def winning_melds(self) -> tuple[tuple[int, Meld], ...]:
        """The melds of the side holding the highest meld, once the first trick is over."""
        if not self._tricks or self._meld_side < 0:
            return ()
        return tuple((s, meld) for s in self._meld_seats for meld in self._melds[s])

    # Scoring ------------------------------------------------------------------------------

    def _score(self, last_trick_seat: int, events: list[Event]) -> None:
        n = self._n
        meld_points = sum(m.points for s in self._meld_seats for m in self._melds[s])
        result = score_hand(
            rules=self._rules,
            players=n,
            hand_number=self._hand_number,
            dealer=self._dealer,
            bidder=self._bidder,
            trump=Suit(self._trump),
            card_points=tuple(self._card_points),
            tricks=tuple(self._tricks_won),
            last_trick_seat=last_trick_seat,
            meld_side=self._meld_side if self._meld_side >= 0 else None,
            meld_points=meld_points,
            bella_seat=self._bella_seat if self._bella_seat >= 0 else None,
            hanging_before=self._hanging,
            baits_before=tuple(self._baits),
        )
        for line in result.sides:
            self._scores[line.side] += line.written
            if line.bait:
                self._baits[line.side] += 1
        self._hanging = result.hanging
        self._sheet.append(result)
        events.append(HandScored(result))

        target = self._rules.target
        reached = [s for s, score in enumerate(self._scores) if score >= target]
        if reached:
            top = max(self._scores[s] for s in reached)
            leaders = [s for s in reached if self._scores[s] == top]
            if len(leaders) == 1:
                self._finish(leaders[0], events)
                return
        self._dealer = self._next_dealer(result)
        self._deal_number += 1
        self._hand_number += 1
        events.append(self._deal())

    def _next_dealer(self, result: HandResult) -> int:
        n = self._n
        clockwise = (self._dealer + 1) % n
        if self._rules.dealer_rotation is not DealerRotation.WINNER:
            return clockwise
        written = [line.written for line in result.sides]
        top = max(written)
        if written.count(top) != 1:
            return clockwise
        side = written.index(top)
        if n != 4:
            return side
        return clockwise if clockwise % 2 == side else (clockwise + 1) % n

    def _finish(self, winner_side: int, events: list[Event]) -> None:
        self._phase = Phase.FINISHED
        self._winner = winner_side
        self._to_act = -1
        events.append(GameOver(winner_side, tuple(self._scores)))

    # Serialization ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain JSON values; :meth:`from_dict` reads it back exactly."""
        return {
            "schema": SCHEMA_VERSION,
            "players": self._n,
            "rules": self._rules.to_dict(),
            "seed": self._seed,
            "first_deck": list(self._first_deck) if self._first_deck is not None else None,
            "deal_number": self._deal_number,
            "hand_number": self._hand_number,
            "dealer": self._dealer,
            "scores": self._scores,
            "baits": self._baits,
            "hanging": self._hanging,
            "sheet": [result.to_dict() for result in self._sheet],
            "winner": self._winner,
            "move_number": self._move_number,
            "phase": self._phase.value,
            "to_act": self._to_act,
            "hands": self._hands,
            "start_hands": self._start_hands,
            "stock": self._stock,
            "proposed": self._proposed,
            "bid_round": self._bid_round,
            "passes": self._passes,
            "bids": [[seat, code] for seat, code in self._bids],
            "trump": self._trump,
            "bidder": self._bidder,
            "seven_exchanger": self._seven_exchanger,
            "first_leader": self._first_leader,
            "trick_leader": self._trick_leader,
            "trick_seats": self._trick_seats,
            "trick_cards": self._trick_cards,
            "tricks": [[leader, list(cards), winner] for leader, cards, winner in self._tricks],
            "tricks_won": self._tricks_won,
            "card_points": self._card_points,
            "played": self._played,
            "first_played": self._first_played,
            "bella_plays": self._bella_plays,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        if data.get("schema") != SCHEMA_VERSION:
            raise GameStateError(
                f"game state schema {data.get('schema')!r} is not {SCHEMA_VERSION}"
            )
        try:
            game = cls(data["players"], Rules.from_dict(data["rules"]), data["seed"])
            first_deck = data["first_deck"]
            game._first_deck = tuple(first_deck) if first_deck is not None else None
            game._deal_number = data["deal_number"]
            game._hand_number = data["hand_number"]
            game._dealer = data["dealer"]
            game._scores = list(data["scores"])
            game._baits = list(data["baits"])
            game._hanging = data["hanging"]
            game._sheet = [HandResult.from_dict(result) for result in data["sheet"]]
            game._winner = data["winner"]
            game._move_number = data["move_number"]
            game._phase = Phase(data["phase"])
            game._to_act = data["to_act"]
            game._hands = list(data["hands"])
            game._stock = list(data["stock"])
            game._proposed = data["proposed"]
            game._bid_round = data["bid_round"]
            game._passes = data["passes"]
            game._bids = [(seat, code) for seat, code in data["bids"]]
            game._trump = data["trump"]
            game._bidder = data["bidder"]
            game._seven_exchanger = data["seven_exchanger"]
            game._first_leader = data["first_leader"]
            game._trick_leader = data["trick_leader"]
            game._start_hands = list(data["start_hands"])
            game._trick_seats = list(data["trick_seats"])
            game._trick_cards = list(data["trick_cards"])
            game._tricks = [(lead, tuple(cards), win) for lead, cards, win in data["tricks"]]
            game._tricks_won = list(data["tricks_won"])
            game._card_points = list(data["card_points"])
            game._played = data["played"]
            game._first_played = data["first_played"]
            game._bella_plays = data["bella_plays"]
            if game._trump != NO_TRUMP and game._first_leader >= 0:
                game._restore_play()
        except (KeyError, TypeError, ValueError) as error:
            raise GameStateError(f"game state is inconsistent: {error!r}") from None
        return game

    def _restore_play(self) -> None:
        """Rebuild what is derived from the start hands, then the open trick's tracking."""
        self._derive_from_start_hands()
        seats, cards = self._trick_seats, self._trick_cards
        self._trick_seats, self._trick_cards = [], []
        for seat, index in zip(seats, cards, strict=True):
            self._track_trick_card(seat, index)

    def _track_trick_card(self, seat: int, index: int) -> None:
        """Update the open trick's leader suit and best card for one more card."""
        trump = self._trump
        suit = index >> 3
        if suit == trump:
            key = 16 + TRUMP_STRENGTH[index & 7]
            if key > self._best_key:
                self._best_trump = index
        elif not self._trick_cards or suit == self._led_suit:
            key = PLAIN_STRENGTH[index & 7]
        else:
            key = -1
        if not self._trick_cards:
            self._led_suit = suit
        if key > self._best_key:
            self._best_key = key
            self._best_seat = seat
        self._trick_seats.append(seat)
        self._trick_cards.append(index)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Game:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise GameStateError(f"game state is not valid JSON: {error}") from None
        if not isinstance(data, dict):
            raise GameStateError("game state JSON must be an object")
        return cls.from_dict(data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<Game players={self._n} seed={self._seed} hand={self._hand_number} "
            f"phase={self._phase.value} to_act={self.to_act} scores={self._scores}>"
        )
