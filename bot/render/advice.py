"""The strong player's advice in words: the 💡 hint line and the review after a hand.

The engine gives a reason key and figures (engine.ai.advice); this module words them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from aiogram.types import InlineKeyboardButton

from bot.callbacks import HintCb
from bot.i18n import Html, translator
from engine import Phase
from engine.ai.advice import Advice, Reason
from engine.ai.review import Mistake

from .cards import action_label
from .keyboard import button

__all__ = ["hint_button", "hint_line", "mistakes_text"]

_WHY: Final[dict[Reason, str]] = {
    Reason.ONLY: "why-only",
    Reason.BID: "why-bid",
    Reason.PASS: "why-pass",
    Reason.EXCHANGE: "why-exchange",
    Reason.KEEP: "why-keep",
    Reason.DRAW_TRUMPS: "why-draw-trumps",
    Reason.CASH: "why-cash",
    Reason.LEAD: "why-lead",
    Reason.WIN: "why-win",
    Reason.RUFF: "why-ruff",
    Reason.FEED: "why-feed",
    Reason.DUCK: "why-duck",
    Reason.OTHER: "why-other",
}


def hint_button(game_id: int, move: int, lang: str) -> InlineKeyboardButton:
    return button(translator(lang).plain("btn-hint"), HintCb(game_id=game_id, move=move))


def _why(advice: Advice, lang: str) -> Html:
    return Html(translator(lang)(_WHY[advice.reason]))


def hint_line(advice: Advice, lang: str) -> str:
    """«💡 В♠: тянет козыри — в среднем на 14 очков лучше, чем 9♠, по 180 раскладам»."""
    tr = translator(lang)
    action = action_label(advice.action, lang)
    other, gain = advice.runner_up, advice.gain
    if other is None or gain is None or advice.deals is None or round(gain) == 0:
        # No figures worth a word: the only choice, a rule's choice, or a near tie.
        return tr("hint-line-short", action=action, why=_why(advice, lang))
    return tr(
        "hint-line",
        action=action,
        why=_why(advice, lang),
        points=tr.plain("points", n=round(gain)),
        other=action_label(other, lang),
        deals=advice.deals,
    )


def mistakes_text(hand_number: int, mistakes: Sequence[Mistake], lang: str) -> str:
    """The costliest decisions of a hand, one line each (HTML)."""
    tr = translator(lang)
    lines = [tr("mistakes-title", number=hand_number)]
    for number, found in enumerate(mistakes, 1):
        view = found.decision.view
        if view.phase is Phase.PLAY:
            when = Html(tr("mistakes-when-trick", trick=len(view.tricks) + 1))
        elif view.phase is Phase.BIDDING:
            when = Html(tr("mistakes-when-bidding"))
        else:
            when = Html(tr("mistakes-when-other"))
        lines.append(
            tr(
                "mistakes-line",
                number=number,
                when=when,
                played=action_label(found.decision.action, lang),
                best=action_label(found.advice.action, lang),
                why=_why(found.advice, lang),
                points=tr.plain("points", n=max(1, round(found.cost))),
            )
        )
    return "\n".join(lines)
