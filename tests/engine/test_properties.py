"""Property tests over random games with random legal actions, for every preset and every
player count: conservation of cards and points, legal actions, refused actions, the JSON
round trip, replay, the score sheet, what a seat's view may show; and every step compared
with the independent reference model of RULES.md (:mod:`tests.engine.oracle`)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as HypothesisPhase
from hypothesis import strategies as st

from engine import (
    DECK,
    AcceptFifty,
    Action,
    BellaAnnouncement,
    Card,
    CardPlayed,
    ClaimRedeal,
    ConcedeDave,
    Dave,
    DealerRotation,
    DeclineFifty,
    Event,
    ExchangeSeven,
    FirstLead,
    Game,
    HandScored,
    IllegalActionError,
    KeepSeven,
    Meld,
    NameSuit,
    NoFiftyOffer,
    NoRedeal,
    OfferDave,
    OfferFifty,
    Outcome,
    Pass,
    Phase,
    PlayCard,
    PlayerView,
    PlayOnDave,
    Reason,
    Rules,
    Suit,
    TakeProposed,
    ThreePlayerBait,
    TrickWon,
    points,
)

from .oracle import Oracle

PRESETS = ["odessa", "moscow", "kharkiv"]
EVERY_ACTION: list[Action] = [
    *(PlayCard(card) for card in DECK),
    *(NameSuit(suit) for suit in Suit),
    Pass(),
    TakeProposed(),
    ExchangeSeven(),
    KeepSeven(),
    ClaimRedeal(),
    NoRedeal(),
    OfferFifty(),
    NoFiftyOffer(),
    AcceptFifty(),
    DeclineFifty(),
    OfferDave(),
    ConcedeDave(),
    PlayOnDave(),
]
SEVENS = {suit: Card.parse("7" + suit.letter) for suit in Suit}

# Seeds are opaque numbers, so shrinking them says nothing: a failure reports the seeds
# it was found with, and fails fast. Derandomized, so every run plays the same games.
NO_SHRINK = (HypothesisPhase.explicit, HypothesisPhase.reuse, HypothesisPhase.generate)
# 8 games per case: with 3 presets x 3 player counts (and the reference model's 7
# variants x 3) that is some 240 whole games a run, within the suite's time.
PROPERTY_SETTINGS = settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    phases=NO_SHRINK,
    suppress_health_check=[HealthCheck.too_slow],
)
REFERENCE_SETTINGS = settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    phases=NO_SHRINK,
    suppress_health_check=[HealthCheck.too_slow],
)


# Helpers -----------------------------------------------------------------------------------


def _cards_in(value: object) -> set[Card]:
    """Every card reachable from a view's fields (melds count with their cards)."""
    # A loop over a stack and the fields' names by type: recursive generators and
    # dataclasses.fields() on every value were a fifth of the property tests' CPU.
    cards: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            cards.add(item)
        elif isinstance(item, Meld):
            cards.update(item.cards)
        elif isinstance(item, (tuple, list)):
            stack.extend(item)
        else:
            stack.extend(getattr(item, name) for name in _field_names(type(item)))
    return cards


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    """The fields to look into of a value of this type: none unless a dataclass (not
    the rules, which hold no cards), and not the earlier hands, whose cards were dealt
    before the hands now held (:func:`check_past_hand` checks them)."""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        is_data = dataclasses.is_dataclass(kind) and not issubclass(kind, Rules)
        fields = dataclasses.fields(kind) if is_data else ()
        names = tuple(field.name for field in fields if field.name != "past_hands")
        _FIELD_NAMES[kind] = names
    return names


def _played_this_hand(game: Game) -> list[Card]:
    view = game.view(0)
    played = [card for record in view.tricks for card in record.cards]
    return played + [card for _, card in view.trick]


def _stock(game: Game) -> list[Card]:
    return [DECK[index] for index in game.to_dict()["stock"]]


