"""Numbers from people and buttons: ASCII digits in range, nothing else, never an
exception (issue 8: «²» raised ValueError, ids past 2**63 OverflowError, «٣» was 3)."""

from __future__ import annotations

import contextlib

import pytest
from aiogram.filters.callback_data import CallbackData
from hypothesis import given
from hypothesis import strategies as st

from bot.callbacks import CancelCb, LobbyAction, LobbyCb, MoveCb, SettingsCb
from bot.logs import game_of_callback
from bot.parsing import BIGINT_MAX, BIGINT_MIN, parse_id, parse_int
from bot.services.links import join_payload, parse_join_payload
from engine import ActionParseError, Pass

ODD_NUMBERS = [
    "²",  # a superscript: isdigit() is true, int() raises
    "٣",  # Arabic-Indic three: int() gives 3
    "３",  # fullwidth three
    "1²",
    " 5",
    "5 ",
    "5\n",
    "+5",
    "5_0",
    "5.0",
    "1e3",
    "0x10",
    "",
    "-",
    "--5",
    str(2**63),
    str(2**70),
    "9" * 5000,  # past int()'s digit limit
]


@pytest.mark.parametrize("text", ODD_NUMBERS)
def test_odd_numbers_are_refused(text: str) -> None:
    assert parse_int(text) is None
    assert parse_id(text) is None


def test_the_range_of_a_bigint() -> None:
    assert parse_int(str(BIGINT_MAX)) == BIGINT_MAX
    assert parse_int(str(BIGINT_MIN)) == BIGINT_MIN
    assert parse_int(str(BIGINT_MIN - 1)) is None
    assert parse_int("-1001234567890") == -1001234567890  # a supergroup's chat id
    assert parse_int("5", low=6) is None
    assert parse_int("7", high=6) is None
    assert parse_id("0") is None
    assert parse_id("-3") is None
    assert parse_id("0042") == 42


@given(st.text())
def test_any_text_is_a_number_or_none(text: str) -> None:
    value = parse_int(text)
    if value is not None:
        assert text.lstrip("-").isascii()
        assert text.lstrip("-").isdigit()
        assert BIGINT_MIN <= value <= BIGINT_MAX
        assert value == int(text)


@given(st.integers(min_value=BIGINT_MIN, max_value=BIGINT_MAX))
def test_every_bigint_reads_back(value: int) -> None:
    assert parse_int(str(value)) == value


@pytest.mark.parametrize("text", ODD_NUMBERS)
def test_join_payloads_with_odd_ids_are_not_joins(text: str) -> None:
    assert parse_join_payload(f"join-{text}") is None
    assert game_of_callback(f"lb:{text}:j:") is None


def test_join_payload_round_trip() -> None:
    assert parse_join_payload(join_payload(17)) == 17
    assert parse_join_payload("join-0") is None
    assert parse_join_payload("17") is None


@pytest.mark.parametrize("text", ODD_NUMBERS)
def test_buttons_with_odd_numbers_are_not_buttons(text: str) -> None:
    for data in (f"lb:{text}:j:", f"mv:{text}:0:pass", f"mv:1:{text}:pass", f"cn:{text}:1"):
        prefix = data.partition(":")[0]
        factories: dict[str, type[CallbackData]] = {"lb": LobbyCb, "mv": MoveCb, "cn": CancelCb}
        factory = factories[prefix]
        with pytest.raises((TypeError, ValueError)):
            factory.unpack(data)


def test_buttons_round_trip_and_refuse_lenient_forms() -> None:
    lobby = LobbyCb(game_id=BIGINT_MAX, action=LobbyAction.JOIN)
    assert LobbyCb.unpack(lobby.pack()) == lobby
    cancel = CancelCb(game_id=3, confirm=True)
    assert CancelCb.unpack(cancel.pack()) == cancel
    for flag in ("true", "yes", "on", "2", ""):
        with pytest.raises(ValueError):  # noqa: PT011 - pydantic's ValidationError
            CancelCb.unpack(f"cn:3:{flag}")
    move = MoveCb.of(3, 0, Pass())
    assert MoveCb.unpack(move.pack()).action() == Pass()
    # The engine reads " pass" and "PASS" leniently; no button carries them.
    for code in (" pass", "PASS", "pass "):
        with pytest.raises(ActionParseError):
            MoveCb(game_id=3, move=0, code=code).action()


@given(st.text(max_size=80))
def test_unpacking_any_data_raises_only_what_the_filter_catches(data: str) -> None:
    """aiogram's CallbackData filter treats TypeError/ValueError as "not this button";
    anything else would escape into the error handler."""
    for factory in (LobbyCb, MoveCb, CancelCb, SettingsCb):
        try:
            unpacked = factory.unpack(data)
        except (TypeError, ValueError):
            continue
        if isinstance(unpacked, MoveCb):
            with contextlib.suppress(ActionParseError):
                unpacked.action()
