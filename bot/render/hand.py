"""A player's private message: the situation in a few lines and the hand as buttons.

Every card of the hand is a button (``MoveCb`` with ``PlayCard``), legal or not: pressing
an illegal card makes the bot answer why (:func:`bot.render.reasons.render_reason`).
Legal cards — exactly the ``PlayCard`` actions in ``view.legal_actions`` — are marked «•»
(and green where the client shows button styles). Bids and the trump-seven choice are
buttons for the actions in ``view.legal_actions`` only. In a solo game a decision also
has the 💡 button (bot.render.advice), and once pressed its hint line.

A player who is not to act sees a *waiting* message: only what changes through their own
moves or a new phase (their cards, trump, their melds), never the trick or whose turn it
is — others' moves do not edit it, so anything that moves with them would go stale.
:func:`hand_screen` names exactly what a message shows, and :func:`seats_to_redraw`
compares it before and after a move: the one place that decides which hands are edited.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import MoveCb
from bot.i18n import translator
from engine import (
    AcceptFifty,
    Action,
    Card,
    ClaimRedeal,
    ConcedeDave,
    Dave,
    DeclineFifty,
    ExchangeSeven,
    KeepSeven,
    NameSuit,
    NoFiftyOffer,
    NoRedeal,
    OfferDave,
    OfferFifty,
    Pass,
    Phase,
    PlayCard,
    PlayerView,
    PlayOnDave,
    TakeProposed,
    sorted_for_display,
)
from engine.cards import NO_TRUMP

from .advice import hint_button
from .cards import card_label, meld_announced, suit_label, suit_name
from .keyboard import MAX_CALLBACK_BYTES, PRIMARY, SUCCESS, button, markup
from .table import (
    bids_line,
    freza_line,
    last_trick_line,
    proposed_line,
    refused_line,
    trick_line,
    visyak_line,
)

__all__ = ["hand_keyboard", "hand_screen", "legal_cards", "render_hand", "seats_to_redraw"]

_PLAYING = (Phase.PLAY, Phase.DAVE)
"""The play, and a «даве» offer in it (RULES-VARIANTS §25)."""


def legal_cards(view: PlayerView) -> frozenset[Card]:
    """The cards this seat may play now, as the engine says."""
    return frozenset(a.card for a in view.legal_actions if isinstance(a, PlayCard))


def is_turn(view: PlayerView) -> bool:
    """Whether the message shows a decision: the seat is to act in a running game."""
    return view.seat is not None and view.to_act == view.seat and view.phase is not Phase.FINISHED


def hand_screen(view: PlayerView) -> object:
    """Everything the seat's message shows apart from the move number its buttons carry:
    equal screens render equal messages. A waiting screen holds only what others' moves
    cannot change."""
    if is_turn(view):
        # The seat's whole situation: a turn message is redrawn whenever it is shown.
        return ("turn", view)
    # Exactly what render_hand writes for a waiting seat: the phase itself is not shown
    # (a 4-player bidding ends without changing a waiting message).
    trump = (
        (view.trump, view.bidder) if view.trump is not None and view.bidder is not None else None
    )
    return (
        "wait",
        view.phase is Phase.FINISHED,
        view.hand_number,
        view.hand,
        trump,
        None if trump is not None else view.proposed,
        view.refused,
        view.visyak_pool,
        view.freza,
        view.own_melds if view.phase in _PLAYING else (),
    )


def seats_to_redraw(
    before: Sequence[object], after: Sequence[object], actor: int | None
) -> frozenset[int]:
    """The seats whose message must change after a move: the one who acted (their buttons
    answer a decision that is made), and each seat whose screen differs — their turn
    began, their cards changed, a new phase or hand, the game ended.

    ``before`` and ``after`` are :func:`hand_screen` of each seat around the move."""
    seats = {seat for seat, (old, new) in enumerate(zip(before, after, strict=True)) if old != new}
    if actor is not None:
        seats.add(actor)
    return frozenset(seats)


def _prompt(view: PlayerView, names: Sequence[str], lang: str) -> str | None:
    tr = translator(lang)
    if view.phase is Phase.FINISHED:
        return tr("table-over")
    if view.to_act is None:
        return None
    if view.to_act != view.seat:
        # Not who acts: this message is not edited while others play.
        return tr("hand-waiting")
    if view.phase is Phase.BIDDING:
        on_card = view.bid_round == 1 or view.refused  # §2: every round on a card
        if on_card and view.proposed is not None:
            key = "hand-bid-1" if view.legal_actions != (TakeProposed(),) else "hand-bid-1-must"
            return tr(key, suit=suit_label(view.proposed.suit, lang))
        if any(isinstance(a, Pass) for a in view.legal_actions):
            return tr("hand-bid-2")
        return tr("hand-bid-2-must")
    if view.phase is Phase.EXCHANGE and view.proposed is not None:
        prompt = tr("hand-exchange", card=card_label(view.proposed, lang))
        if view.seven_meld_answer is not None:  # RULES-VARIANTS §7
            key = "hand-seven-meld-yes" if view.seven_meld_answer else "hand-seven-meld-no"
            prompt += "\n" + tr(key)
        return prompt
    if view.phase is Phase.DAVE:
        offerer = names[1 - view.seat] if view.seat is not None else ""
        return tr("hand-dave-offered", name=offerer, stake=view.stake, next=view.next_stake)
    if view.phase is Phase.REDEAL_CLAIMS:
        return tr("hand-redeal")
    if view.phase is Phase.FIFTY_OFFER and view.bidder is not None:
        if view.fifty_offered:
            return tr("hand-fifty-answer", name=names[1 - view.bidder])
        return tr("hand-fifty-offer", bidder=names[view.bidder])
    return tr("hand-your-lead" if not view.trick else "hand-your-turn")


def render_hand(
    view: PlayerView,
    names: Sequence[str],
    lang: str,
    game_id: int,
    move: int,
    *,
    hints: bool = False,
    hint: str | None = None,
) -> tuple[str, InlineKeyboardMarkup]:
    """The private hand message (HTML) and its keyboard for ``view.seat``.

    ``move`` is the engine's move number the buttons answer (``game.move_number``);
    ``hints``: a decision gets the 💡 button (a solo game); ``hint``: the line it gave.
    """
    if view.seat is None:
        raise ValueError("render_hand needs a player's view, not the public one")
    tr = translator(lang)
    lines: list[str | None] = [tr("hand-title", number=view.hand_number)]
    if view.trump is not None and view.bidder is not None:
        lines.append(
            tr("table-trump", suit=suit_label(view.trump, lang), bidder=names[view.bidder])
        )
        lines.append(visyak_line(view, names, tr))
    else:
        lines.append(proposed_line(view, tr))
    lines.append(refused_line(view, tr))
    lines.append(freza_line(view, tr))
    turn = is_turn(view)
    if view.phase is Phase.BIDDING and turn:
        lines.append(bids_line(view, names, lang))
    if turn and view.players == 2 and view.rules.dave is not Dave.OFF and view.phase in _PLAYING:
        lines.append(tr("hand-stake", stake=view.stake))
    if view.own_melds and view.phase in _PLAYING:
        melds = ", ".join(meld_announced(meld, lang) for meld in view.own_melds)
        lines.append(tr("hand-own-melds", melds=melds))
    if view.phase is Phase.PLAY and turn:
        lines.append(trick_line(view, names, lang) or last_trick_line(view, names, lang))
    prompt = _prompt(view, names, lang)
    text = "\n".join(line for line in lines if line)
    if prompt:
        text += "\n\n" + prompt
    if hint and turn:
        text += "\n\n" + hint
    return text, hand_keyboard(view, lang, game_id, move, hints=hints)


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
        elif isinstance(action, OfferDave):
            rows.append([button(tr.plain("btn-dave", next=view.next_stake), cb(action))])
        elif isinstance(action, ConcedeDave):
            choices.append(button(tr.plain("btn-concede", stake=view.stake), cb(action)))
        elif isinstance(action, PlayOnDave):
            text = tr.plain("btn-play-on", next=view.next_stake)
            choices.insert(0, button(text, cb(action), style=PRIMARY))
        elif type(action) in _CHOICE_BUTTONS:
            key, style = _CHOICE_BUTTONS[type(action)]
            choices.append(button(tr.plain(key), cb(action), style=style))
    return [row for row in (suits, choices, *rows) if row]


_CHOICE_BUTTONS: dict[type[Action], tuple[str, str | None]] = {
    ClaimRedeal: ("btn-redeal", PRIMARY),
    NoRedeal: ("btn-no-redeal", None),
    OfferFifty: ("btn-offer-fifty", PRIMARY),
    NoFiftyOffer: ("btn-no-fifty-offer", None),
    AcceptFifty: ("btn-accept-fifty", PRIMARY),
    DeclineFifty: ("btn-decline-fifty", None),
}
"""Two-way decisions of part 2's phases: one row, the decisive choice first."""


