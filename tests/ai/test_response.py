"""The best response to rule-based play against plain enumeration, and against minimax."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine import Game, Phase, Rules
from engine.ai.bits import POINTS_BY_TRUMP, SUIT_MASKS
from engine.ai.infer import knowledge
from engine.ai.policy import choose_card, trick_winner
from engine.ai.response import BestResponse
from engine.ai.solver import LAST_TRICK, Solver
from engine.legal import PlayRules, legal_mask
from engine.rules import FourPlayerMode


def _positions(players: int, rules: Rules, cards: int) -> list[Game]:
    found = []
    for seed in range(40):
        rng = random.Random(seed)
        game = Game.new(players, rules, seed)
        while game.phase is not Phase.PLAY:
            game.apply(rng.choice(game.legal_actions()))
        while game.phase is Phase.PLAY:
            seat = game.to_act
            assert seat is not None
            if game.hand_mask(seat).bit_count() <= cards and rng.random() < 0.5:
                found.append(game.copy())
                break
            game.apply(rng.choice(game.legal_actions()))
    return found


@dataclasses.dataclass(frozen=True)
class _Position:
    """A play position as the solvers take it: every hand known, and what the seat to
    act knows of the cards gone and the voids."""

    seat: int
    trump: int
    bidder: int
    hands: list[int]
    leader: int
    trick: list[int]
    gone: int
    voids: list[int]

    @classmethod
    def of(cls, game: Game) -> _Position:
        seat = game.to_act
        assert seat is not None
        assert game.trump is not None
        view = game.view(seat)
        assert view.bidder is not None
        info = knowledge(view)
        return cls(
            seat=seat,
            trump=int(game.trump),
            bidder=view.bidder,
            hands=[game.hand_mask(other) for other in range(game.players)],
            leader=view.trick[0][0] if view.trick else seat,
            trick=[card.index for _, card in view.trick],
            gone=info.gone,
            voids=list(info.forbidden),
        )


def _enumerate(
    hands: list[int],
    trump: int,
    leader: int,
    trick: list[int],
    side: int,
    gone: int,
    voids: list[int],
    bidder: int,
    play: PlayRules,
    choosers: int | None = None,
) -> int:
    """Every card of the ``choosers`` (default: the side's seats) tried, every other
    seat by the rules, no table."""
    if choosers is None:
        choosers = side
    n = len(hands)
    if not trick and not hands[leader]:
        return 0
    seat = (leader + len(trick)) % n
    legal = legal_mask(hands[seat], trick, trump, play)
    if choosers >> seat & 1:
        cards = [index for index in range(32) if legal >> index & 1]
    else:
        cards = [
            choose_card(
                seat, hands[seat], legal, trick, leader, n, trump, gone, voids, bidder, play.solo
            )
        ]
    values = []
    for index in cards:
        after = list(hands)
        after[seat] ^= 1 << index
        shown = list(voids)
        if trick and index >> 3 != trick[0] >> 3:
            shown[seat] |= SUIT_MASKS[trick[0] >> 3]
            if index >> 3 != trump and play.must_trump:
                shown[seat] |= SUIT_MASKS[trump]
        played = [*trick, index]
        if len(played) < n:
            values.append(
                _enumerate(after, trump, leader, played, side, gone | 1 << index, shown,
                           bidder, play, choosers)
            )  # fmt: skip
            continue
        winner = trick_winner(played, leader, n, trump)
        gain = 0
        if side >> winner & 1:
            gain = 2 * sum(POINTS_BY_TRUMP[trump][card] for card in played)
            if not after[winner]:
                gain += 2 * LAST_TRICK + 1
        values.append(
            gain
            + _enumerate(after, trump, winner, [], side, gone | 1 << index, shown, bidder,
                         play, choosers)
        )  # fmt: skip
    return max(values)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(overtrump=False), Rules(must_trump=False)],
    ids=["odessa", "no overtrump", "no must_trump"],
)
def test_the_best_response_is_the_best_of_every_line_against_the_rules(
    players: int, rules: Rules
) -> None:
    checked = 0
    play = PlayRules.of(rules, players)
    for game in _positions(players, rules, 4 if players < 4 else 3):
        at = _Position.of(game)
        side = 1 << at.seat | (1 << (at.seat + 2) % 4 if players == 4 else 0)
        response = BestResponse(
            players, at.trump, side, play, gone=at.gone, voids=at.voids, bidder=at.bidder
        )
        expected = _enumerate(
            at.hands, at.trump, at.leader, at.trick, side, at.gone, at.voids, at.bidder, play
        )
        assert response.value(at.hands, at.leader, at.trick) == expected
        # asked again, the table answers, and must still be exact
        assert response.value(at.hands, at.leader, at.trick) == expected
        # the rules are one way for the others to play: no better for them than minimax
        minimax = Solver(players, at.trump, side, overtrump=play)
        assert expected >= minimax.value(at.hands, at.leader, at.trick)
        checked += 1
    assert checked >= 15


@pytest.mark.parametrize("players", [3, 4])
def test_a_defender_beside_a_partner_of_the_rules_chooses_alone(players: int) -> None:
    # 3 players, and 4 solo players, whose defenders are one side against the bidder
    rules = Rules(four_player_mode=FourPlayerMode.SOLO)
    play = PlayRules.of(rules, players)
    checked = 0
    for game in _positions(players, rules, 4 if players < 4 else 3):
        at = _Position.of(game)
        if at.seat == at.bidder:
            continue
        defenders = ((1 << players) - 1) ^ (1 << at.bidder)
        alone = BestResponse(
            players, at.trump, defenders, play, gone=at.gone, voids=at.voids, bidder=at.bidder,
            choosers=1 << at.seat,
        )  # fmt: skip
        expected = _enumerate(
            at.hands, at.trump, at.leader, at.trick, defenders, at.gone, at.voids, at.bidder,
            play, 1 << at.seat,
        )  # fmt: skip
        assert alone.value(at.hands, at.leader, at.trick) == expected
        # a partner at its best could only add to what the side takes
        together = BestResponse(
            players, at.trump, defenders, play, gone=at.gone, voids=at.voids, bidder=at.bidder
        )
        assert expected <= together.value(at.hands, at.leader, at.trick)
        checked += 1
    assert checked >= 10


def _endgames_played(
    opponent: str, monkeypatch: pytest.MonkeyPatch, rule_proof: int = 0
) -> dict[int, tuple[int, int]]:
    """Per hand number, (play decisions of seat 0 with ``rule_opponents`` 2, those its
    endgame played against the rules) over the first two hands of two 2-player games
    against ``opponent``."""
    from engine.ai import make_player
    from engine.ai.players import search

    hand = 1
    built = {1: 0, 2: 0}

    class Spy(BestResponse):
        __slots__ = ()

        def __init__(self, *args: object, **kwargs: object) -> None:
            built[hand] += 1
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "BestResponse", Spy)
    decisions = {1: 0, 2: 0}
    for seed in range(2):
        game = Game.new(2, Rules.preset("odessa"), seed)
        seats = [
            make_player(
                "search", seed, samples=4, budget=None, solver_cards=9, rule_opponents=2,
                rule_proof=rule_proof,
            ),
            make_player(opponent, seed),
        ]  # fmt: skip
        while game.phase is not Phase.FINISHED and game.hand_number <= 2:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            hand = game.hand_number
            if seat == 0 and game.phase is Phase.PLAY and len(view.legal_actions) > 1:
                decisions[hand] += 1 if len(view.tricks) >= 2 else 0
            game.apply(seats[seat].choose(view))
    return {number: (decisions[number], built[number]) for number in decisions}


def test_the_endgame_plays_the_others_by_the_rules_only_while_their_cards_fit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played = _endgames_played("heuristic", monkeypatch)
    decisions, against_rules = (sum(pair) for pair in zip(*played.values(), strict=True))
    assert decisions > 10
    assert against_rules == decisions
    played = _endgames_played("random", monkeypatch)
    decisions, against_rules = (sum(pair) for pair in zip(*played.values(), strict=True))
    assert decisions > 10
    assert against_rules < decisions / 2


def test_with_rule_proof_the_earlier_hands_decide_who_plays_by_the_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``rule_proof`` 1 the first hand is never played against the rules; from the
    second, the heuristic is in every decision (its first hand showed only rule-based
    cards) and a random player in none (its first hand showed cards of its own)."""
    played = _endgames_played("heuristic", monkeypatch, rule_proof=1)
    assert played[1][0] > 5
    assert played[1][1] == 0
    assert played[2][0] > 5
    assert played[2][1] == played[2][0]
    played = _endgames_played("random", monkeypatch, rule_proof=1)
    assert played[2][0] > 5
    assert played[2][1] == 0


def test_rule_opponents_counts_tricks() -> None:
    from engine.ai import make_player

    with pytest.raises(ValueError, match="rule_opponents"):
        make_player("strong", rule_opponents=-1)
    with pytest.raises(ValueError, match="rule_proof"):
        make_player("strong", rule_proof=-1)
    with pytest.raises(ValueError, match="rule_opponents: no table of '5'"):
        make_player("strong", rule_opponents={"5": 3})


def test_rule_opponents_is_one_trick_or_one_per_table_size() -> None:
    from engine.ai.players.search import rule_tricks

    assert rule_tricks(None) == {2: None, 3: None, 4: None}
    assert rule_tricks(3) == {2: 3, 3: 3, 4: 3}
    assert rule_tricks({"2": 3}) == {2: 3, 3: None, 4: None}
