"""The report answers "what did my change do?" (issue 45): every contract's bid, made and points compared,
complementary figures counted once, intervals that stay in range and widen for few units, warnings that
say why a rule never came up, breach's outcomes told apart, and unfinished games warned of first."""

from __future__ import annotations

import html
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.analysis.statistics import holm, holm_once, share_interval, t_p, t_quantile
from engine.simulation.comparison import Comparison, compare, compare_data, compare_text, complementary, figure_tests, significant_lines
from engine.simulation.figures import (
    CONTRACT_DECLARED,
    CONTRACT_MADE,
    CONTRACT_MADE_WHEN_DECLARED,
    CONTRACT_POINTS,
    GAME_LENGTH,
    PairedMoments,
    conditional,
    use_figure,
)
from engine.simulation.inference import unpaired_test
from engine.simulation.report import hands_text, to_data, to_text
from engine.simulation.skill import skill_chain, skill_text
from engine.simulation.sweep import parse_set, sweep, sweep_data

MISERE_100 = "extends: standard\nname: Misère at 100\ncontracts:\n  misere:\n    value: 100\n"


@pytest.fixture(scope="module")
def misere_comparison() -> Comparison:
    """``standard`` against a house file that only lowers misère's value to 100, 3,000 paired hands."""
    return compare("standard", engine.compile_text(MISERE_100), hands=3000, seed=5, workers=2)


@pytest.fixture(scope="module")
def misere_compare(misere_comparison: Comparison) -> dict[str, object]:
    """:func:`misere_comparison` as data."""
    return compare_data(misere_comparison)


def test_a_compared_share_of_hands_is_in_percent_and_a_contract_s_made_rate_when_declared_is_compared(
    misere_comparison: Comparison, misere_compare: dict[str, object]
) -> None:
    """A rules author's trial: ``compare`` printed shares of hands as fractions (``-8e-06``) where
    ``simulate`` prints percentages, and had no figure for how often a contract is made when declared
    (``simulate``'s "% made"). A share (0 or 1 each hand) is now in percent with its difference in
    percentage points, a mean stays a number; each contract's made rate when declared is a conditional
    figure (its hands only, two independent samples); the HTML page says what differs as the text does."""
    rows = {row["figure"]: row for row in misere_compare["figures"]}  # type: ignore[attr-defined]
    declared, made_when = rows["contract misere declared per hand"], rows["contract misere made when declared"]
    assert declared["rate"] and made_when["rate"] and not rows["contract misere points when declared"]["rate"]
    assert made_when["test"] in ("two-proportion z", "Fisher exact") and conditional(made_when["figure"])
    report = misere_compare["a"]["contracts"]["misere"]  # type: ignore[index]
    assert made_when["a"] == pytest.approx(report["made"] / report["bid"], abs=1e-6)
    text = compare_text(misere_comparison)
    line = next(each for each in text.splitlines() if each.startswith("contract misere declared per hand "))
    assert f"{100 * declared['a']:.2f}%" in line and f"{100 * declared['b']:.2f}%" in line
    assert f"{100 * declared['difference']:+.2f} " in line
    points = next(each for each in text.splitlines() if each.startswith("a player's points per hand "))
    assert "%" not in points
    assert "is in percent, its difference and interval in percentage points" in text
    assert "A player's points per hand: the points of each player's side, averaged over the players" in text
    pytest.importorskip("matplotlib")
    from engine.simulation.page import comparison_page  # (the page's charts need the plot extra)

    page = comparison_page(misere_comparison)
    assert "<h2>What differs</h2>" in page
    assert page.index("<h2>What differs</h2>") < page.index("<h2>How the two were compared</h2>")
    headline = significant_lines(misere_compare["figures"])  # type: ignore[arg-type]
    assert html.escape(headline[0]) in page


