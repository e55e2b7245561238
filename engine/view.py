"""What one seat may know: the only input of a player's screen and of a computer player."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from .actions import Action
from .cards import Card, Suit, cards_of
from .events import MeldAnnouncement
from .melds import Meld
from .phases import exchange
from .phases.match import dealer_obliged
from .phases.state import Phase
from .rules import FourPlayerDeal, Rules
from .scoring import HandResult, side_of, side_seats
from .tricks import PlayedHand, TrickRecord, trick_records

if TYPE_CHECKING:
    from .game import Game

__all__ = ["PlayedHand", "PlayerView", "TrickRecord", "build_view"]


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's knowledge of the game at this moment; with ``seat`` None, what
    everyone at the table knows (no hand, no legal actions)."""

    seat: int | None
    players: int
    rules: Rules
    phase: Phase
    to_act: int | None
    dealer: int
    hand_number: int
    hand: tuple[Card, ...]
    """This seat's cards, in index order."""
    hand_sizes: tuple[int, ...]
    proposed: Card | None
    """The face-up card that proposed trump (with 2-3 players, after a seven exchange, it
    is in :attr:`seven_exchanger`'s hand and the trump seven lies in its place)."""
    freza: Card | None
    """RULES-VARIANTS §1: the stock's bottom card, face up and out of play."""
    bid_round: int
    bids: tuple[tuple[int, Action], ...]
    """Bids of this hand in order: (seat, action)."""
    trump: Suit | None
    bidder: int | None
    seven_exchanger: int | None
    """Who took the face-up card for the trump seven, if anyone."""
    leader: int | None
    """Who led (or leads) the first trick."""
    trick: tuple[tuple[int, Card], ...]
    """The current trick: (seat, card) in playing order."""
    tricks: tuple[TrickRecord, ...]
    """Finished tricks of this hand."""
    tricks_won: tuple[int, ...]
    card_points: tuple[int, ...]
    """Card points taken by each seat this hand (public: tricks are open)."""
    melds_announced: tuple[tuple[int, tuple[MeldAnnouncement, ...]], ...]
    own_melds: tuple[Meld, ...]
    """This seat's melds once the play started (its own, known to it)."""
    winning_melds: tuple[tuple[int, Meld], ...]
    """After the first trick: the melds of the side with the highest meld, cards shown."""
    bella: int | None
    """The seat that announced bella this hand."""
    scores: tuple[int, ...]
    hanging: int
    sheet: tuple[HandResult, ...]
    winner: int | None
    legal_actions: tuple[Action, ...]
    """What this seat may do now (empty unless it is this seat's decision)."""
    stake: int = 1
    """RULES-VARIANTS §25: the «даве» stake the hand's result is multiplied by."""
    dave_next: int | None = None
    """§25: the only seat that may offer «даве» next (None: either)."""
    stakes: tuple[int, ...] = ()
    """§25: each side's stake units once a one-hand game is over."""
    winners: tuple[int, ...] = ()
    """Every winning side once the game is over (H5: two defenders may both win)."""
    game_number: int = 1
    """§27: the game of a two-round match being played (3: the final hands)."""
    final_hands_left: int = 0
    """§27: final hands still to play, this one included."""
    match_games: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """§27: each finished game of the match as (winning side, final scores)."""
    dealer_obliged: bool = False
    """Whether this hand's dealer may not pass in bidding round 2 (``obligatory_dealer``;
    in a two-round match only as §27 says)."""
    fifty_offered: bool = False
    """RULES-VARIANTS §26: the non-bidder offered 50 and the bidder is to answer."""
    refused: tuple[Card, ...] = ()
    """RULES-VARIANTS §2: the proposed cards everyone passed on, face up and out of play,
    in order (:attr:`proposed` is the one proposed now; bidding round k is the k-th)."""
    proposed_holder: int | None = None
    """RULES-VARIANTS §5 ``to_bidder``: the seat the proposed card was dealt to (public)."""
    seven_meld_answer: bool | None = None
    """RULES-VARIANTS §7, for the seven holder while the exchange is offered: whether the
    run holding the seven beats every meld in the other hands (None: no such run, or the
    option is off)."""
    visyak_pool: int = 0
    """RULES-VARIANTS §19: in a висяк hand, the pool the bidder plays for (0 otherwise)."""
    past_hands: tuple[PlayedHand, ...] = ()
    """The earlier hands of this game (of the match, §27) that were played to their last
    trick, oldest first: hands ended by a claim, a concession or an offer of 50 are not
    here, nor are redeals."""

    @property
    def next_stake(self) -> int:
        """RULES-VARIANTS §25: the stake a play-on would make."""
        from .phases.dave import next_stake

        return next_stake(self.rules, self.stake)

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for (:func:`engine.scoring.side_of`)."""
        return side_of(seat, self.players, self.rules.solo(self.players))

    def seats_beside(self, seat: int) -> int:
        """The bit mask of the seats on ``seat``'s side, ``seat`` included."""
        solo = self.rules.solo(self.players)
        return side_seats(side_of(seat, self.players, solo), self.players, solo)

    @property
    def known_cards(self) -> tuple[tuple[int, Card], ...]:
        """Cards known to be in another seat's hand now: (seat, card).

        The face-up card taken in a seven exchange, the dealer's face-up card with 4
        players, the proposed card dealt to the bidder (§5), and the cards of the winning
        melds, while not yet played.
        """
        played = {card for record in self.tricks for card in record.cards}
        played.update(card for _, card in self.trick)
        known: dict[Card, int] = {}
        eight = self.rules.four_player_deal is FourPlayerDeal.EIGHT
        dealt = eight or self.phase is not Phase.BIDDING
        if self.proposed_holder is not None and self.proposed is not None:
            known[self.proposed] = self.proposed_holder  # §5 to_bidder
        elif self.players == 4 and self.proposed is not None and dealt:
            known[self.proposed] = self.dealer  # six_then_two: once the last packet is dealt
        if self.seven_exchanger is not None and self.proposed is not None:
            known[self.proposed] = self.seven_exchanger
        for seat, meld in self.winning_melds:
            for card in meld.cards:
                known[card] = seat
        return tuple(
            (seat, card) for card, seat in known.items() if seat != self.seat and card not in played
        )


