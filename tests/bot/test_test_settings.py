"""The tests' settings never come from a developer's .env or shell (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings


def test_a_developers_dotenv_and_shell_do_not_reach_the_tests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What .env.example documents, filled in the way a developer would.
    (tmp_path / ".env").write_text(
        "BOT_TOKEN=123:dev\nDEFAULT_LANGUAGE=en\nTURN_TIMEOUT=15\nLOG_LEVEL=DEBUG\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    settings = Settings()
    assert settings.default_language == "ru"
    assert settings.turn_timeout == 60
    assert settings.log_level == "INFO"
    assert settings.bot_token is None
