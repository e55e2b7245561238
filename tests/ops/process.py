"""The bot as a real process (``python -m bot``), the way a container or systemd runs it:
its environment given whole (no developer's ``.env``: it runs in a temporary directory),
its stderr in a file (a pipe nobody reads fills up and blocks a chatty process).

:class:`BotProcess` starts a new interpreter; :class:`ForkedProcess` is forked by the
zygote (tests/e2e/zygote.py) from a parent that has the bot imported, then runs
``bot/__main__.py`` as ``__main__`` and exits through the interpreter's own end, as
``python -m bot`` does. The imports of a new interpreter cost about ten seconds of CPU
here; tests/ops/test_dockerfile.py pays them once for the image's CMD."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import aiohttp

from tests.e2e.process import Zygote
from tests.fakeapi import Call, ChatRef, FakeTelegram

__all__ = [
    "STOP_DEADLINE",
    "BotProcess",
    "ForkedProcess",
    "Process",
    "assert_clean_exit",
    "bot_env",
    "free_port",
    "get_json",
    "get_text",
    "polling",
    "sends",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def bot_env(workdir: Path, fake: FakeTelegram | None = None, **settings: str) -> dict[str, str]:
    """The whole environment of a bot process: a SQLite file in ``workdir``, the fake Bot
    API when given, /healthz off unless HEALTH_PORT is given; ``settings`` win."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(workdir),
        "LANG": "C.UTF-8",
        "LOG_LEVEL": "INFO",
        "DATABASE_URL": f"sqlite+aiosqlite:///{workdir / 'bot.sqlite3'}",
        "HEALTH_PORT": "0",
    }
    if fake is not None:
        env["BOT_TOKEN"] = fake.token
        env["TELEGRAM_API_BASE"] = fake.base_url
    env.update(settings)
    return env


class Process(Protocol):
    @property
    def exited(self) -> bool: ...
    def stderr(self) -> str: ...
    def send(self, signum: signal.Signals) -> None: ...
    async def wait(self, timeout: float) -> int: ...  # noqa: ASYNC109
    async def kill(self) -> None: ...


def _log_file(workdir: Path) -> Path:
    sink, name = tempfile.mkstemp(prefix="output-", suffix=".log", dir=workdir)
    os.close(sink)
    return Path(name)


class BotProcess:
    def __init__(self, process: asyncio.subprocess.Process, stderr: Path) -> None:
        self.process = process
        self._stderr = stderr

    @classmethod
    async def start(
        cls,
        workdir: Path,
        env: dict[str, str],
        argv: Sequence[str] = (sys.executable, "-m", "bot"),
        *,
        cwd: Path | None = None,
    ) -> BotProcess:
        """Runs in ``cwd`` (default: ``workdir``); its output goes to a file in ``workdir``."""
        log = _log_file(workdir)
        with log.open("ab") as sink:
            process = await asyncio.create_subprocess_exec(
                *argv,
                cwd=cwd or workdir,
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=sink,
                stderr=sink,
            )
        return cls(process, log)

    @property
    def exited(self) -> bool:
        return self.process.returncode is not None

    def stderr(self) -> str:
        return self._stderr.read_text(errors="replace")

    def send(self, signum: signal.Signals) -> None:
        self.process.send_signal(signum)

    async def wait(self, timeout: float) -> int:  # noqa: ASYNC109
        """The exit code; fails the test if the process is still running after ``timeout``."""
        try:
            return await asyncio.wait_for(self.process.wait(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"the bot did not exit within {timeout} s; its log:\n{self.stderr()[-3000:]}"
            ) from None

    async def kill(self) -> None:
        if not self.exited:
            self.process.kill()
            await self.process.wait()


async def get_json(url: str) -> tuple[int, object]:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.json()


async def get_text(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.text()


def sends(fake: FakeTelegram, chat: ChatRef, text: str, *, ok: bool) -> list[Call]:
    """sendMessage calls of exactly this (HTML) text into the chat, that worked or not."""
    return [
        call
        for call in fake.calls("sendMessage", chat)
        if call.params.get("text") == text and call.ok is ok
    ]


# `docker stop` sends SIGKILL 10 s after SIGTERM.
STOP_DEADLINE = 10.0


async def polling(fake: FakeTelegram, bot: Process) -> None:
    """Wait until the bot process asks for updates (or has died)."""
    await fake.wait_for(lambda: fake.world.poll_generation > 0 or bot.exited, 60)
    assert not bot.exited, bot.stderr()


def assert_clean_exit(log: str) -> None:
    assert "Traceback" not in log, log
    assert " ERROR " not in log, log
    assert "Unclosed" not in log, log


class ForkedProcess:
    """``python -m bot`` forked by a :class:`Zygote`. Its exit is seen through a pidfd
    (it is the zygote's child, not ours), so waiting does not block the event loop the
    fake Bot API serves it from."""

    def __init__(self, zygote: Zygote, pid: int, stderr: Path) -> None:
        self._zygote = zygote
        self._pid = pid
        self._pidfd = os.pidfd_open(pid)
        self._stderr = stderr
        self.returncode: int | None = None

    @classmethod
    async def start(
        cls, zygote: Zygote, workdir: Path, env: dict[str, str], *, cwd: Path | None = None
    ) -> ForkedProcess:
        log = _log_file(workdir)
        return cls(zygote, zygote.run_main(cwd or workdir, env, log), log)

    def _reap(self, timeout: float) -> bool:
        if self.returncode is None:
            self.returncode = self._zygote.wait(self._pid, timeout)
            if self.returncode is not None:
                os.close(self._pidfd)
        return self.returncode is not None

    @property
    def exited(self) -> bool:
        return self._reap(0)

    def stderr(self) -> str:
        return self._stderr.read_text(errors="replace")

    def send(self, signum: signal.Signals) -> None:
        assert self.returncode is None
        signal.pidfd_send_signal(self._pidfd, signum)

    async def wait(self, timeout: float) -> int:  # noqa: ASYNC109
        """The exit code; fails the test if the process is still running after ``timeout``."""
        if self.returncode is None:
            loop = asyncio.get_running_loop()
            ended: asyncio.Future[None] = loop.create_future()

            def readable() -> None:  # called again until the reader is removed
                if not ended.done():
                    ended.set_result(None)

            # A pidfd turns readable when its process has ended.
            loop.add_reader(self._pidfd, readable)
            try:
                await asyncio.wait_for(ended, timeout)
            except TimeoutError:
                raise AssertionError(
                    f"the bot did not exit within {timeout} s; its log:\n{self.stderr()[-3000:]}"
                ) from None
            finally:
                loop.remove_reader(self._pidfd)
            self._reap(STOP_DEADLINE)
        assert self.returncode is not None
        return self.returncode

    async def kill(self) -> None:
        if not self.exited:
            signal.pidfd_send_signal(self._pidfd, signal.SIGKILL)
            self._reap(STOP_DEADLINE)
