"""A finished hand looked back at, in pages of one message: the deal and the bidding,
then the tricks. Only what :func:`engine.finished_hands` says the table saw is shown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from aiogram.types import InlineKeyboardMarkup

from bot.callbacks import ReviewCb
from bot.i18n import Html, translator
from engine import HandRecord

from .cards import action_label, card_label, cards_text, suit_label
from .keyboard import button, markup
from .table import meld_lines

__all__ = ["TRICKS_PER_PAGE", "page_count", "render_review", "review_keyboard"]

TRICKS_PER_PAGE: Final = 3
SEP: Final = " · "


def page_count(record: HandRecord) -> int:
    """Pages after the result: the deal, then the tricks."""
    return 1 + -(-len(record.tricks) // TRICKS_PER_PAGE)


def review_keyboard(game_id: int, hand: int, lang: str) -> InlineKeyboardMarkup:
    """The hand result's button that opens the hand."""
    tr = translator(lang)
    return markup([[button(tr.plain("btn-review"), ReviewCb(game_id=game_id, hand=hand, page=1))]])


def render_review(
    record: HandRecord, names: Sequence[str], game_id: int, page: int, lang: str
) -> tuple[str, InlineKeyboardMarkup]:
    """Page ``page`` (1 the deal, 2... the tricks; past the last, the last) as HTML."""
    pages = page_count(record)
    page = min(max(page, 1), pages)
    tr = translator(lang)
    lines = [tr("review-title", number=record.hand_number, page=page, pages=pages)]
    lines += (
        _deal_lines(record, names, lang) if page == 1 else _trick_lines(record, names, page, lang)
    )

    def cb(to: int) -> ReviewCb:
        return ReviewCb(game_id=game_id, hand=record.hand_number, page=to)

    row = [button(tr.plain("btn-review-result"), cb(0))]
    if page > 1:
        row.insert(0, button(tr.plain("btn-review-back"), cb(page - 1)))
    if page < pages:
        row.append(button(tr.plain("btn-review-next"), cb(page + 1)))
    return "\n".join(lines), markup([row])


def _deal_lines(record: HandRecord, names: Sequence[str], lang: str) -> list[str]:
    tr = translator(lang)
    lines = [
        tr("review-dealer", dealer=names[record.dealer], card=card_label(record.proposed, lang))
    ]
    for seat, cards in enumerate(record.shown):
        hidden = record.unseen[seat]
        shown = cards_text(cards, lang) if cards else "—"
        if hidden:
            lines.append(tr("review-hand-unseen", name=names[seat], cards=shown, count=hidden))
        else:
            lines.append(tr("review-hand", name=names[seat], cards=shown))
    if record.bids:
        bids = SEP.join(
            tr("table-bid", name=names[seat], bid=action_label(bid, lang))
            for seat, bid in record.bids
        )
        lines.append(tr("table-bids", bids=Html(bids)))
    lines.append(
        tr("table-trump", suit=suit_label(record.trump, lang), bidder=names[record.bidder])
    )
    if record.seven is not None:
        seven = record.seven
        lines.append(
            tr(
                "table-seven-exchanged",
                name=names[seven.seat],
                taken=card_label(seven.taken, lang),
                seven=card_label(seven.seven, lang),
            )
        )
    lines += meld_lines(record.announced, record.melds_shown, record.bella, names, lang)
    return lines


def _trick_lines(record: HandRecord, names: Sequence[str], page: int, lang: str) -> list[str]:
    tr = translator(lang)
    first = (page - 2) * TRICKS_PER_PAGE
    lines: list[str] = []
    for number, trick in enumerate(record.tricks[first : first + TRICKS_PER_PAGE], first + 1):
        plays = SEP.join(
            tr("table-play", name=names[seat], card=card_label(card, lang))
            for seat, card in trick.plays
        )
        lines.append(
            tr("review-trick", number=number, cards=Html(plays), winner=names[trick.winner])
        )
    return lines
