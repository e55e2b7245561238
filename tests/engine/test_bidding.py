"""RULES.md §3: bidding in two rounds, the redeal, the obligatory dealer, the extra cards."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine import (
    DECK,
    Action,
    BidMade,
    ExtraCardsDealt,
    Game,
    HandDealt,
    IllegalActionError,
    KeepSeven,
    NameSuit,
    Pass,
    Phase,
    PlayCard,
    Reason,
    Redeal,
    Rules,
    Suit,
    TakeProposed,
    TrumpChosen,
)

from .decks import codes, events_of, hand_codes, play, seat_order

CODES = [card.code for card in DECK]


def _game(players: int, dealer: int = 0, rules: Rules | None = None) -> Game:
    # The deck in index order; tests read the proposed card from the game.
    return Game.from_deck(players, rules or Rules(), CODES, dealer)


def _codes_of(actions: Sequence[Action]) -> list[str]:
    return [action.code for action in actions]


def _refused(game: Game, action: Action, reason: Reason, seat: int | None = None) -> None:
    before = game.to_json()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action, seat=seat)
    assert info.value.reason is reason
    assert game.to_json() == before, "a refused action must not change the game"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_one_offers_play_or_pass_clockwise_from_left_of_dealer(players: int) -> None:
    dealer = players - 1
    game = _game(players, dealer)
    order = seat_order(players, dealer)
    for seat in order:
        assert game.bid_round == 1
        assert game.to_act == seat
        assert sorted(_codes_of(game.legal_actions())) == ["pass", "play"]
        events = play(game, "pass")
        assert events[0] == BidMade(seat, Pass(), 1)
    assert game.bid_round == 2
    assert game.to_act == order[0]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("taker", [0, 1])
def test_first_play_ends_bidding_with_the_proposed_suit(players: int, taker: int) -> None:
    game = _game(players, 0, Rules(seven_exchange=False))
    order = seat_order(players, 0)
    proposed = game.proposed
    assert proposed is not None
    events = play(game, *(["pass"] * taker), "play")
    chosen = events_of(events, TrumpChosen)
    assert chosen == [TrumpChosen(order[taker], proposed.suit, 1)]
    assert game.trump is proposed.suit
    assert game.bidder == order[taker]
    assert game.phase is Phase.PLAY
    assert events_of(events, BidMade)[-1] == BidMade(order[taker], TakeProposed(), 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_two_names_another_suit(players: int) -> None:
    game = _game(players, 1 % players, Rules(seven_exchange=False))
    order = seat_order(players, game.dealer)
    proposed = game.proposed
    assert proposed is not None
    play(game, *["pass"] * players)
    assert game.bid_round == 2
    assert game.to_act == order[0]
    others = [suit for suit in Suit if suit is not proposed.suit]
    assert sorted(_codes_of(game.legal_actions())) == sorted(
        ["pass", *("suit:" + suit.letter for suit in others)]
    )
    play(game, "pass")
    assert game.to_act == order[1]
    events = play(game, "suit:" + others[1].letter)
    assert events_of(events, TrumpChosen) == [TrumpChosen(order[1], others[1], 2)]
    assert game.trump is others[1]
    assert game.bidder == order[1]


def test_round_two_refuses_the_proposed_suit_and_play() -> None:
    game = _game(3)
    proposed = game.proposed
    assert proposed is not None
    play(game, "pass", "pass", "pass")
    _refused(game, NameSuit(proposed.suit), Reason.SUIT_NOT_ALLOWED)
    _refused(game, TakeProposed(), Reason.SUIT_NOT_ALLOWED)
    assert NameSuit(proposed.suit) not in game.legal_actions()


def test_round_one_refuses_naming_a_suit() -> None:
    game = _game(3)
    proposed = game.proposed
    assert proposed is not None
    other = Suit((proposed.suit + 1) % 4)
    _refused(game, NameSuit(other), Reason.SUIT_NOT_ALLOWED)
    _refused(game, NameSuit(proposed.suit), Reason.SUIT_NOT_ALLOWED)


def test_bidding_refuses_cards_and_seven_decisions() -> None:
    game = _game(3)
    seat = game.to_act
    assert seat is not None
    card = game.hand(seat)[0]
    _refused(game, PlayCard(card), Reason.WRONG_PHASE)
    _refused(game, KeepSeven(), Reason.WRONG_PHASE)


def test_bidding_out_of_turn_is_refused() -> None:
    game = _game(3, 0)
    assert game.to_act == 1
    _refused(game, Pass(), Reason.NOT_YOUR_TURN, seat=2)
    _refused(game, TakeProposed(), Reason.NOT_YOUR_TURN, seat=0)
    play(game, "pass")
    game.apply(Pass(), seat=2)
    assert game.to_act == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_everyone_passing_twice_redeals_by_the_next_dealer(players: int) -> None:
    game = _game(players, 0)
    before = [codes(game.hand(seat)) for seat in range(players)]
    events = play(game, *["pass"] * (2 * players - 1))
    assert not events_of(events, Redeal)
    events = play(game, "pass")
    assert events_of(events, Redeal) == [Redeal(1)]
    dealt = events_of(events, HandDealt)
    assert len(dealt) == 1
    assert dealt[0].dealer == 1
    assert dealt[0].hand_number == 1, "a redeal is not a new hand on the sheet"
    assert game.dealer == 1
    assert game.hand_number == 1
    assert game.deal_number == 1
    assert game.phase is Phase.BIDDING
    assert game.bid_round == 1
    assert game.to_act == 2 % players
    assert game.trump is None
    assert game.bidder is None
    assert game.sheet == ()
    assert game.scores == (0,) * game.sides
    after = [codes(game.hand(seat)) for seat in range(players)]
    assert after != before, "the cards are dealt again"
    size = 8 if players == 4 else 6
    assert all(len(hand) == size for hand in after)


def test_two_redeals_in_a_row_keep_passing_the_deal() -> None:
    game = _game(3, 2)
    play(game, *["pass"] * 6)
    assert game.dealer == 0
    play(game, *["pass"] * 6)
    assert game.dealer == 1
    assert game.deal_number == 2
    assert game.hand_number == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_obligatory_dealer_must_name_a_suit_in_round_two(players: int) -> None:
    dealer = players - 1
    game = _game(players, dealer, Rules(obligatory_dealer=True, seven_exchange=False))
    play(game, *["pass"] * players)  # round 1: the dealer may pass
    play(game, *["pass"] * (players - 1))  # round 2: the others may pass
    assert game.to_act == dealer
    legal = game.legal_actions()
    assert Pass() not in legal
    proposed = game.proposed
    assert proposed is not None
    assert sorted(_codes_of(legal)) == sorted(
        "suit:" + suit.letter for suit in Suit if suit is not proposed.suit
    )
    _refused(game, Pass(), Reason.DEALER_MUST_NAME_SUIT)
    _refused(game, NameSuit(proposed.suit), Reason.SUIT_NOT_ALLOWED)
    other = next(suit for suit in Suit if suit is not proposed.suit)
    events = play(game, "suit:" + other.letter)
    assert not events_of(events, Redeal)
    assert game.bidder == dealer
    assert game.trump is other


def test_without_obligatory_dealer_the_dealer_may_pass_in_round_two() -> None:
    game = _game(3, 2)
    play(game, "pass", "pass", "pass", "pass", "pass")
    assert game.to_act == 2
    assert Pass() in game.legal_actions()


def test_obligatory_dealer_does_not_bind_round_one() -> None:
    game = _game(3, 2, Rules(obligatory_dealer=True))
    play(game, "pass", "pass")
    assert game.to_act == 2
    assert Pass() in game.legal_actions()


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("round_", [1, 2])
def test_after_bidding_everyone_gets_3_more_cards_from_the_stock(players: int, round_: int) -> None:
    dealer = 0
    game = _game(players, dealer, Rules(seven_exchange=False))
    order = seat_order(players, dealer)
    stock = [DECK[index].code for index in game.to_dict()["stock"]]
    first = {seat: hand_codes(game, seat) for seat in range(players)}
    if round_ == 1:
        events = play(game, "play")
    else:
        proposed = game.proposed
        assert proposed is not None
        other = Suit((proposed.suit + 1) % 4)
        events = play(game, *["pass"] * players, "suit:" + other.letter)
    assert events_of(events, ExtraCardsDealt) == [ExtraCardsDealt(3)]
    for position, seat in enumerate(order):
        extra = set(stock[3 * position : 3 * position + 3])
        assert hand_codes(game, seat) == first[seat] | extra
        assert len(game.hand(seat)) == 9
    left = [DECK[index].code for index in game.to_dict()["stock"]]
    assert left == stock[3 * players :]
    assert len(left) == 32 - 9 * players - 1


def test_four_players_get_no_extra_cards() -> None:
    game = _game(4, 0)
    events = play(game, "play")
    assert not events_of(events, ExtraCardsDealt)
    assert all(len(game.hand(seat)) == 8 for seat in range(4))
    assert game.phase is Phase.PLAY
