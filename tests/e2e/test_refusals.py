"""Everything people (or forgers) do wrong is answered with a short alert and changes
nothing: others' buttons, old buttons, forged data, illegal cards, joining twice or to a
full table, commands in the wrong chat, a player the bot cannot write to, cancelling
and settings by someone who may not."""

from __future__ import annotations

import asyncio
import random

from bot import db
from bot.callbacks import CancelCb, LobbyAction, LobbyCb, SettingsCb, SettingsScope
from bot.db import GameStatus
from tests.e2e.conftest import Launch
from tests.e2e.harness import (
    Decision,
    Driver,
    Lobby,
    action_count,
    buttons,
    card_of,
    cards_in_text,
    database,
    decision_of,
    game_status,
    hand_message,
    start_game,
    trump_of,
    url_buttons,
)
from tests.fakeapi import FakeTelegram

STALE = "Эта кнопка устарела."
NOT_YOUR_GAME = "Это не ваша партия."
NOT_YOUR_TURN = "Сейчас не ваш ход."
GAME_OVER = "Партия уже окончена."
ONLY_OPENER = "Это может только тот, кто собрал стол, или админ чата."


async def refused(fake: FakeTelegram, query: str) -> str:
    answer = await fake.wait_answer(query, timeout=10)
    assert answer.get("show_alert"), f"not refused with an alert: {answer}"
    text = answer.get("text")
    assert isinstance(text, str)
    assert text
    return text


