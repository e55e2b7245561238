""":func:`engine.legal.shown_lacking` reads back exactly what :func:`legal_cards` rules:
the cards a player lacks are those that, held beside the card he played, would have made
it illegal."""

from __future__ import annotations

import pytest

from engine.cards import HIGHER_TRUMPS, SUIT_MASKS
from engine.legal import legal_cards, shown_lacking

TRUMP = 2


def _tops(lead: int) -> list[int]:
    """The highest trumps an open trick led by ``lead`` may hold (-1: none)."""
    if lead >> 3 == TRUMP:
        return [lead, *_cards(HIGHER_TRUMPS[TRUMP][lead])]
    return [-1, *_cards(SUIT_MASKS[TRUMP])]


def _cards(mask: int) -> list[int]:
    return [index for index in range(32) if mask >> index & 1]


@pytest.mark.parametrize("must_trump", [True, False])
@pytest.mark.parametrize("duty", [True, False])
def test_a_card_shows_the_lack_of_every_card_that_would_have_forbidden_it(
    duty: bool, must_trump: bool
) -> None:
    checked = 0
    for lead in range(32):
        led = lead >> 3
        for best_trump in _tops(lead):
            in_trick = 1 << lead | (1 << best_trump if best_trump >= 0 else 0)
            under_duty = duty and best_trump >= 0
            for index in _cards(~in_trick & (1 << 32) - 1):
                forbidding = 0
                for other in _cards(~in_trick & ~(1 << index) & (1 << 32) - 1):
                    hand = 1 << index | 1 << other
                    legal = legal_cards(
                        hand, led, TRUMP, best_trump, duty=under_duty, must_trump=must_trump
                    )
                    if not legal >> index & 1:
                        forbidding |= 1 << other
                lacking = shown_lacking(
                    led, index, TRUMP, best_trump, duty=under_duty, must_trump=must_trump
                )
                assert lacking & ~in_trick & ~(1 << index) == forbidding, (lead, best_trump, index)
                checked += forbidding != 0
    assert checked > 100  # the rule forbids something in many positions
