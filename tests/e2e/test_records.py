"""After a game over the fake Bot API: /stats, /top, /history and /start answer with the
figures of the game played, and bad input gets a clear answer."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from bot.callbacks import HistoryCb, SettingsScope
from bot.services import stats
from bot.services.ratings import COMPUTER_RATINGS, shown_rating
from engine import Game, Outcome
from tests.e2e.conftest import Launch
from tests.e2e.harness import Driver, Oracle, choose_setting, game_over_message, start_game
from tests.fakeapi import FakeChat, FakeTelegram, FakeUser, FloodLimits, StoredMessage


async def ask(
    fake: FakeTelegram,
    chat: FakeChat | FakeUser,
    user: FakeUser,
    text: str,
    *,
    reply_to: StoredMessage | None = None,
) -> StoredMessage:
    """Send a command; the bot's answer (a text: the game's chart, a photo, may still be on
    its way when a command follows the game's end)."""
    messages = fake.messages(chat)
    after = messages[-1].message_id if messages else 0
    user.send(chat, text, reply_to=reply_to)
    return await fake.wait_message(chat, lambda m: m.photo is None, after=after)


def places(game: Game) -> list[float]:
    winner = game.winner
    assert winner is not None
    scores = game.scores
    return [
        1.0
        if side == winner
        else 2.0
        + sum(1 for s in range(len(scores)) if s not in (winner, side) and scores[s] > scores[side])
        for side in range(len(scores))
    ]


def stats_lines(game: Game, seat: int) -> list[str]:
    """The lines /stats must show for ``seat`` after this one game (Russian)."""
    bids = [result for result in game.sheet if result.bidder == seat]
    made = sum(result.outcome in (Outcome.MADE, Outcome.FIFTY) for result in bids)
    won = int(game.winner == seat)
    made_rate = round(100 * made / len(bids)) if bids else 0
    return [
        f"Партий: 1 · побед: {won} ({100 * won}%)",
        f"Самая длинная серия побед: {won}",
        f"Раздач играющим: {len(bids)}, сыграно {made} ({made_rate}%)",
        # Played to 301: still the Odessa rules.
        f"• одесский деберц: партий 1, побед {won}",
    ]