async def test_others_old_and_forged_buttons_are_refused(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    vika = fake.add_user("Vika")  # in the group, not at the table
    group = fake.add_group("Table", members=[anna, boris, vika], admins=[anna])
    running = await launch()
    lobby = await start_game(fake, group, anna, [boris])
    gid = lobby.game_id
    assert gid is not None
    first = await fake.wait_for(lambda: decision_of(anna, gid) or decision_of(boris, gid))
    actor = first.user
    other = boris if actor is anna else anna
    other_hand = await fake.wait_for(lambda: hand_message(other, gid))
    moves = await action_count(db_url, gid)
    data = first.options[0][1]

    # The other player copies the actor's button into their own chat.
    text = await refused(fake, other.press_raw(other, other_hand.message_id, data))
    assert text == NOT_YOUR_TURN
    # A card from their own hand, during the bidding and out of turn.
    own_card = next(d for _, d in buttons(other_hand) if card_of(d) is not None)
    text = await refused(fake, other.press(other_hand, callback_data=own_card))
    assert text in (NOT_YOUR_TURN, "Ходить картой пока рано — сначала торговля.")
    # Someone who does not play.
    text = await refused(fake, vika.press_raw(vika, 1, data))
    assert text == NOT_YOUR_GAME

    # Forged data: garbage, too long, another game, actions no button offers.
    move = first.move
    proposed = cards_in_text(first.message.text)[0]
    forged = [
        "garbage",
        "mv:" + "9" * 80,
        f"mv:{gid + 1000}:{move}:pass",
        f"mv:x:{move}:pass",
        f"mv:{gid}:{move}:card.ZZ",
        f"mv:{gid}:{move}:bogus",
        f"mv:{gid}:{move + 5}:pass",
        f"lb:{gid}:z:",
        "st:q:target:301",
        f"cn:{gid}:maybe",
    ]
    for raw in forged:
        text = await refused(fake, actor.press_raw(actor, first.message.message_id, raw))
        assert text == STALE, raw
    # Looks valid, but the rules do not allow it now: the engine's reason is given.
    for raw in [
        f"mv:{gid}:{move}:suit.{proposed.suit.letter}",
        f"mv:{gid}:{move}:swap",
        f"mv:{gid}:{move}:card.{proposed.code}",
    ]:
        text = await refused(fake, actor.press_raw(actor, first.message.message_id, raw))
        assert text not in (STALE, NOT_YOUR_GAME, NOT_YOUR_TURN), raw
    # A started game's lobby buttons.
    for action in (LobbyAction.JOIN, LobbyAction.START, LobbyAction.LEAVE):
        query = vika.press_raw(
            group, lobby.message.message_id, LobbyCb(game_id=gid, action=action).pack()
        )
        assert await refused(fake, query) == "Партия уже началась."
    # A stranger's forged cancel from their own private chat (where they are "admin").
    query = vika.press_raw(vika, 1, CancelCb(game_id=gid, confirm=True).pack())
    await refused(fake, query)
    assert await game_status(db_url, gid) is GameStatus.PLAYING

    assert await action_count(db_url, gid) == moves, "nothing refused was applied"
    assert decision_of(actor, gid) is not None

    # The actor answers; the old button is then stale, even pressed twice at once.
    driver = Driver(fake, [anna, boris], game_id=gid)
    await driver.press(first, data)
    text = await refused(fake, actor.press_raw(actor, first.message.message_id, data))
    assert text == STALE
    assert await action_count(db_url, gid) == moves + 1

    await driver.next_decision(lambda: False)
    nxt = driver.decisions()[0]
    assert nxt.move > first.move
    choice = nxt.options[0][1]
    queries = [nxt.user.press(nxt.message, callback_data=choice) for _ in range(3)]
    answers = [await fake.wait_answer(q, timeout=10) for q in queries]
    assert sum(not a.get("show_alert") for a in answers) == 1, answers
    assert await action_count(db_url, gid) == moves + 2
    assert running.errors == []


def _follow_suit_case(decision: Decision) -> tuple[str, str] | None:
    """(an illegal card's data, the symbol of the suit to follow) when the decision is a
    card to a trick whose led suit (not trump) the player holds."""
    text = decision.message.text or ""
    trick = next((line for line in text.splitlines() if line.startswith("На столе:")), None)
    if trick is None:
        return None
    led = cards_in_text(trick)[0].suit
    if led is trump_of(text):
        return None
    legal = {card_of(d) for _, d in decision.options}
    if not legal or any(card is None or card.suit is not led for card in legal):
        return None
    for _, data in buttons(decision.message):
        card = card_of(data) if data.startswith("mv:") else None
        if card is not None and card not in legal and card.suit is not led:
            return data, led.symbol
    return None


async def test_illegal_cards_are_explained(fake: FakeTelegram, launch: Launch, db_url: str) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    await launch()
    lobby = await start_game(fake, group, anna, [boris])
    gid = lobby.game_id
    assert gid is not None
    driver = Driver(fake, [anna, boris], rng=random.Random(7), game_id=gid)
    followed = out_of_turn = False
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while not (followed and out_of_turn):
        assert loop.time() < deadline, "no trick where a suit had to be followed"
        await driver.next_decision(lambda: False)
        decision = driver.decisions()[0]
        other = boris if decision.user is anna else anna
        moves = await action_count(db_url, gid)
        case = _follow_suit_case(decision)
        if case is not None:
            data, suit = case
            text = await refused(fake, decision.user.press(decision.message, callback_data=data))
            assert text == f"Нужно ходить в масть {suit}."
            followed = True
        other_hand = hand_message(other, gid)
        if other_hand is not None and card_of(decision.options[0][1]) is not None:
            card = next((d for _, d in buttons(other_hand) if d.startswith("mv:")), None)
            if card is not None and card_of(card) is not None:
                text = await refused(fake, other.press(other_hand, callback_data=card))
                assert text == NOT_YOUR_TURN
                out_of_turn = True
        assert await action_count(db_url, gid) == moves
        await driver.press(decision)


async def test_lobby_refusals_cancel_and_settings(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna, boris, vika, gena, dasha = (
        fake.add_user(name) for name in ("Anna", "Boris", "Vika", "Gena", "Dasha")
    )
    group = fake.add_group("Table", members=[anna, boris, vika, gena, dasha], admins=[anna])
    await launch()
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.wait_seated("Anna")
    gid = lobby.game_id
    assert gid is not None

    # /newgame again points to the open lobby.
    boris.send(group, "/newgame")
    pointer = await fake.wait_message(group, lambda m: "уже собираются" in (m.text or ""))
    # A basic group has no message links: the lobby is "the message above".
    assert pointer.text == "За столом уже собираются — присоединяйтесь к сообщению выше."
    assert pointer.message_id > lobby.message.message_id
    # Joining twice, a full table.
    assert await refused(
        fake, anna.press(lobby.message, callback_data=lobby.data(LobbyAction.JOIN))
    ) == ("Вы уже за столом.")
    await lobby.join(boris, vika, gena)
    assert await refused(
        fake, dasha.press(lobby.message, callback_data=lobby.data(LobbyAction.JOIN))
    ) == ("Мест нет — стол полный.")
    forged_computer = LobbyCb(game_id=gid, action=LobbyAction.ADD_BOT, bot_kind="easy")
    query = anna.press_raw(group, lobby.message.message_id, forged_computer.pack())
    assert await refused(fake, query) == "Мест нет — стол полный."
    assert lobby.seats() == ["Anna", "Boris", "Vika", "Gena"]
    # Leaving frees the seat; a stranger may not start.
    answer = await lobby.press(gena, LobbyAction.LEAVE)
    assert not answer.get("show_alert")
    await fake.wait_for(lambda: lobby.seats() == ["Anna", "Boris", "Vika"])
    query = boris.press(lobby.message, callback_data=lobby.data(LobbyAction.START))
    assert await refused(fake, query) == ONLY_OPENER
    # A stranger's forged start from their own private chat.
    query = dasha.press_raw(dasha, 1, LobbyCb(game_id=gid, action=LobbyAction.START).pack())
    await refused(fake, query)

    # Settings: Boris is neither an admin nor the opener.
    boris.send(group, "/settings")
    menu = await fake.wait_message(
        group, lambda m: any(d.startswith("st:") for d in m.callback_data())
    )
    target = next(
        d
        for d in menu.callback_data()
        if SettingsCb.unpack(d).scope is SettingsScope.TARGET
        and SettingsCb.unpack(d).value == "1001"
    )
    assert await refused(fake, boris.press(menu, callback_data=target)) == ONLY_OPENER
    async with database(db_url) as session:
        chat = await db.get_chat(session, group.id)
        assert chat is not None
        assert db.chat_rules(chat).target == 501

    # /cancel: refused for Boris, "no" keeps the lobby, "yes" by Anna cancels it.
    join = lobby.data(LobbyAction.JOIN)
    boris.send(group, "/cancel")
    question = await fake.wait_message(
        group, lambda m: any(d.startswith("cn:") for d in m.callback_data())
    )
    yes = CancelCb(game_id=gid, confirm=True).pack()
    no = CancelCb(game_id=gid, confirm=False).pack()
    assert await refused(fake, boris.press(question, callback_data=yes)) == ONLY_OPENER
    answer = await fake.wait_answer(anna.press(question, callback_data=no))
    assert not answer.get("show_alert")
    assert await game_status(db_url, gid) is GameStatus.LOBBY
    answer = await fake.wait_answer(anna.press(question, callback_data=yes))
    assert not answer.get("show_alert")
    await fake.wait_message(group, lambda m: (m.text or "") == "🛑 Партия отменена.")
    assert await game_status(db_url, gid) is GameStatus.CANCELLED
    # The cancelled lobby loses its buttons; its old data is refused.
    await fake.wait_for(lambda: not lobby.message.callback_data())
    assert "🛑 Партия отменена." in (lobby.message.text or "")
    query = dasha.press_raw(group, lobby.message.message_id, join)
    assert await refused(fake, query) == GAME_OVER
    assert await refused(fake, anna.press(question, callback_data=yes)) == GAME_OVER


async def test_commands_in_the_wrong_place(fake: FakeTelegram, launch: Launch) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    await launch()
    for command in ("/score", "/cancel"):
        after = fake.last_message(anna).message_id if fake.messages(anna) else 0
        anna.send_private(command)
        await fake.wait_message(anna, lambda m: "Сейчас партии нет" in (m.text or ""), after=after)
    lobby = await start_game(fake, group, anna, [boris])
    assert lobby.game_id is not None
    # /newgame while a game is being played: the game is running, no second lobby.
    boris.send(group, "/newgame")
    await fake.wait_message(group, lambda m: "Партия уже идёт" in (m.text or ""))
    assert sum("собираем стол" in (m.text or "") for m in group.messages()) == 1


async def test_a_player_who_never_started_the_bot_joins_by_deep_link(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna = fake.add_user("Anna")
    vika = fake.add_user("Vika", started=False)
    group = fake.add_group("Table", members=[anna, vika], admins=[anna])
    await launch()
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.wait_seated("Anna")
    query = vika.press(lobby.message, callback_data=lobby.data(LobbyAction.JOIN))
    text = await refused(fake, query)
    assert "откройте чат со мной" in text
    invite = await fake.wait_message(group, lambda m: bool(url_buttons(m)))
    assert (invite.text or "").startswith("Vika,")
    [url] = url_buttons(invite)
    assert url == f"https://t.me/{fake.bot_username}?start=join-{lobby.game_id}"
    assert lobby.seats() == ["Anna"]

    vika.follow_link(url)
    done = await fake.wait_message(vika, lambda m: "вы за столом" in (m.text or ""))
    assert "«Table»" in (done.text or "")
    await lobby.wait_seated("Vika")
    assert lobby.seats() == ["Anna", "Vika"]
    await lobby.start(anna)
    # Her cards come to the chat she opened.
    await fake.wait_for(lambda: hand_message(vika, lobby.game_id))


async def test_buttons_of_a_cancelled_game(fake: FakeTelegram, launch: Launch, db_url: str) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    await launch(computer_pause=0.05)
    lobby = await start_game(fake, group, anna, [boris])
    gid = lobby.game_id
    assert gid is not None
    driver = Driver(fake, [anna, boris], game_id=gid)
    for _ in range(4):
        await driver.step()
    await driver.next_decision(lambda: False)
    decision = driver.decisions()[0]
    anna.send(group, "/cancel")
    question = await fake.wait_message(
        group, lambda m: any(d.startswith("cn:") for d in m.callback_data())
    )
    await fake.wait_answer(
        anna.press(question, callback_data=CancelCb(game_id=gid, confirm=True).pack())
    )
    await fake.wait_message(group, lambda m: (m.text or "") == "🛑 Партия отменена.")
    moves = await action_count(db_url, gid)
    text = await refused(
        fake, decision.user.press(decision.message, callback_data=decision.options[0][1])
    )
    assert text == GAME_OVER
    assert await action_count(db_url, gid) == moves
    assert await game_status(db_url, gid) is GameStatus.CANCELLED
    # A new game can be opened at once.
    lobby = Lobby(fake, group)
    await lobby.open(boris)
    assert lobby.game_id != gid


async def test_any_target_by_command(fake: FakeTelegram, launch: Launch, db_url: str) -> None:
    """RULES §8 allows any target: `/settings 701` sets it; only an admin or the opener
    may; a word that is not a number gets the hint."""
    anna = fake.add_user("Anna")
    boris = fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    await launch()
    boris.send(group, "/settings 701")
    await fake.wait_idle(quiet=0.3)
    assert not any("701" in (m.text or "") for m in group.messages() if m.from_bot)
    anna.send(group, "/settings 701")
    saved = await fake.wait_message(
        group, lambda m: "🎯" in (m.text or "") and "701" in (m.text or "")
    )
    assert saved.from_bot
    await fake.wait_idle(quiet=0.3)
    menus = [m for m in group.messages() if any(d.startswith("st:") for d in m.callback_data())]
    assert not menus, "the answer is one line, not a settings menu"
    anna.send(group, "/settings lots")
    await fake.wait_message(group, lambda m: "/settings 701" in (m.text or ""))
    async with database(db_url) as session:
        chat = await db.get_chat(session, group.id)
        assert chat is not None
        assert db.chat_rules(chat).target == 701
