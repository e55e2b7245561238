"""RULES.md §6: the play. Follow suit, trump, overtrump; who takes a trick; who leads."""

from __future__ import annotations

import pytest

from engine import (
    Action,
    FirstLead,
    Game,
    GameOver,
    HandScored,
    IllegalActionError,
    KeepSeven,
    NameSuit,
    Pass,
    Phase,
    PlayCard,
    Reason,
    Rules,
    Suit,
    TakeProposed,
    TrickWon,
)

from .decks import C, choose_trump, deal, events_of, play, play_out


def legal(game: Game) -> set[str]:
    return {action.card.code for action in game.legal_actions() if isinstance(action, PlayCard)}


def refused(
    game: Game, card_or_action: str | Action, reason: Reason, seat: int | None = None
) -> IllegalActionError:
    """Assert the action is refused for ``reason`` and changes nothing."""
    action = PlayCard(C(card_or_action)) if isinstance(card_or_action, str) else card_or_action
    before = game.to_json()
    legal_before = game.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action, seat=seat)
    assert info.value.reason is reason, info.value
    assert game.to_json() == before
    assert game.legal_actions() == legal_before
    return info.value


# Three players, dealer 2: seat 0 leads; seat 0 names hearts in round 2 (face-up 7S).
A_HANDS = [
    "AS 10S KS AC 10C AD 10D KD 8H",
    "7C 8C 9C QC 7D 8D 9D JD 10H",  # no spades, one trump
    "JC KC QD 7H 9H JH QH KH AH",  # no spades, six trumps
]


def scenario_a(rules: Rules | None = None) -> Game:
    game = deal(3, 2, A_HANDS, "7S", rules)
    choose_trump(game, "H")
    assert game.trump is Suit.HEARTS
    assert game.to_act == 0
    return game


def test_must_follow_suit_and_need_not_beat_a_plain_card() -> None:
    game = scenario_a()
    play(game, "AC")
    assert legal(game) == {"7C", "8C", "9C", "QC"}
    error = refused(game, "10H", Reason.MUST_FOLLOW_SUIT)
    assert error.suit is Suit.CLUBS
    assert error.seat == 1
    refused(game, "7D", Reason.MUST_FOLLOW_SUIT)
    play(game, "7C")
    assert legal(game) == {"JC", "KC"}, "neither beats the ace, both may be played"
    events = play(game, "JC")
    assert events_of(events, TrickWon)[0].winner == 0


def test_without_the_suit_you_must_trump() -> None:
    game = scenario_a()
    play(game, "AS")
    assert legal(game) == {"10H"}
    error = refused(game, "7C", Reason.MUST_TRUMP)
    assert error.suit is Suit.HEARTS


def test_when_trumping_you_must_overtrump_if_you_can() -> None:
    game = scenario_a()
    play(game, "AS", "10H")
    assert legal(game) == {"9H", "JH", "AH"}
    error = refused(game, "7H", Reason.MUST_OVERTRUMP)
    assert error.suit is Suit.HEARTS
    refused(game, "KH", Reason.MUST_OVERTRUMP)
    refused(game, "KC", Reason.MUST_TRUMP)
    events = play(game, "AH")
    trick = events_of(events, TrickWon)[0]
    assert trick.winner == 2, "the trump ace beats the trump ten"
    assert trick.points == 11 + 10 + 11
    assert game.to_act == 2, "the winner leads the next trick"


def test_when_trump_is_led_you_must_overtrump_if_you_can() -> None:
    game = scenario_a()
    play(game, "8H")
    assert legal(game) == {"10H"}
    play(game, "10H")
    assert legal(game) == {"9H", "JH", "AH"}
    refused(game, "QH", Reason.MUST_OVERTRUMP)
    refused(game, "7H", Reason.MUST_OVERTRUMP)
    refused(game, "JC", Reason.MUST_FOLLOW_SUIT)
    events = play(game, "9H")
    assert events_of(events, TrickWon)[0].winner == 2, "the nine beats the ten and the eight"


def test_no_overtrump_option_any_trump_but_still_a_trump() -> None:
    game = scenario_a(Rules(overtrump=False))
    play(game, "AS", "10H")
    assert legal(game) == {"7H", "9H", "JH", "QH", "KH", "AH"}
    refused(game, "KC", Reason.MUST_TRUMP)
    refused(game, "QD", Reason.MUST_TRUMP)
    events = play(game, "7H")
    assert events_of(events, TrickWon)[0].winner == 1


def test_no_overtrump_option_when_trump_is_led_any_trump() -> None:
    game = scenario_a(Rules(overtrump=False))
    play(game, "8H", "10H")
    assert legal(game) == {"7H", "9H", "JH", "QH", "KH", "AH"}
    refused(game, "JC", Reason.MUST_FOLLOW_SUIT)


B_HANDS = [
    "AS 10S KS QS AC 10C AD 10D KD",
    "JH 7C 8C 9C QC 7D 8D 9D JD",  # no spades, the trump jack
    "7H 8H 9H AH KH QH JC KC QD",  # no spades, only trumps lower than the jack
]


