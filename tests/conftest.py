"""What every test shares: the bot's settings come from the test alone.

A developer's own ``.env`` (or ``DEFAULT_LANGUAGE`` exported in their shell) must not
change what the tests check: with the documented ``DEFAULT_LANGUAGE=en`` there, tests
that read the bot's Russian answers failed. So no test reads ``.env`` and the bot's
variables are cleared from the environment; a test that is about reading them
(``tests/db/test_config.py``) switches the file back on for itself.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.config import Settings
from tests.e2e.process import Zygote

BOT_VARIABLES = tuple(name.upper() for name in Settings.model_fields)

# Directories whose tests take seconds each (bot processes, whole games, random games), in
# the order they start. Alphabetically tests/ops came near the end: the suite ended with
# one worker still in a long test while the others were idle. Longest first, the short
# ones fill in at the end; this needs `--maxschedchunk 1` (pyproject.toml), since
# pytest-xdist otherwise hands each worker a contiguous quarter of its share first, and
# the first worker got every slow test (busy 212 s while the others stopped at 122 s).
SLOW_FIRST = ("tests/ops/", "tests/e2e/", "tests/engine/", "tests/ai/")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        path = item.nodeid
        return next((i for i, d in enumerate(SLOW_FIRST) if path.startswith(d)), len(SLOW_FIRST))

    items.sort(key=rank)  # stable: collection order within a directory


@pytest.fixture(autouse=True)
def settings_from_the_test_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(Settings.model_config, "env_file", None)
    for name in BOT_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="session")
def zygote(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Zygote]:
    """The parent that forks bot processes (tests/e2e/zygote.py), shared by the tests of
    a worker: tests/e2e and tests/ops."""
    parent = Zygote(tmp_path_factory.mktemp("zygote"))
    yield parent
    parent.close()
