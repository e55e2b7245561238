"""RULES-VARIANTS.md §25 ``format`` and ``dave`` with H3 and H5: one-hand games, their
stakes, and «даве»."""

from __future__ import annotations

import pytest

from engine import (
    ClaimMidHand,
    ConcedeDave,
    Dave,
    DaveConceded,
    DaveOffered,
    DavePlayedOn,
    FourPlayerMode,
    Game,
    GameFormat,
    GameOver,
    HandDealt,
    HandScored,
    IllegalActionError,
    Match,
    OfferDave,
    Outcome,
    Phase,
    PlayCard,
    PlayOnDave,
    Reason,
    Rules,
    RulesError,
)
from engine.ai import HeuristicPlayer, SearchPlayer
from engine.ai.dave import sure_winner

from ..decks import C, deal, events_of, first_policy, play, play_out

ONE = Rules(format=GameFormat.ONE_HAND)
BAIT = Rules(format=GameFormat.ONE_HAND_BAIT)

# Two players, dealer 1, face-up 8H: seat 1 holds every high heart.
WEAK_STRONG = ["7S 8S 9S 7C 8C 9C 7D 8D 9D", "AH 10H KH QH JH 9H AS 10S AC"]


def two(rules: Rules, bidder: int = 0) -> Game:
    game = deal(2, 1, WEAK_STRONG, "8H", rules)
    play(game, *(["pass"] * bidder), "play")
    assert game.bidder == bidder
    return game


def finish(game: Game) -> tuple[HandScored, GameOver]:
    events = play_out(game)
    (hand,) = events_of(events, HandScored)
    (over,) = events_of(events, GameOver)
    return hand, over


def test_dave_needs_a_one_hand_format_naming_both_options() -> None:
    with pytest.raises(RulesError, match=r"dave=arithmetic.*format.*target"):
        Rules(dave=Dave.ARITHMETIC)
    assert Rules(dave=Dave.GEOMETRIC, format=GameFormat.ONE_HAND_BAIT).dave is Dave.GEOMETRIC


def test_target_format_keeps_todays_game() -> None:
    game = two(Rules())
    play_out(game)
    assert game.phase is not Phase.FINISHED  # on to hand 2
    assert game.stakes == ()


def test_one_hand_no_bait_the_highest_total_wins_the_stake() -> None:
    hand, over = finish(two(ONE))
    result = hand.result
    assert result.outcome is Outcome.PLAYED
    assert [(line.total, line.written) for line in result.sides] == [(0, 0), (174, 174)]
    assert not any(line.bait for line in result.sides)
    assert over == GameOver(1, (0, 174), (1,), (-1, 1))


def test_one_hand_a_tie_at_the_top_replays_the_hand_from_zero() -> None:
    game = Game.new(2, ONE, seed=158)
    events = []
    while game.hand_number == 1:
        events += game.apply(first_policy(game))
    (tied,) = events_of(events, HandScored)
    assert [line.written for line in tied.result.sides] == [88, 88]
    assert not events_of(events, GameOver)
    assert events_of(events, HandDealt)[-1].hand_number == 2
    assert game.scores == (0, 0)
    assert game.sheet == ()


def test_one_hand_bait_two_players_a_sitting_bidder_pays_two() -> None:
    hand, over = finish(two(BAIT))
    assert hand.result.outcome is Outcome.BAIT
    assert [line.written for line in hand.result.sides] == [0, 174]
    assert over.stakes == (-2, 2)
    assert over.winners == (1,)


def test_one_hand_bait_two_players_a_bidder_who_makes_it_gets_one() -> None:
    _, over = finish(two(BAIT, bidder=1))
    assert over.stakes == (-1, 1)


def test_one_hand_bait_a_tie_is_a_bait_even_with_hanging_bait_on() -> None:
    game = Game.new(2, BAIT.replace(hanging_bait=True), seed=158)
    events = []
    while game.phase is not Phase.FINISHED:
        events += game.apply(first_policy(game))
    (hand,) = events_of(events, HandScored)
    assert hand.result.outcome is Outcome.BAIT
    bidder = hand.result.bidder_side
    assert game.stakes[bidder] == -2


