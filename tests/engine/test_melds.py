"""RULES.md §5: melds (terz, fifty, hundred, debertz), which side scores them, and bella."""

from __future__ import annotations

import dataclasses

import pytest

from engine import (
    BellaAnnounced,
    BellaAnnouncement,
    CardPlayed,
    DebertzWon,
    Event,
    FirstLead,
    Game,
    GameOver,
    HandResult,
    HandScored,
    Meld,
    MeldAnnouncement,
    MeldKind,
    MeldsAnnounced,
    MeldsWon,
    Phase,
    Rank,
    Rules,
    Suit,
    TrickWon,
    find_melds,
)
from engine.cards import mask_of

from .decks import C, choose_trump, deal, events_of, play, play_out


def melds_of(hand: str, rules: Rules | None = None) -> list[str]:
    """Melds of a hand as "kind:top-suit/length" strings, e.g. "terz:AH/3"."""
    mask = mask_of(C(code) for code in hand.split())
    return sorted(
        f"{m.kind.name.lower()}:{m.top.code}{m.suit.letter}/{m.length}"
        for m in find_melds(mask, rules or Rules())
    )


# Finding melds --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("QH KH AH", ["terz:AH/3"]),
        ("9S 10S JS", ["terz:JS/3"]),
        ("7D 8D 9D", ["terz:9D/3"]),
        ("10C JC QC", ["terz:QC/3"]),
        ("JS 9S AS", []),  # the trump order J 9 A is not a run
        ("KH AH 7H", []),  # no wrapping round from ace to seven
        ("7H 8H 10H", []),
        ("QH KH AS", []),  # one suit only
        ("7C 8C 9C 10C", ["fifty:10C/4"]),
        ("7H 8H 9H 10H JH QH", ["fifty:QH/6"]),  # a 6-card run is ONE fifty
        ("7H 8H 9H 10H JH QH KH AH", ["fifty:AH/8"]),
        ("7S 8S 9S JS QS KS", ["terz:9S/3", "terz:KS/3"]),  # two runs in one suit
        ("7S 8S 9S 7C 8C 9C 10C", ["fifty:10C/4", "terz:9S/3"]),
        ("7D 9D JD KD 8S 10S QS AS", []),
    ],
)
def test_find_melds(hand: str, expected: list[str]) -> None:
    assert melds_of(hand) == expected


def test_no_card_is_in_two_melds() -> None:
    mask = mask_of(C(code) for code in ["7H", "8H", "9H", "10H", "JH", "QH", "KH"])
    (meld,) = find_melds(mask, Rules())
    assert meld.length == 7
    assert [card.code for card in meld.cards] == ["7H", "8H", "9H", "10H", "JH", "QH", "KH"]


def test_meld_points() -> None:
    assert MeldKind.TERZ.points == 20
    assert MeldKind.FIFTY.points == 50
    assert MeldKind.HUNDRED.points == 100


@pytest.mark.parametrize(
    ("hand", "without", "with_hundred"),
    [
        ("7H 8H 9H 10H", ["fifty:10H/4"], ["fifty:10H/4"]),
        ("7H 8H 9H 10H JH", ["fifty:JH/5"], ["hundred:JH/5"]),
        ("9D 10D JD QD KD AD", ["fifty:AD/6"], ["hundred:AD/6"]),
        ("9D 10D JD", ["terz:JD/3"], ["terz:JD/3"]),
    ],
)
def test_hundred_option(hand: str, without: list[str], with_hundred: list[str]) -> None:
    assert melds_of(hand) == without
    assert melds_of(hand, Rules(hundred=True)) == with_hundred


# Who scores melds: two players, dealer 1, so seat 0 leads. Trump spades, named in round 2
# by seat 0 (the face-up card is a diamond nobody holds) unless a test says otherwise.


def two(
    seat0: str,
    seat1: str,
    *,
    rules: Rules | None = None,
    trump: str = "S",
    bidder: int = 0,
    proposed: str = "",
) -> Game:
    if not proposed:  # any card nobody holds, of another suit than trump (named in round 2)
        held = set(seat0.split()) | set(seat1.split())
        proposed = next(c for c in ("8D", "9D", "KD", "QH", "JC", "8C") if c not in held)
        assert proposed[-1] != trump
    game = deal(2, 1, [seat0, seat1], proposed, rules)
    choose_trump(game, trump, bidder)
    return game


