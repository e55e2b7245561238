"""The property tests of :mod:`tests.engine.test_properties` (cards and points conserved,
legal and refused actions, views, the JSON round trip, replay, the score sheet) over
random presets and random valid combinations of RULES-VARIANTS.md's options."""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    ALL_PRESETS,
    Dave,
    FirstLead,
    FourPlayerDeal,
    FourPlayerMode,
    GameFormat,
    Match,
    ProposedCard,
    RoundTwo,
    Rules,
    SevenExchangeTiming,
    ThreePlayerBait,
    ThreePlayerContract,
)

from .test_properties import PROPERTY_SETTINGS, run_checked_game

_DEFAULTS = Rules()


def _values(name: str) -> st.SearchStrategy[Any]:
    """Every value of one option (numbers: a few that matter)."""
    default = getattr(_DEFAULTS, name)
    if isinstance(default, bool):
        return st.booleans()
    if isinstance(default, Enum):
        return st.sampled_from(list(type(default)))
    numbers = {
        "target": [101, 301],
        "debertz_length": [6, 7],
        "gap_win": [0, 60, 250],
        "weak_hand_redeal": [-1, 2, 13],
        "extra_cards": [3, 4],
        "bolt_penalty": [0, 50, 100],
        "third_bait_penalty": [0, 100],
    }
    return st.sampled_from(numbers[name])


@st.composite
def random_rules(draw: st.DrawFn) -> Rules:
    """A preset, then a random subset of options changed to random values."""
    base = draw(st.sampled_from(sorted(ALL_PRESETS)))
    rules = Rules.preset(base).replace(target=draw(_values("target")))
    names = draw(st.sets(st.sampled_from(Rules.all_option_names()), max_size=12))
    changes = {name: draw(_values(name)) for name in sorted(names) if name != "target"}
    if changes.get("bolt_by_players", rules.bolt_by_players):
        changes["bolt_penalty"] = 0
    if changes.get("visyak", rules.visyak) and changes.get("hanging_bait", rules.hanging_bait):
        changes[draw(st.sampled_from(["visyak", "hanging_bait"]))] = False
    if (
        changes.get("dave", rules.dave) is not Dave.OFF
        and changes.get("format", rules.format) is GameFormat.TARGET
    ):
        changes["format"] = draw(st.sampled_from([GameFormat.ONE_HAND, GameFormat.ONE_HAND_BAIT]))
    return dataclasses.replace(rules, **changes)


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(PROPERTY_SETTINGS, max_examples=10)
@given(
    rules=random_rules(),
    seed=st.integers(0, 2**32 - 1),
    policy_seed=st.integers(0, 2**32 - 1),
)
def test_random_option_combinations_keep_the_invariants(
    players: int, rules: Rules, seed: int, policy_seed: int
) -> None:
    run_checked_game(players, rules, seed, policy_seed, max_hands=2)


DEAL_OPTIONS = [
    # RULES-VARIANTS §2, §5, §7, §19 forced on, alone and together with what they meet
    Rules(round_two=RoundTwo.NEXT_CARD, obligatory_dealer=True, seven_meld_query=True),
    Rules(round_two=RoundTwo.NEXT_CARDS, freza=True, extra_cards=4),
    Rules(
        proposed_card=ProposedCard.TO_BIDDER,
        four_player_deal=FourPlayerDeal.SIX_THEN_TWO,
        round_two=RoundTwo.NEXT_CARDS,
    ),
    Rules(visyak=True, target=1001, weak_hand_redeal=13, first_lead=FirstLead.BIDDER),
    Rules(
        visyak=True,
        three_player_contract=ThreePlayerContract.SUM,
        proposed_card=ProposedCard.TO_BIDDER,
        seven_exchange_timing=SevenExchangeTiming.BEFORE_EXTRAS,
        seven_meld_query=True,
    ),
]

# RULES-VARIANTS §24, §25, §27: rule sets a random subset of options rarely reaches.
END_RULES = [
    Rules(four_player_mode=FourPlayerMode.SOLO, three_player_bait=ThreePlayerBait.HALF),
    Rules(format=GameFormat.ONE_HAND, dave=Dave.ARITHMETIC),
    Rules(format=GameFormat.ONE_HAND_BAIT, dave=Dave.GEOMETRIC, hanging_bait=True),
    Rules(match=Match.TWO_ROUNDS, target=101, obligatory_dealer=True),
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", range(len(DEAL_OPTIONS)))
@settings(PROPERTY_SETTINGS, max_examples=4)
@given(seed=st.integers(0, 2**32 - 1), policy_seed=st.integers(0, 2**32 - 1))
def test_the_deal_options_keep_the_invariants(
    players: int, variant: int, seed: int, policy_seed: int
) -> None:
    run_checked_game(players, DEAL_OPTIONS[variant], seed, policy_seed, max_hands=3)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", END_RULES, ids=["solo", "one_hand", "one_hand_bait", "match"])
@settings(PROPERTY_SETTINGS, max_examples=4)
@given(seed=st.integers(0, 2**32 - 1), policy_seed=st.integers(0, 2**32 - 1))
def test_four_player_mode_formats_dave_and_matches_keep_the_invariants(
    players: int, rules: Rules, seed: int, policy_seed: int
) -> None:
    run_checked_game(players, rules, seed, policy_seed, max_hands=3)
