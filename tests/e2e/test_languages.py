"""Which language the bot answers in (issue 8): the presser's for a lobby that is gone,
DEFAULT_LANGUAGE for everyone the bot knows nothing about, and never a developer's .env."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.callbacks import LobbyAction, LobbyCb
from tests.e2e.conftest import Launch
from tests.e2e.harness import Lobby
from tests.fakeapi import FakeTelegram, FakeUser

STALE_EN = "This button is out of date."
STALE_RU = "Эта кнопка устарела."


async def alert_text(fake: FakeTelegram, query: str) -> str | None:
    answer = await fake.wait_answer(query)
    assert answer.get("show_alert"), answer
    text = answer.get("text")
    return text if isinstance(text, str) else None


async def press_nonsense(fake: FakeTelegram, user: FakeUser) -> str | None:
    return await alert_text(fake, user.press_raw(user, 1, "nonsense"))


async def test_a_lobby_that_is_gone_is_refused_in_the_pressers_language(
    fake: FakeTelegram, launch: Launch
) -> None:
    anna = fake.add_user("Anna")
    emma = fake.add_user("Emma", language_code="en")
    group = fake.add_group("Стол", members=[emma], admins=[anna])
    await launch()
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    assert lobby.game_id is not None
    gone = LobbyCb(game_id=lobby.game_id + 100, action=LobbyAction.JOIN).pack()
    assert await alert_text(fake, emma.press_raw(group, lobby.message.message_id, gone)) == STALE_EN


async def test_default_language_is_the_settings_one(fake: FakeTelegram, launch: Launch) -> None:
    """DEFAULT_LANGUAGE=en: a new group, and a person whose language the bot lacks, get
    English (Russian was hard-coded as the fallback)."""
    anna = fake.add_user("Anna", language_code="en")
    dieter = fake.add_user("Dieter", language_code="de")
    group = fake.add_group("Table", members=[dieter], admins=[anna])
    await launch(default_language="en")

    anna.send(group, "/help")
    await fake.wait_message(group, lambda m: "Debertz (klabor) on Telegram" in (m.text or ""))
    dieter.send_private("/start")
    await fake.wait_message(dieter, lambda m: (m.text or "").startswith("👋 Hi, Dieter!"))
    assert await press_nonsense(fake, dieter) == STALE_EN


async def test_a_developers_dotenv_does_not_change_the_bot_under_test(
    fake: FakeTelegram, launch: Launch, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """.env.example documents DEFAULT_LANGUAGE=en; with that in the directory the tests
    run from, the bot under test still speaks the documented default, Russian."""
    (tmp_path / ".env").write_text("DEFAULT_LANGUAGE=en\nTURN_TIMEOUT=5\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DEFAULT_LANGUAGE", "en")  # exported in the developer's shell too
    anna, dieter = fake.add_user("Anna"), fake.add_user("Dieter", language_code="de")
    group = fake.add_group("Table", members=[dieter], admins=[anna])
    running = await launch()
    assert running.app is not None
    assert running.app.context.settings.default_language == "ru"

    anna.send(group, "/help")
    await fake.wait_message(group, lambda m: "Деберц (клабор) в Telegram" in (m.text or ""))
    assert await press_nonsense(fake, dieter) == STALE_RU
