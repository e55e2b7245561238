"""deploy/debertz-bot.service: what a stop and a failed start need from systemd, and
`systemd-analyze verify` where systemd is installed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from configparser import ConfigParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "debertz-bot.service"


def unit() -> ConfigParser:
    parser = ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(UNIT)
    return parser


def test_the_unit_stops_with_sigterm_and_waits_longer_than_the_drain() -> None:
    service = unit()["Service"]
    assert service["ExecStart"].endswith("/venv/bin/python -m bot")
    assert service["EnvironmentFile"] == "/etc/debertz-bot.env"
    assert service["Restart"] == "on-failure"
    assert service["KillSignal"] == "SIGTERM"
    assert int(service["TimeoutStopSec"]) > 10  # the bot's own stop takes 10 s at most
    # A wrong setting or token does not fix itself: no restarting into it.
    assert set(service["RestartPreventExitStatus"].split()) == {"2", "3"}
    assert service["User"] != "root"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd is not installed")
def test_systemd_accepts_the_unit(tmp_path: Path) -> None:
    # The venv of the unit does not exist here: point ExecStart at this interpreter.
    text = UNIT.read_text().replace("/opt/debertz-bot/venv/bin/python", sys.executable)
    copy = tmp_path / UNIT.name
    copy.write_text(text)
    result = subprocess.run(
        ["systemd-analyze", "verify", str(copy)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == "", result.stderr