# Three players, dealer 2 (face-up 8H): seat 1 holds the high hearts.
THREE = [
    "7S 8S 9S 7C 8C 9C 7D 8D 9D",
    "AH 10H KH QH JH 9H AS 10S AC",
    "JS QS KS JC QC KC JD QD KD",
]


def test_one_hand_bait_three_players_a_paying_bidder_makes_both_defenders_winners() -> None:
    game = deal(3, 2, THREE, "8H", BAIT)
    play(game, "play")  # seat 0 bids with the weak hand
    _, over = finish(game)
    assert over.stakes == (-2, 1, 1)
    assert over.winners == (1, 2)
    assert game.winners == (1, 2)


def test_one_hand_bait_three_players_the_bidder_gets_one_from_each() -> None:
    game = deal(3, 2, THREE, "8H", BAIT)
    play(game, "pass", "play")  # seat 1 bids with the hearts
    _, over = finish(game)
    assert over.stakes == (-1, 2, -1)
    assert over.winners == (1,)


@pytest.mark.parametrize(("mode", "stakes"), [(FourPlayerMode.PAIRS, 2), (FourPlayerMode.SOLO, 4)])
def test_four_players_pairs_score_like_two_and_solo_like_three(
    mode: FourPlayerMode, stakes: int
) -> None:
    game = Game.new(4, BAIT.replace(four_player_mode=mode), seed=5)
    events = []
    while game.phase is not Phase.FINISHED:
        events += game.apply(first_policy(game))
    (hand,) = events_of(events, HandScored)
    assert len(game.stakes) == stakes
    assert sum(game.stakes) == 0
    bidder = hand.result.bidder_side
    made = hand.result.outcome is Outcome.MADE
    expected = {2: (1 if made else -2), 4: (3 if made else -3)}[stakes]
    assert game.stakes[bidder] == expected


def test_one_hand_ignores_the_target_the_claim_the_match_and_the_penalties() -> None:
    rules = ONE.replace(
        target=1,
        claim_mid_hand=ClaimMidHand.ON,
        bolt_penalty=100,
        third_bait_penalty=100,
    )
    hand, over = finish(two(rules))
    assert hand.result.outcome is Outcome.PLAYED  # no claim after the first trick
    assert [line.bolt for line in hand.result.sides] == [0, 0]  # seat 0 took no trick
    assert over.stakes == (-1, 1)
    four = Game.new(4, ONE.replace(match=Match.TWO_ROUNDS), seed=5)
    while four.phase is not Phase.FINISHED:
        four.apply(first_policy(four))
    assert four.game_number == 1
    assert four.match_games == ()


# «Даве» ---------------------------------------------------------------------------------

DAVE = ONE.replace(dave=Dave.ARITHMETIC)


def test_dave_is_offered_on_ones_turn_in_the_play_only() -> None:
    game = deal(2, 1, WEAK_STRONG, "8H", DAVE)
    assert OfferDave() not in game.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        game.apply(OfferDave())
    assert info.value.reason is Reason.DAVE_NOT_NOW
    play(game, "play")
    assert game.legal_actions()[-1] == OfferDave()
    assert game.to_act == 0


@pytest.mark.parametrize(
    ("rules", "players"), [(ONE, 2), (DAVE, 3), (Rules(), 2)], ids=["off", "3p", "target"]
)
def test_dave_off_or_not_two_players_is_refused(rules: Rules, players: int) -> None:
    game = Game.new(players, rules, seed=1)
    while game.phase is not Phase.PLAY:
        game.apply(first_policy(game))
    assert OfferDave() not in game.legal_actions()
    for action in (OfferDave(), ConcedeDave(), PlayOnDave()):
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        assert info.value.reason is Reason.DAVE_OFF


def test_concede_loses_the_current_stake_and_ends_the_game() -> None:
    game = two(DAVE)
    events = play(game, "dave")
    assert events == [DaveOffered(0, 1)]
    assert game.phase is Phase.DAVE
    assert game.to_act == 1
    assert game.legal_actions() == [ConcedeDave(), PlayOnDave()]
    events = play(game, "concede")
    assert events == [DaveConceded(1, 1), GameOver(0, (0, 0), (0,), (1, -1))]
    assert game.winner == 0  # the game is over: the offerer won the stake
    assert game.sheet == ()


