"""Stage 5, bots: what a seat may see in, a chosen action out.

The :class:`Bot` protocol that embedders implement reads a seat's
:class:`~engine.game.observation.Observation` and its legal actions (the game API); a
:class:`FastBot` also chooses a move number from the kernel's :class:`~engine.kernel.state.GameState`,
reading only that seat's information, for the simulator. Shipped: a random bot and a heuristic bot
(:mod:`~engine.bots.heuristic`, its style an :class:`~engine.bots.heuristic.Profile`).
"""

from __future__ import annotations

import random

from ..rules.ruleset import Rules
from .base import Bot, FastBot, RandomBot
from .heuristic import HeuristicBot, Profile
from .playing import make_bots, play_game

BOT_NAMES = ("random", "heuristic")
"""The bots the command line knows by name."""


def make_bot(name: str, rules: Rules, seed: int | str | random.Random | None = None) -> FastBot:
    """The bot called ``name`` (one of :data:`BOT_NAMES`) for ``rules``, seeded with ``seed`` (or
    drawing from ``seed`` when it is a ``random.Random``, shared with other bots)."""
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(rules, Profile(), seed)
    raise ValueError(f"There is no bot called {name!r}; choose from {', '.join(BOT_NAMES)}.")


__all__ = ["BOT_NAMES", "Bot", "FastBot", "HeuristicBot", "Profile", "RandomBot", "make_bot", "make_bots", "play_game"]
