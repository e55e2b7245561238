"""RULES.md §2: the deal, from an explicit deck and from a seed."""

from __future__ import annotations

import pytest

from engine import DECK, Game, Phase, Rules

from .decks import codes, deck_for, hand_codes, play, seat_order

CODES = [card.code for card in DECK]


def _stock(game: Game) -> list[str]:
    return [DECK[index].code for index in game.to_dict()["stock"]]


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2)])
def test_small_deal_is_3_plus_3_from_left_of_dealer_then_face_up(players: int, dealer: int) -> None:
    game = Game.from_deck(players, Rules(), CODES, dealer)
    order = seat_order(players, dealer)
    for position, seat in enumerate(order):
        first = CODES[3 * position : 3 * position + 3]
        second = CODES[3 * players + 3 * position : 3 * players + 3 * position + 3]
        assert hand_codes(game, seat) == set(first + second)
        assert len(game.hand(seat)) == 6
    proposed = game.proposed
    assert proposed is not None
    assert proposed.code == CODES[6 * players]
    assert all(proposed not in game.hand(seat) for seat in range(players))
    assert _stock(game) == CODES[6 * players + 1 :]
    assert game.phase is Phase.BIDDING
    assert game.to_act == order[0]
    assert game.dealer == dealer
    assert game.hand_number == 1


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_four_player_deal_is_3_3_2_and_the_dealers_last_card_is_proposed(dealer: int) -> None:
    game = Game.from_deck(4, Rules(), CODES, dealer)
    order = seat_order(4, dealer)
    for position, seat in enumerate(order):
        expected = (
            CODES[3 * position : 3 * position + 3]
            + CODES[12 + 3 * position : 12 + 3 * position + 3]
            + CODES[24 + 2 * position : 24 + 2 * position + 2]
        )
        assert hand_codes(game, seat) == set(expected)
        assert len(game.hand(seat)) == 8
    proposed = game.proposed
    assert proposed is not None
    assert proposed.code == CODES[31]
    assert proposed in game.hand(dealer), "the proposed card stays in the dealer's hand"
    assert _stock(game) == []
    assert game.to_act == order[0]


def test_deck_helper_places_the_hands_asked_for() -> None:
    deck = deck_for(
        3,
        1,
        hands=[["JS", "9S"], [], ["7H", "8H", "9H"]],
        proposed="AD",
        extras=[["KS"], ["QC", "KC", "AC"]],
    )
    game = Game.from_deck(3, Rules(), deck, 1)
    assert {"JS", "9S"} <= hand_codes(game, 0)
    assert {"7H", "8H", "9H"} <= hand_codes(game, 2)
    assert game.proposed is not None
    assert game.proposed.code == "AD"
    play(game, "play")  # seat 2 plays the proposed suit
    assert {"JS", "9S", "KS"} <= hand_codes(game, 0)
    assert {"QC", "KC", "AC"} <= hand_codes(game, 1)


def test_deck_helper_with_four_players_keeps_proposed_last_for_the_dealer() -> None:
    deck = deck_for(4, 2, hands=[[], ["AS"], ["7H"]], proposed="KD")
    assert deck[31] == "KD"
    game = Game.from_deck(4, Rules(), deck, 2)
    assert {"7H", "KD"} <= hand_codes(game, 2)
    assert "AS" in hand_codes(game, 1)


def test_from_deck_accepts_card_objects_and_codes_alike() -> None:
    assert Game.from_deck(3, Rules(), list(DECK), 0) == Game.from_deck(3, Rules(), CODES, 0)


@pytest.mark.parametrize(
    "deck",
    [CODES[:31], [*CODES[:31], CODES[0]], [*CODES, "AS"], [*CODES[:31], "XX"]],
)
def test_from_deck_refuses_a_deck_that_is_not_the_32_cards(deck: list[str]) -> None:
    with pytest.raises(ValueError, match=r"32 cards|card code"):
        Game.from_deck(3, Rules(), deck, 0)


def test_from_deck_refuses_bad_dealers_and_player_counts() -> None:
    with pytest.raises(ValueError, match="dealer"):
        Game.from_deck(3, Rules(), CODES, 3)
    with pytest.raises(ValueError, match="dealer"):
        Game.from_deck(2, Rules(), CODES, -1)
    for players in (1, 5):
        with pytest.raises(ValueError, match="players"):
            Game.from_deck(players, Rules(), CODES, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_game(players: int) -> None:
    first = Game.new(players, Rules(), seed=1234)
    second = Game.new(players, Rules(), seed=1234)
    assert first == second
    assert first.to_json() == second.to_json()
    for seat in range(players):
        assert first.hand(seat) == second.hand(seat)
    # and they stay equal when played the same way
    for _ in range(40):
        action = first.legal_actions()[-1]
        assert first.apply(action) == second.apply(action)
    assert first == second


@pytest.mark.parametrize("players", [2, 3, 4])
def test_different_seeds_deal_differently(players: int) -> None:
    deals = set()
    for seed in range(20):
        game = Game.new(players, Rules(), seed=seed)
        deals.add(tuple(tuple(codes(game.hand(seat))) for seat in range(players)))
    assert len(deals) == 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_dealer_comes_from_the_seed(players: int) -> None:
    dealers = [Game.new(players, Rules(), seed=seed).dealer for seed in range(60)]
    assert dealers == [Game.new(players, Rules(), seed=seed).dealer for seed in range(60)]
    assert set(dealers) == set(range(players)), "every seat can be the first dealer"
    for seed in range(60):
        game = Game.new(players, Rules(), seed=seed)
        assert game.to_act == (game.dealer + 1) % players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seeded_deal_is_a_valid_deal(players: int) -> None:
    game = Game.new(players, Rules(), seed=99)
    held = [card for seat in range(players) for card in game.hand(seat)]
    size = 8 if players == 4 else 6
    assert all(len(game.hand(seat)) == size for seat in range(players))
    stock = _stock(game)
    proposed = game.proposed
    assert proposed is not None
    everything = [card.code for card in held] + stock + ([] if players == 4 else [proposed.code])
    assert sorted(everything) == sorted(CODES)
    if players == 4:
        assert proposed in game.hand(game.dealer)
