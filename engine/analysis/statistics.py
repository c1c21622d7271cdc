"""Statistics that the bots and the simulation share, in plain Python (no SciPy at run time): the Wilson
interval of a proportion (two-sided, or one bound), Student's t, Fisher's exact test, the exact sign test,
the chi-square tail, Holm's adjustment, and the median, spread and quantiles of counted values.

It sits in the analysis stage, below the bots, so that a bot's calibration and a simulation's report
compute an interval the same way; ``tests/test_statistics.py`` checks it against ``scipy.stats`` where
SciPy is installed.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from functools import lru_cache

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def normal_p(z: float) -> float:
    """Two-sided p-value of the standard normal deviate ``z``."""
    return math.erfc(abs(z) / math.sqrt(2))


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b) (a continued fraction, Lentz's method)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    if x > (a + 1.0) / (a + b + 2.0):
        return 1.0 - _incomplete_beta(b, a, 1.0 - x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)) / a
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 300):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1.0) < 1e-12:
            break
    return front * result


def t_p(t: float, freedom: float) -> float:
    """Two-sided p-value of Student's t statistic ``t`` with ``freedom`` degrees of freedom."""
    if freedom <= 0 or math.isinf(freedom) or freedom > 1e7:
        return normal_p(t)
    return min(1.0, _incomplete_beta(freedom / 2.0, 0.5, freedom / (freedom + t * t)))


@lru_cache(maxsize=1024)
def t_quantile(freedom: float) -> float:
    """The two-sided 95% quantile of Student's t with ``freedom`` degrees of freedom (the normal's,
    :data:`Z95`, where there is no freedom to count or very much; remembered, as many figures share one)."""
    if freedom <= 0 or freedom > 1e7:
        return Z95
    low, high = 0.0, 1.0
    while t_p(high, freedom) > 0.05:
        high *= 2.0
    for _ in range(100):
        middle = (low + high) / 2.0
        if t_p(middle, freedom) > 0.05:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0


def fisher_p(successes_a: int, trials_a: int, successes_b: int, trials_b: int) -> float:
    """Two-sided p-value of Fisher's exact test that two proportions are equal (the probability of a
    table at most as likely as the one seen, margins fixed)."""
    total, successes = trials_a + trials_b, successes_a + successes_b
    if total == 0 or successes in (0, total):
        return 1.0
    low, high = max(0, successes - trials_b), min(successes, trials_a)

    def log_probability(k: int) -> float:
        return _log_comb(trials_a, k) + _log_comb(trials_b, successes - k) - _log_comb(total, successes)

    seen = log_probability(successes_a)
    probability = sum(math.exp(value) for value in map(log_probability, range(low, high + 1)) if value <= seen + 1e-7)
    return min(1.0, probability)


def fisher_least_p(successes: int, trials_a: int, trials_b: int) -> float:
    """The smallest two-sided p-value Fisher's exact test can give with these margins (``successes`` in
    all, ``trials_a`` and ``trials_b`` in each sample): that of the most extreme table either way."""
    low, high = max(0, successes - trials_b), min(successes, trials_a)
    return min(fisher_p(low, trials_a, successes - low, trials_b), fisher_p(high, trials_a, successes - high, trials_b))


def sign_test_p(up: int, down: int) -> float:
    """Two-sided exact p-value that changes up and down are equally likely (McNemar's exact test on the
    discordant pairs)."""
    trials = up + down
    if trials == 0:
        return 1.0
    tail = sum(math.exp(_log_comb(trials, k) - trials * math.log(2)) for k in range(min(up, down) + 1))
    return min(1.0, 2 * tail)