def test_a_share_is_in_percent_by_its_kind_when_whole_games_are_the_units() -> None:
    """A review: whether a figure printed in percent was decided by the data (0 or 1 in every unit), so with
    ``--games`` (a game's share of its hands is the unit) every share of hands printed as a fraction, and a
    contract's made when declared flipped between percent and fraction row to row. It is decided by the
    figure's kind now (:func:`~engine.simulation.figures.share`), for compare and sweep alike; a share made
    when declared, 0 or 1 in each hand, is tested as a proportion (Fisher or two-proportion z, with
    Tarone's least p), not as a mean."""
    games = compare("standard", engine.compile_text(MISERE_100), games=6, seed=3, workers=1)
    data = compare_data(games)
    rows = {row["figure"]: row for row in data["figures"]}
    for name in ("contracts set per hand", "contracts made per hand", "team 0 wins", "games decided on the last hand"):
        assert rows[name]["rate"], name
    for name in ("game length (hands)", "a player's points per hand", "team 0 points per hand"):
        assert not rows[name]["rate"], name
    made = [row for name, row in rows.items() if name.endswith(" made when declared")]
    assert made and all(row["rate"] for row in made)
    # The data alone would not say so: a game's share of its hands is seldom 0 or 1.
    assert not games.moments.first.binary["contracts made per hand"]
    text = compare_text(games)
    line = next(each for each in text.splitlines() if each.startswith("contracts set per hand "))
    assert "%" in line
    swept = sweep_data(sweep("standard", [parse_set("contracts.misere.value=100,300")], games=4, seed=3, workers=1))
    kinds = {row["figure"]: row["rate"] for row in swept["figures"]}
    assert kinds["contracts set per hand"] and kinds["team 0 wins"] and not kinds["game length (hands)"]
    hands = compare("standard", engine.compile_text(MISERE_100), hands=400, seed=3, workers=1)
    found = unpaired_test("contract 6S made when declared", hands.moments.first, hands.moments.second)
    assert found.test in ("two-proportion z", "Fisher exact") and found.rate and min(found.units) >= 2, found


def test_issue_45_item_1_every_contract_declared_made_and_points_is_a_compared_figure(misere_compare: dict[str, object]) -> None:
    """Issue 45, item 1: "each contract's bid rate, made rate and average score must be a compared figure";
    a contract's points are averaged over the hands it was declared and tested as two independent samples."""
    rows = {row["figure"]: row for row in misere_compare["figures"]}  # type: ignore[attr-defined]
    declared = {contract for contract, each in misere_compare["a"]["contracts"].items()}  # type: ignore[index]
    for contract in declared:
        assert CONTRACT_DECLARED.format(contract=contract) in rows
        assert CONTRACT_MADE.format(contract=contract) in rows
    report = misere_compare["a"]["contracts"]  # type: ignore[index]
    points = [
        (contract, rows[CONTRACT_POINTS.format(contract=contract)])
        for contract in declared
        if CONTRACT_POINTS.format(contract=contract) in rows
    ]
    assert points, "no contract's points were compared"
    for contract, row in points:
        assert row["a"] == pytest.approx(report[contract]["average_points"], abs=1e-3)
        assert row["test"] == "Welch t"
    # The changed rule's own rows: misère bid less often at 100 (rules text 000, "Misère"), flagged.
    assert rows["contract misere declared per hand"]["b"] < rows["contract misere declared per hand"]["a"]
    assert rows["contract misere declared per hand"]["significant"]


def test_issue_45_item_1_a_rule_counted_by_another_figure_is_tested_once(misere_compare: dict[str, object]) -> None:
    """Issue 45, item 1 (and issue 44's note): a special contract's use is its 'declared' row, the all-pass
    rule's is 'hands passed out': no second row tests the same counts. (The slam rule's use is a slam its
    bonus pays, its own row: a rules author's trial found 10-level slams, paid their own value, counted.)"""
    figures = [row["figure"] for row in misere_compare["figures"]]  # type: ignore[attr-defined]
    assert not any(figure.startswith(("misere used", "open_misere used", "redeal used")) for figure in figures)
    assert len(figures) == len(set(figures))


def test_issue_45_item_1_complementary_figures_count_once_in_holm() -> None:
    """Issue 45, item 1: "complementary rows (team 0 and team 1 wins) should count once": with two sides the
    two teams' wins are one family, and so are the first dealer's and the first bidder's side's wins."""
    families = complementary(engine.load_variant("standard"))
    assert families["team 0 wins"] == families["team 1 wins"]
    assert families["first bidder's side wins"] == families["dealer's side wins"]
    assert complementary(engine.load_variant("three-handed")) == {}
    data = compare_data(compare("standard", "original", games=40, seed=2, bots=["random"] * 4))
    rows = {row["figure"]: row for row in data["figures"]}
    assert rows["team 0 wins"]["p_adjusted"] == rows["team 1 wins"]["p_adjusted"]
    assert data["design"]["counted_once"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 5)), min_size=1, max_size=12))