@dataclasses.dataclass
class Outcome:
    won: list[MeldsWon]
    result: HandResult

    @property
    def meld_points(self) -> list[int]:
        return [side.melds for side in self.result.sides]

    @property
    def bella(self) -> list[int]:
        return [side.bella for side in self.result.sides]

    def shown(self) -> list[tuple[int, str]]:
        """The winning melds shown after the first trick: (seat, "kind:top/length")."""
        assert len(self.won) == 1
        return sorted(
            (seat, f"{m.kind.name.lower()}:{m.top.code}{m.suit.letter}/{m.length}")
            for seat, m in self.won[0].melds
        )


def outcome(game: Game) -> Outcome:
    events = play_out(game)
    scored = events_of(events, HandScored)
    assert len(scored) == 1
    return Outcome(events_of(events, MeldsWon), scored[0].result)


def test_a_terz_a_k_q_scores_20() -> None:
    game = two("QH KH AH 7C 9C JC 7D 9D JD", "7S 9S JS 8C 10C QC 10D QD KS")
    result = outcome(game)
    assert result.shown() == [(0, "terz:AH/3")]
    assert result.won[0].side == 0
    assert result.won[0].points == 20
    assert result.meld_points == [20, 0]


def test_a_terz_9_10_j_scores_20() -> None:
    game = two("9H 10H JH 7C 9C JC 7D 9D KD", "7S 9S JS 8C 10C QC 10D QD KS")
    result = outcome(game)
    assert result.shown() == [(0, "terz:JH/3")]
    assert result.meld_points == [20, 0]


def test_a_six_card_run_is_one_fifty_in_play() -> None:
    game = two("7H 8H 9H 10H JH QH 7C 9C KD", "7S 9S JS 8C 10C QC 10D QD KS")
    result = outcome(game)
    assert result.shown() == [(0, "fifty:QH/6")]
    assert result.meld_points == [50, 0]


def test_two_terzes_lose_to_one_higher_terz_and_the_winner_scores_all_its_melds() -> None:
    # Seat 0: terzes 7-8-9 of hearts and of clubs. Seat 1: terz 10-J-Q of diamonds (the
    # highest meld) and a low trump terz 7-8-9 of spades, which it scores too.
    game = two("7H 8H 9H 7C 8C 9C KD AS 10S", "10D JD QD 7S 8S 9S AC KH QC")
    result = outcome(game)
    assert result.won[0].side == 1
    assert result.shown() == [(1, "terz:9S/3"), (1, "terz:QD/3")]
    assert result.won[0].points == 40
    assert result.meld_points == [0, 40]


def test_a_fifty_beats_a_terz_with_a_higher_top() -> None:
    game = two("QH KH AH 7S 9S JS 7D 9D JD", "7C 8C 9C 10C QC KS 10D QD 8H")
    result = outcome(game)
    assert result.shown() == [(1, "fifty:10C/4")]
    assert result.meld_points == [0, 50]


def test_the_higher_top_card_wins_between_terzes() -> None:
    game = two("10H JH QH 7S 9S KS 7D 9D JD", "JC QC KC 8S 10S AS 10D QD 8H")
    result = outcome(game)
    assert result.shown() == [(1, "terz:KC/3")]
    assert result.meld_points == [0, 20]


def test_the_higher_top_card_wins_between_fifties() -> None:
    game = two("9D 10D JD QD 7S 9S KS 7H 9H", "7C 8C 9C 10C 8S 10S AS KH AH")
    result = outcome(game)
    assert result.shown() == [(0, "fifty:QD/4")]
    assert result.meld_points == [50, 0]


