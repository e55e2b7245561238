"""The bot's place in chats changes under a game: a player blocks the bot, the group
becomes a supergroup, the bot is removed from the group."""

from __future__ import annotations

import random

from bot.callbacks import SettingsScope
from bot.db import GameStatus
from tests.e2e.checks import check_finished_game
from tests.e2e.conftest import Launch
from tests.e2e.harness import (
    Driver,
    Lobby,
    Oracle,
    action_count,
    choose_setting,
    decision_of,
    game_over_message,
    game_status,
    hand_message,
    set_turn_timeout,
    start_game,
    url_buttons,
)
from tests.fakeapi import FakeTelegram


async def test_a_player_who_blocks_the_bot_is_asked_back_in_the_group(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    await launch()
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.join(boris)
    # A short turn time: while Boris cannot see his cards, the bot plays for him.
    await set_turn_timeout(db_url, group.id, 2)
    await lobby.start(anna)
    gid = lobby.game_id
    assert gid is not None
    driver = Driver(fake, [anna, boris], rng=random.Random(31), game_id=gid)
    await driver.step()
    # Boris blocks the bot while Anna is to move; her move redraws his hand: 403.
    while (decision := decision_of(anna, gid)) is None or decision.move <= driver.last_move:
        await driver.step()
    boris.block_bot()
    await driver.press(decision)
    notice = await fake.wait_message(
        group, lambda m: bool(url_buttons(m)) and "Boris" in (m.text or ""), timeout=10
    )
    assert (notice.text or "").startswith("⚠️ Boris, не могу написать вам в личку")
    [url] = url_buttons(notice)
    assert url == f"https://t.me/{fake.bot_username}?start=join-{gid}"
    # Told once, not at every move.
    alone = Driver(fake, [anna], rng=random.Random(32), game_id=gid, last_move=driver.last_move)
    for _ in range(2):
        await alone.step()
    driver.last_move = alone.last_move
    await fake.wait_idle(quiet=0.1)
    blocked = [c for c in fake.calls() if c.chat_id == boris.id and c.error is not None]
    assert len(blocked) >= 2
    assert all(c.error is not None and c.error.error_code == 403 for c in blocked)
    notices = [m for m in group.messages() if (m.text or "").startswith("⚠️ Boris")]
    assert len(notices) == 1

    # Back through the link: his hand comes again, at the bottom of the chat, and he
    # is told nothing confusing about joining a game that has started.
    seen = boris.last_private_message().message_id
    boris.follow_link(url)
    await fake.wait_for(lambda: (h := hand_message(boris, gid)) and h.message_id > seen, 10)
    await fake.wait_idle(quiet=0.1)
    new = [m for m in boris.private_messages() if m.message_id > seen]
    assert [m is hand_message(boris, gid) for m in new] == [True], [m.text for m in new]
    await driver.play_until(lambda: game_over_message(group) or driver.presses > 12, timeout=30)
    assert (await action_count(db_url, gid)) >= 12


async def test_group_becomes_supergroup_in_the_lobby_and_in_the_game(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    await launch()
    await choose_setting(fake, group, anna, SettingsScope.TARGET, "301")
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.wait_seated("Anna")
    gid = lobby.game_id
    assert gid is not None

    # Mid-lobby: the lobby shows up again in the supergroup, and Boris joins there.
    await fake.wait_idle(quiet=0.05)
    calls_before = len(fake.calls())
    supergroup = group.migrate_to_supergroup(by=anna)
    message = await fake.wait_message(
        supergroup, lambda m: any(d.startswith("lb:") for d in m.callback_data())
    )
    moved = Lobby(fake, supergroup)
    moved.game_id, moved.message_id = gid, message.message_id
    assert moved.seats() == ["Anna"]
    # /newgame points to it with a link (supergroup messages have links).
    boris.send(supergroup, "/newgame")
    pointer = await fake.wait_message(supergroup, lambda m: "уже собираются" in (m.text or ""))
    link = f"https://t.me/c/{-supergroup.id - 10**12}/{message.message_id}"
    assert [e.get("url") for e in pointer.entities if e.get("type") == "text_link"] == [link]
    await moved.join(boris)
    await moved.start(anna)

    driver = Driver(fake, [anna, boris], rng=random.Random(32), game_id=gid)
    await driver.play_until(lambda: game_over_message(supergroup), timeout=90)
    await fake.wait_idle(quiet=0.1)
    oracle = await Oracle.load(db_url, gid)
    assert oracle.chat_id == supergroup.id
    check_finished_game(supergroup, oracle, ["Anna", "Boris"])
    assert [c for c in fake.calls()[calls_before:] if c.chat_id == group.id and c.ok] == []


async def test_group_becomes_supergroup_during_the_game(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    await launch()
    await choose_setting(fake, group, anna, SettingsScope.TARGET, "301")
    lobby = await start_game(fake, group, anna, [boris])
    gid = lobby.game_id
    assert gid is not None
    driver = Driver(fake, [anna, boris], rng=random.Random(33), game_id=gid)
    for _ in range(8):
        await driver.step()
    await fake.wait_idle(quiet=0.05)
    calls_before = len(fake.calls())

    supergroup = group.migrate_to_supergroup(by=boris)
    # The table shows up in the supergroup at once, before anyone moves.
    await fake.wait_message(supergroup, lambda m: (m.text or "").startswith("🃏 Раздача"))
    await driver.play_until(lambda: game_over_message(supergroup), timeout=90)
    await fake.wait_idle(quiet=0.1)
    oracle = await Oracle.load(db_url, gid)
    assert oracle.chat_id == supergroup.id
    assert oracle.status is GameStatus.FINISHED
    check_finished_game(supergroup, oracle, ["Anna", "Boris"])
    # The table is shown in the supergroup; the old chat got nothing more.
    assert any((m.text or "").startswith("🃏 Раздача") for m in supergroup.messages())
    late = [c for c in fake.calls()[calls_before:] if c.chat_id == group.id and c.ok]
    assert late == []
    # A new game opens in the supergroup.
    lobby = Lobby(fake, supergroup)
    await lobby.open(boris)
    assert lobby.game_id != gid


async def test_bot_removed_from_the_group_ends_the_game(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna = fake.add_user("Anna")
    group = fake.add_group("Table", members=[anna], admins=[anna])
    await launch(computer_pause=0.05)
    lobby = await start_game(fake, group, anna, computers=["easy", "easy"])
    gid = lobby.game_id
    assert gid is not None
    driver = Driver(fake, [anna], rng=random.Random(34), game_id=gid)
    for _ in range(3):
        await driver.step()
    decision = await fake.wait_for(lambda: decision_of(anna, gid))
    group.remove_bot(by=anna)
    await fake.wait_for(lambda: not fake.pending_updates())
    await fake.wait_idle(quiet=0.3)
    assert await game_status(db_url, gid) is GameStatus.CANCELLED
    calls = len(fake.calls())
    moves = await action_count(db_url, gid)

    # Anna's old hand: the game is over; nothing more happens in the group.
    query = anna.press(decision.message, callback_data=decision.options[0][1])
    answer = await fake.wait_answer(query)
    assert answer.get("show_alert")
    assert answer.get("text") == "Партия уже окончена."
    await fake.wait_idle(quiet=0.5)
    assert [c for c in fake.calls()[calls:] if c.chat_id == group.id] == []
    assert await action_count(db_url, gid) == moves
