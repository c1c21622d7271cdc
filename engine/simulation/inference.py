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
from dataclasses import dataclass

from ..analysis.statistics import Z95, fisher_least_p, fisher_p, normal_p, sign_test_p, t_p, t_quantile
from .figures import GAME_LENGTH, Moments, PairedMoments, conditional, once_a_unit, share

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
    """The test used: ``paired t``, ``sign test``, ``Welch t``, ``two-proportion z``, ``Fisher exact`` or,
    for a mean that took one value throughout each run, ``exact permutation``."""
    units: tuple[int, int] = (0, 0)
    """The units each run's mean is over (fewer than all for a conditional figure)."""
    least_p: float = 0.0
    """The smallest p-value the test could give with the counts it was given (an exact test of a rate
    that few units moved cannot reach a small one; 0 for the tests of means): the adjustment leaves out a
    test that could not reach the significance level whatever the data (Tarone's refinement)."""
    rate: bool = False
    """Whether the figure is a share of the hands or games (hands passed out, contracts made;
    :func:`~engine.simulation.figures.share`), which a report prints in percent."""


SMALL_SAMPLE = 30
"""A mean over fewer units than this is flagged as a small sample (its interval leans on the figure being
roughly normal)."""


def _bounded(interval: tuple[float, float], name: str) -> tuple[float, float]:
    """``interval`` of figure ``name``'s difference, kept within what a difference of two shares can be
    (-1 to 1) for a share (a few units' normal interval can reach past it: a user trial read -134 to +101
    percentage points)."""
    if not share(name) or not once_a_unit(name):
        return interval
    return (max(-1.0, interval[0]), min(1.0, interval[1]))


def _effect(difference: float, spread: float) -> float | None:
    return difference / spread if spread > 0 else None


def paired_test(name: str, moments: PairedMoments) -> FigureTest:
    """Compare a figure on units played under both runs: the per-unit differences' mean against 0 (a
    conditional figure, measured in other units under each run, as two independent samples)."""
    first, second, differences = moments.first, moments.second, moments.differences
    if conditional(name):
        return unpaired_test(name, first, second)
    if first.pooled(name) and second.pooled(name):
        return _paired_ratio_test(name, moments)
    count = differences.count
    mean = differences.mean(name)
    error = math.sqrt(differences.variance(name) / count) if count else 0.0
    quantile = t_quantile(count - 1)
    interval = _bounded((mean - quantile * error, mean + quantile * error), name)
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
        # Every unit moved alike: no spread for a t, so the exact sign test of count units all one way.
        p_value, test = (1.0 if mean == 0 else sign_test_p(count, 0)), "sign test"
        least = p_value
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
        least,
        share(name),
    )


def _paired_ratio_test(name: str, moments: PairedMoments) -> FigureTest:
    """A hand's figure in runs of whole games played on the same game numbers: the difference of the two
    runs' ratios to their hands (:meth:`~engine.simulation.figures.Moments.pooled`), its variance that of
    the per-game difference of the linearised counts (the delta method), tested with Student's t."""
    first, second = moments.first, moments.second
    count = first.count
    mean_a, mean_b = first.mean(name), second.mean(name)
    difference = mean_b - mean_a
    var_a, var_b = first.variance(name), second.variance(name)
    length_a, length_b = first.sums.get(GAME_LENGTH, 0.0) / count, second.sums.get(GAME_LENGTH, 0.0) / count
    both, a_by, by_b = moments.products.get(name, (0.0, 0.0, 0.0))
    lengths = moments.products.get(GAME_LENGTH, (0.0, 0.0, 0.0))[0]
    joint = both - mean_b * a_by - mean_a * by_b + mean_a * mean_b * lengths
    covariance = joint / (count - 1) / (length_a * length_b) if count > 1 and length_a and length_b else 0.0
    error = math.sqrt(max(0.0, var_a + var_b - 2 * covariance) / count) if count else 0.0
    quantile = t_quantile(count - 1)
    interval = _bounded((difference - quantile * error, difference + quantile * error), name)
    test, least = "paired t", 0.0
    if error == 0:  # every game moved alike: the sign test, as for any paired mean without spread
        p_value = 1.0 if difference == 0 else sign_test_p(count, 0)
        test, least = "sign test", p_value
    else:
        p_value = t_p(difference / error, count - 1)
    spread = math.sqrt((var_a + var_b) / 2)
    return FigureTest(
        name, mean_a, mean_b, difference, interval, _effect(difference, spread), p_value, test, (count, count), least, share(name)
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
    rate = share(name)
    # A share that is 0 or 1 in every unit (a hand's) is a proportion: tested as one, a conditional share
    # (made when declared) over the units that measured it.
    if first.binary.get(name, True) and second.binary.get(name, True):
        interval = _bounded((difference - Z95 * error, difference + Z95 * error), name)
        successes_a, successes_b = round(first.sums.get(name, 0.0)), round(second.sums.get(name, 0.0))
        total = count_a + count_b
        expected = min(successes_a + successes_b, total - successes_a - successes_b) * min(count_a, count_b) / total if total else 0
        if expected < EXACT_BELOW:
            return FigureTest(
                name, mean_a, mean_b, difference, interval, _effect(difference, spread),
                fisher_p(successes_a, count_a, successes_b, count_b), "Fisher exact", units,
                fisher_least_p(successes_a + successes_b, count_a, count_b), rate,
            )  # fmt: skip
        p_value = normal_p(difference / error) if error else (1.0 if difference == 0 else 0.0)
        return FigureTest(
            name, mean_a, mean_b, difference, interval, _effect(difference, spread), p_value, "two-proportion z", units, rate=rate
        )
    # Welch-Satterthwaite degrees of freedom (a run with one unit adds no freedom of its own).
    shares = [(part, count - 1) for part, count in ((part_a, count_a), (part_b, count_b)) if count > 1 and part > 0]
    freedom = (part_a + part_b) ** 2 / sum(part * part / each for part, each in shares) if shares else 0.0
    quantile = t_quantile(freedom)
    interval = _bounded((difference - quantile * error, difference + quantile * error), name)
    if error == 0 and difference != 0:
        # One value throughout each run (a contract's points when declared, made each time under one and
        # failed each time under the other): no spread for a t (a user trial saw p < 0.001 from two hands
        # against one). The exact permutation test: of the ways to split the units, those that part them
        # completely, each run's values on one side.
        # (Two splits only where the runs are the same size: else the reversed split is another size.)
        p_value = min(1.0, (2 if count_a == count_b else 1) / math.comb(count_a + count_b, count_a))
        return FigureTest(
            name, mean_a, mean_b, difference, interval, _effect(difference, spread), p_value, "exact permutation", units, p_value, rate
        )  # fmt: skip
    p_value = t_p(difference / error, freedom) if error else 1.0
    return FigureTest(name, mean_a, mean_b, difference, interval, _effect(difference, spread), p_value, "Welch t", units, rate=rate)
