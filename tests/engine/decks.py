"""Build decks from the hands a test wants, so tests read as hands, not deck arithmetic.

``Game._deal`` deals, starting left of the dealer and going clockwise:

- 2 or 3 players: 3 cards each, 3 more each, then the face-up proposed card; after
  bidding 3 more each from the top of the stock (in the same order); the rest is unused.
- 4 players: 3, 3, 2 cards each; the dealer's last card (``deck[31]``) is the proposed
  trump and stays in the dealer's hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from engine import DECK, Action, Card, Event, Game, HandScored, Phase, Rules, Suit

E = TypeVar("E", bound=Event)

__all__ = [
    "C",
    "choose_trump",
    "codes",
    "deal",
    "deck_for",
    "events_of",
    "first_policy",
    "game_for",
    "hand_codes",
    "play",
    "play_out",
    "seat_order",
]


# Filler cards go out in rank groups 7, 9, J, K, 8, 10, Q, A (each group all four suits),
# so that consecutive filler cards rarely make a run.
_FILL_ORDER = [DECK[suit * 8 + rank] for rank in (0, 2, 4, 6, 1, 3, 5, 7) for suit in range(4)]


def C(code: str) -> Card:
    """A card from its code."""
    return Card.parse(code)


def codes(cards: Iterable[Card]) -> list[str]:
    """Card codes, sorted by card index (the order ``Game.hand`` uses)."""
    return [card.code for card in sorted(cards, key=lambda card: card.index)]


def seat_order(players: int, dealer: int) -> list[int]:
    """Seats in dealing (and bidding) order: left of the dealer first, the dealer last."""
    return [(dealer + k) % players for k in range(1, players + 1)]


def _cards(items: Iterable[str | Card]) -> list[Card]:
    return [item if isinstance(item, Card) else Card.parse(item) for item in items]


def deck_for(
    players: int,
    dealer: int,
    hands: Sequence[Sequence[str | Card]] = (),
    proposed: str | Card | None = None,
    extras: Sequence[Sequence[str | Card]] = (),
    rest: Sequence[str | Card] = (),
) -> list[str]:
    """A 32-card deck (codes, top card first) that deals the given cards.

    ``hands[seat]`` are the cards a seat gets in the first deal (up to 6 with 2-3
    players, up to 8 with 4 players, where the dealer's hand includes ``proposed``).
    ``extras[seat]`` are the 3 cards a seat gets after bidding (2-3 players).
    ``rest`` starts the unused stock (2-3 players). Everything not named is filled in
    from the remaining cards, rank group by rank group (see ``_FILL_ORDER``).
    """
    if players not in (2, 3, 4):
        raise ValueError("players must be 2, 3 or 4")
    first_size = 8 if players == 4 else 6
    hand_lists = [_cards(hands[seat]) if seat < len(hands) else [] for seat in range(players)]
    extra_lists = [_cards(extras[seat]) if seat < len(extras) else [] for seat in range(players)]
    if players == 4 and any(extra_lists):
        raise ValueError("4 players get no extra cards")
    face_up = _cards([proposed])[0] if proposed is not None else None
    if players == 4 and face_up is not None and face_up not in hand_lists[dealer]:
        hand_lists[dealer].append(face_up)
    named: list[Card] = [card for hand in hand_lists for card in hand]
    named += [card for hand in extra_lists for card in hand]
    named += _cards(rest)
    if face_up is not None and players != 4:
        named.append(face_up)
    if len(set(named)) != len(named):
        twice = sorted({card.code for card in named if named.count(card) > 1})
        raise ValueError(f"cards named twice: {twice}")
    taken_set = set(named)
    spare = [card for card in _FILL_ORDER if card not in taken_set]

    def take(count: int) -> list[Card]:
        taken = spare[:count]
        del spare[:count]
        return taken

    for hand in hand_lists:
        if len(hand) > first_size:
            raise ValueError(f"a hand of {len(hand)} cards, at most {first_size}")
    for hand in extra_lists:
        if len(hand) > 3:
            raise ValueError("at most 3 extra cards each")
    # Fill the first deal. With 4 players keep the proposed card for the dealer's last.
    for seat, hand in enumerate(hand_lists):
        hand += take(first_size - len(hand))
        if players == 4 and face_up is not None and seat == dealer:
            hand.remove(face_up)
            hand.append(face_up)
    if players != 4:
        if face_up is None:
            face_up = take(1)[0]
        for hand in extra_lists:
            hand += take(3 - len(hand))
    order = seat_order(players, dealer)
    rounds = (3, 3, 2) if players == 4 else (3, 3)
    deck: list[Card] = []
    dealt = [0] * players
    for count in rounds:
        for seat in order:
            deck += hand_lists[seat][dealt[seat] : dealt[seat] + count]
            dealt[seat] += count
    if players != 4:
        assert face_up is not None
        deck.append(face_up)
        for seat in order:
            deck += extra_lists[seat]
        deck += _cards(rest)
        deck += spare
    assert len(deck) == 32
    assert len(set(deck)) == 32
    return [card.code for card in deck]


def game_for(
    players: int,
    dealer: int,
    hands: Sequence[Sequence[str | Card]] = (),
    proposed: str | Card | None = None,
    extras: Sequence[Sequence[str | Card]] = (),
    rules: Rules | None = None,
    seed: int = 0,
) -> Game:
    """``Game.from_deck`` with the deck of :func:`deck_for`."""
    deck = deck_for(players, dealer, hands=hands, proposed=proposed, extras=extras)
    return Game.from_deck(players, rules or Rules(), deck, dealer, seed=seed)


def play(game: Game, *actions: str) -> list[Event]:
    """Apply action codes (``"pass"``, ``"play"``, ``"suit:H"``, ``"card:JS"`` or just
    ``"JS"`` for a card) in turn; return all events."""
    events: list[Event] = []
    for code in actions:
        words = {"pass", "play", "swap", "keep", "redeal", "no_redeal"}
        words |= {"offer50", "no_offer", "accept50", "decline50"}
        words |= {"dave", "concede", "play_on"}
        text = code if ":" in code or code in words else "card:" + code
        events += game.apply(Action.parse(text))
    return events


def deal(
    players: int,
    dealer: int,
    hands: Sequence[str],
    proposed: str,
    rules: Rules | None = None,
    seed: int = 0,
) -> Game:
    """A game whose seats hold ``hands`` for the play.

    ``hands[seat]`` is a space-separated list of the seat's cards for the whole hand: with
    2-3 players the first 6 are dealt first and the last 3 are the extra cards after
    bidding (9 in all), with 4 players all 8 (the dealer's include ``proposed``).
    Short hands are filled with spare cards.
    """
    split = [hand.split() for hand in hands]
    if players == 4:
        return game_for(4, dealer, hands=split, proposed=proposed, rules=rules, seed=seed)
    first = [cards[:6] for cards in split]
    extra = [cards[6:] for cards in split]
    return game_for(
        players, dealer, hands=first, proposed=proposed, extras=extra, rules=rules, seed=seed
    )


def choose_trump(
    game: Game, suit: str, bidder: int | None = None, seven: str = "keep"
) -> list[Event]:
    """Bid so that ``bidder`` (default: left of the dealer) chooses ``suit`` as trump.

    The proposed suit is taken in round 1, any other suit named in round 2; everyone
    before the bidder passes. With a trump-seven decision pending, ``seven`` ("keep" or
    "swap") is applied too, unless it is ``""``.
    """
    n = game.players
    order = seat_order(n, game.dealer)
    bidder = order[0] if bidder is None else bidder
    proposed = game.proposed
    assert proposed is not None
    wanted = Suit.parse(suit)
    actions: list[str] = []
    if wanted == proposed.suit:
        actions += ["pass"] * order.index(bidder) + ["play"]
    else:
        actions += ["pass"] * n + ["pass"] * order.index(bidder) + ["suit:" + wanted.letter]
    events = play(game, *actions)
    if game.phase is Phase.EXCHANGE and seven:
        events += play(game, seven)
    return events


def hand_codes(game: Game, seat: int) -> set[str]:
    return {card.code for card in game.hand(seat)}


def first_policy(game: Game) -> Action:
    """A simple fixed policy: in bidding the last legal action (so the first player to
    speak takes trump and no hand is redealt), otherwise the first legal action."""
    actions = game.legal_actions()
    return actions[-1] if game.phase is Phase.BIDDING else actions[0]


def play_out(game: Game) -> list[Event]:
    """Play :func:`first_policy` until the hand in progress is scored (or the game ends);
    return the events."""
    events: list[Event] = []
    for _ in range(200):
        if game.phase is Phase.FINISHED:
            return events
        new = game.apply(first_policy(game))
        events += new
        if any(isinstance(event, HandScored) for event in new):
            return events
    raise AssertionError("the hand did not end")


def events_of(events: Sequence[Event], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [event for event in events if isinstance(event, kind)]
