"""The shipped bots by name, as the command line and :func:`~engine.bots.playing.play_game` name them."""

from __future__ import annotations

import random

from ..errors import UsageError
from ..rules.ruleset import Rules
from .base import FastBot, RandomBot
from .heuristic import HeuristicBot
from .profile import CLASSIC, DEFAULT, THRESHOLD

BOT_NAMES = ("random", "heuristic", "sampling", "expert", "classic", "threshold")
"""The bots the command line knows by name."""


def make_bot(name: str, rules: Rules, seed: int | str | random.Random | None = None) -> FastBot:
    """The bot called ``name`` (one of :data:`BOT_NAMES`) for ``rules``, seeded with ``seed`` (or
    drawing from ``seed`` when it is a ``random.Random``, shared with other bots); :class:`ValueError` for
    another name, :class:`TypeError` for rules that are not a compiled variant or a seed of another kind."""
    if not isinstance(name, str):
        raise UsageError(f"A bot is named by text, one of {', '.join(BOT_NAMES)}; not {type(name).__name__}.")
    if not isinstance(rules, Rules):
        raise UsageError(f"A bot is made for a variant's compiled rules (engine.load_variant(NAME)), not {type(rules).__name__}.")
    if seed is not None and (type(seed) not in (int, str) and not isinstance(seed, random.Random)):
        raise UsageError(f"A bot's seed is a whole number, a string, a random.Random or None, not {type(seed).__name__}.")
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return HeuristicBot(rules, DEFAULT, seed)
    if name == "classic":
        return HeuristicBot(rules, CLASSIC, seed)
    if name == "threshold":
        return HeuristicBot(rules, THRESHOLD, seed)
    if name == "sampling":
        from .sampling import SamplingBot  # loaded only when asked for: it brings the solver

        return SamplingBot(rules, DEFAULT, seed)
    if name == "expert":
        from .expert import ExpertBot

        return ExpertBot(rules, seed)
    raise UsageError(f"There is no bot called {name!r}; choose from {', '.join(BOT_NAMES)}.")


__all__ = ["BOT_NAMES", "make_bot"]