def check_partition(game: Game) -> None:
    """Hands + cards played this hand + stock + face-up card are the deck, each once."""
    if game.phase is Phase.FINISHED:
        return
    pieces: list[Card] = [card for seat in range(game.players) for card in game.hand(seat)]
    pieces += _played_this_hand(game)
    if game.players == 4:
        pieces += _stock(game)  # six_then_two before the packet of 2 (proposed included)
    else:
        pieces += _stock(game)
        pieces += game.refused  # RULES-VARIANTS §2: set aside face up
        proposed = game.proposed
        assert proposed is not None
        exchanger = game.view(0).seven_exchanger
        if game.proposed_holder is not None:  # §5: dealt to the bidder
            assert proposed in game.hand(game.proposed_holder) or proposed in _played_this_hand(
                game
            )
        elif exchanger is None:
            pieces.append(proposed)
        else:  # the trump seven now lies face up in the proposed card's place
            assert game.trump is not None
            assert proposed in game.hand(exchanger) or proposed in _played_this_hand(game)
            pieces.append(SEVENS[game.trump])
    assert sorted(card.index for card in pieces) == list(range(32))


def check_view(game: Game, seat: int | None) -> PlayerView:
    """``view(seat)`` shows this seat's cards and no other seat's, except known cards;
    ``public_view()`` (seat None) shows no seat's cards except known cards."""
    view = game.view(seat) if seat is not None else game.public_view()
    assert view.seat == seat
    assert view.hand == (game.hand(seat) if seat is not None else ())
    assert view.hand_sizes == tuple(len(game.hand(s)) for s in range(game.players))
    assert view.scores == game.scores
    assert view.phase is game.phase
    if seat is not None and game.to_act == seat and game.phase is not Phase.FINISHED:
        assert view.legal_actions == tuple(game.legal_actions())
    else:
        assert view.legal_actions == ()
    if seat is None:
        assert view.own_melds == ()
    known = view.known_cards
    for other, card in known:
        assert other != seat
        assert card in game.hand(other), f"known card {card} is not in seat {other}'s hand"
    played = set(_played_this_hand(game))
    for meld in view.own_melds:
        for card in meld.cards:
            assert card in view.hand or card in played, "own melds are made of own cards"
    visible = _cards_in(view)
    for other in range(game.players):
        if other == seat:
            continue
        leaked = visible & set(game.hand(other))
        allowed = {card for s, card in known if s == other}
        assert leaked <= allowed, f"seat {seat} sees seat {other}'s {sorted(map(str, leaked))}"
    if game.phase is not Phase.FINISHED:
        hidden_stock = set(_stock(game)) - {game.freza, game.proposed, *game.refused}
        assert not visible & hidden_stock, "the unused stock is never shown (but the freza)"
    return view


def check_hidden_cards_do_not_change_views(game: Game) -> None:
    """During bidding, swapping a hidden card between two other places changes no view of
    a seat that sees neither place."""
    if game.phase is not Phase.BIDDING:
        return
    state = game.to_dict()
    n = game.players
    proposed = game.proposed
    for seat in range(n):
        others = [s for s in range(n) if s != seat]
        a = others[0]
        card_a = next(c for c in game.hand(a) if c is not proposed)
        swapped = dict(state)
        hands = list(state["hands"])
        if n == 4:
            b = others[1]
            card_b = next(c for c in game.hand(b) if c is not proposed)
            hands[a] ^= card_a.mask | card_b.mask
            hands[b] ^= card_a.mask | card_b.mask
        else:
            stock = list(state["stock"])
            hidden = stock[-1]
            stock[-1] = card_a.index
            hands[a] ^= card_a.mask | (1 << hidden)
            swapped["stock"] = stock
        swapped["hands"] = hands
        other_game = Game.from_dict(swapped)
        assert other_game.view(seat) == game.view(seat)
        assert other_game.public_view() == game.public_view()


