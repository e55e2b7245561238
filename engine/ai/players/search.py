"""Determinized search: perfect-information Monte Carlo over the hidden cards.

For each decision the player deals the cards it cannot see many times, each time
consistently with everything its seat has seen (:mod:`engine.ai.infer`), and scores
every legal action in every such deal with the real hand scoring:

- in the play, by playing the hand out with the rule-based policy for every seat, or,
  once few cards are left, by the exact solver (:mod:`engine.ai.solver`);
- in bidding and at the trump seven, by finishing the hand with the rule-based players
  (:mod:`engine.ai.simulate`): the bids still to come, the extra cards with 2 or 3
  players, the exchange, the play (with ``exact_bids``, its last tricks or all of it
  solved exactly).

The action with the best mean wins. All deals of one decision share their random
stream, and each action is scored on the same deals, so differences between actions
are not drowned in the luck of the deal.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeAlias

from engine.actions import Action, OfferDave, PlayCard
from engine.game import Game, Phase
from engine.legal import PlayRules
from engine.melds import has_bella
from engine.view import PlayerView

from ..base import decision_rng
from ..bits import POINTS_BY_TRUMP
from ..evidence import bids_agree
from ..infer import (
    Deal,
    Knowledge,
    MeldLayout,
    game_state,
    knowledge,
    meld_layout,
    stock_order,
)
from ..outlook import Outlook, outlook_for
from ..play_evidence import PlayBeliefs, PlayEvidence, off_rules_seats
from ..policy import trick_winner
from ..response import BestResponse
from ..rollout import HandFrame, play_out
from ..simulate import ExactPlay, simulate_hand, solve_rest
from ..solver import Solver
from .heuristic import heuristic_action

__all__ = [
    "DEFAULT_SOLVER_CARDS",
    "ExactBids",
    "RuleOpponents",
    "SearchPlayer",
    "SolverCards",
    "rule_tricks",
    "solver_depths",
]

_SPEND: Final = 0.97
"""Share of the budget given to sampling; the rest covers picking the action and the
spread of one sample's time, so that decisions end within the budget."""

_BID_TRIES: Final = 40
"""Deals drawn at most to find one that agrees with the bids and the plays; past it, the
next deal drawn is kept unjudged. With the bids alone they rarely all fail; with the
play evidence of 3 or 4 players, in the middle of the hand, some half of the deals end
here (2 players: some tenth). Keeping instead the deal whose plays surprised least made
no difference (medium against itself, 3 players, 200 deals: -0.9 +- 2.6 a deal)."""

_PLAY_BASELINE: Final = 20
"""Deals drawn to learn which of the other seats' plays some deal explains."""

_RULES_CHECK: Final = 100
"""Deals drawn to learn which of the other seats' plays some deal explains, when the
endgame may play them by the rules (``rule_opponents``): with 2 players against the
heuristic no play went unexplained by 100 deals in 10 games, where 20 left one in some
2% of the decisions; against search (30 deals a decision) one was left after one trick
in 29% of the decisions, after three in 68%, after five or more in 91-95%."""

SolverCards: TypeAlias = int | Mapping[int, int] | Mapping[str, int] | None
"""The ``solver_cards`` option: see :func:`solver_depths`."""

DEFAULT_SOLVER_CARDS: Final = {2: 6, 3: 5, 4: 4}
"""Cards in the hand of the seat to act from which the exact solver replaces rollouts."""

_NO_SOLVER: Final = {2: 0, 3: 0, 4: 0}


RuleOpponents: TypeAlias = int | Mapping[int, int] | Mapping[str, int] | None
"""The ``rule_opponents`` option: see :func:`rule_tricks`."""


def rule_tricks(rule_opponents: RuleOpponents) -> dict[int, int | None]:
    """The trick from which the endgame may play the others by the rules, per table
    size, from a player's ``rule_opponents`` option: None for never, one number for
    every table size, or a number per table size (keys 2, 3, 4, also as strings, as JSON
    gives them), the sizes not given never. Raises ``ValueError`` naming a bad table
    size or trick."""
    tricks: dict[int, int | None] = dict.fromkeys(DEFAULT_SOLVER_CARDS)
    if rule_opponents is not None:
        _set_per_table(tricks, rule_opponents, "rule_opponents", "tricks")
    return tricks


