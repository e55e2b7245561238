"""Restarts lose nothing: a bot stopped like SIGTERM in the middle of a hand and started
again on the same database finishes the game — a computer player's pending turn, a
running turn clock and a hand result that was not yet delivered included, each result
delivered exactly once."""

from __future__ import annotations

import asyncio
import random

from bot.callbacks import SettingsScope
from engine import Phase
from tests.e2e.checks import check_finished_game
from tests.e2e.conftest import Launch
from tests.e2e.harness import (
    Driver,
    FakeClock,
    Lobby,
    Oracle,
    action_count,
    choose_setting,
    decision_of,
    game_over_message,
    hand_results,
    load_state,
    moves_on,
    start_game,
    version_moves,
)
from tests.fakeapi import FakeTelegram, FakeUser

COMPUTER = "🤖 Компьютер (лёгкий)"


def hand_messages(user: FakeUser, game_id: int) -> list[int]:
    """Ids of the user's private messages that ever carried this game's buttons."""
    return [
        message.message_id
        for message in user.private_messages()
        if any(
            (decision := version_moves(version)[0]) is not None and decision.game_id == game_id
            for version in message.versions()
        )
    ]


async def test_restart_mid_hand_with_a_computer_to_move(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    # A long computer pause on a fake clock: the bot is stopped while the computer
    # "thinks", and it thinks until the test moves the clock on.
    clock = FakeClock()
    first = await launch(computer_pause=1.5, clock=clock)
    await choose_setting(fake, group, anna, SettingsScope.TARGET, "301")
    lobby = await start_game(fake, group, anna, [boris], computers=["easy"])
    gid = lobby.game_id
    assert gid is not None
    driver = Driver(fake, [anna, boris], rng=random.Random(21), game_id=gid)

    # Play into the hand until a person's move hands the turn to the computer.
    computer_seat = 2
    while True:
        await fake.wait_idle(quiet=0.05)
        game = await load_state(db_url, gid)
        if game.to_act != computer_seat:
            await driver.step()
            continue
        if game.phase is Phase.PLAY and game.trick:
            break
        moves = await action_count(db_url, gid)
        clock.advance(1.5)
        # The move is seen in the database: nothing on the API side says it was made.
        while await action_count(db_url, gid) == moves:  # noqa: ASYNC110
            await asyncio.sleep(0.02)
    moves = await action_count(db_url, gid)
    took = await first.stop()
    assert took < 5
    assert await action_count(db_url, gid) == moves, "the computer had not moved yet"

    await launch(computer_pause=0.0)
    # The computer's turn was a stored deadline: it plays without anyone pressing.
    await driver.next_decision(lambda: False)
    assert await action_count(db_url, gid) > moves
    await driver.play_until(lambda: game_over_message(group), timeout=90)
    await fake.wait_idle(quiet=0.1)

    oracle = await Oracle.load(db_url, gid)
    check_finished_game(group, oracle, ["Anna", "Boris", COMPUTER])
    # Hands were edited in place across the restart: one message per player.
    assert len(hand_messages(anna, gid)) == 1
    assert len(hand_messages(boris, gid)) == 1


async def test_turn_clock_runs_on_across_a_restart(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    clock = FakeClock()
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    first = await launch(clock=clock, turn_timeout=60)
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.join(boris)
    await lobby.start(anna)
    gid = lobby.game_id
    assert gid is not None
    decision = await fake.wait_for(lambda: decision_of(anna, gid) or decision_of(boris, gid))
    await first.stop()
    # The whole turn time passes while the bot is down.
    clock.advance(61)
    assert not any((m.text or "").startswith("⏰") for m in group.messages())
    await launch(clock=clock, turn_timeout=60)
    reminder = await fake.wait_message(group, lambda m: (m.text or "").startswith("⏰"))
    assert reminder.text == f"⏰ {decision.user.first_name}, ваш ход! Осталось 30 с."
    await fake.wait_idle(quiet=0.2)
    assert await action_count(db_url, gid) == 0
    clock.advance(30)
    played = await fake.wait_message(group, lambda m: "не успевает" in (m.text or ""), timeout=5)
    assert played.text == f"⏰ {decision.user.first_name} не успевает — бот ходит за игрока: пас"
    assert await action_count(db_url, gid) == 1


async def test_hand_result_pending_at_shutdown_is_sent_once_after_restart(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    """The group answers the hand result with 429 (retry in 30 s) and the bot is stopped
    meanwhile: the stop does not wait those 30 s (only its drain limit, 1 s here), and
    the next bot sends it, once."""
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    first = await launch(shutdown_drain=1.0)
    lobby = await start_game(fake, group, anna, [boris])
    gid = lobby.game_id
    assert gid is not None
    driver = Driver(fake, [anna, boris], rng=random.Random(22), game_id=gid)
    while True:
        await driver.next_decision(lambda: False)
        decision = driver.decisions()[0]
        game = await load_state(db_url, gid)
        last_card = (
            game.phase is Phase.PLAY
            and len(game.hand(game.to_act or 0)) == 1
            and len(game.trick) == game.players - 1
        )
        if last_card:
            break
        await driver.press(decision)
    hand = game.hand_number
    fake.inject_error("sendMessage", chat=group, error_code=429, retry_after=30)
    await driver.press(decision)
    await fake.wait_for(
        lambda: any(c.chat_id == group.id and not c.ok for c in fake.calls("sendMessage"))
    )
    took = await first.stop()
    assert took < 4, f"the shutdown waited {took:.1f} s for Telegram's flood wait"
    assert not hand_results(group)

    await launch()
    await fake.wait_for(lambda: hand_results(group), 10)
    await fake.wait_idle(quiet=0.3)
    results = hand_results(group)
    assert len(results) == 1
    assert f"раздачи {hand}" in (results[0].text or "")
    # The game goes on: someone has a decision in the next hand.
    nxt = await fake.wait_for(lambda: decision_of(anna, gid) or decision_of(boris, gid))
    assert nxt.move > decision.move
    assert moves_on(nxt.message)


async def test_a_restart_redraws_nothing_that_is_already_shown(
    fake: FakeTelegram, launch: Launch
) -> None:
    """The slots' delivered states are stored: a restarted bot edits only what changed
    while it was down (nothing here), instead of redrawing every table and hand."""
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    first = await launch()
    lobby = await start_game(fake, group, anna, [boris])
    driver = Driver(fake, [anna, boris], rng=random.Random(4), game_id=lobby.game_id)
    for _ in range(5):
        await driver.step()
    await fake.wait_idle(quiet=0.3)
    await first.stop()
    before = len(fake.calls())
    await launch()
    await fake.wait_idle(quiet=0.5)
    after = [c.method for c in fake.calls()[before:]]
    assert "editMessageText" not in after
    assert "sendMessage" not in after
    # And the game goes on where it stood.
    await driver.step()
