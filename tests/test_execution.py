"""One execution setting for every run (issue 46, item 5): ``Execution`` carries the workers, the cluster
and the progress calls of ``simulate``, ``compare``, ``sweep`` and the skill chain, checks itself, and the
separate keywords still work; ``compare`` is a sweep of two points."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.simulation.comparison import compare, compare_data, complementary, figure_tests, play_against_first
from engine.simulation.report import to_data
from engine.simulation.runner import Execution, SimulationError, execution_of
from engine.simulation.skill import skill_chain
from engine.simulation.sweep import parse_set, sweep, sweep_data

RANDOM = ["random"] * 4


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    """A report's data without its timings (``timing`` at the top, or in each run of a comparison)."""
    data.pop("timing", None)
    for side in ("a", "b"):
        if side in data:
            data[side].pop("timing")
    return data


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"workers": 0}, "workers must be a whole number, at least 1"),
        ({"workers": True}, "workers must be a whole number, at least 1"),
        ({"workers": 1.5}, "workers must be a whole number, at least 1"),
        ({"cluster": ""}, "a Dask scheduler's address"),
        ({"cluster": 8786}, "a Dask scheduler's address"),
        ({"progress": "yes"}, "progress must be a function to call"),
        ({"on_unit": 3}, "on_unit must be a function to call"),
    ],
)
def test_an_execution_refuses_bad_fields_in_a_sentence(fields: dict[str, object], message: str) -> None:
    with pytest.raises(SimulationError, match=message):
        Execution(**fields)  # type: ignore[arg-type]


def test_an_execution_and_its_fields_as_keywords_are_not_given_together() -> None:
    with pytest.raises(SimulationError, match="inside the execution, not beside it"):
        engine.simulate("standard", hands=5, bots=RANDOM, execution=Execution(), workers=2)
    with pytest.raises(SimulationError, match="must be an Execution"):
        execution_of(2)  # type: ignore[arg-type]
    assert execution_of(None, workers=2, cluster=None) == Execution(workers=2)


def test_an_execution_gives_what_the_keywords_give() -> None:
    calls: list[tuple[int, int]] = []
    by_object = engine.simulate(
        "standard", hands=60, seed=4, bots=RANDOM, execution=Execution(workers=2, progress=lambda *pair: calls.append(pair))
    )
    by_keywords = engine.simulate("standard", hands=60, seed=4, bots=RANDOM, workers=2)
    assert without_timing(to_data(by_object)) == without_timing(to_data(by_keywords))
    assert calls[0][0] == 0 and calls[-1][0] == calls[-1][1]


def test_compare_sweep_and_skill_chain_take_an_execution() -> None:
    units: list[None] = []
    execution = Execution(on_unit=lambda: units.append(None))
    comparison = compare("standard", "45-card", hands=30, seed=2, bots=RANDOM, execution=execution)
    assert without_timing(compare_data(comparison)) == without_timing(
        compare_data(compare("standard", "45-card", hands=30, seed=2, bots=RANDOM))
    )
    assert len(units) == 2 * 30
    swept = sweep("standard", [parse_set("contracts.misere.value=200,300")], hands=20, seed=2, bots=RANDOM, execution=Execution())
    assert len(sweep_data(swept)["runs"]) == 2
    links = skill_chain("standard", hands=20, seed=2, chain=("heuristic", "random"), execution=Execution())
    assert [(link.stronger, link.weaker) for link in links] == [("heuristic", "random")]


def test_compare_is_a_sweep_of_two_points() -> None:
    """The comparison's tests are those of the two runs played and folded as a sweep plays its points,
    and the same as testing the one pair of runs on its own."""
    comparison = compare("standard", "45-card", hands=40, seed=6, bots=RANDOM)
    results, baseline, (moments,) = play_against_first(
        ("standard", "45-card"), hands=40, seed=6, games=0, bots=RANDOM, execution=Execution()
    )
    assert baseline.count == 40
    assert moments.first.sums == comparison.moments.first.sums and moments.second.sums == comparison.moments.second.sums
    alone = figure_tests(comparison.moments, paired=False, games=False, by_role=False, families=complementary(comparison.first.rules))
    assert comparison.tests() == alone
    assert [result.tally.to_dict() for result in results] == [comparison.first.tally.to_dict(), comparison.second.tally.to_dict()]


def test_a_skill_chain_reports_its_links_chunks_counted_on_to_the_end() -> None:
    """A rules author's trial: ``--skill``'s progress line ran to 60 of 40 games and said "calibrating" as
    each link began: each link reported its own chunks as if they were the whole chain's. The chunks of a
    later link count on from the links before, never back, to every chunk of the chain once."""
    told: list[tuple[int, int]] = []
    skill_chain(
        "standard",
        hands=40,
        seed=2,
        chain=("heuristic", "random", "random"),
        execution=Execution(progress=lambda done, total: told.append((done, total))),
    )
    totals = {total for _, total in told}
    assert len(totals) == 1, told
    dones = [done for done, _ in told]
    assert dones == sorted(dones) and dones[-1] == totals.pop() and dones.count(0) == 1, told
