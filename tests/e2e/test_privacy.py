"""Nobody sees a card they should not: across a whole 3-player game, every private
message goes to its owner and shows exactly their hand, and the group never shows a
card before the rules make it public (played, the face-up card, the winning melds
after the first trick)."""

from __future__ import annotations

import random

from bot.callbacks import SettingsScope
from tests.e2e.checks import check_privacy
from tests.e2e.conftest import Launch
from tests.e2e.harness import Driver, Oracle, choose_setting, game_over_message, start_game
from tests.fakeapi import FakeTelegram


async def test_no_card_reaches_anyone_it_should_not(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna, boris, vika = (fake.add_user(name) for name in ("Anna", "Boris", "Vika"))
    gena = fake.add_user("Gena")  # in the group, watching
    group = fake.add_group("Table", members=[anna, boris, vika, gena], admins=[anna])
    await launch()
    await choose_setting(fake, group, anna, SettingsScope.TARGET, "301")
    lobby = await start_game(fake, group, anna, [boris, vika])
    players = [anna, boris, vika]
    driver = Driver(fake, players, rng=random.Random(11), game_id=lobby.game_id)
    await driver.play_until(lambda: game_over_message(group), timeout=120)
    await fake.wait_idle(quiet=0.1)
    assert lobby.game_id is not None
    oracle = await Oracle.load(db_url, lobby.game_id)
    assert oracle.user_ids() == {u.id for u in players}

    check_privacy(fake, oracle, players, group.messages())
    private = {c.chat_id for c in fake.calls() if (c.chat_id or 0) > 0 and c.method != "getChat"}
    assert private == oracle.user_ids()
    # Gena, who only watches, got nothing privately.
    assert not [c for c in fake.calls() if c.chat_id == gena.id]
