"""engine.summary: a finished game's figures per seat, read off the sheet and the events."""

from __future__ import annotations

import random

import pytest

from engine import (
    FourPlayerMode,
    Game,
    GameFormat,
    Meld,
    MeldKind,
    MeldsWon,
    Outcome,
    Rank,
    Rules,
    Suit,
)
from engine.events import DebertzWon
from engine.summary import (
    Figures,
    NotFinishedError,
    ReplayMismatchError,
    meld_strength,
    shown_melds,
    summarize,
)


def random_game(players: int, seed: int) -> tuple[Game, list[str], list[tuple[int, Meld]]]:
    """A game played to its end by random legal moves: the game, its log, and the melds
    its events showed (collected here, as the table saw them)."""
    rng = random.Random(seed)
    game = Game.new(players, Rules(), seed)
    actions: list[str] = []
    melds: list[tuple[int, Meld]] = []
    while game.legal_actions():
        action = rng.choice(game.legal_actions())
        actions.append(action.code)
        for event in game.apply(action):
            if isinstance(event, MeldsWon):
                melds.extend(event.melds)
            elif isinstance(event, DebertzWon):
                melds.append((event.seat, event.meld))
    return game, actions, melds


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_the_figures_are_the_sheets(players: int, seed: int) -> None:
    game, actions, melds = random_game(players, seed)
    assert shown_melds(game, actions) == tuple(melds)
    summary = summarize(game, shown_melds(game, actions))
    assert summary.winner == game.winner
    assert summary.scores == game.scores
    sheet = game.sheet
    for line in summary.seats:
        figures = line.figures
        side = line.seat % 2 if players == 4 else line.seat
        assert line.side == side
        assert line.won == (side == game.winner)
        assert line.score == game.scores[side]
        assert figures.hands == len(sheet)
        bids = [result for result in sheet if result.bidder == line.seat]
        assert figures.bids == len(bids)
        assert figures.made == sum(r.outcome in (Outcome.MADE, Outcome.FIFTY) for r in bids)
        assert figures.baits == sum(r.outcome is Outcome.BAIT for r in bids)
        assert figures.bolts == sum(
            r.sides[side].tricks == 0 and r.outcome not in (Outcome.FIFTY, Outcome.CLAIMED)
            for r in sheet
        )
        assert figures.points == sum(r.sides[side].written for r in sheet)
        own = [meld for seat, meld in melds if seat == line.seat]
        if own:
            assert figures.best_meld is not None
            assert meld_strength(figures.best_meld) == max(meld_strength(m) for m in own)
        else:
            assert figures.best_meld is None
    if players == 4:
        # Partners share their side's points and result (each has their own bids).
        assert summary.seats[0].figures.points == summary.seats[2].figures.points
        assert summary.seats[0].won == summary.seats[2].won


def test_places_follow_the_winner_then_the_scores() -> None:
    for seed in range(12):
        game, _, _ = random_game(3, seed)
        summary = summarize(game)
        winner = game.winner
        assert winner is not None
        others = sorted((s for s in range(3) if s != winner), key=lambda s: -game.scores[s])
        places = {line.seat: line.place for line in summary.seats}
        assert places[winner] == 1
        first, second = others
        assert places[first] == 2
        # Equal scores share a place.
        expected = 2 if game.scores[first] == game.scores[second] else 3
        assert places[second] == expected


def test_a_game_not_over_has_no_summary() -> None:
    game = Game.new(2, Rules(), seed=1)
    with pytest.raises(NotFinishedError):
        summarize(game)


def test_a_log_that_does_not_rebuild_the_game_is_refused() -> None:
    game, actions, _ = random_game(2, seed=3)
    with pytest.raises(ReplayMismatchError):
        shown_melds(game, actions[:-1])


def test_a_log_with_an_action_the_replay_refuses_is_a_mismatch() -> None:
    game, actions, _ = random_game(2, seed=3)
    # A card before the bidding is over.
    card = next(action for action in actions if action.startswith("card"))
    with pytest.raises(ReplayMismatchError, match="action 2"):
        shown_melds(game, [actions[0], card, *actions[1:]])
    with pytest.raises(ReplayMismatchError, match="action 1"):
        shown_melds(game, ["no such action"])


def test_without_melds_no_seat_has_a_best_one() -> None:
    game, _, _ = random_game(2, seed=3)
    assert all(line.figures.best_meld is None for line in summarize(game).seats)


def test_the_rule_set_is_the_preset_whatever_the_target() -> None:
    assert Rules().preset_name == "odessa"
    assert Rules.preset("moscow").replace(target=1001).preset_name == "moscow"
    assert Rules.preset("odessa").replace(bolt_penalty=100).preset_name is None


def test_figures_add_up_and_keep_the_stronger_meld() -> None:
    terz = Meld(Suit.SPADES, Rank.KING, 3, MeldKind.TERZ)
    fifty = Meld(Suit.CLUBS, Rank.TEN, 4, MeldKind.FIFTY)
    one = Figures(hands=5, bids=2, made=1, baits=1, bolts=0, points=120, best_meld=fifty)
    two = Figures(hands=7, bids=3, made=3, baits=0, bolts=1, points=300, best_meld=terz)
    assert one + two == Figures(12, 5, 4, 1, 1, 420, fifty)
    assert two + one == Figures(12, 5, 4, 1, 1, 420, fifty)
    assert Figures() + two == two
    assert (two + Figures()).best_meld == terz


def _played_out(rules: Rules, players: int, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(players, rules, seed)
    while game.legal_actions():
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_four_solo_players_are_four_sides() -> None:
    game = _played_out(Rules(four_player_mode=FourPlayerMode.SOLO, target=201), 4, seed=5)
    summary = summarize(game)
    assert [seat.side for seat in summary.seats] == [0, 1, 2, 3]
    assert sum(seat.won for seat in summary.seats) == 1
    assert sorted(seat.place for seat in summary.seats)[0] == 1


def test_every_winner_of_a_one_hand_game_with_bait_wins() -> None:
    rules = Rules(format=GameFormat.ONE_HAND_BAIT)
    for seed in range(60):
        game = _played_out(rules, 3, seed)
        if len(game.winners) == 2:  # the bidder sat: both defenders win
            summary = summarize(game)
            assert [seat.won for seat in summary.seats] == [
                seat in game.winners for seat in range(3)
            ]
            loser = next(seat for seat in summary.seats if not seat.won)
            assert loser.place == 3
            return
    raise AssertionError("no 3-player bidder sat in 60 one-hand games")
