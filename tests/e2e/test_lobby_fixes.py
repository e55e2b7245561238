"""The lobby as a new group sees it: the opener seated in its first version, one
"open the chat" message however often a player presses Join, a closed 3-player lobby
without a fourth seat, and "Let's play!" before the first card."""

from __future__ import annotations

from bot.callbacks import LobbyAction
from tests.e2e.conftest import Launch
from tests.e2e.harness import Lobby, faster_telegram, url_buttons
from tests.fakeapi import FakeTelegram


async def test_the_lobby_shows_its_opener_seated_from_its_first_version(
    fake: FakeTelegram, launch: Launch
) -> None:
    anna = fake.add_user("Anna")
    group = fake.add_group("Table", members=[anna], admins=[anna])
    await launch()
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await fake.wait_idle(quiet=0.1)
    first = lobby.message.versions()[0].text or ""
    assert "Стол собирает Anna" in first
    assert "1. Anna" in first


async def test_pressing_join_again_without_the_private_chat_posts_one_invitation(
    fake: FakeTelegram, launch: Launch
) -> None:
    anna = fake.add_user("Anna")
    vika = fake.add_user("Vika", started=False)
    group = fake.add_group("Table", members=[anna, vika], admins=[anna])
    await launch()
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.wait_seated("Anna")
    answers = []
    for _ in range(4):
        query = vika.press(lobby.message, callback_data=lobby.data(LobbyAction.JOIN))
        answers.append(await fake.wait_answer(query, timeout=10))
    await fake.wait_idle(quiet=0.2)
    invitations = [m for m in group.messages() if url_buttons(m)]
    assert len(invitations) == 1
    link = f"https://t.me/{fake.bot_username}?start=join-{lobby.game_id}"
    # Every alert opens the private chat, where /start finishes the join.
    assert [a.get("url") for a in answers] == [link] * 4
    assert lobby.seats() == ["Anna"]


async def test_a_started_three_player_lobby_shows_three_seats_and_no_pairs(
    fake: FakeTelegram, launch: Launch
) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    await launch()
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.wait_seated("Anna")
    await lobby.join(boris)
    await lobby.add_computer(anna, "easy")
    assert "Вчетвером играют пары" in (lobby.message.text or "")
    await lobby.start(anna)
    await fake.wait_for(lambda: not lobby.message.callback_data())
    text = lobby.message.text or ""
    assert "Партия началась" in text
    assert "4." not in text
    assert "свободно" not in text
    assert "Вчетвером" not in text
    assert "Пары" not in text


async def test_lets_play_is_the_groups_first_call_once_the_game_starts(
    fake: FakeTelegram, launch: Launch
) -> None:
    """With Telegram's pacing a group gets four calls at once, then one every four
    seconds, while the hands reach the private chats at once (here six times faster on
    both sides). Four people seated used the burst (the lobby and three edits): of the
    start's three group calls the opening line goes first, then the table, and the lobby
    losing its buttons last."""
    people = [fake.add_user(name) for name in ("Anna", "Boris", "Vika", "Gena")]
    group = fake.add_group("Table", members=people, admins=people[:1])
    fake.limits, limits = faster_telegram(6)
    await launch(limits=limits)
    lobby = Lobby(fake, group)
    await lobby.open(people[0])
    await lobby.wait_seated("Anna")
    await lobby.join(*people[1:])
    await lobby.start(people[0])
    started = await fake.wait_message(group, lambda m: "Начинаем" in (m.text or ""), timeout=20)
    await fake.wait_for(lambda: not lobby.message.callback_data(), 20)
    closed = lobby.message.versions()[-1]
    assert started.created_at < closed.at
    table = next(m for m in group.messages() if (m.text or "").startswith("🃏 Раздача 1"))
    assert started.message_id < table.message_id
    assert table.created_at < closed.at


async def test_an_opener_the_bot_cannot_write_to_is_named_and_invited(
    fake: FakeTelegram, launch: Launch
) -> None:
    vika = fake.add_user("Vika", started=False)
    group = fake.add_group("Table", members=[vika], admins=[vika])
    await launch()
    lobby = Lobby(fake, group)
    await lobby.open(vika)
    await fake.wait_idle(quiet=0.1)
    first = lobby.message.versions()[0].text or ""
    assert "Стол собирает Vika" in first
    assert lobby.seats() == []
    invitations = [m for m in group.messages() if url_buttons(m)]
    assert len(invitations) == 1
    assert (invitations[0].text or "").startswith("Vika,")
    assert lobby.message_id is not None
    assert lobby.message_id < invitations[0].message_id, "the lobby first, then the invitation"
