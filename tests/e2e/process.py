"""The bot as a real process (``python -m bot``) against the fake Bot API: started with
its settings in the environment (never a developer's ``.env``: it runs in an empty
directory), killed with SIGKILL or stopped with SIGTERM like a service manager would.

With a :class:`Zygote`, each start forks a parent that has the bot imported already
(see tests/e2e/zygote.py): a start costs a fraction of a second instead of seconds of
imports, and the child is still a process of its own."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.fakeapi import FakeTelegram

__all__ = ["ForkedBot", "Zygote", "base_environment"]


def base_environment() -> dict[str, str]:
    """What a child process needs from ours: where Python and its packages are."""
    keep = ("PATH", "HOME", "LANG", "LC_ALL", "PYTHONPATH", "VIRTUAL_ENV", "TMPDIR")
    return {name: os.environ[name] for name in keep if name in os.environ}


class Zygote:
    """The forking parent; its replies come in milliseconds, so the calls block."""

    def __init__(self, workdir: Path) -> None:
        workdir.mkdir(parents=True, exist_ok=True)
        self._process = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("zygote.py"))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=workdir,
            env=base_environment(),
            text=True,
        )

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self._process.stdin is not None
        assert self._process.stdout is not None
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        reply = self._process.stdout.readline()
        if not reply:
            raise RuntimeError("the zygote died")
        answer: dict[str, Any] = json.loads(reply)
        return answer

    def spawn(self, cwd: Path, env: dict[str, str], log: Path) -> int:
        pid: int = self._ask({"cmd": "start", "cwd": str(cwd), "env": env, "log": str(log)})["pid"]
        return pid

    def run_main(self, cwd: Path, env: dict[str, str], log: Path) -> int:
        """A child that runs and ends as ``python -m bot`` would (zygote.py's ``run``)."""
        pid: int = self._ask({"cmd": "run", "cwd": str(cwd), "env": env, "log": str(log)})["pid"]
        return pid

    def wait(self, pid: int, timeout: float = 15.0) -> int | None:
        code: int | None = self._ask({"cmd": "wait", "pid": pid, "timeout": timeout})["code"]
        return code

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=10)


class ForkedBot:
    """The bot forked by a :class:`Zygote`, one process at a time, started again as
    often as a test likes; its stderr (the log) goes to ``log_path``, each run after a
    ``--- run N ---`` line."""

    def __init__(
        self,
        fake: FakeTelegram,
        database_url: str,
        workdir: Path,
        zygote: Zygote,
        *,
        name: str = "bot",
        env: dict[str, str] | None = None,
    ) -> None:
        self.fake = fake
        self.database_url = database_url
        self.workdir = workdir
        self.zygote = zygote
        self.name = name
        self.extra_env = env or {}
        self.log_path = workdir / f"{name}.log"
        self.pid: int | None = None
        self.exit_code: int | None = None
        self.runs = 0

    def environment(self) -> dict[str, str]:
        return {
            **base_environment(),
            "BOT_TOKEN": self.fake.token,
            "TELEGRAM_API_BASE": self.fake.base_url,
            "DATABASE_URL": self.database_url,
            "LOG_LEVEL": "INFO",
            "TURN_TIMEOUT": "600",
            # Several of these at once (and the developer's own bot) need no health port.
            "HEALTH_PORT": "0",
            **self.extra_env,
        }

    async def start(self, *, ready_timeout: float = 30.0) -> None:
        """Start and wait until it takes updates: its first long poll, or in webhook
        mode its "webhook serving" line."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        world = self.fake.world
        polls = world.poll_generation
        webhook_mode = "WEBHOOK_URL" in self.extra_env
        with self.log_path.open("a") as log:
            log.write(f"--- run {self.runs} ---\n")
        self.pid = self.zygote.spawn(self.workdir, self.environment(), self.log_path)
        self.exit_code = None
        self.runs += 1

        def ready() -> bool:
            if self._exited():
                return True
            if webhook_mode:
                return "webhook serving" in self.current_log()
            return world.poll_generation > polls

        await self.fake.wait_for(ready, ready_timeout)
        if self._exited():
            raise RuntimeError(f"{self.name} exited:\n{self.current_log()}")

    def _exited(self) -> bool:
        assert self.pid is not None
        if self.exit_code is not None:
            return True
        code = self.zygote.wait(self.pid, timeout=0)
        if code is not None:
            self.exit_code = code
            return True
        return False

    async def kill(self) -> None:
        """SIGKILL: no handler runs, nothing is flushed."""
        if self.pid is None:
            return
        if self.exit_code is None:
            os.kill(self.pid, signal.SIGKILL)
            self.zygote.wait(self.pid)
        self.pid = None

    async def terminate(self, *, sig: int = signal.SIGTERM, timeout: float = 15.0) -> int:  # noqa: ASYNC109
        """Stop it as a service manager does; returns the exit code."""
        assert self.pid is not None
        if self.exit_code is not None:
            return self.exit_code
        os.kill(self.pid, sig)
        code = self.zygote.wait(self.pid, timeout)
        if code is None:
            os.kill(self.pid, signal.SIGKILL)
            self.zygote.wait(self.pid)
            raise TimeoutError(f"{self.name} did not stop within {timeout} s")
        self.pid = None
        return code

    def log(self) -> str:
        return self.log_path.read_text() if self.log_path.exists() else ""

    def current_log(self) -> str:
        """The log of the latest run."""
        return self.log().rsplit("--- run", 1)[-1]

    def tracebacks(self) -> list[str]:
        """Each traceback in the log, from the line that logged it to the exception."""
        found: list[str] = []
        lines = self.log().splitlines()
        for start, line in enumerate(lines):
            if not line.startswith("Traceback"):
                continue
            end = start + 1
            while end < len(lines) and (lines[end].startswith(" ") or not lines[end]):
                end += 1
            found.append("\n".join(lines[max(start - 1, 0) : end + 1]))
        return found
