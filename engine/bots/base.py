"""The bot protocol: what an embedder implements to play a seat, and the random bot."""

from __future__ import annotations

import random
from typing import Protocol, Sequence, runtime_checkable

from ..actions import Action
from ..observation import Observation


@runtime_checkable
class Bot(Protocol):
    """A player: given what its seat may see and the legal actions, it picks one of them.

    Bots never see hidden cards: the simulator hands them ``game.observation(seat)`` only.
    """

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Choose one of ``legal_actions`` (never empty) for ``observation.seat``."""
        ...


class RandomBot:
    """Uniformly random over the legal actions, from its own seeded generator."""

    name = "random"
    """How the command line names this bot."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.random = random.Random(seed)
        """The bot's own random generator."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        return legal_actions[self.random.randrange(len(legal_actions))]
