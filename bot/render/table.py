"""The group's table message for the current hand, from the public view.

It shows what everyone at the table knows and nothing else: the dealer, the face-up card,
the bids, trump and bidder, a seven exchange, melds announced (kind and height) and, after
the first trick, the winning melds with their cards, bella, the current and the last
trick, tricks per side, whose turn it is (a mention) and the running score.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Html, Translator, translator
from engine import Card, Meld, MeldAnnouncement, Phase, PlayerView, Rank

from .cards import action_label, card_label, meld_announced, meld_shown, suit_label
from .names import mention, side_names, side_of

__all__ = [
    "bids_line",
    "format_duration",
    "freza_line",
    "last_trick_line",
    "meld_lines",
    "render_table",
    "score_line",
    "trick_line",
    "turn_line",
]

SEP = " · "


def format_duration(seconds: int, lang: str) -> str:
    """«45 с», «2 мин»."""
    tr = translator(lang)
    if seconds >= 120 and seconds % 60 == 0:
        return tr.plain("duration-minutes", n=seconds // 60)
    return tr.plain("duration-seconds", n=seconds)


def _plays(tr: Translator, plays: Sequence[tuple[int, Card]], names: Sequence[str]) -> Html:
    return Html(
        SEP.join(
            tr("table-play", name=names[seat], card=card_label(card, tr.lang))
            for seat, card in plays
        )
    )


def trick_line(view: PlayerView, names: Sequence[str], lang: str) -> str | None:
    """«На столе: Аня К♠ · Борис 10♠», or None when the trick is empty."""
    if not view.trick:
        return None
    tr = translator(lang)
    return tr("table-trick", cards=_plays(tr, view.trick, names))


def last_trick_line(view: PlayerView, names: Sequence[str], lang: str) -> str | None:
    """«Прошлая взятка → Вика: Аня К♠ · Борис 10♠ · Вика Т♠»."""
    if not view.tricks:
        return None
    tr = translator(lang)
    record = view.tricks[-1]
    return tr(
        "table-last-trick", winner=names[record.winner], cards=_plays(tr, record.plays, names)
    )


def bids_line(view: PlayerView, names: Sequence[str], lang: str) -> str | None:
    """«Торговля: Аня — пас · Борис — пас»."""
    if not view.bids:
        return None
    tr = translator(lang)
    bids = SEP.join(
        tr("table-bid", name=names[seat], bid=action_label(action, lang))
        for seat, action in view.bids
    )
    return tr("table-bids", bids=Html(bids))


def turn_line(view: PlayerView, who: str | Html, lang: str) -> str | None:
    """«👉 Ходит Аня» for the seat to act (``who``: a name or a mention)."""
    if view.to_act is None or view.phase is Phase.FINISHED:
        return None
    tr = translator(lang)
    if view.phase is Phase.BIDDING:
        key = "table-turn-bid-1" if view.bid_round == 1 else "table-turn-bid-2"
    elif view.phase is Phase.EXCHANGE:
        key = "table-turn-exchange"
    else:
        key = "table-turn-play"
    return tr(key, name=who)


def score_line(
    scores: Sequence[int], sides: Sequence[str], lang: str, *, target: int | None
) -> str:
    """«Счёт: Аня 120 · Борис 84 · до 501»."""
    tr = translator(lang)
    parts = Html(
        SEP.join(
            tr("table-side-value", name=name, value=str(score))
            for name, score in zip(sides, scores, strict=True)
        )
    )
    if target is None:
        return tr("score-line", scores=parts)
    return tr("table-score", scores=parts, target=target)


def freza_line(view: PlayerView, tr: Translator) -> str | None:
    """The stock's bottom card, shown to everyone when the freza option is on."""
    if view.freza is None:
        return None
    return tr("table-freza", card=card_label(view.freza, tr.lang))


def _face_up_line(view: PlayerView, names: Sequence[str], tr: Translator) -> str | None:
    proposed = view.proposed
    if proposed is None:
        return None
    lang = tr.lang
    if view.seven_exchanger is not None and view.trump is not None:
        seven = Card(view.trump, Rank.SEVEN)
        return tr(
            "table-seven-exchanged",
            name=names[view.seven_exchanger],
            taken=card_label(proposed, lang),
            seven=card_label(seven, lang),
        )
    played = any(proposed in record.cards for record in view.tricks) or any(
        card is proposed for _, card in view.trick
    )
    if view.players == 4 and not played:
        return tr("table-proposed-dealer", card=card_label(proposed, lang))
    return tr("table-proposed", card=card_label(proposed, lang))