def test_holm_once_counts_each_family_once_and_never_lowers_a_p_value(tests: list[tuple[float, int]]) -> None:
    """Holm's adjustment over families: each family enters once, with its smallest p-value; no adjusted
    p-value is below its own; with every test its own family it is Holm's adjustment."""
    p_values = [p for p, _ in tests]
    adjusted = holm_once(p_values, [family for _, family in tests])
    assert all(value >= p for value, p in zip(adjusted, p_values))
    assert all(value <= 1.0 for value in adjusted)
    assert holm_once(p_values, list(range(len(p_values)))) == pytest.approx(holm(p_values))
    families = {family for _, family in tests}
    smallest = {family: min(p for p, each in tests if each == family) for family in families}
    by_family = dict(zip(families, holm([smallest[family] for family in families])))
    for (p, family), value in zip(tests, adjusted):
        assert value == pytest.approx(max(p, by_family[family]))


def test_students_t_matches_its_table() -> None:
    """Issue 45, item 4: means from few units get a t interval: the table's 95% quantiles (12.706 with one
    degree of freedom, 2.228 with ten, 1.984 with a hundred) and the normal's in the limit."""
    assert t_quantile(1) == pytest.approx(12.706, abs=1e-3)
    assert t_quantile(10) == pytest.approx(2.228, abs=1e-3)
    assert t_quantile(100) == pytest.approx(1.984, abs=1e-3)
    assert t_quantile(1e9) == pytest.approx(1.95996, abs=1e-4)
    assert t_p(2.228, 10) == pytest.approx(0.05, abs=1e-3)
    assert t_p(0.0, 5) == pytest.approx(1.0)


def test_a_conditional_figure_over_few_units_gets_a_wide_t_interval() -> None:
    """Issue 45, item 4: a contract's points over the two hands it was declared: Student's t with the
    Welch-Satterthwaite freedom, far wider than a normal interval."""
    moments = PairedMoments()
    name = CONTRACT_POINTS.format(contract="9H")
    assert conditional(name)
    for first, second in ((180, 190), (-180, 170), (None, 160)):
        moments.add({name: first} if first is not None else {}, {name: second})
    test = unpaired_test(name, moments.first, moments.second)
    assert test.units == (2, 3) and test.test == "Welch t"
    low, high = test.interval
    assert high - low > 2 * 1.96 * math.sqrt(180**2 * 2 / 2) * 0.9  # at least about as wide as the normal's on A alone
    assert figure_tests(moments, paired=True, games=False, by_role=False)[0][0].test == "Welch t"


def test_a_mean_with_one_value_throughout_each_run_is_tested_exactly_not_called_certain() -> None:
    """A user trial: ``compare standard house.yaml --games 5`` headlined "8H points when declared -300 →
    300, p adj. < 0.001" from two hands against one (every value alike in each run: no spread, an infinite
    t), where the made rate of the same hands had p 0.333. Such a mean gets the exact permutation test:
    one split in C(n, k) parts runs of unequal size completely, two runs of equal size. Paired units that
    all moved alike get the sign test."""
    from engine.simulation.inference import paired_test

    moments = PairedMoments()
    name = CONTRACT_POINTS.format(contract="8H")
    for first, second in ((-300, 300), (-300, None)):
        moments.add({name: first}, {name: second} if second is not None else {})
    test = unpaired_test(name, moments.first, moments.second)
    assert test.test == "exact permutation" and test.p_value == pytest.approx(1 / 3) and test.least_p == test.p_value
    many = PairedMoments()
    for _ in range(6):
        many.add({name: -300}, {name: 300})
    assert unpaired_test(name, many.first, many.second).p_value == pytest.approx(2 / math.comb(12, 6))
    alike = PairedMoments()
    for index in range(5):
        alike.add({"points": 10.0 + index}, {"points": 30.0 + index})
    paired = paired_test("points", alike)
    assert paired.test == "sign test" and paired.p_value == pytest.approx(2 / 2**5)


@settings(max_examples=200, deadline=None)
@given(st.floats(0, 1), st.floats(0, 0.3), st.integers(1, 10**6))
def test_a_share_of_games_has_an_interval_within_0_and_1(share: float, variance: float, units: int) -> None:
    """Issue 45, item 4: "won 99.5% of 100 games (95% interval 98.5-100.5%)": a share's interval stays in
    [0, 1] and holds the share."""
    low, high = share_interval(share, variance, units)
    assert 0.0 <= low <= share + 1e-9 and share - 1e-9 <= high <= 1.0


