"""RULES.md §1: the 32 cards, their order and points in and out of trump."""

from __future__ import annotations

import copy
import pickle

import pytest

from engine import DECK, Card, CardParseError, Rank, Suit, points, sorted_for_display, strength

from .decks import C

TRUMP_ORDER = ["J", "9", "A", "10", "K", "Q", "8", "7"]
PLAIN_ORDER = ["A", "10", "K", "Q", "J", "9", "8", "7"]
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def test_the_deck_holds_32_distinct_cards_7_to_ace() -> None:
    assert len(DECK) == 32
    assert len({card.code for card in DECK}) == 32
    ranks = {card.rank.code for card in DECK}
    assert ranks == {"7", "8", "9", "10", "J", "Q", "K", "A"}
    for suit in Suit:
        assert sum(1 for card in DECK if card.suit is suit) == 8


@pytest.mark.parametrize("suit", list(Suit))
def test_trump_order_is_j_9_a_10_k_q_8_7(suit: Suit) -> None:
    cards = [C(rank + suit.letter) for rank in TRUMP_ORDER]
    strengths = [strength(card, suit) for card in cards]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == 8


@pytest.mark.parametrize("suit", list(Suit))
def test_plain_order_is_a_10_k_q_j_9_8_7(suit: Suit) -> None:
    trump = (suit + 1) % 4
    cards = [C(rank + suit.letter) for rank in PLAIN_ORDER]
    strengths = [strength(card, trump) for card in cards]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == 8


def test_any_trump_is_stronger_than_any_plain_card() -> None:
    trump = Suit.DIAMONDS
    weakest_trump = min(strength(card, trump) for card in DECK if card.suit is trump)
    strongest_plain = max(strength(card, trump) for card in DECK if card.suit is not trump)
    assert weakest_trump > strongest_plain
    assert strength(C("7D"), trump) > strength(C("AS"), trump)


def test_the_nine_beats_the_ace_and_the_jack_beats_the_nine_in_trump_only() -> None:
    assert strength(C("9H"), Suit.HEARTS) > strength(C("AH"), Suit.HEARTS)
    assert strength(C("JH"), Suit.HEARTS) > strength(C("9H"), Suit.HEARTS)
    assert strength(C("9H"), Suit.SPADES) < strength(C("AH"), Suit.SPADES)
    assert strength(C("JH"), Suit.SPADES) < strength(C("QH"), Suit.SPADES)


@pytest.mark.parametrize("suit", list(Suit))
def test_points_in_trump(suit: Suit) -> None:
    for rank, value in TRUMP_POINTS.items():
        assert points(C(rank + suit.letter), suit) == value, rank


@pytest.mark.parametrize("suit", list(Suit))
def test_points_out_of_trump(suit: Suit) -> None:
    trump = (suit + 2) % 4
    for rank, value in PLAIN_POINTS.items():
        assert points(C(rank + suit.letter), trump) == value, rank


@pytest.mark.parametrize("trump", list(Suit))
def test_the_deck_holds_152_card_points_whatever_the_trump(trump: Suit) -> None:
    assert sum(points(card, trump) for card in DECK) == 152
    assert sum(points(card, trump) for card in DECK if card.suit is trump) == 62
    for suit in Suit:
        if suit is not trump:
            assert sum(points(card, trump) for card in DECK if card.suit is suit) == 30


@pytest.mark.parametrize(
    ("code", "suit", "rank"),
    [
        ("JS", Suit.SPADES, Rank.JACK),
        ("10H", Suit.HEARTS, Rank.TEN),
        ("7D", Suit.DIAMONDS, Rank.SEVEN),
        ("AC", Suit.CLUBS, Rank.ACE),
        ("9S", Suit.SPADES, Rank.NINE),
        ("QH", Suit.HEARTS, Rank.QUEEN),
        ("KD", Suit.DIAMONDS, Rank.KING),
        ("8C", Suit.CLUBS, Rank.EIGHT),
    ],
)
def test_parse_and_print_round_trip(code: str, suit: Suit, rank: Rank) -> None:
    card = Card.parse(code)
    assert card.suit is suit
    assert card.rank is rank
    assert card.code == code
    assert Card.parse(card.code) is card
    assert card is Card(suit, rank)
    assert eval(repr(card), {"Card": Card}) is card


def test_parse_is_lenient_about_case_and_spaces() -> None:
    assert Card.parse("10h") is C("10H")
    assert Card.parse(" js ") is C("JS")


def test_every_card_code_round_trips() -> None:
    for card in DECK:
        assert Card.parse(card.code) is card
        assert Card.from_index(card.index) is card


def test_str_uses_suit_symbols() -> None:
    assert str(C("JS")) == "J♠"
    assert str(C("10H")) == "10♥"
    assert str(C("7D")) == "7♦"
    assert str(C("AC")) == "A♣"


@pytest.mark.parametrize(
    "code", ["", " ", "J", "S", "1H", "11H", "0H", "JX", "HJ", "ZS", "10", "AS1", "JSS", "6S"]
)
def test_bad_codes_raise_card_parse_error(code: str) -> None:
    with pytest.raises(CardParseError):
        Card.parse(code)


def test_card_parse_error_is_a_value_error() -> None:
    assert issubclass(CardParseError, ValueError)


def test_cards_compare_by_identity_not_strength() -> None:
    ace, ten = C("AS"), C("10S")
    assert ace == Card.parse("AS")
    assert ace != ten
    assert C("JS") != C("JH")
    assert len({C("AS"), Card(Suit.SPADES, Rank.ACE), Card.parse("as")}) == 1
    with pytest.raises(TypeError):
        _ = ace < ten  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = ace > ten  # type: ignore[operator]


def test_cards_are_immutable_and_interned_through_copy_and_pickle() -> None:
    card = C("QD")
    with pytest.raises(AttributeError):
        card._index = 3
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_from_index_rejects_out_of_range() -> None:
    with pytest.raises(ValueError, match="index"):
        Card.from_index(32)
    with pytest.raises(ValueError, match="index"):
        Card.from_index(-1)


def test_suit_parse_letters_and_symbols() -> None:
    assert Suit.parse("s") is Suit.SPADES
    assert Suit.parse("♥") is Suit.HEARTS
    with pytest.raises(CardParseError):
        Suit.parse("X")


def test_sorted_for_display_puts_trump_first_strongest_first() -> None:
    cards = [C(code) for code in ["7S", "AS", "9H", "JH", "10S", "AH"]]
    shown = [card.code for card in sorted_for_display(cards, Suit.HEARTS)]
    assert shown == ["JH", "9H", "AH", "AS", "10S", "7S"]
