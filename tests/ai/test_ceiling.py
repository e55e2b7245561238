"""The ceiling benchmark: a seeing seat scores the true deal, only where it is told to."""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.ceiling import SeeingExpert, SeeingSearch, main, seeing_seat
from engine import Game, Phase, Rules
from engine.ai import ExpertPlayer
from engine.ai.infer import Deal

OPTIONS: dict[str, Any] = {"samples": 12, "budget": None}


def _deals_drawn(player: SeeingExpert, game: Game, monkeypatch: pytest.MonkeyPatch) -> list[Deal]:
    """The deals the player scores for the decision now at ``game``."""
    drawn: list[Deal] = []
    sample = SeeingSearch._sample

    def spy(self: SeeingSearch, *args: Any, **kwargs: Any) -> Deal:
        deal = sample(self, *args, **kwargs)
        drawn.append(deal)
        return deal

    monkeypatch.setattr(SeeingSearch, "_sample", spy)
    seat = game.to_act
    assert seat is not None
    player.evaluate(game.view(seat))
    monkeypatch.setattr(SeeingSearch, "_sample", sample)
    return drawn


def _first_play_decisions(players: int, seeds: range) -> list[Game]:
    """Games at the first play decision with a choice, bid at random."""
    games = []
    for seed in seeds:
        rng = random.Random(seed)
        game = Game.new(players, Rules.preset("odessa"), seed)
        while game.phase is not Phase.PLAY or len(game.legal_actions()) < 2:
            if game.phase is Phase.FINISHED:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is Phase.PLAY:
            games.append(game)
    return games


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_that_sees_the_play_scores_only_the_true_deal(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    for game in _first_play_decisions(players, range(3)):
        truth = Deal(tuple(game.hand_mask(seat) for seat in range(players)), ())
        seer = SeeingExpert(1, table=game, sees="play", **OPTIONS)
        drawn = _deals_drawn(seer, game, monkeypatch)
        assert drawn
        assert all(deal == truth for deal in drawn)


def test_a_seat_sees_only_in_its_role(monkeypatch: pytest.MonkeyPatch) -> None:
    checked = {"bidder": 0, "defender": 0}
    for game in _first_play_decisions(2, range(12)):
        seat = game.to_act
        assert seat is not None
        role = "bidder" if game.bidder == seat else "defender"
        other = "defender" if role == "bidder" else "bidder"
        truth = Deal(tuple(game.hand_mask(s) for s in range(2)), ())
        seen = _deals_drawn(SeeingExpert(1, table=game, sees=role, **OPTIONS), game, monkeypatch)
        assert seen
        assert all(deal == truth for deal in seen)
        blind = _deals_drawn(SeeingExpert(1, table=game, sees=other, **OPTIONS), game, monkeypatch)
        # the other role's seat draws as a blind one does: the opponent's hand varies
        assert len({deal.hands for deal in blind}) > 1
        checked[role] += 1
    assert checked["bidder"]
    assert checked["defender"]


def test_a_seeing_seat_bids_as_a_blind_one() -> None:
    game = Game.new(2, Rules.preset("odessa"), 4)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    seer = SeeingExpert(1, table=game, sees="play", **OPTIONS)
    blind = ExpertPlayer(1, **OPTIONS)
    assert seer.evaluate(view).values == blind.evaluate(view).values


def test_bad_sights_are_named() -> None:
    game = Game.new(2, Rules(), 1)
    with pytest.raises(ValueError, match="sees must be one of play, bidder, defender"):
        SeeingExpert(1, table=game, sees="bids")
    with pytest.raises(ValueError, match="only the levels"):
        seeing_seat("search", 1, {"sees": "play"}, game)
    assert not isinstance(seeing_seat("strong", 1, {}, game), SeeingExpert)


def test_a_small_match_runs_with_a_seeing_seat(capsys: pytest.CaptureFixture[str]) -> None:
    main(
        [
            "--a", "strong", "--b", "heuristic", "--games", "2", "--target", "151",
            "--samples", "8", "--budget", "0", "--a-options", '{"sees": "play"}',
        ]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert "strong (A) vs heuristic (B): 2 players" in out
    assert "won" in out
