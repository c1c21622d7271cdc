"""The random bot: uniform over the legal actions. Its own module (not beside the protocols in
:mod:`engine.bots.base`) so that it compiles with mypyc in the optional compiled build, which cannot
compile a ``runtime_checkable`` protocol."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..game.observation import Observation
from ..kernel.actions import Action
from ..kernel.phase import Phase
from ..kernel.state import SUIT_SHIFT, GameState
from ..kernel.table_cards import DISCARD_SHIFT
from ..kernel.tables import cards_in, count_of
from .checks import check_act, check_choose


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
        check_act(observation, legal_actions, None)
        return legal_actions[self.random.randrange(len(legal_actions))]

    def choose(self, state: GameState, seat: int, legal: int) -> int:
        """A uniformly random legal move: the same choices as :meth:`act`, without building them."""
        # Only a bot that decodes its moves needs the mask bounded: this one picks a bit of it, and a stray
        # bit is a move the kernel refuses (bounding it cost the random loop a tenth of its speed compiled).
        check_choose(state, seat, legal, None, False)
        phase = state.phase
        if phase is Phase.PLAY:
            play = state.hand.play
            assert play is not None
            if play.must_name(legal):
                # A led joker is one action per suit it may name: list them to stay uniform.
                suits = state.tables.suits
                named = [(1 + suits.index(suit)) << SUIT_SHIFT for suit in play.nameable()]
                moves = [index | suit for index in cards_in(legal) for suit in (named if play.names_suit(index) else (0,))]
                return moves[self.random.randrange(len(moves))]
            # Inline _any: this is the simulator's most frequent call.
            for _ in range(int(self._uniform() * count_of(legal))):
                legal &= legal - 1
            return (legal & -legal).bit_length() - 1
        if phase is Phase.GIVE:
            return self._any(legal)
        if phase is Phase.PICK:
            # A table card; a defender taking it also discards one of its cards or that one.
            card = self._any(legal)
            if not state.hand.table_cards.taking:
                return card
            return card | (self._any(state.hand.hands[state.hand.table_cards.pickers[0]] | 1 << card) + 1) << DISCARD_SHIFT
        if phase is Phase.KITTY:
            # One card after another, each uniform among those left: a uniform choice of the set.
            chosen = 0
            for _ in range(state.hand.discard_count):
                card = 1 << self._any(legal)
                chosen |= card
                legal ^= card
            return chosen
        for _ in range(int(self._uniform() * count_of(legal))):
            legal &= legal - 1
        return (legal & -legal).bit_length() - 2  # the auction's bit 0 is the pass (move -1)

    def _any(self, mask: int) -> int:
        """A uniformly chosen bit position of ``mask``."""
        # random() rather than randrange(): a third of the cost, and a bias below 2**-40.
        for _ in range(int(self._uniform() * count_of(mask))):
            mask &= mask - 1
        return (mask & -mask).bit_length() - 1


__all__ = ["RandomBot", "generator"]
