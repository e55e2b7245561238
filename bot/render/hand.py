"""A player's private message: the situation in a few lines and the hand as buttons.

Every card of the hand is a button (``MoveCb`` with ``PlayCard``), legal or not: pressing
an illegal card makes the bot answer why (:func:`bot.render.reasons.render_reason`).
Legal cards — exactly the ``PlayCard`` actions in ``view.legal_actions`` — are marked «•»
(and green where the client shows button styles). Bids and the trump-seven choice are
buttons for the actions in ``view.legal_actions`` only.
"""

from __future__ import annotations

from collections.abc import Sequence

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import MoveCb
from bot.i18n import translator
from engine import (
    Action,
    Card,
    ExchangeSeven,
    KeepSeven,
    NameSuit,
    Pass,
    Phase,
    PlayCard,
    PlayerView,
    TakeProposed,
    sorted_for_display,
)
from engine.cards import NO_TRUMP

from .cards import card_label, meld_announced, suit_label, suit_name
from .keyboard import PRIMARY, SUCCESS, button, markup
from .table import bids_line, freza_line, last_trick_line, trick_line, turn_line

__all__ = ["hand_keyboard", "legal_cards", "render_hand"]


def legal_cards(view: PlayerView) -> frozenset[Card]:
    """The cards this seat may play now, as the engine says."""
    return frozenset(a.card for a in view.legal_actions if isinstance(a, PlayCard))


def _prompt(view: PlayerView, names: Sequence[str], lang: str) -> str | None:
    tr = translator(lang)
    if view.phase is Phase.FINISHED:
        return tr("table-over")
    if view.to_act is None:
        return None
    if view.to_act != view.seat:
        return turn_line(view, names[view.to_act], lang)
    if view.phase is Phase.BIDDING:
        if view.bid_round == 1 and view.proposed is not None:
            return tr("hand-bid-1", suit=suit_label(view.proposed.suit, lang))
        if any(isinstance(a, Pass) for a in view.legal_actions):
            return tr("hand-bid-2")
        return tr("hand-bid-2-must")
    if view.phase is Phase.EXCHANGE and view.proposed is not None:
        return tr("hand-exchange", card=card_label(view.proposed, lang))
    return tr("hand-your-lead" if not view.trick else "hand-your-turn")


def render_hand(
    view: PlayerView, names: Sequence[str], lang: str, game_id: int, move: int
) -> tuple[str, InlineKeyboardMarkup]:
    """The private hand message (HTML) and its keyboard for ``view.seat``.

    ``move`` is the engine's move number the buttons answer (``game.move_number``).
    """
    if view.seat is None:
        raise ValueError("render_hand needs a player's view, not the public one")
    tr = translator(lang)
    lines: list[str | None] = [tr("hand-title", number=view.hand_number)]
    if view.trump is not None and view.bidder is not None:
        lines.append(
            tr("table-trump", suit=suit_label(view.trump, lang), bidder=names[view.bidder])
        )
    elif view.proposed is not None:
        lines.append(tr("table-proposed", card=card_label(view.proposed, lang)))
    lines.append(freza_line(view, tr))
    if view.phase is Phase.BIDDING:
        lines.append(bids_line(view, names, lang))
    if view.own_melds and view.phase is Phase.PLAY:
        melds = ", ".join(meld_announced(meld, lang) for meld in view.own_melds)
        lines.append(tr("hand-own-melds", melds=melds))
    if view.phase is Phase.PLAY:
        lines.append(trick_line(view, names, lang) or last_trick_line(view, names, lang))
    prompt = _prompt(view, names, lang)
    text = "\n".join(line for line in lines if line)
    if prompt:
        text += "\n\n" + prompt
    return text, hand_keyboard(view, lang, game_id, move)


def _decision_rows(
    view: PlayerView, lang: str, game_id: int, move: int
) -> list[list[InlineKeyboardButton]]:
    tr = translator(lang)
    suits: list[InlineKeyboardButton] = []
    choices: list[InlineKeyboardButton] = []
    rows: list[list[InlineKeyboardButton]] = []

    def cb(action: Action) -> MoveCb:
        return MoveCb.of(game_id, move, action)

    for action in view.legal_actions:
        if isinstance(action, TakeProposed) and view.proposed is not None:
            text = tr.plain("btn-play", suit=view.proposed.suit.symbol)
            choices.insert(0, button(text, cb(action), style=PRIMARY))
        elif isinstance(action, NameSuit):
            text = tr.plain(
                "btn-suit", symbol=action.suit.symbol, name=suit_name(action.suit, lang)
            )
            suits.append(button(text, cb(action)))
        elif isinstance(action, Pass):
            choices.append(button(tr.plain("btn-pass"), cb(action)))
        elif isinstance(action, ExchangeSeven) and view.proposed is not None:
            text = tr.plain("btn-exchange", card=card_label(view.proposed, lang))
            rows.append([button(text, cb(action), style=PRIMARY)])
        elif isinstance(action, KeepSeven):
            rows.append([button(tr.plain("btn-keep"), cb(action))])
    return [row for row in (suits, choices, *rows) if row]


def hand_keyboard(view: PlayerView, lang: str, game_id: int, move: int) -> InlineKeyboardMarkup:
    """Decision buttons (bids, the seven) first, then the cards, one row per suit."""
    tr = translator(lang)
    legal = legal_cards(view)
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    card_rows: list[list[InlineKeyboardButton]] = []
    last_suit = None
    for card in sorted_for_display(view.hand, trump):
        if card.suit is not last_suit:
            card_rows.append([])
            last_suit = card.suit
        label = card_label(card, lang)
        if card in legal:
            item = button(
                tr.plain("btn-card-legal", card=label),
                MoveCb.of(game_id, move, PlayCard(card)),
                style=SUCCESS,
            )
        else:
            item = button(
                tr.plain("btn-card", card=label), MoveCb.of(game_id, move, PlayCard(card))
            )
        card_rows[-1].append(item)
    return markup([*_decision_rows(view, lang, game_id, move), *card_rows])