def test_a_longer_run_of_the_same_category_and_top_does_not_win_by_length() -> None:
    # Fifty 9-Q of diamonds (seat 0) against fifty 8-Q of clubs (seat 1): same category,
    # same top, neither is trump, so the earlier player (seat 0, the leader) wins.
    seat0, seat1 = "9D 10D JD QD 7S 9S KS 7H 9H", "8C 9C 10C JC QC 8S 10S AS KH"
    result = outcome(two(seat0, seat1))
    assert result.shown() == [(0, "fifty:QD/4")]
    assert result.meld_points == [50, 0]
    # With hundreds the five-card run is a hundred and beats the fifty.
    result = outcome(two(seat0, seat1, rules=Rules(hundred=True)))
    assert result.shown() == [(1, "hundred:QC/5")]
    assert result.meld_points == [0, 100]


def test_the_hundred_option_ranks_a_run_of_five_above_any_fifty() -> None:
    seat0, seat1 = "JH QH KH AH 7S 9S 7D 9D JD", "7C 8C 9C 10C JC 8S 10S 10D QD"
    assert outcome(two(seat0, seat1)).meld_points == [50, 0]  # top A beats top J
    with_hundred = outcome(two(seat0, seat1, rules=Rules(hundred=True)))
    assert with_hundred.shown() == [(1, "hundred:JC/5")]
    assert with_hundred.meld_points == [0, 100]


# Terz 9-10-J of hearts (seat 0) against terz 9-10-J of spades, the trump (seat 1).
EQUAL_TRUMP = ("9H 10H JH 7C QC 7D 9D KD AS", "9S 10S JS 8C 10C KC 10D QD 8H")


def test_a_trump_meld_beats_an_equal_plain_one_even_from_a_later_player() -> None:
    result = outcome(two(*EQUAL_TRUMP))
    assert result.shown() == [(1, "terz:JS/3")]
    assert result.meld_points == [0, 20]


def test_without_trump_priority_the_earlier_player_wins_equal_melds() -> None:
    result = outcome(two(*EQUAL_TRUMP, rules=Rules(trump_priority=False)))
    assert result.shown() == [(0, "terz:JH/3")]
    assert result.meld_points == [20, 0]


def test_a_higher_top_beats_trump_priority() -> None:
    # Plain terz Q-K-A (seat 0) against trump terz J-Q-K (seat 1, who also has bella).
    result = outcome(two("QH KH AH 7C 9C JC 7D 9D JD", "JS QS KS 8C 10C QC 10D QD 8H"))
    assert result.shown() == [(0, "terz:AH/3")]
    assert result.meld_points == [20, 0]
    assert result.bella == [0, 20], "bella counts beside the other side's highest meld"


def test_the_category_beats_a_higher_trump_meld() -> None:
    result = outcome(two("QS KS AS 7C 9C JC 7D 9D JD", "7H 8H 9H 10H QC KC 10D QD 8S"))
    assert result.shown() == [(1, "fifty:10H/4")]
    assert result.meld_points == [0, 50]
    assert result.bella == [20, 0]


# Equal plain terzes 9-10-J of hearts (seat 0) and of clubs (seat 1).
EQUAL_PLAIN = ("9H 10H JH 7C QC 7D 9D KD AS", "9C 10C JC 8S 10S KS 10D QD 8H")


def test_the_earlier_player_wins_equal_plain_melds() -> None:
    result = outcome(two(*EQUAL_PLAIN))
    assert result.shown() == [(0, "terz:JH/3")]


def test_the_earlier_player_is_who_leads_not_the_lower_seat() -> None:
    # With the bidder-leads option and seat 1 bidding, seat 1 plays first.
    rules = Rules(first_lead=FirstLead.BIDDER)
    game = two(*EQUAL_PLAIN, rules=rules, bidder=1)
    assert game.to_act == 1
    result = outcome(game)
    assert result.shown() == [(1, "terz:JC/3")]


def test_three_players_equal_melds_go_to_the_earlier_in_play_order() -> None:
    # Dealer 0: seat 1 leads, then seat 2, then seat 0. Seats 2 and 0 hold equal plain
    # terzes; seat 2 plays before seat 0 in the first trick and wins.
    game = deal(
        3,
        0,
        [
            "9H 10H JH 7C QC 7D 9D KD AS",
            "7S 9S 8C 8D 10D QD AC 8H 7H",
            "9C 10C JC 8S 10S KS AD KC QS",
        ],
        "JD",
    )
    assert game.to_act == 1
    play(game, "pass", "pass", "pass", "suit:S")  # seat 1 names spades in round 2
    result = outcome(game)
    assert result.shown() == [(2, "terz:JC/3")]
    assert result.meld_points == [0, 0, 20]


