"""Private calls: a hand message is edited only when its player's screen must change, and
the "your turn" ping comes and goes with the turn (2, 3 and 4 players, whole games).

What was needed is recomputed here from the engine's states around each move (the
actor, the seat whose turn began, seats whose cards changed, a new hand, phase or trump,
the game's end), not from the bot's own rule, so a redraw the rule does not need fails.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest

from bot import db
from bot.callbacks import SettingsScope
from engine import Action, Card, Game, Phase, PlayCard, Rules
from tests.e2e.conftest import Launch
from tests.e2e.harness import (
    Driver,
    Lobby,
    RunningBot,
    buttons,
    card_of,
    choose_setting,
    database,
    decision_of,
    game_over_message,
    hand_message,
    load_state,
    moves_on,
    start_game,
    stored_actions,
    version_moves,
)
from tests.fakeapi import FakeTelegram, FakeUser, StoredMessage

NAMES = ("Anna", "Boris", "Vika", "Gena")
PING = "🔔 Ваш ход!"
NOT_YOUR_TURN = "Сейчас не ваш ход."


@dataclass(frozen=True)
class Screen:
    """What a seat's situation is after a move, as the engine says."""

    to_act: int | None
    phase: Phase
    hand_number: int
    trump: object
    hands: tuple[frozenset[Card], ...]


def _screen(game: Game) -> Screen:
    hands = tuple(frozenset(game.hand(seat)) for seat in range(game.players))
    return Screen(game.to_act, game.phase, game.hand_number, game.trump, hands)


def _needed(before: Screen, after: Screen, actor: int) -> set[int]:
    seats = set(range(len(after.hands)))
    if (
        after.phase is Phase.FINISHED
        or after.phase is not before.phase
        or after.hand_number != before.hand_number
        or after.trump != before.trump
    ):
        return seats
    needed = {actor} | {s for s in seats if before.hands[s] != after.hands[s]}
    if after.to_act is not None and after.to_act != before.to_act:
        needed.add(after.to_act)
    return needed


@dataclass
class Replay:
    screens: list[Screen]
    actors: list[int]
    """actors[m - 1] made move m."""


async def _replay(url: str, game_id: int) -> Replay:
    async with database(url) as session:
        active = await db.load_game(session, game_id)
        actions = await db.list_actions(session, game_id)
    row = active.row
    game = Game.new(row.player_count, Rules.from_json(row.rules), row.seed)
    screens, actors = [_screen(game)], []
    for record in actions:
        assert record.seat is not None
        game.apply(Action.parse(record.code), record.seat)
        screens.append(_screen(game))
        actors.append(record.seat)
    return Replay(screens, actors)


def _pings(user: FakeUser) -> list[StoredMessage]:
    return [m for m in user.private_messages() if (m.text or "").startswith(PING)]


def _check_now(users: list[FakeUser], seats: dict[int, int], game: Game, gid: int) -> None:
    """Each person's newest hand message shows exactly their cards now; the one to act
    sees the legal cards (and only they do)."""
    legal = {a.card for a in game.legal_actions() if isinstance(a, PlayCard)}
    for user in users:
        seat = seats[user.id]
        message = hand_message(user, gid)
        if message is None:
            assert not game.hand(seat), "cards but no hand message"
            continue
        cards = {a.card for cb in moves_on(message) if isinstance(a := cb.action(), PlayCard)}
        assert cards == set(game.hand(seat)), (user.first_name, message.text)
        marked = {
            c
            for row in message.buttons()
            for b in row
            if b["text"].startswith("•")
            for c in [card_of(b["callback_data"])]
            if c is not None
        }
        turn = game.to_act == seat and game.phase is Phase.PLAY
        assert marked == (legal if turn else set()), (user.first_name, message.text)
        assert len(_pings(user)) <= 1, "two pings in one chat"


