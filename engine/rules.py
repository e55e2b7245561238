"""The rule set of a game: one immutable value holding every option of RULES.md (part 1)
and of RULES-VARIANTS.md (part 2, §1–§27).

``Rules()`` is the default, seed 000 ("Odessa debertz"), and every part-2 option's
default keeps part 1's behaviour. The six presets of RULES-VARIANTS.md table G (as
corrected by H13) are named in one place: :data:`PRESETS` (part 1's names) and
:data:`VARIANT_PRESETS` (part 2's new ones), :data:`ALL_PRESETS` both, which the bot's
settings offer; :meth:`Rules.preset` knows them all. A chat starts from a preset and
changes single options with :meth:`Rules.replace`, which returns a new value.

An option that does not apply to a player count is ignored there (RULES-VARIANTS.md H3):
``overtrump_partner`` with 2 or 3 players, ``hundred_four_only`` with 4, and so on.
Combinations the rules forbid raise :class:`RulesError` naming both options.

Decisions where RULES-VARIANTS.md says "uncertain" (section H settles the rest):

- §2 ``next_card``/``next_cards``: a refused card is set aside face up next to the
  stock (S1-C's «в колоду» is not read as "shuffled back": it never comes back into
  play); the k-th proposed card is bidding round k (H1).
- §5 ``to_bidder``: applies after either bidding round, and under §2 to whichever card
  was accepted; the card is public, so every seat knows it is in the bidder's hand.
- §7: the answer is given before and after the extras alike (whenever the exchange is
  offered), with the other hands as they stand then (H10).
- §8: a redeal claim is a choice of the qualifying player, never automatic; the next
  dealer clockwise deals the redeal (H9).
- §9: bella counts for its holder's side in the contract comparison under every value
  of ``bella_scoring``; what is written follows the option (``strict``: otherwise
  nobody writes it).
- §10 ``last_trick``: when no tied holder's side takes the last trick, the first to play
  among them wins (H14).
- §12: when two players are dealt a klabor, the first clockwise from the left of the
  dealer wins; a klabor in a game's very first deal ends the game inside ``Game.new``.
- §14: a trump played by choice obeys the overtrump duty (H14 withdraws the doubt).
- §15: ``trump_led`` is read literally: no duty over a ruff when a plain suit was led.
- §21: each reading of the third-bait text is a value of ``third_bait_repeat``.
- §19: at the tie the opponents write their points and the bidder's side writes 0 (the
  pool is shown on the sheet); the seven exchange of a висяк hand works as after a
  round-1 play; a висяк is never a bait, a bait in the висяк hand is (H14).
- §22 ``not_on_jass``: the literal reading; a jass in the last trick blocks every end
  check after that hand, ``gap_win`` included (H14).
- §23: only sides that reached the target can win by the last trick (H14).
- §26 ``gap_win``: the target still applies; the gap is checked after it (H8), with 2
  players only.
- §24 ``four_player_mode=solo``: a sitting bidder's points go to the richest opponent;
  tied richest opponents share them equally, the remainder one point each clockwise from
  the bidder (the 3-player rule generalised, H12).
- §25 ``one_hand``: «без байда» (seed 001): each side writes its table points and no
  bait passes points on (H5's "a tie for the bidder is a bait" is for
  ``one_hand_bait``); a tie at the top clears the scores and the sheet and the hand is
  played again, and an agreed «даве» stake carries over to that hand.
- §25 ``one_hand_bait`` with 4 players in pairs: like 2 players (the pairs are the
  sides); 4 solo: like 3 players (the bidder gets 1 from each opponent or pays each 1).
- §25 stakes: zero-sum units per side (2 players: +1/-1 for a make, -2/+2 for a bait;
  ``one_hand``: the winner gets the stake from each other side), times the «даве» stake.
- §27 ``two_rounds``: the four final hands are four deals in a row, each dealer once
  (redeals do not count); claims (§22) do not apply in them, since no target is
  played to.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from enum import StrEnum
from typing import Any, Final

__all__ = [
    "ALL_PRESETS",
    "KHARKIV_H13",
    "PRESETS",
    "VARIANT_PRESETS",
    "BellaAnnouncement",
    "BellaScoring",
    "ClaimMidHand",
    "Dave",
    "DealerRotation",
    "DebertzScore",
    "FirstLead",
    "FourPlayerDeal",
    "FourPlayerMode",
    "GameFormat",
    "HangingRepeat",
    "Match",
    "MeldTie",
    "OvertrumpScope",
    "ProposedCard",
    "RoundTwo",
    "Rules",
    "RulesError",
    "SevenExchangeTiming",
    "TargetTie",
    "ThirdBaitRepeat",
    "ThreePlayerBait",
    "ThreePlayerContract",
]


class RulesError(ValueError):
    """An option has a value the rules do not allow, or a preset or option is unknown.

    ``options`` names the options at fault: one for a value out of range, both for a
    combination the rules forbid (so that a settings screen can name them in words)."""

    def __init__(self, message: str, *, options: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.options = options


class DealerRotation(StrEnum):
    """Who deals the next hand."""

    CLOCKWISE = "clockwise"
    """The deal passes clockwise (seed 000)."""
    WINNER = "winner"
    """The side that wrote the most points in the previous hand deals; with 4 players the
    next seat of that pair clockwise; on a tie the deal passes clockwise."""


class BellaAnnouncement(StrEnum):
    """When bella (trump K+Q in one hand) is announced to the table."""

    SECOND = "second"
    """When the second card of the pair is played (seed 000)."""
    FIRST = "first"
    """When the first card of the pair is played."""


class FirstLead(StrEnum):
    """Who leads the first trick of a hand."""

    LEFT_OF_DEALER = "left_of_dealer"
    BIDDER = "bidder"


class ThreePlayerBait(StrEnum):
    """Where a sitting bidder's points go with 3 players."""

    RICHER = "richer"
    """To the opponent with more points; equal: split in half (seed 000)."""
    HALF = "half"
    """Always split in half between the two opponents."""
    RICHER_ELSE_HANG = "richer_else_hang"
    """RULES-VARIANTS §18: as ``richer``, but when the defenders tie the points are set
    aside for those two alone; the first later hand in which one of them outscores the
    other gives them to him (H6)."""