def _meld_lines(view: PlayerView, names: Sequence[str], tr: Translator) -> list[str]:
    return meld_lines(view.melds_announced, view.winning_melds, view.bella, names, tr.lang)


def meld_lines(
    announced: Sequence[tuple[int, Sequence[MeldAnnouncement]]],
    winning: Sequence[tuple[int, Meld]],
    bella: int | None,
    names: Sequence[str],
    lang: str,
) -> list[str]:
    """«Объявлено: …», the winning melds with their cards, and bella, as far as known."""
    tr = translator(lang)
    lines: list[str] = []
    if announced:
        said = "; ".join(
            tr(
                "table-seat-melds",
                name=names[seat],
                melds=", ".join(meld_announced(meld, lang) for meld in melds),
            )
            for seat, melds in announced
        )
        lines.append(tr("table-melds-announced", melds=Html(said)))
    if winning:
        points = sum(meld.points for _, meld in winning)
        by_seat: dict[int, list[str]] = {}
        for seat, meld in winning:
            by_seat.setdefault(seat, []).append(meld_shown(meld, lang))
        shown = "; ".join(
            tr("table-seat-melds", name=names[seat], melds=", ".join(melds))
            for seat, melds in by_seat.items()
        )
        lines.append(tr("table-melds-won", points=points, melds=Html(shown)))
    if bella is not None:
        lines.append(tr("table-bella", name=names[bella]))
    return lines


def _tricks_line(view: PlayerView, names: Sequence[str], tr: Translator) -> str | None:
    if not view.tricks:
        return None
    sides = side_names(names, tr.lang)
    taken = [0] * len(sides)
    for seat, count in enumerate(view.tricks_won):
        taken[side_of(seat, view.players)] += count
    parts = SEP.join(
        tr("table-side-value", name=name, value=str(count))
        for name, count in zip(sides, taken, strict=True)
    )
    return tr("table-tricks", tricks=Html(parts))


def render_table(
    view: PlayerView,
    names: Sequence[str],
    lang: str,
    *,
    hand_number: int | None = None,
    deadline_seconds: int | None = None,
    user_ids: Sequence[int | None] = (),
) -> str:
    """The group's table message (HTML) for the current hand.

    ``view`` must be the public view (``game.public_view()``); ``names`` are the display
    names per seat (raw text), ``user_ids`` the Telegram user id per seat (None for a
    computer) so that the player to act is mentioned. ``deadline_seconds`` is the time
    left for the current decision, if there is a timer.
    """
    if view.seat is not None:
        raise ValueError("render_table needs the public view (seat None), not a player's")
    tr = translator(lang)
    number = view.hand_number if hand_number is None else hand_number
    blocks: list[list[str | None]] = []

    head: list[str | None] = [
        tr("table-title", number=number, dealer=names[view.dealer]),
        _face_up_line(view, names, tr),
        freza_line(view, tr),
    ]
    if view.trump is not None and view.bidder is not None:
        head.append(tr("table-trump", suit=suit_label(view.trump, lang), bidder=names[view.bidder]))
    elif view.phase is Phase.BIDDING:
        head.append(bids_line(view, names, lang))
        if view.bid_round == 2:
            head.append(tr("table-round-two"))
    blocks.append(head)
    blocks.append(list(_meld_lines(view, names, tr)))
    blocks.append(
        [
            trick_line(view, names, lang),
            last_trick_line(view, names, lang),
            _tricks_line(view, names, tr),
        ]
    )

    turn: list[str | None] = []
    if view.phase is Phase.FINISHED:
        turn.append(tr("table-over"))
    elif view.to_act is not None:
        user_id = user_ids[view.to_act] if view.to_act < len(user_ids) else None
        line = turn_line(view, mention(names[view.to_act], user_id), lang)
        if line is not None and deadline_seconds is not None:
            line += SEP + tr("table-deadline", time=format_duration(deadline_seconds, lang))
        turn.append(line)
    blocks.append(turn)

    sides = side_names(names, lang)
    score: list[str | None] = [score_line(view.scores, sides, lang, target=view.rules.target)]
    if view.hanging:
        score.append(tr("table-hanging", points=tr.plain("points", n=view.hanging)))
    blocks.append(score)

    return "\n\n".join("\n".join(line for line in block if line) for block in blocks if any(block))
