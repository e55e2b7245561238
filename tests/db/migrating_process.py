"""``python -m tests.db.migrating_process URL ENGINE_KWARGS_JSON``: what a bot process
does first at start (upgrade the database to head), begun on a signal so that several
processes migrate at the same moment.

Prints ``ready`` once everything is imported, then migrates when a line arrives on stdin.
"""

from __future__ import annotations

import asyncio
import json
import sys

from bot.db.migrate import upgrade_to_head


def main() -> None:
    url, engine_kwargs = sys.argv[1], json.loads(sys.argv[2])
    print("ready", flush=True)
    sys.stdin.readline()
    asyncio.run(upgrade_to_head(url, **engine_kwargs))


if __name__ == "__main__":
    main()