class FourPlayerDeal(StrEnum):
    """How 4 players get their cards (RULES-VARIANTS §3)."""

    EIGHT = "eight"
    """Packets 3, 3, 2 before bidding (seed 000)."""
    SIX_THEN_TWO = "six_then_two"
    """Packets 3, 3 before bidding, the packet of 2 after it; the proposed card is still
    the deck's last, shown from the start and dealt to the dealer in his last packet."""


class OvertrumpScope(StrEnum):
    """When the duty to beat the highest trump in the trick holds (RULES-VARIANTS §15)."""

    LED_AND_RUFF = "led_and_ruff"
    """When trump is led and when a void player trumps (seed 000)."""
    TRUMP_LED = "trump_led"
    """Only when trump was led."""


class BellaScoring(StrEnum):
    """Who writes bella's 20 (RULES-VARIANTS §9)."""

    ALWAYS = "always"
    """The holder's side, always (seed 000)."""
    TRICK_TAKER = "trick_taker"
    """The side that takes the trick in which bella is announced."""
    NEEDS_TRICK = "needs_trick"
    """The holder's side, if it took a trick."""
    STRICT = "strict"
    """«Строгач»: the holder's side, if it took both tricks holding the trump K and Q;
    otherwise nobody."""


class MeldTie(StrEnum):
    """Who wins a meld tie that category, top card and trump priority leave open (§10)."""

    FIRST_TO_PLAY = "first_to_play"
    """The player who plays earlier in the first trick (seed 000)."""
    DEAL_ORDER = "deal_order"
    """The player earlier clockwise from the left of the dealer."""
    LAST_TRICK = "last_trick"
    """The tied holder whose side takes the last trick; if none does, first to play."""


class DebertzScore(StrEnum):
    """What a debertz win writes (RULES-VARIANTS §12)."""

    NONE = "none"
    """Nothing: the game simply ends (seed 000)."""
    TARGET = "target"
    """The winner's total becomes the larger of its total and the target."""


