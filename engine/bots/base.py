"""The bot protocols (the random bot, :class:`~engine.bots.random_bot.RandomBot`, is imported here too).

:class:`Bot` is what an embedder implements: it sees one seat's
:class:`~engine.game.observation.Observation` and the legal actions. The simulator plays its built-in bots
through :class:`FastBot` as well, which reads the kernel's :class:`~engine.kernel.state.GameState` for one
seat and answers with a move number: no observation or action objects are built, which is most of the cost
of a simulated hand. The built-in bots read the state only through
:func:`~engine.kernel.seat_view.seat_view`, the one definition of what a seat may know (the observation is
the same view rendered as cards), and decide once for both protocols (:mod:`engine.bots.adapter`); the
tests check the view by dealing the hidden cards again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..game.observation import Observation
from ..kernel.actions import Action
from ..kernel.state import GameState
from .random_bot import RandomBot, generator


@runtime_checkable
class Bot(Protocol):
    """A player: given what its seat may see and the legal actions, it picks one of them.

    Bots never see hidden cards: the simulator hands them ``game.observation(seat)`` only.
    """

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Choose one of ``legal_actions`` (never empty) for ``observation.seat``."""
        ...


@runtime_checkable
class FastBot(Bot, Protocol):
    """A bot that can also move straight from the kernel's state (the simulator's fast path)."""

    def choose(self, state: GameState, seat: int, legal: int) -> int:
        """A legal move (see :mod:`engine.kernel.state`) for ``seat``, the seat to act, whose legal moves are
        the mask ``legal`` (:meth:`~engine.kernel.state.GameState.legal_mask`), reading only what that seat
        may see."""
        ...


__all__ = ["Bot", "FastBot", "RandomBot", "generator"]
