"""Every player kind: legal actions in every phase, determinism, the factory."""

from __future__ import annotations

from typing import Any

import pytest

from engine import Action, Dave, Game, Phase, PlayerView, ProposedCard, Rules
from engine.ai import KINDS, ExpertPlayer, Player, SearchPlayer, make_player
from engine.ai.players.search import DEFAULT_SOLVER_CARDS, solver_depths

from .positions import RULE_SETS, positions

FAST: dict[str, dict[str, Any]] = {
    "random": {},
    "heuristic": {},
    "search": {"budget": None, "samples": 3},
    "easy": {"budget": None, "samples": 3},
    "medium": {"budget": None, "samples": 2},
    "strong": {"budget": None, "samples": 3},
}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules_name", sorted(RULE_SETS))
def test_every_kind_plays_legal_actions_in_every_phase(players: int, rules_name: str) -> None:
    phases = set()
    for game in positions(players, RULE_SETS[rules_name], seed=players * 7, count=4):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        phases.add(game.phase)
        for kind in KINDS:
            action = make_player(kind, seed=5, **FAST[kind]).choose(view)
            assert action in game.legal_actions(), (kind, game.phase, action)
    # §5 to_bidder: no seven exchange
    exchange = players < 4 and RULE_SETS[rules_name].proposed_card is ProposedCard.STAYS
    expected = {Phase.BIDDING, Phase.PLAY} | ({Phase.EXCHANGE} if exchange else set())
    if RULE_SETS[rules_name].dave is not Dave.OFF and players == 2:
        expected.add(Phase.DAVE)  # random play offers «даве» (RULES-VARIANTS §25)
    assert phases == expected


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_choice(players: int) -> None:
    for game in positions(players, Rules(), seed=11, count=3, every=2):
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        for kind in KINDS:
            first = make_player(kind, seed=9, **FAST[kind]).choose(view)
            reused = make_player(kind, seed=9, **FAST[kind])
            reused.choose(game.view(seat))  # earlier decisions do not shift later ones
            assert reused.choose(view) == first


def test_search_depends_on_its_seed_only_through_sampling() -> None:
    game = Game.new(3, Rules(), seed=4)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    choices = {make_player("search", seed=s, budget=None, samples=2).choose(view) for s in range(6)}
    assert choices <= set(game.legal_actions())


def test_make_player_checks_kind_and_options() -> None:
    assert isinstance(make_player("heuristic"), Player)
    with pytest.raises(ValueError, match="unknown player kind"):
        make_player("oracle")
    with pytest.raises(ValueError, match="bad options"):
        make_player("random", budget=1.0)
    with pytest.raises(ValueError, match="samples"):
        make_player("search", samples=0)


def test_the_exact_endgame_can_start_deeper_at_one_table_size() -> None:
    assert solver_depths(None) == DEFAULT_SOLVER_CARDS
    assert solver_depths(9) == {2: 9, 3: 9, 4: 9}
    assert solver_depths({"2": 9}) == {**DEFAULT_SOLVER_CARDS, 2: 9}  # as JSON gives it
    with pytest.raises(ValueError, match="no table of 5 players"):
        make_player("strong", solver_cards={5: 9})
    with pytest.raises(ValueError, match="-1 is not a number of cards"):
        make_player("search", solver_cards={2: -1})
    # a 2-player play position with more cards in hand than the default depth: a depth
    # for 2 players solves it exactly (as a depth for every size would), a depth for 3
    # players leaves it to the rollouts
    compared = 0
    for game in positions(2, Rules(), seed=5, count=40):
        seat = game.to_act
        if game.phase is not Phase.PLAY or seat is None:
            continue
        view = game.view(seat)
        if len(view.hand) <= DEFAULT_SOLVER_CARDS[2] or len(view.legal_actions) < 2:
            continue
        exact, default = _values(view, 9), _values(view, None)
        assert _values(view, {2: 9}) == exact
        assert _values(view, {3: 9}) == default
        compared += exact != default
    assert compared >= 2


def _values(view: PlayerView, solver_cards: int | dict[int, int] | None) -> dict[Action, float]:
    player = ExpertPlayer(2, budget=None, samples=4, caution=0.0, solver_cards=solver_cards)
    return player.action_values(view)


def test_a_player_refuses_a_view_without_a_decision() -> None:
    game = Game.new(2, Rules(), seed=1)
    idle = 1 - (game.to_act or 0)
    for kind in ("heuristic", "search", "strong"):
        with pytest.raises(ValueError, match="no decision"):
            make_player(kind, **FAST[kind]).choose(game.view(idle))


def test_search_respects_a_time_budget() -> None:
    ticks = iter(range(1_000_000))
    player = SearchPlayer(1, budget=5.0, samples=10_000, clock=lambda: float(next(ticks)))
    game = Game.new(2, Rules(), seed=2)
    seat = game.to_act
    assert seat is not None
    player.choose(game.view(seat))
    assert 1 <= player.last_samples <= 6