class HangingRepeat(StrEnum):
    """With ``hanging_bait``: a new hanging bait while points still hang (§20, H14)."""

    ADD = "add"
    """The amounts add up (seed 001, variant A; today's rule)."""
    QUEUE = "queue"
    """The amounts stay apart, oldest first; a hand's single top scorer takes the oldest."""
    SPLIT = "split"
    """3 players: the points already hanging are split between the new hand's defenders
    and the new amount hangs; with 2 or 4 players, ``add``."""


class ThreePlayerContract(StrEnum):
    """What a 3-player bidder must beat (RULES-VARIANTS §17)."""

    EACH = "each"
    """Each defender (seed 000)."""
    SUM = "sum"
    """The two defenders together."""


class ThirdBaitRepeat(StrEnum):
    """Which baits of a side cost ``third_bait_penalty`` (RULES-VARIANTS §21)."""

    EVERY_THIRD = "every_third"
    """The 3rd, 6th, 9th ... (seed 000's reading)."""
    THIRD_AND_LATER = "third_and_later"
    """The 3rd and every later one."""
    THIRD_ONLY = "third_only"
    """The 3rd only."""


class ClaimMidHand(StrEnum):
    """Whether a side wins as soon as its points reach the target mid-hand (§22)."""

    OFF = "off"
    """Only after a hand (seed 000)."""
    ON = "on"
    """After each trick but the last, automatically."""
    NOT_ON_JASS = "not_on_jass"
    """As ``on``, but not after a trick holding the trump jack; a jack in the last trick
    blocks every end check after that hand."""


class SevenExchangeTiming(StrEnum):
    """When the trump seven may be exchanged (RULES-VARIANTS §6)."""

    AFTER_EXTRAS = "after_extras"
    """After the extra cards, before the first lead (seed 000)."""
    BEFORE_EXTRAS = "before_extras"
    """Right after bidding, for a seven among the first 6 cards only."""


class TargetTie(StrEnum):
    """Who wins when several sides reach the target after a hand (RULES-VARIANTS §23)."""

    HIGHEST = "highest"
    """The highest score; equal: another hand (seed 000)."""
    LAST_TRICK = "last_trick"
    """The one of them that took the last trick; if none did, the highest."""


class RoundTwo(StrEnum):
    """What follows when everyone passes on the proposed card, 2-3 players
    (RULES-VARIANTS §2; 4 players always ``name_suit``)."""

    NAME_SUIT = "name_suit"
    """Round 2: each may name another suit (seed 000)."""
    NEXT_CARD = "next_card"
    """The refused card is set aside face up, the stock's top card is proposed and round 1
    is replayed; all pass again: redeal."""
    NEXT_CARDS = "next_cards"
    """As ``next_card``, repeated while the stock holds more than the extras need
    (n x ``extra_cards``, one more with the freza); after the last one: redeal."""


class ProposedCard(StrEnum):
    """Where the proposed card goes after bidding (RULES-VARIANTS §5, H4)."""

    STAYS = "stays"
    """Face up under the stock, out of play (seed 000)."""
    TO_BIDDER = "to_bidder"
    """The bidder takes it as one card of his extra packet; no seven exchange. 4 players:
    needs ``four_player_deal=six_then_two`` (ignored with ``eight``)."""


class FourPlayerMode(StrEnum):
    """How 4 players form sides (RULES-VARIANTS §24, H12)."""

    PAIRS = "pairs"
    """Partners opposite: seats {0, 2} and {1, 3} (seed 000)."""
    SOLO = "solo"
    """Each player is his own side throughout: melds to the single highest holder, the
    bait to the richest opponent (tied: shared), no partner in the overtrump duty."""


class GameFormat(StrEnum):
    """What a game is (RULES-VARIANTS §25, H5)."""

    TARGET = "target"
    """Hands until a side reaches :attr:`Rules.target` (seed 000)."""
    ONE_HAND = "one_hand"
    """«Короткий деберц без байда»: one hand, no bait; the highest total wins; a tie at
    the top replays the hand from 0."""
    ONE_HAND_BAIT = "one_hand_bait"
    """«С байдом»: one hand scored in stakes: the bidder gets 1 (from each defender) if
    he makes it; if he sits (ties included) he pays 2 (2 players) or 1 to each."""


