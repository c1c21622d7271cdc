"""Issue 29: "Done when each item works on every shipped variant": the report's rules in play and
balance, compare against the standard game, the skill chain, a sweep and the one-page report, for each
shipped variant (random bots, a few games: these check that each part runs and adds up, not what it finds)."""

from __future__ import annotations

import pytest

import engine
from engine.language.resources import shipped_variant_names
from engine.simulation.comparison import compare, compare_data
from engine.simulation.report import to_data
from engine.simulation.skill import skill_chain
from engine.simulation.sweep import parse_set, sweep, sweep_data


@pytest.mark.parametrize("name", shipped_variant_names())
def test_every_part_of_the_report_runs_on_every_shipped_variant(name: str) -> None:
    rules = engine.load_variant(name)
    bots = ["random"] * rules.seating.players
    result = engine.simulate(name, games=3, seed=1, bots=bots)
    data = to_data(result)
    assert data["balance"] is not None and sum(share["count"] for share in data["balance"]["sides"]) + data["balance"]["no_winner"] == 3
    assert {"rule", "kind", "used"} <= set(data["rules"][0]) if data["rules"] else data["warnings"] == []
    comparison = compare_data(compare("standard", name, hands=20, seed=1, bots=bots if rules.seating.players == 4 else []))
    assert comparison["figures"] and comparison["design"]["paired"] == (comparison["design"]["why"].startswith("both"))
    (link,) = skill_chain(name, hands=4, seed=1, chain=("heuristic", "random"))
    assert link.interval[0] <= link.measure <= link.interval[1]
    swept = sweep_data(sweep(name, [parse_set("description=one,two")], hands=4, seed=1, bots=bots))
    assert all(row["against_first"][0] is None or row["against_first"][0]["difference"] == 0 for row in swept["figures"])
    pytest.importorskip("matplotlib")
    from engine.simulation.page import simulation_page

    assert "<svg" in simulation_page(result, [link])
