"""Checks every rendered text and keyboard must pass, and real game states to render."""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from typing import Any

from aiogram.types import InlineKeyboardMarkup

from engine import Game, Phase, Rules

ALLOWED_TAGS = frozenset({"b", "i", "u", "s", "code", "pre", "a", "tg-spoiler", "blockquote"})
ALLOWED_ATTRS: dict[str, frozenset[str]] = {"a": frozenset({"href"}), "code": frozenset({"class"})}
ENTITY = re.compile(r"&(?:lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);")
MAX_TEXT = 4096

NAMES = ("Аня", "Борис <b>&", "Вика “Q”", "Гена_64 " + "ы" * 56)
"""Display names per seat: HTML characters, quotes, a 64-character name."""
USER_IDS = (1001, 1002, None, 1004)


class _TelegramHtml(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ALLOWED_TAGS:
            self.errors.append(f"tag <{tag}> is not allowed")
        for name, _ in attrs:
            if name not in ALLOWED_ATTRS.get(tag, frozenset()):
                self.errors.append(f"attribute {name} on <{tag}>")
        if tag == "a" and not any(name == "href" and value for name, value in attrs):
            self.errors.append("<a> without href")
        self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.errors.append(f"self-closing <{tag}/>")

    def handle_data(self, data: str) -> None:
        if "<" in data or ">" in data:
            self.errors.append(f"raw < or > in {data!r}")
        self.text.append(data)

    def handle_entityref(self, name: str) -> None:
        if name not in ("lt", "gt", "amp", "quot"):
            self.errors.append(f"entity &{name};")

    def handle_comment(self, data: str) -> None:
        self.errors.append("comment")


def _tdlib_parser() -> Callable[[str], Any] | None:
    """The fake Bot API server's parser (tdlib's grammar), when that package is there."""
    try:
        module = importlib.import_module("tests.fakeapi.textparse")
    except ImportError:
        return None
    parse = getattr(module, "parse_html", None)
    return parse if callable(parse) else None


_TDLIB = _tdlib_parser()


def check_html(text: str) -> None:
    """``text`` is accepted by Telegram with parse mode HTML and is short enough."""
    assert text.strip(), "empty message"
    assert len(text) <= MAX_TEXT, f"{len(text)} characters"
    for match in re.finditer("&", text):
        assert ENTITY.match(text, match.start()), (
            f"bare & at {text[match.start() : match.start() + 12]!r}"
        )
    assert "{" not in text, f"unformatted placeable in {text!r}"
    assert "}" not in text, f"unformatted placeable in {text!r}"
    parser = _TelegramHtml()
    parser.feed(text)
    parser.close()
    assert not parser.errors, parser.errors
    assert not parser.stack, f"unclosed {parser.stack}"
    if _TDLIB is not None:
        _TDLIB(text)


def check_plain(text: str, *, limit: int = 4096) -> None:
    """Plain text (button labels, alerts): no markup, no placeables, within ``limit``."""
    assert text.strip()
    assert len(text) <= limit, f"{len(text)} > {limit}: {text!r}"
    for char in "<&{":
        assert char not in text, text


def check_keyboard(keyboard: InlineKeyboardMarkup) -> list[tuple[str, str]]:
    """Telegram's limits; returns (text, callback_data) of every callback button."""
    rows = keyboard.inline_keyboard
    assert sum(len(row) for row in rows) <= 100
    out: list[tuple[str, str]] = []
    for row in rows:
        assert 1 <= len(row) <= 8, f"row of {len(row)}"
        for item in row:
            check_plain(item.text, limit=200)
            assert (item.callback_data is None) != (item.url is None)
            if item.callback_data is not None:
                assert 1 <= len(item.callback_data.encode()) <= 64, item.callback_data
                out.append((item.text, item.callback_data))
    return out


def walk(
    players: int, rules: Rules, seed: int, *, max_hands: int = 99, max_moves: int = 10_000
) -> Iterator[Game]:
    """A game played with random legal actions; yields it before every action (and at the
    end). Consume each state before asking for the next."""
    game = Game.new(players, rules, seed)
    rng = random.Random(seed)
    for _ in range(max_moves):
        yield game
        if game.phase is Phase.FINISHED or game.hand_number > max_hands:
            return
        game.apply(rng.choice(game.legal_actions()))
