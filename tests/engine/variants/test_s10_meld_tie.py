"""RULES-VARIANTS.md §10 ``meld_tie``: step 4 of the meld ranking."""

from __future__ import annotations

import pytest

from engine import FirstLead, Game, HandScored, MeldsWon, MeldTie, Rules, TrickWon

from ..decks import deal, events_of, play, play_out

# Two players, dealer 1, face-up 7H. Equal non-trump terzes to the 9: seat 0 in clubs,
# seat 1 in diamonds. Seat 0 passes, seat 1 plays hearts and, with first_lead=bidder,
# leads: first to play is seat 1, first in deal order is seat 0.
HANDS = [
    "7C 8C 9C JS AS QD AH KS 10D",
    "7D 8D 9D JC AC QS KH 10S 8H",
]


def start(tie: MeldTie) -> Game:
    rules = Rules(meld_tie=tie, first_lead=FirstLead.BIDDER)
    game = deal(2, 1, HANDS, "7H", rules)
    play(game, "pass", "play")
    assert game.to_act == 1
    return game


def melds_written(tie: MeldTie) -> tuple[list[int], list[MeldsWon], int]:
    game = start(tie)
    events = play_out(game)
    (scored,) = events_of(events, HandScored)
    last = next(e for e in events_of(events, TrickWon) if e.last).winner
    return [side.melds for side in scored.result.sides], events_of(events, MeldsWon), last


def test_first_to_play_the_bidder_who_leads_wins_the_tie() -> None:
    melds, won, _ = melds_written(MeldTie.FIRST_TO_PLAY)
    assert melds == [0, 20]
    assert [event.side for event in won] == [1]


def test_deal_order_the_player_left_of_the_dealer_wins_the_tie() -> None:
    melds, won, _ = melds_written(MeldTie.DEAL_ORDER)
    assert melds == [20, 0]
    assert [event.side for event in won] == [0]


def test_last_trick_the_melds_wait_for_the_last_trick() -> None:
    game = start(MeldTie.LAST_TRICK)
    first_trick = play(game, game.legal_actions()[0].code)
    first_trick += play(game, game.legal_actions()[0].code)
    assert events_of(first_trick, TrickWon)
    assert not events_of(first_trick, MeldsWon)
    assert game.winning_melds() == ()
    rest = play_out(game)
    (won,) = events_of(rest, MeldsWon)
    last = next(e for e in events_of(rest, TrickWon) if e.last).winner
    assert won.side == last
    (scored,) = events_of(rest, HandScored)
    assert scored.result.sides[last].melds == 20
    assert scored.result.sides[1 - last].melds == 0
    # the melds are shown before the hand's result
    assert rest.index(won) < rest.index(scored)


@pytest.mark.parametrize("tie", list(MeldTie))
def test_a_higher_meld_is_not_a_tie(tie: MeldTie) -> None:
    hands = ["7C 8C 9C JS AS QD AH KS 10H", "8D 9D 10D JC AC QS KH 10S 8H"]
    game = deal(2, 1, hands, "7H", Rules(meld_tie=tie, first_lead=FirstLead.BIDDER))
    play(game, "pass", "play")
    events = play_out(game)
    (scored,) = events_of(events, HandScored)
    assert [side.melds for side in scored.result.sides] == [0, 20]
