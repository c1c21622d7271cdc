"""Issue 48: the unseen cards dealt uniformly among the deals that fit (:mod:`engine.analysis.unseen`),
checked against brute-force enumeration on problems small enough to list every deal."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.analysis.unseen import NoDealError, UnseenDeal, unseen_deal


def every_deal(cards: int, sizes: list[int], barred: list[int]) -> set[tuple[int, ...]]:
    """Every deal of ``cards`` into places of ``sizes`` holding none of their ``barred`` cards (brute force)."""
    indices = [index for index in range(cards.bit_length()) if cards >> index & 1]
    found = set()
    for order in permutations(indices):
        hands, start = [], 0
        for size in sizes:
            hands.append(sum(1 << card for card in order[start : start + size]))
            start += size
        if all(not hand & bar for hand, bar in zip(hands, barred)):
            found.add(tuple(hands))
    return found


def chi_square_bound(freedom: int, z: float = 3.72) -> float:
    """The chi-square statistic exceeded with probability about 1e-4 (Wilson–Hilferty)."""
    return float(freedom * (1 - 2 / (9 * freedom) + z * math.sqrt(2 / (9 * freedom))) ** 3)


def chi_square(counts: Counter[tuple[int, ...]], support: set[tuple[int, ...]], draws: int) -> float:
    """Pearson's statistic of ``counts`` against the uniform distribution over ``support``."""
    expected = draws / len(support)
    return sum((counts.get(deal, 0) - expected) ** 2 / expected for deal in support)


@settings(max_examples=60, deadline=None)
@given(
    cards=st.integers(1, 2**7 - 1),
    sizes=st.lists(st.integers(0, 3), min_size=1, max_size=4),
    barred=st.lists(st.integers(0, 2**7 - 1), min_size=4, max_size=4),
    seed=st.integers(0, 2**16),
)
def test_the_count_and_every_sample_agree_with_brute_force(cards: int, sizes: list[int], barred: list[int], seed: int) -> None:
    """The number of fitting deals is the brute-force count, no deal is made where none fits, and every
    sample is one of the fitting deals."""
    total = cards.bit_count()
    if sum(sizes) > total:
        return
    sizes = [*sizes, total - sum(sizes)]  # the rest out of play, unconstrained
    barred = [*barred[: len(sizes) - 1], 0]
    fitting = every_deal(cards, sizes, barred)
    if not fitting:
        with pytest.raises(NoDealError):
            UnseenDeal(cards, sizes, barred)
        return
    deal = UnseenDeal(cards, sizes, barred)
    # ``count`` counts the merged places' assignments: each is one or more deals of the places themselves.
    assert deal.count <= len(fitting)
    draw = random.Random(seed)
    for _ in range(20):
        assert tuple(deal.sample(draw)) in fitting


# Seven cards in two suits (0-3 one suit, 4-6 the other); a seat void in the first suit, another in the
# second: the constrained seats of a late trick.
PROBLEMS = [
    (0b1111111, [2, 2, 3], [0b0001111, 0b1110000, 0]),
    (0b1111111, [1, 3, 3], [0b1110000, 0, 0]),
    (0b11111111, [2, 2, 2, 2], [0b00001111, 0b11110000, 0b00000011, 0]),
]


@pytest.mark.parametrize("problem", PROBLEMS)
def test_samples_are_uniform_over_every_deal_that_fits(problem: tuple[int, list[int], list[int]]) -> None:
    """A chi-square test: the samples' frequencies are those of the uniform distribution over the fitting
    deals (listed by brute force)."""
    cards, sizes, barred = problem
    fitting = every_deal(cards, sizes, barred)
    draws = 40 * len(fitting)
    draw = random.Random(48)
    deal = UnseenDeal(cards, sizes, barred)
    counts = Counter(tuple(deal.sample(draw)) for _ in range(draws))
    assert set(counts) <= fitting
    assert chi_square(counts, fitting, draws) < chi_square_bound(len(fitting) - 1)


def greedy(cards: int, sizes: list[int], barred: list[int], draw: random.Random) -> tuple[int, ...]:
    """The expert bot's sampler before issue 48: shuffle, then the most constrained place first takes the
    first cards it may hold (by rejection where the rest do not fit)."""
    indices = [index for index in range(cards.bit_length()) if cards >> index & 1]
    while True:
        left = list(indices)
        draw.shuffle(left)
        hands = [0] * len(sizes)
        for place in sorted(range(len(sizes)), key=lambda each: -barred[each].bit_count()):
            fits = [card for card in left if not barred[place] >> card & 1][: sizes[place]]
            if len(fits) < sizes[place]:
                break
            hands[place] = sum(1 << card for card in fits)
            left = [card for card in left if card not in fits]
        else:
            return tuple(hands)


def test_the_chi_square_test_catches_a_biased_sampler() -> None:
    """The uniformity test can fail: the greedy sampler it replaces fails it on the first problem."""
    cards, sizes, barred = PROBLEMS[2]
    fitting = every_deal(cards, sizes, barred)
    draws = 40 * len(fitting)
    draw = random.Random(48)
    counts = Counter(greedy(cards, sizes, barred, draw) for _ in range(draws))
    assert chi_square(counts, fitting, draws) > chi_square_bound(len(fitting) - 1)


def test_the_same_generator_gives_the_same_deals_and_the_table_is_kept() -> None:
    """Deterministic for a seed (the expert bot's games repeat), and one table per problem."""
    cards, sizes, barred = PROBLEMS[0]
    first = [unseen_deal(cards, sizes, barred).sample(random.Random(5)) for _ in range(3)]
    assert first == [UnseenDeal(cards, sizes, barred).sample(random.Random(5)) for _ in range(3)]
    assert unseen_deal(cards, sizes, barred) is unseen_deal(cards, list(sizes), list(barred))


def test_a_large_unconstrained_problem_is_one_shuffle() -> None:
    """Fifty cards among five places with no constraint: one class, one merged place, counted exactly."""
    deal = UnseenDeal(2**50 - 1, [10] * 5, [0] * 5)
    assert deal.count == 1  # one class into one merged place; the split among the five is a shuffle
    hands = deal.sample(random.Random(1))
    assert [hand.bit_count() for hand in hands] == [10] * 5 and sum(hands) == 2**50 - 1


def test_bad_arguments_are_refused_in_sentences() -> None:
    """Sizes that do not add up, or a size without a mask, are refused."""
    with pytest.raises(NoDealError, match="hold 3 cards between them, but 4 hidden cards"):
        UnseenDeal(0b1111, [1, 2], [0, 0])
    with pytest.raises(ValueError, match="2 sizes but 1 masks"):
        UnseenDeal(0b11, [1, 1], [0])
