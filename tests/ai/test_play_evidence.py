"""Plays as evidence: the real hands of rule-based players always agree with the cards
they played, other hands often do not, and search with ``play_trust`` keeps the deals
that agree."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine import Game, Phase
from engine.ai import knowledge, make_player
from engine.ai.play_evidence import (
    RULES_LIKELIHOOD,
    RULES_PRIOR,
    PlayBeliefs,
    PlayEvidence,
    off_rules_seats,
)
from engine.ai.players.search import SearchPlayer
from engine.view import PlayerView

from .positions import RULE_SETS


def _play_views(players: int, rules_name: str, seeds: range) -> Iterator[tuple[Game, PlayerView]]:
    """Every seat's view at every card of the first two hands of rule-based games."""
    rules = RULE_SETS[rules_name]
    player = make_player("heuristic")
    for seed in seeds:
        game = Game.new(players, rules, seed)
        while game.phase is not Phase.FINISHED and game.hand_number <= 2:
            seat = game.to_act
            assert seat is not None
            if game.phase is Phase.PLAY:
                for observer in range(players):
                    yield game, game.view(observer)
            game.apply(player.choose(game.view(seat)))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules_name", ["odessa", "variants", "to_bidder", "solo_dave"])
def test_rule_based_plays_agree_with_the_hands_that_played_them(
    players: int, rules_name: str
) -> None:
    replayed = 0
    for game, view in _play_views(players, rules_name, range(3)):
        evidence = PlayEvidence(view, knowledge(view))
        assert evidence.misses([game.hand_mask(s) for s in range(players)]) == 0
        replayed += len(evidence._plays)
    assert replayed > 200


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules_name", ["odessa", "variants", "to_bidder", "solo_dave"])
def test_the_earlier_hands_show_who_plays_by_the_rules(players: int, rules_name: str) -> None:
    """Over the hands played so far, the seat that plays at random is found out and
    the rule-based seats never are, whatever the rules."""
    rules = RULE_SETS[rules_name]
    hands = 0
    for seed in range(2):
        game = Game.new(players, rules, seed)
        seats = [make_player("random" if s == 1 else "heuristic", seed) for s in range(players)]
        while game.phase is not Phase.FINISHED and len(game.public_view().past_hands) < 3:
            seat = game.to_act
            assert seat is not None
            game.apply(seats[seat].choose(game.view(seat)))
            view = game.public_view()
            assert off_rules_seats(view) & ~0b10 == 0
        hands += len(view.past_hands)
        assert off_rules_seats(view) == (0b10 if view.past_hands else 0)
    assert hands >= 2  # one-hand games (solo_dave) keep one each


@pytest.mark.parametrize("players", [2, 3, 4])
def test_search_with_play_trust_keeps_the_deals_the_plays_agree_with(players: int) -> None:
    """Late in a hand most deals consistent with the view contradict some play of the
    rules; with ``play_trust`` search draws far fewer of those."""
    believing = SearchPlayer(0, play_trust=0.95)
    blind = SearchPlayer(0)
    misses = {"believing": 0, "blind": 0}
    views = 0
    for game, view in _play_views(players, "odessa", range(4)):
        if len(view.tricks) < 3 or view.seat != game.to_act:
            continue
        info = knowledge(view)
        views += 1
        for name, player in (("believing", believing), ("blind", blind)):
            evidence = PlayEvidence(view, info)
            rng = random.Random(views)
            evidence.learn(info, rng, 20)
            beliefs = PlayBeliefs(view, player.play_trust)
            for _ in range(10):
                deal = player._sample(view, info, rng, (evidence, beliefs))
                misses[name] += evidence.misses(deal.hands)
    assert views > 10
    assert misses["blind"] > 50
    assert misses["believing"] < misses["blind"] / 2, misses


def test_play_trust_must_leave_room_for_doubt() -> None:
    with pytest.raises(ValueError, match="play_trust"):
        SearchPlayer(0, play_trust=1.0)
    with pytest.raises(ValueError, match="play_trust"):
        make_player("strong", play_trust=-0.1)
    with pytest.raises(ValueError, match="play_trust_off"):
        SearchPlayer(0, play_trust=0.9, play_trust_off=1.0)
    with pytest.raises(ValueError, match="play_trust_off"):
        make_player("medium", play_trust_off=-0.5)


def _views_of_a_random_seat_among_rule_players(players: int) -> Iterator[PlayerView]:
    """Seat 0's view at each of its cards over the first three hands, seat 1 playing at
    random and the others by the rules."""
    seats = [make_player("random" if s == 1 else "heuristic", 4) for s in range(players)]
    game = Game.new(players, RULE_SETS["odessa"], 4)
    while game.phase is not Phase.FINISHED and len(game.public_view().past_hands) < 3:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if seat == 0 and game.phase is Phase.PLAY:
            yield view
        game.apply(seats[seat].choose(view))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_is_believed_a_player_of_the_rules_by_its_earlier_hands(players: int) -> None:
    """Before any hand a seat is either with the prior's odds; each hand it plays by the
    rules multiplies them, and one card otherwise makes it a player of its own ways."""
    hands_seen = set()
    for view in _views_of_a_random_seat_among_rule_players(players):
        beliefs = PlayBeliefs(view, 0.95, 0.6)
        hands = len(view.past_hands)
        hands_seen.add(hands)
        odds = RULES_PRIOR / (1 - RULES_PRIOR) * RULES_LIKELIHOOD**hands
        for seat in range(1, players):
            if seat == 1 and hands:
                assert beliefs.rules_chance(seat) == 0.0
            else:
                assert beliefs.rules_chance(seat) == pytest.approx(odds / (1 + odds))
        # without play_trust_off every seat is taken for a player of the rules
        assert all(PlayBeliefs(view, 0.9).rules_chance(s) == 1.0 for s in range(players))
    assert hands_seen == {0, 1, 2}


