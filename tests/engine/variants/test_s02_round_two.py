"""RULES-VARIANTS.md §2 ``round_two`` (with H1: the k-th proposed card is bidding round k,
and H14: with the freza on, proposals stop one card earlier)."""

from __future__ import annotations

import random

import pytest

from engine import (
    Event,
    FrezaShown,
    Game,
    IllegalActionError,
    NameSuit,
    Pass,
    Phase,
    ProposalRefused,
    Reason,
    Redeal,
    RoundTwo,
    Rules,
    Suit,
    TakeProposed,
    TrumpChosen,
)
from engine.ai.infer import knowledge, resample

from ..decks import C, deck_for, events_of, hand_codes, play

NEXT = Rules(round_two=RoundTwo.NEXT_CARD)
NEXTS = Rules(round_two=RoundTwo.NEXT_CARDS)


def start(players: int, rules: Rules, **hands: object) -> tuple[Game, list[str]]:
    """Seat ``players - 1`` deals, so seat 0 speaks first."""
    deck = deck_for(players, players - 1, **hands)  # type: ignore[arg-type]
    return Game.from_deck(players, rules, deck, players - 1), deck


def all_pass(game: Game) -> list[Event]:
    return play(game, *["pass"] * game.players)


def test_name_suit_keeps_round_two_naming() -> None:
    game, _ = start(2, Rules())
    all_pass(game)
    assert game.bid_round == 2
    assert any(isinstance(action, NameSuit) for action in game.legal_actions())
    assert game.refused == ()


@pytest.mark.parametrize("players", [2, 3])
def test_next_card_sets_the_refused_card_aside_and_proposes_the_stock_top(players: int) -> None:
    game, deck = start(players, NEXT)
    first = 6 * players
    events = all_pass(game)
    (refused,) = events_of(events, ProposalRefused)
    assert refused.refused.code == deck[first]
    assert refused.proposed.code == deck[first + 1]
    assert refused.round == 2
    assert game.bid_round == 2
    assert [card.code for card in game.refused] == [deck[first]]
    assert game.proposed is not None
    assert game.proposed.code == deck[first + 1]
    assert game.to_act == 0  # replayed from the left of the dealer
    assert game.legal_actions() == [Pass(), TakeProposed()]
    for seat in [*range(players), None]:
        view = game.view(seat) if seat is not None else game.public_view()
        assert [card.code for card in view.refused] == [deck[first]]
        assert view.proposed == game.proposed
    assert Game.from_json(game.to_json()).refused == game.refused


def test_nobody_names_a_suit_after_a_refused_card() -> None:
    game, _ = start(2, NEXT)
    all_pass(game)
    other = next(suit for suit in Suit if game.proposed is not None and suit != game.proposed.suit)
    with pytest.raises(IllegalActionError) as info:
        game.apply(NameSuit(other))
    assert info.value.reason is Reason.SUIT_NOT_ALLOWED


def test_the_second_card_taken_makes_trump_and_the_extras_follow_it() -> None:
    game, deck = start(2, NEXT)
    all_pass(game)
    events = play(game, "pass", "play")  # seat 1 takes the second card
    (chosen,) = events_of(events, TrumpChosen)
    assert (chosen.bidder, chosen.round) == (1, 2)
    assert chosen.trump is C(deck[13]).suit
    # the extras come off the stock after the second proposed card
    assert set(deck[14:17]) <= hand_codes(game, 0)
    assert set(deck[17:20]) <= hand_codes(game, 1)
    assert all(C(deck[12]) not in game.hand(seat) for seat in range(2))
    assert game.refused == (C(deck[12]),)


def test_a_new_card_may_repeat_a_refused_suit() -> None:
    # deck[12] and deck[13] are both hearts
    game, deck = start(2, NEXT, proposed="9H", extras=[["KH"]])
    assert deck[12:14] == ["9H", "KH"]
    all_pass(game)
    assert game.proposed == C("KH")
    events = play(game, "play")
    assert events_of(events, TrumpChosen)[0].trump is Suit.HEARTS


def test_next_card_all_pass_twice_redeals() -> None:
    game, _ = start(2, NEXT)
    all_pass(game)
    events = all_pass(game)
    assert events_of(events, Redeal)
    assert not events_of(events, ProposalRefused)
    assert game.dealer == 0
    assert game.bid_round == 1
    assert game.refused == ()
    assert game.sheet == ()