# Four players: dealer 3, seat 0 leads; trump spades (the dealer's 7S, taken in round 1).
FOUR = [
    "QH KH AH 7C 9C JC 7D 9D",  # seat 0: terz Q-K-A of hearts, the highest meld
    "JD QD KD 8C 10C 9S JS 8H",  # seat 1: terz J-Q-K of diamonds
    "9H 10H JH 7H 8D 10D AC AS",  # seat 2: terz 9-10-J of hearts
    "7S 8S 10S QS KS QC KC AD",  # seat 3: no meld, bella
]


def test_four_players_the_pair_with_the_highest_meld_scores_both_partners_melds() -> None:
    game = deal(4, 3, FOUR, "7S")
    play(game, "play")
    result = outcome(game)
    assert result.won[0].side == 0
    assert result.shown() == [(0, "terz:AH/3"), (2, "terz:JH/3")]
    assert result.won[0].points == 40
    assert result.meld_points == [40, 0]
    assert result.bella == [0, 20]


def test_four_players_a_partners_lower_meld_counts_too() -> None:
    hands = [FOUR[2], FOUR[1], FOUR[0], FOUR[3]]  # seat 0's terz is now below seat 1's
    game = deal(4, 3, hands, "7S")
    play(game, "play")
    result = outcome(game)
    assert result.shown() == [(0, "terz:JH/3"), (2, "terz:AH/3")]
    assert result.meld_points == [40, 0]


# Debertz: a run of seven or more.
DEBERTZ = "7H 8H 9H 10H JH QH KH 7S 9D"
OTHER = "AH 8S 10S QC KC 10D QD 9C JC"


def test_without_the_debertz_option_seven_in_a_row_is_a_fifty() -> None:
    game = two(DEBERTZ, OTHER)
    result = outcome(game)
    assert result.shown() == [(0, "fifty:KH/7")]
    assert result.meld_points == [50, 0]
    assert game.winner is None


def test_debertz_wins_the_game_on_the_holders_first_card() -> None:
    game = two(DEBERTZ, OTHER, rules=Rules(debertz_wins=True))
    assert game.to_act == 0
    events = game.apply(game.legal_actions()[0])
    won = events_of(events, DebertzWon)
    assert len(won) == 1
    assert won[0].seat == 0
    assert won[0].meld.length == 7
    assert won[0].meld.suit is Suit.HEARTS
    assert events_of(events, GameOver) == [GameOver(0, (0, 0))]
    assert game.phase is Phase.FINISHED
    assert game.winner == 0
    assert game.legal_actions() == []


def test_debertz_of_the_second_player_wins_only_when_they_play() -> None:
    game = two(OTHER, DEBERTZ, rules=Rules(debertz_wins=True))
    events = game.apply(game.legal_actions()[0])  # seat 0 leads
    assert not events_of(events, DebertzWon)
    assert game.phase is Phase.PLAY
    assert game.to_act == 1
    events = game.apply(game.legal_actions()[0])
    assert [e.seat for e in events_of(events, DebertzWon)] == [1]
    assert game.winner == 1


def test_six_in_a_row_is_no_debertz() -> None:
    game = two("7H 8H 9H 10H JH QH 7S 9D KD", OTHER, rules=Rules(debertz_wins=True))
    events = play_out(game)
    assert not events_of(events, DebertzWon)
    assert len(events_of(events, HandScored)) == 1


def test_debertz_with_four_players_wins_for_the_pair() -> None:
    hands = [
        "7C 9C JC KC 7D 9D JD KD",
        "8C 10C QC AC 8D 10D QD AD",
        "7H 8H 9H 10H JH QH KH AH",
        "7S 8S 9S 10S JS QS KS AS",
    ]
    game = deal(4, 3, hands, "AS", Rules(debertz_wins=True))
    play(game, "play")
    events = play(game, "7C", "8C")
    assert not events_of(events, DebertzWon)
    events = play(game, "7H")
    assert [e.seat for e in events_of(events, DebertzWon)] == [2]
    assert game.winner == 0


