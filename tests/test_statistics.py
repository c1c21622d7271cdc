"""The shared statistics module (``engine.analysis.statistics``, issue 46, item 5) against ``scipy.stats``
on a handful of inputs each: a development check, skipped where SciPy is not installed (it is no runtime
dependency; the dev extra has it)."""

from __future__ import annotations

import pytest

from engine.analysis.statistics import (
    Z95,
    chi_square_p,
    fisher_least_p,
    fisher_p,
    median,
    normal_p,
    quantile,
    share_interval,
    sign_test_p,
    spread,
    t_p,
    t_quantile,
    wilson,
    wilson_bound,
)

scipy_stats = pytest.importorskip("scipy.stats")
numpy = pytest.importorskip("numpy")

PROPORTIONS = [(0, 10), (3, 10), (10, 10), (1, 1000), (47, 100), (600, 1000), (4999, 10000)]
"""Successes and trials: none, all, few, many, near a half."""


@pytest.mark.parametrize(("successes", "trials"), PROPORTIONS)
def test_wilson_interval_matches_scipy_binomtest(successes: int, trials: int) -> None:
    expected = scipy_stats.binomtest(successes, trials).proportion_ci(confidence_level=0.95, method="wilson")
    low, high = wilson(successes, trials, Z95)
    assert low == pytest.approx(expected.low, abs=1e-12)
    assert high == pytest.approx(expected.high, abs=1e-12)


@pytest.mark.parametrize(("successes", "trials"), PROPORTIONS)
def test_one_sided_wilson_bounds_match_scipy(successes: int, trials: int) -> None:
    deviate = scipy_stats.norm.ppf(0.95)
    test = scipy_stats.binomtest(successes, trials, alternative="greater")
    assert max(0.0, wilson_bound(successes, trials, -deviate)) == pytest.approx(test.proportion_ci(method="wilson").low, abs=1e-12)
    test = scipy_stats.binomtest(successes, trials, alternative="less")
    assert min(1.0, wilson_bound(successes, trials, deviate)) == pytest.approx(test.proportion_ci(method="wilson").high, abs=1e-12)


def test_wilson_interval_with_no_trials_is_everything() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert share_interval(0.5, 0.0, 0) == (0.0, 1.0)


def test_share_interval_without_spread_is_the_wilson_interval_of_its_units() -> None:
    assert share_interval(0.3, 0.0, 10) == wilson(3.0, 10.0)


@pytest.mark.parametrize("z", [0.0, 0.5, -1.2, 1.959963984540054, 3.5, -6.0])
def test_normal_p_matches_scipy(z: float) -> None:
    assert normal_p(z) == pytest.approx(2 * scipy_stats.norm.sf(abs(z)), rel=1e-12, abs=1e-300)


@pytest.mark.parametrize(("statistic", "freedom"), [(0.0, 5), (0.4, 1), (2.1, 3), (-1.7, 12.5), (4.2, 40), (1.96, 10**8)])
def test_t_p_matches_scipy(statistic: float, freedom: float) -> None:
    assert t_p(statistic, freedom) == pytest.approx(2 * scipy_stats.t.sf(abs(statistic), freedom), rel=1e-7, abs=1e-12)


@pytest.mark.parametrize("freedom", [1, 2, 4.5, 9, 29, 200, 10**8])
def test_t_quantile_matches_scipy(freedom: float) -> None:
    assert t_quantile(freedom) == pytest.approx(scipy_stats.t.ppf(0.975, freedom), rel=1e-7)


@pytest.mark.parametrize(
    ("successes_a", "trials_a", "successes_b", "trials_b"),
    [(3, 10, 7, 10), (0, 20, 5, 20), (1, 50, 1, 60), (12, 40, 25, 45), (9, 9, 0, 4)],
)
def test_fisher_p_matches_scipy(successes_a: int, trials_a: int, successes_b: int, trials_b: int) -> None:
    table = [[successes_a, trials_a - successes_a], [successes_b, trials_b - successes_b]]
    expected = scipy_stats.fisher_exact(table, alternative="two-sided").pvalue
    assert fisher_p(successes_a, trials_a, successes_b, trials_b) == pytest.approx(expected, rel=1e-9)


def test_fisher_least_p_is_the_p_value_of_the_most_extreme_table() -> None:
    most_extreme = scipy_stats.fisher_exact([[6, 4], [0, 10]]).pvalue
    assert fisher_least_p(6, 10, 10) == pytest.approx(most_extreme, rel=1e-9)


@pytest.mark.parametrize(("up", "down"), [(0, 0), (1, 0), (3, 9), (10, 10), (2, 30), (41, 59)])
def test_sign_test_p_matches_scipy_binomtest(up: int, down: int) -> None:
    expected = 1.0 if up + down == 0 else scipy_stats.binomtest(up, up + down, 0.5).pvalue
    assert sign_test_p(up, down) == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize(("statistic", "freedom"), [(0.5, 1), (3.84, 1), (11.07, 5), (30.0, 12), (120.0, 60), (2.0, 27)])
def test_chi_square_p_matches_scipy(statistic: float, freedom: int) -> None:
    assert chi_square_p(statistic, freedom) == pytest.approx(scipy_stats.chi2.sf(statistic, freedom), rel=1e-9, abs=1e-14)


COUNTS = [{5: 1}, {1: 2, 3: 2}, {-40: 3, 0: 1, 120: 5, 500: 2}, {2: 7, 3: 1, 9: 4, 11: 9}]
"""Values given as value → count, as the tallies keep them."""


@pytest.mark.parametrize("counts", COUNTS)
def test_median_spread_and_quantiles_match_numpy(counts: dict[int, int]) -> None:
    values = numpy.repeat(list(counts), list(counts.values()))
    assert median(counts) == pytest.approx(float(numpy.median(values)))
    mean, deviation = spread(counts)
    assert mean == pytest.approx(float(numpy.mean(values)))
    assert deviation == pytest.approx(float(numpy.std(values, ddof=1)) if len(values) > 1 else 0.0)
    for share in (0.1, 0.25, 0.5, 0.9, 1.0):
        assert quantile(counts, share) == int(numpy.quantile(values, share, method="inverted_cdf"))
