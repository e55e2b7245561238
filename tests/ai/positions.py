"""Random positions of every phase, for the players' and the resampler's tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import PRESETS, Game, Phase, Rules

__all__ = ["RULE_SETS", "positions"]

RULE_SETS: dict[str, Rules] = {
    **PRESETS,
    # the options that change what the table sees or may infer
    "variants": Rules(
        bella_announcement="first",  # type: ignore[arg-type]
        hundred=True,
        overtrump=False,
        first_lead="bidder",  # type: ignore[arg-type]
        melds_need_trick=True,
    ),
    # RULES-VARIANTS §2, §5, §7, §19: refused cards, the proposed card in a hand, the
    # seven's answer, the висяк hand
    "deal": Rules(
        round_two="next_cards",  # type: ignore[arg-type]
        seven_meld_query=True,
        visyak=True,
        freza=True,
        obligatory_dealer=True,
    ),
    "to_bidder": Rules(
        proposed_card="to_bidder",  # type: ignore[arg-type]
        four_player_deal="six_then_two",  # type: ignore[arg-type]
        round_two="next_card",  # type: ignore[arg-type]
    ),
    # RULES-VARIANTS §24, §25 (dave with 2 players, solo with 4) and §27
    "solo_dave": Rules(
        four_player_mode="solo",  # type: ignore[arg-type]
        format="one_hand_bait",  # type: ignore[arg-type]
        dave="geometric",  # type: ignore[arg-type]
    ),
    "match": Rules(match="two_rounds", target=101),  # type: ignore[arg-type]
}


def positions(
    players: int, rules: Rules, seed: int, count: int, *, every: int = 3
) -> Iterator[Game]:
    """Copies of a game played with random legal actions, about one in ``every``
    decisions (every exchange decision), until ``count`` positions of each open phase
    were given (or a few games ended)."""
    rng = random.Random(seed)
    wanted = {Phase.BIDDING, Phase.PLAY} | ({Phase.EXCHANGE} if players < 4 else set())
    seen = dict.fromkeys(wanted, 0)
    game = Game.new(players, rules.replace(target=301), seed)
    games = 0
    while any(seen[phase] < count for phase in wanted) and games < 8:
        if game.phase is Phase.FINISHED:
            games += 1
            game = Game.new(players, rules.replace(target=301), seed * 100 + games)
            continue
        phase = game.phase
        pick = rng.randrange(every) == 0 or phase is Phase.EXCHANGE
        if seen.setdefault(phase, 0) < count and pick:  # other phases too, not waited for
            seen[phase] += 1
            yield game.copy()
        game.apply(rng.choice(game.legal_actions()))