def test_play_on_raises_the_stake_and_only_the_player_who_played_on_offers_next() -> None:
    game = two(DAVE)
    assert play(game, "dave", "play_on") == [DaveOffered(0, 1), DavePlayedOn(1, 2)]
    assert game.stake == 2
    assert game.to_act == 0  # the offerer still plays his card
    assert OfferDave() not in game.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        game.apply(OfferDave())
    assert info.value.reason is Reason.DAVE_NOT_YOURS
    play(game, "7S")
    assert game.to_act == 1
    assert game.legal_actions()[-1] == OfferDave()
    assert play(game, "dave", "play_on") == [DaveOffered(1, 2), DavePlayedOn(0, 3)]
    assert game.dave_next == 0


def test_geometric_stakes_double_and_multiply_the_result() -> None:
    game = two(ONE.replace(dave=Dave.GEOMETRIC))
    play(game, "dave", "play_on")
    play(game, "7S", "dave", "play_on")
    assert game.stake == 4
    _, over = finish(game)
    assert over.stakes == (-4, 4)


def test_answers_without_an_offer_and_cards_during_one_are_refused() -> None:
    game = two(DAVE)
    for action in (ConcedeDave(), PlayOnDave()):
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        assert info.value.reason is Reason.NO_DAVE_OFFER
    play(game, "dave")
    with pytest.raises(IllegalActionError) as info:
        game.apply(PlayCard(C("7S")))
    assert info.value.reason is Reason.WRONG_PHASE
    with pytest.raises(IllegalActionError) as info:
        game.apply(OfferDave())
    assert info.value.reason is Reason.DAVE_NOT_NOW
    with pytest.raises(IllegalActionError) as info:
        game.apply(ConcedeDave(), seat=0)
    assert info.value.reason is Reason.NOT_YOUR_TURN


def test_dave_state_round_trips_and_replays() -> None:
    game = Game.new(2, DAVE, seed=9)
    log = []
    while game.phase is not Phase.PLAY:
        action = first_policy(game)
        game.apply(action)
        log.append(action.code)
    for code in ("dave", "play_on"):
        game.apply(game.legal_actions()[-1] if code == "dave" else PlayOnDave())
        log.append(code)
    restored = Game.from_json(game.to_json())
    assert restored == game
    assert restored.stake == 2
    assert restored.view(1).dave_next == 1
    assert Game.replay(2, DAVE, 9, log) == game
    data = game.to_dict()
    for key in ("stakes", "dave_stake", "dave_next", "game_number", "final_hands"):
        del data[key]
    del data["match_games"]
    old = Game.from_dict(data)  # a game stored before §25 and §27
    assert old.stake == 1
    assert old.game_number == 1


def test_computer_players_play_on_while_the_hand_is_open() -> None:
    game = two(DAVE, bidder=1)
    assert sure_winner(game.view(0)) is None  # no trick yet
    play(game, "dave")  # seat 0 offers from a weak hand: a bluff
    assert HeuristicPlayer().choose(game.view(1)) == PlayOnDave()


def test_computer_players_offer_and_concede_once_the_hand_is_decided() -> None:
    game = two(DAVE, bidder=1)
    heuristic = HeuristicPlayer()
    play(game, "7S", "AS")  # seat 1 takes the first trick and leads the next
    assert heuristic.choose(game.view(1)) != OfferDave()  # far from decided
    while sure_winner(game.view(1)) is None:
        game.apply(first_policy(game))
    while game.to_act != 1:
        game.apply(first_policy(game))
    view = game.view(1)
    assert sure_winner(view) == 1
    assert heuristic.choose(view) == OfferDave()
    assert SearchPlayer(samples=2, budget=None).choose(view) == OfferDave()
    play(game, "dave")
    assert heuristic.choose(game.view(0)) == ConcedeDave()
