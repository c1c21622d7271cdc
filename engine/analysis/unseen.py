"""Dealing the cards a seat cannot see, uniformly among the deals that fit what it knows.

A seat that has watched part of a hand knows where some cards lie (its own, those played or on show)
and, for the rest, only constraints: each hidden place (another seat's hand, the cards under a dummy's
face-up card, the cards out of play) holds a known number of them, and some places may not hold some
cards (a seat that did not follow a suit holds none of it). :class:`UnseenDeal` deals the hidden cards
to the places **uniformly at random among every assignment that fits**, by construction, never by
rejection:

* Cards that the same places may hold are interchangeable for the count: they form a *class* (in
  practice a suit, or a suit and the cards no constraint touches). Places that may hold the same classes
  are merged into one (their cards are split among them afterwards by a shuffle, which is uniform
  because the number of ways to split a set among them does not depend on which cards it holds).
* ``N(k, room)``, the number of ways to deal classes ``k, k+1, ...`` into the places' remaining ``room``,
  is ``sum over x of multinomial(size_k; x) * N(k + 1, room - x)``, over the splits ``x`` of class ``k``
  among the places allowed it (a dynamic programme over the classes, memoised on ``room``).
* A deal is drawn class by class: class ``k``'s split ``x`` with probability
  ``multinomial(size_k; x) * N(k + 1, room - x) / N(k, room)``, then its cards shuffled into those
  counts. The product of those probabilities is ``1 / N(0, sizes)`` for every fitting deal: exactly
  uniform (the counts are Python integers, so no rounding enters).

The cost is the number of (class, room) states times the splits of each; the merging keeps both small
(one class and one place per distinct constraint), and the table is built once per problem and kept
(:func:`unseen_deal` caches the last problems asked), so repeated draws for one position (a search
resampling at its root) cost a walk of one step per class. Used by the expert bot
(:mod:`engine.bots.expert`) and the research adapters' ``resample_from_infostate``
(:mod:`engine.adapters.openspiel`).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Sequence
from itertools import accumulate, product
from math import factorial
from operator import sub

from ..errors import UsageError
from ..kernel.shuffling import shuffle

_Room = tuple[int, ...]
_Split = tuple[int, ...]


class NoDealError(ValueError):
    """No deal of the hidden cards fits the constraints (the sizes do not add up, or the constraints
    leave some place unfillable)."""


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class UnseenDeal:
    """The hidden ``cards`` (a mask) dealt to places of the given ``sizes``, place ``i`` holding none of
    ``barred[i]`` (a mask), uniformly among the deals that fit (see the module docstring). Raises
    :class:`NoDealError` if none fits."""

    def __init__(self, cards: int, sizes: Sequence[int], barred: Sequence[int]) -> None:
        if len(sizes) != len(barred):
            raise UsageError(f"Each place needs a size and a mask of barred cards: {len(sizes)} sizes but {len(barred)} masks were given.")
        if any(size < 0 for size in sizes):
            raise UsageError(f"A place holds no fewer than 0 cards, but the sizes given were {list(sizes)}.")
        if sum(sizes) != cards.bit_count():
            raise NoDealError(f"The places hold {sum(sizes)} cards between them, but {cards.bit_count()} hidden cards are to be dealt.")
        self.sizes = tuple(sizes)
        """How many cards each place holds."""
        self.barred = tuple(barred)
        """The cards each place may not hold (a mask per place)."""
        # Cards with the same places open to them form a class.
        classes: dict[tuple[int, ...], list[int]] = {}
        for card in _bits(cards):
            allowed = tuple(place for place, size in enumerate(sizes) if size and not barred[place] >> card & 1)
            classes.setdefault(allowed, []).append(card)
        # Places open to the same classes are merged into a group.
        groups: dict[frozenset[int], list[int]] = {}
        for place, size in enumerate(sizes):
            if size:
                key = frozenset(number for number, allowed in enumerate(classes) if place in allowed)
                groups.setdefault(key, []).append(place)
        self._groups = list(groups.values())
        group_of = {place: number for number, members in enumerate(self._groups) for place in members}
        # The most constrained classes first: their splits are fewest, so the table stays small.
        ordered = sorted(classes.items(), key=lambda item: (len({group_of[place] for place in item[0]}), -len(item[1])))
        self._classes = [cards_of for _, cards_of in ordered]
        self._open = [tuple(sorted({group_of[place] for place in allowed})) for allowed, _ in ordered]
        self._room = tuple(sum(sizes[place] for place in members) for members in self._groups)
        self._table: dict[tuple[int, _Room], tuple[list[_Split], list[int]]] = {}
        self.count = self._count(0, self._room)
        """How many assignments of the hidden cards to the merged places fit (each deal of the places
        themselves is this times the ways of splitting each merged group among its places)."""
        if not self.count:
            raise NoDealError("No deal of the hidden cards fits: the constraints leave some place without cards it may hold.")

    def _splits(self, number: int, room: _Room) -> list[_Split]:
        """Every split of class ``number`` among the groups open to it, within ``room``."""
        size, groups = len(self._classes[number]), self._open[number]
        if not groups:
            return [(0,) * len(room)] if size == 0 else []
        # Every count for the groups but the last (the first group's slowest, as nested loops give them,
        # so the draws stay as they were), the last taking what is left where it has room: a product is
        # built in C, where a recursion over the groups cost two thirds of a first resample.
        last, width = groups[-1], len(room)
        found: list[_Split] = []
        for counts in product(*[range(min(size, room[group]) + 1) for group in groups[:-1]]):
            left = size - sum(counts)
            if 0 <= left <= room[last]:
                split = [0] * width
                for group, count in zip(groups, counts):
                    split[group] = count
                split[last] = left
                found.append(tuple(split))
        return found

    def _count(self, number: int, room: _Room) -> int:
        """``N(number, room)``: the ways to deal classes ``number, ...`` into ``room`` exactly."""
        if number == len(self._classes):
            return 1 if not any(room) else 0
        key = (number, room)
        entry = self._table.get(key)
        if entry is None:
            size = len(self._classes[number])
            splits, weights = [], []
            whole = factorial(size)
            for split in self._splits(number, room):
                ways = self._count(number + 1, tuple(map(sub, room, split)))
                if ways:
                    multinomial = whole
                    for taken in split:
                        if taken > 1:
                            multinomial //= factorial(taken)
                    splits.append(split)
                    weights.append(multinomial * ways)
            entry = self._table[key] = (splits, list(accumulate(weights)))
        cumulative = entry[1]
        return cumulative[-1] if cumulative else 0

    def sample(self, rng: random.Random) -> list[int]:
        """One deal drawn uniformly among those that fit: the cards of each place, as masks, in the
        order of ``sizes``. Uses only ``rng`` (the same generator state gives the same deal)."""
        room = self._room
        held: list[list[int]] = [[] for _ in self._groups]
        for number, cards in enumerate(self._classes):
            splits, cumulative = self._table[(number, room)]
            split = splits[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            shuffled = list(cards)
            shuffle(rng, shuffled)
            start = 0
            for group, taken in enumerate(split):
                if taken:
                    held[group].extend(shuffled[start : start + taken])
                    start += taken
            room = tuple(left - taken for left, taken in zip(room, split))
        hands = [0] * len(self.sizes)
        for members, cards in zip(self._groups, held):
            if len(members) > 1:
                shuffle(rng, cards)
            start = 0
            for place in members:
                for card in cards[start : start + self.sizes[place]]:
                    hands[place] |= 1 << card
                start += self.sizes[place]
        return hands


_CACHE: OrderedDict[tuple[int, tuple[int, ...], tuple[int, ...]], UnseenDeal] = OrderedDict()
_CACHE_SIZE = 64
"""Problems whose tables are kept (a search resamples one position many times)."""


def unseen_deal(cards: int, sizes: Sequence[int], barred: Sequence[int]) -> UnseenDeal:
    """The :class:`UnseenDeal` of this problem, its table kept for the last few problems asked."""
    key = (cards, tuple(sizes), tuple(barred))
    found = _CACHE.get(key)
    if found is not None:
        _CACHE.move_to_end(key)
        return found
    found = UnseenDeal(cards, sizes, barred)
    _CACHE[key] = found
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return found


__all__ = ["NoDealError", "UnseenDeal", "unseen_deal"]
