"""Debertz (klabor): the rules of ``RULES.md`` as a pure, deterministic library.

>>> from engine import Game, Rules
>>> game = Game.new(2, Rules.preset("odessa"), seed=1)
>>> events = game.apply(game.legal_actions()[0])
"""

from .actions import (
    Action,
    ActionParseError,
    ExchangeSeven,
    KeepSeven,
    NameSuit,
    Pass,
    PlayCard,
    TakeProposed,
)
from .cards import DECK, Card, CardParseError, Rank, Suit, points, sorted_for_display, strength
from .errors import IllegalActionError, Reason
from .events import (
    BellaAnnounced,
    BidMade,
    CardPlayed,
    DebertzWon,
    Event,
    ExtraCardsDealt,
    GameOver,
    HandDealt,
    HandScored,
    MeldAnnouncement,
    MeldsAnnounced,
    MeldsWon,
    Redeal,
    SevenExchanged,
    SevenKept,
    TrickWon,
    TrumpChosen,
)
from .game import SCHEMA_VERSION, Game, GameStateError, Phase
from .melds import Meld, MeldKind, find_melds
from .rules import (
    PRESETS,
    BellaAnnouncement,
    DealerRotation,
    FirstLead,
    Rules,
    RulesError,
    ThreePlayerBait,
)
from .scoring import HandResult, Outcome, SideScore
from .view import PlayerView, TrickRecord

__all__ = [
    "DECK",
    "PRESETS",
    "SCHEMA_VERSION",
    "Action",
    "ActionParseError",
    "BellaAnnounced",
    "BellaAnnouncement",
    "BidMade",
    "Card",
    "CardParseError",
    "CardPlayed",
    "DealerRotation",
    "DebertzWon",
    "Event",
    "ExchangeSeven",
    "ExtraCardsDealt",
    "FirstLead",
    "Game",
    "GameOver",
    "GameStateError",
    "HandDealt",
    "HandResult",
    "HandScored",
    "IllegalActionError",
    "KeepSeven",
    "Meld",
    "MeldAnnouncement",
    "MeldKind",
    "MeldsAnnounced",
    "MeldsWon",
    "NameSuit",
    "Outcome",
    "Pass",
    "Phase",
    "PlayCard",
    "PlayerView",
    "Rank",
    "Reason",
    "Redeal",
    "Rules",
    "RulesError",
    "SevenExchanged",
    "SevenKept",
    "SideScore",
    "Suit",
    "TakeProposed",
    "ThreePlayerBait",
    "TrickRecord",
    "TrickWon",
    "TrumpChosen",
    "find_melds",
    "points",
    "sorted_for_display",
    "strength",
]