ExactBids: TypeAlias = bool | int | Mapping[int, int] | Mapping[str, int]
"""The ``exact_bids`` option: see :class:`SearchPlayer`."""


def solver_depths(
    solver_cards: SolverCards, defaults: Mapping[int, int] = DEFAULT_SOLVER_CARDS
) -> dict[int, int]:
    """The exact solver's depth per table size from a player's ``solver_cards`` option:
    None for the ``defaults``, one number for every table size, or a depth per table
    size (keys 2, 3, 4, also as strings, as JSON gives them) over the defaults. Raises
    ``ValueError`` naming a bad table size or depth."""
    depths = dict(defaults)
    if solver_cards is not None:
        _set_per_table(depths, solver_cards, "solver_cards", "cards")
    return depths


def _set_per_table(
    values: dict[int, Any],
    option: int | Mapping[int, int] | Mapping[str, int],
    name: str,
    unit: str,
) -> None:
    """Set ``values`` (per table size) from an option given as one number for every
    size or a number per size (keys also as strings, as JSON gives them)."""
    given: Mapping[int, int] | Mapping[str, int]
    given = option if isinstance(option, Mapping) else dict.fromkeys(values, option)
    for players, value in given.items():
        size = int(players) if str(players).isdigit() else None
        if size is None or size not in values:
            raise ValueError(f"{name}: no table of {players!r} players (2, 3 or 4)")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"{name}: {value!r} is not a number of {unit}")
        values[size] = value


