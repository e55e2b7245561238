"""The lobby's three levels, the 💡 hint and the review after a hand, through the real bot
and the fake Bot API. Searches get 0.1 s (a review's decisions 0.05 s) to keep it short:
the same wiring, fewer deals."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from bot.callbacks import HintCb, LobbyAction, LobbyCb
from bot.services.autoplay import ComputerPlayers
from tests.e2e.conftest import Launch
from tests.e2e.harness import (
    Decision,
    Driver,
    Lobby,
    RunningBot,
    buttons,
    decision_of,
    game_over_message,
    hand_results,
    losing_bidder,
    start_game,
)
from tests.fakeapi import FakeTelegram, FakeUser

THINKING = "💡 Думаю: подсказка появится в сообщении с картами."
BUSY = "💡 Ещё думаю: подсказка появится в сообщении с картами."
STALE = "Эта кнопка устарела."


async def _solo(fake: FakeTelegram, anna: FakeUser, *computers: str) -> Lobby:
    anna.send_private("/start")
    await fake.wait_message(anna, lambda m: "Привет" in (m.text or ""))
    lobby = Lobby(fake, anna)
    await lobby.open(anna)
    await lobby.wait_seated("Anna")
    for kind in computers:
        await lobby.add_computer(anna, kind)
    return lobby


def _hint_data(decision: Decision) -> list[str]:
    return [d for _, d in buttons(decision.message) if d.startswith(HintCb.__prefix__ + ":")]


def _counting(players: ComputerPlayers, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Spy on the searches for advice the bot asks its worker pool for."""
    asked: list[object] = []
    original = players.advise

    async def advise(*args: Any, **options: Any) -> Any:
        asked.append(args)
        return await original(*args, **options)

    monkeypatch.setattr(players, "advise", advise)
    return asked


async def test_the_lobby_offers_three_levels_with_clear_names(
    fake: FakeTelegram, launch: Launch
) -> None:
    anna = fake.add_user("Anna")
    await launch()
    lobby = await _solo(fake, anna, "medium", "strong")
    adding = [
        text
        for text, data in buttons(lobby.message)
        if LobbyCb.unpack(data).action is LobbyAction.ADD_BOT
    ]
    assert adding == ["🤖 + лёгкий", "🤖 + средний", "🤖 + сильный"]
    # A lobby drawn before the levels offered "heuristic": its button still seats one.
    assert lobby.game_id is not None
    old = LobbyCb(game_id=lobby.game_id, action=LobbyAction.ADD_BOT, bot_kind="heuristic")
    answer = await fake.wait_answer(anna.press_raw(anna, lobby.message.message_id, old.pack()))
    assert not answer.get("show_alert")
    await fake.wait_for(lambda: len(lobby.seats()) == 4)
    assert lobby.seats() == [
        "Anna",
        "🤖 Компьютер (средний)",
        "🤖 Компьютер (сильный)",
        "🤖 Компьютер (лёгкий)",
    ]


async def test_the_hint_in_a_solo_game_searches_once_and_goes_stale_with_the_move(
    fake: FakeTelegram, launch: Launch, monkeypatch: pytest.MonkeyPatch
) -> None:
    anna = fake.add_user("Anna")
    bot = await launch(search_budget=0.1)
    assert bot.app is not None
    asked = _counting(bot.app.context.players, monkeypatch)
    lobby = await _solo(fake, anna, "medium")
    await lobby.start(anna)
    decision = await fake.wait_for(lambda: decision_of(anna, lobby.game_id), 10)
    [hint] = _hint_data(decision)
    assert HintCb.unpack(hint) == HintCb(game_id=decision.game_id, move=decision.move)

    first = anna.press(decision.message, callback_data=hint)
    second = anna.press(decision.message, callback_data=hint)
    answers = [await fake.wait_answer(q) for q in (first, second)]
    assert [a.get("show_alert") for a in answers] == [False, False]
    assert answers[0].get("text") == THINKING
    assert answers[1].get("text") in (THINKING, BUSY)

    def hinted() -> str | None:
        text = fake.message(anna, decision.message.message_id).text or ""
        return text if "\n💡 " in text else None

    text = await fake.wait_for(hinted, 10)
    line = text.rsplit("\n", 1)[-1]
    assert re.fullmatch(r"💡 .+: .+", line), line
    assert len(asked) == 1, "two presses, one search"
    # The hint keeps the decision's buttons, 💡 included.
    again = decision_of(anna, lobby.game_id)
    assert again is not None
    assert again.move == decision.move
    assert _hint_data(again) == [hint]

    driver = Driver(fake, [anna], rng=random.Random(2), game_id=lobby.game_id)
    await driver.press(again)
    answer = await fake.wait_answer(anna.press_raw(anna, decision.message.message_id, hint))
    assert answer.get("show_alert")
    assert answer.get("text") == STALE
    await fake.wait_idle(quiet=0.1)
    assert len(asked) == 1


