"""Statistical tests for comparing runs figure by figure: paired when both runs played the same units on
the same deals, unpaired otherwise, with effect sizes, 95% intervals and Holm's adjustment across the
figures.

Means are tested with Student's t (paired, or Welch's with the Welch-Satterthwaite degrees of freedom), so
that a figure averaged over few units (a contract's points over the hands it was declared, a run of a few
hands) gets an interval as wide as its few units allow; figures that are 0 or 1 per unit with few
successes get exact tests instead, where the approximation is poor: Fisher's exact test for two
independent samples, the exact sign (McNemar) test for paired ones. A conditional figure
(:func:`~engine.simulation.figures.conditional`) is measured in other units under each run, so it is
always compared as two independent samples.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .figures import Moments, PairedMoments, conditional

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""
EXACT_BELOW = 10
"""Binary figures of independent runs with fewer expected successes than this get Fisher's exact test
(paired ones always get the exact sign test, which is cheap)."""


@dataclass(frozen=True)
class FigureTest:
    """One figure compared between two runs."""

    figure: str
    """The figure's name."""
    first: float
    """Its mean per unit in the first run (A)."""
    second: float
    """Its mean per unit in the second run (B)."""
    difference: float
    """B minus A."""
    interval: tuple[float, float]
    """95% interval of the difference."""
    effect_size: float | None
    """The difference in standard deviations of the figure (Cohen's d; for a rate, close to Cohen's h), or
    ``None`` when the figure never varied."""
    p_value: float
    """Two-sided p-value of no difference, before adjustment."""
    test: str
    """The test used: ``paired t``, ``sign test``, ``Welch t``, ``two-proportion z`` or ``Fisher exact``."""
    units: tuple[int, int] = (0, 0)
    """The units each run's mean is over (fewer than all for a conditional figure)."""
    least_p: float = 0.0
    """The smallest p-value the test could give with the counts it was given (an exact test of a rate
    that few units moved cannot reach a small one; 0 for the tests of means): the adjustment leaves out a
    test that could not reach the significance level whatever the data (Tarone's refinement)."""


SMALL_SAMPLE = 30
"""A mean over fewer units than this is flagged as a small sample (its interval leans on the figure being
roughly normal)."""


def _normal_p(z: float) -> float:
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
        return _normal_p(t)
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


def _effect(difference: float, spread: float) -> float | None:
    return difference / spread if spread > 0 else None


def paired_test(name: str, moments: PairedMoments) -> FigureTest:
    """Compare a figure on units played under both runs: the per-unit differences' mean against 0 (a
    conditional figure, measured in other units under each run, as two independent samples)."""
    first, second, differences = moments.first, moments.second, moments.differences
    if conditional(name):
        return unpaired_test(name, first, second)
    count = differences.count
    mean = differences.mean(name)
    error = math.sqrt(differences.variance(name) / count) if count else 0.0
    quantile = t_quantile(count - 1)
    interval = (mean - quantile * error, mean + quantile * error)
    spread = math.sqrt((first.variance(name) + second.variance(name)) / 2)
    binary = first.binary.get(name, True) and second.binary.get(name, True)
    least = 0.0
    if binary:
        # For 0/1 figures the squared differences count the discordant units.
        discordant = round(differences.squares.get(name, 0.0))
        up = round((discordant + differences.sums.get(name, 0.0)) / 2)
        p_value, test = sign_test_p(up, discordant - up), "sign test"
        least = sign_test_p(discordant, 0)
    elif error == 0:
        p_value, test = (1.0 if mean == 0 else 0.0), "paired t"
    else:
        p_value, test = t_p(mean / error, count - 1), "paired t"
    return FigureTest(
        name,
        first.mean(name),
        second.mean(name),
        mean,
        interval,
        _effect(mean, spread),
        p_value,
        test,
        (count, count),
        least if binary else 0.0,
    )


def unpaired_test(name: str, first: Moments, second: Moments) -> FigureTest:
    """Compare a figure between two independent runs."""
    mean_a, mean_b = first.mean(name), second.mean(name)
    count_a, count_b = first.units(name), second.units(name)
    units = (count_a, count_b)
    difference = mean_b - mean_a
    var_a, var_b = first.variance(name), second.variance(name)
    part_a, part_b = (var_a / count_a if count_a else 0.0), (var_b / count_b if count_b else 0.0)
    error = math.sqrt(part_a + part_b)
    spread = math.sqrt((var_a + var_b) / 2)
    if first.binary.get(name, True) and second.binary.get(name, True) and not conditional(name):
        interval = (difference - Z95 * error, difference + Z95 * error)
        successes_a, successes_b = round(first.sums.get(name, 0.0)), round(second.sums.get(name, 0.0))
        total = count_a + count_b
        expected = min(successes_a + successes_b, total - successes_a - successes_b) * min(count_a, count_b) / total if total else 0
        if expected < EXACT_BELOW:
            return FigureTest(
                name, mean_a, mean_b, difference, interval, _effect(difference, spread),
                fisher_p(successes_a, count_a, successes_b, count_b), "Fisher exact", units,
                fisher_least_p(successes_a + successes_b, count_a, count_b),
            )  # fmt: skip
        p_value = _normal_p(difference / error) if error else (1.0 if difference == 0 else 0.0)
        return FigureTest(name, mean_a, mean_b, difference, interval, _effect(difference, spread), p_value, "two-proportion z", units)
    # Welch-Satterthwaite degrees of freedom (a run with one unit adds no freedom of its own).
    shares = [(part, count - 1) for part, count in ((part_a, count_a), (part_b, count_b)) if count > 1 and part > 0]
    freedom = (part_a + part_b) ** 2 / sum(part * part / each for part, each in shares) if shares else 0.0
    quantile = t_quantile(freedom)
    interval = (difference - quantile * error, difference + quantile * error)
    p_value = t_p(difference / error, freedom) if error else (1.0 if difference == 0 else 0.0)
    return FigureTest(name, mean_a, mean_b, difference, interval, _effect(difference, spread), p_value, "Welch t", units)


def holm_once(p_values: Sequence[float], families: Sequence[Hashable], least: Sequence[float] = (), level: float = 0.05) -> list[float]:
    """Holm's adjustment where tests of the same family (figures that carry one piece of information, such as
    one side's wins and the other's in a game of two sides) count once: each family enters the adjustment
    with its smallest p-value, and each test gets its family's adjusted p-value, never below its own.

    With ``least`` (each test's smallest attainable p-value, :attr:`FigureTest.least_p`), a family none of
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
