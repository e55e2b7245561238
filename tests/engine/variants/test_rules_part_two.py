"""RULES-VARIANTS.md: part 2's options in :class:`engine.Rules`: defaults, values,
forbidden combinations (H3), the JSON round trip and the presets of table G."""

from __future__ import annotations

import json
from enum import Enum

import pytest

from engine import (
    ALL_PRESETS,
    PRESETS,
    VARIANT_PRESETS,
    BellaAnnouncement,
    BellaScoring,
    Game,
    MeldTie,
    OvertrumpScope,
    Rules,
    RulesError,
    ThreePlayerContract,
)


def test_part_one_options_are_what_option_names_lists() -> None:
    assert "bella_scoring" not in Rules.option_names()
    assert set(Rules.all_option_names()) == set(Rules.option_names()) | set(
        Rules.variant_option_names()
    )


def test_part_two_defaults_keep_part_one() -> None:
    assert Rules() == Rules.from_dict({})
    for name in Rules.variant_option_names():
        assert Rules.preset("odessa").to_dict()[name] == Rules().to_dict()[name]


def test_stored_rules_without_the_new_keys_load_with_defaults() -> None:
    old = {name: Rules().to_dict()[name] for name in Rules.option_names()}
    old["hanging_bait"] = True
    rules = Rules.from_json(json.dumps(old))
    assert rules == Rules(hanging_bait=True)
    assert rules.bella_scoring is BellaScoring.ALWAYS


def test_a_stored_game_without_the_new_keys_loads() -> None:
    game = Game.new(3, Rules(), seed=5)
    data = game.to_dict()
    data["rules"] = {name: data["rules"][name] for name in Rules.option_names()}
    assert Game.from_dict(data) == game


@pytest.mark.parametrize("name", Rules.variant_option_names())
def test_every_part_two_option_round_trips(name: str) -> None:
    value = getattr(Rules(), name)
    if isinstance(value, bool):
        other: object = not value
    elif isinstance(value, int):
        other = {"debertz_length": 6, "gap_win": 250, "weak_hand_redeal": 2, "extra_cards": 4}[name]
    else:
        assert isinstance(value, Enum)
        other = [*type(value)][-1]
    needs = {"dave": {"format": "one_hand"}}.get(name, {})  # H3: dave needs a one-hand format
    rules = Rules().replace(**{name: other}, **needs)
    assert Rules.from_json(rules.to_json()) == rules
    assert getattr(rules, name) == other


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"bolt_by_players": True, "bolt_penalty": 100}, r"bolt_by_players.*bolt_penalty"),
        ({"debertz_length": 8}, "debertz_length"),
        ({"gap_win": -1}, "gap_win"),
        ({"gap_win": 100_001}, "gap_win"),
        ({"meld_tie": "first"}, "meld_tie"),
        ({"must_trump": 1}, "must_trump"),
        ({"dave": "arithmetic"}, r"dave.*format"),
        ({"four_player_mode": "teams"}, "four_player_mode"),
    ],
)
def test_refused_values_and_combinations(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules().replace(**changes)


def test_the_six_presets_of_table_g() -> None:
    assert set(PRESETS) == {"odessa", "moscow", "kharkiv"}
    assert set(VARIANT_PRESETS) == {"site", "klabor", "klabor_tournament"}
    assert set(ALL_PRESETS) == set(PRESETS) | set(VARIANT_PRESETS)


KLABOR_TABLE_G = {
    "obligatory_dealer": True,
    "first_lead": "bidder",
    "melds_need_trick": True,
    "bella_announcement": "first",
    "bella_scoring": "trick_taker",
    "meld_tie": "last_trick",
    "visyak": True,
    "bolt_penalty": 100,
    "third_bait_penalty": 100,
    "third_bait_repeat": "third_and_later",
    "klabor_wins": True,
    "freza": True,
    "four_sevens_redeal": True,
    "weak_hand_redeal": 2,
    "four_player_deal": "six_then_two",
    "overtrump_partner": False,
}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("klabor", KLABOR_TABLE_G),
        (
            "klabor_tournament",
            {
                **{k: v for k, v in KLABOR_TABLE_G.items() if k != "obligatory_dealer"},
                "match": "two_rounds",
            },
        ),
    ],
)
def test_klabor_presets_follow_table_g(name: str, expected: dict[str, object]) -> None:
    rules = Rules.preset(name)
    default = Rules().to_dict()
    assert {k: v for k, v in rules.to_dict().items() if v != default[k]} == expected
    assert rules.preset_name == name


def test_site_preset_follows_table_g_with_h13() -> None:
    site = Rules.preset("site")
    changed = {
        name: value for name, value in site.to_dict().items() if value != Rules().to_dict()[name]
    }
    assert changed == {
        "melds_need_trick": True,
        "bella_announcement": BellaAnnouncement.FIRST.value,
        "bella_scoring": BellaScoring.NEEDS_TRICK.value,
        "meld_tie": MeldTie.DEAL_ORDER.value,
        "hanging_bait": True,
        "three_player_contract": ThreePlayerContract.SUM.value,
        "third_bait_penalty": 100,
        "overtrump_scope": OvertrumpScope.TRUMP_LED.value,
    }
    assert site.preset_name == "site"
