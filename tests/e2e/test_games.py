"""Whole games through the real bot and the fake Bot API: 2, 3 and 4 players, people and
computer players, in a group and alone in the private chat."""

from __future__ import annotations

import functools
import random

from bot.callbacks import SettingsScope
from tests.e2e.checks import check_finished_game, check_privacy, score_sheet, sheet_rows
from tests.e2e.conftest import Launch
from tests.e2e.harness import (
    Driver,
    Lobby,
    Oracle,
    choose_setting,
    game_over_message,
    greedy_passer,
    hand_results,
    losing_bidder,
    version_moves,
)
from tests.fakeapi import FakeTelegram


async def test_two_players_play_to_301_and_the_bidder_sits(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    """Anna bids on suits she hardly holds and throws her weakest cards; Boris passes
    and plays his strongest: she sits (bait) and the results, the sheet and the game's
    end show it. They play again until a bait happened (one game in 20 has none). Boris
    reads his private messages in English."""
    anna = fake.add_user("Anna")
    boris = fake.add_user("Boris", language_code="en")
    await launch()
    baits: list[int] = []
    games = 0
    while not baits:
        assert games < 3, "three games without a single bait"
        games += 1
        # A group per game: the fake's flood control counts 20 messages a minute.
        group = fake.add_group(f"Table {games}", members=[anna, boris], admins=[anna])
        answer = await choose_setting(fake, group, anna, SettingsScope.TARGET, "301")
        assert not answer.get("show_alert"), answer
        lobby = Lobby(fake, group)
        await lobby.open(anna)
        await lobby.wait_seated("Anna")
        assert "до 301" in (lobby.message.text or "")
        await lobby.join(boris)
        assert lobby.seats() == ["Anna", "Boris"]
        await lobby.start(anna)

        driver = Driver(
            fake,
            [anna, boris],
            policies={anna.id: losing_bidder, boris.id: greedy_passer},
            game_id=lobby.game_id,
        )
        await driver.play_until(functools.partial(game_over_message, group), timeout=90)
        await fake.wait_idle(quiet=0.1)

        assert lobby.game_id is not None
        oracle = await Oracle.load(db_url, lobby.game_id)
        assert max(oracle.game.scores) >= 301
        assert driver.presses == len(oracle.steps) - 1, "every press was one move"
        check_finished_game(group, oracle, ["Anna", "Boris"])
        check_privacy(fake, oracle, [anna, boris], group.messages())
        sheet = await score_sheet(fake, group, boris)
        assert len(sheet_rows(sheet)) == len(oracle.sheet)
        baits = oracle.baits()
        assert ("Б" in sheet) == bool(baits)  # the bait mark, and its legend
    # The finished game's buttons: an old decision is refused.
    user, decision, data, _ = driver.pressed[-1]
    query = user.press_raw(user, decision.message.message_id, data)
    answer = await fake.wait_answer(query)
    assert answer.get("show_alert")
    over = {"Anna": "Партия уже окончена.", "Boris": "The game is already over."}
    assert answer.get("text") == over[user.first_name]  # in the presser's language
    # Boris reads English in private: his hand messages are in his language.
    assert any("Your cards" in (m.text or "") for m in boris.private_messages())


async def test_three_players_with_an_easy_computer(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Three", members=[anna, boris], admins=[anna])
    await launch()
    await choose_setting(fake, group, anna, SettingsScope.TARGET, "301")
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.join(boris)
    await lobby.add_computer(boris, "easy")
    assert lobby.seats() == ["Anna", "Boris", "🤖 Компьютер (лёгкий)"]
    await lobby.start(anna)

    driver = Driver(fake, [anna, boris], rng=random.Random(3), game_id=lobby.game_id)
    await driver.play_until(lambda: game_over_message(group), timeout=90)
    await fake.wait_idle(quiet=0.1)

    assert lobby.game_id is not None
    oracle = await Oracle.load(db_url, lobby.game_id)
    assert oracle.game.players == 3
    computer_moves = len(oracle.steps) - 1 - driver.presses
    assert computer_moves > 0
    check_finished_game(group, oracle, ["Anna", "Boris", "🤖 Компьютер (лёгкий)"])
    check_privacy(fake, oracle, [anna, boris], group.messages())
    sheet = await score_sheet(fake, group, anna)
    assert len(sheet_rows(sheet)) == len(oracle.sheet)
    assert ("Б" in sheet) == bool(oracle.baits())


async def test_four_people_play_in_pairs(fake: FakeTelegram, launch: Launch, db_url: str) -> None:
    """Four people: the lobby shows the pairs, partners sit opposite (seats 1-3, 2-4),
    and the pair's score is one."""
    anna, boris, vika, gena = (fake.add_user(n) for n in ("Anna", "Boris", "Vika", "Gena"))
    group = fake.add_group("Four", members=[anna, boris, vika, gena], admins=[anna])
    await launch()
    await choose_setting(fake, group, anna, SettingsScope.TARGET, "301")
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.join(boris, vika, gena)
    assert lobby.seats() == ["Anna", "Boris", "Vika", "Gena"]
    assert "Пары (партнёры сидят напротив): Anna и Vika ⚔ Boris и Gena" in (
        lobby.message.text or ""
    )
    # A full table offers no computer players.
    assert not any(":b:" in d for d in lobby.message.callback_data())
    await lobby.start(anna)
    started = await fake.wait_message(group, lambda m: "Начинаем" in (m.text or ""))
    # The lobby keeps the seats and loses its buttons.
    await fake.wait_for(lambda: not lobby.message.callback_data())
    assert "Партия началась" in (lobby.message.text or "")
    assert lobby.seats() == ["Anna", "Boris", "Vika", "Gena"]
    assert "Anna и Vika ⚔ Boris и Gena" in (started.text or "")

    driver = Driver(fake, [anna, boris, vika, gena], rng=random.Random(4), game_id=lobby.game_id)
    await driver.play_until(lambda: game_over_message(group), timeout=120)
    await fake.wait_idle(quiet=0.1)

    assert lobby.game_id is not None
    oracle = await Oracle.load(db_url, lobby.game_id)
    seat = {u.first_name: oracle.seat_of(u.id) for u in (anna, boris, vika, gena)}
    assert seat == {"Anna": 0, "Boris": 1, "Vika": 2, "Gena": 3}
    assert oracle.game.side_of(seat["Anna"]) == oracle.game.side_of(seat["Vika"])
    assert oracle.game.side_of(seat["Boris"]) == oracle.game.side_of(seat["Gena"])
    check_finished_game(group, oracle, ["Anna и Vika", "Boris и Gena"])
    # The dealer's face-up card is public, the rest of the hands are not.
    check_privacy(fake, oracle, [anna, boris, vika, gena], group.messages())
    sheet = await score_sheet(fake, group, gena)
    assert len(sheet_rows(sheet)) == len(oracle.sheet)


async def test_four_players_two_people_two_computers(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    """Two people and two easy computers: the people partner each other when they sit
    in seats 1 and 3 — here they sit 1 and 2, so each has a computer partner."""
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Mixed", members=[anna, boris], admins=[anna])
    await launch()
    await choose_setting(fake, group, anna, SettingsScope.TARGET, "301")
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.join(boris)
    await lobby.add_computer(anna, "easy")
    await lobby.add_computer(anna, "easy")
    names = ["Anna", "Boris", "🤖 Компьютер (лёгкий) 1", "🤖 Компьютер (лёгкий) 2"]
    assert lobby.seats() == names
    assert f"Anna и {names[2]} ⚔ Boris и {names[3]}" in (lobby.message.text or "")
    await lobby.start(anna)

    driver = Driver(fake, [anna, boris], rng=random.Random(5), game_id=lobby.game_id)
    await driver.play_until(lambda: game_over_message(group), timeout=120)
    await fake.wait_idle(quiet=0.1)

    assert lobby.game_id is not None
    oracle = await Oracle.load(db_url, lobby.game_id)
    check_finished_game(group, oracle, [f"Anna и {names[2]}", f"Boris и {names[3]}"])
    check_privacy(fake, oracle, [anna, boris], group.messages())


async def test_solo_game_in_private_against_easy_and_strong_computers(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    """/newgame in the private chat: the player sits at once, adds two computers, and
    the lobby, the table and the hand are all in that chat. The strong computer thinks
    0.1 s a move instead of 1 s, to keep the suite short (the same player and wiring)."""
    anna = fake.add_user("Anna")
    await launch(search_budget=0.1)
    anna.send_private("/start")
    await fake.wait_message(anna, lambda m: "Привет" in (m.text or ""))
    await choose_setting(fake, anna, anna, SettingsScope.TARGET, "301")

    lobby = Lobby(fake, anna)
    await lobby.open(anna)
    await lobby.wait_seated("Anna")
    await lobby.add_computer(anna, "easy")
    await lobby.add_computer(anna, "strong")
    assert lobby.seats() == ["Anna", "🤖 Компьютер (лёгкий)", "🤖 Компьютер (сильный)"]
    await lobby.start(anna)
    table = await fake.wait_message(anna, lambda m: (m.text or "").startswith("🃏 Раздача 1"))
    assert table.reply_markup is None

    driver = Driver(fake, [anna], rng=random.Random(6), game_id=lobby.game_id)
    await driver.play_until(lambda: game_over_message(anna), timeout=120)
    await fake.wait_idle(quiet=0.1)

    assert lobby.game_id is not None
    oracle = await Oracle.load(db_url, lobby.game_id)
    assert oracle.chat_id == anna.id
    assert [s.bot_kind for s in oracle.seats] == [None, "easy", "strong"]
    check_finished_game(anna, oracle, ["Anna", "🤖 Компьютер (лёгкий)", "🤖 Компьютер (сильный)"])
    assert len(hand_results(anna)) == len(oracle.sheet)
    # The table in the private chat shows no computer's card before it is played.
    table_messages = [
        m for m in anna.private_messages() if all(version_moves(v)[0] is None for v in m.versions())
    ]
    check_privacy(fake, oracle, [anna], table_messages)
    # Only the bot's own calls: nothing went to any group.
    assert all(c.chat_id == anna.id for c in fake.calls("sendMessage"))
    sheet = await score_sheet(fake, anna, anna)
    assert len(sheet_rows(sheet)) == len(oracle.sheet)