def test_the_skill_chain_keeps_shares_in_range_and_flags_few_hands() -> None:
    """Issue 45, item 4: the skill chain over two hands says its interval is a rough guide, and over games
    its share's interval stays within 0 and 1."""
    links = skill_chain("standard", hands=2, seed=1, chain=("heuristic", "random"))
    text = "\n".join(skill_text(links))
    assert "rough guide" in text
    low, high = links[0].interval
    assert high - low > 100  # t with one degree of freedom: wide
    games = skill_chain("standard", games=12, seed=1, chain=("heuristic", "random"))[0]
    assert 0.0 <= games.interval[0] <= games.measure <= games.interval[1] <= 1.0


def test_issue_45_item_6_a_never_called_slam_call_says_when_the_bots_call_it() -> None:
    """Issue 45, item 6: "slam_call: never came up" says that the bots call it only when it adds to their
    expected score, which asks for every trick (rules text 000, "Slam call")."""
    result = engine.simulate("slam-call", hands=20, seed=3)
    result.tally.rule_use = {key: [0, 0] for key in result.tally.rule_use}
    warnings = to_data(result)["warnings"]
    assert any("'slam_call' never came up" in warning and "every trick" in warning for warning in warnings), warnings


def test_issue_45_item_6_breach_tells_broken_from_set_but_not_broken() -> None:
    """Issue 45, item 6 (rules text 000, "Breach rule"): breach's success is the contract broken by the
    margin (the call won); a contract set by less is counted apart, and the two never exceed the calls."""
    data = to_data(engine.simulate("breach", hands=3000, seed=2, workers=2))
    row = next(row for row in data["rules"] if row["rule"] == "breach")
    assert row["used"] > 0 and "margin" in row["success"]
    assert "failed_unbroken" in row
    assert row["succeeded"] + row["failed_unbroken"] <= row["used"]


def test_issue_45_item_7_unfinished_games_are_the_first_warning() -> None:
    """Issue 45, item 7: games stopped at the simulation's limit of hands are the first warning of the text
    and of the data, saying the figures describe only the games that ended; compare says so too."""
    result = engine.simulate("standard", games=3, seed=1, bots=["random"] * 4)
    result.tally.unfinished = 2
    data = to_data(result)
    assert "did not end" in data["warnings"][0] and "only the games that ended" in data["warnings"][0]
    text = to_text(result)
    assert text.startswith("Warning: 2 of ")
    assert text.count("did not end within") == 1


def test_issue_45_item_8_sweep_runs_are_named_by_their_setting() -> None:
    """Issue 45, item 8: sweep JSON ``runs[i].variant`` and ``name`` were the same for every setting."""
    data = sweep_data(sweep("standard", [parse_set("contracts.misere.value=100,400")], hands=30, seed=1, bots=["random"] * 4))
    names = [run["name"] for run in data["runs"]]
    assert len(set(names)) == 2 and all(run["variant"] == "standard" for run in data["runs"])
    assert [run["setting"] for run in data["runs"]] == data["settings"]


def test_compare_text_explains_its_tests_and_marks_small_samples(misere_compare: dict[str, object]) -> None:
    """The compare text names the t tests, the conditional points rows and marks means over few units."""
    del misere_compare  # (the fixture's comparison is data; the text is made from a fresh small one)
    text = compare_text(compare("standard", engine.compile_text(MISERE_100), hands=200, seed=5))
    assert "paired t" in text and "when declared" in text
    assert "+ a mean over fewer than" in text


def test_compare_text_says_first_how_the_rules_differ_and_what_differs_after_adjustment() -> None:
    """A new user's trial: 78 rows, the few that matter buried. The text now lists B's rule changes (A's rule
    → B's) and the figures significant after Holm's adjustment before the table; where none is, the
    largest effects, said to be within chance."""
    comparison = compare("standard", engine.compile_text(MISERE_100), hands=200, seed=5)
    text = compare_text(comparison)
    head = text.split("\nfigure ")[0]
    assert "How B's rules differ from A's:" in head and "worth 250 → 100" in head
    data = compare_data(comparison)
    significant = [row["figure"] for row in data["figures"] if row["significant"]]
    if significant:
        assert "What differs, at the 5% level after Holm's adjustment" in head
        assert all(f"  {figure} " in head for figure in significant)
    else:
        assert "No figure differs by more than chance explains" in head and "the nearest:" in head
    same = compare_text(compare("standard", "standard", hands=20, seed=1, bots=["random"] * 4))
    assert "A and B play by the same rules in words" in same and "No figure differs by more than chance explains" in same


