"""RULES.md §4: the trump seven may be exchanged for the face-up card (2-3 players, trump
from round 1), after the extra cards and before the first lead."""

from __future__ import annotations

import pytest

from engine import (
    Action,
    ExchangeSeven,
    Game,
    HandScored,
    IllegalActionError,
    KeepSeven,
    MeldAnnouncement,
    MeldKind,
    MeldsAnnounced,
    Pass,
    Phase,
    PlayCard,
    Rank,
    Reason,
    Rules,
    SevenExchanged,
    SevenKept,
)

from .decks import C, deal, events_of, hand_codes, play, play_out

# Two players, dealer 1: seat 0 speaks first and leads. Trump hearts from round 1 (AH).
SEAT0 = "AS 10S KS AC 10C AD 10D KD 8S"
SEAT1 = "7H 9H 10H QS JS 7C 8C 9C 7D"


def _two(
    seat0: str = SEAT0, seat1: str = SEAT1, proposed: str = "AH", rules: Rules | None = None
) -> Game:
    return deal(2, 1, [seat0, seat1], proposed, rules)


def _refused(game: Game, action: Action, reason: Reason, seat: int | None = None) -> None:
    before = game.to_json()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action, seat=seat)
    assert info.value.reason is reason
    assert game.to_json() == before


def test_the_seven_holder_decides_before_the_first_lead() -> None:
    game = _two()
    play(game, "play")
    assert game.phase is Phase.EXCHANGE
    assert game.to_act == 1, "the holder of 7H decides, not the leader"
    assert [a.code for a in game.legal_actions()] == ["swap", "keep"]
    _refused(game, PlayCard(C("AS")), Reason.NOT_YOUR_TURN, seat=0)
    _refused(game, PlayCard(C("9H")), Reason.WRONG_PHASE)
    _refused(game, Pass(), Reason.WRONG_PHASE)
    _refused(game, ExchangeSeven(), Reason.NOT_YOUR_TURN, seat=0)


def test_exchange_takes_the_face_up_card() -> None:
    game = _two()
    play(game, "play")
    events = game.apply(ExchangeSeven(), seat=1)
    assert events_of(events, SevenExchanged) == [SevenExchanged(1, C("7H"), C("AH"))]
    assert hand_codes(game, 1) == set(SEAT1.split()) - {"7H"} | {"AH"}
    assert hand_codes(game, 0) == set(SEAT0.split())
    assert game.phase is Phase.PLAY
    assert game.to_act == 0, "then the player left of the dealer leads"
    assert game.proposed == C("AH")
    view = game.view(0)
    assert view.seven_exchanger == 1
    assert (1, C("AH")) in view.known_cards


def test_keep_leaves_the_hand_as_it_is() -> None:
    game = _two()
    play(game, "play")
    events = play(game, "keep")
    assert events_of(events, SevenKept) == [SevenKept(1)]
    assert not events_of(events, SevenExchanged)
    assert hand_codes(game, 1) == set(SEAT1.split())
    assert game.phase is Phase.PLAY
    assert game.to_act == 0
    assert game.view(0).seven_exchanger is None


def test_the_bidder_may_hold_the_seven_too() -> None:
    game = _two(seat0="7H " + SEAT0.split(maxsplit=1)[1], seat1="AS " + SEAT1.split(maxsplit=1)[1])
    play(game, "pass", "play")  # seat 1 takes hearts; seat 0 holds 7H
    assert game.phase is Phase.EXCHANGE
    assert game.to_act == 0


def test_a_seven_that_came_with_the_extra_cards_counts() -> None:
    # 7H is seat 1's 7th card: one of the 3 extra cards dealt after bidding.
    seat1 = "9H 10H QS JS 7C 8C 7H 9C 7D"
    game = _two(seat1=seat1)
    assert "7H" not in hand_codes(game, 1)
    play(game, "play")
    assert game.phase is Phase.EXCHANGE
    assert game.to_act == 1


def test_no_exchange_when_the_seven_is_out_of_play() -> None:
    seat1 = "8H 9H 10H QS JS 7C 8C 9C 7D"  # 7H stays in the unused stock
    game = _two(seat1=seat1)
    play(game, "play")
    assert game.phase is Phase.PLAY
    assert game.to_act == 0
    _refused(game, ExchangeSeven(), Reason.NO_SEVEN_TO_EXCHANGE)
    _refused(game, KeepSeven(), Reason.WRONG_PHASE)