async def _start(
    fake: FakeTelegram, launch: Launch, players: int, *, ping_idle: float
) -> tuple[RunningBot, list[FakeUser], Lobby]:
    users = [fake.add_user(name) for name in NAMES[:players]]
    running = await launch()
    assert running.app is not None
    running.app.context.ping_idle = ping_idle
    group = fake.add_group("Table", members=users, admins=users[:1])
    await choose_setting(fake, group, users[0], SettingsScope.TARGET, "301")
    lobby = await start_game(fake, group, users[0], users[1:])
    assert lobby.game_id is not None
    return running, users, lobby


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_private_calls_are_the_ones_the_rule_needs(
    fake: FakeTelegram, launch: Launch, db_url: str, players: int
) -> None:
    # Everyone counts as idle: each turn that comes after others moved is pinged.
    running, users, lobby = await _start(fake, launch, players, ping_idle=0.0)
    gid = lobby.game_id
    assert gid is not None
    group = lobby.chat
    driver = Driver(fake, users, rng=random.Random(players), game_id=gid)
    seats: dict[int, int] = {}
    await fake.wait_idle(quiet=0.05)
    async with database(db_url) as session:
        for row in await db.list_seats(session, gid):
            assert row.user_id is not None
            seats[row.user_id] = row.seat
    by_seat = {seat: user for user in users for uid, seat in seats.items() if uid == user.id}
    pings_expected: Counter[int] = Counter()
    while not game_over_message(group):
        assert driver.presses < 2000
        if not await driver.step(lambda: game_over_message(group)):
            break
        game = await load_state(db_url, gid)
        # The ping: the person to act after others moved has one; nobody else does.
        actor = seats[driver.pressed[-1][0].id]
        pinged = {
            seat
            for seat in by_seat
            if game.to_act == seat and game.phase is not Phase.FINISHED and actor != seat
        }
        pings_expected.update(pinged)

        def settled(game: Game = game, pinged: set[int] = pinged) -> bool:
            try:
                _check_now(users, seats, game, gid)
            except AssertionError:
                return False
            return all(len(_pings(by_seat[s])) == (s in pinged) for s in by_seat)

        try:
            await fake.wait_for(settled, timeout=5)
        except TimeoutError:
            _check_now(users, seats, game, gid)
            raise AssertionError(
                f"after move {game.move_number}: pings {[len(_pings(u)) for u in users]},"
                f" wanted for seats {pinged}"
            ) from None
    await fake.wait_idle(quiet=0.05)
    assert all(not _pings(user) for user in users), "a ping outlived the game"

    # Every version of every hand message was needed by the move it followed.
    replay = await _replay(db_url, gid)
    for user in users:
        seat = seats[user.id]
        hands = [
            m
            for m in user.private_messages(include_deleted=True)
            if any(version_moves(v)[0] is not None for v in m.versions())
        ]
        assert len(hands) == 1, "one hand message for the whole game"
        versions = [version_moves(v)[0] for v in hands[0].versions()]
        moves = [cb.move for cb in versions if cb is not None]
        assert moves[0] == 0, "first shown at the deal"
        assert len(moves) == len(set(moves)), f"{user.first_name}: a state shown twice"
        for move in moves[1:]:
            needed = _needed(
                replay.screens[move - 1], replay.screens[move], replay.actors[move - 1]
            )
            assert seat in needed, f"{user.first_name}: edit after move {move} not needed"
        # Versions without buttons show an empty hand (its last card went before the
        # hand ended, or the game is over): that card's leaving is counted as needed.

    # Private calls: the hand's edits checked above, one message each sent, pings deleted.
    calls = [c for c in fake.calls() if (c.chat_id or 0) > 0]
    for user in users:
        mine = Counter(c.method for c in calls if c.chat_id == user.id)
        assert set(mine) <= {"sendMessage", "editMessageText", "deleteMessage"}, mine
        messages = user.private_messages(include_deleted=True)
        sent_pings = [m for m in messages if (m.text or "").startswith(PING)]
        assert len(sent_pings) == pings_expected[seats[user.id]], user.first_name
        assert all(m.deleted for m in sent_pings)
        assert mine["deleteMessage"] == len(sent_pings)
        assert mine["sendMessage"] == len(messages)
        # Besides the hand and the pings, only the join's greeting.
        assert len(messages) - len(sent_pings) <= 2
        hand = hand_message(user, gid) or next(
            m for m in messages if any(version_moves(v)[0] for v in m.versions())
        )
        assert mine["editMessageText"] == len(hand.versions()) - 1
    assert running.errors == []


async def test_no_ping_when_turned_off_or_recently_active(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    running, users, lobby = await _start(fake, launch, 3, ping_idle=0.0)
    anna, boris, vika = users
    gid = lobby.game_id
    assert gid is not None
    # Boris turns his pings off, and on and off again: the answers say the new state.
    for expected in ("выключены", "включены", "выключены"):
        after = boris.private_messages()[-1].message_id
        boris.send_private("/notify")
        answer = await fake.wait_message(boris.chat, lambda m: m.from_bot, after=after)
        assert f"Напоминания о ходе {expected}" in (answer.text or ""), answer.text
    driver = Driver(fake, users, rng=random.Random(3), game_id=gid)
    for _ in range(12):
        await driver.step()
        await fake.wait_idle(quiet=0.03)
    assert not [
        m for m in boris.private_messages(include_deleted=True) if (m.text or "").startswith(PING)
    ]
    assert any(
        (m.text or "").startswith(PING)
        for user in (anna, vika)
        for m in user.private_messages(include_deleted=True)
    )
    # Everyone acted just now: with a 1-hour threshold nobody is idle, no ping is sent.
    assert running.app is not None
    running.app.context.ping_idle = 3600.0
    sent = sum(
        (m.text or "").startswith(PING)
        for user in users
        for m in user.private_messages(include_deleted=True)
    )
    for _ in range(9):
        await driver.step()
        await fake.wait_idle(quiet=0.03)
    assert sent == sum(
        (m.text or "").startswith(PING)
        for user in users
        for m in user.private_messages(include_deleted=True)
    )
    assert all(len(_pings(user)) == 0 for user in users)


async def test_an_old_waiting_keyboard_answers_not_your_turn(
    fake: FakeTelegram, launch: Launch, db_url: str
) -> None:
    _, users, lobby = await _start(fake, launch, 3, ping_idle=3600.0)
    gid = lobby.game_id
    assert gid is not None
    driver = Driver(fake, users, rng=random.Random(5), game_id=gid)
    for _ in range(40):
        await driver.step()
        await fake.wait_idle(quiet=0.03)
        game = await load_state(db_url, gid)
        for user in users:
            message = hand_message(user, gid)
            assert message is not None
            (cb, *_) = moves_on(message)
            cards = [d for _, d in buttons(message) if card_of(d) is not None]
            if cb.move < game.move_number and decision_of(user, gid) is None and cards:
                # Drawn while this player waited, moves ago: the buttons are old, but
                # what the player needs to hear is that it is not their turn.
                moves = len(await stored_actions(db_url, gid))
                answer = await fake.wait_answer(user.press(message, callback_data=cards[0]))
                assert (answer.get("text"), answer.get("show_alert")) == (NOT_YOUR_TURN, True)
                assert len(await stored_actions(db_url, gid)) == moves
                return
    raise AssertionError("no waiting keyboard older than the current move")