def test_issue_45_item_6_a_rule_that_cannot_come_up_says_why_and_every_warning_is_printed_once() -> None:
    """Issue 45, item 6: "a rule that cannot come up says why": `australian` states must-win-by-bid (rules
    text 004) while the defenders' trick points stop at 490, so only a made contract reaches 500; the
    report says so, from the variant's validation warning. Every warning of the data is in the text once,
    over games as over hands."""
    result = engine.simulate("australian", games=12, seed=2)
    data = to_data(result)
    reason = next(warning for warning in data["warnings"] if "'must_win_by_bid'" in warning)
    assert "cannot under these rules" in reason and "490" in reason
    text = to_text(result)
    for warning in data["warnings"]:
        assert text.count(warning) == 1, warning


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1), st.sampled_from([0.0, 0.001, 0.02, 0.0625, 0.25, 1.0])), min_size=1, max_size=12))
def test_a_test_that_could_not_reach_the_level_is_left_out_of_the_count(tests: list[tuple[float, float]]) -> None:
    """Tarone's refinement: an exact test of a rate that few units moved cannot give a small p-value (the
    sign test over n differing units: at least 2 / 2**n); it is left out of Holm's count and keeps its own
    p-value, and the others are adjusted over the rest only."""
    p_values = [max(p, least) for p, least in tests]  # a test never gives less than its least
    least = [least for _, least in tests]
    adjusted = holm_once(p_values, list(range(len(tests))), least, 0.05)
    kept = [index for index, floor in enumerate(least) if floor < 0.05]
    assert all(adjusted[index] == p_values[index] for index in range(len(tests)) if index not in kept)
    expected = holm([p_values[index] for index in kept])
    assert [adjusted[index] for index in kept] == pytest.approx(expected)


def test_a_sign_test_knows_the_least_p_value_its_units_allow() -> None:
    """A rate that three paired units moved, all one way: its sign test's p-value is 2 / 2**3 whatever
    else, so it is left out of the adjustment; Fisher's test knows its own least p-value from its margins."""
    from engine.analysis.statistics import fisher_least_p
    from engine.simulation.inference import paired_test

    moments = PairedMoments()
    for index in range(40):
        moments.add({"a rate": 0.0}, {"a rate": 1.0 if index < 3 else 0.0})
    test = paired_test("a rate", moments)
    assert test.test == "sign test" and test.least_p == pytest.approx(0.25) and test.p_value == pytest.approx(0.25)
    assert fisher_least_p(1, 10, 10) == pytest.approx(1.0)
    assert fisher_least_p(10, 10, 10) < 1e-4


def test_a_count_of_hands_is_singular_for_one() -> None:
    """The report's game length read "10% of games 1 hands or fewer" (a new user's trial)."""
    assert hands_text(1) == "1 hand" and hands_text(3) == "3 hands" and hands_text(0) == "0 hands"


def test_a_warning_every_setting_of_a_sweep_shares_is_said_once() -> None:
    """A rule a run of hands cannot show (rules text 000, "Six-handed 500" played to a losing score: its
    ``lose_at`` comes up only in whole games) was warned of once per setting, the same line each time;
    a warning only some settings have still names each of them."""
    from engine.simulation.sweep import sweep_text

    result = sweep("six-handed-three-teams", [parse_set("contracts.misere.value=100,400")], hands=10, seed=1, bots=["random"] * 6)
    text = sweep_text(result)
    said = "end 'target' (500) and 'lose_at' can come up only in whole games"
    assert text.count(said) == 1
    assert f"Every setting: warning: {said}" in text
    assert "Setting 1: warning: end 'target'" not in text


def test_a_sweep_shows_every_figure_each_setting_measured_tested_or_not() -> None:
    """A user trial found a sweep printing '-' for a contract's points when declared that a later setting
    had measured (the first setting declared it fewer than twice, so it was not tested) and leaving some
    such rows out: every setting's value is its own mean, a '-' only where it never declared the contract."""
    result = sweep("standard", [parse_set("end.target=300,500")], hands=40, seed=3, bots=["random"] * 4)
    rows = {row["figure"]: row["values"] for row in sweep_data(result)["figures"]}
    runs = [result.baseline, *(each.second for each in result.moments)]
    untested = 0
    for index, moments in enumerate(runs):
        for name in moments.sums:
            assert name in rows, name
            value = rows[name][index]
            assert value is not None and value == pytest.approx(moments.mean(name), abs=1e-6), (name, index)
            untested += conditional(name) and index > 0 and result.baseline.units(name) < 2
        for name, values in rows.items():
            if conditional(name) and not moments.units(name):
                assert values[index] is None, (name, index)
    assert untested  # the case the trial met: measured by a later setting, too seldom by the first to test


