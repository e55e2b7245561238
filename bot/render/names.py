"""Who sits at the table: display names of seats and sides, mentions.

Names handed to the render functions are **raw** text (a Telegram first name, a computer
player's label); the render functions escape them. Only :func:`mention` returns HTML.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from typing import Final

from bot.i18n import Html, escape, translator
from engine.ai import LEVELS

__all__ = [
    "COMPUTER_KINDS",
    "LEGACY_KINDS",
    "Computer",
    "Occupant",
    "computer_name",
    "mention",
    "seat_names",
    "side_names",
]

COMPUTER_KINDS: Final = tuple(LEVELS)
"""The computer players offered in the lobby: the engine's levels, weakest first."""
LEGACY_KINDS: Final = ("heuristic", "search")
"""Kinds of computer seats stored before the three levels, named as easy and strong;
their games play on, and lobby buttons drawn before the levels still add them."""


@dataclasses.dataclass(frozen=True, slots=True)
class Computer:
    """A computer player in a seat; ``kind`` is its engine's kind ("easy", "strong", ...)."""

    kind: str


Occupant = str | Computer
"""A seat's occupant: a person's display name, or a computer player."""


def computer_name(kind: str, lang: str) -> str:
    """A computer player's label: «🤖 Компьютер (сильный)»."""
    return translator(lang).plain("name-computer", kind=kind)


def seat_names(seats: Sequence[Occupant], lang: str) -> tuple[str, ...]:
    """Display names per seat (raw text); two computers of one kind get numbers."""
    tr = translator(lang)
    labels = [
        computer_name(seat.kind, lang) if isinstance(seat, Computer) else seat for seat in seats
    ]
    repeated = Counter(
        label for seat, label in zip(seats, labels, strict=True) if isinstance(seat, Computer)
    )
    seen: Counter[str] = Counter()
    out: list[str] = []
    for seat, label in zip(seats, labels, strict=True):
        if isinstance(seat, Computer) and repeated[label] > 1:
            seen[label] += 1
            label = tr.plain("name-numbered", name=label, number=seen[label])
        out.append(label)
    return tuple(out)


def side_names(names: Sequence[str], lang: str, solo: bool = False) -> tuple[str, ...]:
    """Display names per side (raw text): with 4 players the pairs, «Аня и Борис»,
    unless each plays for himself (``solo``)."""
    if len(names) != 4 or solo:
        return tuple(names)
    tr = translator(lang)
    return tuple(tr.plain("name-pair", first=names[s], second=names[s + 2]) for s in (0, 1))


def mention(name: str, user_id: int | None) -> Html:
    """A name that notifies its owner (``tg://user`` link); computers get plain text."""
    if user_id is None:
        return escape(name)
    return Html(f'<a href="tg://user?id={int(user_id)}">{escape(name)}</a>')
