"""Cards, suits, melds and actions in words: «В♠», «♥ черви», «терц от дамы», «пас».

All results are plain text (no HTML): they go into buttons and alerts as they are, and
the translator escapes them (a no-op) when they go into an HTML message.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Final

from bot.i18n import translator
from engine import (
    AcceptFifty,
    Action,
    Card,
    ClaimRedeal,
    ConcedeDave,
    DeclineFifty,
    ExchangeSeven,
    KeepSeven,
    Meld,
    MeldAnnouncement,
    NameSuit,
    NoFiftyOffer,
    NoRedeal,
    OfferDave,
    OfferFifty,
    Pass,
    PlayCard,
    PlayOnDave,
    Rank,
    Suit,
    TakeProposed,
    sorted_for_display,
)
from engine.cards import NO_TRUMP

__all__ = [
    "action_label",
    "card_label",
    "cards_text",
    "hand_text",
    "meld_announced",
    "meld_shown",
    "suit_label",
    "suit_name",
]

_RANK_KEYS: Final = {
    Rank.SEVEN: "rank-7",
    Rank.EIGHT: "rank-8",
    Rank.NINE: "rank-9",
    Rank.TEN: "rank-10",
    Rank.JACK: "rank-j",
    Rank.QUEEN: "rank-q",
    Rank.KING: "rank-k",
    Rank.ACE: "rank-a",
}
_SUIT_KEYS: Final = {
    Suit.SPADES: "suit-spades",
    Suit.CLUBS: "suit-clubs",
    Suit.DIAMONDS: "suit-diamonds",
    Suit.HEARTS: "suit-hearts",
}


@cache
def card_label(card: Card, lang: str) -> str:
    """«В♠» (ru, uk) or «J♠» (en)."""
    tr = translator(lang)
    return tr.plain("card-label", rank=tr.plain(_RANK_KEYS[card.rank]), suit=card.suit.symbol)


@cache
def suit_name(suit: Suit, lang: str) -> str:
    """«пики»."""
    return translator(lang).plain(_SUIT_KEYS[suit])


@cache
def suit_label(suit: Suit, lang: str) -> str:
    """«♠ пики»."""
    return translator(lang).plain("suit-label", symbol=suit.symbol, name=suit_name(suit, lang))


def cards_text(cards: Iterable[Card], lang: str) -> str:
    """Cards in the given order: «10♠ В♠ Д♠»."""
    return " ".join(card_label(card, lang) for card in cards)


def hand_text(cards: Iterable[Card], trump: Suit | None, lang: str) -> str:
    """A hand grouped by suit, trump first, strongest first: «В♥ 9♥ · Т♠ 10♠ · К♣»."""
    groups: list[list[str]] = []
    last: Suit | None = None
    for card in sorted_for_display(cards, NO_TRUMP if trump is None else int(trump)):
        if card.suit is not last:
            groups.append([])
            last = card.suit
        groups[-1].append(card_label(card, lang))
    return " · ".join(" ".join(group) for group in groups)


def meld_announced(meld: MeldAnnouncement | Meld, lang: str) -> str:
    """What the table hears: kind and height, «терц от дамы»."""
    return translator(lang).plain(
        "meld-announced", kind=meld.kind.name.lower(), top=meld.top.name.lower()
    )


def meld_shown(meld: Meld, lang: str) -> str:
    """A winning meld with its cards: «терц 10♠ В♠ Д♠»."""
    tr = translator(lang)
    kind = tr.plain("meld-kind", kind=meld.kind.name.lower())
    return tr.plain("meld-shown", kind=kind, cards=cards_text(meld.cards, lang))


_ACTION_WORDS: Final[dict[type[Action], str]] = {
    Pass: "action-pass",
    TakeProposed: "action-play",
    ExchangeSeven: "action-exchange",
    KeepSeven: "action-keep",
    ClaimRedeal: "action-redeal",
    NoRedeal: "action-no-redeal",
    OfferFifty: "action-offer-fifty",
    NoFiftyOffer: "action-no-fifty-offer",
    AcceptFifty: "action-accept-fifty",
    DeclineFifty: "action-decline-fifty",
    OfferDave: "action-dave",
    ConcedeDave: "action-concede",
    PlayOnDave: "action-play-on",
}


def action_label(action: Action, lang: str) -> str:
    """A decision in words: «пас», «играю», «♠ пики», «В♠», «поменять семёрку»."""
    if isinstance(action, PlayCard):
        return card_label(action.card, lang)
    if isinstance(action, NameSuit):
        return suit_label(action.suit, lang)
    key = _ACTION_WORDS.get(type(action))
    if key is None:
        raise TypeError(f"no label for action {action!r}")
    return translator(lang).plain(key)
