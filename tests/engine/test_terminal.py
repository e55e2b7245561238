"""``python -m engine``: any preset, any option with ``--set``, a whole game to the end."""

from __future__ import annotations

import builtins
import itertools

import pytest

from engine import MeldTie, Rules, RulesError
from engine.__main__ import main, parse_setting


def test_parse_setting_types_the_value_like_the_option() -> None:
    rules = Rules()
    assert parse_setting("must_trump=false", rules) == {"must_trump": False}
    assert parse_setting("gap_win=250", rules) == {"gap_win": 250}
    change = parse_setting("meld_tie=last_trick", rules)
    assert rules.replace(**change).meld_tie is MeldTie.LAST_TRICK


@pytest.mark.parametrize("text", ["must_trump", "nonsense=1", "must_trump=maybe", "gap_win=x"])
def test_parse_setting_refuses_bad_text(text: str) -> None:
    with pytest.raises(RulesError):
        parse_setting(text, Rules())


def test_a_whole_game_with_a_part_two_preset_and_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = itertools.repeat("1")  # always the first legal action
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(answers))
    argv = ["--players", "2", "--preset", "site", "--seed", "7", "--target", "101"]
    assert main([*argv, "--set", "must_trump=false", "--set", "gap_win=60"]) == 0
    assert "game over" in capsys.readouterr().out


def test_a_bad_setting_exits_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--set", "nonsense=1"])
    assert "nonsense" in capsys.readouterr().err