def hand_keyboard(
    view: PlayerView, lang: str, game_id: int, move: int, *, hints: bool = False
) -> InlineKeyboardMarkup:
    """Decision buttons (bids, the seven) first, then the cards, one row per suit, and
    with ``hints`` the 💡 button when the seat has a decision to make."""
    legal = legal_cards(view)
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    card_rows: list[list[InlineKeyboardButton]] = []
    last_suit = None
    prefix = f"{MoveCb.__prefix__}:{game_id}:{move}:"
    for card in sorted_for_display(view.hand, trump):
        if card.suit is not last_suit:
            card_rows.append([])
            last_suit = card.suit
        text, code, style = _card_face(card, lang, card in legal)
        card_rows[-1].append(_card_button(text, prefix + code, style))
    hint_row = [hint_button(game_id, move, lang)] if hints and is_turn(view) else []
    return markup([*_decision_rows(view, lang, game_id, move), *card_rows, hint_row])


@lru_cache(maxsize=512)
def _card_face(card: Card, lang: str, legal: bool) -> tuple[str, str, str | None]:
    """A card button's label, action code (as MoveCb packs it) and style: the same for
    every game and move, and rendered for every hand message, so computed once."""
    tr = translator(lang)
    label = card_label(card, lang)
    code = PlayCard(card).code.replace(":", ".")
    if legal:
        return tr.plain("btn-card-legal", card=label), code, SUCCESS
    return tr.plain("btn-card", card=label), code, None


def _card_button(text: str, data: str, style: str | None) -> InlineKeyboardButton:
    # Built from parts checked once (the card's code, ints): the same data as
    # MoveCb.of(...).pack() (tests/render check it), without a CallbackData per button.
    if len(data.encode()) > MAX_CALLBACK_BYTES:
        raise ValueError(f"callback data too long: {data!r}")
    return InlineKeyboardButton(text=text, callback_data=data, style=style)