def build_view(game: Game, seat: int | None) -> PlayerView:
    n = game.players
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"no seat {seat} in a game of {n}")
    started = game._first_leader >= 0 and game._trump >= 0
    announced = tuple(
        (s, tuple(MeldAnnouncement(m.kind, m.top) for m in game._melds[s]))
        for s in range(n)
        if started and game._first_played >> s & 1 and game._melds[s]
    )
    bella_plays_needed = 1 if game.rules.bella_announcement.value == "first" else 2
    bella = (
        game._bella_seat
        if started and game._bella_seat >= 0 and game._bella_plays >= bella_plays_needed
        else None
    )
    to_act = game.to_act
    return PlayerView(
        seat=seat,
        players=n,
        rules=game.rules,
        phase=game.phase,
        to_act=to_act,
        dealer=game.dealer,
        hand_number=game.hand_number,
        hand=cards_of(game._hands[seat]) if seat is not None else (),
        hand_sizes=tuple(h.bit_count() for h in game._hands),
        proposed=game.proposed,
        freza=game.freza,
        bid_round=game._bid_round,
        bids=tuple((s, Action.parse(code)) for s, code in game._bids),
        trump=game.trump,
        bidder=game.bidder,
        seven_exchanger=game._seven_exchanger if game._seven_exchanger >= 0 else None,
        leader=game._first_leader if started else None,
        trick=game.trick,
        tricks=trick_records(game._tricks),
        tricks_won=tuple(game._tricks_won),
        card_points=tuple(game._card_points),
        melds_announced=announced,
        own_melds=game._melds[seat] if started and seat is not None else (),
        winning_melds=game.winning_melds(),
        bella=bella,
        scores=game.scores,
        hanging=game.hanging,
        sheet=game.sheet,
        winner=game.winner,
        legal_actions=tuple(game.legal_actions())
        if to_act == seat and game.phase is not Phase.FINISHED
        else (),
        stake=game.stake,
        dave_next=game.dave_next,
        stakes=game.stakes,
        winners=game.winners,
        game_number=game.game_number,
        final_hands_left=game.final_hands_left,
        match_games=game.match_games,
        dealer_obliged=dealer_obliged(game),
        fifty_offered=game.phase is Phase.FIFTY_OFFER and game._fifty_offered,
        refused=game.refused,
        proposed_holder=game.proposed_holder,
        seven_meld_answer=exchange.seven_meld_answer(game) if seat == to_act else None,
        visyak_pool=game.visyak_pool,
        past_hands=tuple(game._past_hands),
    )