def test_a_figure_per_hand_over_games_pools_every_hand_as_simulate_counts_it() -> None:
    """A user trial: ``compare standard house.yaml --games 200`` gave open misère 5.10% of standard's hands
    where ``simulate standard --games 200`` of the same games gave 1.7%: each game's share was averaged, and
    a made open misère ends a game at once, so its one-hand games weighed as much as ten-hand ones. A
    figure per hand over games is now every hand's, pooled (simulate's count), compared run against run."""
    runs = compare("standard", engine.compile_text("extends: standard\nname: Spread\nend: {point_spread: 300}\n"), games=30, seed=2)
    for result, moments in ((runs.first, runs.moments.first), (runs.second, runs.moments.second)):
        report = to_data(result)
        hands = report["hands"]
        assert moments.mean(GAME_LENGTH) * moments.count == hands
        for contract, row in report["contracts"].items():
            assert moments.mean(CONTRACT_DECLARED.format(contract=contract)) == pytest.approx(row["bid"] / hands)
            assert moments.mean(CONTRACT_MADE.format(contract=contract)) == pytest.approx(row["made"] / hands)
            # And when declared: every declared hand pooled (a review found compare's 83.3% made where simulate
            # of the same games gave 78.3%: each game's share was averaged).
            assert moments.mean(CONTRACT_MADE_WHEN_DECLARED.format(contract=contract)) == pytest.approx(row["made"] / row["bid"])
            assert moments.mean(CONTRACT_POINTS.format(contract=contract)) == pytest.approx(
                row["average_points"], abs=6e-4
            )  # (rounded to 3 places: half a unit, and a float's error)
        # A stated rule's uses too (the slam bonus here), as simulate's rules in play count them.
        slam = next(rule for rule in report["rules"] if rule["rule"] == "slam")
        assert slam["used"] and moments.mean(use_figure(slam["kind"], "slam")) == pytest.approx(slam["used"] / hands)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 12), st.integers(0, 12), st.integers(1, 12), st.integers(0, 12)), min_size=3, max_size=30))
def test_a_pooled_figure_s_variance_is_that_of_its_linearised_counts(games: list[tuple[int, int, int, int]]) -> None:
    """The ratio estimate's arithmetic (figures.Moments.variance, inference's paired test over games): the
    variance of (count - ratio * length) / mean length over the games, and the paired test's standard error
    that of the per-game difference of those values, each worked out directly here."""
    from engine.simulation.figures import GAME_LENGTH as LENGTH
    from engine.simulation.inference import paired_test

    name = "contracts made per hand"
    moments = PairedMoments()
    for length_a, made_a, length_b, made_b in games:
        moments.add({LENGTH: length_a, name: min(made_a, length_a)}, {LENGTH: length_b, name: min(made_b, length_b)})
    count = len(games)

    def linearised(pairs: list[tuple[int, int]]) -> list[float]:
        ratio = sum(made for _, made in pairs) / sum(length for length, _ in pairs)
        mean_length = sum(length for length, _ in pairs) / count
        return [(made - ratio * length) / mean_length for length, made in pairs]

    first = linearised([(a, min(m, a)) for a, m, _, _ in games])
    second = linearised([(b, min(m, b)) for _, _, b, m in games])
    assert moments.first.variance(name) == pytest.approx(sum(z * z for z in first) / (count - 1), abs=1e-9)
    assert moments.second.variance(name) == pytest.approx(sum(z * z for z in second) / (count - 1), abs=1e-9)
    differences = [b - a for a, b in zip(first, second)]
    error = math.sqrt(sum(d * d for d in differences) / (count - 1) / count)
    test = paired_test(name, moments)
    assert test.test == "paired t" or (test.test == "sign test" and error < 1e-9), (test.test, error)
    assert test.difference == pytest.approx(moments.second.mean(name) - moments.first.mean(name))
    if error > 1e-9 and -1.0 < test.interval[0] and test.interval[1] < 1.0:  # (a share's interval is kept within ±1)
        assert test.interval[1] - test.interval[0] == pytest.approx(2 * t_quantile(count - 1) * error, rel=1e-6)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=3, max_size=30).filter(
        lambda games: sum(d > 0 for d, _ in games) >= 2
    )
)
def test_a_figure_when_declared_over_games_is_pooled_over_the_declared_hands(games: list[tuple[int, int]]) -> None:
    """A contract's made share when declared over whole games (figures.Moments): the ratio of the games' made
    hands to their declared hands, and its variance that of (made - ratio * declared) / mean declared over
    the games that declared it (the delta method), each worked out directly here."""
    from engine.simulation.figures import GAME_LENGTH as LENGTH
    from engine.simulation.figures import Moments

    declared_name, name = CONTRACT_DECLARED.format(contract="7H"), CONTRACT_MADE_WHEN_DECLARED.format(contract="7H")
    moments = Moments()
    pairs = [(declared, min(made, declared)) for declared, made in games]
    for declared, made in pairs:
        row = {LENGTH: 10.0, declared_name: float(declared)}
        if declared:
            row[name] = float(made)
        moments.add(row)
    measured = [(declared, made) for declared, made in pairs if declared]
    ratio = sum(made for _, made in measured) / sum(declared for declared, _ in measured)
    assert moments.units(name) == len(measured) and moments.mean(name) == pytest.approx(ratio)
    mean_declared = sum(declared for declared, _ in measured) / len(measured)
    linearised = [(made - ratio * declared) / mean_declared for declared, made in measured]
    assert moments.variance(name) == pytest.approx(sum(z * z for z in linearised) / (len(measured) - 1), abs=1e-9)


