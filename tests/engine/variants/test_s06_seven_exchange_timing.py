"""RULES-VARIANTS.md §6 ``seven_exchange_timing``."""

from __future__ import annotations

from engine import ExtraCardsDealt, Phase, Rules, SevenExchanged, SevenExchangeTiming

from ..decks import C, deal, events_of, play

BEFORE = Rules(seven_exchange_timing=SevenExchangeTiming.BEFORE_EXTRAS)
# Two players, dealer 1, face-up 10S: seat 0 plays spades in round 1.
FIRST_SIX = ["7S AH KH QH JH 9C 8C 7C 10C", "AS KS QS JS 9S 8S AD KD QD"]
WITH_EXTRAS = ["AH KH QH JH 9C 8C 7S 7C 10C", "AS KS QS JS 9S 8S AD KD QD"]


def test_before_extras_the_exchange_comes_right_after_bidding() -> None:
    game = deal(2, 1, FIRST_SIX, "10S", BEFORE)
    events = play(game, "play")
    assert not events_of(events, ExtraCardsDealt)
    assert game.to_act == 0
    assert [a.code for a in game.legal_actions()] == ["swap", "keep"]
    assert len(game.hand(0)) == 6
    events = play(game, "swap")
    assert events_of(events, SevenExchanged)[0].taken == C("10S")
    assert events_of(events, ExtraCardsDealt)  # then the extras
    assert game.phase is Phase.PLAY
    assert C("10S") in game.hand(0)


def test_before_extras_a_seven_that_arrives_with_the_extras_cannot_be_exchanged() -> None:
    game = deal(2, 1, WITH_EXTRAS, "10S", BEFORE)
    play(game, "play")
    assert C("7S") in game.hand(0)
    assert game.phase is Phase.PLAY


def test_after_extras_the_default_offers_it_after_the_extras() -> None:
    for hands in (FIRST_SIX, WITH_EXTRAS):
        game = deal(2, 1, hands, "10S", Rules())
        events = play(game, "play")
        assert events_of(events, ExtraCardsDealt)
        assert game.phase is Phase.EXCHANGE


def test_before_extras_keeping_the_seven_also_deals_the_extras() -> None:
    game = deal(2, 1, FIRST_SIX, "10S", BEFORE)
    play(game, "play")
    events = play(game, "keep")
    assert events_of(events, ExtraCardsDealt)
    assert game.phase is Phase.PLAY
    assert len(game.hand(0)) == 9
