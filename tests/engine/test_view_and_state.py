"""What a seat's view shows, action codes, and the saved state (JSON, copy, replay)."""

from __future__ import annotations

import json

import pytest

from engine import (
    DECK,
    SCHEMA_VERSION,
    Action,
    ActionParseError,
    Card,
    ExchangeSeven,
    Game,
    GameStateError,
    IllegalActionError,
    KeepSeven,
    NameSuit,
    Pass,
    Phase,
    PlayCard,
    Rules,
    Suit,
    TakeProposed,
    TrickRecord,
    finished_hands,
)

from .decks import C, choose_trump, deal, first_policy, play
from .test_melds import FOUR

EVERY_ACTION: list[Action] = [
    *(PlayCard(card) for card in DECK),
    *(NameSuit(suit) for suit in Suit),
    Pass(),
    TakeProposed(),
    ExchangeSeven(),
    KeepSeven(),
]


# Action codes ----------------------------------------------------------------------------------


def test_every_action_code_round_trips() -> None:
    codes = [action.code for action in EVERY_ACTION]
    assert len(set(codes)) == len(codes)
    for action in EVERY_ACTION:
        assert Action.parse(action.code) == action
        assert str(action) == action.code


@pytest.mark.parametrize(
    ("code", "action"),
    [
        ("pass", Pass()),
        ("play", TakeProposed()),
        ("swap", ExchangeSeven()),
        ("keep", KeepSeven()),
        ("suit:H", NameSuit(Suit.HEARTS)),
        ("suit:s", NameSuit(Suit.SPADES)),
        ("card:10H", PlayCard(C("10H"))),
        ("card:js", PlayCard(C("JS"))),
        (" PASS ", Pass()),
    ],
)
def test_action_parse(code: str, action: Action) -> None:
    assert Action.parse(code) == action


@pytest.mark.parametrize(
    "code", ["", "fold", "card:", "card:1H", "suit:", "suit:X", "pass:1", "play:H", "JS", "card"]
)
def test_bad_action_codes(code: str) -> None:
    with pytest.raises(ActionParseError):
        Action.parse(code)


def test_actions_compare_by_value_and_hash() -> None:
    assert PlayCard(C("AS")) == PlayCard(Card.parse("as"))
    assert PlayCard(C("AS")) != PlayCard(C("AH"))
    assert len({Pass(), Pass(), NameSuit(Suit.CLUBS), NameSuit(Suit.CLUBS)}) == 2


# The view ----------------------------------------------------------------------------------------


def test_view_bad_seat() -> None:
    game = Game.new(3, Rules(), seed=1)
    with pytest.raises(ValueError, match="seat"):
        game.view(3)
    with pytest.raises(ValueError, match="seat"):
        game.view(-1)


def test_view_during_bidding() -> None:
    game = deal(3, 2, [], "AH")
    play(game, "pass")
    view = game.view(1)
    assert view.phase is Phase.BIDDING
    assert view.to_act == 1
    assert view.dealer == 2
    assert view.hand == game.hand(1)
    assert view.hand_sizes == (6, 6, 6)
    assert view.proposed == C("AH")
    assert view.bids == ((0, Pass()),)
    assert view.bid_round == 1
    assert view.trump is None
    assert view.bidder is None
    assert view.leader is None
    assert view.own_melds == ()
    assert view.melds_announced == ()
    assert view.legal_actions == (Pass(), TakeProposed())
    assert game.view(0).legal_actions == ()
    assert game.view(2).legal_actions == ()
    assert view.known_cards == ()


def test_public_view_shows_no_hand() -> None:
    game = deal(4, 3, FOUR, "7S")
    public = game.public_view()
    assert public.seat is None
    assert public.hand == ()
    assert public.legal_actions == ()
    assert public.own_melds == ()
    assert public.hand_sizes == (8, 8, 8, 8)
    assert public.known_cards == ((3, C("7S")),), "the dealer's face-up card, to everyone"
    play(game, "play")
    for _ in range(4):
        game.apply(first_policy(game))
    public = game.public_view()
    assert public.legal_actions == ()
    assert public.own_melds == ()
    assert public.winning_melds == game.view(0).winning_melds
    assert public.trick == game.view(0).trick
    assert public.tricks == game.view(0).tricks


def test_view_four_players_the_proposed_card_is_known_in_the_dealers_hand() -> None:
    game = deal(4, 3, FOUR, "7S")
    for seat in range(3):
        assert (3, C("7S")) in game.view(seat).known_cards
    assert game.view(3).known_cards == ()
    play(game, "play")
    # once the dealer has played 7S it is no longer known to be in its hand
    seven = PlayCard(C("7S"))
    for _ in range(32):
        if game.to_act == 3 and seven in game.legal_actions():
            game.apply(seven)
            break
        game.apply(first_policy(game))
    assert game.phase is Phase.PLAY
    assert C("7S") not in game.hand(3)
    assert all((3, C("7S")) not in game.view(seat).known_cards for seat in range(4))


