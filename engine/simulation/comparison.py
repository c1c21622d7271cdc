"""``compare``: two variants simulated on the same hand or game numbers, figure by figure, with the right
test for how the two runs relate.

When both variants deal the same cards (the same deck in the same order, the same deal and the same
number of seats), hand ``i`` is dealt alike under both, and each figure is tested on the per-unit
differences (paired); otherwise the runs are independent samples (unpaired). The report says which and
why. When the seatings differ (other teams, a called partner, another number of players), teams are not
lined up seat by seat: the sides are compared by role (the declaring side, the defenders, a player's
share). P-values are adjusted across the figures by Holm's method, and every difference comes with a 95%
interval and an effect size.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from ..analysis.statistics import holm_once
from ..language.reference import written_value
from ..rules.describe import LADDER, Change, change_line, extended_base, rule_changes, summarised
from ..rules.ruleset import Rules, Share
from . import units
from .figures import TEAM_POINTS, TEAM_WINS, Moments, PairedMoments, Row, conditional, use_figure
from .inference import SMALL_SAMPLE, FigureTest, paired_test, unpaired_test
from .report import games_played, hands_text, to_data, unfinished_warnings
from .runner import Execution, SimulationResult, SimulationSettings, execution_of, simulate_group

LEVEL = 0.05
"""The family-wise significance level of a comparison."""

_ORDER = (
    "hands passed out",
    "contracts made per hand",
    "contracts set per hand",
    "misère family contracts per hand",
    "level",
    "contract ",
    "slams per hand",
    "declarers barred per hand",
    "declaring side's points per hand",
    "defenders' points per hand",
    "a player's points per hand",
    "team",
    "game length (hands)",
    "first bidder's side wins",
    "dealer's side wins",
    "games decided on the last hand",
    "games ended",
    "games unfinished (hand limit)",
    "games with no winner",
)


def p_text(p_value: float) -> str:
    """A p-value as a report prints it: three significant figures, or ``< 0.001`` (a rounded 0 read as
    certainty)."""
    return "< 0.001" if p_value < 0.001 else f"{p_value:.3g}"


def shown_value(value: float | None, rate: bool) -> str:
    """A figure's value as a report prints it: a rate (a share of the hands or games) in percent, any other
    figure as a number, an unmeasured one as ``-``."""
    if value is None:
        return "-"
    return f"{100 * value:.2f}%" if rate else f"{value:.4g}"


def shown_figure(row: dict[str, Any]) -> tuple[str, str, str, str]:
    """A compared figure's A, B, difference and 95% interval as a report prints them: a rate (``row["rate"]``,
    a share of the hands or games) in percent, its difference and interval in percentage points, as
    ``simulate`` prints shares; any other figure as a number."""
    low, high = row["interval_95"]
    if row.get("rate"):
        return (
            shown_value(row["a"], True),
            shown_value(row["b"], True),
            f"{100 * row['difference']:+.2f}",
            f"{100 * low:+.2f} to {100 * high:+.2f}",
        )
    return _number(row["a"]), _number(row["b"]), _number(row["difference"], "+"), f"{_number(low, '+')} to {_number(high, '+')}"


def _number(value: float, sign: str = "") -> str:
    """A mean as a report prints it: three or four significant figures, a thousand or more in whole
    numbers (a user trial read ``-2.68e+03`` points)."""
    if abs(value) >= 999.5:  # (999.7 to three figures is 1e+03)
        return f"{value:{sign},.0f}"
    return f"{value:{sign}.4g}" if not sign else f"{value:{sign}.3g}"


def figure_order(name: str) -> tuple[int, str, str]:
    """Where a figure goes in a report: hand figures, then sides, then game figures; levels by number (a
    contract's figures by its level, then together under its id)."""
    for index, start in enumerate(_ORDER):
        if name.startswith(start):
            number = re.search(r"\d+", name)
            return (index, f"{int(number.group()):04d}" if number else "9999", name)
    return (len(_ORDER), "", name)


def deal_difference(first: Rules, second: Rules) -> str | None:
    """Why ``first`` and ``second`` deal hand ``i`` differently, or ``None`` when they deal it alike."""
    size_a, size_b = len(first.deck.cards), len(second.deck.cards)
    if first.deck.cards != second.deck.cards:
        return f"the decks differ ({size_a} and {size_b} cards{'' if size_a != size_b else ', or in another order'})"
    if first.seating.seats != second.seating.seats or first.seating.players != second.seating.players:
        return f"the number of hands dealt differs ({first.seating.seats} and {second.seating.seats})"
    if first.deal != second.deal:
        return "the deals differ (hand size, kitty, bundles or a misdeal rule)"
    return None


def complementary(rules: Rules) -> dict[str, str]:
    """Figures of ``rules``' games that carry one piece of information, each mapped to its family's name:
    with two sides, one side's wins and the other's, and (where every seat's left-hand neighbour sits on
    the other side) the first dealer's side's wins and the first bidder's side's. A comparison counts each
    family once in Holm's adjustment (:func:`~engine.analysis.statistics.holm_once`)."""
    seating = rules.seating
    if len(seating.teams) != 2:
        return {}
    families = {TEAM_WINS.format(team=team): "wins" for team in range(2)}
    if all(seating.team_of(seat) != seating.team_of((seat + 1) % seating.players) for seat in range(seating.players)):
        families.update(
            {"first bidder's side wins": "first dealer's or bidder's side", "dealer's side wins": "first dealer's or bidder's side"}
        )
    return families


def seating_difference(first: Rules, second: Rules) -> str | None:
    """Why ``first`` and ``second`` cannot be compared team by team, or ``None`` when they can."""
    a, b = first.seating, second.seating
    if a.players != b.players:
        return f"{a.players} players and {b.players} players"
    if a.teams != b.teams:
        return "the teams differ"
    if (a.called_partner is None) != (b.called_partner is None):
        return "one calls a partner and the other does not"
    if (a.dummies is None) != (b.dummies is None):
        return "one plays dummies and the other does not"
    return None


@dataclass
class Comparison:
    """Two runs on the same hand or game numbers, and the sums the tests are made from."""

    first: SimulationResult
    """Variant A's run."""
    second: SimulationResult
    """Variant B's run."""
    moments: PairedMoments = field(default_factory=PairedMoments)
    """Per-unit figures summed per run, and their differences."""

    @property
    def deal_difference(self) -> str | None:
        """Why the deals differ (so the test is unpaired), or ``None`` (paired)."""
        return deal_difference(self.first.rules, self.second.rules)

    @property
    def seating_difference(self) -> str | None:
        """Why the sides are compared by role, or ``None`` (team by team)."""
        return seating_difference(self.first.rules, self.second.rules)

    def tests(self) -> list[tuple[FigureTest, float]]:
        """Each figure's test and its Holm-adjusted p-value, in the report's order: the tests of a sweep of
        two points (:func:`tests_against_first`)."""
        return tests_against_first([self.first, self.second], [self.moments])[0]


_TEAM_FIGURE = re.compile("^(" + "|".join(re.escape(each).replace(r"\{team\}", r"\d+") for each in (TEAM_POINTS, TEAM_WINS)) + ")$")


def team_figure(name: str) -> bool:
    """Whether figure ``name`` is kept per team (compared only between the same seating)."""
    return _TEAM_FIGURE.match(name) is not None


ROLE_WINS = frozenset({"first bidder's side wins", "dealer's side wins"})
"""Figures of a role's side winning: each side's fair share is one game in the number of sides, so they are
compared only between variants with as many sides (a user trial read 57% → 29% as a rule's doing where
two sides became three)."""


def left_out(name: str, *, by_role: bool, sides_differ: bool) -> bool:
    """Whether figure ``name`` is left out of a comparison: a per-team figure where the sides are compared
    ``by_role``, a role's side winning (:data:`ROLE_WINS`) where the number of sides differs."""
    return (by_role and team_figure(name)) or (sides_differ and name in ROLE_WINS)


def sides_differ(first: Rules, second: Rules) -> bool:
    """Whether ``first`` and ``second`` seat a different number of sides (teams)."""
    return len(first.seating.teams) != len(second.seating.teams)


def apart(first: Rules, second: Rules) -> tuple[bool, bool]:
    """How ``second``'s figures are set beside ``first``'s: whether by role (another seating: its per-team
    figures left out), and whether it seats another number of sides (a role's wins left out); see
    :func:`left_out`."""
    return seating_difference(first, second) is not None, sides_differ(first, second)


def end_changes(first: Rules, second: Rules) -> list[str]:
    """How ``second``'s end-of-game rules differ from ``first``'s, a ``end.KEY A → B`` each."""
    return [
        f"end.{each.name} {written_value(getattr(first.end, each.name))} → {written_value(getattr(second.end, each.name))}"
        for each in fields(first.end)
        if getattr(first.end, each.name) != getattr(second.end, each.name)
    ]


def _bars(rules: Rules) -> tuple[object, ...]:
    """What of ``rules`` bars a player from bidding in the next hand: the set rule, ralphing and a breach's bans."""
    breach = rules.breach
    bans = (breach.ban_failed_caller, breach.ban_breached_declarer_level) if breach is not None else ()
    return (rules.set_rule, rules.ralph, bans)


def hands_only_warnings(results: Sequence[SimulationResult], labels: Sequence[str]) -> list[str]:
    """Where runs of hands are compared: a warning for each run after the first (labelled by ``labels``)
    whose end-of-game rules differ from the first's, since every hand of a run of hands starts from
    nothing to nothing, where they seldom matter (a user trial read a sweep of the target as "no
    difference")."""
    if results[0].settings.games:
        return []
    warnings = []
    for label, result in zip(labels[1:], results[1:]):
        if _bars(results[0].rules) != _bars(result.rules):
            warnings.append(
                f"{label} changes who may not bid in the next hand (the set rule, ralphing or a breach's bans), but a run "
                "of hands plays every hand as a game's first, so a ban never applies: these figures show only how often "
                "one would. Compare whole games (--games N) to see what it does."
            )
        changed = end_changes(results[0].rules, result.rules)
        if changed:
            warnings.append(
                f"{label} changes how a game ends ({', '.join(changed)}), but a run of hands plays every hand from "
                "nothing to nothing, where that seldom matters: these figures hardly show it. Compare whole games "
                "(--games N) to see what it does."
            )
    return warnings


GAMES_NOTE = (
    "In a run of whole games each game is a unit: a figure 'per hand' pools every hand of the games, as simulate "
    "counts it, its interval and test taken over the games (a ratio estimate); a contract's figures 'when declared' "
    "pool every hand that declared it alike."
)
"""What a comparison or a sweep of whole games says of its figures 'per hand'."""


def unadjusted_tests(moments: PairedMoments, *, paired: bool, games: bool, by_role: bool, other_sides: bool = False) -> list[FigureTest]:
    """Test every figure either run measured (paired on the per-unit differences, or as independent
    samples), leaving out the per-team figures when the sides are compared ``by_role`` and a role's side
    winning when the runs seat ``other_sides`` (another number of sides: :func:`left_out`), in the report's
    order; the p-values are not adjusted yet."""
    first, second = moments.first, moments.second
    names = set(first.sums) | set(second.sums)
    if games:
        names.add("games with no winner")
    names = {name for name in names if not left_out(name, by_role=by_role, sides_differ=other_sides)}
    # A conditional figure (a contract's points or share made when declared) needs two units under each run.
    names = {name for name in names if not conditional(name) or min(first.units(name), second.units(name)) >= 2}
    return [
        paired_test(name, moments) if paired else unpaired_test(name, moments.first, moments.second)
        for name in sorted(names, key=figure_order)
    ]


def figure_tests(
    moments: PairedMoments, *, paired: bool, games: bool, by_role: bool, families: dict[str, str] | None = None
) -> list[tuple[FigureTest, float]]:
    """:func:`unadjusted_tests`, each with its Holm-adjusted p-value, the figures of one of ``families``
    (:func:`complementary`) counted once."""
    tests = unadjusted_tests(moments, paired=paired, games=games, by_role=by_role)
    found = families or {}
    keys = [found.get(test.figure, test.figure) for test in tests]
    return list(zip(tests, holm_once([test.p_value for test in tests], keys, [test.least_p for test in tests], LEVEL)))


def tests_against_first(results: Sequence[SimulationResult], moments: Sequence[PairedMoments]) -> list[list[tuple[FigureTest, float]]]:
    """Per run after the first of ``results`` (a sweep's points, or a comparison's two), each figure
    against the first run (``moments``: per later run, its units against the first's, as
    :func:`play_against_first` folds them), with p-values adjusted by Holm across all of them
    (complementary figures of one run counted once: :func:`complementary`)."""
    first, games = results[0].rules, bool(results[0].settings.games)
    found: list[list[FigureTest]] = []
    families: list[tuple[int, str]] = []
    for index, (result, each) in enumerate(zip(results[1:], moments)):
        by_role, other_sides = apart(first, result.rules)
        paired = deal_difference(first, result.rules) is None
        tests = unadjusted_tests(each, paired=paired, games=games, by_role=by_role, other_sides=other_sides)
        family = {} if by_role else complementary(first)
        found.append(tests)
        families.extend((index, family.get(test.figure, test.figure)) for test in tests)
    every = [test for tests in found for test in tests]
    adjusted = iter(holm_once([test.p_value for test in every], families, [test.least_p for test in every], LEVEL))
    return [[(test, next(adjusted)) for test in tests] for tests in found]


def play_against_first(
    variants: Sequence[str | Rules], *, hands: int, games: int, seed: int, bots: Sequence[str], execution: Execution
) -> tuple[list[SimulationResult], Moments, list[PairedMoments]]:
    """Simulate each of ``variants`` on the same hand or game numbers (the same seed), as ``execution``
    says, folding each unit's figures as the chunks finish: returns the runs, the first run's units, and
    per run after the first its units against the first run's. A comparison is the case of two, a sweep
    of any number: the one place a group of runs is played and folded for the tests."""
    group = [SimulationSettings(variant, hands, games, seed, tuple(bots)) for variant in variants]
    baseline = Moments()
    moments = [PairedMoments() for _ in group[1:]]

    def fold(rows: list[list[Row]]) -> None:
        for unit in zip(*rows):
            baseline.add(unit[0])
            for index, row in enumerate(unit[1:]):
                moments[index].add(unit[0], row)

    return simulate_group(group, execution, fold=fold), baseline, moments


def compare(
    first: str | Rules,
    second: str | Rules,
    *,
    hands: int = 0,
    games: int = 0,
    seed: int = 0,
    bots: Sequence[str] = (),
    execution: Execution | None = None,
    workers: int | None = None,
    cluster: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_unit: Callable[[], None] | None = None,
) -> Comparison:
    """Simulate ``first`` and ``second`` on the same hand or game numbers (the same seed) and keep what
    the tests of :meth:`Comparison.tests` need: a sweep of two points (:func:`play_against_first`).
    Arguments as for :func:`~engine.simulation.simulate` (``execution``, or its fields as keywords)."""
    execution = execution_of(execution, workers, cluster, progress, on_unit)
    (result_a, result_b), _, (moments,) = play_against_first(
        (first, second), hands=hands, games=games, seed=seed, bots=bots, execution=execution
    )
    return Comparison(result_a, result_b, moments)


def worths(rules: Rules) -> dict[str, tuple[str, tuple[int | None, ...]]]:
    """What each special contract, modifier and call of ``rules`` is worth (its value, or value and bonus),
    by id, with the figure that counts its uses (:func:`~engine.simulation.figures.use_figure`): the values
    a bot bidding by worth should answer."""
    found: dict[str, tuple[str, tuple[int | None, ...]]] = {
        contract.id: (use_figure("contract", contract.id), (contract.value,)) for contract in rules.ladder if contract.is_special
    }
    for extra in rules.extras:
        found[extra.id] = (use_figure(extra.kind, extra.id), (extra.value, extra.no_trump_value, extra.bonus))
    called = rules.seating.called_partner
    if called is not None and called.may_go_alone:
        # Going alone answers what a called partnership pays each of its two: the shares.
        shares = (called.declarer_share, called.partner_share)
        found["alone"] = (use_figure("partner", "alone"), tuple(2 if share is Share.FULL else 1 for share in shares))
    return found


def unanswered_bids(first: Rules, second: Rules, tests: Sequence[tuple[FigureTest, float]]) -> list[str]:
    """The ordinary bids whose worth ``second`` changes from ``first`` (a value table, added points), where
    the bots declared none of them measurably more or less often (the adjusted tests of their ``declared per
    hand`` figures); empty where none changes or any answered (an audit: 6S made worth 10 moved nothing, and
    nothing said so)."""
    changed = [
        contract.id
        for contract in second.ladder
        if not contract.is_special and contract.id in first.ladder and first.ladder[contract.id].value != contract.value
    ]
    figures = {use_figure("contract", each) for each in changed}
    if any(adjusted < LEVEL for test, adjusted in tests if test.figure in figures):
        return []
    return changed


def unanswered_warning(bids: Sequence[str], changer: str, than: str, figures: str) -> str:
    """The warning for :func:`unanswered_bids`' ``bids``: ``changer`` ("B", "setting 1") changes what they are
    worth, the bots declaring them no more or less often ``than`` ("than in setting 0"), so what the values
    change in ``figures`` may be only the scoring's arithmetic."""
    named = ", ".join(bids[:4]) + (f" and {len(bids) - 4} more" if len(bids) > 4 else "")
    one = len(bids) == 1
    return (
        f"{changer} changes what {named} {'is' if one else 'are'} worth, but the bots declared {'it' if one else 'none of them'} "
        f"measurably more or less often {than}: what the values change in {figures} may be only the scoring's arithmetic "
        "(more hands may tell whether their bidding responds)."
    )


def unresponsive_to(first: Rules, second: Rules, tests: Sequence[tuple[FigureTest, float]]) -> list[str]:
    """Warnings for each special contract or call whose worth B changes from A while its use did not change
    measurably (the adjusted test of its use figure), and one for the ordinary bids B changes the worth of
    where none was declared measurably more or less often: the bots did not bid it more or less, so the value's
    part in the comparison is the scoring's arithmetic alone, whatever else B changes (a trial raised misère
    from 250 to 300 and the bots bid it 14 times in 200 games either way; ``sweep`` said so and ``compare``
    did not)."""
    before = worths(first)
    found = []
    for rule, (name, worth) in worths(second).items():
        if rule not in before or before[rule][1] == worth:
            continue
        test = next(((test, adjusted) for test, adjusted in tests if test.figure == name), None)
        if test is not None and test[1] < LEVEL:
            continue
        a, b = (test[0].first, test[0].second) if test is not None else (0.0, 0.0)
        if a == b:
            used = "exactly as often under B as under A"
            why = "their bidding did not respond to the value, so what the value changes in the figures is only the scoring's arithmetic"
        else:
            used = "not measurably more or less often under B than under A"
            why = "the difference is within chance at 5% after adjustment: more hands may tell whether their bidding responds"
        found.append(
            f"B changes what {rule} is worth, but the bots used it {used} ({shown_value(a, True)} and {shown_value(b, True)} of hands): {why}."
        )
    unanswered = unanswered_bids(first, second, tests)
    if unanswered:
        found.append(unanswered_warning(unanswered, "B", "under B than under A", "the figures"))
    return found


def compare_data(comparison: Comparison) -> dict[str, Any]:
    """The comparison as JSON-ready data: both runs' reports, how they were compared (``design``), how B's
    rules differ from A's (``changes``: each rule's section, key, its line in A and in B, ``null`` where one
    has no such line, and whether B's own file makes it: :func:`own_changes_first`), and each figure with
    A, B, the difference and its 95% interval, the effect size, the test, the raw and the Holm-adjusted
    p-value, and whether it is significant after adjustment."""
    rows = []
    tests = comparison.tests()
    for test, adjusted in tests:
        rows.append(
            {
                "figure": test.figure,
                "a": round(test.first, 6),
                "b": round(test.second, 6),
                "difference": round(test.difference, 6),
                "interval_95": [round(test.interval[0], 6), round(test.interval[1], 6)],
                "effect_size": None if test.effect_size is None else round(test.effect_size, 4),
                "test": test.test,
                "units": list(test.units),
                "small_sample": min(test.units) < SMALL_SAMPLE and not test.test.startswith(("sign", "Fisher")),
                "rate": test.rate,
                "p_value": round(test.p_value, 6),
                "p_adjusted": round(adjusted, 6),
                "significant": adjusted < LEVEL,
            }
        )
    dealt, seated = comparison.deal_difference, comparison.seating_difference
    units = "games" if comparison.first.settings.games else "hands"
    design = {
        "units": units,
        "paired": dealt is None,
        "why": (
            f"both variants deal the same cards, so {units[:-1]} i is dealt alike under each: each figure is tested on the per-{units[:-1]} differences"
            if dealt is None
            else f"{dealt}, so the deals are not the same: each figure is tested as two independent samples"
        ),
        "by_role": seated is not None,
        "seating": (
            None
            if seated is None
            else f"The seatings differ ({seated}), so sides are compared by role (declaring side, defenders, a player's share), never seat by seat."
            + (
                f" With {len(comparison.first.rules.seating.teams)} sides and {len(comparison.second.rules.seating.teams)}, "
                "a side's fair share of the wins differs, so the first bidder's and the dealer's side's wins are not compared."
                if sides_differ(comparison.first.rules, comparison.second.rules)
                else ""
            )
        ),
        "adjustment": "Holm",
        "counted_once": sorted(set((complementary(comparison.first.rules) if seated is None else {}).values())),
        "level": LEVEL,
    }
    first, second = to_data(comparison.first), to_data(comparison.second)
    targets = (comparison.first.rules.end.target, comparison.second.rules.end.target)
    warnings = (
        unfinished_warnings((first, second), ("A", "B"), targets)
        + hands_only_warnings((comparison.first, comparison.second), ("A", "B"))
        + unresponsive_to(comparison.first.rules, comparison.second.rules, tests)
    )
    ordered = own_changes_first(comparison.first.rules, comparison.second.rules)
    changes = [
        {"section": change.section, "rule": change.key, "a": change.before, "b": change.after, "own": index < ordered.own}
        for index, change in enumerate(ordered.changes)
    ]
    return {"a": first, "b": second, "design": design, "changes": changes, "warnings": warnings, "figures": rows}


CHANGES_SHOWN = 8
"""Lines of B's rule changes :func:`compare_text` lists before counting the rest."""


@dataclass(frozen=True)
class OrderedChanges:
    """How B's rules differ from A's, the changes B's own file makes first (:func:`own_changes_first`)."""

    changes: list[Change]
    """Every change, B's own first, each part in :func:`~engine.rules.describe.rule_changes`' order."""
    own: int
    """How many of :attr:`changes`, from the first, B's own file makes (``0``: not told apart)."""
    extends: str | None
    """The name of the file B's file extends, where its changes are told apart from what it inherits."""


def _changed_rule(change: Change) -> tuple[str, str, bool]:
    """Which rule ``change`` changes, alike whatever rules it is changed from: its section, its line in the
    changed rules (or the dropped line), and whether it is dropped; a contract of the ladder by its name and
    id alone (its line says where it ranks only where that differs between the two)."""
    line = change.after if change.after is not None else change.before
    assert line is not None
    if change.section == LADDER:
        line = line.split(": worth ", 1)[0]
    return change.section, line, change.after is None


def own_changes_first(first: Rules, second: Rules) -> OrderedChanges:
    """:func:`~engine.rules.describe.rule_changes` from ``first`` to ``second``, those that ``second``'s own
    file makes first: a change counts as its own when the file makes it to the rules it extends (the same
    line of ``show``, written or dropped), so that a house file's few settings are not listed after every
    line of the deck it inherits (a user trial found them under '… and 20 more'). Where ``second``'s file
    extends nothing, cannot be read again, or makes every change or none of them, the order is
    ``rule_changes``' own."""
    changes = rule_changes(first, second)
    found = extended_base(second)
    if isinstance(found, str) or not changes:
        return OrderedChanges(changes, 0, None)
    extends, base = found
    made = {_changed_rule(change) for change in rule_changes(base, second)}
    own = [change for change in changes if _changed_rule(change) in made]
    if not own or len(own) == len(changes):
        return OrderedChanges(changes, 0, None)
    return OrderedChanges(own + [change for change in changes if change not in own], len(own), extends)


def changed_rules_lines(changes: Sequence[Change] | OrderedChanges, rules: Rules | None = None) -> list[str]:
    """How B's rules differ from A's, for :func:`compare_text`: a heading, then a line a change (A's rule →
    B's), at most :data:`CHANGES_SHOWN` of them, summarised over B's ``rules``
    (:func:`~engine.rules.describe.summarised`); given :class:`OrderedChanges` that tell B's own apart,
    the heading says B's own file's changes come first."""
    ordered = changes if isinstance(changes, OrderedChanges) else OrderedChanges(list(changes), 0, None)
    # Bids whose worth changes alike read as one line, B's own apart from what it inherits.
    mine = summarised(ordered.changes[: ordered.own], rules)
    ordered = OrderedChanges(mine + summarised(ordered.changes[ordered.own :], rules), len(mine), ordered.extends)
    listed = ordered.changes
    if not listed:
        return ["A and B play by the same rules in words (fivehundred show prints the same lines for both)."]
    lines = ["How B's rules differ from A's:"]
    if ordered.own:
        own = f"{ordered.own} change{'s' if ordered.own > 1 else ''}"
        lines = [f"How B's rules differ from A's (first the {own} B's own file makes, then those it inherits from {ordered.extends}):"]
    shown = _spread(listed[: ordered.own], CHANGES_SHOWN) if ordered.own else []
    shown += _spread(listed[ordered.own :], CHANGES_SHOWN - len(shown))
    lines.extend(f"  {change_line(change)}" for change in shown)
    if len(listed) > len(shown):
        hidden = Counter(_section_name(change) for change in listed if change not in shown)
        parts = ", ".join(f"{count} in {section.lower()}" for section, count in hidden.items())
        lines.append(
            f"  … and {len(listed) - len(shown)} more ({parts}): --format json lists every change; fivehundred show B prints B's whole rules."
        )
    return lines


def _section_name(change: Change) -> str:
    return "Bid ladder" if change.section == LADDER else change.section


def _spread(changes: Sequence[Change], limit: int) -> list[Change]:
    """At most ``limit`` of ``changes``, in their order, a line of every section before a second line of
    any: a new deck changes its card lines and every strain's card order, which filled the list and hid
    the ladder's and the end's changes under "… and 15 more" (a user trial)."""
    sections: dict[str, list[Change]] = {}
    for change in changes:
        sections.setdefault(change.section, []).append(change)
    picked: set[int] = set()
    depth = 0
    while len(picked) < min(limit, len(changes)):
        for lines in sections.values():
            if depth < len(lines) and len(picked) < limit:
                picked.add(id(lines[depth]))
        depth += 1
    return [change for change in changes if id(change) in picked]


def _p_words(p_value: float) -> str:
    """A p-value before the adjustment, in words for a headline."""
    text = p_text(p_value)
    return f"p {text if text.startswith('<') else '= ' + text} before the adjustment"


def significant_lines(figures: Sequence[dict[str, Any]]) -> list[str]:
    """What the change did, first in :func:`compare_text`: each figure that differs at the 5% level after
    Holm's adjustment, A → B with the difference and its interval; where none does, the three figures
    nearest to differing (the smallest p-values before the adjustment, leaving out figures over a handful of
    units, whose large effects are mostly chance: a rules author's trial was shown two contracts declared
    eight times each as "the largest effects"), said to be within chance."""
    marked = [row for row in figures if row["significant"]]
    if not marked:
        nearest = sorted(
            (row for row in figures if row["effect_size"] is not None and not row["small_sample"]), key=lambda row: row["p_value"]
        )[:3]
        listed = "; ".join(
            f"{row['figure']} {shown_figure(row)[0]} → {shown_figure(row)[1]} ({_p_words(row['p_value'])})" for row in nearest
        )
        return [
            f"No figure differs by more than chance explains at the {LEVEL:.0%} level after Holm's adjustment "
            f"({len(figures)} figures)" + (f"; the nearest: {listed}." if listed else ".")
        ]
    width = max(len(row["figure"]) for row in marked) + 2
    lines = [f"What differs, at the {LEVEL:.0%} level after Holm's adjustment across the {len(figures)} figures (A → B):"]
    for row in marked:
        a, b, difference, interval = shown_figure(row)
        points = " percentage points" if row.get("rate") else ""
        lines.append(
            f"  {row['figure']:<{width}}{a} → {b}  ({difference}{points}; 95% interval {interval})" + (" +" if row["small_sample"] else "")
        )
    return lines


def compare_text(comparison: Comparison) -> str:
    """The comparison as a readable table (``*``: significant at the 5% level after Holm's adjustment)."""
    data = compare_data(comparison)
    a, b, design = data["a"], data["b"], data["design"]
    lines = [f"Warning: {warning}" for warning in data["warnings"]]
    lines += [f"A: {a['name']} ({a['variant']})", f"B: {b['name']} ({b['variant']})"]
    played = games_played(a)
    amount = (f"{played} game{'s' if played != 1 else ''}" if played else hands_text(a["hands"])) + " each"
    lines.append(f"Seed {a['seed']}, {amount}. {'Paired' if design['paired'] else 'Unpaired'}: {design['why']}.")
    if design["seating"]:
        lines.append(design["seating"])
    lines += ["", *changed_rules_lines(own_changes_first(comparison.first.rules, comparison.second.rules), comparison.second.rules)]
    lines += ["", *significant_lines(data["figures"])]
    lines.append("")
    width = max((len(row["figure"]) for row in data["figures"]), default=6) + 2
    lines.append(f"{'figure':<{width}}{'A':>10}{'B':>10}{'B - A':>10}  {'95% interval':<21}{'effect':>7}{'p adj.':>9}")
    for row in data["figures"]:
        first, second, difference, interval = shown_figure(row)
        effect = "" if row["effect_size"] is None else f"{row['effect_size']:+.2f}"
        mark = (" *" if row["significant"] else "") + (" +" if row["small_sample"] else "")
        lines.append(
            f"{row['figure']:<{width}}{first:>10}{second:>10}{difference:>10}  {interval:<21}{effect:>7}{p_text(row['p_adjusted']):>9}{mark}"
        )
    lines.append("")
    once = design["counted_once"]
    lines.append(
        f"* significant at the {LEVEL:.0%} level after Holm's adjustment across the {len(data['figures'])} figures"
        + (f" (complementary figures counted once: {'; '.join(once)})" if once else "")
        + "; a rate that too few units moved to reach that level whatever their direction is left out of the count (Tarone)"
        + ". The 95% interval is each figure's own, not adjusted: one that leaves out 0 may still not be significant"
        + ". A share (of the hands: passed out, declared, made; of the games: won, ended a way) is in percent"
        + ", its difference and interval in percentage points"
        + ". Effect: the difference in standard deviations of the figure. "
        + (
            "Tests: exact sign test for rates, paired t for means"
            if design["paired"]
            else "Tests: Fisher exact or two-proportion z for rates, Welch t for means (exact permutation where a mean "
            "took one value throughout each run)"
        )
        + "; a contract's figures 'when declared' (how often it was made, the declaring side's points) are taken "
        "over the hands it was declared, two independent samples (tested where each run declared it in two hands or more, "
        "or with --games in two games or more). "
        "A player's points per hand: the points of each player's side, averaged over the players (what one seat "
        "scores a hand, whatever the seating)."
    )
    if any(row["small_sample"] for row in data["figures"]):
        lines.append(
            f"+ a mean over fewer than {SMALL_SAMPLE} units in a run: its t interval assumes the figure is roughly "
            "normal, so read it as a rough guide."
        )
    if played:
        lines.append(GAMES_NOTE)
        lines.append(
            f"Games with no winner: games stopped unfinished at the simulation's limit of {units.MAX_HANDS_PER_GAME} hands "
            "(counted also as 'games unfinished'), or ended tied at the top."
        )
    return "\n".join(lines) + "\n"