def test_without_a_higher_trump_you_still_play_a_lower_trump() -> None:
    game = deal(3, 2, B_HANDS, "7S")
    choose_trump(game, "H")
    play(game, "AS", "JH")
    assert legal(game) == {"7H", "8H", "9H", "AH", "KH", "QH"}
    error = refused(game, "JC", Reason.MUST_TRUMP)
    assert error.suit is Suit.HEARTS
    events = play(game, "9H")
    trick = events_of(events, TrickWon)[0]
    assert trick.winner == 1, "the jack beats the nine"
    assert trick.points == 11 + 20 + 14


C_HANDS = [
    "AS 10S KS QS AC 10C AD 10D KD",
    "JC 7C 8C 9C QC 7D 8D 9D JD",  # no spades, no trumps
    "7H 8H 9H AH JH KC QD KH QH",  # no spades, trumps
]


def test_void_in_the_suit_and_in_trump_any_card() -> None:
    game = deal(3, 2, C_HANDS, "7S")
    choose_trump(game, "H")
    play(game, "AS")
    assert legal(game) == set(C_HANDS[1].split())
    play(game, "7D")
    assert legal(game) == {"7H", "8H", "9H", "AH", "JH", "KH", "QH"}, "any trump, none to beat"
    refused(game, "KC", Reason.MUST_TRUMP)
    events = play(game, "7H")
    assert events_of(events, TrickWon)[0].winner == 2, "the trump seven takes the ace"


def test_four_players_must_trump_even_when_the_partner_is_winning() -> None:
    hands = [
        "AS 10S KS QS AC 10C AD 10D",
        "7S 8S 9S JS 7C 8C 7D 8D",
        "7H 8H 9C JC QC 9D JD QD",
        "9H 10H JH QH KH AH KC KD",
    ]
    game = deal(4, 3, hands, "AH")
    play(game, "play")
    assert game.trump is Suit.HEARTS
    play(game, "AS", "7S")
    assert legal(game) == {"7H", "8H"}
    refused(game, "9C", Reason.MUST_TRUMP)
    play(game, "7H")
    assert legal(game) == {"9H", "10H", "JH", "QH", "KH", "AH"}
    refused(game, "KC", Reason.MUST_TRUMP)
    events = play(game, "QH")
    assert events_of(events, TrickWon)[0].winner == 3


# Two players, dealer 1: seat 0 leads. Trump spades named in round 2.


def two(seat0: str, seat1: str, proposed: str, rules: Rules | None = None) -> Game:
    game = deal(2, 1, [seat0, seat1], proposed, rules)
    choose_trump(game, "S")
    return game


def test_a_plain_trick_goes_to_the_highest_card_of_the_suit_led() -> None:
    game = two("7C 8C 9S JS AS 10S KS 7D 8D", "AD KD QD 7H 8H 9H 10H JH QH", "9C")
    play(game, "7C")
    assert legal(game) == set(["AD", "KD", "QD", "7H", "8H", "9H", "10H", "JH", "QH"])
    events = play(game, "AD")
    trick = events_of(events, TrickWon)[0]
    assert trick.winner == 0, "an ace of another suit does not take the trick"
    assert trick.points == 11


def test_plain_order_ten_beats_king() -> None:
    game = two("KC 8C 9S JS AS 10S KS 7D 8D", "10C AD KD 7H 8H 9H 10H JH QH", "9C")
    events = play(game, "KC", "10C")
    assert events_of(events, TrickWon)[0].winner == 1


def test_the_trump_seven_beats_a_plain_ace() -> None:
    game = two("AH 10H KH 7C 8C 9S JS AS 10S", "7S AD KD QD JD 10D 9D 7D AC", "QC")
    play(game, "AH")
    assert legal(game) == {"7S"}
    events = play(game, "7S")
    assert events_of(events, TrickWon)[0].winner == 1


def test_the_trump_nine_beats_the_trump_ace() -> None:
    game = two("AS 10H KH 7C 8C 9C JC 10S KS", "9S 7S AD KD QD JD 10D 9D 7D", "QC")
    play(game, "AS")
    assert legal(game) == {"9S"}, "must overtrump with the nine"
    refused(game, "7S", Reason.MUST_OVERTRUMP)
    events = play(game, "9S")
    trick = events_of(events, TrickWon)[0]
    assert trick.winner == 1
    assert trick.points == 11 + 14


def test_the_trump_jack_beats_the_trump_nine() -> None:
    game = two("9S 10H KH 7C 8C 9C JC 10S KS", "JS 7S AD KD QD JD 10D 9D 7D", "QC")
    play(game, "9S")
    assert legal(game) == {"JS"}
    events = play(game, "JS")
    trick = events_of(events, TrickWon)[0]
    assert trick.winner == 1
    assert trick.points == 14 + 20


