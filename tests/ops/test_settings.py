"""HEALTH_HOST/HEALTH_PORT, and where the HEALTHCHECK probe looks for /healthz."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.config import DEFAULT_HEALTH_PORT, Settings
from bot.ops.probe import health_url


@pytest.fixture(autouse=True)
def no_outside_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Neither the developer's environment nor their .env decide these tests."""
    monkeypatch.chdir(tmp_path)
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)


def settings(**values: object) -> Settings:
    return Settings.model_validate(values)


@pytest.mark.parametrize(("raw", "port"), [("9100", 9100), ("0", None), ("", None), (" ", None)])
def test_health_port_zero_or_empty_turns_it_off(raw: str, port: int | None) -> None:
    assert settings(health_port=raw).health_port == port


def test_health_port_default_and_range() -> None:
    assert settings().health_port == DEFAULT_HEALTH_PORT != 8081
    with pytest.raises(ValidationError, match="health_port"):
        settings(health_port="70000")


def test_probe_asks_the_health_server_in_polling_mode() -> None:
    assert health_url(settings(health_host="0.0.0.0", health_port=9100)) == (
        "http://127.0.0.1:9100/healthz"
    )
    assert health_url(settings(health_host="::1", health_port=9100)) == "http://[::1]:9100/healthz"
    assert health_url(settings(health_port=0)) is None


def test_probe_asks_the_webhook_server_in_webhook_mode() -> None:
    configured = settings(
        webhook_url="https://bot.example.org/hook",
        webhook_secret="s3cret",
        webhook_host="0.0.0.0",
        webhook_port=8443,
    )
    assert health_url(configured) == "http://127.0.0.1:8443/healthz"
