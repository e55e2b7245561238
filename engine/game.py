"""The game: :class:`Game`, the one mutable object of the engine.

Its public face is ``legal_actions()``, ``apply(action)`` (checked; returns events) and
``view(seat)``; inside, hands are card masks and the trick is tracked incrementally so
that random playouts and search stay fast. The rules of each phase live in
:mod:`engine.phases` (deal, bidding, exchange, play, end); this module dispatches to them
and reads and writes the state as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from . import actions as act
from .actions import Action, ClaimRedeal, ExchangeSeven, KeepSeven, NoRedeal, PlayCard
from .cards import DECK, NO_TRUMP, Card, Suit, cards_of, iter_indices
from .errors import IllegalActionError, Reason
from .events import Event
from .melds import Meld
from .phases import bidding, claims, dave, deal, exchange, fifty, play, visyak
from .phases.state import PLAYER_COUNTS, GameState, Phase, wrong_phase
from .rules import Rules
from .scoring import HandResult
from .tricks import PlayedHand

if TYPE_CHECKING:
    from .view import PlayerView

__all__ = ["PLAYER_COUNTS", "SCHEMA_VERSION", "Game", "GameStateError", "Phase"]

SCHEMA_VERSION: Final = 1
"""Version of :meth:`Game.to_dict`'s layout; bumped when the layout changes."""


class GameStateError(ValueError):
    """A serialized game cannot be read (wrong schema version or inconsistent data)."""


