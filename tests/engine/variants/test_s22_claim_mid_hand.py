"""RULES-VARIANTS.md §22 ``claim_mid_hand`` (with H2's ``claimed`` record and H8)."""

from __future__ import annotations

import pytest

from engine import ClaimMidHand, Event, Game, GameOver, HandScored, Outcome, Phase, Rules, TrickWon

from ..decks import choose_trump, deal, events_of, first_policy, play

# Two players, dealer 1, spades trump: seat 0 leads KS and seat 1 takes it with the jass
# (24 points, and its terz 7H 8H 9H, decided highest after this first trick: 20); seat 1
# leads 7H, seat 0's AH takes it (11); seat 0 leads QS, announcing bella, and takes it (3).
HANDS = ["KS QS AH AD AC 10H 10D 10C KH", "JS 8S 7H 8H 9H 7D 8D 7C 8C"]


def start(claim: ClaimMidHand, target: int = 20) -> Game:
    game = deal(2, 1, HANDS, "7S", Rules(claim_mid_hand=claim, target=target))
    choose_trump(game, "S")
    return game


def test_on_the_side_that_reaches_the_target_after_a_trick_wins_at_once() -> None:
    game = start(ClaimMidHand.ON)
    events = play(game, "KS", "JS")
    assert game.phase is Phase.FINISHED
    assert game.winner == 1
    (scored,) = events_of(events, HandScored)
    assert scored.result.outcome is Outcome.CLAIMED
    assert [(s.card_points, s.melds, s.written) for s in scored.result.sides] == [
        (0, 0, 0),
        (24, 20, 44),
    ]
    assert [side.last_trick for side in scored.result.sides] == [0, 0]
    assert events_of(events, GameOver)[0].scores == (0, 44)


def test_off_play_goes_on() -> None:
    game = start(ClaimMidHand.OFF)
    play(game, "KS", "JS")
    assert game.phase is Phase.PLAY


def test_not_on_jass_no_claim_after_the_jack_but_bella_counts_after_its_trick() -> None:
    game = start(ClaimMidHand.NOT_ON_JASS)
    play(game, "KS", "JS")  # 44 for seat 1, but the trick holds the jass
    assert game.phase is Phase.PLAY
    play(game, "7H", "AH")  # seat 0: 11
    assert game.phase is Phase.PLAY
    events = play(game, "QS", "8S")  # seat 0: 14 + bella 20 from this trick's close
    assert game.winner == 0
    (scored,) = events_of(events, HandScored)
    assert [(s.card_points, s.bella, s.written) for s in scored.result.sides] == [
        (14, 20, 34),
        (24, 0, 44),
    ]


def test_a_claim_needs_the_score_before_the_hand_plus_the_points_so_far() -> None:
    game = start(ClaimMidHand.ON, target=50)
    play(game, "KS", "JS")  # 44 < 50
    assert game.phase is Phase.PLAY
    data = game.to_dict()
    data["scores"] = [0, 40]
    game = Game.from_dict(data)
    play(game, "7H", "AH")  # seat 0 took it: seat 1 does not claim on another's trick
    assert game.phase is Phase.PLAY


def _before_the_last_trick_with_the_jass(claim: ClaimMidHand) -> Game:
    """A first hand (under :func:`first_policy`) whose last trick holds the trump jack,
    stopped before that trick, with both sides one point short of the target."""
    for seed in range(300):
        game = Game.new(2, Rules(claim_mid_hand=claim, target=501), seed)
        while game.phase is not Phase.PLAY or len(game.hand(0)) + len(game.hand(1)) > 2:
            game.apply(first_policy(game))
            if game.hand_number > 1:
                break
        if game.hand_number > 1 or game.trump is None:
            continue
        jass = f"J{game.trump.letter}"
        if any(card.code == jass for seat in (0, 1) for card in game.hand(seat)):
            data = game.to_dict()
            data["scores"] = [500, 500]
            return Game.from_dict(data)
    raise AssertionError("no seed found")


@pytest.mark.parametrize(
    ("claim", "ends"), [(ClaimMidHand.ON, True), (ClaimMidHand.NOT_ON_JASS, False)]
)
def test_not_on_jass_a_jack_in_the_last_trick_blocks_the_end(
    claim: ClaimMidHand, ends: bool
) -> None:
    game = _before_the_last_trick_with_the_jass(claim)
    events: list[Event] = []
    while not events_of(events, HandScored):
        events += game.apply(first_policy(game))
    assert events_of(events, TrickWon)[-1].last
    assert (game.phase is Phase.FINISHED) is ends
    if not ends:
        assert game.hand_number == 2
        assert max(game.scores) >= 501  # reached, yet the game goes on
