"""Finishing a sampled hand for search: the last tricks (or all) solved exactly
(``ExactPlay``) after the rule-based ones, or played at the side's best against the
rules, and the bids scored that way (``exact_bids``, ``response_bids``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine import Action, Game, Phase, PlayerView, Rules
from engine.ai import ExpertPlayer, SearchPlayer, make_player
from engine.ai.bits import FULL, POINTS_BY_TRUMP
from engine.ai.infer import game_state, knowledge, stock_order
from engine.ai.players.search import ExactBids
from engine.ai.response import BestResponse
from engine.ai.rollout import play_out
from engine.ai.simulate import ExactPlay, credit_group, simulate_hand, solve_rest
from engine.ai.solver import Solver, brute_force, decode
from engine.legal import PlayRules
from engine.rules import FourPlayerMode

from .positions import positions
from .test_solver import _endgame


@pytest.mark.parametrize("players", [2, 4])
def test_the_exact_play_credits_the_bidders_side_with_what_minimax_finds(players: int) -> None:
    rules = Rules()
    cards = 4 if players == 2 else 3
    checked = 0
    for seed in range(40):
        state = _endgame(players, cards, seed, rules)
        if state is None or state.trick_cards:
            continue
        bidder = seed % players
        # two sides either way: the players, or the pairs
        side = sum(1 << seat for seat in range(players) if seat % 2 == bidder % 2)
        taken, bidder_last = decode(
            brute_force(state.hands, state.trump, state.trick_leader, [], side)
        )
        exact = ExactPlay(cards, PlayRules.of(rules, players))
        card_points, tricks = [0] * players, [0] * players
        last = exact.finish(
            list(state.hands), state.trump, state.trick_leader, side, card_points, tricks,
            bidder=bidder, gone=0, voids=[0] * players,
        )  # fmt: skip
        assert last is not None
        assert (last % 2 == bidder % 2) is bidder_last
        bidders = sum(card_points[seat] for seat in range(players) if side >> seat & 1)
        assert bidders + (10 if bidder_last else 0) == taken
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize(
    ("players", "cards"), [(3, 2), (3, 4), (4, 2), (4, 3)], ids=["3-2", "3-4", "solo-2", "solo-3"]
)
def test_the_defenders_are_solved_as_one_side_against_the_bidder(players: int, cards: int) -> None:
    # 3 players, and 4 solo players, who score like 3 (RULES-VARIANTS §24)
    rules = Rules(four_player_mode=FourPlayerMode.SOLO)
    play = PlayRules.of(rules, players)
    everyone = (1 << players) - 1
    checked = 0
    for seed in range(40):
        state = _endgame(players, cards, seed, rules)
        if state is None:
            continue
        bidder = seed % players
        defenders = everyone ^ (1 << bidder)
        trick = list(state.trick_cards)
        bidder_taken, bidder_last = decode(
            brute_force(
                state.hands, state.trump, state.trick_leader, trick, 1 << bidder, overtrump=play
            )
        )
        solver = Solver(players, state.trump, defenders, overtrump=play)
        card_points, tricks = [0] * players, [0] * players
        last = solve_rest(
            solver, list(state.hands), state.trick_leader, trick, defenders, players,
            state.trump, card_points, tricks, pairs=False,
        )  # fmt: skip
        # the bidder gets exactly what the bidder's own best play against all of them takes
        assert (last == bidder) is bidder_last
        assert card_points[bidder] + (10 if bidder_last else 0) == bidder_taken
        # the defenders share the rest evenly, the last trick's 10 counted
        shares = [
            card_points[seat] + (10 if seat == last else 0)
            for seat in range(players)
            if seat != bidder
        ]
        first = min(seat for seat in range(players) if seat != bidder)
        assert max(shares) - min(shares) <= 1 or (last == first and card_points[first] == 0)
        checked += 1
    assert checked >= 10


def test_a_groups_points_go_to_a_pair_whole_and_to_defenders_evenly() -> None:
    # 4 players in pairs: the pair's first seat takes all, the last trick too
    card_points, tricks = [0] * 4, [0] * 4
    assert credit_group(0b1010, 30, True, card_points, tricks, pairs=True) == 1
    assert (card_points, tricks) == ([0, 30, 0, 0], [0, 1, 0, 0])
    # 4 solo players: three defenders share 50 and the last trick's 10, 20 each
    card_points, tricks = [0] * 4, [0] * 4
    assert credit_group(0b1110, 50, True, card_points, tricks, pairs=False) == 1
    assert (card_points, tricks) == ([0, 10, 20, 20], [0, 1, 1, 1])
    # an odd remainder goes to the first of the others
    card_points, tricks = [0] * 4, [0] * 4
    credit_group(0b1011, 32, False, card_points, tricks, pairs=False)
    assert (card_points, tricks) == ([10, 11, 0, 11], [1, 1, 0, 1])
    # 3 players: 30 card points and the last trick's 10 make 20 each
    card_points, tricks = [0] * 3, [0] * 3
    assert credit_group(0b110, 30, True, card_points, tricks, pairs=False) == 1
    assert (card_points, tricks) == ([0, 10, 20], [0, 1, 1])
    # the last trick's 10 is already more than half: the other defender gets the points
    card_points, tricks = [0] * 3, [0] * 3
    credit_group(0b011, 4, True, card_points, tricks, pairs=False)
    assert (card_points, tricks) == ([0, 4, 0], [1, 1, 0])
    # no points and not the last trick: no trick for either
    card_points, tricks = [0] * 3, [0] * 3
    credit_group(0b011, 0, False, card_points, tricks, pairs=False)
    assert (card_points, tricks) == ([0, 0, 0], [0, 0, 0])


def test_the_exact_play_refuses_a_hand_larger_than_its_depth() -> None:
    exact = ExactPlay(3, PlayRules.of(Rules(), 2))
    card_points, tricks = [0, 0], [0, 0]
    hands = [0b1111, 0b1111 << 8]
    with pytest.raises(ValueError, match="4 cards in hand: the exact play starts from 3"):
        exact.finish(hands, 0, 0, 0b01, card_points, tricks, bidder=0, gone=0, voids=[0, 0])
    assert card_points == [0, 0]
    assert tricks == [0, 0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_rollout_stops_where_the_exact_play_takes_over(players: int) -> None:
    # stopped and then played on, the rollout plays the tricks a whole one plays
    rules = Rules()
    play = PlayRules.of(rules, players)
    checked = 0
    for seed in range(30):
        state = _endgame(players, 9, seed, rules)
        if state is None or state.trick_cards:
            continue
        until = state.hands[state.trick_leader].bit_count() - 2
        if until < 1:
            continue
        whole = list(state.hands)
        whole_points, whole_tricks = [0] * players, [0] * players
        whole_last = play_out(whole, state.trump, state.trick_leader, [], whole_points,
                              whole_tricks, 0, [0] * players, 0, play)  # fmt: skip
        hands, points, tricks = list(state.hands), [0] * players, [0] * players
        voids = [0] * players
        leader = play_out(hands, state.trump, state.trick_leader, [], points, tricks, 0, voids,
                          0, play, until)  # fmt: skip
        assert [hand.bit_count() for hand in hands] == [until] * players
        assert sum(tricks) == 2
        assert hands[leader]  # the seat that took the second trick leads the third
        gone = 0
        for before, after in zip(state.hands, hands, strict=True):
            gone |= before & ~after
        last = play_out(hands, state.trump, leader, [], points, tricks, gone, voids, 0, play)
        assert (points, tricks, last) == (whole_points, whole_tricks, whole_last)
        checked += 1
    assert checked >= 5


def _bid_values(view: PlayerView, exact_bids: ExactBids) -> dict[Action, float]:
    player = ExpertPlayer(
        3, budget=None, samples=3, caution=0.0, solver_cards={2: 9}, exact_bids=exact_bids
    )
    return player.action_values(view)


def _bid_views(players: int, count: int) -> list[PlayerView]:
    views = []
    for game in positions(players, Rules.preset("odessa"), seed=11, count=60):
        seat = game.to_act
        if game.phase is not Phase.BIDDING or seat is None:
            continue
        view = game.view(seat)
        if len(view.legal_actions) >= 2:
            views.append(view)
        if len(views) == count:
            break
    assert len(views) == count
    return views


@pytest.mark.parametrize(
    ("players", "exact_bids", "changes"),
    [
        (2, True, True),  # the play's depth of 9 covers the whole hand
        (2, {"2": 5}, True),  # the last 5 tricks solved
        (2, {"3": 5}, False),  # a depth for another table size only
        (3, 5, True),
        (3, False, False),
    ],
)
def test_exact_bids_score_the_bids_with_the_last_tricks_solved(
    players: int, exact_bids: ExactBids, changes: bool
) -> None:
    changed = 0
    for view in _bid_views(players, 6):
        exact, rolled = _bid_values(view, exact_bids), _bid_values(view, False)
        assert set(exact) == set(rolled)
        changed += exact != rolled
    assert (changed >= 3) if changes else (changed == 0)


def test_exact_bids_take_depths_as_solver_cards_does() -> None:
    assert SearchPlayer(exact_bids=True, solver_cards={2: 9}).bid_solver_cards == {
        2: 9,
        3: 5,
        4: 4,
    }
    assert SearchPlayer(exact_bids={"2": 6}).bid_solver_cards == {2: 6, 3: 0, 4: 0}
    assert SearchPlayer(exact_bids=False).bid_solver_cards == {2: 0, 3: 0, 4: 0}
    with pytest.raises(ValueError, match="no table of '5' players"):
        SearchPlayer(exact_bids={"5": 6})


@pytest.mark.parametrize("players", [2, 3])
def test_the_exact_play_for_a_responder_credits_its_best_response(players: int) -> None:
    rules = Rules()
    play = PlayRules.of(rules, players)
    checked = 0
    for seed in range(40):
        state = _endgame(players, 4, seed, rules)
        if state is None or state.trick_cards:
            continue
        seat, bidder = seed % players, seed // players % players
        gone = FULL & ~_union(state.hands)
        voids = [0] * players
        response = BestResponse(players, state.trump, 1 << seat, play, gone=gone, voids=voids,
                                bidder=bidder)  # fmt: skip
        taken, seat_last = decode(response.value(list(state.hands), state.trick_leader, []))
        exact = ExactPlay(4, play, responder=1 << seat)
        card_points, tricks = [0] * players, [0] * players
        last = exact.finish(
            list(state.hands), state.trump, state.trick_leader, 1 << bidder, card_points, tricks,
            bidder=bidder, gone=gone, voids=voids,
        )  # fmt: skip
        assert (last == seat) is seat_last
        assert card_points[seat] + (10 if seat_last else 0) == taken
        in_hands = _union(state.hands)
        assert sum(card_points) == sum(
            POINTS_BY_TRUMP[state.trump][index] for index in range(32) if in_hands >> index & 1
        )
        # against players of the rules the seat takes at least what it takes against
        # players at their best
        best = Solver(players, state.trump, 1 << seat, overtrump=play)
        assert taken >= decode(best.value(state.hands, state.trick_leader, []))[0]
        checked += 1
    assert checked >= 10


def _union(hands: Sequence[int]) -> int:
    cards = 0
    for hand in hands:
        cards |= hand
    return cards


def test_the_exact_play_starts_after_its_tricks() -> None:
    play = PlayRules.of(Rules(), 2)
    assert ExactPlay(9, play).until(9) == 9
    assert ExactPlay(9, play, responder=0b01, tricks=3).until(9) == 6
    assert ExactPlay(4, play, responder=0b01, tricks=3).until(9) == 4
    with pytest.raises(ValueError, match="after a number of tricks"):
        ExactPlay(9, play, tricks=-1)


@pytest.mark.parametrize("tricks", [0, 3])
def test_a_responders_hand_is_worth_at_least_the_rules_own_play(tricks: int) -> None:
    # from the trick given the side plays its best against the rules, which the rules'
    # own play of the same cards is one line of
    rules = Rules.preset("odessa")
    play = PlayRules.of(rules, 2)
    better = 0
    for view in _bid_views(2, 8):
        game = _any_deal(view)
        seat = view.seat
        assert seat is not None
        for action in view.legal_actions:
            exact = ExactPlay(9, play, responder=game.seats_beside(seat), tricks=tricks)
            side = game.side_of(seat)
            responded = simulate_hand(game.copy(), side, action, exact=exact)
            ruled = simulate_hand(game.copy(), side, action)
            assert responded >= ruled
            better += responded > ruled
    assert better >= 4


def _any_deal(view: PlayerView) -> Game:
    """A game at ``view``'s position with the hidden cards dealt at random."""
    info = knowledge(view)
    deal = info.sample(random.Random(view.hand_number))
    data = game_state(view, info, deal)
    data["stock"] = stock_order(view, deal)
    return Game.from_dict(data)


