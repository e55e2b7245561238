"""A golden playthrough: one whole 3-player game from a fixed seed and a fixed policy,
one line per action with a compact digest of what happened, compared with
``golden/playthrough_3p.txt``.

The policy (:func:`tests.engine.decks.first_policy`): in bidding the last legal action
(the first player to speak takes trump), otherwise the first legal action (swap the
seven; the lowest legal card in index order).

To regenerate the file after a deliberate change of the engine, run
``DEBERTZ_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/engine/test_playthrough.py`` and
review the diff.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

from engine import (
    BellaAnnounced,
    DebertzWon,
    Event,
    ExtraCardsDealt,
    Game,
    GameOver,
    HandDealt,
    HandScored,
    MeldsAnnounced,
    MeldsWon,
    Phase,
    Redeal,
    Rules,
    SevenExchanged,
    SevenKept,
    TrickWon,
    TrumpChosen,
)

from .decks import first_policy
from .oracle import Oracle

GOLDEN = Path(__file__).parent / "golden" / "playthrough_3p.txt"
SEED = 20240501


def _hands(game: Game) -> str:
    return " | ".join(
        f"{seat}: {' '.join(card.code for card in game.hand(seat))}" for seat in range(game.players)
    )


def _event(game: Game, event: Event) -> str | None:
    if isinstance(event, HandDealt):
        return (
            f"DEAL hand {event.hand_number} dealer {event.dealer} "
            f"proposed {event.proposed.code} :: {_hands(game)}"
        )
    if isinstance(event, Redeal):
        return f"REDEAL by {event.dealer}"
    if isinstance(event, TrumpChosen):
        return f"trump {event.trump.letter} by {event.bidder} (round {event.round})"
    if isinstance(event, ExtraCardsDealt):
        return f"extras {event.cards_each} each"
    if isinstance(event, SevenExchanged):
        return f"seat {event.seat} swaps {event.seven.code} for {event.taken.code}"
    if isinstance(event, SevenKept):
        return f"seat {event.seat} keeps the seven"
    if isinstance(event, MeldsAnnounced):
        melds = ",".join(f"{m.kind.name.lower()}/{m.top.code}" for m in event.melds)
        return f"seat {event.seat} announces {melds}"
    if isinstance(event, BellaAnnounced):
        return f"bella {event.seat}"
    if isinstance(event, TrickWon):
        cards = " ".join(card.code for _, card in event.plays)
        last = " last" if event.last else ""
        return f"trick {event.trick_number} [{cards}] -> {event.winner} +{event.points}{last}"
    if isinstance(event, MeldsWon):
        melds = ",".join(
            f"{seat}:{'-'.join(c.code for c in meld.cards)}" for seat, meld in event.melds
        )
        return f"melds won by {event.side} +{event.points} ({melds})"
    if isinstance(event, HandScored):
        result = event.result
        totals = "/".join(str(side.total) for side in result.sides)
        written = "/".join(str(side.written) for side in result.sides)
        return (
            f"SCORED hand {result.hand_number} bidder {result.bidder} {result.outcome.value} "
            f"totals {totals} written {written}"
        )
    if isinstance(event, DebertzWon):
        return f"debertz {event.seat}"
    if isinstance(event, GameOver):
        return f"GAME OVER winner {event.winner} scores {'/'.join(map(str, event.scores))}"
    return None


def playthrough() -> list[str]:
    game = Game.new(3, Rules(), seed=SEED)
    oracle = Oracle(game)  # the reference model checks every step on the way
    lines = [f"# 3 players, odessa rules, seed {SEED}, policy: first_policy"]
    proposed = game.proposed.code if game.proposed is not None else "-"
    lines.append(f"start dealer {game.dealer} proposed {proposed} :: {_hands(game)}")
    while game.phase is not Phase.FINISHED:
        assert len(lines) < 5000
        seat = game.to_act
        action = first_policy(game)
        assert action.code in oracle.expected_actions()
        events = oracle.step(action.code)
        scores = "/".join(map(str, game.scores))
        trump = game.trump.letter if game.trump is not None else "-"
        digest = (
            f"{game.move_number:04d} s{seat} {action.code:<9} => {game.phase.value} "
            f"next {game.to_act if game.to_act is not None else '-'} trump {trump} "
            f"scores {scores}"
        )
        if game.phase is Phase.EXCHANGE and any(isinstance(e, ExtraCardsDealt) for e in events):
            digest += f" :: {_hands(game)}"
        notes = [text for text in (_event(game, e) for e in events) if text is not None]
        lines.append(digest + "".join(f"\n       {note}" for note in notes))
    return "\n".join(lines).splitlines()


def test_golden_playthrough() -> None:
    lines = playthrough()
    text = "\n".join(lines) + "\n"
    if os.environ.get("DEBERTZ_REGENERATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8")
    if text != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), lines, "golden/playthrough_3p.txt", "this run", lineterm=""
        )
        raise AssertionError("the playthrough changed:\n" + "\n".join(list(diff)[:80]))


def test_the_playthrough_is_a_whole_game() -> None:
    lines = playthrough()
    assert lines[-1].strip().startswith("GAME OVER")
    assert sum(1 for line in lines if line.strip().startswith("SCORED")) >= 2
