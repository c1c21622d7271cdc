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

from .base import Bot, FastBot, RandomBot
from .expert import ExpertBot
from .heuristic import HeuristicBot, Profile
from .playing import make_bots, play_game
from .registry import BOT_NAMES, make_bot
from .sampling import SamplingBot

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