def test_without_a_higher_trump_on_a_trump_lead_any_trump_follows() -> None:
    game = two("JS 10H KH 7C 8C 9C JC 10S KS", "9S 7S AD KD QD JD 10D 9D 7D", "QC")
    play(game, "JS")
    assert legal(game) == {"7S", "9S"}
    refused(game, "AD", Reason.MUST_FOLLOW_SUIT)
    events = play(game, "7S")
    assert events_of(events, TrickWon)[0].winner == 0


def test_the_last_trick_scores_10_more() -> None:
    game = two("7C 8C 9S JS AS 10S KS 7D 8D", "AD KD QD 7H 8H 9H 10H JH QH", "9C")
    events = play_out(game)
    tricks = events_of(events, TrickWon)
    assert len(tricks) == 9
    assert [t.last for t in tricks] == [False] * 8 + [True]
    assert [t.trick_number for t in tricks] == list(range(1, 10))
    result = events_of(events, HandScored)[0].result
    last_side = tricks[-1].winner
    assert [side.last_trick for side in result.sides] == [
        10 if side == last_side else 0 for side in range(2)
    ]
    for side in result.sides:
        won = sum(t.points for t in tricks if t.winner == side.side)
        assert side.card_points == won
        assert side.tricks == sum(1 for t in tricks if t.winner == side.side)


def test_each_trick_is_led_by_the_winner_of_the_previous_one() -> None:
    game = deal(3, 0, A_HANDS, "7S")
    choose_trump(game, "H")
    leader = game.to_act
    while game.phase is Phase.PLAY:
        events = game.apply(game.legal_actions()[0])
        for trick in events_of(events, TrickWon):
            assert trick.plays[0][0] == leader
            leader = trick.winner
            if not trick.last:
                assert game.to_act == trick.winner


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_player_left_of_the_dealer_leads_even_when_another_bids(players: int) -> None:
    game = deal(players, 0, [], "8D")
    bidder = 0  # the dealer, who speaks last
    choose_trump(game, "D", bidder=bidder)
    assert game.bidder == bidder
    assert game.phase is Phase.PLAY
    assert game.to_act == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bidder_leads_option(players: int) -> None:
    rules = Rules(first_lead=FirstLead.BIDDER)
    game = deal(players, 0, [], "8D", rules)
    choose_trump(game, "D", bidder=0)
    assert game.phase is Phase.PLAY
    assert game.to_act == 0
    game = deal(players, 0, [], "8D", rules)
    choose_trump(game, "S", bidder=players - 1 if players > 2 else 1)
    assert game.to_act == game.bidder


def test_a_card_not_in_hand_is_refused() -> None:
    game = scenario_a()
    refused(game, "7C", Reason.CARD_NOT_IN_HAND)  # seat 1's card
    refused(game, "8S", Reason.CARD_NOT_IN_HAND)  # in the unused stock
    refused(game, "7S", Reason.CARD_NOT_IN_HAND)  # the face-up card
    play(game, "AC")
    refused(game, "AC", Reason.CARD_NOT_IN_HAND)  # already played


def test_playing_out_of_turn_is_refused() -> None:
    game = scenario_a()
    error = refused(game, "7C", Reason.NOT_YOUR_TURN, seat=1)
    assert error.seat == 1
    refused(game, "AC", Reason.NOT_YOUR_TURN, seat=2)
    game.apply(PlayCard(C("AC")), seat=0)
    refused(game, "JC", Reason.NOT_YOUR_TURN, seat=2)
    refused(game, "7C", Reason.NOT_YOUR_TURN, seat=0)
    game.apply(PlayCard(C("7C")), seat=1)
    assert game.to_act == 2


@pytest.mark.parametrize(
    "action", [Pass(), TakeProposed(), NameSuit(Suit.CLUBS), KeepSeven()], ids=str
)
def test_bids_are_refused_during_the_play(action: Action) -> None:
    game = scenario_a()
    refused(game, action, Reason.WRONG_PHASE)


def test_every_illegal_card_leaves_the_game_unchanged() -> None:
    game = scenario_a()
    play(game, "AS")
    illegal = ["7C", "8C", "9C", "QC", "7D", "8D", "9D", "JD", "AS", "7H", "KS", "8S"]
    for code in illegal:
        with pytest.raises(IllegalActionError):
            game.apply(PlayCard(C(code)))
    assert legal(game) == {"10H"}
    play(game, "10H")
    assert game.to_act == 2


def test_after_the_game_is_over_everything_is_refused() -> None:
    game = two("7C 8C 9S JS AS 10S KS 7D 8D", "AD KD QD 7H 8H 9H 10H JH QH", "9C", Rules(target=1))
    events = play_out(game)
    assert events_of(events, GameOver)
    assert game.phase is Phase.FINISHED
    assert game.to_act is None
    assert game.legal_actions() == []
    refused(game, "7C", Reason.GAME_OVER)
    refused(game, Pass(), Reason.GAME_OVER)
