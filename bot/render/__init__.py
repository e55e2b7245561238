"""Texts and keyboards, per language, as pure functions: no Telegram calls, no database,
no rules (what is legal comes from the engine's views).

Every text is HTML for parse mode HTML, under 4096 characters; names passed in are raw
text and are escaped here. Keyboards stay within Telegram's limits (8 buttons a row, 100
in all, callback data up to 64 bytes) and use the classes of :mod:`bot.callbacks`.

| module | what |
|---|---|
| :mod:`.cards` | cards, suits, melds and actions in words |
| :mod:`.names` | seat and side names, computer players, mentions |
| :mod:`.table` | the group's table message |
| :mod:`.hand` | a player's private hand message and keyboard |
| :mod:`.lobby` | the lobby message and keyboard |
| :mod:`.sheet` | the score sheet, a hand's result, the end of the game |
| :mod:`.rules_text` | the chat's rules in words |
| :mod:`.settings` | the settings message and keyboard |
| :mod:`.reasons` | why a move was refused (alerts) |
| :mod:`.messages` | help, notices and alerts |
"""

from .cards import action_label, card_label, cards_text, hand_text, suit_label, suit_name
from .hand import render_hand
from .lobby import render_lobby
from .messages import Alert, Notice, alert, notice
from .names import Computer, computer_name, mention, seat_names, side_names
from .reasons import render_reason
from .rules_text import render_rules_page
from .settings import decode_value, render_settings
from .sheet import render_game_over, render_hand_result, render_score_sheet
from .table import render_table

__all__ = [
    "Alert",
    "Computer",
    "Notice",
    "action_label",
    "alert",
    "card_label",
    "cards_text",
    "computer_name",
    "decode_value",
    "hand_text",
    "mention",
    "notice",
    "render_game_over",
    "render_hand",
    "render_hand_result",
    "render_lobby",
    "render_reason",
    "render_rules_page",
    "render_score_sheet",
    "render_settings",
    "render_table",
    "seat_names",
    "side_names",
    "suit_label",
    "suit_name",
]
