"""RULES-VARIANTS.md §23 ``target_tie`` and §26 ``gap_win``: the end checks after a hand."""

from __future__ import annotations

from collections.abc import Callable

from engine import Event, Game, HandScored, Phase, Rules, TargetTie, TrickWon

from ..decks import events_of, first_policy


def first_hand(players: int, rules: Rules, seed: int) -> tuple[Game, HandScored, int]:
    """Play the first hand with :func:`first_policy`; the result and the last trick's taker."""
    game = Game.new(players, rules, seed)
    events: list[Event] = []
    while not events_of(events, HandScored):
        events += game.apply(first_policy(game))
    (scored,) = events_of(events, HandScored)
    last = next(event for event in events_of(events, TrickWon) if event.last).winner
    return game, scored, game.side_of(last)


def witness(players: int, condition: Callable[[HandScored, int], bool]) -> int:
    """The first seed whose first hand (under the default rules) meets ``condition``."""
    for seed in range(200):
        _, scored, last = first_hand(players, Rules(), seed)
        if condition(scored, last):
            return seed
    raise AssertionError("no seed found")


def _both_reach_and_the_last_trick_is_lower(scored: HandScored, last: int) -> bool:
    written = [side.written for side in scored.result.sides]
    return min(written) > 0 and written[last] < max(written)


def test_s23_highest_wins_when_both_reach_the_target() -> None:
    seed = witness(2, _both_reach_and_the_last_trick_is_lower)
    game, _scored, last = first_hand(2, Rules(target=1), seed)
    assert game.phase is Phase.FINISHED
    assert game.winner == 1 - last


def test_s23_last_trick_the_side_that_took_it_wins() -> None:
    seed = witness(2, _both_reach_and_the_last_trick_is_lower)
    game, _scored, last = first_hand(2, Rules(target=1, target_tie=TargetTie.LAST_TRICK), seed)
    assert game.phase is Phase.FINISHED
    assert game.winner == last


def test_s23_last_trick_needs_the_taker_to_reach_the_target() -> None:
    def only_the_non_taker_reaches_60(scored: HandScored, last: int) -> bool:
        written = [side.written for side in scored.result.sides]
        return written[last] < 60 <= written[1 - last] and written[last] > 0

    seed = witness(2, only_the_non_taker_reaches_60)
    game, _, last = first_hand(2, Rules(target=60, target_tie=TargetTie.LAST_TRICK), seed)
    assert game.winner == 1 - last


def _gap_of_at_least_50(scored: HandScored, last: int) -> bool:
    written = [side.written for side in scored.result.sides]
    return abs(written[0] - written[1]) >= 50


def test_s26_gap_win_a_lead_of_n_wins() -> None:
    seed = witness(2, _gap_of_at_least_50)
    game, scored, _ = first_hand(2, Rules(target=10_000, gap_win=50), seed)
    written = [side.written for side in scored.result.sides]
    assert game.phase is Phase.FINISHED
    assert game.winner == written.index(max(written))


def test_s26_gap_win_off_or_not_reached_plays_on() -> None:
    seed = witness(2, _gap_of_at_least_50)
    game, scored, _ = first_hand(2, Rules(target=10_000), seed)
    assert game.phase is not Phase.FINISHED
    written = [side.written for side in scored.result.sides]
    gap = abs(written[0] - written[1])
    game, _, _ = first_hand(2, Rules(target=10_000, gap_win=gap + 1), seed)
    assert game.phase is not Phase.FINISHED


def test_s26_gap_win_is_ignored_with_three_players() -> None:
    def gap_of_50(scored: HandScored, last: int) -> bool:
        written = sorted(side.written for side in scored.result.sides)
        return written[-1] - written[0] >= 50

    seed = witness(3, gap_of_50)
    game, _, _ = first_hand(3, Rules(target=10_000, gap_win=50), seed)
    assert game.phase is not Phase.FINISHED
