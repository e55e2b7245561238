"""What seeing the hidden cards in the play would be worth: the ceiling of fair play.

    python -m benchmarks.ceiling --a strong --b heuristic --a-options '{"sees": "play"}'
        [every option of python -m engine.ai.arena]

The arena (:mod:`engine.ai.arena`), where an expert seat (``easy``, ``medium``,
``strong``) given the option ``sees`` draws no deals in the play: every deal it scores
is the true one, every hand as it is. ``sees`` is ``"play"`` (every card it plays),
``"bidder"`` (only while its side bid) or ``"defender"`` (only while it defends). Its
bids and the rest of its search stay as they are, so the match against the same
opponent without ``sees`` tells how much of the gap to a player that knew every card
lies in the play, and in which role. No fair player can reach that figure; a fair
player's target beyond it is out of reach whatever its play.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any, Final

from engine.ai import LEVELS, Player, make_player
from engine.ai.arena import main as arena_main
from engine.ai.infer import Deal, Knowledge
from engine.ai.play_evidence import PlayBeliefs, PlayEvidence
from engine.ai.players import ExpertPlayer, SearchPlayer
from engine.ai.players.expert import Evaluation
from engine.game import Game, Phase
from engine.view import PlayerView

__all__ = ["ROLES", "SeeingExpert", "main", "seeing_seat"]

ROLES: Final = ("play", "bidder", "defender")
"""When a seeing seat sees: every card it plays, or only in that role."""


class SeeingSearch(SearchPlayer):
    """Search whose every deal is ``truth`` while one is set."""

    truth: Deal | None = None

    def _sample(
        self,
        view: PlayerView,
        info: Knowledge,
        rng: random.Random,
        plays: tuple[PlayEvidence, PlayBeliefs] | None = None,
    ) -> Deal:
        if self.truth is not None:
            return self.truth
        return super()._sample(view, info, rng, plays)


class SeeingExpert(ExpertPlayer):
    """An expert seat at ``table`` that sees every hand there when ``sees`` says."""

    searcher = SeeingSearch

    def __init__(self, seed: int = 0, *, table: Game, sees: str, **options: Any) -> None:
        if sees not in ROLES:
            raise ValueError(f"sees must be one of {', '.join(ROLES)}, not {sees!r}")
        super().__init__(seed, **options)
        self.table = table
        self.sees = sees

    def evaluate(self, view: PlayerView) -> Evaluation:
        seer = self._deal
        assert isinstance(seer, SeeingSearch)
        seer.truth = self._truth(view) if self._seeing(view) else None
        try:
            return super().evaluate(view)
        finally:
            seer.truth = None

    def _seeing(self, view: PlayerView) -> bool:
        if view.phase is not Phase.PLAY or view.seat is None or view.bidder is None:
            return False
        if self.sees == "play":
            return True
        bidding_side = view.side_of(view.seat) == view.side_of(view.bidder)
        return bidding_side == (self.sees == "bidder")

    def _truth(self, view: PlayerView) -> Deal:
        hands = tuple(self.table.hand_mask(seat) for seat in range(view.players))
        return Deal(hands, ())


def seeing_seat(kind: str, seed: int, options: dict[str, Any], game: Game) -> Player:
    """The arena's seat maker: an expert seat with ``sees`` among its options sees."""
    options = dict(options)
    sees = options.pop("sees", None)
    if sees is None:
        return make_player(kind, seed, **options)
    if kind not in LEVELS:
        raise ValueError(f"only the levels ({', '.join(LEVELS)}) can see, not {kind!r}")
    return SeeingExpert(seed, table=game, sees=sees, **{**LEVELS[kind], **options})


def main(argv: Sequence[str] | None = None) -> None:
    """The command line entry point: the arena's, with seats that may see."""
    arena_main(
        sys.argv[1:] if argv is None else argv,
        make=seeing_seat,
        prog="python -m benchmarks.ceiling",
        description=__doc__.splitlines()[0],
    )


if __name__ == "__main__":
    main()
