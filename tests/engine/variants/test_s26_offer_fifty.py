"""RULES-VARIANTS.md §26 ``offer_fifty`` (with H1 and H2's ``fifty`` record)."""

from __future__ import annotations

import pytest

from engine import (
    AcceptFifty,
    DeclineFifty,
    ExtraCardsDealt,
    Game,
    HandDealt,
    HandScored,
    IllegalActionError,
    NoFiftyOffer,
    OfferFifty,
    Outcome,
    Phase,
    Reason,
    Rules,
)

from ..decks import deck_for, events_of, play

RULES = Rules(offer_fifty=True)


def start(rules: Rules = RULES) -> Game:
    game = Game.from_deck(2, rules, deck_for(2, 1), 1)
    play(game, "play")  # seat 0 plays the proposed suit
    return game


def test_after_trump_the_non_bidder_may_offer_before_the_extras() -> None:
    game = start()
    assert game.to_act == 1
    assert game.legal_actions() == [OfferFifty(), NoFiftyOffer()]
    assert len(game.hand(0)) == 6  # the extras wait


def test_accepted_the_bidder_writes_50_and_the_next_hand_is_dealt() -> None:
    game = start()
    play(game, "offer50")
    assert game.to_act == 0
    assert game.legal_actions() == [AcceptFifty(), DeclineFifty()]
    events = play(game, "accept50")
    (scored,) = events_of(events, HandScored)
    assert scored.result.outcome is Outcome.FIFTY
    assert [side.written for side in scored.result.sides] == [50, 0]
    assert game.scores == (50, 0)
    assert events_of(events, HandDealt)[0].hand_number == 2


def test_declined_play_goes_on_with_the_extras() -> None:
    game = start()
    events = play(game, "offer50", "decline50")
    assert events_of(events, ExtraCardsDealt)
    assert game.sheet == ()


def test_no_offer_play_goes_on() -> None:
    game = start()
    events = play(game, "no_offer")
    assert events_of(events, ExtraCardsDealt)


def test_fifty_can_win_the_game() -> None:
    game = start(Rules(offer_fifty=True, target=50))
    play(game, "offer50", "accept50")
    assert game.phase is Phase.FINISHED
    assert game.winner == 0


@pytest.mark.parametrize("players", [3, 4])
def test_only_with_two_players(players: int) -> None:
    game = Game.from_deck(players, RULES, deck_for(players, players - 1), players - 1)
    play(game, "play")
    assert game.phase is not Phase.FIFTY_OFFER


def test_refusals_and_round_trip() -> None:
    game = start()
    with pytest.raises(IllegalActionError) as info:
        game.apply(AcceptFifty())  # nothing offered yet
    assert info.value.reason is Reason.WRONG_PHASE
    play(game, "offer50")
    restored = Game.from_json(game.to_json())
    assert restored == game
    assert restored.legal_actions() == [AcceptFifty(), DeclineFifty()]
