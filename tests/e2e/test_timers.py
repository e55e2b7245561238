"""The turn clock: at half the turn time the group is reminded with a mention; at the
deadline the bot plays for the player — a pass in the bidding, a legal card in the play —
and says so. The chat's turn time is set to 2 s through the repository (the settings
buttons start at 30 s, too long for a test)."""

from __future__ import annotations

import time

from bot.render.cards import card_label
from engine import Action, PlayCard
from tests.e2e.conftest import Launch
from tests.e2e.harness import (
    Driver,
    Lobby,
    card_of,
    decision_of,
    mentions,
    set_turn_timeout,
    stored_actions,
)
from tests.fakeapi import FakeTelegram


async def test_reminder_at_half_time_then_the_bot_plays_for_the_player(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    await launch()
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.join(boris)
    await set_turn_timeout(db_url, group.id, 2)
    await lobby.start(anna)
    gid = lobby.game_id
    assert gid is not None

    # The first bidder lets the time run out.
    first = await fake.wait_for(lambda: decision_of(anna, gid) or decision_of(boris, gid))
    shown = time.time()
    slow = first.user
    reminder = await fake.wait_message(group, lambda m: (m.text or "").startswith("⏰"), timeout=5)
    assert reminder.text == f"⏰ {slow.first_name}, ваш ход! Осталось 1 с."
    assert mentions(reminder) == [slow.id]
    assert reminder.created_at - shown >= 0.9
    played = await fake.wait_message(
        group, lambda m: "не успевает" in (m.text or ""), after=reminder, timeout=5
    )
    assert played.text == f"⏰ {slow.first_name} не успевает — бот ходит за игрока: пас"
    assert played.created_at - shown >= 1.9
    assert (await stored_actions(db_url, gid))[0][1] == "pass"

    # The other one takes trump; then the first card is left to the clock too.
    driver = Driver(fake, [anna, boris], game_id=gid, last_move=first.move)
    decision = await fake.wait_for(lambda: driver.decisions())
    while card_of(decision[0].options[0][1]) is None:
        options = dict((d.split(":")[-1], d) for _, d in decision[0].options)
        await driver.press(decision[0], options.get("play") or decision[0].options[0][1])
        decision = await fake.wait_for(lambda: driver.decisions())
    player = decision[0].user
    legal = {card_of(d) for _, d in decision[0].options}
    moves = len(await stored_actions(db_url, gid))
    played = await fake.wait_message(
        group,
        lambda m: f"{player.first_name} не успевает" in (m.text or ""),
        after=played,
        timeout=8,
    )
    actions = await stored_actions(db_url, gid)
    assert len(actions) == moves + 1
    action = Action.parse(actions[-1][1])
    assert isinstance(action, PlayCard)
    assert action.card in legal
    assert (played.text or "").endswith(card_label(action.card, "ru"))
    reminders = [
        m for m in group.messages() if (m.text or "").startswith(f"⏰ {player.first_name}, ваш ход")
    ]
    assert reminders
    assert mentions(reminders[-1]) == [player.id]
