"""A parent for bot processes that has imported the bot once.

Importing aiogram and its types costs seconds of CPU, parsing the translations most of a
second; a test that starts the bot twenty times would spend minutes on it. This program
imports the bot, then forks a new bot process for every ``start`` it is sent: each child
runs ``python -m bot``'s ``main`` in its own process (its own database connections, its
own event loop), so killing it is a real crash. One JSON request per line on stdin, one
JSON reply per line on stdout:

- ``{"cmd": "start", "cwd": ..., "env": {...}, "log": path}`` -> ``{"pid": N}``
- ``{"cmd": "run", ...}``: the same, but the child goes on as ``python -m bot`` would
  after its imports: ``bot/__main__.py`` runs as ``__main__`` (its ``sys.exit(main())``
  gives the exit code), PYTHONWARNINGS is taken from the child's environment, and the
  interpreter exits the ordinary way, finalization and all (a resource left open still
  warns on stderr). ``start`` children leave with ``os._exit``: they are killed anyway.
- ``{"cmd": "wait", "pid": N, "timeout": s}`` -> ``{"code": exit code or null}``
"""

from __future__ import annotations

import json
import os
import runpy
import sys
import time
import traceback
import warnings
from typing import Any

import bot.__main__
import bot.app
import bot.i18n
import bot.webhook

_IMPORTED = (bot.app, bot.webhook)

# Parsing the Fluent files took most of a start after the imports (0.8 of 1.3 s of CPU):
# each start parses the same package files to the same catalogs, whatever its settings.
for _lang in bot.i18n.SUPPORTED:
    bot.i18n.translator(_lang)


def _become(request: dict[str, Any]) -> None:
    """The child's directory, environment, stdin and stdout (null) and stderr (the log)."""
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    log = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.dup2(log, 2)


def _child(request: dict[str, Any]) -> None:
    code = 1
    try:
        _become(request)
        code = bot.__main__.main()
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stderr.flush()
        os._exit(code)


def _run_as_main(request: dict[str, Any]) -> None:
    """Nothing here catches: SystemExit or an exception leaves through main() below, and
    this child's interpreter ends as python -m bot's would."""
    _become(request)
    # What the interpreter took from its environment at start, and python -m's path.
    options = [o for o in os.environ.get("PYTHONWARNINGS", "").split(",") if o]
    sys.warnoptions[:] = options
    warnings._processoptions(options)  # type: ignore[attr-defined]
    sys.path[0] = os.getcwd()
    # Imported above as bot.__main__, it would be run again with a RuntimeWarning.
    del sys.modules["bot.__main__"]
    runpy.run_module("bot", run_name="__main__", alter_sys=True)
    raise SystemExit(0)  # the end of the main module: exit code 0


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
        if request["cmd"] in ("start", "run"):
            sys.stdout.flush()
            pid = os.fork()
            if pid == 0:
                if request["cmd"] == "run":
                    _run_as_main(request)
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