# Bella -----------------------------------------------------------------------------------

BELLA = ("KS QS AC 10C AD 10D AH 10H 7C", "7S 8S 9S 8C 9C 7D 8D 7H 8H")


def _play_until(game: Game, first: list[str]) -> list[list[Event]]:
    """Play ``first`` cards, then the first legal card until the hand is scored; return
    the events of each action."""
    log: list[list[Event]] = [play(game, code) for code in first]
    while game.phase is Phase.PLAY:
        new = game.apply(game.legal_actions()[0])
        log.append(list(new))
        if events_of(new, HandScored):
            break
    return log


def _bella_step(log: list[list[Event]]) -> tuple[int, list[Event]]:
    steps = [
        (i, events)
        for i, events in enumerate(log)
        if any(isinstance(e, BellaAnnounced) for e in events)
    ]
    assert len(steps) == 1, "bella is announced exactly once"
    return steps[0]


def test_bella_is_announced_when_the_second_card_is_played() -> None:
    game = two(*BELLA)
    log = _play_until(game, ["KS"])
    index, events = _bella_step(log)
    assert index > 0, "not on the first card of the pair"
    played = [e for e in events if isinstance(e, CardPlayed)]
    assert played == [CardPlayed(0, C("QS"))]
    bella = next(e for e in events if isinstance(e, BellaAnnounced))
    assert bella == BellaAnnounced(0)
    assert events.index(bella) > events.index(played[0])


def test_bella_option_first_announces_on_the_first_card() -> None:
    game = two(*BELLA, rules=Rules(bella_announcement=BellaAnnouncement.FIRST))
    assert game.view(1).bella is None
    log = _play_until(game, ["KS"])
    index, events = _bella_step(log)
    assert index == 0
    assert CardPlayed(0, C("KS")) in events
    result = events_of(log[-1], HandScored)
    assert result[0].result.sides[0].bella == 20


def test_bella_view_shows_the_seat_once_announced() -> None:
    game = two(*BELLA)
    play(game, "KS")
    assert game.view(1).bella is None
    while game.phase is Phase.PLAY and game.view(1).bella is None:
        game.apply(game.legal_actions()[0])
    assert game.view(1).bella == 0
    assert C("QS") not in game.hand(0)


def test_bella_is_only_for_the_trump_suit() -> None:
    # Seat 0 holds K+Q of clubs; trump is spades.
    game = two("KC QC AS 10S AD 10D AH 10H 7C", "7S 8S 9S 8C 9C 7D 8D 7H 8H")
    events = play_out(game)
    assert not events_of(events, BellaAnnounced)
    assert [s.bella for s in events_of(events, HandScored)[0].result.sides] == [0, 0]


def test_bella_inside_a_trump_terz_counts_both() -> None:
    game = two("QS KS AS 7C 9C JC 7D 9D JD", "7H 9H JH 8C 10C QC 10D QD 8S")
    result = outcome(game)
    assert result.meld_points == [20, 0]
    assert result.bella == [20, 0]


# Melds need a trick (option) ---------------------------------------------------------------

# Seat 0 takes every trick (seat 1 holds no trump and never the winning card); seat 1
# holds the highest meld, a fifty 7-10 of clubs; seat 0 a trump terz 9-10-J.
SWEEP = ("9S 10S JS KS AS AC AD AH 10H", "7C 8C 9C 10C 7D 8D JD 7H 8H")


def test_by_default_melds_count_without_a_trick() -> None:
    result = outcome(two(*SWEEP))
    assert result.shown() == [(1, "fifty:10C/4")]
    assert [side.tricks for side in result.result.sides] == [9, 0]
    assert result.meld_points == [0, 50]


def test_melds_need_trick_option_no_side_scores_melds_when_the_best_took_none() -> None:
    result = outcome(two(*SWEEP, rules=Rules(melds_need_trick=True)))
    assert [side.tricks for side in result.result.sides] == [9, 0]
    assert result.meld_points == [0, 0]


