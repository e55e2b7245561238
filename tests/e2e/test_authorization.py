"""Who may act (issue 8): a join link seats only members of the lobby's group, and an
admin writing anonymously (as the group) is not taken for a person."""

from __future__ import annotations

from bot import db
from bot.callbacks import LobbyAction
from tests.e2e.conftest import Launch
from tests.e2e.harness import Lobby, database, url_buttons
from tests.fakeapi import FakeTelegram

GROUP_ANONYMOUS_BOT_ID = 1087968824
NOT_A_MEMBER_RU = "Сесть за этот стол могут только участники группы"
NOT_A_MEMBER_EN = "Only members of the group where this table was set up can sit at it."


async def test_a_join_link_seats_only_members_of_the_group(
    fake: FakeTelegram, launch: Launch
) -> None:
    anna = fake.add_user("Anna")
    vika = fake.add_user("Vika", started=False)
    carol, dan = fake.add_user("Carol"), fake.add_user("Dan")
    mallory = fake.add_user("Mallory", language_code="en")  # in no group
    group = fake.add_group("Table", members=[vika, carol, dan], admins=[anna], supergroup=True)
    group.restrict(carol)  # muted, still in the group
    group.restrict(dan, is_member=False)  # restricted, then left
    await launch()
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.wait_seated("Anna")
    await fake.wait_answer(vika.press(lobby.message, callback_data=lobby.data(LobbyAction.JOIN)))
    invite = await fake.wait_message(group, lambda m: bool(url_buttons(m)))
    [url] = url_buttons(invite)

    # The link is in plain sight, and so is the id in it: /start join-<id> typed by hand.
    mallory.follow_link(url)
    refusal = await fake.wait_message(mallory, lambda m: NOT_A_MEMBER_EN in (m.text or ""))
    assert not refusal.buttons()
    mallory.send_private(f"/start join-{lobby.game_id}")
    await fake.wait_message(
        mallory, lambda m: NOT_A_MEMBER_EN in (m.text or ""), after=refusal.message_id
    )
    dan.follow_link(url)
    await fake.wait_message(dan, lambda m: NOT_A_MEMBER_RU in (m.text or ""))

    carol.follow_link(url)
    await fake.wait_message(carol, lambda m: "вы за столом" in (m.text or ""))
    vika.follow_link(url)
    await fake.wait_message(vika, lambda m: "вы за столом" in (m.text or ""))
    await lobby.wait_seated("Vika")
    assert lobby.seats() == ["Anna", "Carol", "Vika"]
    assert fake.calls("getChatMember")


async def test_an_anonymous_admin_is_asked_to_write_as_themselves(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[boris], admins=[anna])
    await launch()

    anna.send(group, "/newgame", anonymously=True)
    answer = await fake.wait_message(group, lambda m: "от своего имени" in (m.text or ""))
    assert "/newgame" in (answer.text or "")
    assert not answer.buttons()
    async with database(db_url) as session:
        assert await db.get_active_game(session, group.id) is None
        assert await db.get_user(session, GROUP_ANONYMOUS_BOT_ID) is None

    # Only an admin can write as the group, so settings are theirs to change.
    anna.send(group, "/settings 701", anonymously=True)
    await fake.wait_message(group, lambda m: "🎯" in (m.text or "") and "701" in (m.text or ""))

    # Written as herself, the same command opens the lobby with her at the table.
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.wait_seated("Anna")
    assert lobby.seats() == ["Anna"]
    assert "Group" not in (lobby.message.text or "")
