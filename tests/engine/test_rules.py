"""RULES.md "Presets" and the options: one immutable value, presets, JSON round trip."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from engine import (
    ALL_PRESETS,
    KHARKIV_H13,
    PRESETS,
    BellaAnnouncement,
    DealerRotation,
    FirstLead,
    Game,
    Rules,
    RulesError,
    ThreePlayerBait,
)

DEFAULTS: dict[str, Any] = {
    "target": 501,
    "dealer_rotation": DealerRotation.CLOCKWISE,
    "obligatory_dealer": False,
    "seven_exchange": True,
    "hundred": False,
    "debertz_wins": False,
    "trump_priority": True,
    "melds_need_trick": False,
    "bella_announcement": BellaAnnouncement.SECOND,
    "first_lead": FirstLead.LEFT_OF_DEALER,
    "overtrump": True,
    "hanging_bait": False,
    "three_player_bait": ThreePlayerBait.RICHER,
    "bolt_penalty": 0,
    "third_bait_penalty": 0,
}


def test_the_default_is_seed_000_with_no_option_on() -> None:
    rules = Rules()
    assert {name: getattr(rules, name) for name in Rules.option_names()} == DEFAULTS
    assert set(Rules.option_names()) == set(DEFAULTS)


def test_odessa_is_the_default() -> None:
    assert Rules.preset("odessa") == Rules()
    assert Rules().preset_name == "odessa"


def test_moscow_preset() -> None:
    moscow = Rules.preset("moscow")
    changed = {
        n: getattr(moscow, n) for n in Rules.option_names() if getattr(moscow, n) != DEFAULTS[n]
    }
    assert changed == {
        "dealer_rotation": DealerRotation.WINNER,
        "hanging_bait": True,
        "three_player_bait": ThreePlayerBait.HALF,
    }


def test_kharkiv_preset_is_h13() -> None:
    assert Rules.preset("kharkiv") == KHARKIV_H13
    assert Rules.preset("kharkiv").bolt_penalty == 0, "the bolt goes by the number of players"


def test_kharkiv_h13_follows_seed_004() -> None:
    kharkiv = KHARKIV_H13.to_dict()
    default = Rules().to_dict()
    changed = {n: v for n, v in kharkiv.items() if v != default[n]}
    assert changed == {
        "obligatory_dealer": True,
        "trump_priority": False,
        "melds_need_trick": True,
        "four_sevens_redeal": True,
        "three_player_bait": "richer_else_hang",
        "overtrump_scope": "trump_led",
        "bolt_by_players": True,
        "third_bait_penalty": 100,
        "hundred": True,
        "hundred_four_only": True,
        "debertz_wins": True,
        "debertz_length": 6,
        "debertz_score": "target",
        "four_player_deal": "six_then_two",
        "claim_mid_hand": "not_on_jass",
        "target_tie": "last_trick",
        "first_lead": "bidder",
    }


def test_the_presets_are_exactly_the_three() -> None:
    assert set(PRESETS) == {"odessa", "moscow", "kharkiv"}
    for name, rules in PRESETS.items():
        assert rules.preset_name == name


@pytest.mark.parametrize("name", ["", "Odessa ", "kiev", "default"])
def test_an_unknown_preset_is_a_rules_error(name: str) -> None:
    with pytest.raises(RulesError):
        Rules.preset(name)


def test_rules_are_immutable() -> None:
    rules = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.target = 301  # type: ignore[misc]
    assert rules.target == 501
    assert hash(rules) == hash(Rules())


def test_replace_gives_a_new_value() -> None:
    base = Rules.preset("kharkiv")
    changed = base.replace(target=301, hanging_bait=True)
    assert changed is not base
    assert base.target == 501
    assert not base.hanging_bait
    assert changed.target == 301
    assert changed.hanging_bait
    assert changed.obligatory_dealer, "the other options stay"
    assert changed.preset_name is None
    assert changed.replace(target=501, hanging_bait=False) == base


def test_a_preset_keeps_its_name_whatever_the_target() -> None:
    for name in ALL_PRESETS:
        assert Rules.preset(name).replace(target=1001).preset_name == name
    assert Rules().replace(target=301, hundred=True).preset_name is None


def test_replace_reads_enum_values_as_text() -> None:
    rules = Rules().replace(dealer_rotation="winner", first_lead="bidder")
    assert rules.dealer_rotation is DealerRotation.WINNER
    assert rules.first_lead is FirstLead.BIDDER


@pytest.mark.parametrize(
    "changes",
    [
        {"trumps": True},
        {"target": 0},
        {"target": -5},
        {"target": 100_001},
        {"target": "501"},
        {"target": 501.0},
        {"target": True},
        {"hundred": 1},
        {"hundred": "yes"},
        {"dealer_rotation": "random"},
        {"bella_announcement": "third"},
        {"three_player_bait": 2},
        {"bolt_penalty": -100},
        {"third_bait_penalty": -1},
    ],
)
def test_bad_options_are_rules_errors(changes: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        Rules().replace(**changes)


def test_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)


@pytest.mark.parametrize(
    "rules",
    [
        *PRESETS.values(),
        Rules(target=1001, hundred=True, debertz_wins=True, overtrump=False),
        Rules(first_lead=FirstLead.BIDDER, bella_announcement=BellaAnnouncement.FIRST),
    ],
)
def test_json_round_trip(rules: Rules) -> None:
    text = rules.to_json()
    assert isinstance(json.loads(text), dict)
    assert Rules.from_json(text) == rules
    assert Rules.from_dict(rules.to_dict()) == rules
    assert json.loads(text) == rules.to_dict()


def test_from_dict_takes_defaults_for_missing_options() -> None:
    assert Rules.from_dict({"target": 301}) == Rules(target=301)
    assert Rules.from_dict({}) == Rules()


@pytest.mark.parametrize(
    "text", ["", "nope", "[1, 2]", '"odessa"', '{"unknown": 1}', '{"target": "x"}']
)
def test_bad_rules_json_is_a_rules_error(text: str) -> None:
    with pytest.raises(RulesError):
        Rules.from_json(text)


def test_a_game_keeps_its_rules_through_serialization() -> None:
    rules = Rules.preset("moscow").replace(target=301)
    game = Game.new(3, rules, seed=3)
    assert game.rules is rules
    assert Game.from_json(game.to_json()).rules == rules


def test_a_game_refuses_something_else_than_rules() -> None:
    with pytest.raises(TypeError):
        Game.new(3, {"target": 301}, seed=1)  # type: ignore[arg-type]
