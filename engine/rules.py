"""The rule set of a game: one immutable value holding every option of RULES.md.

``Rules()`` is the default, seed 000 ("Odessa debertz"). Presets are named in one place,
:data:`PRESETS`; a chat starts from a preset and changes single options with
:meth:`Rules.replace`, which returns a new value.
"""

from __future__ import annotations

import dataclasses
import json
from enum import StrEnum
from typing import Any, Final

__all__ = [
    "PRESETS",
    "BellaAnnouncement",
    "DealerRotation",
    "FirstLead",
    "Rules",
    "RulesError",
    "ThreePlayerBait",
]


class RulesError(ValueError):
    """An option has a value the rules do not allow, or a preset or option is unknown."""


class DealerRotation(StrEnum):
    """Who deals the next hand."""

    CLOCKWISE = "clockwise"
    """The deal passes clockwise (seed 000)."""
    WINNER = "winner"
    """The side that wrote the most points in the previous hand deals; with 4 players the
    next seat of that pair clockwise; on a tie the deal passes clockwise."""


class BellaAnnouncement(StrEnum):
    """When bella (trump K+Q in one hand) is announced to the table."""

    SECOND = "second"
    """When the second card of the pair is played (seed 000)."""
    FIRST = "first"
    """When the first card of the pair is played."""


class FirstLead(StrEnum):
    """Who leads the first trick of a hand."""

    LEFT_OF_DEALER = "left_of_dealer"
    BIDDER = "bidder"


class ThreePlayerBait(StrEnum):
    """Where a sitting bidder's points go with 3 players."""

    RICHER = "richer"
    """To the opponent with more points; equal: split in half (seed 000)."""
    HALF = "half"
    """Always split in half between the two opponents."""


@dataclasses.dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the rules; the defaults are seed 000 (the ``odessa`` preset).

    >>> Rules.preset("kharkiv").bolt_penalty
    50
    >>> Rules().replace(target=301).target
    301
    """

    target: int = 501
    """Points that win the game (501; 301 and 1001 are common)."""
    dealer_rotation: DealerRotation = DealerRotation.CLOCKWISE
    obligatory_dealer: bool = False
    """"С обязами": the dealer may not pass in bidding round 2 and must name a suit."""
    seven_exchange: bool = True
    """2-3 players, trump taken in round 1: the holder of the trump seven may exchange it
    for the face-up card."""
    hundred: bool = False
    """A run of 5 or more is a hundred (100 points), ranking above a fifty."""
    debertz_wins: bool = False
    """A run of 7 or more ("debertz") wins the game when its holder plays their first card."""
    trump_priority: bool = True
    """Between melds of equal category and top card, a trump meld wins."""
    melds_need_trick: bool = False
    """Melds count only if their side took at least one trick (bella is not affected)."""
    bella_announcement: BellaAnnouncement = BellaAnnouncement.SECOND
    first_lead: FirstLead = FirstLead.LEFT_OF_DEALER
    overtrump: bool = True
    """When trump is led or you trump, you must beat the highest trump in the trick if you
    can."""
    hanging_bait: bool = False
    """"Висячий байт": when the bidder ties the best opponent, the bidder's points are set
    aside and go to the side that writes most in the next hand."""
    three_player_bait: ThreePlayerBait = ThreePlayerBait.RICHER
    bolt_penalty: int = 0
    """A side that took no trick loses this many points (0: no penalty; 100 or 50)."""
    third_bait_penalty: int = 0
    """Every third bait of a side costs it this many points more (0: no penalty)."""

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            kind = _FIELD_TYPES[field.name]
            if kind is bool:
                if not isinstance(value, bool):
                    raise RulesError(f"option {field.name} must be true or false, not {value!r}")
            elif kind is int:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise RulesError(f"option {field.name} must be a whole number, not {value!r}")
            elif not isinstance(value, kind):
                try:
                    object.__setattr__(self, field.name, kind(value))
                except ValueError:
                    allowed = ", ".join(member.value for member in kind)  # type: ignore[attr-defined]
                    raise RulesError(
                        f"option {field.name} must be one of {allowed}, not {value!r}"
                    ) from None
        if not 1 <= self.target <= 100_000:
            raise RulesError(f"target must be between 1 and 100000, not {self.target}")
        if not 0 <= self.bolt_penalty <= 10_000:
            raise RulesError(f"bolt_penalty must be between 0 and 10000, not {self.bolt_penalty}")
        if not 0 <= self.third_bait_penalty <= 10_000:
            raise RulesError(
                f"third_bait_penalty must be between 0 and 10000, not {self.third_bait_penalty}"
            )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset: ``odessa`` (default), ``moscow`` or ``kharkiv``."""
        try:
            return PRESETS[name]
        except KeyError:
            raise RulesError(
                f"unknown preset {name!r} (expected one of {', '.join(PRESETS)})"
            ) from None

    @property
    def preset_name(self) -> str | None:
        """The name of the preset equal to these rules, or None for a custom set."""
        for name, rules in PRESETS.items():
            if rules == self:
                return name
        return None

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; unknown options raise :class:`RulesError`."""
        unknown = set(changes) - set(_FIELD_TYPES)
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON values."""
        out: dict[str, Any] = {}
        for name in _FIELD_TYPES:
            value = getattr(self, name)
            out[name] = value.value if isinstance(value, StrEnum) else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Read :meth:`to_dict` output; missing options take their defaults."""
        unknown = set(data) - set(_FIELD_TYPES)
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(sorted(unknown))}")
        return cls(**data)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Rules:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RulesError(f"rules are not valid JSON: {error}") from None
        if not isinstance(data, dict):
            raise RulesError("rules JSON must be an object")
        return cls.from_dict(data)

    @staticmethod
    def option_names() -> tuple[str, ...]:
        """Every option, in declaration order."""
        return tuple(_FIELD_TYPES)


_FIELD_TYPES: Final[dict[str, type]] = {
    "target": int,
    "dealer_rotation": DealerRotation,
    "obligatory_dealer": bool,
    "seven_exchange": bool,
    "hundred": bool,
    "debertz_wins": bool,
    "trump_priority": bool,
    "melds_need_trick": bool,
    "bella_announcement": BellaAnnouncement,
    "first_lead": FirstLead,
    "overtrump": bool,
    "hanging_bait": bool,
    "three_player_bait": ThreePlayerBait,
    "bolt_penalty": int,
    "third_bait_penalty": int,
}

PRESETS: Final[dict[str, Rules]] = {
    "odessa": Rules(),
    "moscow": Rules(dealer_rotation=DealerRotation.WINNER, hanging_bait=True),
    "kharkiv": Rules(
        trump_priority=False,
        obligatory_dealer=True,
        bolt_penalty=50,
        third_bait_penalty=100,
        three_player_bait=ThreePlayerBait.HALF,
    ),
}
