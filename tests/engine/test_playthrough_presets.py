"""A golden playthrough per preset of RULES-VARIANTS.md table G beyond odessa (whose own is
``test_playthrough.py``): one whole game from a fixed seed and
:func:`tests.engine.decks.first_policy`, one line per action, compared with
``golden/playthrough_<preset>_<n>p.txt``. Three players, except ``klabor_tournament``, whose
two rounds are a 4-player match.

Regenerate after a deliberate change with ``DEBERTZ_REGENERATE_GOLDEN=1`` and review the
diff.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from engine import (
    Event,
    FrezaShown,
    Game,
    KlaborWon,
    MatchGameWon,
    Phase,
    ProposalRefused,
    RedealClaimed,
    Rules,
    VisyakHand,
)

from .decks import first_policy
from .test_playthrough import _event, _hands

GOLDEN_DIR = Path(__file__).parent / "golden"
SEED = 20240502
PRESETS = {
    "moscow": 3,
    "kharkiv": 3,
    "site": 3,
    "klabor": 3,
    "klabor_tournament": 4,
}
"""Each preset's players."""


def _note(game: Game, event: Event) -> str | None:
    if isinstance(event, FrezaShown):
        return f"freza {event.card.code}"
    if isinstance(event, ProposalRefused):
        return f"refused {event.refused.code}, proposed {event.proposed.code}"
    if isinstance(event, RedealClaimed):
        return f"redeal claimed by {event.seat}"
    if isinstance(event, VisyakHand):
        return f"visyak hand: {event.bidder} plays {event.trump.letter} for {event.pool}"
    if isinstance(event, KlaborWon):
        return f"klabor {event.seat}"
    if isinstance(event, MatchGameWon):
        scores = "/".join(map(str, event.scores))
        return f"MATCH game {event.game_number} won by {event.winner} ({scores})"
    return _event(game, event)


def playthrough(preset: str) -> list[str]:
    players = PRESETS[preset]
    game = Game.new(players, Rules.preset(preset).replace(target=301), seed=SEED)
    lines = [f"# {players} players, {preset} rules to 301, seed {SEED}, policy: first_policy"]
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
    golden = GOLDEN_DIR / f"playthrough_{preset}_{PRESETS[preset]}p.txt"
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
