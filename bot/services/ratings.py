"""Ratings: openskill's Plackett-Luce model over the sides of a finished game.

Why openskill (https://openskill.me): one model rates every table the bot runs — two or
three players each on their own (free-for-all, a full ranking of three), and two pairs
(teams whose members share a result) — where Elo and Glicko-2 know only one against one.
It is TrueSkill's idea without TrueSkill's patent and licence: MIT licensed, pure Python
source (the optional compiled wheels change nothing), no C build, and kept up to date.
Plackett-Luce is its recommended model for rankings of more than two.

Decisions, kept simple enough to explain in a sentence each:

- *One rating per person*, for all player counts and rule sets: friends play whatever
  the table holds that evening, and a separate figure per mode would split their few
  games into several unsure ones.
- *What is shown* is openskill's ordinal, mu - 3 sigma (a rating the player is very likely
  above), scaled like a chess rating: :func:`shown_rating` is 1000 for a new player and
  moves by about 20 per point of the ordinal.
- *The ranking* of a game is the engine's: the winning side first, the others by their
  final score (engine.summary's ``place``; equal places are a tie for openskill).
- *Computer players* have a fixed rating per kind and player count
  (:data:`COMPUTER_RATINGS`) and are never updated, so a game against them rates its
  people too (a solo game in private). The figures are estimates, not measured against
  people: the strong (searching) player is rated as a good player, the easy one as a
  somewhat weak one, the medium one (a shorter search) halfway; a small sigma says the
  model may trust them. The kinds stored before the levels ("heuristic", "search") keep
  the figures of easy and strong, which they are.
- *What rates*: a finished game with at least one person. A cancelled game does not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

__all__ = [
    "COMPUTER_RATINGS",
    "INITIAL_MU",
    "INITIAL_SIGMA",
    "MODEL",
    "RatedSeat",
    "computer_rating",
    "rate",
    "shown_rating",
]

MODEL: Final = PlackettLuce()
"""openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300."""
INITIAL_MU: Final = float(MODEL.mu)
INITIAL_SIGMA: Final = float(MODEL.sigma)

_COMPUTER_SIGMA: Final = 1.0
COMPUTER_RATINGS: Final[dict[tuple[str, int], tuple[float, float]]] = {
    (kind, players): (mu, _COMPUTER_SIGMA)
    for kind, mu in (
        ("easy", 22.0),
        ("medium", 26.0),
        ("strong", 30.0),
        ("heuristic", 22.0),
        ("search", 30.0),
    )
    for players in (2, 3, 4)
}
"""(mu, sigma) of each kind of computer player per player count."""


def computer_rating(kind: str, players: int) -> tuple[float, float]:
    """A computer player's fixed rating; a kind without one counts as a new player."""
    return COMPUTER_RATINGS.get((kind, players), (INITIAL_MU, _COMPUTER_SIGMA))


def shown_rating(mu: float, sigma: float) -> int:
    """The number people see: 1000 + 20 x (mu - 3 sigma), rounded."""
    return round(1000 + 20 * (mu - 3 * sigma))


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """A seat going into :func:`rate`: its side, the side's place, its rating before."""

    side: int
    place: int
    mu: float
    sigma: float


def rate(seats: Sequence[RatedSeat]) -> list[tuple[float, float]]:
    """The (mu, sigma) after the game of each seat, in the order given: the seats of a
    side play as one team, teams are ranked by place (1 first)."""
    sides = sorted({seat.side for seat in seats})
    teams = [
        [MODEL.rating(mu=seat.mu, sigma=seat.sigma) for seat in seats if seat.side == side]
        for side in sides
    ]
    ranks = [next(seat.place for seat in seats if seat.side == side) for side in sides]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    by_side = {side: iter(team) for side, team in zip(sides, rated, strict=True)}
    after: list[tuple[float, float]] = []
    for seat in seats:
        rating = next(by_side[seat.side])
        after.append((float(rating.mu), float(rating.sigma)))
    return after
