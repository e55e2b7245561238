"""compose.yaml as `docker compose` reads it (there is no Docker daemon here, so `config`
is as far as it goes): valid, and it refuses to start without BOT_TOKEN."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]


def compose_command() -> list[str] | None:
    """`docker compose` (the v2 plugin), or the older `docker-compose`."""
    if shutil.which("docker") is not None:
        found = subprocess.run(["docker", "compose", "version"], capture_output=True, check=False)
        if found.returncode == 0:
            return ["docker", "compose"]
    if shutil.which("docker-compose") is not None:
        return ["docker-compose"]
    return None


COMPOSE = compose_command()
needs_compose = pytest.mark.skipif(
    COMPOSE is None,
    reason="neither the docker compose plugin nor docker-compose is installed",
)


def compose(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Runs in a copy beside no .env: the developer's own must not decide the outcome."""
    assert COMPOSE is not None
    project = tmp_path / "project"
    project.mkdir(exist_ok=True)
    shutil.copy2(ROOT / "compose.yaml", project / "compose.yaml")
    return subprocess.run(
        [*COMPOSE, *args],
        cwd=project,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), **env},
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


@needs_compose
def test_compose_config_is_valid(tmp_path: Path) -> None:
    result = compose(tmp_path, "config", "-q", BOT_TOKEN="123456:AAToken")
    assert result.returncode == 0, result.stderr


@needs_compose
def test_compose_refuses_to_run_without_a_token(tmp_path: Path) -> None:
    result = compose(tmp_path, "config", "-q")
    assert result.returncode != 0
    assert "BOT_TOKEN" in result.stderr


@pytest.mark.skipif(
    COMPOSE != ["docker", "compose"], reason="needs the docker compose plugin (--format json)"
)
def test_the_bot_service_environment_is_valid_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    result = compose(tmp_path, "config", "--format", "json", BOT_TOKEN="123456:AAToken")
    assert result.returncode == 0, result.stderr
    service = json.loads(result.stdout)["services"]["bot"]
    assert service["depends_on"]["db"]["condition"] == "service_healthy"
    settings = Settings.model_validate(service["environment"])
    assert settings.database_url.startswith("postgresql+asyncpg://debertz:")
    assert settings.database_url.endswith("@db:5432/debertz")
    assert not settings.webhook_enabled
    assert settings.health_port == 8090
