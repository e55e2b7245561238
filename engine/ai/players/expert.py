"""The expert search: today's determinized search, driven one sampled deal at a time so
that it can weigh the evidence, stop on time and report what every action is worth.

Each sampled deal scores every candidate action the way :class:`SearchPlayer` does
(rollouts with the rule-based policy, the exact solver for the last cards, the rule-based
players for the rest of the bidding), on the same random stream. What changes:

- **Caution.** With few deals, the action with the best mean is often only the luckiest:
  the mean of the best of several noisy estimates is biased upward ("winner's curse"),
  and with 4-5 bidding candidates this is what made search bid on hands that sat. The
  expert keeps the rule-based action unless another beats it on the same deals by more
  than ``caution`` standard errors of the paired difference. As deals accumulate the
  margin shrinks to nothing, so at a large budget the choice is the best mean again.
- **Time.** Sampling stops when one more deal would likely end past ``spend`` (85%) of
  the budget, judged by twice the slowest deal so far rather than the mean, so the rest
  of the budget absorbs the spread of one deal's time and the choice itself.
- **Values.** :meth:`ExpertPlayer.action_values` gives the mean of every candidate over
  the same deals, in hand points for the seat's side, for hints and reviews.
- **Edge in the bids.** A bid is scored by finishing the sampled hand with the
  rule-based play on both sides, while the expert plays its own hands better than that.
  ``bid_edge`` adds the points it expects to take over the rules' play to each bid (the
  proposed trump taken, a suit named) when choosing; the values reported stay the
  simulation's own.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import ClassVar, Final

from engine.actions import Action, NameSuit, OfferDave, TakeProposed
from engine.game import Phase
from engine.view import PlayerView

from ..base import decision_rng
from ..infer import knowledge
from .heuristic import heuristic_action
from .search import ExactBids, RuleOpponents, SearchPlayer, SolverCards

__all__ = ["DEFAULT_SPEND", "Evaluation", "ExpertPlayer"]

DEFAULT_SPEND: Final = 0.85
"""Share of the budget the sampling may use."""


class Evaluation:
    """The candidates of one decision and their per-deal values (paired by deal)."""

    __slots__ = ("candidates", "values")

    def __init__(self, candidates: Sequence[Action]) -> None:
        self.candidates = tuple(candidates)
        """The rule-based action first, then the other legal actions in table order."""
        self.values: list[list[float]] = []
        """One row per sampled deal: the value of each candidate in that deal."""

    @property
    def deals(self) -> int:
        """How many deals were sampled."""
        return len(self.values)

    def means(self) -> list[float]:
        """The mean value of each candidate over the deals."""
        count = len(self.values)
        sums = [0.0] * len(self.candidates)
        for row in self.values:
            for j, value in enumerate(row):
                sums[j] += value
        return [total / count for total in sums]

    def best(self, caution: float, bonus: Sequence[float] | None = None) -> int:
        """The index of the chosen candidate: the best mean, unless it beats the
        rule-based action (index 0) by less than ``caution`` standard errors of the
        paired difference. ``bonus`` (one per candidate) is added to the means first; a
        bonus that is the same in every deal leaves the paired spread as it is."""
        means = self.means()
        extras = [0.0] * len(means) if bonus is None else list(bonus)
        judged = [mean + extra for mean, extra in zip(means, extras, strict=True)]
        best = max(range(len(judged)), key=lambda j: (judged[j], -j))
        count = len(self.values)
        if best == 0 or caution <= 0.0 or count < 2:
            return best
        sampled_gain = means[best] - means[0]
        spread = 0.0
        for row in self.values:
            spread += (row[best] - row[0] - sampled_gain) ** 2
        error = math.sqrt(spread / (count - 1) / count)
        return best if judged[best] - judged[0] > caution * error else 0


class ExpertPlayer:
    """Determinized search with caution, a tighter clock and action values.

    ``budget`` is seconds per decision (None: no clock, only the ``samples`` cap);
    ``spend`` the share of it sampling may use; ``caution`` the standard errors by which
    an action must beat the rule-based one (0: plain best mean, like
    :class:`SearchPlayer`); ``bid_edge`` the points added to each bid when choosing
    (see the module docstring); ``solver_cards``, ``trust``, ``outlook``, ``play_trust``,
    ``play_trust_off``, ``exact_bids``, ``rule_opponents``, ``rule_proof`` and
    ``response_bids`` as for :class:`SearchPlayer`.
    With the cap reached before the budget the choice depends only on the seed and the
    view.
    """

    searcher: ClassVar[type[SearchPlayer]] = SearchPlayer
    """What draws and scores the deals; a benchmark that lets a seat see the hidden
    cards (:mod:`benchmarks.ceiling`) puts its own here."""

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
        caution: float = 1.0,
        bid_edge: float = 0.0,
        spend: float = DEFAULT_SPEND,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        # search checks its own options and scores the deals (its deal_scorer): the loop,
        # the clock and the statistics are ours
        self._deal = self.searcher(
            seed,
            budget=budget,
            samples=samples,
            solver_cards=solver_cards,
            trust=trust,
            outlook=outlook,
            play_trust=play_trust,
            play_trust_off=play_trust_off,
            exact_bids=exact_bids,
            rule_opponents=rule_opponents,
            rule_proof=rule_proof,
            response_bids=response_bids,
            clock=clock,
        )
        if not 0.0 < spend <= 1.0:
            raise ValueError(f"spend must be in (0, 1], not {spend}")
        if caution < 0.0:
            raise ValueError(f"caution must not be negative, not {caution}")
        if not math.isfinite(bid_edge):
            raise ValueError(f"bid_edge must be a number of points, not {bid_edge}")
        self.seed = seed
        self.budget = budget
        self.samples = samples
        self.caution = caution
        self.bid_edge = bid_edge
        self.spend = spend
        self._clock = clock
        self.last_samples = 0
        """Deals used by the last decision (for benchmarks and tests)."""

    def choose(self, view: PlayerView) -> Action:
        """The chosen action: see the module docstring."""
        evaluation = self.evaluate(view)
        if evaluation.deals == 0:
            return evaluation.candidates[0]
        bonus = None
        if self.bid_edge:
            bonus = [
                self.bid_edge if isinstance(action, TakeProposed | NameSuit) else 0.0
                for action in evaluation.candidates
            ]
        return evaluation.candidates[evaluation.best(self.caution, bonus)]

    def action_values(self, view: PlayerView) -> dict[Action, float]:
        """The mean value of each candidate action over the same sampled deals, in hand
        points for the seat's side (higher is better for the seat to act).

        An action decided by a rule rather than by sampling (the only legal one, the
        «даве» offer and answer) is the single entry, valued 0.0; the «даве» offer is
        never among the sampled candidates.
        """
        evaluation = self.evaluate(view)
        if evaluation.deals == 0:
            return {evaluation.candidates[0]: 0.0}
        return dict(zip(evaluation.candidates, evaluation.means(), strict=True))

    def evaluate(self, view: PlayerView) -> Evaluation:
        """Sample deals for the decision of ``view`` until the cap or the clock."""
        legal = view.legal_actions
        if view.seat is None or not legal:
            raise ValueError(f"seat {view.seat} has no decision to make now")
        self.last_samples = 0
        if len(legal) == 1:
            return Evaluation(legal)
        preferred = heuristic_action(view)
        if view.phase is Phase.DAVE or isinstance(preferred, OfferDave):
            return Evaluation([preferred])  # «даве» follows the heuristic's sure-win rule
        others = (a for a in legal if a != preferred and not isinstance(a, OfferDave))
        evaluation = Evaluation([preferred, *others])
        started = self._clock()
        deadline = None if self.budget is None else started + self.budget * self.spend
        rng = decision_rng(self.seed, view)
        info = knowledge(view)
        score = self._deal.deal_scorer(view, info, evaluation.candidates, rng)
        slowest = 0.0
        while len(evaluation.values) < self.samples:
            before = self._clock()
            # twice the slowest deal: an exactly played deal took up to 7 times its median
            if deadline is not None and evaluation.values and before + 2 * slowest > deadline:
                break
            evaluation.values.append(score(rng))
            slowest = max(slowest, self._clock() - before)
        self.last_samples = evaluation.deals
        return evaluation
