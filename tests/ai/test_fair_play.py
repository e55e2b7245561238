"""No peeking: a player's choice cannot change when hidden cards are rearranged in a
way its seat cannot see."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine import (
    DECK,
    KHARKIV_H13,
    Dave,
    FourPlayerMode,
    Game,
    GameFormat,
    Phase,
    PlayerView,
    ProposedCard,
    RoundTwo,
    Rules,
    SevenExchangeTiming,
)
from engine.ai import KINDS, LEVELS, ExpertPlayer, make_player, resample
from engine.ai.advice import advise, strong_evaluator
from engine.ai.review import review, seat_decisions

OPTIONS: dict[str, dict[str, Any]] = {
    "random": {},
    "heuristic": {},
    "search": {"budget": None, "samples": 4},
    # the levels differ only in effort: all three run the same expert search
    "easy": {"budget": None, "samples": 2},
    "medium": {"budget": None, "samples": 1},
    "strong": {"budget": None, "samples": 2, "caution": 0.5},
}


def _kinds(position: int) -> list[str]:
    """Every kind but the levels, and on every other position one level in turn: the
    levels share one search and differ only in effort, so this covers each of them in
    every rule set and player count at a sixth of the cost."""
    kinds = [kind for kind in KINDS if kind not in LEVELS]
    if position % 2 == 0:
        levels = list(LEVELS)
        kinds.append(levels[position // 2 % len(levels)])
    return kinds


# Deck positions of a card of seat 1 and of a card seat 0 never sees (another hand's, or
# the unused stock's with 2 players), when seat ``players - 1`` deals.
SWAP = {2: (3, 25), 3: (3, 6), 4: (3, 6)}


# Part 2's public cards and options: moscow shows the freza (deck[31], never swapped) and
# pools the defenders' melds; site has its own bella, meld and overtrump rules.
RULE_SETS = {
    "odessa": Rules(),
    "moscow": Rules.preset("moscow"),
    "site": Rules.preset("site"),
    "kharkiv_h13": KHARKIV_H13,
    # the other new decisions: the 50-point offer, the early exchange, claims, 10 cards
    "phases": Rules(
        offer_fifty=True,
        seven_exchange_timing=SevenExchangeTiming.BEFORE_EXTRAS,
        weak_hand_redeal=13,
        extra_cards=4,
        freza=True,
    ),
    # RULES-VARIANTS §2, §5, §19: refused cards, the proposed card dealt, the висяк
    "deal": Rules(
        round_two=RoundTwo.NEXT_CARDS,
        proposed_card=ProposedCard.TO_BIDDER,
        visyak=True,
        obligatory_dealer=True,
    ),
    # §24, §25, §27: no partner, «даве» offers and answers, a match's game 2
    "end": Rules(
        four_player_mode=FourPlayerMode.SOLO,
        format=GameFormat.ONE_HAND_BAIT,
        dave=Dave.GEOMETRIC,
    ),
    "klabor_tournament": Rules.preset("klabor_tournament").replace(target=101),
}


def _twin_games(players: int, seed: int, rules: Rules | None = None) -> tuple[Game, Game]:
    deck = [card.code for card in DECK]
    random.Random(seed).shuffle(deck)
    twin = list(deck)
    i, j = SWAP[players]
    twin[i], twin[j] = twin[j], twin[i]
    dealer = players - 1
    rules = rules or Rules()
    first = Game.from_deck(players, rules, deck, dealer)
    return first, Game.from_deck(players, rules, twin, dealer)


def _twin_views(
    players: int, seed: int, rules: Rules | None = None
) -> Iterator[tuple[PlayerView, PlayerView]]:
    """Seat 0's views at its decisions of the first hand of twin games, while it cannot
    tell them apart: the swapped card has not come into play."""
    game, twin = _twin_games(players, seed, rules)
    assert game.hand(1) != twin.hand(1)
    driver = make_player("heuristic")
    while game.phase is not Phase.FINISHED and game.hand_number == 1:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if seat == 0:
            if twin.view(0) != view:
                return
            yield view, twin.view(0)
        action = driver.choose(view)
        if action not in twin.legal_actions():
            return
        game.apply(action)
        twin.apply(action)


@pytest.mark.parametrize("rules_name", list(RULE_SETS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_rearranged_hidden_cards_do_not_change_decisions(players: int, rules_name: str) -> None:
    compared = 0
    for seed in range(12):
        for view, twin_view in _twin_views(players, seed, RULE_SETS[rules_name]):
            for kind in _kinds(compared):
                mine = make_player(kind, seed=seed, **OPTIONS[kind]).choose(view)
                theirs = make_player(kind, seed=seed, **OPTIONS[kind]).choose(twin_view)
                assert mine == theirs, (kind, players, seed)
            compared += 1
    assert compared >= 15


@pytest.mark.parametrize("rules_name", list(RULE_SETS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_resampled_worlds_give_the_same_decisions(players: int, rules_name: str) -> None:
    rng = random.Random(players)
    for seed in range(6):
        game = Game.new(players, RULE_SETS[rules_name], seed)
        for _ in range(rng.randrange(4, 20)):
            if game.phase is Phase.FINISHED:
                break
            game.apply(rng.choice(game.legal_actions()))
        seat = game.to_act
        if seat is None:
            continue
        view = game.view(seat)
        world = resample(view, rng)
        assert world.view(seat) == view
        for kind in _kinds(seed):
            mine = make_player(kind, seed=1, **OPTIONS[kind]).choose(view)
            theirs = make_player(kind, seed=1, **OPTIONS[kind]).choose(world.view(seat))
            assert mine == theirs


def _evaluator() -> ExpertPlayer:
    return strong_evaluator(seed=1, budget=None, samples=4)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hint_sees_no_hidden_card(players: int) -> None:
    """Twin deals that seat 0 cannot tell apart get the same hint, reason and figures."""
    compared = 0
    for seed in range(8):
        for view, twin_view in _twin_views(players, seed):
            assert advise(view, _evaluator()) == advise(twin_view, _evaluator())
            compared += 1
    assert compared >= 8


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_review_judges_each_decision_by_the_seats_view_alone(players: int) -> None:
    """A hand's review is the same when every decision's hidden cards are dealt anew in a
    way the seat's view allows: only what the seat saw at the time counts."""
    rng = random.Random(players)
    game, log = Game.new(players, Rules(), players), []
    while game.phase is not Phase.FINISHED and game.hand_number == 1:
        seat = game.to_act
        action = rng.choice(game.legal_actions())
        game.apply(action)
        log.append((seat, action))
    decisions = seat_decisions(players, Rules(), players, log, seat=0, hand=1)
    elsewhere, moved = [], 0
    for decision in decisions:
        world = resample(decision.view, rng)
        truth = Game.replay(players, Rules(), players, [a for _, a in log[: decision.move]])
        assert truth.view(0) == decision.view
        moved += world.hand(1) != truth.hand(1)
        elsewhere.append(dataclasses.replace(decision, view=world.view(0)))
    assert moved  # the other hands really were dealt otherwise
    found = review(decisions, _evaluator(), threshold=0.0)
    assert found
    assert review(elsewhere, _evaluator(), threshold=0.0) == found
