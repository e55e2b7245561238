"""Why an action was refused: a short alert (plain text, at most 200 characters) for each
:class:`engine.Reason`, e.g. «Нужно ходить в масть ♥»."""

from __future__ import annotations

from typing import Final

from bot.i18n import translator
from engine import IllegalActionError, PlayCard, Reason

__all__ = ["MAX_ALERT", "reason_text", "render_reason"]

MAX_ALERT: Final = 200


def reason_text(reason: Reason, lang: str, *, suit: str = "", card_action: bool = False) -> str:
    """The alert for ``reason``; ``suit`` is the symbol the rule names (or empty)."""
    text = translator(lang).plain(
        f"reason-{reason.value}", suit=suit, action="card" if card_action else "other"
    )
    return text if len(text) <= MAX_ALERT else text[: MAX_ALERT - 1] + "…"


def render_reason(error: IllegalActionError, lang: str) -> str:
    """The alert for a refused action, naming the suit where the rule names one."""
    return reason_text(
        error.reason,
        lang,
        suit=error.suit.symbol if error.suit is not None else "",
        card_action=isinstance(error.action, PlayCard),
    )