def test_view_shows_the_winning_melds_as_known_until_played() -> None:
    game = deal(4, 3, FOUR, "7S")
    play(game, "play")
    for _ in range(4):  # the first trick
        game.apply(first_policy(game))
    view = game.view(1)
    shown = {card for _, meld in view.winning_melds for card in meld.cards}
    assert shown == {C(code) for code in ["QH", "KH", "AH", "9H", "10H", "JH"]}
    known = dict((card, seat) for seat, card in view.known_cards)
    for seat, meld in view.winning_melds:
        for card in meld.cards:
            if card in game.hand(seat) and seat != 1:
                assert known[card] == seat
    # seat 0's own cards are never "known" to itself
    assert all(seat != 0 for seat, _ in game.view(0).known_cards)


def test_view_tricks_and_leader() -> None:
    game = deal(
        3,
        2,
        [
            "AS 10S KS AC 10C AD 10D KD 8H",
            "7C 8C 9C QC 7D 8D 9D JD 10H",
            "JC KC QD 7H 9H JH QH KH AH",
        ],
        "7S",
    )
    choose_trump(game, "H")
    play(game, "AC", "7C", "JC")
    view = game.view(2)
    assert view.leader == 0
    assert view.trick == ()
    assert view.tricks == (TrickRecord(0, (C("AC"), C("7C"), C("JC")), 0),)
    assert view.tricks[0].plays == ((0, C("AC")), (1, C("7C")), (2, C("JC")))
    assert view.tricks_won == (1, 0, 0)
    assert view.card_points == (11 + 0 + 2, 0, 0)
    play(game, "AD")
    assert game.view(1).trick == ((0, C("AD")),)


# Saved state -------------------------------------------------------------------------------------


def _mid_hand() -> Game:
    game = Game.new(3, Rules.preset("moscow"), seed=21)
    for _ in range(12):
        game.apply(first_policy(game))
    assert game.phase is Phase.PLAY
    return game


def test_json_round_trip_mid_hand_plays_on_identically() -> None:
    game = _mid_hand()
    restored = Game.from_json(game.to_json())
    assert restored == game
    for _ in range(60):
        if game.phase is Phase.FINISHED:
            break
        action = first_policy(game)
        assert restored.legal_actions() == game.legal_actions()
        assert restored.apply(action) == game.apply(action)
        assert restored == game


def test_to_dict_is_plain_json() -> None:
    game = _mid_hand()
    data = game.to_dict()
    assert data["schema"] == SCHEMA_VERSION
    assert json.loads(json.dumps(data)) == data
    assert Game.from_dict(data) == game


@pytest.mark.parametrize("text", ["", "{", "[]", '"game"', "42"])
def test_bad_state_json(text: str) -> None:
    with pytest.raises(GameStateError):
        Game.from_json(text)


def test_state_with_another_schema_or_missing_keys_is_refused() -> None:
    data = _mid_hand().to_dict()
    with pytest.raises(GameStateError):
        Game.from_dict({**data, "schema": SCHEMA_VERSION + 1})
    broken = dict(data)
    del broken["hands"]
    with pytest.raises(GameStateError):
        Game.from_dict(broken)


def test_the_hands_played_out_are_kept_in_the_state_and_shown_to_every_seat() -> None:
    game = Game.new(3, Rules(), seed=12)
    log: list[tuple[int | None, str]] = []
    while len(game.public_view().past_hands) < 2:
        action = first_policy(game)
        game.apply(action)
        log.append((None, action.code))
    first, second = game.public_view().past_hands
    assert [game.view(seat).past_hands for seat in range(3)] == [(first, second)] * 3
    records = finished_hands(3, Rules(), 12, log)
    for kept, record in zip((first, second), records, strict=True):
        assert kept.tricks == record.tricks
        assert (kept.trump, kept.bidder) == (record.trump, record.bidder)
    restored = Game.from_json(game.to_json())
    assert restored.public_view().past_hands == (first, second)
    # a state saved before the past hands were kept loads with none
    data = game.to_dict()
    del data["past_hands"]
    assert Game.from_dict(data).public_view().past_hands == ()


def test_copy_is_independent() -> None:
    game = _mid_hand()
    before = game.to_json()
    other = game.copy()
    assert other == game
    other.apply(first_policy(other))
    assert game.to_json() == before
    assert other != game


def test_games_are_not_hashable_and_compare_only_with_games() -> None:
    game = _mid_hand()
    with pytest.raises(TypeError):
        hash(game)
    assert game != "game"


def test_replay_of_a_whole_game_is_identical() -> None:
    rules = Rules.preset("kharkiv").replace(target=301)
    game = Game.new(4, rules, seed=77)
    log: list[str] = []
    while game.phase is not Phase.FINISHED:
        action = first_policy(game)
        log.append(action.code)
        game.apply(action)
    replayed = Game.replay(4, rules, 77, log)
    assert replayed == game
    assert replayed.sheet == game.sheet
    assert replayed.winner == game.winner
    assert Game.replay(4, rules, 77, [Action.parse(code) for code in log]) == game


def test_move_number_counts_applied_actions_only() -> None:
    game = Game.new(2, Rules(), seed=4)
    assert game.move_number == 0
    with pytest.raises(IllegalActionError):
        game.apply(PlayCard(game.hand(0)[0]))
    assert game.move_number == 0
    for step in range(1, 40):
        game.apply(first_policy(game))
        assert game.move_number == step
    assert Game.from_json(game.to_json()).move_number == 39