def test_no_exchange_when_trump_was_named_in_round_two() -> None:
    # The face-up card is a diamond; hearts named in round 2; 7H in seat 1's hand.
    game = _two(proposed="QD")
    play(game, "pass", "pass", "suit:H")
    assert game.trump is not None
    assert game.trump.letter == "H"
    assert game.phase is Phase.PLAY
    assert game.to_act == 0
    _refused(game, ExchangeSeven(), Reason.NO_SEVEN_TO_EXCHANGE)


def test_no_exchange_when_the_option_is_off() -> None:
    game = _two(rules=Rules(seven_exchange=False))
    play(game, "play")
    assert game.phase is Phase.PLAY
    assert hand_codes(game, 1) == set(SEAT1.split())


def test_three_players_the_holder_anywhere_at_the_table_decides() -> None:
    game = deal(
        3,
        0,
        ["AS 10S KS AC 10C AD 10D KD 8S", "QS JS 7C 8C 9C 7D 8D 9D JD", "7H 9H 10H"],
        "AH",
    )
    play(game, "pass", "play")  # seat 1 is left of dealer 0, seat 2 takes hearts
    assert game.phase is Phase.EXCHANGE
    assert game.to_act == 2
    play(game, "swap")
    assert "AH" in hand_codes(game, 2)
    assert game.to_act == 1


def test_four_players_never_exchange() -> None:
    game = deal(4, 3, ["7H", "", "", "AH"], "AH")
    assert "7H" in hand_codes(game, 0)
    play(game, "play")
    assert game.phase is Phase.PLAY
    _refused(game, ExchangeSeven(), Reason.NO_SEVEN_TO_EXCHANGE)


def test_exchange_refused_during_bidding() -> None:
    game = _two()
    _refused(game, ExchangeSeven(), Reason.NO_SEVEN_TO_EXCHANGE)


def _first_card_announcements(game: Game, seat: int) -> list[MeldsAnnounced]:
    """Play the first legal card of each seat until ``seat`` has played; its MeldsAnnounced."""
    found: list[MeldsAnnounced] = []
    while True:
        acting = game.to_act
        events = game.apply(game.legal_actions()[0])
        found += [e for e in events_of(events, MeldsAnnounced) if e.seat == seat]
        if acting == seat:
            return found


def test_melds_are_found_after_the_exchange() -> None:
    # 7H 9H 10H + face-up 8H: the exchange makes the terz 8-9-10 of hearts.
    seat1 = "7H 9H 10H QS KD 7C 9C JC 7D"
    seat0 = "AS 10S KS AC 10C AD 10D 8S JH"
    swapped = _two(seat0=seat0, seat1=seat1, proposed="8H")
    play(swapped, "play", "swap")
    terz = MeldsAnnounced(1, (MeldAnnouncement(MeldKind.TERZ, Rank.TEN),))
    assert _first_card_announcements(swapped, 1) == [terz]
    kept = _two(seat0=seat0, seat1=seat1, proposed="8H")
    play(kept, "play", "keep")
    assert _first_card_announcements(kept, 1) == []


def test_the_exchange_can_break_a_meld() -> None:
    seat1 = "7H 8H 9H QS KD 7C 9C JC 7D"
    seat0 = "AS 10S KS AC 10C AD 10D 8S JH"
    swapped = _two(seat0=seat0, seat1=seat1, proposed="AH")
    play(swapped, "play", "swap")
    assert _first_card_announcements(swapped, 1) == []
    kept = _two(seat0=seat0, seat1=seat1, proposed="AH")
    play(kept, "play", "keep")
    terz = MeldsAnnounced(1, (MeldAnnouncement(MeldKind.TERZ, Rank.NINE),))
    assert _first_card_announcements(kept, 1) == [terz]


def test_bella_made_by_the_exchange_counts() -> None:
    # The face-up KH joins seat 1's QH.
    seat1 = "7H QH 9S QS KD 7C 9C JC 7D"
    seat0 = "AS 10S KS AC 10C AD 10D 8S JH"
    for decision, bella in (("swap", 20), ("keep", 0)):
        game = _two(seat0=seat0, seat1=seat1, proposed="KH")
        play(game, "play", decision)
        result = events_of(play_out(game), HandScored)[0].result
        assert result.sides[1].bella == bella, decision
        assert result.sides[0].bella == 0
