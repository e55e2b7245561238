"""The bot as a real process (``python -m bot``) against the fake Bot API: started with
its settings in the environment (never a developer's ``.env``: it runs in an empty
directory), killed with SIGKILL or stopped with SIGTERM like a service manager would."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.fakeapi import FakeTelegram

__all__ = ["BotProcess", "base_environment"]


def base_environment() -> dict[str, str]:
    """What a child process needs from ours: where Python and its packages are."""
    keep = ("PATH", "HOME", "LANG", "LC_ALL", "PYTHONPATH", "VIRTUAL_ENV", "TMPDIR")
    return {name: os.environ[name] for name in keep if name in os.environ}


class BotProcess:
    """One ``python -m bot``; its stderr (the log) goes to ``log_path``."""

    def __init__(
        self,
        fake: FakeTelegram,
        database_url: str,
        workdir: Path,
        *,
        name: str = "bot",
        env: dict[str, str] | None = None,
    ) -> None:
        self.fake = fake
        self.database_url = database_url
        self.workdir = workdir
        self.name = name
        self.extra_env = env or {}
        self.log_path = workdir / f"{name}.log"
        self.process: asyncio.subprocess.Process | None = None
        self.runs = 0

    def environment(self) -> dict[str, str]:
        return {
            **base_environment(),
            "BOT_TOKEN": self.fake.token,
            "TELEGRAM_API_BASE": self.fake.base_url,
            "DATABASE_URL": self.database_url,
            "LOG_LEVEL": "INFO",
            "TURN_TIMEOUT": "600",
            **self.extra_env,
        }

    async def start(self, *, ready_timeout: float = 30.0) -> None:  # noqa: ASYNC109
        """Start and wait until it takes updates (its first long poll; or, in webhook
        mode, once the webhook is set)."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        world = self.fake.world
        polls = world.poll_generation
        webhook_mode = "WEBHOOK_URL" in self.extra_env
        log = self.log_path.open("a")
        log.write(f"--- run {self.runs} ---\n")
        log.flush()
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=self.workdir,
            env=self.environment(),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=log,
        )
        log.close()
        self.runs += 1
        process = self.process

        def ready() -> bool:
            if process.returncode is not None:
                return True
            if webhook_mode:
                return self._webhook_ready()
            return world.poll_generation > polls

        await self.fake.wait_for(ready, ready_timeout)
        if process.returncode is not None:
            raise RuntimeError(f"{self.name} exited with {process.returncode}:\n{self.log()}")

    def _webhook_ready(self) -> bool:
        return "webhook serving" in self.log().rsplit("--- run", 1)[-1]

    async def kill(self) -> None:
        """SIGKILL: no handler runs, nothing is flushed."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        process.send_signal(signal.SIGKILL)
        await process.wait()

    async def terminate(self, *, sig: int = signal.SIGTERM, timeout: float = 15.0) -> int:  # noqa: ASYNC109
        """Stop it as a service manager does; returns the exit code."""
        process = self.process
        assert process is not None
        if process.returncode is None:
            process.send_signal(sig)
        try:
            return await asyncio.wait_for(process.wait(), timeout)
        except TimeoutError:
            process.kill()
            await process.wait()
            raise

    def log(self) -> str:
        return self.log_path.read_text() if self.log_path.exists() else ""

    def error_lines(self) -> list[str]:
        return [
            line for line in self.log().splitlines() if " ERROR " in line or "Traceback" in line
        ]
