"""The rating rules: openskill's Plackett-Luce over the sides, computer players fixed,
the shown number."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.services.autoplay import COMPUTER_KINDS
from bot.services.ratings import (
    COMPUTER_RATINGS,
    INITIAL_MU,
    INITIAL_SIGMA,
    RatedSeat,
    computer_rating,
    rate,
    shown_rating,
)


def test_a_newcomer_is_shown_as_1000_and_a_win_raises_it() -> None:
    assert shown_rating(INITIAL_MU, INITIAL_SIGMA) == 1000
    [(mu, sigma), _] = rate(
        [RatedSeat(0, 1, INITIAL_MU, INITIAL_SIGMA), RatedSeat(1, 2, INITIAL_MU, INITIAL_SIGMA)]
    )
    assert shown_rating(mu, sigma) > 1000


def test_three_players_with_a_tie_for_second_are_ranked_as_openskill_says() -> None:
    model = PlackettLuce()
    seats = [RatedSeat(0, 2, 27.0, 5.0), RatedSeat(1, 1, 24.0, 6.0), RatedSeat(2, 2, 20.0, 7.0)]
    expected = model.rate(
        [[model.rating(27.0, 5.0)], [model.rating(24.0, 6.0)], [model.rating(20.0, 7.0)]],
        ranks=[2, 1, 2],
    )
    assert rate(seats) == [
        pytest.approx((team[0].mu, team[0].sigma), rel=1e-12) for team in expected
    ]


def test_pairs_are_teams_whatever_the_order_of_the_seats() -> None:
    model = PlackettLuce()
    # Seats 0 and 2 against 1 and 3; the second pair wins.
    seats = [
        RatedSeat(0, 2, 25.0, 8.0),
        RatedSeat(1, 1, 26.0, 4.0),
        RatedSeat(0, 2, 22.0, 1.0),
        RatedSeat(1, 1, 30.0, 3.0),
    ]
    expected = model.rate(
        [
            [model.rating(25.0, 8.0), model.rating(22.0, 1.0)],
            [model.rating(26.0, 4.0), model.rating(30.0, 3.0)],
        ],
        ranks=[2, 1],
    )
    (a, c), (b, d) = expected
    assert rate(seats) == [pytest.approx((r.mu, r.sigma), rel=1e-12) for r in (a, b, c, d)]


def test_computer_players_have_a_rating_per_kind_and_count() -> None:
    assert computer_rating("search", 4) == COMPUTER_RATINGS[("search", 4)]
    assert computer_rating("search", 2)[0] > computer_rating("heuristic", 2)[0]
    # A kind without a figure plays as a newcomer the model trusts.
    mu, sigma = computer_rating("random", 3)
    assert mu == INITIAL_MU
    assert sigma < INITIAL_SIGMA


def test_the_levels_are_rated_in_order_and_the_old_kinds_as_the_levels_they_were() -> None:
    for players in (2, 3, 4):
        easy, medium, strong = (computer_rating(k, players)[0] for k in COMPUTER_KINDS)
        assert easy < medium < strong
        assert computer_rating("heuristic", players) == computer_rating("easy", players)
        assert computer_rating("search", players) == computer_rating("strong", players)
