"""Assertions shared by the end-to-end tests: what a finished game must have shown."""

from __future__ import annotations

import re

from bot.db import GameStatus
from engine import Outcome
from tests.e2e.harness import Oracle, cards_in_text, hand_results, version_moves
from tests.fakeapi import FakeChat, FakeTelegram, FakeUser, StoredMessage

__all__ = ["check_finished_game", "check_privacy", "score_sheet", "sheet_rows"]

_HAND_NUMBER = re.compile(r"раздачи (\d+)")
_TABLE_HAND = re.compile(r"Раздача (\d+)")


def check_finished_game(
    chat: FakeChat | FakeUser, oracle: Oracle, side_names: list[str], *, since: int = 0
) -> StoredMessage:
    """The game ended as the engine says, and the chat saw each hand's result exactly
    once («Б» exactly where the bidder sat) and one game-over message (among the
    messages after ``since``). Returns the game-over message."""
    assert oracle.status is GameStatus.FINISHED
    game = oracle.game
    assert game.winner is not None
    results = [m for m in hand_results(chat) if m.message_id > since]
    numbers = [int(m[1]) for m in (_HAND_NUMBER.search(r.text or "") for r in results) if m]
    assert numbers == [r.hand_number for r in oracle.sheet], "each hand's result exactly once"
    for message, result in zip(results, oracle.sheet, strict=True):
        text = message.text or ""
        written = next(line for line in text.splitlines() if line.startswith("Пишем:"))
        bait = result.outcome is Outcome.BAIT
        assert ("Б" in written) == bait, (result, text)
        assert ("Байт!" in text) == bait, (result, text)
        for line in result.sides:
            assert f"{side_names[line.side]}" in text
    over = [
        m for m in _bot_messages(chat) if (m.text or "").startswith("🏆") and m.message_id > since
    ]
    assert len(over) == 1, "one game-over message"
    text = over[0].text or ""
    assert side_names[game.winner] in text.splitlines()[0]
    assert str(game.scores[game.winner]) in text.splitlines()[0]
    rows = sheet_rows(text)
    assert len(rows) == len(oracle.sheet)
    # The final totals are the last sheet row.
    for score in game.scores:
        assert str(score) in rows[-1]
    return over[0]


def _bot_messages(chat: FakeChat | FakeUser) -> list[StoredMessage]:
    if isinstance(chat, FakeChat):
        return [m for m in chat.messages() if m.from_bot]
    return chat.private_messages()


def sheet_rows(text: str) -> list[str]:
    """The hand lines of a score sheet (between the rule line and the footer)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("─"))
    rows = []
    for line in lines[start + 1 :]:
        if not re.match(r"\s*\d+\s", line):
            break
        rows.append(line)
    return rows


async def score_sheet(fake: FakeTelegram, chat: FakeChat | FakeUser, user: FakeUser) -> str:
    """/score in the chat; returns the sheet the bot answers with."""
    messages = fake.messages(chat)
    after = messages[-1].message_id if messages else 0
    user.send(chat, "/score")
    message = await fake.wait_message(chat, lambda m: (m.text or "").startswith("📒"), after=after)
    return message.text or ""


def check_privacy(
    fake: FakeTelegram,
    oracle: Oracle,
    players: list[FakeUser],
    public: list[StoredMessage],
) -> None:
    """Nobody saw a card they should not have.

    - Private calls went to the game's players only.
    - Every version of every message with this game's buttons is in its owner's chat and
      shows exactly the owner's hand at the move the buttons answer; its text names no
      card of another hand that the rules have not made public in that hand.
    - ``public`` (the group's messages, or in a solo game the table in the private chat):
      no game buttons, and every card written there was public (played, the face-up
      card, the winning melds after the first trick) by the time that version appeared.
    """
    private = [
        c
        for c in fake.calls()
        if c.method in ("sendMessage", "editMessageText") and (c.chat_id or 0) > 0
    ]
    assert {c.chat_id for c in private} <= oracle.user_ids()
    versions = 0
    for user in players:
        seat = oracle.seat_of(user.id)
        for message in user.private_messages():
            assert message.chat_id == user.id
            for version in message.versions():
                decision, cards = version_moves(version)
                if decision is None or decision.game_id != oracle.game_id:
                    continue
                move = decision.move
                step = oracle.steps[move]
                assert cards == step.hands[seat], (user, move, version.text)
                known = step.hands[seat] | oracle.public_by(float("inf"), step.hand_number)
                assert set(cards_in_text(version.text)) <= known, (user, move, version.text)
                versions += 1
    assert versions >= len(oracle.steps) // len(oracle.seats)
    shown = 0
    for message in public:
        if not message.from_bot:
            continue
        for version in message.versions():
            assert version_moves(version)[0] is None, "game buttons in a public message"
            cards = set(cards_in_text(version.text))
            if not cards:
                continue
            number = _TABLE_HAND.search(version.text or "")
            allowed = oracle.public_by(version.at, int(number[1]) if number else None)
            assert cards <= allowed, (
                f"{sorted(map(str, cards - allowed))} shown too early in:\n{version.text}"
            )
            shown += len(cards)
    assert shown > 0