def test_melds_need_trick_option_counts_melds_of_a_side_that_took_a_trick() -> None:
    rules = Rules(melds_need_trick=True)
    result = outcome(
        two("QH KH AH JS 9S 7C 9C 7D JD", "7S 8S 8C 10C QC 10D QD KS 10H", rules=rules)
    )
    assert result.result.sides[0].tricks > 0
    assert result.meld_points == [20, 0]


def test_melds_need_trick_option_leaves_bella_alone() -> None:
    # Seat 1 holds bella (K+Q of spades) and the fifty, and takes no trick.
    sweep = ("9S 10S JS AS AC AD AH 10H KH", "7C 8C 9C 10C 7D 8D KS QS 8H")
    result = outcome(two(*sweep, rules=Rules(melds_need_trick=True)))
    assert [side.tricks for side in result.result.sides] == [9, 0]
    assert result.meld_points == [0, 0]
    assert result.bella == [0, 20]


# Announcements ------------------------------------------------------------------------------


def test_melds_are_announced_by_kind_and_top_at_each_players_first_card() -> None:
    # Seat 0: terz Q-K-A of hearts. Seat 1: fifty 7-10 of clubs and terz 10-J-Q of diamonds.
    game = two("QH KH AH 7S 9S JS 7D 9D KD", "7C 8C 9C 10C QC KS 10D JD QD")
    first = game.apply(game.legal_actions()[0])
    assert first[0] == MeldsAnnounced(0, (MeldAnnouncement(MeldKind.TERZ, Rank.ACE),))
    assert isinstance(first[1], CardPlayed)
    assert first[1].seat == 0
    assert game.winning_melds() == ()
    assert game.view(1).winning_melds == ()
    assert [seat for seat, _ in game.view(1).melds_announced] == [0]
    second = game.apply(game.legal_actions()[0])
    announced = events_of(second, MeldsAnnounced)
    assert len(announced) == 1
    assert announced[0].seat == 1
    assert sorted((a.kind, a.top) for a in announced[0].melds) == [
        (MeldKind.TERZ, Rank.QUEEN),
        (MeldKind.FIFTY, Rank.TEN),
    ]
    assert second.index(announced[0]) < next(
        i for i, e in enumerate(second) if isinstance(e, CardPlayed)
    )
    # the first trick is over: the winning melds are shown with their cards
    trick = events_of(second, TrickWon)
    assert len(trick) == 1
    won = events_of(second, MeldsWon)
    assert len(won) == 1
    assert second.index(won[0]) > second.index(trick[0])
    assert won[0].side == 1
    assert won[0].points == 70
    shown = {(seat, tuple(c.code for c in meld.cards)) for seat, meld in won[0].melds}
    assert shown == {(1, ("7C", "8C", "9C", "10C")), (1, ("10D", "JD", "QD"))}
    assert {(s, m) for s, m in game.winning_melds()} == set(won[0].melds)
    assert set(game.view(0).winning_melds) == set(won[0].melds)
    # later cards announce nothing more
    for _ in range(4):
        events = game.apply(game.legal_actions()[0])
        assert not events_of(events, MeldsAnnounced)
        assert not events_of(events, MeldsWon)


def test_an_announcement_holds_kind_and_top_only() -> None:
    names = [field.name for field in dataclasses.fields(MeldAnnouncement)]
    assert names == ["kind", "top"]


def test_no_meld_no_announcement() -> None:
    game = two("7S 9S JS 8C 10C QC 10D QD KS", "7H 9H JH KH 7C 9C JC 7D 9D")
    events = play_out(game)
    assert not events_of(events, MeldsAnnounced)
    assert not events_of(events, MeldsWon)
    assert [s.melds for s in events_of(events, HandScored)[0].result.sides] == [0, 0]


def test_meld_value_objects() -> None:
    meld = Meld(Suit.HEARTS, Rank.ACE, 3, MeldKind.TERZ)
    assert meld.points == 20
    assert [card.code for card in meld.cards] == ["QH", "KH", "AH"]
    assert not meld.is_debertz
    assert Meld(Suit.HEARTS, Rank.KING, 7, MeldKind.FIFTY).is_debertz
