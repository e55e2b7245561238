"""RULES-VARIANTS.md §5 ``proposed_card`` (with H4: 4 players need ``six_then_two``, 3
players with 4 extra cards leave two stock cards out of play)."""

from __future__ import annotations

import random

import pytest

from engine import FourPlayerDeal, Game, Phase, ProposedCard, RoundTwo, Rules
from engine.ai.infer import resample

from ..decks import C, deck_for, hand_codes, play

TO_BIDDER = Rules(proposed_card=ProposedCard.TO_BIDDER)


def start(players: int, rules: Rules, **hands: object) -> tuple[Game, list[str]]:
    """Seat ``players - 1`` deals, so seat 0 speaks first."""
    deck = deck_for(players, players - 1, **hands)  # type: ignore[arg-type]
    return Game.from_deck(players, rules, deck, players - 1), deck


def test_stays_the_proposed_card_is_in_no_hand() -> None:
    game, deck = start(2, Rules(seven_exchange=False))
    play(game, "play")
    assert all(C(deck[12]) not in game.hand(seat) for seat in range(2))
    assert game.proposed_holder is None


def test_to_bidder_the_bidders_packet_is_the_card_and_two_off_the_top() -> None:
    game, deck = start(2, TO_BIDDER)
    play(game, "pass", "play")  # seat 1 takes it
    assert game.phase is Phase.PLAY
    assert hand_codes(game, 0) >= set(deck[13:16])  # seat 0 first: 3 off the top
    assert hand_codes(game, 1) >= {deck[12], *deck[16:18]}
    assert [len(game.hand(seat)) for seat in range(2)] == [9, 9]
    assert len(game.to_dict()["stock"]) == 32 - 12 - 1 - 5
    assert game.proposed_holder == 1
    assert game.view(0).proposed_holder == 1
    assert (1, C(deck[12])) in game.view(0).known_cards
    assert (1, C(deck[12])) in game.public_view().known_cards
    assert Game.from_json(game.to_json()).proposed_holder == 1


def test_to_bidder_has_no_seven_exchange() -> None:
    game, _ = start(2, TO_BIDDER, hands=[["7H"]], proposed="9H")
    play(game, "play")
    assert game.phase is Phase.PLAY
    assert game.view(0).seven_exchanger is None


def test_three_players_four_extras_leave_two_stock_cards_out() -> None:
    game, deck = start(3, TO_BIDDER.replace(extra_cards=4, freza=True))
    play(game, "play")
    stock = game.to_dict()["stock"]
    assert len(stock) == 2
    assert game.freza is not None
    assert game.freza.code == deck[31]
    assert [len(game.hand(seat)) for seat in range(3)] == [10, 10, 10]


def test_it_applies_after_bidding_round_two() -> None:
    game, deck = start(2, TO_BIDDER)
    proposed = C(deck[12])
    other = next(suit for suit in "SCDH" if suit != proposed.suit.letter)
    play(game, "pass", "pass", "suit:" + other)
    assert proposed in game.hand(0)
    assert game.proposed_holder == 0


def test_with_round_two_next_card_the_accepted_card_goes_to_the_bidder() -> None:
    game, deck = start(2, TO_BIDDER.replace(round_two=RoundTwo.NEXT_CARD))
    play(game, "pass", "pass", "play")
    assert C(deck[13]) in game.hand(0)
    assert all(C(deck[12]) not in game.hand(seat) for seat in range(2))


def test_four_players_with_eight_cards_ignore_it() -> None:
    game, deck = start(4, TO_BIDDER)
    play(game, "play")
    assert C(deck[31]) in game.hand(3)  # the dealer keeps it
    assert game.proposed_holder is None


def test_four_players_six_then_two_bidder_gets_one_card_and_the_proposed() -> None:
    rules = TO_BIDDER.replace(four_player_deal=FourPlayerDeal.SIX_THEN_TWO)
    game, deck = start(4, rules)
    play(game, "pass", "play")  # seat 1 takes it
    assert hand_codes(game, 0) >= set(deck[24:26])
    assert hand_codes(game, 1) >= {deck[26], deck[31]}
    assert hand_codes(game, 2) >= set(deck[27:29])
    assert hand_codes(game, 3) >= set(deck[29:31])
    assert [len(game.hand(seat)) for seat in range(4)] == [8, 8, 8, 8]
    assert (1, C(deck[31])) in game.view(0).known_cards


@pytest.mark.parametrize("players", [2, 3])
def test_resampling_keeps_the_card_in_the_bidders_hand(players: int) -> None:
    game, deck = start(players, TO_BIDDER)
    play(game, "play")
    seat = 1
    view = game.view(seat)
    rng = random.Random(5)
    for _ in range(20):
        sampled = resample(view, rng)
        assert C(deck[6 * players]) in sampled.hand(0)
        assert sampled.view(seat) == view
