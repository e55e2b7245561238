"""Just enough of a Dockerfile parser to replay its build and start steps outside Docker
(no daemon, no registry here): instructions with their continuation lines joined."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Instruction", "exec_form", "parse"]


@dataclass(frozen=True)
class Instruction:
    name: str
    """Upper case: FROM, RUN, COPY, ..."""
    args: str


def parse(path: Path) -> list[Instruction]:
    instructions: list[Instruction] = []
    pending = ""
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if pending and line.startswith("#"):
            continue  # a comment inside a continued instruction
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        whole = (pending + line).strip()
        pending = ""
        name, _, args = whole.partition(" ")
        instructions.append(Instruction(name.upper(), args.strip()))
    assert not pending, f"{path} ends inside a continued line"
    return instructions


def exec_form(args: str) -> list[str]:
    """The JSON array of CMD ["python", ...] (shell form is not accepted: signals would
    go to a shell, not to the bot)."""
    value = json.loads(args)
    assert isinstance(value, list), f"not the exec form: {args}"
    assert all(isinstance(item, str) for item in value), args
    return [str(item) for item in value]


def env_pairs(args: str) -> dict[str, str]:
    """ENV KEY=VALUE KEY2=VALUE2 (the legacy ``ENV KEY VALUE`` form is not used here)."""
    pairs = {}
    for token in shlex.split(args):
        key, sep, value = token.partition("=")
        assert sep, f"ENV {args}: use KEY=VALUE"
        pairs[key] = value
    return pairs