def _heuristic_bid_views(count: int) -> list[PlayerView]:
    """Bids with a choice, in 2-player games the heuristic plays, after a hand played."""
    views: list[PlayerView] = []
    for seed in range(1, 60):
        game = Game.new(2, Rules.preset("odessa"), seed=seed)
        player = make_player("heuristic", seed)
        while game.phase is not Phase.FINISHED:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if game.phase is Phase.BIDDING and len(view.legal_actions) >= 2 and view.past_hands:
                views.append(view)
                break
            game.apply(player.choose(view))
        if len(views) == count:
            return views
    raise AssertionError("too few bids after a hand")


def _response_values(view: PlayerView, response_bids: bool, **options: object) -> list[float]:
    player = ExpertPlayer(
        3, budget=None, samples=4, caution=0.0, solver_cards={2: 9},
        response_bids=response_bids, **options,  # type: ignore[arg-type]
    )  # fmt: skip
    return list(player.action_values(view).values())


def test_response_bids_score_bids_against_players_shown_by_the_rules() -> None:
    shown = _heuristic_bid_views(6)
    changed = sum(
        _response_values(view, True, rule_opponents={2: 3})
        != _response_values(view, False, rule_opponents={2: 3})
        for view in shown
    )
    assert changed >= 4
    # not without rule_opponents, nor against seats found off the rules (random play)
    for view in shown[:2]:
        assert _response_values(view, True) == _response_values(view, False)
    for view in _bid_views(2, 3):
        assert view.past_hands
        assert _response_values(view, True, rule_opponents={2: 3}) == _response_values(
            view, False, rule_opponents={2: 3}
        )
