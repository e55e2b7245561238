"""The turn clock: at half the turn time the group is reminded with a mention; at the
deadline the bot plays for the player — a pass in the bidding, a legal card in the play —
and says so. The bot's turn clock is a fake one that the test moves on."""

from __future__ import annotations

from collections.abc import Callable

from bot.render.cards import card_label
from engine import Action, PlayCard
from tests.e2e.conftest import Launch
from tests.e2e.harness import (
    Driver,
    FakeClock,
    Lobby,
    card_of,
    decision_of,
    mentions,
    stored_actions,
)
from tests.fakeapi import FakeChat, FakeTelegram, StoredMessage

# Seconds on the fake clock; no test waits them out.
TURN = 60


def _clock_messages(group: FakeChat) -> list[StoredMessage]:
    return [m for m in group.messages() if (m.text or "").startswith("⏰")]


async def _not_before(
    fake: FakeTelegram, clock: FakeClock, seconds: float, happened: Callable[[], object]
) -> None:
    """Nothing happens until ``seconds`` have passed on the clock, then it may."""
    clock.advance(seconds - 0.5)
    await fake.wait_idle(quiet=0.2)
    assert not happened()
    clock.advance(0.5)


async def test_reminder_at_half_time_then_the_bot_plays_for_the_player(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    clock = FakeClock()
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Table", members=[anna, boris], admins=[anna])
    await launch(clock=clock, turn_timeout=TURN)
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.join(boris)
    await lobby.start(anna)
    gid = lobby.game_id
    assert gid is not None

    # The first bidder lets the time run out.
    first = await fake.wait_for(lambda: decision_of(anna, gid) or decision_of(boris, gid))
    slow = first.user
    await _not_before(fake, clock, TURN / 2, lambda: _clock_messages(group))
    reminder = await fake.wait_message(group, lambda m: (m.text or "").startswith("⏰"), timeout=5)
    assert reminder.text == f"⏰ {slow.first_name}, ваш ход! Осталось {TURN // 2} с."
    assert mentions(reminder) == [slow.id]
    await _not_before(fake, clock, TURN / 2, lambda: len(_clock_messages(group)) > 1)
    played = await fake.wait_message(
        group, lambda m: "не успевает" in (m.text or ""), after=reminder, timeout=5
    )
    assert played.text == f"⏰ {slow.first_name} не успевает — бот ходит за игрока: пас"
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
    clock.advance(TURN / 2)
    await fake.wait_message(
        group, lambda m: f"{player.first_name}, ваш ход" in (m.text or ""), after=played
    )
    clock.advance(TURN / 2)
    played = await fake.wait_message(
        group,
        lambda m: f"{player.first_name} не успевает" in (m.text or ""),
        after=played,
        timeout=5,
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