def expected_reason(game: Game, action: Action) -> Reason:
    """Why RULES.md refuses ``action`` now (it is known not to be legal)."""
    phase = game.phase
    if phase is Phase.FINISHED:
        return Reason.GAME_OVER
    if isinstance(action, OfferDave | ConcedeDave | PlayOnDave):  # RULES-VARIANTS §25
        if game.rules.dave is Dave.OFF or game.players != 2:
            return Reason.DAVE_OFF
        if isinstance(action, OfferDave):
            return Reason.DAVE_NOT_NOW if phase is not Phase.PLAY else Reason.DAVE_NOT_YOURS
        return Reason.NO_DAVE_OFFER
    if isinstance(action, ExchangeSeven):
        return Reason.NO_SEVEN_TO_EXCHANGE
    if phase is Phase.BIDDING:
        if isinstance(action, Pass):
            names = any(isinstance(a, NameSuit) for a in game.legal_actions())
            return Reason.DEALER_MUST_NAME_SUIT if names else Reason.DEALER_MUST_PLAY
        if isinstance(action, NameSuit | TakeProposed):
            return Reason.SUIT_NOT_ALLOWED
        return Reason.WRONG_PHASE
    if phase is not Phase.PLAY or not isinstance(action, PlayCard):
        return Reason.WRONG_PHASE
    seat = game.to_act
    assert seat is not None
    hand = game.hand(seat)
    card = action.card
    if card not in hand:
        return Reason.CARD_NOT_IN_HAND
    led = game.trick[0][1].suit
    if any(c.suit is led for c in hand) and card.suit is not led:
        return Reason.MUST_FOLLOW_SUIT
    if card.suit is not game.trump:
        return Reason.MUST_TRUMP
    return Reason.MUST_OVERTRUMP


def check_refusals(game: Game) -> list[Action]:
    """Every legal action applies (on a copy); every other action is refused and leaves
    the game unchanged."""
    legal = game.legal_actions()
    before = game.to_json()
    if game.phase is Phase.FINISHED:
        assert legal == []
    else:
        assert legal, "a decision is awaited, so some action is legal"
        assert len(set(legal)) == len(legal)
    for action in legal:
        game.copy().apply(action)
    for action in EVERY_ACTION:
        if action in legal:
            continue
        with pytest.raises(IllegalActionError) as info:
            game.apply(action)
        assert info.value.reason is expected_reason(game, action), action
    if game.to_act is not None:
        other = (game.to_act + 1) % game.players
        for action in legal:
            with pytest.raises(IllegalActionError) as info:
                game.apply(action, seat=other)
            assert info.value.reason is Reason.NOT_YOUR_TURN
    assert game.to_json() == before, "refused actions changed the game"
    assert game.legal_actions() == legal
    return legal


def check_round_trip(game: Game) -> Game:
    restored = Game.from_json(game.to_json())
    assert restored == game
    assert restored.to_json() == game.to_json()
    assert restored.legal_actions() == game.legal_actions()
    assert restored.winning_melds() == game.winning_melds()
    for seat in range(game.players):
        assert restored.view(seat) == game.view(seat)
    assert restored.public_view() == game.public_view()
    return restored


def check_hand_scored(game: Game, events: list[Event], played: list[Card]) -> None:
    for event in events:
        if not isinstance(event, HandScored):
            continue
        result = event.result
        if result.outcome is Outcome.FIFTY:  # 50 without play
            assert sorted(side.written for side in result.sides) == [0, 50]
            continue
        if result.outcome is Outcome.CLAIMED:  # a claim ends the hand before its end
            assert sum(s.last_trick + s.bolt + s.bait_penalty for s in result.sides) == 0
            continue
        trump = result.trump
        cards_and_last = sum(side.card_points + side.last_trick for side in result.sides)
        assert cards_and_last == sum(points(card, trump) for card in played) + 10
        per_hand = 8 if game.players == 4 else 6 + game.rules.extra_cards
        if game.players == 4:
            assert cards_and_last == 162
            assert len(played) == 32
        else:
            assert len(played) == per_hand * game.players
        assert sum(side.tricks for side in result.sides) == per_hand
        for side in result.sides:
            assert side.total == side.card_points + side.last_trick + side.melds + side.bella


def check_past_hand(game: Game, played: list[Card], hands_before: int) -> None:
    """After a hand's last trick: every seat and the table see it among the past hands,
    each card as it was played, the cards out of play in no trick."""
    public = game.public_view().past_hands
    assert len(public) == hands_before + 1
    for seat in range(game.players):
        assert game.view(seat).past_hands == public
    last = public[-1]
    assert [card for trick in last.tricks for card in trick.cards] == played
    assert not set(last.out_of_play) & set(played)


