"""Sweeps: a variant simulated at each value of one or more of its keys, to see how every figure moves.

Each setting is the variant with the keys set (a small file that ``extends`` it, compiled in memory), so a
sweep accepts exactly what a house-rules file may write and reports a bad value as the variant language
would. Every setting plays the same hand or game numbers in the same chunks: where the settings deal alike
(the key does not change the deck or the deal) each figure is compared with the first setting's paired,
otherwise unpaired; p-values are Holm-adjusted across every figure of every setting.
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from ..errors import FiveHundredError, VariantError
from ..language.loader import load_document, replaced_whole
from ..language.resources import shipped_variant_path
from ..rules.compiler import compile_text
from ..rules.ruleset import Rules
from .comparison import (
    GAMES_NOTE,
    LEVEL,
    apart,
    figure_order,
    hands_only_warnings,
    left_out,
    play_against_first,
    shown_value,
    tests_against_first,
    unanswered_bids,
    unanswered_warning,
    worths,
)
from .figures import Moments, PairedMoments, conditional, share
from .inference import FigureTest
from .report import games_played, to_data, unfinished_warnings
from .runner import Execution, SimulationResult, execution_of

MAX_SETTINGS = 64
"""Most settings (combinations of values) one sweep may ask for."""
MAX_VALUE_CHARS = 200
"""Longest value accepted for one key."""
_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$")


class SweepError(FiveHundredError, ValueError):
    """A sweep cannot run as asked: a malformed ``--set``, too many settings."""


@dataclass(frozen=True)
class SweepKey:
    """One key of the variant and the values it takes."""

    path: tuple[str, ...]
    """The key, as the variant language names it (``("contracts", "misere", "value")``)."""
    values: tuple[object, ...]
    """Its values, read as YAML scalars or flow collections."""
    texts: tuple[str, ...]
    """The values as written."""

    @property
    def name(self) -> str:
        """The dotted key."""
        return ".".join(self.path)


def parse_set(text: str) -> SweepKey:
    """``KEY=V1,V2,...`` as a :class:`SweepKey`; raises :class:`SweepError` saying what is wrong. Commas
    inside brackets or braces belong to the value (``placement={above: 8S}``)."""
    key, equals, values = text.partition("=")
    key = key.strip()
    if not equals or not _KEY.match(key):
        raise SweepError(
            f"--set {text[:60]!r}: write KEY=V1,V2,... with KEY a dotted path into the variant, such as contracts.misere.value=250,300."
        )
    texts, depth, current = [], 0, ""
    for character in values:
        depth += character in "[{"
        depth -= character in "]}"
        if character == "," and depth == 0:
            texts.append(current.strip())
            current = ""
        else:
            current += character
    texts.append(current.strip())
    if not all(texts) or any(len(each) > MAX_VALUE_CHARS for each in texts):
        raise SweepError(f"--set {key}: give one or more values, comma separated, none empty or over {MAX_VALUE_CHARS} characters.")
    parsed = []
    for each in texts:
        try:
            parsed.append(yaml.safe_load(each))
        except yaml.YAMLError:
            raise SweepError(f"--set {key}: {each[:60]!r} is not a value the variant language can read.") from None
    return SweepKey(tuple(key.split(".")), tuple(parsed), tuple(texts))


@dataclass(frozen=True)
class Setting:
    """One combination of values."""

    label: str
    """``key=value, key=value``."""
    rules: Rules
    """The variant with those values."""


def settings_of(variant: str, keys: Sequence[SweepKey]) -> list[Setting]:
    """Every combination of the keys' values, each compiled as a file extending ``variant`` (a shipped
    name or a file path); raises :class:`SweepError` or :class:`~engine.errors.VariantError`."""
    combinations = list(itertools.product(*(range(len(key.values)) for key in keys)))
    if len(combinations) > MAX_SETTINGS:
        raise SweepError(f"The sweep asks for {len(combinations)} settings; at most {MAX_SETTINGS} are allowed in one run.")
    if shipped_variant_path(variant) is not None:
        base, folder = variant, "."
    else:
        base, folder = os.path.basename(variant), os.path.dirname(os.path.abspath(variant))
    settings = []
    for combination in combinations:
        label = ", ".join(f"{key.name}={key.texts[index]}" for key, index in zip(keys, combination))
        document: dict[str, Any] = {"extends": base}
        for key, index in zip(keys, combination):
            place = document
            for part in key.path[:-1]:
                place = place.setdefault(part, {})
                if not isinstance(place, dict):
                    raise SweepError(f"--set {key.name}: another --set gives {part!r} a value of its own; set each key once.")
            if key.path[-1] in place:
                raise SweepError(f"--set {key.name}: the key is set twice, or inside another --set's value; set each key once.")
            place[key.path[-1]] = key.values[index]
        text = yaml.safe_dump(document, sort_keys=False, allow_unicode=True)
        name = f"<--set {label}>"
        try:
            rules = compile_text(text, name, folder)
        except VariantError as error:
            if any(problem.file != name for problem in error.problems):
                raise  # the file swept is itself at fault: its own lines say where
            # The lines of the text written for the setting mean nothing to the author: name the --set.
            lines = [f"--set {label}: {problem.path}: {problem.message}" for problem in error.problems]
            lines.extend(_whole_setting_hints(variant, keys, combination, label, [problem.path for problem in error.problems]))
            raise SweepError("\n".join(lines)) from None
        settings.append(Setting(label, rules))
    return settings


def _whole_setting_hints(
    variant: str, keys: Sequence[SweepKey], combination: Sequence[int], label: str, problems: Sequence[str]
) -> list[str]:
    """For the keys of ``combination`` written under a setting replaced whole (a slam rule, a placement:
    :func:`~engine.language.loader.replaced_whole`), the ``--set`` that gives the whole setting: the
    inherited one with the keys' values in it, one per setting; none for a key whose own value is among
    the ``problems`` (their paths: the value is wrong, not where it is written)."""
    settings: dict[tuple[str, ...], dict[str, Any]] = {}
    for key, index in zip(keys, combination):
        whole = replaced_whole(key.path)
        own = "$." + ".".join(key.path)
        if whole is None or any(path == own or path.startswith(own + ".") or path.startswith(own + "[") for path in problems):
            continue
        setting = settings.get(whole)
        if setting is None:
            try:
                inherited = load_document(variant).value(whole)
            except VariantError:
                return []
            setting = settings[whole] = dict(inherited) if isinstance(inherited, dict) else {}
        place = setting
        for part in key.path[len(whole) : -1]:
            below = place.get(part)
            place[part] = dict(below) if isinstance(below, dict) else {}
            place = place[part]
        place[key.path[-1]] = key.values[index]
    hints = []
    for whole, setting in settings.items():
        written = yaml.safe_dump(setting, default_flow_style=True, sort_keys=False, allow_unicode=True, width=1000).strip()
        name = ".".join(whole)
        hints.append(
            f"--set {label}: {name} is one setting, replaced whole by any value written under it; give it whole, "
            f"such as --set '{name}={written}'."
        )
    return hints


@dataclass
class Sweep:
    """A sweep's runs and the sums its tests are made from."""

    variant: str
    """The variant swept, as given."""
    settings: list[Setting]
    """The settings, in order."""
    results: list[SimulationResult]
    """A run per setting."""
    baseline: Moments = field(default_factory=Moments)
    """The first setting's units."""
    moments: list[PairedMoments] = field(default_factory=list)
    """Per setting after the first: its units against the first setting's."""

    def tests(self) -> list[list[tuple[FigureTest, float]]]:
        """Per setting after the first, each figure against the first setting, with p-values adjusted by
        Holm across all of them (complementary figures of one setting counted once:
        :func:`~engine.simulation.comparison.complementary`; :func:`~engine.simulation.comparison.tests_against_first`)."""
        return tests_against_first(self.results, self.moments)


