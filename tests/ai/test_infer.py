"""Resampling the hidden cards from a view (OpenSpiel's ResampleFromInfostate)."""

from __future__ import annotations

import random

import pytest

from engine import Action, Card, Game, Phase, Rules
from engine.ai import knowledge, resample
from engine.ai.infer import Deal, meld_layout
from engine.cards import SUIT_MASKS, mask_of

from .positions import RULE_SETS, positions


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules_name", sorted(RULE_SETS))
def test_resampled_game_gives_the_same_observation(players: int, rules_name: str) -> None:
    rng = random.Random(players)
    differed = 0
    for game in positions(players, RULE_SETS[rules_name], seed=3, count=25, every=4):
        for seat in range(players):
            view = game.view(seat)
            other = resample(view, rng)
            assert other.view(seat) == view
            hidden = [other.hand_mask(s) for s in range(players) if s != seat]
            differed += hidden != [game.hand_mask(s) for s in range(players) if s != seat]
    assert differed > 0  # the hidden cards really are dealt anew


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_real_deal_meets_every_constraint(players: int) -> None:
    for rules in (Rules(), RULE_SETS["variants"]):
        for game in positions(players, rules, seed=8, count=25, every=4):
            real = tuple(game.hand_mask(s) for s in range(players))
            for seat in range(players):
                info = knowledge(game.view(seat))
                for other in range(players):
                    assert not info.fixed[other] & ~real[other]
                    assert not info.forbidden[other] & real[other]
                assert info.consistent(Deal(real, ()))


def test_voids_and_trump_caps_are_respected() -> None:
    # 3 players, dealer 2: seat 0 leads A♠; seat 1 has no spade and no trump (hearts);
    # seat 2 trumps. From then on no sample may give seat 1 a spade or a heart.
    rules = Rules()
    game = _game_where_seat_one_shows_voids(rules)
    view = game.view(0)
    info = knowledge(view)
    rng = random.Random(1)
    spades_or_hearts = SUIT_MASKS[0] | SUIT_MASKS[3]
    for _ in range(200):
        deal = info.sample(rng)
        assert not deal.hands[1] & spades_or_hearts
        assert deal.hands[0] == mask_of(view.hand)
        assert [h.bit_count() for h in deal.hands] == list(view.hand_sizes)


def test_known_cards_are_placed() -> None:
    rng = random.Random(2)
    for game in positions(4, Rules(), seed=5, count=10, every=4):
        for seat in range(4):
            view = game.view(seat)
            for _ in range(5):
                other = resample(view, rng)
                for holder, card in view.known_cards:
                    assert card in other.hand(holder)


def _game_where_seat_one_shows_voids(rules: Rules) -> Game:
    hands = {
        0: ["AS", "KS", "QS", "7C", "8C", "9C", "7D", "8D", "9D"],
        1: ["AC", "10C", "KC", "AD", "10D", "KD", "QC", "QD", "JC"],
        2: ["7S", "8S", "9S", "10S", "JS", "7H", "8H", "9H", "10H"],
    }
    proposed = "JH"
    deck = [card for k in (0, 3) for s in (0, 1, 2) for card in hands[s][k : k + 3]]
    deck.append(proposed)
    deck += [card for s in (0, 1, 2) for card in hands[s][6:9]]
    deck += [c.code for c in map(Card.from_index, range(32)) if c.code not in deck]
    game = Game.from_deck(3, rules, deck, dealer=2)
    for code in ("play", "keep", "card:AS", "card:QC", "card:7S"):
        game.apply(Action.parse(code))
    assert game.phase is Phase.PLAY
    assert game.to_act == 0
    return game


def test_backtracking_deal_meets_the_card_constraints() -> None:
    game = _game_where_seat_one_shows_voids(Rules())
    info = knowledge(game.view(0))
    deal = info._search()
    for seat in range(3):
        assert deal.hands[seat] & info.fixed[seat] == info.fixed[seat]
        assert not deal.hands[seat] & info.forbidden[seat]
        assert deal.hands[seat].bit_count() == game.view(0).hand_sizes[seat]
    assert len(deal.stock) == info.stock_size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_shown_melds_are_the_layout_of_the_start_hands(players: int) -> None:
    for game in positions(players, Rules(), seed=21, count=25, every=2):
        view = game.view(0)
        info = knowledge(view)
        if game.phase is not Phase.PLAY or not info.melds_known:
            continue
        start = [game.hand_mask(s) | info.played_by[s] for s in range(players)]
        layout = meld_layout(start, info.trump, info.leader, game.rules)
        assert layout.side == info.meld_side
        assert layout.points == sum(meld.points for _, meld in view.winning_melds)
