"""Stage 6, bots: what a seat may see in, a chosen action out.

The :class:`Bot` protocol that embedders implement reads a seat's
:class:`~engine.game.observation.Observation` and its legal actions (the game API); a
:class:`FastBot` also chooses a move number from the kernel's :class:`~engine.kernel.state.GameState`,
reading only that seat's information, for the simulator. Shipped: a random bot, a heuristic bot
(:mod:`~engine.bots.heuristic`, its style an :class:`~engine.bots.heuristic.Profile`), a bot that bids and
discards from sampled play-outs (:mod:`~engine.bots.sampling`) and the expert bot, which also plays by
double-dummy analysis of sampled deals (:mod:`~engine.bots.expert`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .base import Bot, FastBot, RandomBot
from .heuristic import HeuristicBot, Profile
from .registry import BOT_NAMES, make_bot

if TYPE_CHECKING:
    from .expert import ExpertBot
    from .playing import make_bots, play_game
    from .sampling import SamplingBot


_LATER = {"ExpertBot": "expert", "SamplingBot": "sampling", "make_bots": "playing", "play_game": "playing"}
"""Names imported when first used: the bots that search (and the double-dummy solver under them) and
whole games through the game API, so that a simulation with the heuristic or random bots starts
without them."""


def __getattr__(name: str) -> Any:
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # found directly from now on
    return value


__all__ = [
    "BOT_NAMES",
    "Bot",
    "ExpertBot",
    "FastBot",
    "HeuristicBot",
    "Profile",
    "RandomBot",
    "SamplingBot",
    "make_bot",
    "make_bots",
    "play_game",
]
