"""mypy passes on the whole project, as ``pyproject.toml`` configures it.

Run here rather than before the suite in the README's command: mypy works on one core
for some 20 s, and inside the suite the other workers keep the second core busy
meanwhile (``tests/conftest.py`` starts tests/ops first)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_passes() -> None:
    checked = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
