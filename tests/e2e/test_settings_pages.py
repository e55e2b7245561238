"""/settings and /rules over the fake Bot API: pages turned in the same message, an
option changed on its topic's page, a forbidden combination refused naming both options,
a preset that keeps its name when only the target changes."""

from __future__ import annotations

from bot import db
from bot.callbacks import RulesCb, SettingsCb, SettingsScope
from engine import Topic
from tests.e2e.conftest import Launch
from tests.e2e.harness import database
from tests.e2e.test_refusals import refused
from tests.fakeapi import FakeTelegram
from tests.fakeapi.models import StoredMessage

STALE = "Эта кнопка устарела."


def _data(message: StoredMessage, scope: SettingsScope, name: str = "") -> str:
    for data in message.callback_data():
        cb = SettingsCb.unpack(data)
        if cb.scope is scope and (not name or cb.name == name):
            return data
    raise AssertionError(f"no {scope}/{name} button in {message.button_texts()}")


async def test_settings_pages_are_turned_and_changed_in_place(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna = fake.add_user("Anna")
    group = fake.add_group("Table", members=[anna], admins=[anna])
    await launch()
    anna.send(group, "/settings")
    menu = await fake.wait_message(
        group, lambda m: any(d.startswith("st:") for d in m.callback_data())
    )
    posted = len(fake.messages(group))

    async def press(data: str) -> dict[str, object]:
        return await fake.wait_answer(
            anna.press(fake.message(group, menu.message_id), callback_data=data)
        )

    def now() -> StoredMessage:
        return fake.message(group, menu.message_id)

    # A topic page replaces the main page in the same message.
    await press(_data(menu, SettingsScope.PAGE, Topic.SCORING.value))
    page = await fake.wait_for(
        lambda: now() if any("bolt_by_players" in d for d in now().callback_data()) else None
    )
    assert not any(SettingsCb.unpack(d).scope is SettingsScope.PRESET for d in page.callback_data())

    # An option changed there stays on that page, and is stored.
    answer = await press(_data(page, SettingsScope.OPTION, "bolt_by_players"))
    assert not answer.get("show_alert"), answer
    await fake.wait_for(lambda: "✅" in " ".join(now().button_texts()) or None)
    async with database(db_url) as session:
        chat = await db.get_chat(session, group.id)
        assert chat is not None
        assert db.chat_rules(chat).bolt_by_players
    page = now()
    assert any("bolt_penalty" in d for d in page.callback_data()), "still the scoring page"

    # The bolt by players forbids a fixed bolt: refused, naming both options.
    alert = await refused(
        fake, anna.press(page, callback_data=_data(page, SettingsScope.OPTION, "bolt_penalty"))
    )
    assert "Болт" in alert
    assert alert.count("«") == 3, alert
    async with database(db_url) as session:
        chat = await db.get_chat(session, group.id)
        assert chat is not None
        assert db.chat_rules(chat).bolt_penalty == 0

    # Back to the main page; a preset, then another target: the preset keeps its name.
    await press(_data(page, SettingsScope.PAGE, ""))
    await fake.wait_for(lambda: any(d.startswith("st:p:") for d in now().callback_data()) or None)
    await press(_data(now(), SettingsScope.PRESET, "moscow"))
    await fake.wait_for(lambda: "московские правила" in (now().text or "") or None)
    # `/settings 1001` answers in one line, and the open menu shows the new target.
    anna.send(group, "/settings 1001")
    await fake.wait_message(group, lambda m: "🎯" in (m.text or "") and "1001" in (m.text or ""))
    await fake.wait_for(lambda: "1001" in (now().text or "") or None)
    assert "московские правила" in (now().text or ""), "the target is not part of the rule set"

    # A forged page is stale; closing leaves the gist without buttons.
    forged = SettingsCb(scope=SettingsScope.PAGE, name="nowhere").pack()
    assert await refused(fake, anna.press_raw(group, menu.message_id, forged)) == STALE
    await press(_data(now(), SettingsScope.CLOSE))
    closed = await fake.wait_for(lambda: now() if not now().callback_data() else None)
    assert "1001" in (closed.text or "")
    bot_posts = [m for m in fake.messages(group)[posted:] if m.from_bot]
    assert len(bot_posts) == 1, "every page was an edit; /settings 1001 posted its line only"


async def test_rules_pages_turn_in_place(fake: FakeTelegram, launch: Launch) -> None:
    anna = fake.add_user("Anna")
    group = fake.add_group("Table", members=[anna], admins=[anna])
    await launch()
    anna.send(group, "/rules")
    pages = await fake.wait_message(
        group, lambda m: any(d.startswith("rl:") for d in m.callback_data())
    )
    first = pages.text
    posted = len(fake.messages(group))
    following = RulesCb(page=1).pack()
    answer = await fake.wait_answer(anna.press(pages, callback_data=following))
    assert not answer.get("show_alert"), answer
    turned = await fake.wait_for(
        lambda: (
            fake.message(group, pages.message_id)
            if fake.message(group, pages.message_id).text != first
            else None
        )
    )
    assert RulesCb(page=2).pack() in turned.callback_data()
    forged = RulesCb(page=42).pack()
    assert await refused(fake, anna.press_raw(group, pages.message_id, forged)) == STALE
    assert len(fake.messages(group)) == posted
