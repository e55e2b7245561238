"""A whole game of four players each for himself (RULES-VARIANTS §24) through the real
bot and the fake Bot API: the lobby, the table, the results and the sheet show four
sides."""

from __future__ import annotations

import random

from bot import db
from engine import FourPlayerMode, Rules
from tests.e2e.checks import check_finished_game, check_privacy, score_sheet, sheet_rows
from tests.e2e.conftest import Launch
from tests.e2e.harness import Driver, Lobby, Oracle, database, game_over_message
from tests.fakeapi import FakeTelegram


async def test_four_players_each_for_himself(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Solo", members=[anna, boris], admins=[anna])
    await launch()
    # /settings does not offer part 2's options yet: the chat's rules are stored directly.
    async with database(db_url) as session:
        await db.get_or_create_chat(session, group.id, language="ru")
        rules = Rules(four_player_mode=FourPlayerMode.SOLO, target=201)
        await db.update_chat_settings(session, group.id, rules=rules)
        await session.commit()
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.join(boris)
    await lobby.add_computer(anna, "easy")
    await lobby.add_computer(boris, "easy")
    names = ["Anna", "Boris", "🤖 Компьютер (лёгкий) 1", "🤖 Компьютер (лёгкий) 2"]
    assert lobby.seats() == names
    text = lobby.message.text or ""
    assert "каждый сам за себя" in text
    assert "Пары" not in text
    await lobby.start(anna)
    started = await fake.wait_message(group, lambda m: "Начинаем" in (m.text or ""))
    assert "⚔" not in (started.text or "")

    driver = Driver(fake, [anna, boris], rng=random.Random(24), game_id=lobby.game_id)
    await driver.play_until(lambda: game_over_message(group), timeout=120)
    await fake.wait_idle(quiet=0.1)

    assert lobby.game_id is not None
    oracle = await Oracle.load(db_url, lobby.game_id)
    assert oracle.game.sides == 4
    assert oracle.game.winner in range(4)
    check_finished_game(group, oracle, names)
    check_privacy(fake, oracle, [anna, boris], group.messages())
    sheet = await score_sheet(fake, group, boris)
    assert len(sheet_rows(sheet)) == len(oracle.sheet)
    assert " и " not in sheet.split("<pre>")[0] + sheet.split("</pre>")[-1]