class Dave(StrEnum):
    """«Даве» (RULES-VARIANTS §25, H5): 2 players, one-hand formats only."""

    OFF = "off"
    ARITHMETIC = "arithmetic"
    """Stakes 1, 2, 3, 4 ..."""
    GEOMETRIC = "geometric"
    """Stakes 1, 2, 4, 8 ..."""


class Match(StrEnum):
    """RULES-VARIANTS §27, H11: 4 players in pairs only."""

    SINGLE = "single"
    """One game to the target (seed 000)."""
    TWO_ROUNDS = "two_rounds"
    """Two games to the target from 0; in game 2 a dealer of game 1's winning pair may
    not pass in round 2; 1-1: four final hands from 0, more points wins."""


@dataclasses.dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the rules; the defaults are seed 000 (the ``odessa`` preset).

    >>> Rules.preset("kharkiv").debertz_length
    6
    >>> Rules().replace(target=301).target
    301
    """

    target: int = 501
    """Points that win the game (501; 301 and 1001 are common)."""
    dealer_rotation: DealerRotation = DealerRotation.CLOCKWISE
    obligatory_dealer: bool = False
    """"С обязами": the dealer may not pass in bidding round 2 and must name a suit."""
    seven_exchange: bool = True
    """2-3 players, trump taken in round 1: the holder of the trump seven may exchange it
    for the face-up card."""
    hundred: bool = False
    """A run of 5 or more is a hundred (100 points), ranking above a fifty."""
    debertz_wins: bool = False
    """A run of 7 or more ("debertz") wins the game when its holder plays their first card."""
    trump_priority: bool = True
    """Between melds of equal category and top card, a trump meld wins."""
    melds_need_trick: bool = False
    """Melds count only if their side took at least one trick (bella is not affected)."""
    bella_announcement: BellaAnnouncement = BellaAnnouncement.SECOND
    first_lead: FirstLead = FirstLead.LEFT_OF_DEALER
    overtrump: bool = True
    """When trump is led or you trump, you must beat the highest trump in the trick if you
    can."""
    hanging_bait: bool = False
    """"Висячий байт": when the bidder ties the best opponent, the bidder's points are set
    aside and go to the side that writes most in the next hand."""
    three_player_bait: ThreePlayerBait = ThreePlayerBait.RICHER
    bolt_penalty: int = 0
    """A side that took no trick loses this many points (0: no penalty; 100 or 50)."""
    third_bait_penalty: int = 0
    """Every third bait of a side costs it this many points more (0: no penalty)."""

    # Part 2 (RULES-VARIANTS.md), by section number.
    freza: bool = False
    """§1: with 2-3 players the stock's bottom card is shown face up after the extras; it
    stays out of play (the seven is still exchanged only for the proposed card)."""
    extra_cards: int = 3
    """§4: with 2-3 players, how many cards each gets after bidding (3, or 4: hands and
    tricks of 10)."""
    four_player_deal: FourPlayerDeal = FourPlayerDeal.EIGHT
    """§3: with 4 players, whether the last packet of 2 comes after bidding."""
    seven_exchange_timing: SevenExchangeTiming = SevenExchangeTiming.AFTER_EXTRAS
    """§6: with ``seven_exchange``, before or after the extra cards."""
    four_sevens_redeal: bool = False
    """§8: a player holding the four sevens (after the extras) may claim a redeal."""
    weak_hand_redeal: int = -1
    """§8: a player whose first 6 cards (4 players: all 8) are worth at most this at plain
    value may claim a redeal (-1: off; 2 means totals 0 and 2)."""
    bella_scoring: BellaScoring = BellaScoring.ALWAYS
    """§9: who writes bella's 20; bella counts for its holder's side in the contract
    comparison under every value."""
    meld_tie: MeldTie = MeldTie.FIRST_TO_PLAY
    """§10: step 4 of the meld ranking."""
    debertz_length: int = 7
    """§12: with ``debertz_wins``, the run length that wins (7, or 6)."""
    debertz_score: DebertzScore = DebertzScore.NONE
    """§12: with ``debertz_wins`` or ``klabor_wins``, whether the winner's total becomes
    the target."""
    klabor_wins: bool = False
    """§12: a player dealt A K Q J 10 9 of one suit as his first 6 cards (4 players: the
    first two packets) wins the game at once, before bidding."""
    hundred_four_only: bool = False
    """§13: with ``hundred``, a hundred exists only with 4 players."""
    must_trump: bool = True
    """§14: a player void in the suit led must trump; false: he may discard (a trump he
    plays still obeys the overtrump duty)."""
    overtrump_scope: OvertrumpScope = OvertrumpScope.LED_AND_RUFF
    """§15: with ``overtrump``, when the duty holds."""
    overtrump_partner: bool = True
    """§16: with ``overtrump`` and 4 players, the duty also holds over the partner's trump."""
    defenders_pool_melds: bool = False
    """§11: with 3 players, the two defenders are one side for meld crediting; each
    still writes his own melds."""
    hanging_repeat: HangingRepeat = HangingRepeat.ADD
    """§20: with ``hanging_bait``, a new hanging bait while points still hang."""
    three_player_contract: ThreePlayerContract = ThreePlayerContract.EACH
    """§17: with 3 players, what the bidder must beat."""
    bolt_by_players: bool = False
    """§21: the bolt costs 50 with 2 players, 100 with 3 or 4 in pairs (needs
    ``bolt_penalty`` 0)."""
    third_bait_repeat: ThirdBaitRepeat = ThirdBaitRepeat.EVERY_THIRD
    """§21: which baits cost ``third_bait_penalty``."""
    offer_fifty: bool = False
    """§26: with 2 players, after trump is chosen the non-bidder may offer the bidder 50
    points without play; accepted, the bidder writes 50 and the hand ends."""
    claim_mid_hand: ClaimMidHand = ClaimMidHand.OFF
    """§22: the claim of the game after a trick (automatic; recorded as ``claimed``)."""
    target_tie: TargetTie = TargetTie.HIGHEST
    """§23: several sides reach the target after a hand."""
    gap_win: int = 0
    """§26: with 2 players, a side leading by at least this much after a hand wins
    (0: off); checked after the target."""
    round_two: RoundTwo = RoundTwo.NAME_SUIT
    """§2: with 2-3 players, what follows when everyone passes on the proposed card
    (with the freza on, proposals stop one card earlier so the bottom card stays; with
    ``obligatory_dealer`` the dealer must play the last card that can be proposed; the
    seven is exchanged only for the first proposed card)."""
    proposed_card: ProposedCard = ProposedCard.STAYS
    """§5: whether the bidder takes the proposed card with his extras (no seven exchange
    then; with 3 players and 4 extra cards two stock cards stay out of play)."""
    seven_meld_query: bool = False
    """§7: when the exchange is offered and the seven is in one of the holder's runs, he
    is told whether that run beats every meld in the other hands (steps 1-3 of the meld
    ranking; a tie answers no)."""
    visyak: bool = False
    """§19: klabor's висяк. A tie of the bidder is a висяк: the opponents write their
    points, the bidder's side's points go into a pool; the next seat deals a hand with no
    bidding (the same bidder, trump the proposed card's suit, only bella scores). Made:
    the bidder's side also writes the pool; sat: the pool joins the bait; another tie:
    the pool grows. Lost when the game ends. Forbidden with ``hanging_bait``."""
    four_player_mode: FourPlayerMode = FourPlayerMode.PAIRS
    """§24: with 4 players, pairs or each for himself."""
    format: GameFormat = GameFormat.TARGET
    """§25: a game to the target, or one hand (``one_hand``, ``one_hand_bait``); one
    hand ignores ``target``, ``claim_mid_hand``, ``target_tie``, ``gap_win``,
    ``match``, ``hanging_bait`` and the bolt and third-bait penalties (H5)."""
    dave: Dave = Dave.OFF
    """§25: «даве» with 2 players under a one-hand format (RulesError with ``target``)."""
    match: Match = Match.SINGLE
    """§27: with 4 players in pairs, one game or two rounds (H11)."""

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            kind = _FIELD_TYPES[field.name]
            if kind is bool:
                if not isinstance(value, bool):
                    raise RulesError(f"option {field.name} must be true or false, not {value!r}")
            elif kind is int:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise RulesError(f"option {field.name} must be a whole number, not {value!r}")
            elif not isinstance(value, kind):
                try:
                    object.__setattr__(self, field.name, kind(value))
                except ValueError:
                    allowed = ", ".join(member.value for member in kind)  # type: ignore[attr-defined]
                    raise RulesError(
                        f"option {field.name} must be one of {allowed}, not {value!r}"
                    ) from None
        if not 1 <= self.target <= 100_000:
            raise RulesError(f"target must be between 1 and 100000, not {self.target}")
        if not 0 <= self.bolt_penalty <= 10_000:
            raise RulesError(f"bolt_penalty must be between 0 and 10000, not {self.bolt_penalty}")
        if not 0 <= self.third_bait_penalty <= 10_000:
            raise RulesError(
                f"third_bait_penalty must be between 0 and 10000, not {self.third_bait_penalty}"
            )
        if not -1 <= self.weak_hand_redeal <= 84:
            raise RulesError(
                f"weak_hand_redeal must be between -1 and 84, not {self.weak_hand_redeal}"
            )
        if self.extra_cards not in (3, 4):
            raise RulesError(f"extra_cards must be 3 or 4, not {self.extra_cards}")
        if self.debertz_length not in (6, 7):
            raise RulesError(f"debertz_length must be 6 or 7, not {self.debertz_length}")
        if not 0 <= self.gap_win <= 100_000:
            raise RulesError(f"gap_win must be between 0 and 100000, not {self.gap_win}")
        if self.visyak and self.hanging_bait:
            raise RulesError(
                "visyak and hanging_bait both decide a tied hand: turn one of them off",
                options=("visyak", "hanging_bait"),
            )
        if self.bolt_by_players and self.bolt_penalty:
            raise RulesError(
                "bolt_by_players sets the bolt by the number of players: "
                f"bolt_penalty must then be 0, not {self.bolt_penalty}",
                options=("bolt_by_players", "bolt_penalty"),
            )

        if self.dave is not Dave.OFF and self.format is GameFormat.TARGET:
            raise RulesError(
                f"dave={self.dave.value} needs a one-hand format: format must be "
                "one_hand or one_hand_bait, not target",
                options=("dave", "format"),
            )

    @property
    def one_hand(self) -> bool:
        """Whether the game is one hand (``format`` is not ``target``)."""
        return self.format is not GameFormat.TARGET

    def solo(self, players: int) -> bool:
        """Whether 4 players play each for himself (§24); False with 2 or 3."""
        return players == 4 and self.four_player_mode is FourPlayerMode.SOLO

    def in_pairs(self, players: int) -> bool:
        """Whether 4 players play in two pairs, partners across the table (§24); False
        with 2 or 3, and with 4 solo players."""
        return players == 4 and self.four_player_mode is not FourPlayerMode.SOLO

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset of :data:`ALL_PRESETS`: ``odessa`` (the default), ``moscow``,
        ``kharkiv``, ``site``, ``klabor`` or ``klabor_tournament``."""
        try:
            return ALL_PRESETS[name]
        except KeyError:
            raise RulesError(
                f"unknown preset {name!r} (expected one of {', '.join(ALL_PRESETS)})"
            ) from None

    @property
    def preset_name(self) -> str | None:
        """The name of the preset these rules are, whatever their target (a preset is a
        rule set; the target is chosen apart), or None for a custom set.

        >>> Rules.preset("moscow").replace(target=1001).preset_name
        'moscow'
        """
        for name, rules in ALL_PRESETS.items():
            if dataclasses.replace(rules, target=self.target) == self:
                return name
        return None

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; unknown options raise :class:`RulesError`."""
        unknown = set(changes) - set(_FIELD_TYPES)
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON values."""
        return dict(_plain_options(self))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Read :meth:`to_dict` output; missing options take their defaults."""
        if cls is Rules:
            try:
                key = tuple(sorted(data.items()))
                hash(key)
            except TypeError:
                pass  # an unhashable value: not a stored state, validated below
            else:
                return _rules_from_items(key)
        return cls._validated(data)

    @classmethod
    def _validated(cls, data: dict[str, Any]) -> Rules:
        unknown = set(data) - set(_FIELD_TYPES)
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(sorted(unknown))}")
        return cls(**data)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Rules:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RulesError(f"rules are not valid JSON: {error}") from None
        if not isinstance(data, dict):
            raise RulesError("rules JSON must be an object")
        return cls.from_dict(data)

    @staticmethod
    def option_names() -> tuple[str, ...]:
        """Part 1's options (RULES.md), in declaration order: the ones the bot's settings
        and rules pages describe today."""
        return _PART_ONE

    @staticmethod
    def variant_option_names() -> tuple[str, ...]:
        """Part 2's options (RULES-VARIANTS.md) the engine implements, in declaration
        order."""
        return tuple(_PART_TWO_TYPES)

    @staticmethod
    def all_option_names() -> tuple[str, ...]:
        """Every option, part 1 then part 2."""
        return tuple(_FIELD_TYPES)


