"""A table friends come back to, over the fake Bot API: the hands looked back at after
each deal, the score chart at the end, a rematch, and leaving mid-game."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from sqlalchemy import select

from bot import db
from bot.callbacks import LobbyAction, LobbyCb, ReviewCb
from bot.db import GameStatus, OutboxMessage
from bot.render.cards import card_label
from bot.render.chart import ScoreChart
from engine import HandRecord, Rules, finished_hands
from tests.e2e.conftest import Launch
from tests.e2e.harness import (
    Driver,
    Lobby,
    Oracle,
    database,
    game_over_message,
    game_status,
    hand_message,
    hand_results,
    start_game,
)
from tests.fakeapi import FakeChat, FakeTelegram, FakeUser
from tests.fakeapi.models import StoredMessage


async def _records(db_url: str, game_id: int) -> tuple[HandRecord, ...]:
    async with database(db_url) as session:
        row = await db.load_game(session, game_id)
        log = [(a.seat, a.code) for a in await db.list_actions(session, game_id)]
    return finished_hands(row.row.player_count, Rules.from_json(row.row.rules), row.row.seed, log)


async def _friends(
    fake: FakeTelegram, launch: Launch, *names: str
) -> tuple[FakeChat, list[FakeUser]]:
    """A group of people (the first one its admin) and the bot running."""
    people = [fake.add_user(name) for name in names]
    group = fake.add_group("Table", members=people, admins=people[:1])
    await launch()
    return group, people


async def _play_to(fake: FakeTelegram, group: FakeChat, admin: FakeUser, target: int) -> None:
    admin.send(group, f"/settings {target}")
    await fake.wait_message(group, lambda m: f"Играем до {target}." in (m.text or ""))


async def _lobby_after(fake: FakeTelegram, group: FakeChat, after: StoredMessage) -> Lobby:
    """The lobby posted after ``after`` (a rematch's, opened by a button)."""
    message = await fake.wait_message(
        group,
        lambda m: any(d.startswith("lb:") for d in m.callback_data()),
        after=after.message_id,
    )
    lobby = Lobby(fake, group)
    lobby.message_id = message.message_id
    lobby.game_id = LobbyCb.unpack(message.callback_data()[0]).game_id
    return lobby


def _review_data(message: StoredMessage) -> list[ReviewCb]:
    return [ReviewCb.unpack(d) for d in message.callback_data() if d.startswith("rv:")]


async def test_the_hand_is_shown_in_its_result_message_once_it_is_over(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    group, (anna, boris) = await _friends(fake, launch, "Anna", "Boris")
    lobby = await start_game(fake, group, anna, [boris])
    assert lobby.game_id is not None
    driver = Driver(fake, [anna, boris], rng=random.Random(2), game_id=lobby.game_id)
    await driver.play_until(lambda: hand_results(group), timeout=60)
    await fake.wait_idle(quiet=0.1)
    [result] = hand_results(group)
    original = result.text
    [opener] = _review_data(result)
    assert (opener.hand, opener.page) == (1, 1)

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
    # Pages are edits of the result, not new messages.
    paged = [
        m.message_id for m in group.messages() if any("🔎" in (v.text or "") for v in m.versions())
    ]
    assert paged == [result.message_id]


def _changed(fake: FakeTelegram, message: StoredMessage, before: str | None) -> Callable[[], bool]:
    return lambda: fake.message(message.chat.id, message.message_id).text != before


def _label(message: StoredMessage, cb: ReviewCb) -> str:
    for row in message.buttons():
        for b in row:
            if b.get("callback_data") == cb.pack():
                return str(b["text"])
    return ""


async def _chart_data(db_url: str, chat_id: int) -> ScoreChart:
    """The chart's stored row, once it is marked sent (the mark is stored after Telegram's
    answer, so a moment after the photo shows)."""

    async def rows() -> list[OutboxMessage]:
        async with database(db_url) as session:
            query = select(OutboxMessage).where(
                OutboxMessage.chat_id == chat_id, OutboxMessage.kind == "chart"
            )
            return list(await session.scalars(query))

    found: list[OutboxMessage] = []

    async def marked() -> bool:
        found[:] = await rows()
        return len(found) == 1 and found[0].sent_at is not None

    for _ in range(100):
        if await marked():
            break
        await asyncio.sleep(0.05)
    assert len(found) == 1
    assert found[0].sent_at is not None
    return ScoreChart.from_json(found[0].payload["picture"])


async def test_a_game_ends_with_its_chart_and_a_rematch_seats_the_same_players(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    group, (anna, boris) = await _friends(fake, launch, "Anna", "Boris")
    await _play_to(fake, group, anna, 101)
    lobby = await start_game(fake, group, anna, [boris], computers=["easy"])
    assert lobby.game_id is not None
    driver = Driver(fake, [anna, boris], rng=random.Random(7), game_id=lobby.game_id)
    await driver.play_until(lambda: game_over_message(group), timeout=120)
    await fake.wait_idle(quiet=0.1)
    over = game_over_message(group)
    assert over is not None
    oracle = await Oracle.load(db_url, lobby.game_id)

    # The chart: a photo after the game's end, one point per hand, the baits marked.
    photo = await fake.wait_message(group, lambda m: m.photo is not None)
    assert photo.message_id > over.message_id
    assert photo.photo is not None
    assert photo.photo.data.startswith(b"\x89PNG")
    assert "Как шёл счёт" in (photo.caption or "")
    chart = await _chart_data(db_url, group.id)
    assert chart.hands == tuple(r.hand_number for r in oracle.sheet)
    assert chart.totals[-1] == oracle.game.scores
    assert sorted({i for i, _ in chart.baits}) == [
        i for i, r in enumerate(oracle.sheet) if r.hand_number in oracle.baits()
    ]

    # The chat's settings change for the next game; a rematch keeps the game's own.
    await _play_to(fake, group, anna, 201)
    # Boris asks for another game: the same seats, and it waits for Anna.
    [again] = [d for d in over.callback_data() if d.startswith("ra:")]
    answer = await fake.wait_answer(boris.press(over, callback_data=again))
    assert not answer.get("show_alert"), answer
    rematch = await _lobby_after(fake, group, photo)
    assert rematch.game_id is not None
    assert rematch.game_id != lobby.game_id
    assert rematch.seats() == ["Anna", "Boris", "🤖 Компьютер (лёгкий)"]
    assert "до 101" in (rematch.message.text or "")
    await fake.wait_message(group, lambda m: "зовёт сыграть ещё" in (m.text or ""))
    assert await game_status(db_url, rematch.game_id) is GameStatus.LOBBY
    repeat = await fake.wait_answer(boris.press(over, callback_data=again))
    assert repeat.get("text") == "Вы уже подтвердили."
    # Anna confirms: it starts, with the rules of the game before.
    answer = await fake.wait_answer(anna.press(over, callback_data=again))
    assert not answer.get("show_alert"), answer
    await fake.wait_for(lambda: not rematch.message.callback_data(), 10)
    assert await game_status(db_url, rematch.game_id) is GameStatus.PLAYING
    second = Driver(fake, [anna, boris], rng=random.Random(8), game_id=rematch.game_id)
    await second.play_until(lambda: game_over_message(group, since=photo.message_id), timeout=120)
    await fake.wait_idle(quiet=0.1)
    replayed = await Oracle.load(db_url, rematch.game_id)
    assert [(s.seat, s.user_id, s.bot_kind) for s in replayed.seats] == [
        (s.seat, s.user_id, s.bot_kind) for s in oracle.seats
    ]
    assert replayed.game.rules == oracle.game.rules
    assert replayed.game.rules.target == 101


async def _finished_game(
    fake: FakeTelegram, group: FakeChat, players: list[FakeUser], db_url: str
) -> StoredMessage:
    """A game to 1 point (one hand) between ``players`` and an easy computer; its
    game-over message."""
    await _play_to(fake, group, players[0], 1)
    lobby = await start_game(fake, group, players[0], players[1:], computers=["easy"])
    driver = Driver(fake, players, rng=random.Random(1), game_id=lobby.game_id)
    await driver.play_until(lambda: game_over_message(group), timeout=60)
    await fake.wait_idle(quiet=0.1)
    over = game_over_message(group)
    assert over is not None
    return over


async def test_a_rematch_nobody_else_confirms_stays_an_ordinary_lobby(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    group, (anna, boris, vika) = await _friends(fake, launch, "Anna", "Boris", "Vika")
    over = await _finished_game(fake, group, [anna, boris], db_url)
    [again] = [d for d in over.callback_data() if d.startswith("ra:")]
    # Only those who played it ask for it again.
    answer = await fake.wait_answer(vika.press(over, callback_data=again))
    assert answer.get("text") == "Ещё партию начинают те, кто играл эту."
    await fake.wait_answer(boris.press(over, callback_data=again))
    rematch = await _lobby_after(fake, group, over)
    assert rematch.seats() == ["Anna", "Boris", "🤖 Компьютер (лёгкий)"]
    # Anna does not confirm but leaves; Vika joins as anyone would; Boris opened it and
    # starts it like any lobby.
    await rematch.press(anna, LobbyAction.LEAVE)
    await fake.wait_for(lambda: "Anna" not in rematch.seats(), 10)
    await rematch.join(vika)
    assert rematch.seats() == ["Vika", "Boris", "🤖 Компьютер (лёгкий)"]  # the free seat
    answer = await rematch.press(boris, LobbyAction.START)
    assert not answer.get("show_alert"), answer
    assert rematch.game_id is not None
    assert await game_status(db_url, rematch.game_id) is GameStatus.PLAYING
    # A press under the old game now finds a game being played.
    answer = await fake.wait_answer(anna.press(over, callback_data=again))
    assert answer.get("text") == "Здесь уже собирают стол или идёт партия."


async def test_a_player_who_leaves_is_replaced_by_a_computer_and_the_game_goes_on(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    group, (anna, boris, vika) = await _friends(fake, launch, "Anna", "Boris", "Vika")
    await _play_to(fake, group, anna, 1)
    lobby = await start_game(fake, group, anna, [boris, vika])
    assert lobby.game_id is not None
    await fake.wait_for(lambda: hand_message(boris, lobby.game_id))
    old_hand = hand_message(boris, lobby.game_id)
    assert old_hand is not None

    boris.send(group, "/leave")
    question = await fake.wait_message(group, lambda m: "выйти из партии?" in (m.text or ""))
    assert (question.text or "").startswith("Boris,")
    [yes, no] = question.callback_data()
    # Vika cannot give Boris's seat away; Boris's "no" changes nothing.
    answer = await fake.wait_answer(vika.press(question, callback_data=yes))
    assert answer.get("text") == "Это может только сам игрок или админ чата."
    answer = await fake.wait_answer(boris.press(question, callback_data=no))
    assert answer.get("text") == "Играем дальше."
    answer = await fake.wait_answer(boris.press(question, callback_data=yes))
    assert answer.get("text") == "Готово: место занял компьютер."
    told = await fake.wait_message(group, lambda m: "покидает стол" in (m.text or ""))
    assert "Boris" in (told.text or "")
    assert "Компьютер (лёгкий)" in (told.text or "")
    await fake.wait_for(lambda: "Вы вышли из партии" in (old_hand.text or ""), 10)
    assert not old_hand.callback_data()

    # Vika vanished: the admin replies to her message with /leave.
    said = vika.send(group, "brb")
    anna.send(group, "/leave", reply_to=said)
    question = await fake.wait_message(
        group, lambda m: (m.text or "").startswith("Vika, выйти"), after=told.message_id
    )
    yes = question.callback_data()[0]
    answer = await fake.wait_answer(anna.press(question, callback_data=yes))
    assert answer.get("text") == "Готово: место занял компьютер."
    # Anna is the last person: she cannot leave the computers alone.
    anna.send(group, "/leave")
    await fake.wait_message(group, lambda m: "последний человек за столом" in (m.text or ""))

    driver = Driver(fake, [anna], rng=random.Random(3), game_id=lobby.game_id)
    await driver.play_until(lambda: game_over_message(group), timeout=60)
    await fake.wait_idle(quiet=0.1)
    oracle = await Oracle.load(db_url, lobby.game_id)
    assert oracle.status is GameStatus.FINISHED
    assert [(s.user_id, s.bot_kind) for s in oracle.seats] == [
        (anna.id, None),
        (None, "heuristic"),
        (None, "heuristic"),
    ]
    async with database(db_url) as session:
        moved = {a.seat for a in await db.list_actions(session, lobby.game_id)}
    assert {1, 2} <= moved, "the computers played the seats they took"


async def test_an_admin_who_does_not_play_chooses_whose_seat_goes_to_a_computer(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    group, (anna, boris, vika) = await _friends(fake, launch, "Anna", "Boris", "Vika")
    lobby = await start_game(fake, group, boris, [vika])
    assert lobby.game_id is not None
    anna.send(group, "/leave")
    choice = await fake.wait_message(group, lambda m: "Чьё место" in (m.text or ""))
    assert choice.button_texts() == ["Boris", "Vika"]
    vika_button = choice.callback_data()[1]
    answer = await fake.wait_answer(boris.press(choice, callback_data=vika_button))
    assert answer.get("text") == "Это может только сам игрок или админ чата."
    answer = await fake.wait_answer(anna.press(choice, callback_data=vika_button))
    assert answer.get("text") == "Готово: место занял компьютер."
    await fake.wait_message(group, lambda m: "Vika покидает стол" in (m.text or ""))
    async with database(db_url) as session:
        seats = await db.list_seats(session, lobby.game_id)
    assert [(s.user_id, s.bot_kind) for s in seats] == [(boris.id, None), (None, "heuristic")]
    # A player who is not at the table is told so.
    vika.send(group, "/leave")
    await fake.wait_message(group, lambda m: "Vika не играет в этой партии." in (m.text or ""))
