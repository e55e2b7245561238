"""A whole game in a group, through the real bot and the fake Bot API."""

from __future__ import annotations

import random
from pathlib import Path

from tests.e2e.harness import RunningBot, drive_until, sqlite_url
from tests.fakeapi import FakeTelegram


async def test_two_players_finish_a_game(tmp_path: Path) -> None:
    async with FakeTelegram() as fake:
        anna = fake.add_user("Anna", language_code="ru")
        boris = fake.add_user("Boris", language_code="en")
        group = fake.add_group("Table", members=[anna, boris], admins=[anna])
        running = RunningBot(fake, sqlite_url(tmp_path))
        await running.start()
        try:
            anna.send(group, "/newgame")
            lobby = await fake.wait_message(group, lambda m: bool(m.callback_data()))
            query = boris.press(lobby, callback_data=lobby.callback_data()[0])
            await fake.wait_answer(query)
            await fake.wait_idle(quiet=0.1)
            lobby = fake.message(group, lobby.message_id)
            print(lobby.text, lobby.button_texts())
            start = [d for d in lobby.callback_data() if d.endswith(":s:")]
            query = anna.press(lobby, callback_data=start[0])
            answer = await fake.wait_answer(query)
            print(answer)
            await fake.wait_idle(quiet=0.2)
            print([m.text for m in group.messages()][-2:])

            def over() -> bool:
                return any("🏆" in (m.text or "") or "Партия окончена" in (m.text or "") for m in group.messages())

            presses = await drive_until(fake, [anna, boris], over, rng=random.Random(1), timeout=60)
            print("presses", presses)
        finally:
            await running.stop()
