"""The finished hands replayed from a log: what the table may look back at."""

from __future__ import annotations

import random

import pytest

from engine import Action, Game, Match, MatchGameWon, Rules
from engine.history import finished_hands


def _play(game: Game, rng: random.Random, done: object = None) -> list[tuple[int | None, Action]]:
    log: list[tuple[int | None, Action]] = []
    while game.winner is None and (done is None or not done(game)):  # type: ignore[operator]
        seat, action = game.to_act, rng.choice(game.legal_actions())
        game.apply(action, seat)
        log.append((seat, action))
    return log


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_scored_hand_is_recorded_with_what_the_table_saw(players: int) -> None:
    rules = Rules.preset("odessa").replace(target=301)
    game = Game.new(players, rules, seed=players)
    log = _play(game, random.Random(players))
    records = finished_hands(players, rules, players, log)
    assert [r.result for r in records] == list(game.sheet)
    for record in records:
        played = [set[object]() for _ in range(players)]
        for trick in record.tricks:
            for seat, card in trick.plays:
                played[seat].add(card)
        for seat in range(players):
            meld_cards = {c for s, m in record.melds_shown if s == seat for c in m.cards}
            # Nothing a seat kept to itself is named.
            assert set(record.shown[seat]) <= played[seat] | meld_cards
            assert played[seat] <= set(record.shown[seat])
        assert record.bids, "a scored hand was bid on"
        assert record.trump is record.result.trump
    # A hand played to its last trick leaves nothing unseen (only the last may end early).
    for record in records[:-1]:
        assert record.unseen == (0,) * players
        assert sum(len(cards) for cards in record.shown) == sum(len(t.cards) for t in record.tricks)


def test_a_hand_being_played_is_not_there_yet() -> None:
    rules = Rules.preset("odessa")
    game = Game.new(3, rules, seed=9)
    rng = random.Random(9)
    log = _play(game, rng, done=lambda g: len(g.sheet) == 2)
    more = _play(game, rng, done=lambda g: len(g.view(None).tricks) >= 3 or len(g.sheet) > 2)
    assert len(game.sheet) == 2, "the third hand is still being played"
    records = finished_hands(3, rules, 9, log + more)
    assert [r.hand_number for r in records] == [r.hand_number for r in game.sheet]
    assert len(finished_hands(3, rules, 9, log + more, until=records[0].hand_number)) == 1


def test_cards_left_in_hand_when_a_game_is_won_mid_hand_stay_unnamed() -> None:
    """RULES-VARIANTS §22: a side that reaches the target after a trick wins at once; the
    cards nobody played were seen by their holders only."""
    rules = Rules.preset("moscow").replace(target=101)
    for seed in range(200):
        game = Game.new(2, rules, seed=seed)
        log = _play(game, random.Random(seed))
        last = finished_hands(2, rules, seed, log)[-1]
        if sum(last.unseen):
            break
    else:
        pytest.fail("no game of 200 was won in the middle of a hand")
    held = [len(last.shown[s]) + last.unseen[s] for s in range(2)]
    assert len(last.tricks) < max(held)
    hands_left = [set(game.hand(s)) for s in range(2)]
    for seat in range(2):
        assert not set(last.shown[seat]) & hands_left[seat]
        assert last.unseen[seat] == len(hands_left[seat])


def test_a_matchs_hands_total_within_their_own_game() -> None:
    """Game 2 of a match (RULES-VARIANTS §27) starts from 0: its hands' totals do not
    carry game 1's, and game 1's last hand totals game 1's final scores."""
    rules = Rules(match=Match.TWO_ROUNDS, target=101)
    rng = random.Random(3)
    game = Game.new(4, rules, seed=3)
    log: list[tuple[int | None, str]] = []
    game_one: tuple[int, ...] | None = None
    last_of_game_one = 0
    while game.legal_actions() and game.game_number < 3:
        seat = game.to_act
        action = rng.choice(game.legal_actions())
        log.append((seat, action.code))
        for event in game.apply(action):
            if isinstance(event, MatchGameWon) and event.game_number == 1:
                game_one = event.scores
                last_of_game_one = game.hand_number - 1
    assert game_one is not None, "game 1 ended"
    records = finished_hands(4, rules, 3, log)
    by_number = {record.hand_number: record for record in records}
    assert by_number[last_of_game_one].totals == game_one
    first_of_game_two = by_number[last_of_game_one + 1]
    assert first_of_game_two.totals == tuple(
        line.written for line in first_of_game_two.result.sides
    )
