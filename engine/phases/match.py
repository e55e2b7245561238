"""Two-round matches (RULES-VARIANTS §27, H11): 4 players in pairs, ``match=two_rounds``.

Two games are played to the target, each from 0 (scores, baits, hanging points and the
sheet are cleared; pools are lost, H7). The deal goes on clockwise. ``obligatory_dealer``
is ignored, except in game 2: a dealer of game 1's winning pair may not pass in round
2. If one pair wins both games it wins the match; at 1-1 four final hands follow
(game 3), from 0 and with no obligatory dealer: the target and claims do not apply,
and after the fourth hand the pair with more points wins; level, four more hands.
The four final hands are the next four scored hands, so each seat deals one
(redeals do not count): the "uncertain" line of §27, decided.
"""

from __future__ import annotations

from typing import Final

from ..events import Event, MatchGameWon
from ..rules import Match
from . import deal
from .state import GameState

__all__ = ["FINAL_GAME", "FINAL_HANDS", "applies", "dealer_obliged", "final_hand", "next_game"]

FINAL_GAME: Final = 3
"""The game number of the final hands."""
FINAL_HANDS: Final = 4


def applies(game: GameState) -> bool:
    rules = game._rules
    return rules.match is Match.TWO_ROUNDS and rules.in_pairs(game._n) and not rules.one_hand


def in_final_hands(game: GameState) -> bool:
    return applies(game) and game._game_number == FINAL_GAME


def dealer_obliged(game: GameState) -> bool:
    """Whether the dealer may not pass in round 2: ``obligatory_dealer``, or in a match
    only a game-2 dealer of game 1's winning pair."""
    if not applies(game):
        return game._rules.obligatory_dealer
    if game._game_number != 2:
        return False
    return game.side_of(game._dealer) == game._match_games[0][0]


def next_game(game: GameState, winner: int, events: list[Event]) -> bool:
    """When ``winner`` wins game 1 or 2 of a match and the match goes on: record it,
    clear the scores and deal the next game; returns whether it did."""
    if not applies(game) or game._game_number == FINAL_GAME:
        return False
    number = game._game_number
    game._match_games.append((winner, tuple(game._scores)))
    if number == 2 and game._match_games[0][0] == winner:
        return False
    game._game_number = number + 1
    if game._game_number == FINAL_GAME:
        game._final_hands = FINAL_HANDS
    events.append(MatchGameWon(number, winner, tuple(game._scores), game._game_number))
    count = len(game._scores)
    game._scores = [0] * count
    game._baits = [0] * count
    game._hanging = 0
    game._sheet = []
    game._winner = -1
    game._dealer = (game._dealer + 1) % game._n
    game._deal_number += 1
    game._hand_number += 1
    deal.deal_and_check(game, events)
    return True


def final_hand(game: GameState) -> int | None:
    """After a scored final hand: None while final hands remain (or four more begin
    after a level four), else the winning pair."""
    game._final_hands -= 1
    if game._final_hands:
        return None
    first, second = game._scores
    if first == second:
        game._final_hands = FINAL_HANDS
        return None
    return 0 if first > second else 1