async def test_stats_top_and_history_after_a_game(
    fake: FakeTelegram, launch: Launch, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One game is enough to be listed here: the listing rule itself is a DB test's.
    monkeypatch.setattr(stats, "TOP_MIN_GAMES", 1)
    anna, boris = fake.add_user("Anna"), fake.add_user("Boris")
    group = fake.add_group("Records", members=[anna, boris], admins=[anna])
    # A game and a dozen commands in a minute would meet Telegram's 20 messages a minute
    # in a group (pacing is test_limits.py's subject).
    fake.limits = FloodLimits(group_messages=10**6)
    await launch()

    # The commands are in the menus of groups and private chats, in each language.
    for scope in ("all_group_chats", "all_private_chats"):
        menu = {c["command"]: c["description"] for c in fake.commands({"type": scope}, "ru")}
        assert menu["stats"].startswith("Моя статистика")
        assert {"top", "history"} <= set(menu)
        english = {c["command"] for c in fake.commands({"type": scope}, "en")}
        assert {"top", "stats", "history"} <= english

    # Before any game: nothing recorded, and every command says so.
    assert "ещё нет сыгранных партий" in ((await ask(fake, group, anna, "/history")).text or "")
    assert "ещё не доиграл(а) ни одной партии в этом чате" in (
        (await ask(fake, group, anna, "/stats")).text or ""
    )
    assert "Пока никто не сыграл здесь 1 партию" in (
        (await ask(fake, group, anna, "/top")).text or ""
    )

    await choose_setting(fake, group, anna, SettingsScope.TARGET, "301")
    lobby = await start_game(fake, group, anna, [boris], ["easy"])
    driver = Driver(fake, [anna, boris], rng=random.Random(5), game_id=lobby.game_id)
    await driver.play_until(lambda: game_over_message(group), timeout=120)
    await fake.wait_idle(quiet=0.1)
    assert lobby.game_id is not None
    oracle = await Oracle.load(db_url, lobby.game_id)
    game = oracle.game

    # /stats: Anna's own, then Boris's by replying to his message.
    mine = (await ask(fake, group, anna, "/stats")).text or ""
    assert "Anna: статистика в этом чате" in mine
    for line in stats_lines(game, oracle.seat_of(anna.id)):
        assert line in mine
    said = boris.send(group, "Ещё партию?")
    his = (
        await ask(fake, group, anna, "/stats", reply_to=fake.message(group, said["message_id"]))
    ).text or ""
    assert "Boris: статистика в этом чате" in his
    for line in stats_lines(game, oracle.seat_of(boris.id)):
        assert line in his

    # The ratings openskill gives this game, the computer player's fixed.
    model = PlackettLuce()
    teams = [
        [model.rating(*COMPUTER_RATINGS[("easy", 3)])] if seat.user_id is None else [model.rating()]
        for seat in oracle.seats
    ]
    rated = model.rate(teams, ranks=places(game))
    shown = {
        seat.user_id: shown_rating(rated[seat.seat][0].mu, rated[seat.seat][0].sigma)
        for seat in oracle.seats
        if seat.user_id is not None
    }
    assert f"Рейтинг: {shown[anna.id]}" in mine
    assert f"За последнюю партию: {shown[anna.id] - 1000:+d}" in mine

    # /top in the group: both, best first, each with one game.
    top = (await ask(fake, group, anna, "/top")).text or ""
    assert "Таблица лидеров этого чата" in top
    board = [line for line in top.splitlines() if line[:2] in ("1.", "2.")]
    order = sorted((anna, boris), key=lambda user: -shown[user.id])
    expected = []
    for place, user in enumerate(order, start=1):
        wins = int(game.winner == oracle.seat_of(user.id))
        expected.append(f"{place}. {user.first_name} — {shown[user.id]} · партий 1, побед {wins}")
    assert board == expected
    # In private: the global one, in the person's language.
    private_top = (await ask(fake, anna, anna, "/top")).text or ""
    assert "(все чаты)" in private_top
    assert f"Anna — {shown[anna.id]}" in private_top

    # /start in private greets and shows the figures of all of Anna's games.
    start = (await ask(fake, anna, anna, "/start")).text or ""
    assert "Anna" in start
    assert "Anna: статистика" in start
    for line in stats_lines(game, oracle.seat_of(anna.id)):
        assert line in start

    # /history: one game; its button edits the same message into the score sheet.
    listing = await ask(fake, group, anna, "/history")
    assert "Последние партии" in (listing.text or "")
    assert "Anna" in (listing.text or "")
    assert str(max(game.scores)) in (listing.text or "")
    assert "одесский деберц" in (listing.text or "")
    button = HistoryCb(game_id=oracle.game_id).pack()
    assert listing.callback_data() == [button]
    answer = await fake.wait_answer(anna.press(listing, callback_data=button))
    assert not answer.get("show_alert"), answer
    await fake.wait_for(
        lambda: "Запись партии" in (fake.message(group, listing.message_id).text or "")
    )
    sheet = fake.message(group, listing.message_id).text or ""
    rows = [line for line in sheet.splitlines() if line.strip()[:1].isdigit()]
    assert len(rows) == len(game.sheet)
    back = HistoryCb(game_id=0).pack()
    assert fake.message(group, listing.message_id).callback_data() == [back]
    answer = await fake.wait_answer(boris.press(listing, callback_data=back))
    assert not answer.get("show_alert"), answer
    await fake.wait_for(
        lambda: "Последние партии" in (fake.message(group, listing.message_id).text or "")
    )

    # Bad input: /stats of the bot, a stale history message, a forged game.
    refusal = await ask(fake, group, anna, "/stats", reply_to=listing)
    assert "У ботов и компьютерных игроков нет статистики" in (refusal.text or "")
    newer = await ask(fake, group, anna, "/history")
    assert newer.message_id != listing.message_id
    stale = await fake.wait_answer(anna.press(listing, callback_data=button))
    assert stale.get("show_alert")
    assert stale.get("text") == "Эта кнопка устарела."
    forged = await fake.wait_answer(
        anna.press_raw(group, newer.message_id, HistoryCb(game_id=oracle.game_id + 1000).pack())
    )
    assert forged.get("show_alert")
    # A stranger in the group who never played.
    vika = fake.add_user("Vika")
    group.add_member(vika, announce=False)
    never = (await ask(fake, group, vika, "/stats")).text or ""
    assert "Vika ещё не доиграл(а) ни одной партии в этом чате" in never
