"""``python -m bot``: run the bot with the settings from the environment and ``.env``."""

from __future__ import annotations

import asyncio
import logging
import sys

from bot.config import MissingBotTokenError, SettingsError, load_settings


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    from bot.app import run

    try:
        asyncio.run(run(settings))
    except MissingBotTokenError as error:
        print(error, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
