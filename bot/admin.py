"""Operator commands: ``python -m bot.admin replay GAME_ID [GAME_ID ...]``.

Replays each stored game from its seed and action log and compares the result with the
stored state: the check the tests run, for a game someone reports as wrong.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot import db
from bot.config import Settings
from bot.parsing import parse_id


async def replay(database_url: str, game_ids: list[int]) -> int:
    engine = db.create_engine(database_url)
    sessions = db.create_sessionmaker(engine)
    failures = 0
    try:
        async with sessions() as session:
            for game_id in game_ids:
                try:
                    report = await db.replay_check(session, game_id)
                except db.GameNotFound:
                    print(f"game {game_id}: not found")
                    failures += 1
                    continue
                if report.matches:
                    print(f"game {game_id}: {report.actions} actions replay to the stored state")
                else:
                    print(
                        f"game {game_id}: MISMATCH after {report.actions} actions: "
                        f"{report.difference}"
                    )
                    failures += 1
    finally:
        await engine.dispose()
    return 1 if failures else 0


def _game_id(text: str) -> int:
    game_id = parse_id(text)
    if game_id is None:
        raise argparse.ArgumentTypeError(f"not a game id: {text!r}")
    return game_id


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.admin", description=__doc__.splitlines()[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    replay_parser = commands.add_parser(
        "replay", help="replay games and compare with the stored state"
    )
    replay_parser.add_argument("game_ids", type=_game_id, nargs="+")
    args = parser.parse_args(argv)
    settings = Settings()
    return asyncio.run(replay(settings.database_url, args.game_ids))


if __name__ == "__main__":
    sys.exit(main())
