"""Topics of the options and the options a rule set leaves without effect (H3)."""

from __future__ import annotations

import pytest

from engine import (
    PRESETS,
    FourPlayerDeal,
    ProposedCard,
    Rules,
    RulesError,
    Topic,
    ignored_options,
)


def test_every_option_but_the_target_has_one_topic() -> None:
    names = [name for name in Rules.all_option_names() if name != "target"]
    by_topic = [name for topic in Topic for name in topic.options()]
    assert sorted(by_topic) == sorted(names)
    with pytest.raises(ValueError, match="target"):
        Topic.of("target")


def test_default_rules_ignore_only_what_their_own_values_switch_off() -> None:
    assert ignored_options(Rules()) == {
        "hundred_four_only",
        "debertz_length",
        "debertz_score",
        "hanging_repeat",
        "third_bait_repeat",
    }


@pytest.mark.parametrize(
    ("changes", "now_active"),
    [
        ({"hundred": True}, "hundred_four_only"),
        ({"debertz_wins": True}, "debertz_length"),
        ({"klabor_wins": True}, "debertz_score"),
        ({"hanging_bait": True}, "hanging_repeat"),
        ({"third_bait_penalty": 100}, "third_bait_repeat"),
    ],
)
def test_turning_an_option_on_makes_its_dependants_count(
    changes: dict[str, object], now_active: str
) -> None:
    assert now_active in ignored_options(Rules())
    assert now_active not in ignored_options(Rules().replace(**changes))


def test_switched_off_duties_and_exchange_take_their_details_with_them() -> None:
    assert {"overtrump_scope", "overtrump_partner"} <= ignored_options(Rules(overtrump=False))
    assert "seven_exchange_timing" in ignored_options(Rules(seven_exchange=False))
    assert "bolt_penalty" in ignored_options(Rules(bolt_by_players=True))


@pytest.mark.parametrize(
    ("players", "ignored", "applies"),
    [
        (2, {"defenders_pool_melds", "overtrump_partner", "four_player_deal"}, {"offer_fifty"}),
        (3, {"offer_fifty", "gap_win", "overtrump_partner"}, {"three_player_bait", "freza"}),
        (
            4,
            {"freza", "extra_cards", "seven_exchange", "three_player_contract", "gap_win"},
            {"overtrump_partner", "four_player_deal"},
        ),
    ],
)
def test_options_for_other_player_counts_are_ignored(
    players: int, ignored: set[str], applies: set[str]
) -> None:
    found = ignored_options(Rules(), players=players)
    assert ignored <= found
    assert not applies & found


def test_the_proposed_card_to_the_bidder_needs_the_deal_of_six_then_two() -> None:
    to_bidder = Rules(proposed_card=ProposedCard.TO_BIDDER)
    assert "proposed_card" in ignored_options(to_bidder, players=4)
    six = to_bidder.replace(four_player_deal=FourPlayerDeal.SIX_THEN_TWO)
    assert "proposed_card" not in ignored_options(six, players=4)
    assert {"seven_exchange", "seven_meld_query"} <= ignored_options(to_bidder, players=3)


def test_a_forbidden_combination_names_both_options() -> None:
    with pytest.raises(RulesError) as caught:
        Rules(bolt_by_players=True, bolt_penalty=50)
    assert caught.value.options == ("bolt_by_players", "bolt_penalty")


@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_keep_their_own_values_active(name: str) -> None:
    rules = Rules.preset(name)
    for option in ignored_options(rules):
        default = getattr(Rules(), option)
        assert getattr(rules, option) == default, f"{name} sets {option}, which it ignores"


def test_a_one_hand_game_ignores_the_target_rules_and_the_penalties() -> None:
    """RULES-VARIANTS H5; §25's dave applies with 2 players only."""
    one = ignored_options(Rules(format="one_hand", bolt_penalty=50))  # type: ignore[arg-type]
    assert {"claim_mid_hand", "target_tie", "gap_win", "match", "hanging_bait"} <= one
    assert {"bolt_penalty", "third_bait_penalty"} <= one
    assert "dave" not in one
    assert "dave" in ignored_options(Rules(), players=3)


def test_four_solo_players_bait_like_three_and_have_no_partner_or_match() -> None:
    """RULES-VARIANTS H12."""
    solo = ignored_options(Rules(four_player_mode="solo"), players=4)  # type: ignore[arg-type]
    assert "three_player_bait" not in solo
    assert {"overtrump_partner", "match"} <= solo
    pairs = ignored_options(Rules(), players=4)
    assert "three_player_bait" in pairs
    assert not {"overtrump_partner", "match", "four_player_mode"} & pairs
    assert "four_player_mode" in ignored_options(Rules(), players=3)
