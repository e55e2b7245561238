"""Render tests run with strict translations: a missing key or argument raises."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.i18n import set_strict


@pytest.fixture(autouse=True)
def strict_translations() -> Iterator[None]:
    set_strict(True)
    yield
    set_strict(False)
