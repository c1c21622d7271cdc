"""Statistical tests for comparing runs figure by figure: paired when both runs played the same units on
the same deals, unpaired otherwise, with effect sizes, 95% intervals and Holm's adjustment across the
figures.

Means are tested with the normal approximation (every run has hundreds of units or more); figures that
are 0 or 1 per unit with few successes get exact tests instead, where the approximation is poor: Fisher's
exact test for two independent samples, the exact sign (McNemar) test for paired ones.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .figures import Moments, PairedMoments

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
    """The test used: ``paired z``, ``sign test``, ``Welch z``, ``two-proportion z`` or ``Fisher exact``."""


def _normal_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


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
    """Compare a figure on units played under both runs: the per-unit differences' mean against 0."""
    first, second, differences = moments.first, moments.second, moments.differences
    count = differences.count
    mean = differences.mean(name)
    error = math.sqrt(differences.variance(name) / count) if count else 0.0
    interval = (mean - Z95 * error, mean + Z95 * error)
    spread = math.sqrt((first.variance(name) + second.variance(name)) / 2)
    binary = first.binary.get(name, True) and second.binary.get(name, True)
    if binary:
        # For 0/1 figures the squared differences count the discordant units.
        discordant = round(differences.squares.get(name, 0.0))
        up = round((discordant + differences.sums.get(name, 0.0)) / 2)
        p_value, test = sign_test_p(up, discordant - up), "sign test"
    elif error == 0:
        p_value, test = (1.0 if mean == 0 else 0.0), "paired z"
    else:
        p_value, test = _normal_p(mean / error), "paired z"
    return FigureTest(name, first.mean(name), second.mean(name), mean, interval, _effect(mean, spread), p_value, test)


def unpaired_test(name: str, first: Moments, second: Moments) -> FigureTest:
    """Compare a figure between two independent runs."""
    mean_a, mean_b = first.mean(name), second.mean(name)
    difference = mean_b - mean_a
    var_a, var_b = first.variance(name), second.variance(name)
    error = math.sqrt((var_a / first.count if first.count else 0.0) + (var_b / second.count if second.count else 0.0))
    interval = (difference - Z95 * error, difference + Z95 * error)
    spread = math.sqrt((var_a + var_b) / 2)
    if first.binary.get(name, True) and second.binary.get(name, True):
        successes_a, successes_b = round(first.sums.get(name, 0.0)), round(second.sums.get(name, 0.0))
        total = first.count + second.count
        expected = (
            min(successes_a + successes_b, total - successes_a - successes_b) * min(first.count, second.count) / total if total else 0
        )
        if expected < EXACT_BELOW:
            return FigureTest(
                name, mean_a, mean_b, difference, interval, _effect(difference, spread),
                fisher_p(successes_a, first.count, successes_b, second.count), "Fisher exact",
            )  # fmt: skip
        test = "two-proportion z"
    else:
        test = "Welch z"
    p_value = _normal_p(difference / error) if error else (1.0 if difference == 0 else 0.0)
    return FigureTest(name, mean_a, mean_b, difference, interval, _effect(difference, spread), p_value, test)


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
