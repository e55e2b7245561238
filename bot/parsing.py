"""Numbers typed by people or carried by buttons, read strictly.

Python's ``int()`` and ``str.isdigit()`` accept far more than a keyboard's digits:
``"²".isdigit()`` is true yet ``int("²")`` raises, ``int("٣")`` is 3, ``int(" +5_0 ")``
is 50, and an id past 2**63 overflows the database's BIGINT. Everything that turns
user-controlled text into a number goes through here, so there is one definition of a
number the bot accepts: ASCII digits, an optional leading minus, within the range asked.

>>> parse_int("701"), parse_int("-1001234567890"), parse_int("²"), parse_int("٣")
(701, -1001234567890, None, None)
>>> parse_id("0"), parse_id("7"), parse_id(str(2**63))
(None, 7, None)
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["BIGINT_MAX", "BIGINT_MIN", "parse_id", "parse_int"]

# Ids are stored as signed 64-bit BIGINT (Telegram's chat ids are negative for groups).
BIGINT_MIN: Final = -(2**63)
BIGINT_MAX: Final = 2**63 - 1

# [0-9], not \d: \d matches every Unicode decimal digit. 19 digits hold any BIGINT, and
# the bound keeps int() away from its digit limit for absurdly long input.
_INTEGER: Final = re.compile(r"-?[0-9]{1,19}")


def parse_int(text: str, *, low: int = BIGINT_MIN, high: int = BIGINT_MAX) -> int | None:
    """The integer ``text`` spells in ASCII digits, if it lies in ``low..high``; else None."""
    if not _INTEGER.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def parse_id(text: str) -> int | None:
    """A database id (a game's, say): a positive BIGINT, or None."""
    return parse_int(text, low=1)