_PART_ONE_TYPES: Final[dict[str, type]] = {
    "target": int,
    "dealer_rotation": DealerRotation,
    "obligatory_dealer": bool,
    "seven_exchange": bool,
    "hundred": bool,
    "debertz_wins": bool,
    "trump_priority": bool,
    "melds_need_trick": bool,
    "bella_announcement": BellaAnnouncement,
    "first_lead": FirstLead,
    "overtrump": bool,
    "hanging_bait": bool,
    "three_player_bait": ThreePlayerBait,
    "bolt_penalty": int,
    "third_bait_penalty": int,
}
_PART_TWO_TYPES: Final[dict[str, type]] = {
    "freza": bool,
    "extra_cards": int,
    "four_player_deal": FourPlayerDeal,
    "seven_exchange_timing": SevenExchangeTiming,
    "four_sevens_redeal": bool,
    "weak_hand_redeal": int,
    "bella_scoring": BellaScoring,
    "meld_tie": MeldTie,
    "debertz_length": int,
    "debertz_score": DebertzScore,
    "klabor_wins": bool,
    "hundred_four_only": bool,
    "must_trump": bool,
    "overtrump_scope": OvertrumpScope,
    "overtrump_partner": bool,
    "defenders_pool_melds": bool,
    "hanging_repeat": HangingRepeat,
    "three_player_contract": ThreePlayerContract,
    "bolt_by_players": bool,
    "third_bait_repeat": ThirdBaitRepeat,
    "offer_fifty": bool,
    "claim_mid_hand": ClaimMidHand,
    "target_tie": TargetTie,
    "gap_win": int,
    "round_two": RoundTwo,
    "proposed_card": ProposedCard,
    "seven_meld_query": bool,
    "visyak": bool,
    "four_player_mode": FourPlayerMode,
    "format": GameFormat,
    "dave": Dave,
    "match": Match,
}
_FIELD_TYPES: Final = {**_PART_ONE_TYPES, **_PART_TWO_TYPES}
_PART_ONE: Final = tuple(_PART_ONE_TYPES)

