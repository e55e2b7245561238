"""A golden playthrough per preset of RULES-VARIANTS.md table G that the engine plays
(``moscow``, ``kharkiv`` as H13 has it, ``site``): one whole 3-player game from a fixed seed and
:func:`tests.engine.decks.first_policy`, one line per action, compared with
``golden/playthrough_<preset>_3p.txt``.

Regenerate after a deliberate change with ``DEBERTZ_REGENERATE_GOLDEN=1`` and review the
diff.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from engine import KHARKIV_H13, Event, FrezaShown, Game, Phase, Rules

from .decks import first_policy
from .test_playthrough import _event, _hands

GOLDEN_DIR = Path(__file__).parent / "golden"
SEED = 20240502
PRESETS = {"moscow": Rules.preset("moscow"), "kharkiv": KHARKIV_H13, "site": Rules.preset("site")}


def _note(game: Game, event: Event) -> str | None:
    if isinstance(event, FrezaShown):
        return f"freza {event.card.code}"
    return _event(game, event)


def playthrough(preset: str) -> list[str]:
    game = Game.new(3, PRESETS[preset].replace(target=301), seed=SEED)
    lines = [f"# 3 players, {preset} rules to 301, seed {SEED}, policy: first_policy"]
    proposed = game.proposed.code if game.proposed is not None else "-"
    lines.append(f"start dealer {game.dealer} proposed {proposed} :: {_hands(game)}")
    while game.phase is not Phase.FINISHED:
        assert len(lines) < 5000
        seat = game.to_act
        action = first_policy(game)
        events = game.apply(action)
        scores = "/".join(map(str, game.scores))
        trump = game.trump.letter if game.trump is not None else "-"
        digest = (
            f"{game.move_number:04d} s{seat} {action.code:<9} => {game.phase.value} "
            f"next {game.to_act if game.to_act is not None else '-'} trump {trump} "
            f"scores {scores} hanging {game.hanging}"
        )
        notes = [text for text in (_note(game, e) for e in events) if text is not None]
        lines.append(digest + "".join(f"\n       {note}" for note in notes))
    return "\n".join(lines).splitlines()


@pytest.mark.parametrize("preset", PRESETS)
def test_golden_playthrough(preset: str) -> None:
    golden = GOLDEN_DIR / f"playthrough_{preset}_3p.txt"
    lines = playthrough(preset)
    text = "\n".join(lines) + "\n"
    if os.environ.get("DEBERTZ_REGENERATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    expected = golden.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), lines, golden.name, "this run", lineterm=""
        )
        raise AssertionError("the playthrough changed:\n" + "\n".join(list(diff)[:80]))


@pytest.mark.parametrize("preset", PRESETS)
def test_the_playthrough_is_a_whole_game(preset: str) -> None:
    lines = playthrough(preset)
    assert lines[-1].strip().startswith("GAME OVER")
    assert sum(1 for line in lines if line.strip().startswith("SCORED")) >= 2