def _log_comb(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def holm_once(p_values: Sequence[float], families: Sequence[Hashable], least: Sequence[float] = (), level: float = 0.05) -> list[float]:
    """Holm's adjustment where tests of the same family (figures that carry one piece of information, such as
    one side's wins and the other's in a game of two sides) count once: each family enters the adjustment
    with its smallest p-value, and each test gets its family's adjusted p-value, never below its own.

    With ``least`` (each test's smallest attainable p-value, a figure test's ``least_p``), a family none of
    whose tests could reach ``level`` whatever the data (an exact test of a rate that too few units moved)
    is left out of the count, as Tarone's refinement of Bonferroni allows: it keeps its own p-value, which
    is at least ``level``. The family-wise error rate stays at ``level``."""
    members: dict[Hashable, list[int]] = {}
    for index, family in enumerate(families):
        members.setdefault(family, []).append(index)
    groups = list(members.values())
    floors = list(least) or [0.0] * len(p_values)
    testable = [group for group in groups if min(floors[index] for index in group) < level]
    adjusted = list(p_values)
    for value, group in zip(holm([min(p_values[index] for index in group) for group in testable]), testable):
        for index in group:
            adjusted[index] = max(value, p_values[index])
    return adjusted


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``p_values`` (the family-wise error rate stays at the level asked
    for, whatever the dependence between the tests)."""
    order = sorted(range(len(p_values)), key=lambda index: p_values[index])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


def wilson_bound(successes: float, trials: float, deviate: float) -> float:
    """One bound of the Wilson score interval of the share ``successes / trials``: the upper for a positive
    ``deviate`` (the normal deviate: 1.645 for a one-sided 95% bound), the lower for a negative one.
    ``trials`` must be positive; it may be an effective number (:func:`share_interval`)."""
    share = successes / trials
    denominator = 1 + deviate * deviate / trials
    centre = (share + deviate * deviate / (2 * trials)) / denominator
    half = deviate * math.sqrt(share * (1 - share) / trials + deviate * deviate / (4 * trials * trials)) / denominator
    return centre + half


def wilson(successes: float, trials: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion (``(0, 1)`` with no trials); it stays within 0 and 1.
    ``trials`` may be an effective number (a share averaged over paired positions: :func:`share_interval`)."""
    if trials <= 0:
        return (0.0, 1.0)
    return (max(0.0, wilson_bound(successes, trials, -z)), min(1.0, wilson_bound(successes, trials, z)))


def share_interval(share: float, variance: float, units: int) -> tuple[float, float]:
    """A 95% interval for ``share``, the mean over ``units`` units of a figure between 0 and 1 whose sample
    variance is ``variance`` (a side's share of games won, each unit averaged over the side's positions):
    the Wilson interval at the effective number of trials that variance implies, so it stays within 0
    and 1 (a normal interval put 99.5% of 100 games at 98.5-100.5%); with no spread seen, the Wilson
    interval of ``units`` trials."""
    if units <= 0:
        return (0.0, 1.0)
    effective = float(units)
    if variance > 0 and 0 < share < 1:
        effective = min(max(share * (1 - share) * units / max(variance, 1e-12), 1.0), 1e12)
    return wilson(share * effective, effective)


def median(counts: dict[int, int]) -> float:
    """The median of values given as value → count."""
    total = sum(counts.values())
    if total == 0:
        return 0.0
    ordered = sorted(counts.items())
    position, seen = (total - 1) / 2, 0
    low = high = None
    for value, count in ordered:
        if low is None and seen + count > math.floor(position):
            low = value
        if seen + count > math.ceil(position):
            high = value
            break
        seen += count
    assert low is not None and high is not None
    return (low + high) / 2


def chi_square_p(statistic: float, freedom: int) -> float:
    """The chance that a chi-square variable with ``freedom`` degrees of freedom is at least ``statistic``
    (the regularized upper incomplete gamma function, by its series)."""
    if freedom < 1 or statistic <= 0:
        return 1.0
    shape, x = freedom / 2, statistic / 2
    # P(shape, x) by its power series, which converges for every x (slowly only far in the tail).
    term = total = 1 / shape
    for step in range(1, 10_000):
        term *= x / (shape + step)
        total += term
        if term < total * 1e-15:
            break
    lower = total * math.exp(-x + shape * math.log(x) - math.lgamma(shape))
    return min(1.0, max(0.0, 1 - lower))


def spread(counts: dict[int, int]) -> tuple[float, float]:
    """The mean and the standard deviation of values given as value → count."""
    total = sum(counts.values())
    if total == 0:
        return (0.0, 0.0)
    mean = sum(value * count for value, count in counts.items()) / total
    if total < 2:
        return (mean, 0.0)
    variance = sum(count * (value - mean) ** 2 for value, count in counts.items()) / (total - 1)
    return (mean, math.sqrt(variance))


def quantile(counts: dict[int, int], share: float) -> int:
    """The smallest value with at least ``share`` of the counts at or below it."""
    total = sum(counts.values())
    seen = 0
    for value, count in sorted(counts.items()):
        seen += count
        if seen >= share * total:
            return value
    return 0