class Game(GameState):
    """A game of Debertz for 2, 3 or 4 players (4: pairs {0, 2} and {1, 3}).

    >>> game = Game.new(3, Rules(), seed=7)
    >>> game.phase
    <Phase.BIDDING: 'bidding'>
    >>> len(game.hand(0))
    6
    """

    __slots__ = ()

    # Construction ---------------------------------------------------------------------

    def __init__(self, players: int, rules: Rules, seed: int) -> None:
        """Prefer :meth:`new` or :meth:`from_deck`; this builds a game before its first deal."""
        super().__init__(players, rules, seed)

    @classmethod
    def new(cls, players: int, rules: Rules, seed: int) -> Game:
        """A game whose first dealer and every deck come from ``seed``."""
        game = cls(players, rules, seed)
        game._dealer = deal.first_dealer(game._seed, players)
        deal.deal_and_check(game, [])
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
        deal.deal_and_check(game, [])
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
        for name in GameState.__slots__:
            value = getattr(self, name)
            setattr(other, name, value.copy() if isinstance(value, list) else value)
        return other

    # Public state -----------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self._n

    @property
    def sides(self) -> int:
        """The number of sides: players with 2 or 3 (or 4 solo), pairs (2) with 4."""
        return len(self._scores)

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
    def refused(self) -> tuple[Card, ...]:
        """RULES-VARIANTS §2: the proposed cards everyone passed on, set aside face up
        (out of play), in order; :attr:`proposed` is the card proposed now."""
        return tuple(DECK[index] for index in self._refused)

    @property
    def proposed_holder(self) -> int | None:
        """RULES-VARIANTS §5 ``to_bidder``: the seat the proposed card was dealt to."""
        return self._proposed_to if self._proposed_to >= 0 else None

    @property
    def visyak_pool(self) -> int:
        """RULES-VARIANTS §19: in a висяк hand, the pool its bidder plays for; else 0."""
        return visyak.pool(self)

    @property
    def freza(self) -> Card | None:
        """RULES-VARIANTS §1: the stock's bottom card shown face up (out of play)."""
        return DECK[self._freza] if self._freza >= 0 else None

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
    def pools(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """RULES-VARIANTS §18: points kept for some seats only, as (points, seats)."""
        return self._sheet[-1].pools if self._sheet else ()

    @property
    def sheet(self) -> tuple[HandResult, ...]:
        """The score sheet: one result per scored hand."""
        return tuple(self._sheet)

    @property
    def winner(self) -> int | None:
        """The winning side once the game is over."""
        return self._winner if self._winner >= 0 else None

    @property
    def winners(self) -> tuple[int, ...]:
        """Every winning side once the game is over: one, except under
        ``one_hand_bait`` when a 3-player (or 4 solo) bidder pays (RULES-VARIANTS H5)."""
        if self._winner < 0:
            return ()
        if self._stakes:
            return tuple(s for s, units in enumerate(self._stakes) if units > 0)
        return (self._winner,)

    @property
    def stakes(self) -> tuple[int, ...]:
        """§25: each side's stake units won (negative: lost) once a one-hand game is
        over; empty otherwise."""
        return tuple(self._stakes)

    @property
    def stake(self) -> int:
        """§25: the current «даве» stake (1 until someone plays on)."""
        return self._dave_stake

    @property
    def dave_next(self) -> int | None:
        """§25: the only seat that may offer «даве» next, or None when either may."""
        return self._dave_next if self._dave_next >= 0 else None

    @property
    def game_number(self) -> int:
        """§27: which game of a two-round match is played (1, 2; 3: the final hands);
        always 1 outside a match."""
        return self._game_number

    @property
    def final_hands_left(self) -> int:
        """§27: final hands still to play, this one included (0 outside them)."""
        return self._final_hands

    @property
    def match_games(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """§27: each finished game of the match as (winning side, final scores)."""
        return tuple(self._match_games)

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
            cards: list[Action] = [table[i] for i in iter_indices(self.legal_card_mask())]
            return [*cards, act.OFFER_DAVE] if dave.may_offer(self) else cards
        if phase is Phase.DAVE:
            return dave.legal_answers()
        if phase is Phase.BIDDING:
            return bidding.legal_bids(self)
        if phase is Phase.EXCHANGE:
            return [act.EXCHANGE_SEVEN, act.KEEP_SEVEN]
        if phase is Phase.REDEAL_CLAIMS:
            return claims.legal_claims(self)
        if phase is Phase.FIFTY_OFFER:
            return fifty.legal_fifty(self)
        return []

    def legal_card_mask(self) -> int:
        """Mask of the cards the seat to act may play (play phase only)."""
        return play.legal_card_mask(self)

    def winning_melds(self) -> tuple[tuple[int, Meld], ...]:
        """The melds of the side holding the highest meld, once the first trick is over."""
        return play.winning_melds(self)

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
        if type(action) in dave.DAVE_ACTIONS:
            dave.check_dave(self, action)
            self._move_number += 1
            dave.apply_dave(self, action, events)
        elif phase is Phase.PLAY:
            if type(action) is not PlayCard:
                raise wrong_phase(self, action)
            index = action.card.index
            if not self.legal_card_mask() >> index & 1:
                raise play.illegal_card(self, action)
            self._move_number += 1
            play.play_card(self, index, events)
        elif phase is Phase.BIDDING:
            bidding.check_bid(self, action)
            self._move_number += 1
            bidding.apply_bid(self, action, events)
        elif phase is Phase.FIFTY_OFFER:
            if action not in fifty.legal_fifty(self):
                raise wrong_phase(self, action)
            self._move_number += 1
            fifty.apply_fifty(self, action, events)
        elif phase is Phase.REDEAL_CLAIMS:
            if type(action) not in (ClaimRedeal, NoRedeal):
                raise wrong_phase(self, action)
            self._move_number += 1
            claims.apply_claim(self, action, events)
        elif phase is Phase.DAVE:
            raise wrong_phase(self, action)
        elif type(action) is ExchangeSeven:
            self._move_number += 1
            exchange.exchange_seven(self, events)
        elif type(action) is KeepSeven:
            self._move_number += 1
            exchange.keep_seven(self, events)
        else:
            raise wrong_phase(self, action)
        return events

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
            "freza": self._freza,
            "refused": self._refused,
            "proposed_to": self._proposed_to,
            "redeal_claimants": self._redeal_claimants,
            "first_six": self._first_six,
            "fifty_offered": self._fifty_offered,
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
            "stakes": self._stakes,
            "dave_stake": self._dave_stake,
            "dave_next": self._dave_next,
            "game_number": self._game_number,
            "final_hands": self._final_hands,
            "match_games": [[winner, list(scores)] for winner, scores in self._match_games],
            "past_hands": [hand.to_data() for hand in self._past_hands],
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
            game._freza = data.get("freza", -1)
            game._refused = list(data.get("refused", []))
            game._proposed_to = data.get("proposed_to", -1)
            game._redeal_claimants = list(data.get("redeal_claimants", []))
            game._first_six = list(data.get("first_six", [0] * game._n))
            game._fifty_offered = bool(data.get("fifty_offered", False))
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
            game._stakes = list(data.get("stakes", []))
            game._dave_stake = data.get("dave_stake", 1)
            game._dave_next = data.get("dave_next", -1)
            game._game_number = data.get("game_number", 1)
            game._final_hands = data.get("final_hands", 0)
            game._match_games = [
                (winner, tuple(scores)) for winner, scores in data.get("match_games", [])
            ]
            # states saved before past hands were kept start with none
            game._past_hands = [PlayedHand.from_data(hand) for hand in data.get("past_hands", [])]
            if game._trump != NO_TRUMP and game._first_leader >= 0:
                game._restore_play()
        except (KeyError, TypeError, ValueError) as error:
            raise GameStateError(f"game state is inconsistent: {error!r}") from None
        return game

    def _restore_play(self) -> None:
        """Rebuild what is derived from the start hands, then the open trick's tracking."""
        play.derive_from_start_hands(self)
        seats, cards = self._trick_seats, self._trick_cards
        self._trick_seats, self._trick_cards = [], []
        for seat, index in zip(seats, cards, strict=True):
            play.track_trick_card(self, seat, index)

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
