"""``python -m bot``: run the bot with the settings from the environment and ``.env``.

Exit codes: 0 stopped by SIGTERM/SIGINT; 2 a setting is missing or wrong; 3 Telegram
refuses BOT_TOKEN; 4 the Bot API cannot be reached; 5 the database cannot be used; 6 the
HTTP port (webhook, or /healthz in polling mode) is taken. Each failure to start prints
one line on stderr, no traceback."""

from __future__ import annotations

import asyncio
import logging
import sys

from bot.config import MissingBotTokenError, SettingsError, load_settings
from bot.ops.startup import ConfigurationError, StartupError

PROGRAM = "debertz-bot"


def fail(error: StartupError) -> int:
    print(f"{PROGRAM}: {error}", file=sys.stderr)
    return error.exit_code


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as error:
        return fail(ConfigurationError(str(error)))
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if logging.getLogger().getEffectiveLevel() > logging.DEBUG:
        # aiogram's "Update id=... is handled" repeats bot.updates' line with less in it,
        # a line per update for nothing.
        logging.getLogger("aiogram.event").setLevel(logging.WARNING)
    from bot.app import run

    try:
        asyncio.run(run(settings))
    except MissingBotTokenError as error:
        return fail(ConfigurationError(str(error)))
    except StartupError as error:
        return fail(error)
    except KeyboardInterrupt:  # Ctrl+C before the bot's own handlers were installed
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
