"""Bots: the :class:`Bot` protocol that embedders implement, a random bot and a heuristic bot."""

from __future__ import annotations

from ..rules import Rules
from .base import Bot, RandomBot
from .heuristic import HeuristicBot, Profile

BOT_NAMES = ("random", "heuristic")
"""The bots the command line knows by name."""


def make_bot(name: str, rules: Rules, seed: int | str | None = None) -> Bot:
    """The bot called ``name`` (one of :data:`BOT_NAMES`) for ``rules``, seeded with ``seed``."""
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(rules, Profile(), seed)
    raise ValueError(f"There is no bot called {name!r}; choose from {', '.join(BOT_NAMES)}.")


__all__ = ["BOT_NAMES", "Bot", "HeuristicBot", "Profile", "RandomBot", "make_bot"]
