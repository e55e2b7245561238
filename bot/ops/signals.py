"""SIGTERM and SIGINT ask for a graceful stop instead of killing the process on the spot
(``docker stop`` and ``systemctl stop`` send SIGTERM; Ctrl+C sends SIGINT)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable, Iterator

__all__ = ["STOP_SIGNALS", "stop_on_signals"]

log = logging.getLogger(__name__)

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


@contextlib.contextmanager
def stop_on_signals(request_stop: Callable[[], None]) -> Iterator[None]:
    """While inside, the first SIGTERM/SIGINT calls ``request_stop``; later ones are only
    logged: the stop is bounded anyway, and a second Ctrl+C cutting it short would lose
    what the drain is about to send. Outside, the default handlers are back."""
    loop = asyncio.get_running_loop()
    requested = False

    def on_signal(signum: signal.Signals) -> None:
        nonlocal requested
        if requested:
            log.warning("%s: already stopping", signum.name)
            return
        requested = True
        log.info("%s: stopping", signum.name)
        request_stop()

    installed = []
    try:
        for signum in STOP_SIGNALS:
            try:
                loop.add_signal_handler(signum, on_signal, signum)
            except (NotImplementedError, RuntimeError):  # not the main thread, or Windows
                log.debug("cannot handle %s here", signum.name)
                continue
            installed.append(signum)
        yield
    finally:
        for signum in installed:
            loop.remove_signal_handler(signum)
