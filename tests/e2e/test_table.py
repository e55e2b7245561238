"""A table friends come back to, over the fake Bot API: the hands looked back at after
each deal, the score chart at the end, a rematch, and leaving mid-game."""

from __future__ import annotations

import random
from collections.abc import Callable

from bot import db
from bot.callbacks import ReviewCb
from bot.render.cards import card_label
from engine import HandRecord, Rules, finished_hands
from tests.e2e.conftest import Launch
from tests.e2e.harness import Driver, database, hand_results, start_game
from tests.fakeapi import FakeTelegram
from tests.fakeapi.models import StoredMessage


async def _records(db_url: str, game_id: int) -> tuple[HandRecord, ...]:
    async with database(db_url) as session:
        row = await db.load_game(session, game_id)
        log = [(a.seat, a.code) for a in await db.list_actions(session, game_id)]
    return finished_hands(row.row.player_count, Rules.from_json(row.row.rules), row.row.seed, log)


def _review_data(message: StoredMessage) -> list[ReviewCb]:
    return [ReviewCb.unpack(d) for d in message.callback_data() if d.startswith("rv:")]


async def test_the_hand_is_shown_in_its_result_message_once_it_is_over(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    await launch()
    lobby = await start_game(fake, group, anna, [boris])
    assert lobby.game_id is not None
    driver = Driver(fake, [anna, boris], rng=random.Random(2), game_id=lobby.game_id)
    await driver.play_until(lambda: hand_results(group), timeout=60)
    await fake.wait_idle(quiet=0.1)
    [result] = hand_results(group)
    original = result.text
    [opener] = _review_data(result)
    assert (opener.hand, opener.page) == (1, 1)
    messages = len(group.messages())

    # The next hand is being played: its pages are not public yet.
    early = ReviewCb(game_id=lobby.game_id, hand=2, page=1).pack()
    answer = await fake.wait_answer(boris.press_raw(group, result.message_id, early))
    assert answer.get("show_alert")
    assert answer.get("text") == "Раздача ещё не сыграна."

    [record] = await _records(db_url, lobby.game_id)
    names = ["Anna", "Boris"]
    answer = await fake.wait_answer(boris.press(result, callback_data=opener.pack()))
    assert not answer.get("show_alert")
    await fake.wait_for(lambda: "🔎" in (fake.message(group, result.message_id).text or ""))
    text = fake.message(group, result.message_id).text or ""
    for seat, name in enumerate(names):
        line = next(x for x in text.splitlines() if x.startswith(f"{name}:"))
        shown = [card_label(card, "ru") for card in record.shown[seat]]
        assert line.split(": ", 1)[1].split(" · ")[0].split() == shown
    assert "Торговля:" in text
    assert "Козырь:" in text

    # Page by page to the last trick, in the same message.
    seen_tricks: list[str] = []
    while True:
        current = fake.message(group, result.message_id)
        nexts = [cb for cb in _review_data(current) if cb.page > 1 and "▶" in _label(current, cb)]
        seen_tricks += [x for x in (current.text or "").splitlines() if x.startswith("Взятка ")]
        if not nexts:
            break
        before = current.text
        await fake.wait_answer(anna.press(current, callback_data=nexts[0].pack()))
        await fake.wait_for(_changed(fake, result, before))
    assert len(seen_tricks) == len(record.tricks)
    for line, trick in zip(seen_tricks, record.tricks, strict=True):
        winner = names[trick.winner]
        assert line.endswith(f"→ {winner}")
        for seat, card in trick.plays:
            assert f"{names[seat]} {card_label(card, 'ru')}" in line

    # Back to the result, as it was.
    current = fake.message(group, result.message_id)
    [back] = [cb for cb in _review_data(current) if cb.page == 0]
    await fake.wait_answer(anna.press(current, callback_data=back.pack()))
    await fake.wait_for(lambda: fake.message(group, result.message_id).text == original)
    assert len(group.messages()) == messages, "pages are edits, not new messages"


def _changed(fake: FakeTelegram, message: StoredMessage, before: str | None) -> Callable[[], bool]:
    return lambda: fake.message(message.chat.id, message.message_id).text != before


def _label(message: StoredMessage, cb: ReviewCb) -> str:
    for row in message.buttons():
        for b in row:
            if b.get("callback_data") == cb.pack():
                return str(b["text"])
    return ""
