"""The lobby's levels of computer player: the expert search's options for each."""

from __future__ import annotations

from typing import Any, Final

__all__ = ["LEVELS"]

LEVELS: Final[dict[str, dict[str, Any]]] = {
    "easy": {"samples": 12, "budget": 0.25},
    "medium": {"samples": 40, "budget": 0.25, "caution": 0.25, "play_trust": 0.9},
    "strong": {
        "samples": 1000,
        "budget": 1.0,
        "caution": 0.25,
        "play_trust": 0.9,
        "solver_cards": {2: 9, 3: 6},
        "rule_opponents": {2: 3},
    },
}
"""The expert search's options per level (any of them can be overridden). Easy keeps the
full caution of one standard error: with 12 deals it plays the rule-based action unless
another is clearly better. The searching levels take a quarter: at a full one, strong
kept so many rule-based bids and cards that with 3 players it won 27% of 200 games
against search (fair share 33%), 37.5% at a quarter (README, "Computer players"). The
searching levels also read the other seats' plays (``play_trust``): against the
rule-based player, whose play that models exactly, strong won 71.3% of 1000 games at 16
deals instead of 66.9%; against search it made no difference (49.7%). Medium stops at 40
deals: at its clock alone (0.25 s, a few hundred deals) it was as strong as strong,
which gains little past 200 deals (strong won 52.0% and 56.0% of two runs of 100 games
against it); at 40 it sits between the other two (README, "the levels in order"). With 2
players strong plays the whole hand exactly in every sampled deal (``solver_cards`` 9,
from the first lead; 4 players keep the default depth, 3 see below): at the 1 s clock it
won 113 of 200 games against search (56.5%, 49.6-63.2%; with 53 of the next 100, 166 of
300, 55.3%), where with the default depth it stood level (49.7% of 1000 at 16 deals),
with more points per hand (63.9 against 60.1) and fewer bids sat (17.5% against 21.0%).
Its bids are still scored with rule-based play: scored with the exact play
(``exact_bids``, some 25-45 deals a bid instead of 1000) it won 53 of 100 games against
itself without, with fewer points per hand (61.0 against 62.0) and more bids sat (19.4%
against 17.6%), so that stays off; so does the exact play from 6 cards after rule-based
tricks (``exact_bids`` ``{2: 6}``, some 830 deals a bid), which won the same 113 of 200
games against search as strong without it. With 3 players strong solves the last 6
tricks exactly instead of 5 (some 50-650 deals at 6 cards in hand, where 5 leave it
300-1000). With that and the defenders solved as one side (every level) it won 80 of 201
games against medium on seeds 1-67 (76 before both) and 59 of 201 on seeds 68-134: 139
of 402 (34.6%), not told from a fair third.
With 2 players, from the fourth trick, strong's exact play takes the other seat to play
by the rules while every card it played this hand and in the earlier hands of the game
was the rules' own (``rule_opponents``, :mod:`engine.ai.response`). At the 1 s clock it
won 166 of 200 games against the heuristic on seeds 1-100 (83.0%), where it won 158
without, and 110 of 200 against search, where it won 113 without; at 100 deals a
decision it won 170 where it won 157, and 114 of 200 against search where it won 117 (a
searching player's cards are found off the rules within the first hand in most games,
and then never played by them). With 3 players against the heuristic it won 114 of 200
games where it won 106 at 16 deals, and 121 where it won 115 at 100: within the noise,
not measured at the clock, so off there, as with 4 (not measured)."""