class SearchPlayer:
    """Perfect-information Monte Carlo with rule-based rollouts and an exact endgame.

    ``budget`` is the time per decision in seconds (None: no clock, only the cap);
    ``samples`` caps the deals per decision. With the cap reached before the budget
    the choice depends only on the seed and the view. ``trust`` is how much the other
    seats' bids are believed to follow the rule-based bidder: a deal whose hands would
    have bid otherwise is kept with probability ``1 - trust``. ``outlook``: score a hand
    by the chance to win the game from the scores after it (:mod:`engine.ai.outlook`)
    rather than by its written points, where the outlook models the game.
    ``play_trust`` is how much the other seats' cards played are believed to follow the
    rule-based policy (:mod:`engine.ai.play_evidence`): a deal on which the rules would
    have played ``k`` of them otherwise is kept with probability ``(1 - play_trust)**k``
    (a play that no deal drawn explains does not count). With ``play_trust_off`` that
    holds only of a seat that plays by the rules; a seat of its own ways is believed at
    ``play_trust_off``, and each seat is one or the other by the odds its earlier hands
    give (:class:`~engine.ai.play_evidence.PlayBeliefs`). ``exact_bids``: in bidding
    and at the trump seven, play the sampled hand's last tricks exactly rather than
    with the rule-based policy, from the first trick that starts with no more cards in
    hand than a depth: True for the play's (``solver_cards``), or depths as
    ``solver_cards`` takes them but over none (a table size not given is left to the
    rollouts). Solved deals cost more, so fewer are drawn at a clock: with 2 players at
    1 s a bid got some 25-45 deals with the whole hand solved (9 cards) and some 830
    from 6 cards, against the cap of 1000 with rollouts alone. ``rule_opponents``
    (None: never; a number, or one per table size as :func:`rule_tricks` reads it):
    once that many tricks of the hand are played, the exact endgame plays
    the other seats by the rule-based policy, the side's seats at their best against it
    (:mod:`engine.ai.response`; a defender of 3, or of 4 solo players, chooses alone,
    its partner's points counted with its own), rather than every seat at its best, as
    long as each card the others played this hand is one the rules play in some deal
    drawn (:data:`_RULES_CHECK`); one that none explains shows a seat that plays otherwise,
    and the decision goes back to the solver. Nor does it while any earlier hand of the
    game shows one of those seats playing a card the rules would not have played on
    the hand it held (:func:`~engine.ai.play_evidence.off_rules_seats`), nor before
    ``rule_proof`` earlier hands, played to their last trick, show them.
    ``response_bids``: score bids and the trump seven the same way, while the earlier
    hands show the others playing by the rules: the sampled hand is played by the rules
    to the trick ``rule_opponents`` gives, then the side at its best against them (over
    ``exact_bids``), so that a bid is worth what the side's own play would take.
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        budget: float | None = 1.0,
        samples: int = 1000,
        solver_cards: SolverCards = None,
        trust: float = 0.8,
        outlook: bool = False,
        play_trust: float = 0.0,
        play_trust_off: float | None = None,
        exact_bids: ExactBids = False,
        rule_opponents: RuleOpponents = None,
        rule_proof: int = 0,
        response_bids: bool = False,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        if not 0.0 <= play_trust < 1.0:
            raise ValueError(f"play_trust must be at least 0 and below 1, not {play_trust}")
        if play_trust_off is not None and not 0.0 <= play_trust_off < 1.0:
            raise ValueError(
                f"play_trust_off must be at least 0 and below 1, or None, not {play_trust_off}"
            )
        if rule_proof < 0:
            raise ValueError(f"rule_proof must be a number of hands, not {rule_proof}")
        if budget is not None and budget <= 0:
            raise ValueError(f"budget must be positive seconds or None, not {budget}")
        if not 0.0 <= trust <= 1.0:
            raise ValueError(f"trust must be between 0 and 1, not {trust}")
        self.seed = seed
        self.budget = budget
        self.samples = samples
        self.solver_cards = solver_depths(solver_cards)
        """Cards left in hand from which the exact solver plays the rest, per table size."""
        self.trust = trust
        self.outlook = outlook
        self.play_trust = play_trust
        self.play_trust_off = play_trust_off
        self.rule_opponents = rule_tricks(rule_opponents)
        """The trick from which the endgame may play the others by the rules, per table
        size (None: never)."""
        self.rule_proof = rule_proof
        self.response_bids = response_bids
        self.bid_solver_cards = (
            dict(self.solver_cards)
            if exact_bids is True
            else solver_depths(exact_bids or None, defaults=_NO_SOLVER)
        )
        """Cards left in hand from which bids are scored with the exact play (0: never),
        per table size."""
        self._clock = clock
        self.last_samples = 0
        """Deals used by the last decision (for benchmarks and tests)."""

    def choose(self, view: PlayerView) -> Action:
        """The action with the best mean outcome over the sampled deals."""
        legal = view.legal_actions
        if view.seat is None or not legal:
            raise ValueError(f"seat {view.seat} has no decision to make now")
        if len(legal) == 1:
            self.last_samples = 0
            return legal[0]
        preferred = heuristic_action(view)
        if view.phase is Phase.DAVE or isinstance(preferred, OfferDave):
            return preferred  # «даве» follows the heuristic's sure-win rule
        others = (a for a in legal if a != preferred and not isinstance(a, OfferDave))
        candidates = [preferred, *others]
        deadline = None if self.budget is None else self._clock() + self.budget * _SPEND
        rng = decision_rng(self.seed, view)
        info = knowledge(view)
        score = self.deal_scorer(view, info, candidates, rng)
        totals = [0.0] * len(candidates)
        done = 0
        started = self._clock()
        while not self._out_of_time(done, deadline, started):
            for j, value in enumerate(score(rng)):
                totals[j] += value
            done += 1
        self.last_samples = done
        best = max(range(len(candidates)), key=lambda j: (totals[j], -j))
        return candidates[best]

    def _shown_by_rules(self, view: PlayerView, side_seats: int) -> bool:
        """Whether the earlier hands let the endgame play the seats off ``side_seats``
        by the rules: ``rule_proof`` of them at least, and in none a card those seats
        played otherwise."""
        if len(view.past_hands) < self.rule_proof:
            return False
        others = ((1 << view.players) - 1) & ~side_seats
        return not off_rules_seats(view) & others

    def _sample(
        self,
        view: PlayerView,
        info: Knowledge,
        rng: random.Random,
        plays: tuple[PlayEvidence, PlayBeliefs] | None = None,
    ) -> Deal:
        """A deal consistent with the view, and likely under the other seats' bids and,
        given ``plays`` (the evidence of their cards and the beliefs that weigh it),
        under the cards they played."""
        deal = info.sample(rng)
        for _ in range(_BID_TRIES):
            if self._believable(view, info, deal, rng, plays):
                break
            deal = info.sample(rng)
        return deal

    def _believable(
        self,
        view: PlayerView,
        info: Knowledge,
        deal: Deal,
        rng: random.Random,
        plays: tuple[PlayEvidence, PlayBeliefs] | None,
    ) -> bool:
        """Whether to keep ``deal``: always when the other seats' bids and plays are
        what the rules would have made with its hands, else by ``trust`` and the
        ``beliefs`` about the plays."""
        if self.trust > 0.0 and not bids_agree(view, info, deal, rng) and rng.random() < self.trust:
            return False
        if plays is not None:
            evidence, beliefs = plays
            misses = evidence.surprise_by_seat(deal.hands)
            if any(misses) and rng.random() >= beliefs.weight(misses):
                return False
        return True

    def _outlook(self, view: PlayerView) -> Outlook | None:
        return outlook_for(view.rules, view.players) if self.outlook else None

    def _out_of_time(self, done: int, deadline: float | None, started: float) -> bool:
        """Whether to stop sampling: the cap is reached, or one more deal would likely
        end past the deadline (judged by the mean time of the deals so far), so that
        the budget is an upper bound rather than a point to overshoot."""
        if done >= self.samples:
            return True
        if done == 0 or deadline is None:
            return False
        now = self._clock()
        return now + (now - started) / done > deadline

    def deal_scorer(
        self,
        view: PlayerView,
        info: Knowledge,
        candidates: Sequence[Action],
        rng: random.Random,
    ) -> Callable[[random.Random], list[float]]:
        """A function that draws one deal from its random stream and gives the value of
        every candidate in it, for the seat's side. What the deals of one decision
        share (the play evidence learnt, the solver's table, outcomes already scored) is
        built here once, from ``rng``."""
        if view.phase is Phase.PLAY:
            return self._play_scorer(view, info, candidates, rng)
        return self._simulate_scorer(view, info, candidates)

    def _simulate_scorer(
        self,
        view: PlayerView,
        info: Knowledge,
        candidates: Sequence[Action],
    ) -> Callable[[random.Random], list[float]]:
        """Bidding and the trump seven: finish the hand from each candidate action."""
        assert view.seat is not None
        side = view.side_of(view.seat)
        template = game_state(view, info, Deal(info.fixed, ()))
        # only the scores, the bait counts and the last result (a висяк pool, hanging
        # points) matter to one hand
        template["sheet"] = template["sheet"][-1:]
        baits = tuple(template["baits"])
        outlook = self._outlook(view)
        n = view.players
        play_rules = PlayRules.of(view.rules, n)
        depth = self.bid_solver_cards[n]
        exact = ExactPlay(depth, play_rules) if depth else None
        by_rules_from = self.rule_opponents[n]
        side_seats = view.seats_beside(view.seat)
        if (
            self.response_bids
            and by_rules_from is not None
            and self._shown_by_rules(view, side_seats)
        ):
            exact = ExactPlay(
                self.solver_cards[n], play_rules, responder=side_seats, tricks=by_rules_from
            )

        def score(rng: random.Random) -> list[float]:
            deal = self._sample(view, info, rng)
            data = dict(template)
            data["hands"] = list(deal.hands)
            data["stock"] = stock_order(view, deal)
            base = Game.from_dict(data)
            return [
                simulate_hand(base.copy(), side, action, baits, outlook, exact)
                for action in candidates
            ]

        return score

    def _play_scorer(
        self,
        view: PlayerView,
        info: Knowledge,
        candidates: Sequence[Action],
        rng: random.Random,
    ) -> Callable[[random.Random], list[float]]:
        """The play: every candidate card in every sampled deal."""
        assert view.trump is not None
        assert view.bidder is not None
        assert view.seat is not None
        n = view.players
        seat = view.seat
        rules = view.rules
        trump = int(view.trump)
        bidder = view.bidder
        side = view.side_of(seat)
        side_seats = view.seats_beside(seat)
        play_rules = PlayRules.of(rules, n)
        pairs = play_rules.pairs
        if n > 2 and not pairs and seat != bidder:
            # every defender wants the bidder to sit (3 players, or 4 solo, who score
            # like 3): solved as one side against the bidder, not each against all the
            # others, where the endgame would have the other defenders play against it
            # and the bidder's share come out as a guess
            side_seats = ((1 << n) - 1) ^ (1 << bidder)
        frame = _frame(view, info, self._outlook(view))
        points_table = POINTS_BY_TRUMP[trump]
        trick = [card.index for _, card in view.trick]
        trick_leader = view.trick[0][0] if view.trick else seat
        cards = [action.card.index for action in candidates if isinstance(action, PlayCard)]
        exact = len(view.hand) <= self.solver_cards[n]
        shown_melds = sum(m.points for _, m in view.winning_melds) if info.melds_known else None
        evidence = None
        by_rules_from = self.rule_opponents[n]
        reads_plays = self.play_trust > 0.0 or bool(self.play_trust_off)
        if reads_plays or by_rules_from is not None:
            evidence = PlayEvidence(view, info)
            evidence.learn(info, rng, _PLAY_BASELINE if by_rules_from is None else _RULES_CHECK)
        # the plays weigh the deals only with play_trust; rule_opponents reads them alone
        plays = None
        if reads_plays and evidence is not None:
            plays = evidence, PlayBeliefs(view, self.play_trust, self.play_trust_off)
        # one solver for every deal: a position's value depends on the position only, so
        # the endgames that different deals reach in common are solved once
        solver: Solver | BestResponse | None = None
        # only the seat's own side chooses: a defender of 3 beside a partner who plays
        # by the rules has the partner's points count, not its choices
        choosers = view.seats_beside(seat)
        if (
            exact
            and evidence is not None
            and by_rules_from is not None
            and len(view.tricks) >= by_rules_from
            and evidence.all_explained()
            and self._shown_by_rules(view, choosers)
        ):
            solver = BestResponse(
                n, trump, side_seats, play_rules, gone=info.gone, voids=info.forbidden,
                bidder=bidder, choosers=choosers,
            )  # fmt: skip
        elif exact:
            solver = Solver(n, trump, side_seats, overtrump=play_rules)
        # deals end in the same few outcomes over and over: each is scored once
        worths: dict[tuple[object, ...], float] = {}

        def score(rng: random.Random) -> list[float]:
            deal = self._sample(view, info, rng, plays)
            start = [deal.hands[s] | info.played_by[s] for s in range(n)]
            if shown_melds is None:
                layout = meld_layout(
                    start,
                    trump,
                    info.leader,
                    rules,
                    view.dealer,
                    bidder,
                    melds=not view.visyak_pool,
                    melds_of=info.melds,
                )
            else:
                # the melds are public now; only an unannounced bella is still hidden
                bella = view.bella
                for other in range(n):
                    if bella is None and has_bella(start[other], trump):
                        bella = other
                layout = MeldLayout(info.meld_side, shown_melds, bella)
            values: list[float] = []
            for card in cards:
                hands = list(deal.hands)
                hands[seat] ^= 1 << card
                current = [*trick, card]
                card_points = list(view.card_points)
                tricks = list(view.tricks_won)
                leader = trick_leader
                last = -1
                if len(current) == n:
                    winner = trick_winner(current, leader, n, trump)
                    for index in current:
                        card_points[winner] += points_table[index]
                    tricks[winner] += 1
                    leader = winner
                    last = winner
                    current = []
                if hands[leader] or current:
                    if solver is not None:
                        last = solve_rest(
                            solver,
                            hands,
                            leader,
                            current,
                            side_seats,
                            n,
                            trump,
                            card_points,
                            tricks,
                            pairs=pairs,
                        )
                    else:
                        last = play_out(
                            hands,
                            trump,
                            leader,
                            current,
                            card_points,
                            tricks,
                            info.gone | (1 << card),
                            list(info.forbidden),
                            bidder,
                            play_rules,
                        )
                outcome = (layout, *card_points, *tricks, last)
                worth = worths.get(outcome)
                if worth is None:
                    worth = worths[outcome] = frame.utility(side, layout, card_points, tricks, last)
                values.append(worth)
            return values

        return score


def _frame(view: PlayerView, info: Knowledge, outlook: Outlook | None) -> HandFrame:
    assert view.trump is not None
    assert view.bidder is not None
    sides = len(view.scores)
    baits = [0] * sides
    for result in view.sheet:
        for line in result.sides:
            if line.bait:
                baits[line.side] += 1
    return HandFrame(
        rules=view.rules,
        players=view.players,
        hand_number=view.hand_number,
        dealer=view.dealer,
        bidder=view.bidder,
        trump=info.trump,
        hanging=view.hanging,
        baits=tuple(baits),
        visyak_pool=view.visyak_pool,
        scores=view.scores,
        outlook=outlook,
    )