def test_an_end_rule_counted_by_the_hand_has_its_row_when_games_are_compared() -> None:
    """A user trial: ``compare --hands`` warned that must-win-by-bid comes up only in whole games and to
    compare them, and ``compare --games`` then had no row for it. Over games it has its row (hands after
    which a side reached the target other than by its own bid), pooled over the hands as simulate counts."""
    house = engine.compile_text("extends: standard\nname: By bid\nend: {must_win_by_bid: true}\n")
    data = compare_data(compare("standard", house, games=40, seed=1))
    (row,) = [figure for figure in data["figures"] if figure["figure"] == "must_win_by_bid used per hand"]
    assert row["a"] == 0 and row["b"] > 0, row
    hands = compare_data(compare("standard", house, hands=40, seed=1))
    assert not any(figure["figure"] == "must_win_by_bid used per hand" for figure in hands["figures"])


def test_comparing_runs_of_hands_that_differ_in_how_a_game_ends_says_to_compare_games() -> None:
    """A user trial compared a target of 1000 with 500 over hands (the default) and read every figure as
    +0: each hand starts from nothing to nothing, so the report says to compare whole games; not where the
    end rules agree, nor over games."""
    house = engine.compile_text("extends: standard\nname: To 1000\nend: {target: 1000}\n")
    data = compare_data(compare("standard", house, hands=10, seed=1, bots=["random"] * 4))
    (warning,) = data["warnings"]
    assert "end.target 500 → 1000" in warning and "--games" in warning
    same = engine.compile_text("extends: standard\nname: Same end\nplay: {first_lead: left_of_dealer}\n")
    assert compare_data(compare("standard", same, hands=10, seed=1, bots=["random"] * 4))["warnings"] == []
    games = compare("standard", house, games=2, seed=1, bots=["random"] * 4)
    assert not any("--games" in each for each in compare_data(games)["warnings"])
    assert "a figure 'per hand' pools every hand of the games, as simulate counts it" in compare_text(games)
    swept = sweep_data(sweep("standard", [parse_set("end.target=500,1000")], hands=10, seed=1, bots=["random"] * 4))
    assert any(each.startswith("setting 1 changes how a game ends") for each in swept["warnings"])


