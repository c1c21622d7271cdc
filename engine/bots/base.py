"""The bot protocols and the random bot.

:class:`Bot` is what an embedder implements: it sees one seat's
:class:`~engine.game.observation.Observation` and the legal actions. The simulator plays its built-in bots
through :class:`FastBot` as well, which reads the kernel's :class:`~engine.kernel.state.GameState` directly
and answers with a move number: no observation or action objects are built, which is most of the cost
of a simulated hand. A fast bot reads only what its seat may see (its own cards, the calls, the cards
played, exposed hands, the kitty if it took it); the tests check this by changing the hidden cards.
"""

from __future__ import annotations

import random
from typing import Protocol, Sequence, runtime_checkable

from ..game.observation import Observation
from ..kernel.actions import Action
from ..kernel.phase import Phase
from ..kernel.state import SUIT_SHIFT, GameState
from ..kernel.table_cards import DISCARD_SHIFT
from ..kernel.tables import cards_in

_PLAY, _KITTY, _GIVE, _PICK = Phase.PLAY, Phase.KITTY, Phase.GIVE, Phase.PICK


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


def generator(seed: int | str | random.Random | None) -> random.Random:
    """A bot's random generator: ``seed`` itself when it is a generator (shared), else a new one."""
    return seed if isinstance(seed, random.Random) else random.Random(seed)


class RandomBot:
    """Uniformly random over the legal actions, from its own seeded generator (or a shared one)."""

    name = "random"
    """How the command line names this bot."""

    def __init__(self, seed: int | str | random.Random | None = None) -> None:
        self.random = generator(seed)
        """The bot's random generator."""
        self._uniform = self.random.random

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        return legal_actions[self.random.randrange(len(legal_actions))]

    def choose(self, state: GameState, seat: int, legal: int) -> int:
        """A uniformly random legal move: the same choices as :meth:`act`, without building them."""
        phase = state.phase
        if phase is _PLAY:
            play = state.play
            assert play is not None
            if play.names_suits and legal & play.strain.suitless and not play.trick:
                # A led joker is one action per suit it may name: list them to stay uniform.
                suits = state.tables.suits
                named = [(1 + suits.index(suit)) << SUIT_SHIFT for suit in play.nameable()]
                moves = [index | suit for index in cards_in(legal) for suit in (named if play.names_suit(index) else (0,))]
                return moves[self.random.randrange(len(moves))]
            # Inline _any: this is the simulator's most frequent call.
            for _ in range(int(self._uniform() * legal.bit_count())):
                legal &= legal - 1
            return (legal & -legal).bit_length() - 1
        if phase is _GIVE:
            return self._any(legal)
        if phase is _PICK:
            # A table card; a defender taking it also discards one of its cards or that one.
            card = self._any(legal)
            if not state.taking:
                return card
            return card | (self._any(state.hands[state.pickers[0]] | 1 << card) + 1) << DISCARD_SHIFT
        if phase is _KITTY:
            # One card after another, each uniform among those left: a uniform choice of the set.
            chosen = 0
            for _ in range(state.discard_count):
                card = 1 << self._any(legal)
                chosen |= card
                legal ^= card
            return chosen
        for _ in range(int(self._uniform() * legal.bit_count())):
            legal &= legal - 1
        return (legal & -legal).bit_length() - 2  # the auction's bit 0 is the pass (move -1)

    def _any(self, mask: int) -> int:
        """A uniformly chosen bit position of ``mask``."""
        # random() rather than randrange(): a third of the cost, and a bias below 2**-40.
        for _ in range(int(self._uniform() * mask.bit_count())):
            mask &= mask - 1
        return (mask & -mask).bit_length() - 1