def sweep(
    variant: str,
    keys: Sequence[SweepKey],
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
) -> Sweep:
    """Simulate ``variant`` at every combination of the ``keys``' values on the same hand or game numbers
    (:func:`~engine.simulation.comparison.play_against_first`). Arguments as for
    :func:`~engine.simulation.simulate` (``execution``, or its fields as keywords)."""
    execution = execution_of(execution, workers, cluster, progress, on_unit)
    settings = settings_of(variant, keys)
    points = [setting.rules for setting in settings]
    results, baseline, moments = play_against_first(points, hands=hands, games=games, seed=seed, bots=bots, execution=execution)
    return Sweep(variant, settings, results, baseline, moments)


def unresponsive(result: Sweep, tests: list[list[tuple[FigureTest, float]]]) -> list[str]:
    """Warnings, per setting after the first, for each contract or call whose worth the setting changed
    while its use did not change measurably (the adjusted test of ``{id} used per hand``), and one for the
    ordinary bids whose worth it changed where none was declared measurably otherwise
    (:func:`~engine.simulation.comparison.unanswered_bids`): the bots' bidding did not respond to the value,
    so the sweep measures only the arithmetic of the scoring."""
    first = worths(result.settings[0].rules)
    warnings = []
    for index, (setting, found) in enumerate(zip(result.settings[1:], tests), 1):
        for rule, (name, worth) in worths(setting.rules).items():
            if rule not in first or first[rule][1] == worth:
                continue
            test = next(((test, adjusted) for test, adjusted in found if test.figure == name), None)
            before, after = result.baseline.mean(name), (test[0].second if test is not None else 0.0)
            if test is None or test[1] >= LEVEL:
                if before == after:
                    used = "exactly as often as in setting 0"
                    why = "their bidding did not respond to the value, so what the value changes in this setting's figures is only the scoring's arithmetic"
                else:
                    # A rate twice another's can still be within chance over few uses: not "about as often".
                    used = "not measurably more or less often than in setting 0"
                    why = "the difference is within chance at 5% after adjustment: more hands may tell whether their bidding responds"
                warnings.append(
                    f"setting {index} changes what {rule} is worth, but the bots used it {used} "
                    f"({shown_value(before, True)} and {shown_value(after, True)} of hands): {why}."
                )
        unanswered = unanswered_bids(result.settings[0].rules, setting.rules, found)
        if unanswered:
            warnings.append(unanswered_warning(unanswered, f"setting {index}", "than in setting 0", "this setting's figures"))
    return warnings