def test_a_deal_is_weighed_by_each_seats_plays_as_what_the_seat_is_believed() -> None:
    view = next(v for v in _views_of_a_random_seat_among_rule_players(3) if len(v.past_hands) == 1)
    beliefs = PlayBeliefs(view, 0.95, 0.6)
    rules = beliefs.rules_chance(2)
    assert beliefs.rules_chance(1) == 0.0
    assert rules > 0.9
    assert beliefs.weight([0, 0, 0]) == 1.0
    # seat 1, found off the rules, spares a deal 0.4 a play; seat 2 mostly 0.05
    assert beliefs.weight([0, 2, 0]) == pytest.approx(0.4**2)
    assert beliefs.weight([0, 0, 1]) == pytest.approx(rules * 0.05 + (1 - rules) * 0.4)
    assert beliefs.weight([0, 1, 1]) == pytest.approx(0.4 * (rules * 0.05 + (1 - rules) * 0.4))
    # one kind of seat for all: the plays counted together, as search always did
    assert PlayBeliefs(view, 0.9).weight([0, 2, 1]) == (1 - 0.9) ** 3


def test_search_weighs_a_seat_found_off_the_rules_at_play_trust_off() -> None:
    """Against a random seat, found off the rules after its first hand, the fixed model
    throws away the deals its plays contradict (whatever they hold, the true one among
    them); believed at ``play_trust_off`` it keeps more of them."""
    fixed = SearchPlayer(0, play_trust=0.95)
    mixed = SearchPlayer(0, play_trust=0.95, play_trust_off=0.6)
    misses = {"fixed": 0, "mixed": 0}
    views = 0
    for view in _views_of_a_random_seat_among_rule_players(2):
        if not view.past_hands or len(view.tricks) < 3:
            continue
        views += 1
        info = knowledge(view)
        for name, player in (("fixed", fixed), ("mixed", mixed)):
            evidence = PlayEvidence(view, info)
            rng = random.Random(views)
            evidence.learn(info, rng, 20)
            beliefs = PlayBeliefs(view, player.play_trust, player.play_trust_off)
            for _ in range(10):
                deal = player._sample(view, info, rng, (evidence, beliefs))
                misses[name] += evidence.surprise(deal.hands)
    assert views > 5
    assert misses["mixed"] > 1.5 * misses["fixed"], misses


def test_the_dealers_face_up_card_stays_his_after_the_first_trick() -> None:
    """With 4 players the proposed card is dealt to the dealer face up: known to be his
    until he plays it, not out of play once his hand shrinks below 8."""
    player = make_player("heuristic")
    game = Game.new(4, RULE_SETS["odessa"], 2)
    checked = 0
    while game.phase is not Phase.FINISHED and game.hand_number <= 3:
        seat = game.to_act
        assert seat is not None
        if game.phase is Phase.PLAY and game.proposed is not None:
            dealer_holds = game.hand_mask(game.dealer) & game.proposed.mask
            for observer in range(4):
                if observer == game.dealer:
                    continue
                info = knowledge(game.view(observer))
                if dealer_holds:
                    assert not info.gone & game.proposed.mask
                    assert info.fixed[game.dealer] & game.proposed.mask
                    checked += 1
        game.apply(player.choose(game.view(seat)))
    assert checked > 20


def test_surprise_counts_only_the_plays_some_deal_so_far_explains() -> None:
    rng = random.Random(5)
    for game, view in _play_views(2, "odessa", range(5)):
        if len(view.tricks) < 4:
            continue
        info = knowledge(view)
        evidence = PlayEvidence(view, info)
        unlikely = next(
            (
                deal
                for deal in (info.sample(rng) for _ in range(200))
                if evidence.misses(deal.hands)
            ),
            None,
        )
        if unlikely is None:
            continue
        misses = evidence.misses(unlikely.hands)
        assert evidence.surprise(unlikely.hands) == 0  # no deal explained its misses yet
        assert evidence.surprise([game.hand_mask(s) for s in range(2)]) == 0
        assert evidence.surprise(unlikely.hands) == misses
        return
    pytest.fail("no view with a deal the plays contradict")


@pytest.mark.parametrize("players", [2, 3])
def test_only_seats_playing_by_the_rules_have_every_play_explained(players: int) -> None:
    """What ``rule_opponents`` reads: after 100 deals every card of rule-based seats is
    explained by some deal, and late in a hand some card of random players is not."""
    rng = random.Random(3)
    for opponent, expected in (("heuristic", True), ("random", False)):
        seats = [make_player("heuristic")] + [make_player(opponent, 7)] * (players - 1)
        answers = []
        for seed in range(3):
            game = Game.new(players, RULE_SETS["odessa"], seed)
            while game.phase is not Phase.FINISHED and game.hand_number <= 2:
                seat = game.to_act
                assert seat is not None
                view = game.view(seat)
                if seat == 0 and game.phase is Phase.PLAY and len(view.tricks) >= 4:
                    info = knowledge(view)
                    evidence = PlayEvidence(view, info)
                    evidence.learn(info, rng, 100)
                    answers.append(evidence.all_explained())
                game.apply(seats[seat].choose(view))
        assert len(answers) > 5
        if expected:
            assert all(answers)
        else:
            assert sum(answers) < len(answers) / 4