@pytest.mark.parametrize(
    ("players", "rules", "proposals"),
    [
        (2, NEXTS, 13),
        (3, NEXTS, 4),
        (2, NEXTS.replace(freza=True), 12),  # H14: the bottom card stays for the freza
        (3, NEXTS.replace(freza=True), 3),
        (3, NEXTS.replace(extra_cards=4), 1),
        (3, NEXTS.replace(extra_cards=4, freza=True), 0),
        (2, NEXT, 1),
        (3, NEXT.replace(extra_cards=4, freza=True), 0),
    ],
)
def test_how_many_cards_can_be_proposed(players: int, rules: Rules, proposals: int) -> None:
    game, _ = start(players, rules)
    for _ in range(proposals):
        assert events_of(all_pass(game), ProposalRefused)
    events = all_pass(game)
    assert events_of(events, Redeal)
    assert not events_of(events, ProposalRefused)


def test_next_cards_with_the_freza_keeps_the_bottom_card() -> None:
    game, deck = start(2, NEXTS.replace(freza=True))
    for _ in range(12):
        all_pass(game)
    assert len(game.refused) == 12
    events = play(game, "play")
    (freza,) = events_of(events, FrezaShown)
    assert freza.card.code == deck[31]
    assert game.bid_round == 13


def test_obligatory_dealer_must_play_the_last_card_that_can_be_proposed() -> None:
    game, _ = start(2, NEXT.replace(obligatory_dealer=True))
    assert game.legal_actions() == [Pass(), TakeProposed()]  # more cards can come
    all_pass(game)
    play(game, "pass")
    assert game.to_act == game.dealer
    assert game.legal_actions() == [TakeProposed()]
    with pytest.raises(IllegalActionError) as info:
        game.apply(Pass())
    assert info.value.reason is Reason.DEALER_MUST_PLAY
    play(game, "play")
    assert game.bidder == game.dealer


def test_obligatory_dealer_with_no_card_to_come_must_play_the_first() -> None:
    rules = NEXTS.replace(extra_cards=4, freza=True, obligatory_dealer=True)
    game, _ = start(3, rules)
    play(game, "pass", "pass")
    assert game.legal_actions() == [TakeProposed()]


def test_the_seven_is_exchanged_only_for_the_first_proposed_card() -> None:
    # hearts proposed twice; seat 0 holds the seven of hearts
    game, _ = start(2, NEXT, hands=[["7H"]], proposed="9H", extras=[["KH"]])
    all_pass(game)
    play(game, "play")
    assert game.phase is Phase.PLAY  # no exchange on the second card
    first, _ = start(2, NEXT, hands=[["7H"]], proposed="9H", extras=[["KH"]])
    play(first, "play")
    assert first.phase is Phase.EXCHANGE


def test_four_players_always_name_a_suit() -> None:
    game, _ = start(4, NEXTS)
    events = all_pass(game)
    assert not events_of(events, ProposalRefused)
    assert game.bid_round == 2
    assert any(isinstance(action, NameSuit) for action in game.legal_actions())


def test_refused_cards_are_never_resampled_into_a_hand() -> None:
    game, _ = start(3, NEXTS)
    all_pass(game)
    all_pass(game)
    play(game, "play")
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    refused = game.refused
    assert len(refused) == 2
    assert all(knowledge(view).gone & card.mask for card in refused)
    rng = random.Random(3)
    for _ in range(20):
        sampled = resample(view, rng)
        assert all(card not in sampled.hand(other) for other in range(3) for card in refused)
        assert sampled.view(seat) == view


def test_replaying_the_log_gives_the_same_game() -> None:
    rules = NEXTS.replace(obligatory_dealer=True)
    game = Game.new(3, rules, seed=11)
    log: list[str] = []
    for _ in range(30):
        if game.phase is not Phase.BIDDING:
            break
        action = Pass() if Pass() in game.legal_actions() else TakeProposed()
        log.append(action.code)
        game.apply(action)
    assert Game.replay(3, rules, 11, log) == game


def test_a_stored_game_from_before_the_option_loads() -> None:
    game, _ = start(2, Rules())
    data = game.to_dict()
    del data["refused"], data["proposed_to"]
    del data["rules"]["round_two"], data["rules"]["proposed_card"]
    restored = Game.from_dict(data)
    assert restored.refused == ()
    assert restored.proposed_holder is None
    assert restored == game