def _run_data(result: Sweep, index: int) -> dict[str, Any]:
    """Setting ``index``'s report, named by the variant swept and the setting (each setting is compiled from
    a file of its own, whose name would say neither)."""
    data = to_data(result.results[index])
    label = result.settings[index].label
    data.update(variant=result.variant, setting=label, name=f"{result.variant} with {label}")
    return data


def _value(moments: Moments, name: str) -> float | None:
    """A run's mean of figure ``name``, rounded; ``None`` for a conditional figure (a contract's points or
    share made when declared) where the run never declared it."""
    if conditional(name) and not moments.units(name):
        return None
    return round(moments.mean(name), 6)


def sweep_data(result: Sweep) -> dict[str, Any]:
    """JSON-ready: per setting its label and report, and ``figures``: per figure the mean at each setting
    and, for every setting after the first, the difference from the first with its interval and adjusted
    p-value."""
    tests = result.tests()
    first = result.settings[0].rules
    settings_apart = [apart(first, each.rules) for each in result.settings[1:]]
    names = set(result.baseline.sums) | {test.figure for each in tests for test, _ in each}
    for moments, (by_role, other_sides) in zip(result.moments, settings_apart):
        names |= {name for name in moments.second.sums if not left_out(name, by_role=by_role, sides_differ=other_sides)}
    figures = []
    for name in sorted(names, key=figure_order):
        row: dict[str, Any] = {"figure": name, "rate": share(name), "values": [_value(result.baseline, name)], "against_first": []}
        for each, moments, (by_role, other_sides) in zip(tests, result.moments, settings_apart):
            other = left_out(name, by_role=by_role, sides_differ=other_sides)
            found = next(((test, adjusted) for test, adjusted in each if test.figure == name), None)
            if found is None:
                # Not tested: a figure left out (left_out), or a contract's figures when
                # declared too seldom to test, still shown as measured.
                row["values"].append(None if other else _value(moments.second, name))
                row["against_first"].append(None)
                continue
            test, adjusted = found
            row["values"].append(round(test.second, 6))
            row["against_first"].append(
                {
                    "difference": round(test.difference, 6),
                    "interval_95": [round(test.interval[0], 6), round(test.interval[1], 6)],
                    "test": test.test,
                    "p_adjusted": round(adjusted, 6),
                    "significant": adjusted < LEVEL,
                }
            )
        figures.append(row)
    runs = [_run_data(result, index) for index in range(len(result.results))]
    labels = [f"setting {index}" for index in range(len(runs))]
    return {
        "variant": result.variant,
        "settings": [setting.label for setting in result.settings],
        "warnings": unfinished_warnings(runs, labels, [each.rules.end.target for each in result.results])
        + hands_only_warnings(result.results, labels),
        "runs": runs,
        "figures": figures,
        "adjustment": "Holm",
        "level": LEVEL,
        "unresponsive": unresponsive(result, tests),
    }