KHARKIV_H13: Final = Rules(
    # Table G as corrected by H13: seed 004 throughout (its Moscow section as the base,
    # the agreements its note assigns to Kharkiv, and its Kharkiv section).
    obligatory_dealer=True,
    trump_priority=False,
    melds_need_trick=True,
    four_sevens_redeal=True,
    three_player_bait=ThreePlayerBait.RICHER_ELSE_HANG,
    overtrump_scope=OvertrumpScope.TRUMP_LED,
    bolt_by_players=True,
    third_bait_penalty=100,
    hundred=True,
    hundred_four_only=True,
    debertz_wins=True,
    debertz_length=6,
    debertz_score=DebertzScore.TARGET,
    four_player_deal=FourPlayerDeal.SIX_THEN_TWO,
    claim_mid_hand=ClaimMidHand.NOT_ON_JASS,
    target_tie=TargetTie.LAST_TRICK,
    first_lead=FirstLead.BIDDER,
)
"""The ``kharkiv`` preset (RULES-VARIANTS.md H13); part 1's kharkiv had only
``trump_priority`` off, the obligatory dealer, a bolt of 50, a third bait of 100 and the
bait split in half with 3 players. A stored game keeps the values it started with."""

PRESETS: Final[dict[str, Rules]] = {
    "odessa": Rules(),
    # Table G: seed 1-A with the † cells of RULES-VARIANTS.md (seed 001's "Деберц втроем",
    # the freza, the claim of the game and the last trick deciding the target).
    "moscow": Rules(
        dealer_rotation=DealerRotation.WINNER,
        hanging_bait=True,
        hanging_repeat=HangingRepeat.SPLIT,
        three_player_contract=ThreePlayerContract.SUM,
        defenders_pool_melds=True,
        three_player_bait=ThreePlayerBait.HALF,
        freza=True,
        claim_mid_hand=ClaimMidHand.ON,
        target_tie=TargetTie.LAST_TRICK,
    ),
    "kharkiv": KHARKIV_H13,
}
"""Part 1's preset names, with the values of RULES-VARIANTS.md table G (its † cells taken
in, as corrected by H13). A stored game keeps the option values it started with."""