def check_sheet(game: Game) -> None:
    sums = [0] * game.sides
    for result in game.sheet:
        for side in result.sides:
            sums[side.side] += side.written
    assert tuple(sums) == game.scores


# The properties ------------------------------------------------------------------------------


def run_checked_game(
    players: int, rules: Rules, seed: int, policy_seed: int, max_hands: int
) -> None:
    rng = random.Random(policy_seed)
    game = Game.new(players, rules, seed)
    log: list[str] = []
    played: list[Card] = []
    hands = 0
    while game.phase is not Phase.FINISHED and hands < max_hands:
        check_partition(game)
        for seat in [*range(players), None]:
            check_view(game, seat)
        check_hidden_cards_do_not_change_views(game)
        legal = check_refusals(game)
        restored = check_round_trip(game)
        if rng.random() < 0.5:
            game = restored  # carry on with the restored game
        action = rng.choice(legal)
        kept_before = game.public_view().past_hands
        events = game.apply(action)
        log.append(action.code)
        played += [e.card for e in events if isinstance(e, CardPlayed)]
        check_hand_scored(game, events, played)
        if any(isinstance(e, TrickWon) and e.last for e in events):
            check_past_hand(game, played, len(kept_before))
            played = []
            hands += 1
        check_sheet(game)
        assert game.move_number == len(log)
    check_refusals(game)
    check_round_trip(game)
    replayed = Game.replay(players, rules, seed, log)
    assert replayed == game
    assert replayed.to_json() == game.to_json()
    assert replayed.legal_actions() == game.legal_actions()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", PRESETS)
@PROPERTY_SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    policy_seed=st.integers(0, 2**32 - 1),
    target=st.sampled_from([101, 301, 501]),
)
def test_random_games_keep_the_invariants(
    preset: str, players: int, seed: int, policy_seed: int, target: int
) -> None:
    rules = Rules.preset(preset).replace(target=target)
    run_checked_game(players, rules, seed, policy_seed, max_hands=4)


VARIANTS = [
    Rules.preset("odessa"),
    # part 1's moscow: the reference model knows part 1 only
    Rules(dealer_rotation=DealerRotation.WINNER, hanging_bait=True),
    # part 1's kharkiv
    Rules(
        trump_priority=False,
        obligatory_dealer=True,
        bolt_penalty=50,
        third_bait_penalty=100,
        three_player_bait=ThreePlayerBait.HALF,
    ),
    Rules(hundred=True, debertz_wins=True, trump_priority=False),
    Rules(overtrump=False, first_lead=FirstLead.BIDDER, obligatory_dealer=True),
    Rules(
        melds_need_trick=True,
        bella_announcement=BellaAnnouncement.FIRST,
        seven_exchange=False,
        three_player_bait=ThreePlayerBait.HALF,
    ),
    Rules(
        hanging_bait=True,
        bolt_penalty=100,
        third_bait_penalty=100,
        dealer_rotation=DealerRotation.WINNER,
    ),
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
@REFERENCE_SETTINGS
@given(seed=st.integers(0, 2**32 - 1), policy_seed=st.integers(0, 2**32 - 1))
def test_random_games_follow_the_reference_model(
    variant: int, players: int, seed: int, policy_seed: int
) -> None:
    rules = VARIANTS[variant].replace(target=301)
    rng = random.Random(policy_seed)
    game = Game.new(players, rules, seed)
    oracle = Oracle(game)
    for _ in range(5000):
        if game.phase is Phase.FINISHED:
            break
        if rng.random() < 0.3:  # carry on from the saved state now and then
            game = oracle.game = Game.from_json(game.to_json())
        expected = oracle.expected_actions()
        legal = {action.code for action in game.legal_actions()}
        assert legal == expected, f"legal {sorted(legal)} != rules {sorted(expected)}"
        oracle.step(rng.choice(sorted(legal)))
    assert game.phase is Phase.FINISHED
    assert oracle.hands_scored >= 1 or rules.debertz_wins
