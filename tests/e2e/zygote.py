"""A parent for bot processes that has imported the bot once.

Importing aiogram and its types costs seconds of CPU; a test that starts the bot twenty
times would spend minutes on it. This program imports the bot, then forks a new bot
process for every ``start`` it is sent: each child runs ``python -m bot``'s ``main`` in
its own process (its own database connections, its own event loop), so killing it is a
real crash. One JSON request per line on stdin, one JSON reply per line on stdout:

- ``{"cmd": "start", "cwd": ..., "env": {...}, "log": path}`` -> ``{"pid": N}``
- ``{"cmd": "wait", "pid": N, "timeout": s}`` -> ``{"code": exit code or null}``
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback
from typing import Any

import bot.__main__
import bot.app
import bot.webhook

_IMPORTED = (bot.app, bot.webhook)


def _child(request: dict[str, Any]) -> None:
    code = 1
    try:
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        log = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        os.dup2(log, 2)
        code = bot.__main__.main()
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stderr.flush()
        os._exit(code)


def _wait(pid: int, timeout: float) -> int | None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            done, status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return -1  # reaped by an earlier request

        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            return None
        time.sleep(0.01)


def main() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "start":
            sys.stdout.flush()
            pid = os.fork()
            if pid == 0:
                _child(request)
            reply: dict[str, Any] = {"pid": pid}
        elif request["cmd"] == "wait":
            reply = {"code": _wait(request["pid"], request.get("timeout", 15.0))}
        else:
            reply = {"error": f"unknown command {request['cmd']!r}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
