"""«Даве» through the real bot and the fake Bot API (RULES-VARIANTS §25): a one-hand
game for two; the offer and the answers are buttons in the private hand, the group sees
each of them, and the game-over message shows the stakes."""

from __future__ import annotations

import random

from bot import db
from bot.callbacks import MoveCb
from engine import Dave, GameFormat, Phase, Rules
from tests.e2e.conftest import Launch
from tests.e2e.harness import (
    Decision,
    Driver,
    Lobby,
    Oracle,
    buttons,
    card_of,
    database,
    game_over_message,
)
from tests.fakeapi import FakeTelegram


def _codes(decision: Decision) -> dict[str, str]:
    return {MoveCb.unpack(data).code: data for _, data in decision.options}


def _card(decision: Decision, rng: random.Random) -> str:
    """A card marked legal on the hand (the harness shows only the «даве» button when
    there is one)."""
    legal = [d for t, d in buttons(decision.message) if card_of(d) and t.startswith("•")]
    return rng.choice(legal) if legal else rng.choice(decision.options)[1]


def offers_and_concedes(decision: Decision, rng: random.Random) -> str:
    codes = _codes(decision)
    for code in ("dave", "concede"):
        if code in codes:
            return codes[code]
    if codes and all(card_of(d) is None for d in codes.values()):
        return rng.choice(decision.options)[1]  # bidding
    return _card(decision, rng)


def plays_on_then_offers(decision: Decision, rng: random.Random) -> str:
    codes = _codes(decision)
    for code in ("play_on", "dave"):
        if code in codes:
            return codes[code]
    if codes and all(card_of(d) is None for d in codes.values()):
        return rng.choice(decision.options)[1]
    return _card(decision, rng)


async def test_dave_offered_played_on_and_conceded(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Dave", members=[anna, boris], admins=[anna])
    await launch()
    # /settings does not offer part 2's options yet: the chat's rules are stored directly.
    async with database(db_url) as session:
        await db.get_or_create_chat(session, group.id, language="ru")
        rules = Rules(format=GameFormat.ONE_HAND, dave=Dave.ARITHMETIC)
        await db.update_chat_settings(session, group.id, rules=rules)
        await session.commit()
    lobby = Lobby(fake, group)
    await lobby.open(anna)
    await lobby.join(boris)
    await lobby.start(anna)

    driver = Driver(
        fake,
        [anna, boris],
        rng=random.Random(25),
        policies={anna.id: offers_and_concedes, boris.id: plays_on_then_offers},
        game_id=lobby.game_id,
    )
    await driver.play_until(lambda: game_over_message(group), timeout=90)
    await fake.wait_idle(quiet=0.1)

    assert lobby.game_id is not None
    oracle = await Oracle.load(db_url, lobby.game_id)
    game = oracle.game
    assert game.phase is Phase.FINISHED
    anna_seat = oracle.seat_of(anna.id)
    # Anna offers first or Boris does; either way Anna concedes the stake at the end
    assert game.stakes[anna_seat] < 0
    assert game.winner == 1 - anna_seat
    texts = [m.text or "" for m in group.messages() if m.from_bot]
    assert any("«даве»!" in text for text in texts)
    assert any("сдаётся и отдаёт" in text for text in texts)
    over = game_over_message(group)
    assert over is not None
    assert "Ставки:" in (over.text or "")
    assert "в одну сдачу" in (over.text or "")
