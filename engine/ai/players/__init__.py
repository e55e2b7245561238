"""The computer players: random, rule-based (heuristic) and determinized search."""

from .heuristic import HeuristicPlayer
from .random_player import RandomPlayer
from .search import SearchPlayer

__all__ = ["HeuristicPlayer", "RandomPlayer", "SearchPlayer"]
