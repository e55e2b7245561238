"""Counting the generic pydantic classes built (``Response[...]`` and the like): each
build costs its core schema and validator, so a hot path must not make one."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic._internal import _generics


def count_generic_builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now until the test ends: the names of the generic classes built, in order."""
    names: list[str] = []
    real = _generics.create_generic_submodel

    def counting(model_name: str, *args: Any, **kwargs: Any) -> Any:
        names.append(model_name)
        return real(model_name, *args, **kwargs)

    monkeypatch.setattr(_generics, "create_generic_submodel", counting)
    return names