# Table G: seed 004's Klabor, with seed 1-B's additions (the freza, later baits, four
# sevens, a weak hand of at most 2 points, the deal of 6 then 2).
KLABOR: Final = Rules(
    obligatory_dealer=True,
    first_lead=FirstLead.BIDDER,
    melds_need_trick=True,
    bella_announcement=BellaAnnouncement.FIRST,
    bella_scoring=BellaScoring.TRICK_TAKER,
    meld_tie=MeldTie.LAST_TRICK,
    visyak=True,
    bolt_penalty=100,
    third_bait_penalty=100,
    third_bait_repeat=ThirdBaitRepeat.THIRD_AND_LATER,
    klabor_wins=True,
    freza=True,
    four_sevens_redeal=True,
    weak_hand_redeal=2,
    four_player_deal=FourPlayerDeal.SIX_THEN_TWO,
    overtrump_partner=False,
)
"""The ``klabor`` preset; ``klabor_tournament`` differs in two options."""

VARIANT_PRESETS: Final[dict[str, Rules]] = {
    # Table G with H13: seed 1-D, the online site.
    "site": Rules(
        melds_need_trick=True,
        bella_announcement=BellaAnnouncement.FIRST,
        bella_scoring=BellaScoring.NEEDS_TRICK,
        meld_tie=MeldTie.DEAL_ORDER,
        hanging_bait=True,
        three_player_contract=ThreePlayerContract.SUM,
        third_bait_penalty=100,
        overtrump_scope=OvertrumpScope.TRUMP_LED,
    ),
    "klabor": KLABOR,
    # Table G: klabor with seed 1-B's tournament version: a redeal when all pass (no
    # obligatory dealer) and two rounds for pairs.
    "klabor_tournament": dataclasses.replace(
        KLABOR, obligatory_dealer=False, match=Match.TWO_ROUNDS
    ),
}
"""Part 2's presets (RULES-VARIANTS.md table G, corrected by H13)."""

ALL_PRESETS: Final[dict[str, Rules]] = {**PRESETS, **VARIANT_PRESETS}


# A stored game is read and written at every move, and a chat's rules are few: building
# and checking the 46 options each time was a fifth of the cost of loading a game.
@functools.lru_cache(maxsize=256)
def _rules_from_items(items: tuple[tuple[str, Any], ...]) -> Rules:
    return Rules._validated(dict(items))


@functools.lru_cache(maxsize=256)
def _plain_options(rules: Rules) -> tuple[tuple[str, Any], ...]:
    plain = []
    for name in _FIELD_TYPES:
        value = getattr(rules, name)
        plain.append((name, value.value if isinstance(value, StrEnum) else value))
    return tuple(plain)
