"""The computer players: random, rule-based (heuristic), determinized search, and the
expert search behind the easy, medium and strong levels."""

from .expert import ExpertPlayer
from .heuristic import HeuristicPlayer
from .random_player import RandomPlayer
from .search import SearchPlayer

__all__ = ["ExpertPlayer", "HeuristicPlayer", "RandomPlayer", "SearchPlayer"]
