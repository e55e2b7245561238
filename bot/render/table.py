"""The group's table message for the current hand, from the public view.

It shows what everyone at the table knows and nothing else: the dealer, the face-up card,
the bids, trump and bidder, a seven exchange, melds announced (kind and height) and, after
the first trick, the winning melds with their cards, bella, the current and the last
trick, tricks per side, whose turn it is (a mention) and the running score.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Html, Translator, translator
from engine import Card, Meld, MeldAnnouncement, Phase, PlayerView, Rank, Rules

from .cards import action_label, card_label, meld_announced, meld_shown, suit_label
from .names import mention, side_names

__all__ = [
    "bids_line",
    "format_duration",
    "format_lines",
    "freza_line",
    "last_trick_line",
    "match_lines",
    "meld_lines",
    "proposed_line",
    "refused_line",
    "render_table",
    "score_line",
    "trick_line",
    "turn_line",
    "visyak_line",
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
    """«Торговля: Аня — пас · Борис — пас»; after refused cards (§2) only the bids on
    the card proposed now, which keeps the line short through many proposals."""
    shown = view.bids[len(view.refused) * view.players :]
    if not shown:
        return None
    tr = translator(lang)
    bids = SEP.join(
        tr("table-bid", name=names[seat], bid=action_label(action, lang)) for seat, action in shown
    )
    return tr("table-bids", bids=Html(bids))


def turn_line(view: PlayerView, who: str | Html, lang: str) -> str | None:
    """«👉 Ходит Аня» for the seat to act (``who``: a name or a mention)."""
    if view.to_act is None or view.phase is Phase.FINISHED:
        return None
    tr = translator(lang)
    if view.phase is Phase.BIDDING:
        # after a refused card (§2) every round is on a proposed card
        on_card = view.bid_round == 1 or view.refused
        key = "table-turn-bid-1" if on_card else "table-turn-bid-2"
    elif view.phase is Phase.EXCHANGE:
        key = "table-turn-exchange"
    elif view.phase is Phase.DAVE:
        key = "table-turn-dave"
    elif view.phase is Phase.REDEAL_CLAIMS:
        key = "table-turn-redeal"
    elif view.phase is Phase.FIFTY_OFFER:
        key = "table-turn-fifty-answer" if view.fifty_offered else "table-turn-fifty-offer"
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


def format_lines(rules: Rules, stake: int, tr: Translator) -> list[str]:
    """RULES-VARIANTS §25: a one-hand game and its stake (with «даве», the current one)."""
    if not rules.one_hand:
        return []
    return [tr("table-one-hand", format=rules.format.value, stake=stake)]


def match_lines(
    game_number: int,
    final_hands_left: int,
    match_games: Sequence[tuple[int, tuple[int, ...]]],
    sides: Sequence[str],
    tr: Translator,
) -> list[str]:
    """RULES-VARIANTS §27: which game of a two-round match is played and how the finished
    ones ended («Матч: партия 2 · первая — Аня и Вика 512:300»)."""
    if not match_games and game_number == 1:
        return []
    if game_number >= 3:
        lines = [tr("table-match-final", left=final_hands_left)]
    else:
        lines = [tr("table-match-game", number=game_number)]
    for number, (winner, scores) in enumerate(match_games, start=1):
        score = ":".join(str(points) for points in scores)
        lines.append(tr("table-match-result", number=number, name=sides[winner], score=score))
    return lines


def freza_line(view: PlayerView, tr: Translator) -> str | None:
    """The stock's bottom card, shown to everyone when the freza option is on."""
    if view.freza is None:
        return None
    return tr("table-freza", card=card_label(view.freza, tr.lang))


def refused_line(view: PlayerView, tr: Translator) -> str | None:
    """RULES-VARIANTS §2: the proposed cards everyone passed on, set aside face up."""
    if not view.refused:
        return None
    return tr("table-refused", cards=", ".join(card_label(card, tr.lang) for card in view.refused))


def visyak_line(view: PlayerView, names: Sequence[str], tr: Translator) -> str | None:
    """RULES-VARIANTS §19: a висяк hand, its bidder (no bidding) and the pool."""
    if not view.visyak_pool or view.bidder is None:
        return None
    pool = tr("table-visyak-pool", points=tr.plain("points", n=view.visyak_pool))
    return tr("table-visyak", name=names[view.bidder]) + "\n" + pool


def proposed_line(view: PlayerView, tr: Translator) -> str | None:
    """The proposed card before trump is chosen; from the second card of §2 on, its
    number (bidding round k is the k-th proposed card)."""
    if view.proposed is None:
        return None
    card = card_label(view.proposed, tr.lang)
    if view.refused:
        return tr("table-proposed-number", number=len(view.refused) + 1, card=card)
    return tr("table-proposed", card=card)


def _face_up_line(view: PlayerView, names: Sequence[str], tr: Translator) -> str | None:
    proposed = view.proposed
    if proposed is None:
        return None
    lang = tr.lang
    if view.proposed_holder is not None:
        return tr("table-proposed-taken", card=card_label(proposed, lang))
    if view.seven_exchanger is not None and view.trump is not None:
        seven = Card(view.trump, Rank.SEVEN)
        return tr(
            "table-seven-exchanged",
            name=names[view.seven_exchanger],
            taken=card_label(proposed, lang),
            seven=card_label(seven, lang),
        )
    # The engine says where it lies: with 4 players in the dealer's hand until played.
    if any(card == proposed for _, card in view.known_cards):
        return tr("table-proposed-dealer", card=card_label(proposed, lang))
    return proposed_line(view, tr)


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
    solo = view.rules.solo(view.players)
    sides = side_names(names, tr.lang, solo)
    taken = [0] * len(sides)
    for seat, count in enumerate(view.tricks_won):
        taken[view.side_of(seat)] += count
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
        refused_line(view, tr),
        freza_line(view, tr),
    ]
    if view.trump is not None and view.bidder is not None:
        head.append(tr("table-trump", suit=suit_label(view.trump, lang), bidder=names[view.bidder]))
        head.append(visyak_line(view, names, tr))
    elif view.phase is Phase.BIDDING:
        head.append(bids_line(view, names, lang))
        if view.bid_round == 2 and not view.refused:
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

    sides = side_names(names, lang, view.rules.solo(view.players))
    target = None if view.rules.one_hand else view.rules.target
    score: list[str | None] = [score_line(view.scores, sides, lang, target=target)]
    if view.hanging:
        score.append(tr("table-hanging", points=tr.plain("points", n=view.hanging)))
    score.extend(format_lines(view.rules, view.stake, tr))
    score.extend(match_lines(view.game_number, view.final_hands_left, view.match_games, sides, tr))
    blocks.append(score)

    return "\n\n".join("\n".join(line for line in block if line) for block in blocks if any(block))
