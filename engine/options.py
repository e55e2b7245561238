"""What the options are about: their topic, and which of them a rule set leaves without
effect.

The topics follow the sections of RULES-VARIANTS.md (A dealing and bidding, B melds and
bella, C play, D scoring, E the end of the game and the formats), with part 1's options
placed where they act. The target belongs to no topic: it is not part of a rule set's
character, and every screen shows it on its own.

>>> Topic.of("freza")
<Topic.DEAL: 'deal'>
>>> "overtrump_scope" in ignored_options(Rules(overtrump=False))
True
>>> sorted(ignored_options(Rules(), players=4) & {"freza", "overtrump_partner"})
['freza']
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from .rules import FourPlayerDeal, ProposedCard, Rules

__all__ = ["Topic", "ignored_options"]


class Topic(StrEnum):
    """A group of options that act on one part of the game."""

    DEAL = "deal"
    """Dealing and bidding: who deals, the cards, the proposed card, redeals, offers."""
    MELDS = "melds"
    """Melds and bella: what counts, how ties are settled, the outright wins."""
    PLAY = "play"
    """The play: who leads, the duties to trump and to overtrump."""
    SCORING = "scoring"
    """Scoring a hand: the contract, baits, hanging points, penalties."""
    END = "end"
    """The end of the game and the formats: claims, ties at the target, short games."""

    @staticmethod
    def of(option: str) -> Topic:
        """The topic of an option (every option of :class:`Rules` but ``target``)."""
        try:
            return _TOPICS[option]
        except KeyError:
            raise ValueError(f"option {option!r} has no topic") from None

    def options(self) -> tuple[str, ...]:
        """This topic's options, in :meth:`Rules.all_option_names` order."""
        return tuple(name for name in Rules.all_option_names() if _TOPICS.get(name) is self)


_TOPICS: Final[dict[str, Topic]] = {
    "dealer_rotation": Topic.DEAL,
    "obligatory_dealer": Topic.DEAL,
    "seven_exchange": Topic.DEAL,
    "seven_exchange_timing": Topic.DEAL,
    "freza": Topic.DEAL,
    "extra_cards": Topic.DEAL,
    "four_player_deal": Topic.DEAL,
    "four_sevens_redeal": Topic.DEAL,
    "weak_hand_redeal": Topic.DEAL,
    "offer_fifty": Topic.DEAL,
    "round_two": Topic.DEAL,
    "proposed_card": Topic.DEAL,
    "seven_meld_query": Topic.DEAL,
    "hundred": Topic.MELDS,
    "hundred_four_only": Topic.MELDS,
    "debertz_wins": Topic.MELDS,
    "debertz_length": Topic.MELDS,
    "debertz_score": Topic.MELDS,
    "klabor_wins": Topic.MELDS,
    "trump_priority": Topic.MELDS,
    "melds_need_trick": Topic.MELDS,
    "meld_tie": Topic.MELDS,
    "defenders_pool_melds": Topic.MELDS,
    "bella_announcement": Topic.MELDS,
    "bella_scoring": Topic.MELDS,
    "first_lead": Topic.PLAY,
    "must_trump": Topic.PLAY,
    "overtrump": Topic.PLAY,
    "overtrump_scope": Topic.PLAY,
    "overtrump_partner": Topic.PLAY,
    "three_player_contract": Topic.SCORING,
    "three_player_bait": Topic.SCORING,
    "hanging_bait": Topic.SCORING,
    "hanging_repeat": Topic.SCORING,
    "bolt_penalty": Topic.SCORING,
    "bolt_by_players": Topic.SCORING,
    "third_bait_penalty": Topic.SCORING,
    "third_bait_repeat": Topic.SCORING,
    "visyak": Topic.SCORING,
    "four_player_mode": Topic.SCORING,
    "claim_mid_hand": Topic.END,
    "target_tie": Topic.END,
    "gap_win": Topic.END,
    "format": Topic.END,
    "dave": Topic.END,
    "match": Topic.END,
}

_PLAYER_COUNTS: Final[dict[str, frozenset[int]]] = {
    # RULES-VARIANTS H3: an option that does not apply to the player count is ignored.
    "seven_exchange": frozenset({2, 3}),
    "seven_exchange_timing": frozenset({2, 3}),
    "seven_meld_query": frozenset({2, 3}),
    "round_two": frozenset({2, 3}),
    "freza": frozenset({2, 3}),
    "extra_cards": frozenset({2, 3}),
    "four_player_deal": frozenset({4}),
    "offer_fifty": frozenset({2}),
    "hundred_four_only": frozenset({2, 3}),
    "defenders_pool_melds": frozenset({3}),
    "overtrump_partner": frozenset({4}),
    "three_player_contract": frozenset({3}),
    "three_player_bait": frozenset({3}),
    "gap_win": frozenset({2}),
    "four_player_mode": frozenset({4}),
    "dave": frozenset({2}),
    "match": frozenset({4}),
}
"""For options that act only with some player counts: those counts. ``hundred_four_only``
is listed for the counts where it removes the hundred."""


def ignored_options(rules: Rules, *, players: int | None = None) -> frozenset[str]:
    """The options whose value changes nothing under the others' values (RULES-VARIANTS
    H3), and with ``players`` given also those that do not apply to that many players."""
    ignored: set[str] = set()
    if not rules.seven_exchange or rules.proposed_card is ProposedCard.TO_BIDDER:
        ignored.update(("seven_exchange_timing", "seven_meld_query"))
    if rules.proposed_card is ProposedCard.TO_BIDDER:
        ignored.add("seven_exchange")
    if not rules.overtrump:
        ignored.update(("overtrump_scope", "overtrump_partner"))
    if not rules.hundred:
        ignored.add("hundred_four_only")
    if not rules.debertz_wins:
        ignored.add("debertz_length")
        if not rules.klabor_wins:
            ignored.add("debertz_score")
    if not rules.hanging_bait:
        ignored.add("hanging_repeat")
    if not rules.third_bait_penalty:
        ignored.add("third_bait_repeat")
    if rules.bolt_by_players:
        ignored.add("bolt_penalty")
    if rules.one_hand:
        # RULES-VARIANTS H5: one hand has no target to reach and no later hand
        ignored.update(_IGNORED_BY_ONE_HAND)
    if players is not None:
        ignored.update(name for name, counts in _PLAYER_COUNTS.items() if players not in counts)
        if players == 4 and rules.four_player_deal is FourPlayerDeal.EIGHT:
            ignored.add("proposed_card")  # H3: with the deal of eight it is the dealer's
        if rules.solo(players):
            # H12: 4 solo players bait like 3, and nobody has a partner or a pair's match
            ignored.discard("three_player_bait")
            ignored.update(("overtrump_partner", "match"))
    return frozenset(ignored)


_IGNORED_BY_ONE_HAND: Final = (
    "claim_mid_hand",
    "target_tie",
    "gap_win",
    "match",
    "hanging_bait",
    "hanging_repeat",
    "bolt_penalty",
    "bolt_by_players",
    "third_bait_penalty",
    "third_bait_repeat",
    "visyak",
)
"""What a one-hand format ignores (H5), ``target`` apart: it belongs to no topic."""
