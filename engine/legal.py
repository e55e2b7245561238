"""Which cards may be played: the one statement of the follow / trump / overtrump rule.

:class:`engine.Game`, the playouts and the computer players' search all call
:func:`legal_cards`, so the rule is written once. Cards are masks (see :mod:`engine.cards`).

Let L be the suit led, T trump and W the highest trump in the trick so far. A player has
a *duty* to beat W when the overtrump option is on, W exists, and (with the variants of
RULES-VARIANTS.md §C) the duty's scope and partner conditions hold. Then:

1. holding L, he plays L; if L = T and he has the duty, a trump above W when he has one;
2. void in L and holding a trump: with ``must_trump`` a trump (above W under the duty
   when he has one); without it any card, but a trump he plays obeys the duty;
3. otherwise any card.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Final

from .cards import HIGHER_TRUMPS, SUIT_MASKS, TRUMP_STRENGTH
from .rules import OvertrumpScope, Rules

__all__ = ["PlayRules", "legal_cards", "legal_mask", "shown_lacking"]

_SUIT: Final = 0xFF
"""The cards of the first suit: a suit's cards are these shifted by 8 per suit (as
:data:`engine.cards.SUIT_MASKS`), computed here at every card rather than read from a
table."""


@dataclasses.dataclass(frozen=True, slots=True)
class PlayRules:
    """The options of the play that decide legal cards, resolved for a player count."""

    overtrump: bool = True
    """There is a duty to beat the highest trump in the trick at all."""
    trump_led_only: bool = False
    """The duty holds only when trump was led (``overtrump_scope=trump_led``)."""
    partner_duty: bool = True
    """The duty also holds over a partner's trump (false only for 4 players in pairs
    with ``overtrump_partner`` off; 4 solo players have no partner, H12)."""
    must_trump: bool = True
    """A player void in the suit led who holds a trump must play one."""
    solo: bool = False
    """4 players each for himself (RULES-VARIANTS §24): no seat has a partner; for the
    computer players' play, legality does not depend on it."""
    pairs: bool = False
    """4 players in two pairs (RULES-VARIANTS §24), whose partners' points are one
    side's; for the computer players' play, legality does not depend on it."""

    @classmethod
    def of(cls, rules: Rules, players: int) -> PlayRules:
        """The play rules of ``rules`` at a table of ``players`` (RULES-VARIANTS §14-16)."""
        return cls(
            overtrump=rules.overtrump,
            trump_led_only=rules.overtrump_scope is OvertrumpScope.TRUMP_LED,
            partner_duty=rules.overtrump_partner or players != 4 or rules.solo(players),
            must_trump=rules.must_trump,
            solo=rules.solo(players),
            pairs=rules.in_pairs(players),
        )

    def duty(self, led: int, trump: int, best_trump: int, partner_holds_it: bool) -> bool:
        """Whether the player to act must beat ``best_trump`` (-1: no trump in the trick)."""
        return (
            self.overtrump
            and best_trump >= 0
            and (not self.trump_led_only or led == trump)
            and (self.partner_duty or not partner_holds_it)
        )


def legal_cards(
    hand: int, led: int, trump: int, best_trump: int, *, duty: bool, must_trump: bool
) -> int:
    """The cards of ``hand`` that may be played; ``led`` is -1 when leading.

    ``duty`` is whether the player must beat ``best_trump`` (see :meth:`PlayRules.duty`).
    """
    if led < 0:
        return hand
    follow = hand & SUIT_MASKS[led]
    if follow:
        if duty and led == trump:
            return (follow & HIGHER_TRUMPS[trump][best_trump]) or follow
        return follow
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand
    higher = trumps & HIGHER_TRUMPS[trump][best_trump] if duty else 0
    if must_trump:
        return higher or trumps
    if higher:
        return (hand & ~trumps) | higher
    return hand


def shown_lacking(
    led: int, index: int, trump: int, best_trump: int, *, duty: bool, must_trump: bool
) -> int:
    """The cards a player shows the table he lacks by playing card ``index`` on a trick
    led in suit ``led``, whose highest trump so far is ``best_trump`` (-1: none);
    ``duty`` and ``must_trump`` as for :func:`legal_cards`, whose rule this reads back.

    Off the suit led he lacks that suit, and with ``must_trump`` the trumps too unless he
    played one; a trump below ``best_trump`` under the duty shows none above it.
    """
    suit = index >> 3
    lacking = 0
    if suit != led:
        lacking = _SUIT << 8 * led
        if suit != trump and must_trump:
            lacking |= _SUIT << 8 * trump
    if duty and suit == trump and best_trump >= 0:
        higher = HIGHER_TRUMPS[trump][best_trump]
        if not higher >> index & 1:
            lacking |= higher
    return lacking


def legal_mask(
    hand: int, trick_cards: Sequence[int], trump: int, play: PlayRules | bool = True
) -> int:
    """The cards of ``hand`` that may be played on ``trick_cards`` (the open trick, in
    playing order); ``play`` is the play rules, or just the overtrump option."""
    if not trick_cards:
        return hand
    if isinstance(play, bool):
        play = PlayRules(overtrump=play)
    led = trick_cards[0] >> 3
    best_trump = -1
    best_offset = -1
    best_strength = -1
    for offset, index in enumerate(trick_cards):
        if index >> 3 == trump and TRUMP_STRENGTH[index & 7] > best_strength:
            best_strength = TRUMP_STRENGTH[index & 7]
            best_trump = index
            best_offset = offset
    # Only the partner sits two places before the player to act, and only with 4 players
    # does partner_duty matter.
    partner = best_offset >= 0 and len(trick_cards) - best_offset == 2
    duty = play.duty(led, trump, best_trump, partner)
    return legal_cards(hand, led, trump, best_trump, duty=duty, must_trump=play.must_trump)
