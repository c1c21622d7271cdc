"""The declarer's discard choices as a lazy sequence: every way to put away k cards, in the order
``itertools.combinations`` gives them, without building hundreds of action objects per hand."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from math import comb
from typing import overload

from ..errors import NotFoundError
from ..kernel.actions import Action, Discard
from ..rules.cards import Card


class DiscardChoices(Sequence[Action]):
    """Every :class:`~engine.kernel.actions.Discard` of ``count`` cards from ``cards``, lexicographic by position."""

    def __init__(self, cards: Sequence[Card], count: int) -> None:
        self.cards = tuple(cards)
        """The cards to choose from, in deck order."""
        self.size = count
        """How many cards each discard puts away."""
        self._length = comb(len(self.cards), count)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, position: int) -> Action: ...

    @overload
    def __getitem__(self, position: slice) -> Sequence[Action]: ...

    def __getitem__(self, position: int | slice) -> Action | Sequence[Action]:
        if isinstance(position, slice):
            return [self[each] for each in range(*position.indices(self._length))]
        asked = position
        if position < 0:
            position += self._length
        if not 0 <= position < self._length:
            raise NotFoundError(f"There is no discard choice {asked}: there are {self._length}.")
        # Unrank the combination: choose each next card by counting the combinations that skip it.
        chosen: list[Card] = []
        start, left = 0, self.size
        while left:
            for candidate in range(start, len(self.cards)):
                block = comb(len(self.cards) - candidate - 1, left - 1)
                if position < block:
                    chosen.append(self.cards[candidate])
                    start, left = candidate + 1, left - 1
                    break
                position -= block
        return Discard(tuple(chosen))

    def __iter__(self) -> Iterator[Action]:
        from itertools import combinations

        for chosen in combinations(self.cards, self.size):
            yield Discard(chosen)

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Discard) and len(action.cards) == self.size and all(card in self.cards for card in action.cards)
