"""``python -m bot.ops.probe``: exit 0 when the running bot's /healthz answers 200, 1
otherwise; the HEALTHCHECK of the Docker image. It asks the server the bot's settings
name: the webhook's in webhook mode, HEALTH_HOST:HEALTH_PORT in polling mode."""

from __future__ import annotations

import sys
import urllib.error
import urllib.request

from pydantic import ValidationError

from bot.config import Settings

__all__ = ["health_url", "main"]

TIMEOUT_SECONDS = 5.0
_ANY_ADDRESS = {"", "0.0.0.0", "::"}


def health_url(settings: Settings) -> str | None:
    """Where /healthz is served, or None when it is not (HEALTH_PORT=0 in polling mode)."""
    if settings.webhook_enabled:
        host, port = settings.webhook_host, settings.webhook_port
    elif settings.health_port is None:
        return None
    else:
        host, port = settings.health_host, settings.health_port
    if host in _ANY_ADDRESS:
        host = "127.0.0.1"  # a server listening on every address answers on loopback
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/healthz"


def main() -> int:
    try:
        url = health_url(Settings())
    except ValidationError as error:
        print(f"probe: invalid settings: {error.error_count()} errors", file=sys.stderr)
        return 1
    if url is None:
        print("probe: /healthz is not served (HEALTH_PORT is 0)", file=sys.stderr)
        return 1
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_SECONDS) as response:
            ok = response.status == 200
    except urllib.error.HTTPError as error:
        print(f"probe: {url} answered {error.code}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"probe: {url}: {error}", file=sys.stderr)
        return 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
