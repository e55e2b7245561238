"""RULES-VARIANTS.md §19 ``visyak`` (with H2's ``visyak`` record, H7 and H14)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import (
    DealerRotation,
    DebertzWon,
    Event,
    FirstLead,
    Game,
    GameOver,
    HandResult,
    HandScored,
    KlaborWon,
    MeldsAnnounced,
    Outcome,
    Phase,
    PlayCard,
    Rules,
    RulesError,
    SideScore,
    Suit,
    ThreePlayerBait,
    ThreePlayerContract,
    VisyakHand,
)
from engine.ai import make_player
from engine.phases.deal import deal_and_check
from engine.scoring import score_hand

from ..decks import C, deck_for, events_of, play_out
from .helpers import TIE_THEN_BAIT, TIE_THEN_MADE, TIE_THEN_MADE_3, VISYAK
from .helpers import visyak_tie as tie


def test_with_hanging_bait_is_refused_naming_both() -> None:
    with pytest.raises(RulesError, match="visyak") as info:
        Rules(visyak=True, hanging_bait=True)
    assert "hanging_bait" in str(info.value)


def test_the_tie_the_opponents_write_and_the_bidders_points_go_to_the_pool() -> None:
    game, events = tie(*TIE_THEN_BAIT)
    result = events_of(events, HandScored)[0].result
    bidder = result.bidder_side
    other = 1 - bidder
    assert result.sides[other].written == result.sides[other].total
    assert result.sides[bidder].written == 0
    assert not result.sides[bidder].bait  # not a bait
    assert result.visyak_pool == result.sides[bidder].total == 88
    assert game.scores[bidder] == 0
    assert game.to_dict()["baits"] == [0, 0]


def test_the_next_hand_has_no_bidding_the_same_bidder_and_the_proposed_suit() -> None:
    game, events = tie(*TIE_THEN_BAIT)
    result = events_of(events, HandScored)[0].result
    (started,) = events_of(events, VisyakHand)
    assert started.bidder == result.bidder == game.bidder
    assert game.proposed is not None
    assert started.trump is game.proposed.suit is game.trump
    assert started.pool == 88
    assert game.phase in (Phase.PLAY, Phase.EXCHANGE)
    assert game.view(0).bids == ()
    assert game.visyak_pool == 88
    assert game.public_view().visyak_pool == 88
    assert game.view(1).visyak_pool == 88
    restored = Game.from_json(game.to_json())
    assert restored == game
    assert restored.visyak_pool == 88


def test_the_next_seat_deals_whatever_the_rotation() -> None:
    game, events = tie(*TIE_THEN_BAIT, dealer_rotation=DealerRotation.WINNER)
    result = events_of(events, HandScored)[0].result
    assert game.dealer == (result.dealer + 1) % 2


def test_only_bella_scores_in_the_visyak_hand() -> None:
    game, _ = tie(*TIE_THEN_MADE_3)
    events = play_out(game)
    assert not events_of(events, MeldsAnnounced)
    assert game.view(0).melds_announced == ()
    result = events_of(events, HandScored)[0].result
    assert all(side.melds == 0 for side in result.sides)


def test_made_the_bidder_also_writes_the_pool() -> None:
    game, events = tie(*TIE_THEN_MADE)
    pool = events_of(events, VisyakHand)[0].pool
    bidder = game.bidder
    assert bidder is not None
    result = events_of(play_out(game), HandScored)[0].result
    assert result.outcome is Outcome.MADE
    line = result.sides[bidder]
    assert line.visyak_won == pool == 61
    assert line.written == line.total + pool
    assert result.visyak_pool == 0
    assert game.visyak_pool == 0


def test_sat_the_pool_joins_the_bait_and_the_bait_counts() -> None:
    game, _events = tie(*TIE_THEN_BAIT)
    bidder = game.bidder
    assert bidder is not None
    result = events_of(play_out(game), HandScored)[0].result
    assert result.outcome is Outcome.BAIT
    other = result.sides[1 - bidder]
    assert other.received == result.sides[bidder].total + 88
    assert game.to_dict()["baits"][bidder] == 1  # a bait in the висяк hand counts


def test_redeal_claims_apply_and_the_visyak_carries_over() -> None:
    game, events = tie(*TIE_THEN_BAIT, weak_hand_redeal=84)
    assert game.phase is Phase.REDEAL_CLAIMS
    bidder = game.bidder
    events = game.apply(game.legal_actions()[0])  # claim a redeal
    (again,) = events_of(events, VisyakHand)
    assert again.bidder == bidder
    assert again.pool == 88


def test_the_fifty_offer_does_not_apply() -> None:
    game, _ = tie(*TIE_THEN_BAIT, offer_fifty=True)
    assert game.phase is not Phase.FIFTY_OFFER


def test_the_pool_is_lost_when_the_game_ends() -> None:
    game, _ = tie(*TIE_THEN_BAIT)
    winner_points = game.scores[1 - (game.sheet[-1].bidder_side)]
    game, events = tie(*TIE_THEN_BAIT, target=winner_points)
    assert events_of(events, GameOver)
    assert not events_of(events, VisyakHand)
    assert game.visyak_pool == 0


def test_computer_players_play_the_visyak_hand() -> None:
    game, _ = tie(*TIE_THEN_MADE_3)
    players = [make_player("heuristic", seat) for seat in range(2)] + [
        make_player("search", 2, budget=None, samples=4)
    ]
    hand = game.hand_number
    while game.hand_number == hand and game.phase is not Phase.FINISHED:
        seat = game.to_act
        assert seat is not None
        action = players[seat].choose(game.view(seat))
        assert action in game.legal_actions()
        game.apply(action)
    assert game.sheet[-1].hand_number == hand


# Scoring, as a pure function -----------------------------------------------------------


def score(**kwargs: Any) -> Any:
    base: dict[str, Any] = {
        "rules": VISYAK,
        "players": 3,
        "hand_number": 1,
        "dealer": 2,
        "bidder": 0,
        "trump": Suit.HEARTS,
        "last_trick_seat": 1,
        "meld_side": None,
        "meld_points": 0,
        "bella_seat": None,
        "hanging_before": 0,
        "baits_before": (0, 0, 0),
    }
    base.update(kwargs)
    return score_hand(**base)


def test_a_tie_with_the_sum_contract_is_a_visyak() -> None:
    rules = VISYAK.replace(three_player_contract=ThreePlayerContract.SUM)
    result = score(rules=rules, card_points=(81, 30, 41), tricks=(5, 2, 2))
    assert result.outcome is Outcome.VISYAK
    assert result.visyak_pool == 81


def test_another_tie_in_the_visyak_hand_grows_the_pool() -> None:
    result = score(card_points=(60, 50, 42), tricks=(3, 3, 3), visyak_pool=40)
    assert result.outcome is Outcome.VISYAK
    assert result.visyak_pool == 100
    assert [side.written for side in result.sides] == [0, 60, 42]


def test_the_bolt_applies_to_the_tie_hand() -> None:
    rules = VISYAK.replace(bolt_penalty=100)
    result = score(
        rules=rules,
        card_points=(0, 70, 72),
        tricks=(0, 5, 4),
        meld_side=0,
        meld_points=60,
        bella_seat=0,
    )
    assert result.outcome is Outcome.VISYAK
    assert result.sides[0].bolt == -100
    assert result.sides[0].written == -100
    assert result.visyak_pool == 80


def test_a_tie_is_not_a_bait_for_the_third_bait_penalty() -> None:
    rules = VISYAK.replace(third_bait_penalty=100)
    tied = score(rules=rules, card_points=(60, 50, 42), tricks=(3, 3, 3), baits_before=(2, 0, 0))
    assert tied.outcome is Outcome.VISYAK
    assert tied.sides[0].bait_penalty == 0
    sat = score(
        rules=rules,
        card_points=(40, 50, 62),
        tricks=(3, 3, 3),
        baits_before=(2, 0, 0),
        visyak_pool=40,
    )
    assert sat.outcome is Outcome.BAIT
    assert sat.sides[0].bait_penalty == -100
    assert sat.sides[2].received == 80


def test_tied_defenders_under_richer_else_hang_keep_the_bait_with_the_pool() -> None:
    rules = VISYAK.replace(three_player_bait=ThreePlayerBait.RICHER_ELSE_HANG)
    result = score(
        rules=rules, card_points=(40, 56, 46), tricks=(3, 3, 3), visyak_pool=30, last_trick_seat=2
    )
    assert result.outcome is Outcome.BAIT
    assert result.pools == ((70, (1, 2)),)


def test_off_a_tie_is_a_bait() -> None:
    result = score(rules=Rules(), card_points=(60, 50, 42), tricks=(3, 3, 3))
    assert result.outcome is Outcome.BAIT


def test_cards_in_the_visyak_hand_are_played_by_the_usual_rules() -> None:
    game, _ = tie(*TIE_THEN_MADE)
    if game.phase is Phase.EXCHANGE:
        game.apply(game.legal_actions()[-1])
    assert game.phase is Phase.PLAY
    assert all(isinstance(action, PlayCard) for action in game.legal_actions())


def test_a_stored_sheet_from_before_the_option_loads() -> None:
    game, _ = tie(*TIE_THEN_MADE)
    play_out(game)
    data = json.loads(game.to_json())
    for result in data["sheet"]:
        del result["visyak_pool"]
        for side in result["sides"]:
            del side["visyak_won"]
    del data["rules"]["visyak"]
    restored = Game.from_dict(data)
    assert restored.rules.visyak is False
    assert all(result.visyak_pool == 0 for result in restored.sheet)
    assert all(side.visyak_won == 0 for result in restored.sheet for side in result.sides)


def _visyak_deal(
    players: int, rules: Rules, deck: list[str], bidder: int = 0
) -> tuple[Game, list[Event]]:
    """A висяк hand dealt from ``deck`` by the last seat: the sheet ends in a tie of
    ``bidder`` (the hand's own deck cannot be chosen through the seed)."""
    game = Game(players, rules, seed=0)
    game._first_deck = tuple(C(code).index for code in deck)
    game._dealer = players - 1
    sides = tuple(SideScore(s, 1, 0, 0, 0, 0, False, 0, 0, 0, 0, 0) for s in range(game.sides))
    side = bidder % 2 if players == 4 else bidder
    tied = HandResult(1, 0, bidder, side, Suit.SPADES, Outcome.VISYAK, sides, 0, visyak_pool=50)
    game._sheet = [tied]
    events: list[Event] = []
    deal_and_check(game, events)
    return game, events


def test_a_klabor_does_not_count_in_the_visyak_hand() -> None:
    rules = VISYAK.replace(klabor_wins=True)
    deck = deck_for(2, 1, hands=[["AS", "KS", "QS", "JS", "10S", "9S"]], proposed="7H")
    game, events = _visyak_deal(2, rules, deck)
    assert not events_of(events, KlaborWon)
    assert events_of(events, VisyakHand)
    assert game.phase is not Phase.FINISHED
    assert game.trump is Suit.HEARTS


def test_a_debertz_does_not_count_in_the_visyak_hand() -> None:
    rules = VISYAK.replace(debertz_wins=True)
    run = ["7C", "8C", "9C", "10C", "JC", "QC", "KC"]
    deck = deck_for(4, 3, hands=[run], proposed="7H")
    game, _ = _visyak_deal(4, rules, deck)
    assert game.to_act == 0
    events = game.apply(game.legal_actions()[0])
    assert not events_of(events, DebertzWon)
    assert not events_of(events, MeldsAnnounced)
    assert game.phase is Phase.PLAY


def test_the_seven_exchange_works_as_after_a_round_one_play() -> None:
    deck = deck_for(2, 1, hands=[["7H"]], proposed="JH")
    game, _ = _visyak_deal(2, VISYAK, deck)
    assert game.phase is Phase.EXCHANGE
    assert game.to_act == 0


def test_first_lead_applies_in_the_visyak_hand() -> None:
    rules = VISYAK.replace(first_lead=FirstLead.BIDDER, seven_exchange=False)
    game, _ = _visyak_deal(2, rules, deck_for(2, 1), bidder=1)
    assert game.bidder == 1
    assert game.to_act == 1
    left, _ = _visyak_deal(2, VISYAK.replace(seven_exchange=False), deck_for(2, 1), bidder=1)
    assert left.to_act == 0
