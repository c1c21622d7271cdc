"""The samplers' compiled shuffle (issue 47, the expert's speed): it draws exactly what
``random.Random.shuffle`` draws, so a seeded sample deals the same cards either way."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from engine.kernel.shuffling import shuffle


@given(st.integers(0, 2**64), st.lists(st.integers(0, 62), max_size=70), st.integers(0, 3))
def test_the_shuffle_draws_what_random_shuffle_draws(seed: int, items: list[int], rounds: int) -> None:
    """The same generator state gives the same order and leaves the generator in the same state."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(rounds):  # (a generator part-way through its stream too)
        ours.random()
        theirs.random()
    mine, expected = list(items), list(items)
    shuffle(ours, mine)
    theirs.shuffle(expected)
    assert mine == expected
    assert ours.getstate() == theirs.getstate()


class _Counting(random.Random):
    """A generator of another class: it may draw otherwise, so it is asked to shuffle itself."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.calls = 0

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        self.calls += 1
        super().shuffle(x)


def test_another_generator_class_shuffles_for_itself() -> None:
    """A subclass of ``random.Random`` may override how it draws: its own ``shuffle`` is called."""
    rng = _Counting(3)
    items = list(range(10))
    shuffle(rng, items)
    assert rng.calls == 1 and sorted(items) == list(range(10))