MOVED_SHOWN = 6
"""Figures :func:`moved_lines` names a setting before counting the rest."""


def moved_lines(data: dict[str, Any]) -> list[str]:
    """What each setting moved from setting 0, first in :func:`sweep_text`: the figures that differ after
    Holm's adjustment, setting 0's value → the setting's (a rules author's trial found the answer only by
    reading every row of the table for its marks, where ``compare`` says it first)."""
    lines = [f"What moved from setting 0, at the {LEVEL:.0%} level after Holm's adjustment:"]
    for index in range(1, len(data["settings"])):
        moved = [
            f"{row['figure']} {shown_value(row['values'][0], row['rate'])} → {shown_value(row['values'][index], row['rate'])}"
            for row in data["figures"]
            if row["against_first"][index - 1] and row["against_first"][index - 1]["significant"]
        ]
        more = f"; and {len(moved) - MOVED_SHOWN} more (marked * below)" if len(moved) > MOVED_SHOWN else ""
        lines.append(f"  {index}: " + ("; ".join(moved[:MOVED_SHOWN]) + more if moved else "nothing beyond chance"))
    return lines


def sweep_text(result: Sweep) -> str:
    """The sweep as a table: a column per setting (``*``: differs from the first setting after Holm's
    adjustment)."""
    data = sweep_data(result)
    first = data["runs"][0]
    played = games_played(first)
    amount = f"{played} games" if played else f"{first['hands']} hands"
    lines = [f"Warning: {warning}" for warning in data["warnings"]]
    lines.append(f"Sweep of {data['variant']}, {amount} a setting, seed {first['seed']}:")
    lines.extend(f"  {index}: {label}" for index, label in enumerate(data["settings"]))
    lines += ["", *moved_lines(data)]
    width = max((len(row["figure"]) for row in data["figures"]), default=6) + 2
    lines.append("")
    lines.append(f"{'figure':<{width}}" + "".join(f"{index:>11}" for index in range(len(data["settings"]))))
    for row in data["figures"]:
        cells = []
        for index, value in enumerate(row["values"]):
            against = row["against_first"][index - 1] if index else None
            mark = "*" if against and against["significant"] else " "
            cells.append(f"{shown_value(value, row['rate']):>10}{mark}")
        lines.append(f"{row['figure']:<{width}}" + "".join(cells))
    lines.append("")
    lines.append(
        f"* differs from setting 0 at the {LEVEL:.0%} level after Holm's adjustment across every figure of every setting; "
        "a contract's figures when declared are tested where each setting declared it in two hands or more (two games or more "
        "over whole games); a share (of the "
        "hands: passed out, declared, made; of the games: won, ended a way) is in percent."
    )
    if played:
        lines.append(GAMES_NOTE)
    # A warning every setting shares (a rule the run's length cannot show, say) is said once.
    runs = data["runs"]
    shared = (
        [] if len(runs) < 2 else [each for each in dict.fromkeys(runs[0]["warnings"]) if all(each in run["warnings"] for run in runs[1:])]
    )
    lines.extend(f"Every setting: warning: {warning}" for warning in shared)
    for index, run in enumerate(runs):
        lines.extend(f"Setting {index}: warning: {warning}" for warning in run["warnings"] if warning not in shared)
    lines.extend(f"Warning: {warning}" for warning in data["unresponsive"])
    return "\n".join(lines) + "\n"
