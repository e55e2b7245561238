"""Telegram's limits: with the bot's real pacing against the fake's real flood control, a
storm of table updates is coalesced and nothing gets a 429 or is lost; an injected 429 is
waited out and the message still arrives."""

from __future__ import annotations

import random

from bot.outbox import Limits
from tests.e2e.conftest import Launch
from tests.e2e.harness import (
    Driver,
    action_count,
    faster_telegram,
    hand_results,
    start_game,
    trump_of,
)
from tests.fakeapi import Call, FakeTelegram

SENT = ("sendMessage", "editMessageText")


# Telegram's windows shrunk this many times, on both sides: the same counts and shapes,
# checked in a sixth of the time.
FASTER = 6


async def test_a_bot_paces_itself_as_telegram_wants_by_default(
    fake: FakeTelegram, launch: Launch
) -> None:
    running = await launch(limits=None)
    assert running.app is not None
    assert running.app.context.outbox._pacer.limits == Limits()


async def test_pacing_coalesces_a_storm_of_table_updates(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    """One person and three quick computers: every move redraws the group's table. With
    Telegram's pacing (about 1 call a second per chat, 20 a minute per group, edits
    included; here six times faster on the bot's and the fake's side alike) the table is
    edited far less often than moves are made, the fake never answers 429, and the hand
    result arrives."""
    fake.limits, limits = faster_telegram(FASTER)
    window = fake.limits.group_window
    anna = fake.add_user("Anna")
    group = fake.add_group("Table", members=[anna], admins=[anna])
    running = await launch(limits=limits, computer_pause=0.0, shutdown_drain=1.0)
    assert running.app is not None
    lobby = await start_game(fake, group, anna, computers=["easy"] * 3)
    gid = lobby.game_id
    assert gid is not None
    driver = Driver(fake, [anna], rng=random.Random(41), game_id=gid)
    await driver.play_until(lambda: hand_results(group), timeout=60)
    moves = await action_count(db_url, gid)

    group_calls = [c for c in fake.calls() if c.chat_id == group.id and c.method in SENT]
    assert [c for c in group_calls if not c.ok] == [], "no 429 (or any error) in the group"
    assert [c for c in fake.calls() if not c.ok] == []
    # Never more than Telegram allows in a window; about a call per second (scaled) apart.
    for i, call in enumerate(group_calls):
        in_window = [c for c in group_calls[i:] if c.at - call.at < window]
        assert len(in_window) <= 20
    spacing = 1.0 / FASTER
    private = [c for c in fake.calls() if c.chat_id == anna.id and c.method in SENT]
    assert narrowest_three(group_calls) >= spacing
    assert narrowest_three(private) >= spacing
    # The storm was coalesced: far fewer table edits than moves.
    table_edits = [c for c in group_calls if c.method == "editMessageText"]
    assert moves >= 30
    assert len(table_edits) < moves / 3, (len(table_edits), moves)
    metrics = running.app.context.outbox.metrics.events
    assert metrics["coalesced"] > 0
    assert metrics["dropped"] == 0
    assert metrics["failed"] == 0
    [result] = hand_results(group)
    assert "Итоги раздачи 1" in (result.text or "")


def narrowest_three(calls: list[Call]) -> float:
    """The shortest time over which three calls in a row reached the fake.

    The pacer lets a chat's calls leave at least a spacing apart, so three in a row span
    two spacings when they leave. The fake sees them arrive: a call held up in flight lands
    close to the next one (a loaded CI machine held one up by more than half a spacing), so
    a single gap proves little. Three calls arrive within one spacing only if the first of
    them was held up by more than a whole spacing, or if the pacer let them go together."""
    return min(
        (third.at - first.at for first, _, third in zip(calls, calls[1:], calls[2:], strict=False)),
        default=float("inf"),
    )


async def test_injected_429_is_waited_out(fake: FakeTelegram, launch: Launch) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    await launch()

    # A new message.
    fake.inject_error("sendMessage", chat=group, error_code=429, retry_after=1)
    anna.send(group, "/help")
    sent = await fake.wait_message(group, lambda m: "Деберц" in (m.text or ""), timeout=10)
    calls = fake.calls("sendMessage", group)
    assert [c.ok for c in calls] == [False, True]
    assert calls[0].error is not None
    assert calls[0].error.error_code == 429
    assert calls[1].at - calls[0].at >= 1.0
    assert calls[1].params["text"] == calls[0].params["text"]
    assert sent.text is not None

    # An edit of the table: retried, and the table ends up showing the move.
    lobby = await start_game(fake, group, anna, [boris])
    gid = lobby.game_id
    driver = Driver(fake, [anna, boris], rng=random.Random(42), game_id=gid)
    await driver.next_decision(lambda: False)
    await fake.wait_idle(quiet=0.05)
    decision = driver.decisions()[0]
    fake.inject_error("editMessageText", chat=group, error_code=429, retry_after=1)
    await driver.press(decision)

    def refused_edits() -> list[Call] | None:
        edits = fake.calls("editMessageText", group)
        return edits if edits and not edits[-1].ok else None

    edits = await fake.wait_for(refused_edits, 5)
    await fake.wait_for(lambda: fake.calls("editMessageText", group)[-1].ok, 5)
    retried = fake.calls("editMessageText", group)[len(edits) :]
    assert retried
    assert retried[0].at - edits[-1].at >= 1.0
    table = fake.message(group, retried[-1].params["message_id"])
    name = decision.user.first_name
    assert f"{name} —" in (table.text or "") or trump_of(table.text) is not None