async def test_a_group_game_has_no_hint(fake: FakeTelegram, launch: Launch) -> None:
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Friends", members=[anna, boris], admins=[anna])
    await launch()
    for user in (anna, boris):
        user.send_private("/start")
    lobby = await start_game(fake, group, anna, [boris])
    driver = Driver(fake, [anna, boris], rng=random.Random(5), game_id=lobby.game_id)
    for _ in range(4):
        await driver.next_decision(lambda: False)
        [decision] = driver.decisions()
        assert _hint_data(decision) == []
        await driver.press(decision)
    await driver.next_decision(lambda: False)
    [decision] = driver.decisions()
    forged = HintCb(game_id=decision.game_id, move=decision.move).pack()
    user = decision.user
    answer = await fake.wait_answer(user.press_raw(user, decision.message.message_id, forged))
    assert answer.get("show_alert")
    assert answer.get("text") == STALE


async def _play_badly(fake: FakeTelegram, anna: FakeUser, until: Callable[[], object]) -> None:
    """A solo game against the easy computer where Anna bids on suits she hardly holds
    and throws her weakest cards, until ``until()``."""
    lobby = await _solo(fake, anna, "easy")
    await lobby.start(anna)
    driver = Driver(
        fake, [anna], rng=random.Random(4), game_id=lobby.game_id, policies={anna.id: losing_bidder}
    )
    await driver.play_until(until, timeout=60)


def _deal_with_a_costly_bid(bot: RunningBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games get a seed whose first hand has Anna play a bid worth some 100 points less
    than a pass: whatever the searches' clock allows, the review names it. (A random deal
    may have no decision of hers costing more than the review's threshold, and then no
    review is sent.)"""
    assert bot.app is not None
    monkeypatch.setattr(bot.app.context, "new_seed", lambda: 12)


def _review(anna: FakeUser, hand: int) -> str | None:
    for message in anna.private_messages():
        text = message.text or ""
        if message.from_bot and text.startswith(f"🔍 Раздача {hand}:"):
            return text
    return None


async def test_after_a_solo_hand_the_costliest_decisions_are_reviewed(
    fake: FakeTelegram, launch: Launch, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Anna plays badly: the review after the first hand names two or three of her
    decisions, with the strong player's."""
    anna = fake.add_user("Anna")
    bot = await launch(search_budget=0.1)
    _deal_with_a_costly_bid(bot, monkeypatch)
    # The review is searched beside the game, which may go on (or end) meanwhile.
    await _play_badly(fake, anna, until=lambda: _review(anna, 1) or game_over_message(anna))
    text = await fake.wait_for(lambda: _review(anna, 1), 30)
    lines = text.splitlines()[1:]
    assert 1 <= len(lines) <= 3
    for number, line in enumerate(lines, 1):
        assert re.fullmatch(
            rf"{number}\. (взятка \d|торговля|раздача): вы выбрали .+; сильный игрок "
            r"выбрал бы .+ \(.+\), примерно на \d+ очк\w+ лучше\.",
            line,
        ), line
    [review] = [m for m in anna.private_messages() if (m.text or "") == text]
    assert review.message_id > hand_results(anna)[0].message_id


async def test_a_review_cut_off_by_a_restart_is_sent_by_the_next_start(
    fake: FakeTelegram, launch: Launch, monkeypatch: pytest.MonkeyPatch
) -> None:
    anna = fake.add_user("Anna")
    first = await launch(search_budget=0.1)
    assert first.app is not None

    async def never(*args: Any, **options: Any) -> Any:
        await asyncio.Event().wait()

    monkeypatch.setattr(first.app.context.players, "advise", never)
    _deal_with_a_costly_bid(first, monkeypatch)
    await _play_badly(fake, anna, until=lambda: hand_results(anna))
    await first.stop()
    assert _review(anna, 1) is None
    await launch(search_budget=0.1)
    await fake.wait_for(lambda: _review(anna, 1), 20)