def test_a_role_s_wins_are_not_compared_between_other_numbers_of_sides_and_share_intervals_stay_in_range(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A rules author's trial: six-handed in two sides against three flagged "first bidder's side wins"
    57% → 29% as the rule's doing, where a side's fair share fell from a half to a third; a share's
    interval read -134 to +101 percentage points over a few hands; the JSON left out how the rules differ;
    the set rule's bans were reported as measured in a run of hands, where no ban can apply."""
    house = tmp_path / "three.yaml"
    house.write_text("extends: six-handed\nplayers: {teams: 3}\n", encoding="utf-8")
    data = compare_data(compare("six-handed", str(house), games=6, seed=1, workers=1))
    figures = {row["figure"] for row in data["figures"]}
    assert "first bidder's side wins" not in figures and "dealer's side wins" not in figures and "games with no winner" in figures
    assert "fair share of the wins differs" in data["design"]["seating"]
    assert any(change["section"].startswith("Players") and change["a"] and change["b"] for change in data["changes"])
    same = compare_data(compare("standard", "australian", games=6, seed=1, workers=1))
    assert "first bidder's side wins" in {row["figure"] for row in same["figures"]}
    for row in same["figures"]:
        if row["rate"]:
            assert -1 <= row["interval_95"][0] <= row["interval_95"][1] <= 1, row
    barred = engine.compile_text("extends: standard\nset: {short_by: 1}\n")
    hands = compare_data(compare("standard", barred, hands=200, seed=1, workers=1))
    assert any("a ban never applies" in warning for warning in hands["warnings"])
    report = to_data(engine.simulate(barred, hands=200, seed=1, workers=1))
    assert any("so no ban applied" in warning for warning in report["warnings"])
    breach = to_data(engine.simulate("breach", hands=300, seed=1, workers=1, bots=["random"] * 4))  # (random bots breach often)
    assert breach["barred"]["count"] and any("so no ban applied" in warning for warning in breach["warnings"])


def test_the_report_counts_games_stopped_unfinished_in_its_first_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rules author's trial: ten games of which nine stopped at the hand limit were reported as
    "10000 hands in 1 game", and "games with no winner: 0" did not say it counted only the games that
    ended (``compare`` counts the stopped ones as having no winner). The first line counts every game
    played and how many stopped; the balance line says of how many games it speaks."""
    from engine.simulation import units

    monkeypatch.setattr(units, "MAX_HANDS_PER_GAME", 3)
    result = engine.simulate("standard", games=8, seed=1, workers=1)
    data = to_data(result)
    stopped, ended = data["unfinished_games"], data["games"]
    assert stopped and ended
    text = to_text(result)
    assert f" in {stopped + ended} games ({stopped} stopped unfinished)" in text
    assert f"games with no winner: {data['balance']['no_winner']} (of the {ended} that ended)." in text
    assert "stopped after 3 hands" in text
    # A review: compare's and sweep's headers counted only the games that ended.
    assert "8 games each" in compare_text(compare("standard", "australian", games=8, seed=1, workers=1))


def test_a_run_of_hands_names_the_target_of_the_file_it_plays() -> None:
    """A rules author's trial: a house file whose one change is the target (rules text 000, "Score keeping":
    500 to win) was warned, in a run of hands, only of the inherited back door; the warning names the
    file's own target beside every end rule, once, and a run of games has no such warning."""
    rules = engine.compile_text("extends: standard\nname: Short\nend: {target: 300, must_win_by_bid: true}\n")
    warnings = to_data(engine.simulate(rules, hands=20, seed=1))["warnings"]
    said = [warning for warning in warnings if warning.startswith("end ")]
    assert said == [
        "end 'target' (300), 'lose_at' and 'must_win_by_bid' can come up only in whole games (a run of hands scores every "
        "hand from 0): simulate --games to measure them."
    ]
    games = to_data(engine.simulate(rules, games=2, seed=1))["warnings"]
    assert not any("only in whole games" in warning for warning in games)


def test_a_sweep_says_first_what_each_setting_moved() -> None:
    """A rules author's trial: a sweep went straight to its table of 112 figures, its answer found only by
    reading every row for a mark; it says first, per setting, each figure that moved from setting 0 (the
    table's marks), or that nothing did beyond chance."""
    from engine.bots import calibration
    from engine.simulation.sweep import moved_lines, parse_set, settings_of, sweep, sweep_data, sweep_text

    key = parse_set("set.short_by=1,3,1")
    shipped = calibration.known(engine.load_variant("set-rule"))
    assert shipped is not None
    for each in settings_of("set-rule", [key]):
        calibration.remember(each.rules, None, shipped)  # (the set rule changes nothing the calibration measures)
    result = sweep("set-rule", [key], hands=400, seed=2)
    data = sweep_data(result)
    lines = moved_lines(data)
    marked = [row["figure"] for row in data["figures"] if row["against_first"][0] and row["against_first"][0]["significant"]]
    assert marked and all(figure in lines[1] for figure in marked[:6]), lines
    assert lines[2] == "  2: nothing beyond chance"  # the same rules as setting 0
    assert sweep_text(result).split("\n\n")[1].splitlines() == lines
