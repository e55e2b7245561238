"""The state every phase reads and writes: one slotted base class of :class:`engine.Game`.

The phase modules are functions over this state, so that each phase of a hand can be
read on its own; :class:`engine.Game` adds the public face (construction, ``apply``,
views, JSON).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from ..actions import Action, ExchangeSeven
from ..cards import NO_TRUMP
from ..errors import IllegalActionError, Reason
from ..melds import Meld
from ..rules import Rules
from ..scoring import HandResult, side_count, side_of, side_seats
from ..tricks import PlayedHand

__all__ = ["PLAYER_COUNTS", "GameState", "Phase", "wrong_phase"]

PLAYER_COUNTS: Final = (2, 3, 4)
"""How many may play: 2 or 3 each for themselves, 4 in two pairs (or each for himself,
RULES-VARIANTS §24)."""


class Phase(StrEnum):
    BIDDING = "bidding"
    FIFTY_OFFER = "fifty_offer"
    """RULES-VARIANTS §26 (2 players): the non-bidder may offer 50, then the bidder
    answers."""
    REDEAL_CLAIMS = "redeal_claims"
    """RULES-VARIANTS §8: qualifying players, in turn, claim a redeal or play on."""
    EXCHANGE = "exchange"
    """2-3 players: the trump-seven holder decides whether to take the face-up card."""
    PLAY = "play"
    DAVE = "dave"
    """RULES-VARIANTS §25: «даве» was offered; the opponent concedes or plays on."""
    FINISHED = "finished"


class GameState:
    """Every field of a game; the phases keep them consistent."""

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
        "_dave_next",
        "_dave_stake",
        "_deal_number",
        "_dealer",
        "_fifty_offered",
        "_final_hands",
        "_first_deck",
        "_first_leader",
        "_first_played",
        "_first_six",
        "_freza",
        "_game_number",
        "_hand_number",
        "_hands",
        "_hanging",
        "_led_suit",
        "_match_games",
        "_meld_fallback",
        "_meld_seats",
        "_meld_side",
        "_meld_tied",
        "_melds",
        "_move_number",
        "_n",
        "_passes",
        "_past_hands",
        "_phase",
        "_played",
        "_proposed",
        "_proposed_to",
        "_redeal_claimants",
        "_refused",
        "_rules",
        "_scores",
        "_seed",
        "_seven_exchanger",
        "_sheet",
        "_stakes",
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

    _baits: list[int]
    _bella_plays: int
    _bella_seat: int
    _best_key: int
    _best_seat: int
    _best_trump: int
    _bid_round: int
    _bidder: int
    _bids: list[tuple[int, str]]
    _card_points: list[int]
    _deal_number: int
    _dave_next: int
    """§25: the seat that may offer «даве» next (-1: either)."""
    _dave_stake: int
    """§25: the stake the hand's result is multiplied by (1 until a play-on)."""
    _dealer: int
    _final_hands: int
    """§27: final hands still to play after a 1-1 match (0 outside them)."""
    _game_number: int
    """§27: which game of a two-round match is played (3: the final hands)."""
    _match_games: list[tuple[int, tuple[int, ...]]]
    """§27: each finished game of the match as (winning side, final scores)."""
    _stakes: list[int]
    """§25: each side's stake units won (negative: lost), once a one-hand game is over."""
    _first_deck: tuple[int, ...] | None
    _first_leader: int
    _first_played: int
    _fifty_offered: bool
    _first_six: list[int]
    """Each seat's first two packets as dealt, for the klabor check and the weak-hand
    redeal claim."""
    _freza: int
    _hand_number: int
    _hands: list[int]
    _hanging: int
    _led_suit: int
    _meld_seats: tuple[int, ...]
    _meld_fallback: int
    _meld_side: int
    _meld_tied: tuple[int, ...]
    _melds: list[tuple[Meld, ...]]
    _move_number: int
    _n: int
    _passes: int
    _past_hands: list[PlayedHand]
    """The earlier hands played to their last trick (:attr:`engine.PlayerView.past_hands`)."""
    _phase: Phase
    _played: int
    _proposed: int
    _proposed_to: int
    """RULES-VARIANTS §5 ``to_bidder``: the seat the proposed card was dealt to (-1)."""
    _redeal_claimants: list[int]
    _refused: list[int]
    """RULES-VARIANTS §2: the proposed cards everyone passed on, set aside face up, in
    order; the current proposed card is :attr:`_proposed`."""
    _rules: Rules
    _scores: list[int]
    _seed: int
    _seven_exchanger: int
    _sheet: list[HandResult]
    _start_hands: list[int]
    _stock: list[int]
    _to_act: int
    _trick_cards: list[int]
    _trick_leader: int
    _trick_seats: list[int]
    _tricks: list[tuple[int, tuple[int, ...], int]]
    _tricks_won: list[int]
    _trump: int
    _winner: int

    def __init__(self, players: int, rules: Rules, seed: int) -> None:
        if players not in PLAYER_COUNTS:
            raise ValueError(f"Debertz is played by 2, 3 or 4 players, not {players}")
        if not isinstance(rules, Rules):
            raise TypeError("rules must be a Rules value")
        self._n = players
        self._rules = rules
        self._seed = int(seed)
        self._first_deck = None
        self._deal_number = 0
        self._hand_number = 1
        self._dealer = 0
        self._scores = [0] * side_count(players, rules.solo(players))
        self._baits = [0] * side_count(players, rules.solo(players))
        self._hanging = 0
        self._sheet = []
        self._winner = -1
        self._move_number = 0
        self._stakes = []
        self._dave_stake = 1
        self._dave_next = -1
        self._game_number = 1
        self._final_hands = 0
        self._match_games = []
        self._past_hands = []
        self.clear_hand()

    def side_of(self, seat: int) -> int:
        """The side a seat belongs to (4 players: its pair, unless ``solo``)."""
        return side_of(seat, self._n, self._rules.solo(self._n))

    def seats_beside(self, seat: int) -> int:
        """The bit mask of the seats on ``seat``'s side, ``seat`` included."""
        solo = self._rules.solo(self._n)
        return side_seats(side_of(seat, self._n, solo), self._n, solo)

    def clear_hand(self) -> None:
        """Forget everything of the hand being played (before a deal)."""
        n = self._n
        self._phase = Phase.BIDDING
        self._to_act = -1
        self._hands = [0] * n
        self._start_hands = [0] * n
        self._stock = []
        self._proposed = -1
        self._proposed_to = -1
        self._refused = []
        self._freza = -1
        self._first_six = [0] * n
        self._fifty_offered = False
        self._redeal_claimants = []
        self._bid_round = 1
        self._passes = 0
        self._bids = []
        self._trump = NO_TRUMP
        self._bidder = -1
        self._seven_exchanger = -1
        self._first_leader = -1
        self._trick_leader = -1
        self._trick_seats = []
        self._trick_cards = []
        self._led_suit = -1
        self._best_key = -1
        self._best_seat = -1
        self._best_trump = -1
        self._tricks = []
        self._tricks_won = [0] * n
        self._card_points = [0] * n
        self._played = 0
        self._first_played = 0
        self._melds = [()] * n
        self._meld_side = -1
        self._meld_tied = ()
        self._meld_fallback = -1
        self._meld_seats = ()
        self._bella_seat = -1
        self._bella_plays = 0


def wrong_phase(game: GameState, action: Action) -> IllegalActionError:
    """The refusal of an action that belongs to another phase."""
    if type(action) is ExchangeSeven:
        return IllegalActionError(
            Reason.NO_SEVEN_TO_EXCHANGE,
            "there is no trump seven to exchange now",
            seat=game._to_act,
            action=action,
        )
    return IllegalActionError(
        Reason.WRONG_PHASE,
        f"{action} is not an action of the {game._phase.value} phase",
        seat=game._to_act,
        action=action,
    )
